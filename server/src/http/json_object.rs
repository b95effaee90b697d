//! An answer's JSON object written a field at a time, for an answer whose bulk is worth writing
//! by hand (the dashboard's calendar, a page of daily logs). serde_json writes every key and
//! every string through its escaper a byte at a time, and each piece through a call of its own;
//! here a key of the API's own is written as it is, a string that needs no escaping (nearly all
//! of them) is checked many bytes at a time and copied, and anything else goes through
//! serde_json as it would in the whole object.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A 200 answer of JSON written by hand.
pub(crate) fn answer(json: Vec<u8>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        json,
    )
        .into_response()
}

/// A JSON object being written into a buffer; [`JsonObject::end`] closes it.
pub(crate) struct JsonObject<'a> {
    out: &'a mut Vec<u8>,
    empty: bool,
}

impl<'a> JsonObject<'a> {
    pub(crate) fn start(out: &'a mut Vec<u8>) -> Self {
        out.push(b'{');
        Self { out, empty: true }
    }

    /// `key` written as it is: a key of the API's own, in letters and digits.
    fn key(&mut self, key: &'static str) {
        debug_assert!(key.bytes().all(|b| b.is_ascii_alphanumeric()), "{key}");
        if !self.empty {
            self.out.push(b',');
        }
        self.empty = false;
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out.extend_from_slice(b"\":");
    }

    /// A field whose value serde_json writes.
    pub(crate) fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> serde_json::Result<()> {
        self.key(key);
        serde_json::to_writer(&mut *self.out, value)
    }

    /// A string field.
    pub(crate) fn string(&mut self, key: &'static str, value: &str) {
        self.key(key);
        write_str(self.out, value);
    }

    /// A string field that may be `null`.
    pub(crate) fn optional_string(&mut self, key: &'static str, value: Option<&str>) {
        match value {
            Some(value) => self.string(key, value),
            None => self.null(key),
        }
    }

    /// A number field.
    pub(crate) fn number(&mut self, key: &'static str, value: i64) {
        self.key(key);
        self.out
            .extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }

    /// A true-or-false field.
    pub(crate) fn bool(&mut self, key: &'static str, value: bool) {
        self.key(key);
        self.out
            .extend_from_slice(if value { b"true" } else { b"false" });
    }

    /// A `null` field.
    pub(crate) fn null(&mut self, key: &'static str) {
        self.key(key);
        self.out.extend_from_slice(b"null");
    }

    /// A field whose value `write` appends to the buffer: it must append one JSON value.
    pub(crate) fn written(&mut self, key: &'static str, write: impl FnOnce(&mut Vec<u8>)) {
        self.key(key);
        write(self.out);
    }

    pub(crate) fn end(self) {
        self.out.push(b'}');
    }
}

/// `text` as a JSON string, as serde_json writes it: between quotes as it is when nothing in it
/// needs escaping (no quote, backslash or control character; the check has no early exit, so the
/// compiler checks many bytes an instruction), else through serde_json's escaper.
pub(crate) fn write_str(out: &mut Vec<u8>, text: &str) {
    let needs_escaping = text.bytes().fold(false, |any, b| {
        any | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if needs_escaping {
        serde_json::to_writer(&mut *out, text).expect("a string serializes into memory");
        return;
    }
    out.reserve(text.len() + 2);
    out.push(b'"');
    out.extend_from_slice(text.as_bytes());
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_is_written_as_serde_json_writes_it() {
        let mut texts: Vec<String> = [
            "",
            "Won the sprint",
            "\"quoted\" and \\ backslashed",
            "tab\there, new\nline, bell \u{7}, delete \u{7f}",
            "Zoë 🏀 ünïcödé \u{2028} </script>",
        ]
        .map(str::to_owned)
        .to_vec();
        texts.extend(
            (0u8..=0x7f)
                .map(|b| format!("a long enough line to be checked in blocks {}", b as char)),
        );
        for text in texts {
            let mut out = Vec::new();
            write_str(&mut out, &text);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(&text).unwrap(),
                "{text:?}"
            );
        }
    }
}
