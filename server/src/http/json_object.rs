//! An answer's JSON object written a field at a time, for an answer whose bulk is worth writing
//! by hand (the dashboard's calendar): each value goes through serde_json as it would in the
//! whole object, except those the caller writes into the buffer itself.

use serde::Serialize;

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

    /// A field whose value `write` appends to the buffer: it must append one JSON value.
    pub(crate) fn written(&mut self, key: &'static str, write: impl FnOnce(&mut Vec<u8>)) {
        self.key(key);
        write(self.out);
    }

    pub(crate) fn end(self) {
        self.out.push(b'}');
    }
}
