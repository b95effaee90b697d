//! Card checks of the test-mode checkout, with Stripe's test card numbers.

use crate::error::AppError;

use super::super::provider::Card;

pub(crate) const DECLINED: &str = "4000000000000002";
pub(crate) const INSUFFICIENT_FUNDS: &str = "4000000000009995";

pub struct CardInput<'a> {
    pub number: &'a str,
    pub exp_month: i64,
    pub exp_year: i64,
    pub cvc: &'a str,
}

fn luhn(digits: &str) -> bool {
    let mut sum = 0;
    for (i, c) in digits.chars().rev().enumerate() {
        let mut d = c.to_digit(10).unwrap_or(0);
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    sum % 10 == 0
}

fn brand(digits: &str) -> &'static str {
    let two: u32 = digits[..2].parse().unwrap_or(0);
    let four: u32 = digits[..4].parse().unwrap_or(0);
    match () {
        _ if digits.starts_with('4') => "visa",
        _ if (51..=55).contains(&two) || (2221..=2720).contains(&four) => "mastercard",
        _ if two == 34 || two == 37 => "amex",
        _ if four == 6011 || two == 65 => "discover",
        _ => "unknown",
    }
}

/// Validates a card as Stripe's checkout would; `now` is (year, month).
pub fn validate(input: &CardInput, now: (i64, i64)) -> Result<(String, Card), AppError> {
    let digits: String = input
        .number
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if digits.is_empty() {
        return Err(AppError::bad_request("Enter the card number."));
    }
    if !digits.chars().all(|c| c.is_ascii_digit())
        || !(12..=19).contains(&digits.len())
        || !luhn(&digits)
    {
        return Err(AppError::bad_request("Your card number is invalid."));
    }
    if !(1..=12).contains(&input.exp_month) {
        return Err(AppError::bad_request(
            "Your card's expiration month is invalid.",
        ));
    }
    let year = if (0..100).contains(&input.exp_year) {
        2000 + input.exp_year
    } else {
        input.exp_year
    };
    if (year, input.exp_month) < now {
        return Err(AppError::bad_request(
            "Your card's expiration date is in the past.",
        ));
    }
    if year > now.0 + 50 {
        return Err(AppError::bad_request(
            "Your card's expiration year is invalid.",
        ));
    }
    let brand = brand(&digits);
    let cvc_len = if brand == "amex" { 4 } else { 3 };
    if input.cvc.len() != cvc_len || !input.cvc.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::bad_request(
            "Your card's security code is invalid.",
        ));
    }
    let card = Card {
        brand: brand.to_owned(),
        last4: digits[digits.len() - 4..].to_owned(),
        exp_month: input.exp_month,
        exp_year: year,
    };
    Ok((digits, card))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(number: &str, m: i64, y: i64, cvc: &str) -> String {
        match validate(
            &CardInput {
                number,
                exp_month: m,
                exp_year: y,
                cvc,
            },
            (2026, 11),
        ) {
            Ok((_, card)) => format!(
                "{} {} {}/{}",
                card.brand, card.last4, card.exp_month, card.exp_year
            ),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn stripe_test_cards_pass_the_checks_with_their_brand() {
        assert_eq!(
            input("4242 4242 4242 4242", 12, 30, "123"),
            "visa 4242 12/2030"
        );
        assert_eq!(
            input("5555-5555-5555-4444", 11, 2026, "123"),
            "mastercard 4444 11/2026"
        );
        assert_eq!(
            input("3782 822463 10005", 1, 2031, "1234"),
            "amex 0005 1/2031"
        );
    }

    #[test]
    fn bad_numbers_dates_and_codes_are_refused_with_stripes_wording() {
        assert_eq!(input("", 12, 30, "123"), "Enter the card number.");
        assert_eq!(
            input("4242 4242 4242 4241", 12, 30, "123"),
            "Your card number is invalid."
        );
        assert_eq!(
            input("4242 4242 4242 4242", 10, 2026, "123"),
            "Your card's expiration date is in the past."
        );
        assert_eq!(
            input("4242 4242 4242 4242", 13, 2030, "123"),
            "Your card's expiration month is invalid."
        );
        assert_eq!(
            input("4242 4242 4242 4242", 12, 2030, "12"),
            "Your card's security code is invalid."
        );
    }
}
