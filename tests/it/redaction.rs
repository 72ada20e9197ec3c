//! Redaction by content, as a property: a secret the sandbox minted (API
//! keys of both environments, a webhook signing secret, the control token,
//! a refresh token, an access token) or a valid IBAN of any country, in
//! electronic or paper format and any case, embedded anywhere in arbitrary
//! text, in a body value, a member name, a query parameter, a path segment
//! or the `X-Request-ID`, never reaches the request log store: neither the
//! rows in the database, nor `GET /v1/logs`, nor the bytes of the database
//! files.

use std::path::Path;

use payctl_domain::iban;
use payctl_sandbox::{SandboxConfig, Storage};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use reqwest::Method;
use serde_json::json;

use crate::support::{Auth, TestSandbox, spawn_with_config};
use crate::webhooks::create as create_endpoint;

/// Countries whose IBANs differ in length and structure (letters in the
/// BBAN, the shortest and the longest).
const COUNTRIES: &[&str] = &["GB", "DE", "AE", "FR", "NL", "NO", "SA", "BR", "MU", "LC", "RU", "IT", "MT"];

/// What is hidden in the text.
#[derive(Debug, Clone)]
enum Needle {
    /// One of the minted secrets, by index.
    Secret(usize),
    Iban {
        country: usize,
        entropy: [u8; 32],
        paper: bool,
        lower: bool,
    },
}

impl Needle {
    /// The text as sent, and what must never be found in the store: the
    /// secret's random tail, or the IBAN in electronic form.
    fn render(&self, secrets: &[String]) -> (String, String) {
        match self {
            Needle::Secret(i) => {
                let secret = &secrets[*i];
                (secret.clone(), secret[secret.len() - 16..].to_owned())
            }
            Needle::Iban { country, entropy, paper, lower } => {
                let electronic = iban::generate(COUNTRIES[*country], entropy).unwrap().to_string();
                let mut sent = if *paper {
                    electronic
                        .as_bytes()
                        .chunks(4)
                        .map(|c| std::str::from_utf8(c).unwrap())
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    electronic.clone()
                };
                if *lower {
                    sent = sent.to_lowercase();
                }
                (sent, electronic)
            }
        }
    }
}

fn needle(secrets: usize) -> impl Strategy<Value = Needle> {
    prop_oneof![
        (0..secrets).prop_map(Needle::Secret),
        (0..COUNTRIES.len(), any::<[u8; 32]>(), any::<bool>(), any::<bool>())
            .prop_map(|(country, entropy, paper, lower)| Needle::Iban { country, entropy, paper, lower }),
    ]
}

fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { char::from(b).to_string() } else { format!("%{b:02X}") })
        .collect()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Letters and digits only, upper-cased: an IBAN shows up here whatever
/// spacing, case or encoding it was stored in.
fn compact(text: &str) -> String {
    text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect()
}

/// Whether `stored` (already decoded) holds what must not be there.
fn leaks(stored: &str, forbidden: &str, needle: &Needle) -> bool {
    match needle {
        Needle::Secret(_) => stored.contains(forbidden),
        Needle::Iban { .. } => compact(stored).contains(forbidden),
    }
}

