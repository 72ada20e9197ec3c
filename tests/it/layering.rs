//! The code's own conventions, checked on its source: states and kinds
//! travel as enums, never compared as text; `store/` (rows in, rows out)
//! imports nothing above it (flows, the API, middleware, webhooks); the layers
//! beneath the handlers do not import them; and the CLI
//! uses the sandbox only through its crate root (what both need is the
//! `payctl-domain` crate).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use payctl_domain::states::{FlowKind, Move, quotes};
use payctl_wire::{
    accounts, applications, beneficiaries, customers, faults, legacy_quotes, payments, pricing, schema, transactions,
    transfers, wallets, webhooks,
};

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &str) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    out
}

/// Every state, status and kind the code has an enum for, as its text.
fn vocabulary() -> BTreeSet<&'static str> {
    let mut words: BTreeSet<&'static str> = BTreeSet::new();
    for values in [
        applications::ApplicationStatus::VALUES,
        applications::KeyStatus::VALUES,
        webhooks::WebhookStatus::VALUES,
        customers::KybStatus::VALUES,
        customers::CustomerType::VALUES,
        customers::VerificationLevel::VALUES,
        accounts::AccountType::VALUES,
        accounts::AccountStatus::VALUES,
        accounts::LedgerStatus::VALUES,
        accounts::AccountPurpose::VALUES,
        accounts::WalletMode::VALUES,
        beneficiaries::BeneficiaryType::VALUES,
        beneficiaries::PayoutAccountKind::VALUES,
        payments::PaymentStatus::VALUES,
        payments::CollectionMethod::VALUES,
        transactions::TransactionState::VALUES,
        transactions::QuoteStatus::VALUES,
        transactions::DestinationKind::VALUES,
        legacy_quotes::LegacyQuoteForm::VALUES,
        legacy_quotes::RecipientType::VALUES,
        legacy_quotes::TargetType::VALUES,
        pricing::MarkupKind::VALUES,
        pricing::MarkupSource::VALUES,
        transfers::TransferKind::VALUES,
        transfers::TransferStatus::VALUES,
        wallets::WalletRole::VALUES,
        wallets::AddressFormat::VALUES,
        schema::Network::VALUES,
    ] {
        words.extend(values.iter().copied());
    }
    words.extend(webhooks::Verdict::ALL.iter().map(|v| v.as_str()));
    words.extend(webhooks::DeliveryRole::ALL.iter().map(|r| r.as_str()));
    words.extend(faults::FaultKind::ALL.iter().map(|k| k.as_str()));
    words.extend(quotes::Form::ALL.iter().map(|f| f.as_str()));
    words.extend(FlowKind::ALL.iter().map(|k| k.as_str()));
    words.extend(Move::ALL.iter().map(|m| m.as_str()));
    words
}

/// Text comparisons of a state or kind not yet turned into enums, each
/// with the place it is in. The list only shrinks: a new one fails.
const KNOWN: &[(&str, &str)] = &[];

/// `x == "word"`, `x != "word"` and `"word" == x` on one line: the words compared.
fn compared(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for op in ["== \"", "!= \""] {
        let mut rest = line;
        while let Some(at) = rest.find(op) {
            let after = &rest[at + op.len()..];
            if let Some(end) = after.find('"') {
                out.push(&after[..end]);
            }
            rest = after;
        }
    }
    for op in ["\" ==", "\" !="] {
        for (at, _) in line.match_indices(op) {
            if let Some(start) = line[..at].rfind('"') {
                out.push(&line[start + 1..at]);
            }
        }
    }
    out
}

