//! The arithmetic of changing a plan at once, as Stripe does it with
//! `proration_behavior=always_invoice`: the unused time of the current plan is credited, the new
//! plan is charged for the time it covers, and the difference is invoiced now. A change of
//! interval (monthly ↔ yearly) starts a new period at the change; a change within one interval
//! keeps the period and charges the new price for what remains of it.

use crate::domain::Cents;

/// One side of a change: a plan's price and its period in months.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Priced {
    pub price: Cents,
    pub months: u32,
}

/// What a change costs and the period the subscription then has (milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Proration {
    pub amount_due_now: Cents,
    pub credit: Cents,
    pub period_start: i64,
    pub period_end: i64,
}

/// `part / whole` of `amount`, rounded to the nearest cent.
fn share(amount: Cents, part: i64, whole: i64) -> i64 {
    if whole <= 0 {
        return 0;
    }
    let exact = i128::from(amount.0) * i128::from(part.clamp(0, whole));
    let whole = i128::from(whole);
    ((exact + whole / 2) / whole) as i64
}

/// The change from `old` to `new` at `at`, within the period `start..end`; `add_months` moves a
/// moment by whole calendar months (the same rule the provider renews by).
pub(crate) fn prorate(
    old: Priced,
    new: Priced,
    (start, end): (i64, i64),
    at: i64,
    add_months: impl Fn(i64, u32) -> i64,
) -> Proration {
    let at = at.clamp(start, end);
    let unused = share(old.price, end - at, end - start);
    let (charge, period_start, period_end) = if old.months == new.months {
        (share(new.price, end - at, end - start), start, end)
    } else {
        (new.price.0, at, add_months(at, new.months))
    };
    let net = charge - unused;
    Proration {
        amount_due_now: Cents(net.max(0)),
        credit: Cents((-net).max(0)),
        period_start,
        period_end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400_000;

    fn plus_30_days(at: i64, months: u32) -> i64 {
        at + i64::from(months) * 30 * DAY
    }

    fn monthly(cents: i64) -> Priced {
        Priced {
            price: Cents(cents),
            months: 1,
        }
    }

    fn yearly(cents: i64) -> Priced {
        Priced {
            price: Cents(cents),
            months: 12,
        }
    }

    #[test]
    fn monthly_to_yearly_halfway_charges_the_year_less_half_a_month() {
        let p = prorate(
            monthly(2900),
            yearly(28900),
            (0, 30 * DAY),
            15 * DAY,
            plus_30_days,
        );
        assert_eq!(p.amount_due_now, Cents(28900 - 1450));
        assert_eq!(p.credit, Cents(0));
        assert_eq!(
            (p.period_start, p.period_end),
            (15 * DAY, 15 * DAY + 360 * DAY)
        );
    }

    #[test]
    fn a_dearer_plan_in_the_same_interval_charges_the_difference_for_the_rest_of_the_period() {
        let p = prorate(
            monthly(2900),
            monthly(19900),
            (0, 30 * DAY),
            20 * DAY,
            plus_30_days,
        );
        // A third of the period is left: a third of $199 less a third of $29, each rounded to
        // the cent as the lines of an invoice are.
        assert_eq!(p.amount_due_now, Cents(6633 - 967));
        assert_eq!((p.period_start, p.period_end), (0, 30 * DAY));
    }

    #[test]
    fn a_cheaper_plan_leaves_a_credit_and_charges_nothing_now() {
        let p = prorate(
            yearly(28900),
            monthly(2900),
            (0, 360 * DAY),
            0,
            plus_30_days,
        );
        assert_eq!(p.amount_due_now, Cents(0));
        assert_eq!(p.credit, Cents(28900 - 2900));
        assert_eq!((p.period_start, p.period_end), (0, 30 * DAY));
    }

    #[test]
    fn a_change_outside_the_period_is_taken_at_its_edge() {
        let p = prorate(
            monthly(2900),
            monthly(19900),
            (0, 30 * DAY),
            40 * DAY,
            plus_30_days,
        );
        assert_eq!(p.amount_due_now, Cents(0));
        assert_eq!(p.credit, Cents(0));
    }
}
