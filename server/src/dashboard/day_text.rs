//! Calendar days as the database stores them and the API writes them, `YYYY-MM-DD`, read and
//! written by hand. chrono's `FromStr` and `Display` are general-purpose (a format parser, a
//! `fmt::Write` per character) and cost a dashboard at a year of practice a quarter of its
//! instructions for its 85 stored days read and 84 calendar days written (bench/PROFILE.md,
//! finding 23).

use chrono::{Datelike, NaiveDate};

/// The day `text` names, when it is exactly `YYYY-MM-DD` and a real date; `None` otherwise.
pub(crate) fn parse(text: &str) -> Option<NaiveDate> {
    parse_bytes(text.as_bytes())
}

/// [`parse`] of text not yet checked to be UTF-8: anything but ASCII digits and dashes reads as
/// `None` either way.
pub(crate) fn parse_bytes(b: &[u8]) -> Option<NaiveDate> {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    NaiveDate::from_ymd_opt(year as i32, month, day)
}

/// The value of a run of ASCII digits; `None` for anything else or an empty run.
pub(crate) fn digits(b: &[u8]) -> Option<u32> {
    if b.is_empty() || b.len() > 9 {
        return None;
    }
    b.iter().try_fold(0u32, |n, &c| {
        c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
    })
}

/// `day` as the ten bytes of `YYYY-MM-DD` when its year is 0 to 9999 (chrono writes the others
/// with a sign and more digits).
fn ten_bytes(day: NaiveDate) -> Option<[u8; 10]> {
    let (year, month, date) = (day.year(), day.month(), day.day());
    if !(0..=9999).contains(&year) {
        return None;
    }
    let mut out = [0u8; 10];
    let year = year as u32;
    for (i, unit) in [1000, 100, 10, 1].into_iter().enumerate() {
        out[i] = b'0' + (year / unit % 10) as u8;
    }
    out[4] = b'-';
    out[5] = b'0' + (month / 10) as u8;
    out[6] = b'0' + (month % 10) as u8;
    out[7] = b'-';
    out[8] = b'0' + (date / 10) as u8;
    out[9] = b'0' + (date % 10) as u8;
    Some(out)
}

/// `day` as `YYYY-MM-DD` (as chrono writes it) appended to `out`, with nothing to allocate for a
/// day of the years 0 to 9999. The text holds digits, dashes and a sign only: nothing JSON would
/// escape.
pub(crate) fn write(day: NaiveDate, out: &mut Vec<u8>) {
    match ten_bytes(day) {
        Some(bytes) => out.extend_from_slice(&bytes),
        None => out.extend_from_slice(day.to_string().as_bytes()),
    }
}

/// Serializes `day` as [`write`] writes it (for `#[serde(serialize_with)]`), without a `String`.
pub(crate) fn serialize<S: serde::Serializer>(day: &NaiveDate, to: S) -> Result<S::Ok, S::Error> {
    match ten_bytes(*day) {
        Some(bytes) => {
            to.serialize_str(std::str::from_utf8(&bytes).expect("ASCII digits and dashes"))
        }
        None => to.collect_str(day),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_day_of_four_years_reads_and_writes_as_chrono_does() {
        let first = NaiveDate::from_ymd_opt(2023, 1, 1).unwrap();
        for day in first.iter_days().take(4 * 366) {
            let text = day.to_string();
            assert_eq!(written(day), text);
            assert_eq!(parse(&text), Some(day), "{text}");
        }
        for day in [
            NaiveDate::from_ymd_opt(7, 3, 9).unwrap(),
            NaiveDate::MIN,
            NaiveDate::MAX,
        ] {
            assert_eq!(written(day), day.to_string());
        }
    }

    /// What [`write`] appends and what [`serialize`] gives serde_json, checked to be the same.
    fn written(day: NaiveDate) -> String {
        let mut out = Vec::new();
        write(day, &mut out);
        let text = String::from_utf8(out).unwrap();
        #[derive(serde::Serialize)]
        struct Day(#[serde(serialize_with = "serialize")] NaiveDate);
        assert_eq!(
            serde_json::to_string(&Day(day)).unwrap(),
            format!("\"{text}\"")
        );
        text
    }

    #[test]
    fn anything_but_a_real_day_in_that_shape_reads_as_none() {
        for text in [
            "",
            "2026-02-30",
            "2026-13-01",
            "2026-00-10",
            "2026-1-01",
            "2026-01-1",
            "2026/01/01",
            "2026-01-01 ",
            " 2026-01-01",
            "20260-01-01",
            "2026-0a-01",
            "+026-01-01",
            "2026-01-00",
        ] {
            assert_eq!(parse(text), None, "{text:?}");
        }
        assert_eq!(parse("2024-02-29"), NaiveDate::from_ymd_opt(2024, 2, 29));
    }

    #[test]
    fn digits_read_only_digits() {
        assert_eq!(digits(b"0"), Some(0));
        assert_eq!(digits(b"365"), Some(365));
        assert_eq!(digits(b""), None);
        assert_eq!(digits(b"-1"), None);
        assert_eq!(digits(b"1 "), None);
        assert_eq!(
            digits(b"1234567890"),
            None,
            "longer than a u32 is sure to hold"
        );
    }
}
