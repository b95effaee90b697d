//! The settings as an operator finds them: `swaz serve --help` (the real binary) and the README's
//! table name the same variables with the same defaults, and a bad value is refused under the
//! name it was given by.

use std::collections::BTreeMap;

/// Values the secrets are set to while `--help` is printed, none of which it may show.
const SECRETS: [(&str, &str); 6] = [
    ("DATABASE_URL", "postgres://swaz:db-password-1@db/swaz"),
    ("SWAZ_JWT_SECRET", "jwt-secret-value-of-at-least-32-chars"),
    (
        "SMTP_URL",
        "smtps://mailer:smtp-password-2@smtp.example.com:465",
    ),
    ("STRIPE_SECRET_KEY", "sk_test_stripe-secret-3"),
    ("STRIPE_WEBHOOK_SECRET", "whsec_webhook-secret-4"),
    ("SWAZ_METRICS_TOKEN", "metrics-token-value-5"),
];

/// `swaz args…` with no environment but `envs`, so neither the tests' variables nor a `.env`
/// set anything.
async fn swaz(envs: &[(&str, &str)], args: &[&str]) -> std::process::Output {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_swaz"))
        .args(args)
        .env_clear()
        .envs(envs.iter().copied())
        .current_dir(std::env::temp_dir())
        .output()
        .await
        .unwrap()
}

/// One setting in `--help`: all its text, and the default clap shows, unquoted.
struct Listed {
    text: String,
    default: Option<String>,
}

/// The options of a `--help` that have a variable, by variable.
fn listed_settings(help: &str) -> BTreeMap<String, Listed> {
    let mut entries: Vec<String> = Vec::new();
    for line in help.lines() {
        let indent = line.len() - line.trim_start().len();
        if line.trim_start().starts_with('-') && indent < 10 {
            entries.push(String::new());
        }
        if let Some(entry) = entries.last_mut() {
            entry.push_str(line.trim());
            entry.push(' ');
        }
    }
    entries
        .into_iter()
        .filter_map(|text| {
            let (_, env) = text.split_once("[env: ")?;
            let variable = env.split(['=', ']']).next()?.to_owned();
            let default = text.split_once("[default: ").map(|(_, d)| {
                let d = &d[..d.find(']').expect("a closing bracket")];
                d.strip_prefix('"')
                    .and_then(|d| d.strip_suffix('"'))
                    .unwrap_or(d)
                    .to_owned()
            });
            Some((variable, Listed { text, default }))
        })
        .collect()
}

/// The backticked spans of a README cell.
fn code_spans(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// The README's settings table: each variable's default cell, by variable.
fn readme_settings() -> BTreeMap<String, String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("the README");
    let (_, section) = readme
        .split_once("### Settings")
        .expect("a Settings section");
    section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .skip(2)
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
            let [variable, default, _meaning] = cells[..] else {
                panic!("a row of three cells: {row}");
            };
            let variable = code_spans(variable);
            assert_eq!(variable.len(), 1, "one variable a row: {row}");
            (variable[0].to_owned(), default.to_owned())
        })
        .collect()
}

#[tokio::test]
async fn serve_help_and_the_readme_list_the_same_settings_with_the_same_defaults() {
    let out = swaz(&SECRETS, &["serve", "--help"]).await;
    assert!(out.status.success(), "{out:?}");
    let help = String::from_utf8(out.stdout).unwrap();
    for (variable, value) in SECRETS {
        assert!(
            !help.contains(value),
            "--help shows {variable}'s value:\n{help}"
        );
    }
    let listed = listed_settings(&help);
    let readme = readme_settings();

    let only_listed: Vec<_> = listed.keys().filter(|v| !readme.contains_key(*v)).collect();
    let only_readme: Vec<_> = readme.keys().filter(|v| !listed.contains_key(*v)).collect();
    assert!(
        only_listed.is_empty() && only_readme.is_empty(),
        "only in --help: {only_listed:?}; only in the README: {only_readme:?}"
    );
    for (variable, cell) in &readme {
        let setting = &listed[variable];
        match &setting.default {
            Some(default) => assert_eq!(
                cell,
                &format!("`{default}`"),
                "{variable}: --help's default is {default:?}"
            ),
            // A default that is no value of its own (derived, generated, none) is told in words.
            None => {
                for value in code_spans(cell) {
                    assert!(
                        setting.text.contains(value),
                        "{variable}: --help does not say the README's default {value:?}: {}",
                        setting.text
                    );
                }
            }
        }
    }
}

#[tokio::test]
async fn a_bad_setting_is_refused_under_the_name_it_was_given_by() {
    let out = swaz(&[("SWAZ_ADDR", "nowhere")], &["serve"]).await;
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(r#"SWAZ_ADDR="nowhere" is not valid"#),
        "{stderr}"
    );

    let out = swaz(
        &[("SWAZ_ADDR", "nowhere")],
        &["serve", "--addr", "elsewhere"],
    )
    .await;
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(r#"--addr="elsewhere" is not valid"#),
        "{stderr}"
    );

    let out = swaz(&[("SWAZ_ENV", "staging")], &["migrate"]).await;
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(r#"SWAZ_ENV must be 'development' or 'production', not "staging""#),
        "{stderr}"
    );
}