/// Every stored request-log row as decoded text: path, query, body,
/// correlation id.
fn stored_rows(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut stmt = conn.prepare("SELECT path, query, request_body, correlation_id FROM request_logs").unwrap();
    stmt.query_map([], |r| {
        let (path, query, body, correlation): (String, Option<String>, Option<String>, String) =
            (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
        Ok(format!(
            "{} {} {} {}",
            percent_decode(&path),
            percent_decode(&query.unwrap_or_default()),
            body.unwrap_or_default(),
            correlation
        ))
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

fn count_rows(db: &Path) -> usize {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    conn.query_row("SELECT count(*) FROM request_logs", [], |r| r.get::<_, i64>(0)).unwrap() as usize
}

/// The log is written off the request path: waits (at most 10 s) until
/// it holds `n` rows.
async fn wait_for_rows(db: &Path, n: usize) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while count_rows(db) < n && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}

/// One secret of every kind the sandbox mints.
async fn mint_secrets(sb: &TestSandbox) -> Vec<String> {
    let login = sb
        .token(&[
            ("grant_type", "password"),
            ("client_id", "partner-console"),
            ("username", &sb.ready.username),
            ("password", &sb.ready.password),
        ])
        .await;
    let endpoint = create_endpoint(sb, &sb.test_key(), "https://example.com/hook", &["customer.kyb_approved"]).await;
    let secrets = vec![
        sb.ready.test_api_key.clone(),
        sb.ready.live_api_key.clone(),
        endpoint["secret"].as_str().unwrap().to_owned(),
        sb.ready.control_token.clone(),
        login.body["refresh_token"].as_str().unwrap().to_owned(),
        login.body["access_token"].as_str().unwrap().to_owned(),
    ];
    for (secret, prefix) in secrets.iter().zip(["sk_test_", "sk_live_", "whsec_", "ctl_", "rt_", "eyJ"]) {
        assert!(secret.starts_with(prefix), "{secret}");
    }
    secrets
}

/// Sends the text everywhere a request log keeps something: two requests,
/// both refused, so nothing but the log stores them.
async fn send_everywhere(sb: &TestSandbox, key: &Auth, text: &str, header: &str) {
    let body = json!({"legal_name": text, "notes": [text], text: "as a member name"});
    let mut post = sb.request(Method::POST, &format!("/v1/customers?note={}", percent_encode(text)), key).json(&body);
    if (1..=128).contains(&header.len()) && header.bytes().all(|b| b.is_ascii_graphic()) {
        post = post.header("X-Request-ID", header);
    }
    assert_eq!(sb.send(post).await.status, 400);
    let get = sb.request(Method::GET, &format!("/v1/customers/{}", percent_encode(text)), key);
    assert!(sb.send(get).await.status.is_client_error());
}

#[test]
fn minted_secrets_and_ibans_in_any_text_never_reach_the_log_store() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb =
        runtime.block_on(spawn_with_config(SandboxConfig { storage: Storage::File(db.clone()), rate_limit: None }));
    let key = sb.test_key();
    let secrets = runtime.block_on(mint_secrets(&sb));
    // The endpoint's creation is logged too; each case then adds two rows.
    runtime.block_on(wait_for_rows(&db, 1));
    let sent: std::cell::RefCell<Vec<(String, Needle)>> = Default::default();

    let strategy = (needle(secrets.len()), any::<String>(), any::<String>(), "[!-~]{0,12}", "[!-~]{0,12}");
    let mut runner = TestRunner::new(Config { cases: 64, failure_persistence: None, ..Config::default() });
    let outcome = runner.run(&strategy, |(needle, before, after, header_before, header_after)| {
        let (hidden, forbidden) = needle.render(&secrets);
        let text = format!("{before}{hidden}{after}");
        let header = format!("{header_before}{}{header_after}", hidden.replace(' ', ""));
        let rows_before = count_rows(&db);
        runtime.block_on(async {
            send_everywhere(&sb, &key, &text, &header).await;
            wait_for_rows(&db, rows_before + 2).await;
        });
        let rows = stored_rows(&db);
        prop_assert_eq!(rows.len(), rows_before + 2, "both requests were logged");
        for row in &rows {
            prop_assert!(!leaks(row, &forbidden, &needle), "{:?} reached the log store: {}", hidden, row);
        }
        sent.borrow_mut().push((forbidden, needle));
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }

    let sent = sent.into_inner();
    // What the API lists, every page.
    let mut listed = String::new();
    let mut path = "/v1/logs?limit=100".to_owned();
    loop {
        let page = runtime.block_on(sb.get(&path, &key));
        assert_eq!(page.status, 200, "{}", page.body);
        for record in page.body["data"].as_array().unwrap() {
            for field in ["path", "query", "correlation_id"] {
                listed.push_str(&percent_decode(record[field].as_str().unwrap_or_default()));
                listed.push(' ');
            }
            listed.push_str(&record["request_body"].to_string());
            listed.push('\n');
        }
        match page.body["next_cursor"].as_str() {
            Some(cursor) => path = format!("/v1/logs?limit=100&cursor={cursor}"),
            None => break,
        }
    }
    assert!(listed.matches("/v1/customers").count() >= 2 * sent.len(), "every case is listed");
    // And the database files themselves, byte for byte.
    runtime.block_on(sb.shutdown());
    let mut on_disk = String::new();
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        on_disk.push_str(&String::from_utf8_lossy(&std::fs::read(entry.unwrap().path()).unwrap()));
    }
    for (forbidden, needle) in &sent {
        assert!(!leaks(&listed, forbidden, needle), "{needle:?} is listed by GET /v1/logs");
        assert!(!leaks(&on_disk, forbidden, needle), "{needle:?} is in the database files");
    }
}