#[test]
fn no_state_or_kind_is_compared_as_text() {
    let words = vocabulary();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in ["sandbox/src", "src", "wire/src", "domain/src"] {
        for (path, text) in sources(dir) {
            let file = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            for (n, line) in text.lines().enumerate() {
                for word in compared(line) {
                    if words.contains(word) && !KNOWN.contains(&(file.as_str(), word)) {
                        found.push(format!("{file}:{}: {}", n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "states and kinds are enums (compare the enum, e.g. `status == KeyStatus::Active`), not text:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_a_comparison_as_text() {
    assert_eq!(compared(r#"if app.status == "active" && x != "revoked" {"#), ["active", "revoked"]);
    assert_eq!(compared(r#"if "FAILED" == txn.state {"#), ["FAILED"]);
    assert!(vocabulary().contains("active") && vocabulary().contains("PROCESSING"));
}

/// What `store/` may import of the crate: the modules beneath it (the
/// database threads, the error envelope, ids, secrets' sealed form, the
/// clocks). It owns the rows it takes and returns (an event row, a stored
/// key, a priced quote, a log record, a page request); the modules above
/// (flows, the API, webhooks, auth, quoting, the request log, http...)
/// convert or re-use them.
const BENEATH_THE_STORE: &[&str] = &["store", "db", "error", "ids", "secrets", "clock"];

/// The crate's modules a line names (`crate::x`, `super::super::` as `..`).
fn crate_modules(code: &str) -> Vec<&str> {
    let mut out: Vec<&str> = code
        .match_indices("crate::")
        .filter(|(at, _)| !code[..*at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
        .map(|(at, _)| {
            let rest = &code[at + "crate::".len()..];
            &rest[..rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len())]
        })
        .collect();
    if code.contains("super::super::") {
        out.push("..");
    }
    out
}

#[test]
fn store_modules_import_nothing_above_them() {
    let mut found = Vec::new();
    for (path, text) in sources("sandbox/src/store") {
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for module in crate_modules(code) {
                if !BENEATH_THE_STORE.contains(&module) {
                    found.push(format!("{}:{}: {module}: {code}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "store/ takes and returns rows of its own and imports nothing above it:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_store_check_sees_every_crate_path() {
    assert_eq!(crate_modules("use crate::{db::CachedSql, x};"), [""]);
    assert_eq!(crate_modules("use crate::webhooks::EventRow; f(crate::ids::uuid())"), ["webhooks", "ids"]);
    assert_eq!(crate_modules("use payctl_crate::x; use super::super::api;"), [".."]);
}

/// The modules outside `store/` (and `db/`, which opens, migrates and
/// runs the connections) that run SQL themselves, with how many calls
/// their code (tests aside) makes: none. Savepoints count: they are SQL
/// too (`db::sql::Savepoint` writes them). A module outside `store/` that
/// runs SQL fails.
const SQL_OUTSIDE_THE_STORE: &[(&str, usize)] = &[];

/// The SQL calls in a module's code, its `tests` module left out.
fn sql_calls(text: &str) -> usize {
    let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    [
        ".prepare(",
        ".prepare_cached(",
        ".execute(",
        ".execute_cached(",
        ".execute_batch(",
        ".query_row(",
        ".query_row_cached(",
    ]
    .iter()
    .map(|call| code.matches(call).count())
    .sum()
}

#[test]
fn sql_runs_in_the_store() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("sandbox/src");
    let mut found: Vec<(String, usize)> = sources("sandbox/src")
        .into_iter()
        .map(|(path, text)| (path.strip_prefix(&root).unwrap().to_string_lossy().into_owned(), sql_calls(&text)))
        .filter(|(file, calls)| *calls > 0 && !file.starts_with("store/") && !file.starts_with("db/"))
        .collect();
    found.sort();
    let known: Vec<(String, usize)> = SQL_OUTSIDE_THE_STORE.iter().map(|(f, n)| ((*f).to_owned(), *n)).collect();
    assert_eq!(found, known, "SQL belongs in store/, rows in and rows out (the list above only shrinks)");
}

#[test]
fn the_sql_check_counts_calls_outside_tests() {
    let text = "conn.execute(\"X\", [])?; tx.query_row_cached(a, b, c)?;\n#[cfg(test)]\nmod tests { c.prepare(\"Y\") }";
    assert_eq!(sql_calls(text), 2);
}

/// The lookups by public id that do not go through `store::owned`, each
/// with why: none of them answers the record's own 404. The list only
/// shrinks.
const FOUND_DIRECTLY: &[(&str, &str, &str)] = &[
    ("auth/principal.rs", "applications", "an in-process caller's application: 403 when deactivated"),
    ("api/faults.rs", "webhooks", "a rule's match.endpoint_id: a 404 naming the rule's field"),
    ("flows/quotes.rs", "quotes", "a quote read again after a move"),
    ("flows/payments.rs", "payments", "a timed move whose payment is gone does nothing"),
    ("flows/transactions.rs", "transactions", "a timed move whose transaction is gone does nothing"),
    ("flows/transfers.rs", "transfers", "a timed move whose transfer is gone does nothing"),
    ("flows/verification.rs", "customers", "a timed move whose customer is gone does nothing"),
];

/// Every lookup by public id that answers a record's 404 goes through
/// `store::owned` (the record's `impl Owned` states its scope and 404
/// once), as the crate's layout tour says: outside `store/` and the
/// console (which shows its own page for what is missing), no module calls
/// the `find` of a store module with an `impl Owned` but those listed.
#[test]
fn lookups_by_public_id_go_through_store_owned() {
    let owned: Vec<String> = sources("sandbox/src/store")
        .into_iter()
        .filter(|(_, text)| text.contains("\nimpl Owned for "))
        .map(|(path, _)| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(owned.len() >= 10, "found only {owned:?}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("sandbox/src");
    let (mut found, mut used) = (Vec::new(), BTreeSet::new());
    for (path, text) in sources("sandbox/src") {
        let file = path.strip_prefix(&root).unwrap();
        if file.starts_with("store") || file.starts_with("console") {
            continue;
        }
        let file = file.to_string_lossy().replace('\\', "/");
        for (n, line) in text.lines().enumerate() {
            for module in &owned {
                let call = format!("{module}::find(");
                let direct = line
                    .match_indices(&call)
                    .any(|(at, _)| !line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_'));
                if !direct {
                    continue;
                }
                match FOUND_DIRECTLY.iter().position(|(f, m, _)| *f == file && m == module) {
                    Some(known) => {
                        used.insert(known);
                    }
                    None => found.push(format!("{file}:{}: {}", n + 1, line.trim())),
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a record found by public id without its 404 (use store::owned::<Record>):\n{}",
        found.join("\n")
    );
    let stale: Vec<_> = (0..FOUND_DIRECTLY.len()).filter(|i| !used.contains(i)).map(|i| FOUND_DIRECTLY[i]).collect();
    assert!(stale.is_empty(), "no longer found directly, so off the list: {stale:?}");
}

/// The layers beneath the handlers (idempotency, the request log, rate
/// limits, faults, the shared state) read what an operation is from
/// `crate::operation`, so none of them depends on the handlers' module:
/// only `api/` itself, the console (which acts through the router) and the
/// crate root's facade import `crate::api`.
#[test]
fn only_the_api_the_console_and_the_facade_import_the_api() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("sandbox/src");
    let mut found = Vec::new();
    for (path, text) in sources("sandbox/src") {
        let file = path.strip_prefix(&root).unwrap();
        if file.starts_with("api") || file.starts_with("console") || file == Path::new("lib.rs") {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if !code.starts_with("//") && (code.contains("crate::api") || code.contains("super::api::")) {
                found.push(format!("{}:{}: {}", path.display(), n + 1, code));
            }
        }
    }
    assert!(
        found.is_empty(),
        "middleware imports the handlers' module (what an operation is lives in crate::operation):\n{}",
        found.join("\n")
    );
}

/// What the CLI may take from the sandbox crate: running one, and the
/// OpenAPI document and operation ids it serves.
const SANDBOX_FACADE: &[&str] = &[
    "DEFAULT_PORT",
    "Keys",
    "RateLimits",
    "PgUrl",
    "Sandbox",
    "SandboxConfig",
    "Storage",
    "openapi_document",
    "partner_operation_ids",
    "serve_bounded",
];

/// The names a line takes from `payctl_sandbox`: `payctl_sandbox::x` and
/// every item of `payctl_sandbox::{x, y}`.
fn taken_from_sandbox(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices("payctl_sandbox::") {
        let rest = &line[at + "payctl_sandbox::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(group.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()));
        } else {
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
            out.push(rest[..end].to_owned());
        }
    }
    out
}

#[test]
fn the_cli_uses_the_sandbox_only_through_its_crate_root() {
    let mut found = Vec::new();
    for (path, text) in sources("src") {
        for (n, line) in text.lines().enumerate() {
            for name in taken_from_sandbox(line) {
                if !SANDBOX_FACADE.contains(&name.as_str()) {
                    found.push(format!("{}:{}: {name}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the CLI reaches into the sandbox's insides (move what both need to payctl-domain):\n{}",
        found.join("\n")
    );
}

/// The sandbox crate is closed: its root declares every module private but
/// `testing`, and the tests take from it only what the CLI may (the facade)
/// and what `testing` offers them.
#[test]
fn the_sandbox_crate_is_closed_behind_its_facade() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("sandbox/src/lib.rs")).unwrap();
    let public: Vec<&str> = lib
        .lines()
        .filter(|l| l.starts_with("pub") && l.ends_with(';') && l.split_whitespace().nth(1) == Some("mod"))
        .collect();
    assert_eq!(public, ["pub mod testing;"], "the sandbox's modules are private behind its facade");
    let mut found = Vec::new();
    for dir in ["tests", "sandbox/tests"] {
        for (path, text) in sources(dir) {
            if path.ends_with("layering.rs") {
                continue;
            }
            for (n, line) in text.lines().enumerate() {
                for name in taken_from_sandbox(line) {
                    let first = name.split("::").next().unwrap_or_default();
                    if !SANDBOX_FACADE.contains(&first) && first != "testing" {
                        found.push(format!("{}:{}: {name}", path.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "tests reach into the sandbox past its facade (offer what they need in payctl_sandbox::testing):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_facade_check_sees_paths_and_groups() {
    assert_eq!(taken_from_sandbox("use payctl_sandbox::clock::Timestamp;"), ["clock::Timestamp"]);
    assert_eq!(taken_from_sandbox("use payctl_sandbox::{Keys, Sandbox};"), ["Keys", "Sandbox"]);
    assert_eq!(taken_from_sandbox("let d = payctl_sandbox::openapi_document();"), ["openapi_document"]);
}

/// Every `//! # Layout` tour names every module its file declares, so a
/// newcomer's map has no blank: the modules of the file (`mod x;`, `pub
/// mod x;`, tests aside) each appear in the tour as [`x`] or `x`.
#[test]
fn every_layout_tour_lists_every_module_of_its_file() {
    let mut missing = Vec::new();
    let mut tours = 0;
    for dir in ["sandbox/src", "src", "wire/src", "domain/src"] {
        for (path, text) in sources(dir) {
            let Some(start) = text.find("//! # Layout") else { continue };
            tours += 1;
            let tour: String =
                text[start..].lines().take_while(|l| l.starts_with("//!")).collect::<Vec<_>>().join("\n");
            for line in text.lines() {
                let Some(name) = line.strip_prefix("pub mod ").or_else(|| line.strip_prefix("mod ")) else { continue };
                let Some(name) = name.strip_suffix(';') else { continue };
                if !tour.contains(&format!("`{name}`")) && !tour.contains(&format!("`{name}::")) {
                    missing.push(format!("{}: {name}", path.display()));
                }
            }
        }
    }
    assert!(tours >= 8, "found only {tours} layout tours");
    assert!(missing.is_empty(), "modules missing from their file's layout tour:\n{}", missing.join("\n"));
}
