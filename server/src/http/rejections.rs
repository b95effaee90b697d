//! Parser failures (serde, axum's extractors) in words a person or a client author can act on:
//! which field, and what it must be — never Rust type names or parser positions.

/// Describes a value that did not fit: `path` is where in the body or query it was (`plan`,
/// `items[0].name`, empty for the whole body), `message` the parser's own text.
pub(crate) fn describe_data_error(path: &str, message: &str) -> String {
    let message = strip_position(message);
    let path = path.trim_matches('.');
    let field = |name: &str| {
        if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    // Every request body is an object; serde also accepts a struct as a list of its fields,
    // which would name positions like `[0]` instead.
    let wants_object = after(message, "expected ").is_some_and(|e| e.starts_with("struct"));
    if path.starts_with('[') || (path.is_empty() && wants_object) {
        return "The request body must be a JSON object.".to_owned();
    }
    if let Some(name) = after(message, "missing field ").and_then(first_quoted) {
        return format!("Field `{}` is required.", field(name));
    }
    if let Some(name) = after(message, "unknown field ").and_then(first_quoted) {
        return format!("Field `{}` is not accepted here.", field(name));
    }
    if let Some(name) = after(message, "duplicate field ").and_then(first_quoted) {
        return format!("Field `{}` appears more than once.", field(name));
    }
    if let Some(rest) = after(message, "unknown variant ") {
        let allowed = after(rest, "expected ").map(all_quoted).unwrap_or_default();
        let subject = subject(path);
        return if allowed.is_empty() {
            format!("{subject} has a value that is not allowed.")
        } else {
            format!("{subject} must be one of: {}.", allowed.join(", "))
        };
    }
    if message.starts_with("invalid type") || message.starts_with("invalid value") {
        let wanted = after(message, "expected ").map(kind_in_words);
        return match (path.is_empty(), wanted) {
            (true, Some(wanted)) => format!("The request body must be {wanted}."),
            (true, None) => "The request body does not have the expected shape.".to_owned(),
            (false, Some(wanted)) => format!("{} must be {wanted}.", subject(path)),
            (false, None) => format!("{} has a value of the wrong kind.", subject(path)),
        };
    }
    if message.starts_with("invalid length") {
        return format!("{} has the wrong number of items.", subject(path));
    }
    if message.contains("invalid digit")
        || message.contains("cannot parse integer")
        || message.contains("number too")
        || message.contains("invalid float")
    {
        return format!("{} must be a number.", subject(path));
    }
    if message.contains("provided string was not `true` or `false`") {
        return format!("{} must be true or false.", subject(path));
    }
    format!("{} has a value this endpoint cannot use.", subject(path))
}

/// Rewrites the plain-text answer of one of axum's extractors (query, path, form, JSON).
pub(crate) fn describe_plain(text: &str) -> String {
    if let Some(rest) = after(text, "Failed to deserialize query string: ") {
        let (path, message) = split_path(rest);
        return describe_data_error(path, message).replacen("Field", "Query parameter", 1);
    }
    if let Some(rest) = after(
        text,
        "Failed to deserialize the JSON body into the target type: ",
    ) {
        let (path, message) = split_path(rest);
        return describe_data_error(path, message);
    }
    if text.starts_with("Failed to parse the request body as JSON") {
        return "The request body is not valid JSON.".to_owned();
    }
    if text.starts_with("Expected request with `Content-Type: application/json`") {
        return "Send the request body as JSON with the header Content-Type: application/json."
            .to_owned();
    }
    if let Some(rest) = after(text, "Invalid URL: ") {
        let value = after(rest, "with value ")
            .or_else(|| after(rest, "Cannot parse "))
            .and_then(first_quoted);
        return match value {
            Some(value) => format!("The address has `{value}` where this endpoint cannot use it."),
            None => "The address is not one this endpoint understands.".to_owned(),
        };
    }
    if looks_internal(text) {
        return "The request could not be read: check its fields against the API documentation."
            .to_owned();
    }
    text.to_owned()
}

/// Words that only a parser would say.
pub(crate) fn looks_internal(text: &str) -> bool {
    [
        "variant",
        "struct ",
        "expected ",
        " at line ",
        " column ",
        "deserialize",
    ]
    .iter()
    .any(|word| text.contains(word))
}

fn after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.find(prefix).map(|at| &text[at + prefix.len()..])
}

fn strip_position(message: &str) -> &str {
    match message.rfind(" at line ") {
        Some(at) => &message[..at],
        None => message,
    }
}

/// `plan: unknown variant…` → (`plan`, `unknown variant…`); serde_path_to_error writes `.` for
/// the root.
fn split_path(text: &str) -> (&str, &str) {
    match text.split_once(": ") {
        Some((path, message)) if !path.contains(' ') => (path, message),
        _ => ("", text),
    }
}

fn first_quoted(text: &str) -> Option<&str> {
    let start = text.find('`')? + 1;
    let len = text[start..].find('`')?;
    Some(&text[start..start + len])
}

fn all_quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

fn subject(path: &str) -> String {
    if path.is_empty() {
        "The request body".to_owned()
    } else {
        format!("Field `{path}`")
    }
}

/// serde's name for what it wanted, as a client author would say it.
fn kind_in_words(expected: &str) -> &'static str {
    let e = expected.trim();
    if e.starts_with("struct") || e.contains("map") || e.starts_with("a JSON object") {
        "a JSON object"
    } else if e.contains("sequence") || e.contains("array") || e.contains("tuple") {
        "a list"
    } else if e.contains("string") || e.contains("char") {
        "text (a JSON string)"
    } else if e.contains("bool") {
        "true or false"
    } else if e.starts_with('i') || e.starts_with('u') || e.contains("integer") {
        "a whole number"
    } else if e.starts_with('f') || e.contains("number") {
        "a number"
    } else if e.contains("variant") || e.contains("enum") {
        "one of the documented values"
    } else {
        "a value of the documented kind"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parser_texts_become_sentences_about_fields() {
        assert_eq!(
            describe_data_error(
                "plan",
                "unknown variant `none`, expected one of `solo`, `team` at line 1 column 14"
            ),
            "Field `plan` must be one of: solo, team."
        );
        assert_eq!(
            describe_data_error(".", "invalid type: sequence, expected struct CancelBody"),
            "The request body must be a JSON object."
        );
        assert_eq!(
            describe_data_error(".", "missing field `password` at line 1 column 2"),
            "Field `password` is required."
        );
        assert_eq!(
            describe_data_error(
                "dailyReminder",
                "invalid type: string \"yes\", expected a boolean"
            ),
            "Field `dailyReminder` must be true or false."
        );
        assert_eq!(
            describe_plain(
                "Failed to deserialize query string: days: invalid digit found in string"
            ),
            "Query parameter `days` must be a number."
        );
    }
}
