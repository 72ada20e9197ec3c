//! Snapshots (`GET` and `POST /sandbox/snapshot`): a world saved as one
//! portable document holds no secret, loads into a fresh sandbox and saves
//! again to the same document (ids mapped, the clock apart); a redacted
//! one still loads and its values validate; the snapshot this version
//! committed loads; a newer format is refused naming both versions; on a
//! file, a snapshot of a busy world is one moment of it.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::forks::build_world;
use crate::support::{Auth, TestSandbox, spawn_sandbox, spawn_with_config};
use crate::transactions::{new_key, post_txn};
use crate::webhooks::Receiver;

/// The snapshot this version made, committed: every later version must load it.
const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/snapshots/payctl-snapshot-1.json");

async fn save(sb: &TestSandbox, auth: &Auth, query: &str) -> Value {
    let r = sb.get(&format!("/sandbox/snapshot{query}"), auth).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

async fn load(sb: &TestSandbox, auth: &Auth, snapshot: &Value) -> Value {
    let r = sb.post("/sandbox/snapshot", auth, snapshot.clone()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

/// `value` with every id of `ids` replaced by its image.
fn mapped(value: &Value, ids: &BTreeMap<String, String>) -> Value {
    let mut text = value.to_string();
    for (old, new) in ids {
        text = text.replace(old.as_str(), new);
    }
    serde_json::from_str(&text).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_round_trips_through_a_fresh_sandbox_without_a_secret() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let world = build_world(&sb, &key, &receiver).await;
    let snapshot = save(&sb, &key, "").await;
    assert_eq!(snapshot["format"], "payctl-snapshot/1");
    assert_eq!(snapshot["application"]["id"], sb.ready.test_application_id.as_str());
    assert_eq!(snapshot["tables"]["customers"]["rows"].as_array().unwrap().len(), 2);
    assert!(!snapshot["tables"]["scheduled_moves"]["rows"].as_array().unwrap().is_empty(), "pending moves travel");

    // No secret: not the key, the webhook's signing secret, the control
    // token, the demo password or its hash, nor any sealed form of them.
    let text = snapshot.to_string();
    for secret in [&sb.ready.test_api_key, &sb.ready.control_token, &world.secret, &sb.ready.password] {
        assert!(!text.contains(secret.as_str()), "the snapshot holds a secret");
    }
    assert!(!text.contains("$argon2id$"));
    let columns = snapshot["tables"]["webhook_endpoints"]["columns"].to_string();
    assert!(!columns.contains("secret"), "{columns}");

    // Into a fresh sandbox, and out again: the same document.
    let other = spawn_sandbox().await;
    let loaded = load(&other, &other.test_key(), &snapshot).await;
    assert_eq!(loaded["forked_from"], sb.ready.test_application_id.as_str());
    let ids: BTreeMap<String, String> = serde_json::from_value(loaded["ids"].clone()).unwrap();
    let key2 = Auth::Key(loaded["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let again = save(&other, &key2, "").await;
    let mut expected = mapped(&snapshot, &ids);
    let mut got = again.clone();
    for doc in [&mut expected, &mut got] {
        doc["application"]["clock"] = Value::Null;
        doc["application"]["name"] = Value::Null;
    }
    assert_eq!(got, expected);
    assert!(again["application"]["name"].as_str().unwrap().ends_with(" (fork)"));

    // The loaded world answers reads as the original did, and its flows go on.
    let customer = other.get(&format!("/v1/customers/{}", ids[&world.customer]), &key2).await;
    assert_eq!(customer.body["legal_name"], "Forked Trading LLC");
    other.advance_clock_of(&key2, 60).await;
    let t = other.get(&format!("/v1/transactions/{}", ids[&world.transaction]), &key2).await;
    assert_eq!(t.body["state"], "COMPLETED", "{}", t.body);
    let original = sb.get(&format!("/v1/transactions/{}", world.transaction), &key).await;
    assert_eq!(original.body["state"], "PROCESSING");

    // A redacted copy: synthetic values that validate, no personal data left.
    let redacted = save(&sb, &key, "?redact=true").await;
    assert_eq!(redacted["redacted"], true);
    let text = redacted.to_string();
    for personal in
        ["Forked Trading LLC", "Pending Imports LLC", "TRN-100200300", crate::support::factories::EVM_WALLET]
    {
        assert!(!text.contains(personal), "{personal} left in a redacted snapshot");
    }
    let redacted_world = load(&other, &other.test_key(), &redacted).await;
    let key3 = Auth::Key(redacted_world["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let rids: BTreeMap<String, String> = serde_json::from_value(redacted_world["ids"].clone()).unwrap();
    let c = other.get(&format!("/v1/customers/{}", rids[&world.customer]), &key3).await.body;
    assert!(c["legal_name"].as_str().unwrap().starts_with("Synthetic Customer "), "{c}");
    let email = c["email"].as_str().unwrap();
    assert!(payctl_domain::email::Email::parse(email).is_some(), "{email}");
    let b = other.get(&format!("/v1/beneficiaries/{}", rids[&world.beneficiary]), &key3).await.body;
    let address = b["account"]["address"].as_str().unwrap();
    assert_ne!(address, crate::support::factories::EVM_WALLET);
    let network = payctl_domain::address::Network::parse("ethereum").unwrap();
    assert!(payctl_domain::address::validate(network, address).is_ok(), "{address}");
    if std::env::var_os("PAYCTL_WRITE_SNAPSHOT_FIXTURE").is_some() {
        std::fs::write(COMMITTED, serde_json::to_string_pretty(&redacted).unwrap() + "\n").unwrap();
    }
    other.shutdown().await;
    sb.shutdown().await;
}

#[tokio::test]
async fn the_snapshot_this_version_committed_loads() {
    let sb = spawn_sandbox().await;
    let committed: Value = serde_json::from_str(&std::fs::read_to_string(COMMITTED).unwrap()).unwrap();
    assert_eq!(committed["format"], "payctl-snapshot/1");
    let loaded = load(&sb, &sb.test_key(), &committed).await;
    let key = Auth::Key(loaded["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let customers = sb.get("/v1/customers", &key).await.body;
    assert_eq!(customers["data"].as_array().unwrap().len(), 2, "{customers}");
    // Its transaction was in flight; by the time a later version loads the
    // file, its clock may have passed the settlement already.
    let ids: BTreeMap<String, String> = serde_json::from_value(loaded["ids"].clone()).unwrap();
    let columns = committed["tables"]["transactions"]["columns"].as_array().unwrap();
    let at = columns.iter().position(|c| c == "public_id").unwrap();
    let original = committed["tables"]["transactions"]["rows"][0][at].as_str().unwrap();
    let t = sb.get(&format!("/v1/transactions/{}", ids[original]), &key).await;
    assert!(["PROCESSING", "COMPLETED"].contains(&t.body["state"].as_str().unwrap()), "{}", t.body);
    assert_eq!(loaded["webhook_secrets"].as_object().unwrap().len(), 1);
    sb.shutdown().await;
}

#[tokio::test]
async fn newer_formats_bad_documents_and_live_are_refused_clearly() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let snapshot = save(&sb, &key, "").await;

    let mut newer = snapshot.clone();
    newer["format"] = json!("payctl-snapshot/2");
    newer["made_by"] = json!("payctl 9.0.0");
    let r = sb.post("/sandbox/snapshot", &key, newer).await;
    let message = r.assert_error(400, "VAL_0001")["message"].as_str().unwrap().to_owned();
    assert!(message.contains("payctl-snapshot/2") && message.contains("payctl-snapshot/1"), "{message}");
    assert!(message.contains("payctl 9.0.0"), "{message}");
    let mut newer_schema = snapshot.clone();
    newer_schema["schema"] = json!(snapshot["schema"].as_u64().unwrap() + 1);
    sb.post("/sandbox/snapshot", &key, newer_schema).await.assert_error(400, "VAL_0001");
    let mut other_kind = snapshot.clone();
    other_kind["format"] = json!("localstack-pod/1");
    sb.post("/sandbox/snapshot", &key, other_kind).await.assert_error(400, "VAL_0001");

    // A row naming a row the document does not hold is the document's fault, not a 500.
    let customer = crate::support::factories::customer(&sb, &key, true).await;
    crate::support::factories::beneficiary_of(&sb, &key, &customer, "EUR").await;
    let mut dangling = save(&sb, &key, "").await;
    let columns: Vec<String> = serde_json::from_value(dangling["tables"]["beneficiaries"]["columns"].clone()).unwrap();
    let at = columns.iter().position(|c| c == "customer_id").unwrap();
    dangling["tables"]["beneficiaries"]["rows"][0][at] = json!(99);
    let r = sb.post("/sandbox/snapshot", &key, dangling).await;
    r.assert_error(400, "VAL_0001");
    let mut broken = save(&sb, &key, "").await;
    let at = columns.iter().position(|c| c == "account_kind").unwrap();
    broken["tables"]["beneficiaries"]["rows"][0][at] = json!("CARRIER_PIGEON");
    sb.post("/sandbox/snapshot", &key, broken).await.assert_error(400, "VAL_0001");
    let count = sb.get("/v1/applications", &sb.login().await).await.body["data"].as_array().unwrap().len();
    assert_eq!(count, 2, "nothing of a refused snapshot is stored");

    sb.get("/sandbox/snapshot", &sb.live_key()).await.assert_error(403, "ATH_0002");
    sb.post("/sandbox/snapshot", &sb.live_key(), snapshot.clone()).await.assert_error(403, "ATH_0002");
    sb.get("/sandbox/snapshot", &sb.control()).await.assert_error(400, "VAL_0001");
    // The operator loads into a partner it names.
    sb.post("/sandbox/snapshot", &sb.control(), snapshot.clone()).await.assert_error(400, "VAL_0001");
    let partner = sb.ready.partner_id.clone();
    let path = format!("/sandbox/snapshot?partner_id={partner}&name=Support+ticket");
    let r = sb.post(&path, &sb.control(), snapshot).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["application"]["name"], "Support ticket");
    sb.shutdown().await;
}

/// `POST /sandbox/snapshot` with a partner's dashboard token loads into a
/// new TEST application of that partner; the token names no other partner
/// and reaches no other partner's application.
#[tokio::test]
async fn a_dashboard_token_loads_a_snapshot_into_its_own_partner() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let customer = crate::support::factories::customer_named(&sb, &key, "Dashboard Loaded LLC", true).await;
    let snapshot = save(&sb, &key, "").await;
    let bearer = sb.login().await;

    let loaded = load(&sb, &bearer, &snapshot).await;
    let app = loaded["application"]["id"].as_str().unwrap();
    assert_eq!(loaded["application"]["partner_id"], sb.ready.partner_id.as_str());
    assert_eq!(sb.get(&format!("/v1/applications/{app}"), &bearer).await.status, StatusCode::OK);
    let new_key = Auth::Key(loaded["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let copy = loaded["ids"][&customer].as_str().unwrap();
    let got = sb.get(&format!("/v1/customers/{copy}"), &new_key).await;
    assert_eq!(got.body["legal_name"], "Dashboard Loaded LLC", "{}", got.body);

    // Its own partner only.
    let r = sb.post(&format!("/sandbox/snapshot?partner_id={}", sb.ready.partner_id), &bearer, snapshot.clone()).await;
    r.assert_error(400, "VAL_0001");
    let other = sb.other_partner().await;
    let (theirs, _) = sb.new_app_key(&other, "TEST").await;
    let into = format!("/sandbox/snapshot?application_id={theirs}");
    sb.post(&into, &bearer, snapshot.clone()).await.assert_error(404, "NOT_FOUND");
    // The other partner's token loads into its own empty application.
    let r = sb.post(&into, &other, snapshot).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body["api_key"].is_null());
    sb.shutdown().await;
}

/// The committed snapshot grown to `copies` more customers, each with a
/// beneficiary, a used quote and a transaction in flight (with their
/// events, ledger entry, postings, flow states and settlement), copied
/// from the document's first customer under new ids; the shared accounts'
/// balances follow, so the ledger still balances.
fn grown(copies: usize) -> Value {
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(COMMITTED).unwrap()).unwrap();
    let column = |doc: &Value, table: &str, name: &str| {
        doc["tables"][table]["columns"].as_array().unwrap().iter().position(|c| c == name).unwrap()
    };
    let rows = |doc: &Value, table: &str| doc["tables"][table]["rows"].as_array().unwrap().clone();
    let (customer, transaction) = (rows(&doc, "customers")[0].clone(), rows(&doc, "transactions")[0].clone());
    let public = |row: &Value, table: &str| row[column(&doc, table, "public_id")].as_str().unwrap().to_owned();
    let (customer_id, transaction_id) = (public(&customer, "customers"), public(&transaction, "transactions"));
    // Rows of each table that belong to the first customer and its
    // transaction: those naming either (or the quote, the beneficiary, the
    // hold's entry) by id.
    let beneficiary = rows(&doc, "beneficiaries")[0].clone();
    let quote = rows(&doc, "quotes")[0].clone();
    let hold = rows(&doc, "ledger_entries").into_iter().find(|r| r.to_string().contains(&transaction_id)).unwrap();
    let hold_id = hold[0].as_i64().unwrap();
    let per_copy: Vec<(&str, Vec<Value>)> = vec![
        ("customers", vec![customer]),
        ("beneficiaries", vec![beneficiary]),
        ("quotes", vec![quote]),
        ("transactions", vec![transaction]),
        ("ledger_entries", vec![hold]),
        ("ledger_postings", rows(&doc, "ledger_postings").into_iter().filter(|r| r[1] == hold_id).collect()),
        (
            "events",
            rows(&doc, "events")
                .into_iter()
                .filter(|r| r.to_string().contains(&customer_id) || r.to_string().contains(&transaction_id))
                .collect(),
        ),
        (
            "flow_states",
            rows(&doc, "flow_states")
                .into_iter()
                .filter(|r| r[2] == customer_id.as_str() || r[2] == transaction_id.as_str())
                .collect(),
        ),
        ("scheduled_moves", rows(&doc, "scheduled_moves")),
    ];
    // Every public id of those rows, and where each table's new row ids start.
    let mut renamed: Vec<String> = Vec::new();
    for (table, rows) in &per_copy {
        if let Some(at) = doc["tables"][*table]["columns"].as_array().unwrap().iter().position(|c| c == "public_id") {
            renamed.extend(rows.iter().map(|r| r[at].as_str().unwrap().to_owned()));
        }
    }
    let external_at = column(&doc, "transactions", "external_id");
    renamed.push(per_copy[3].1[0][external_at].as_str().unwrap().to_owned());
    let email_at = column(&doc, "customers", "email");
    let key_at = column(&doc, "customers", "email_key");
    let next_id = |doc: &Value, table: &str| doc["tables"][table]["rows"].as_array().unwrap().len() as i64 + 1;
    for n in 0..copies {
        // Each table's new row id for this copy, and the foreign keys of the copy.
        let ids: BTreeMap<&str, i64> = per_copy.iter().map(|(t, _)| (*t, next_id(&doc, t))).collect();
        for (table, originals) in &per_copy {
            for (i, original) in originals.iter().enumerate() {
                let mut text = original.to_string();
                for id in &renamed {
                    // Same shape and length: the last six hex digits carry the copy.
                    text = text.replace(id.as_str(), &format!("{}{:06x}", &id[..id.len() - 6], n));
                }
                let mut row: Value = serde_json::from_str(&text).unwrap();
                row[0] = json!(ids[table] + i as i64);
                match *table {
                    "customers" => {
                        row[email_at] = json!(format!("grown-{n}@example.com"));
                        row[key_at] = json!(format!("grown-{n}@example.com"));
                    }
                    "beneficiaries" => row[2] = json!(ids["customers"]),
                    "transactions" => {
                        row[column(&doc, "transactions", "quote_id")] = json!(ids["quotes"]);
                        row[column(&doc, "transactions", "beneficiary_id")] = json!(ids["beneficiaries"]);
                    }
                    "ledger_postings" => row[1] = json!(ids["ledger_entries"]),
                    _ => {}
                }
                doc["tables"][*table]["rows"].as_array_mut().unwrap().push(row);
            }
        }
    }
    // The shared accounts carry every copy's hold.
    let held = 25_000 * copies as i64;
    let balance_at = column(&doc, "accounts", "balance_minor");
    for account in doc["tables"]["accounts"]["rows"].as_array_mut().unwrap() {
        match account[2].as_str().unwrap() {
            "float" => account[balance_at] = json!(account[balance_at].as_i64().unwrap() - held),
            "in_flight" => account[balance_at] = json!(account[balance_at].as_i64().unwrap() + held),
            _ => {}
        }
    }
    doc
}

/// `POST /sandbox/snapshot` reads a body of up to 32 MiB: a world of a
/// thousand customers and transactions, several MiB, loads whole; the
/// same body is 413 on an ordinary operation (1 MiB), and one above
/// 32 MiB is 413 on the load too, in the envelope, storing nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_world_of_a_thousand_customers_and_transactions_loads_past_the_ordinary_limit() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let world = grown(1_000);
    let text = world.to_string();
    assert!(text.len() > 2 * 1024 * 1024 && text.len() < 32 * 1024 * 1024, "{} bytes", text.len());

    // Declared above an ordinary operation's limit: refused unread.
    let ordinary = too_large(&raw(&sb, &key, "/v1/customers", &format!("Content-Length: {}", text.len()), b"").await);
    assert!(ordinary.contains("1 MiB"), "{ordinary}");
    // Past it as it streams in (chunks, no length declared): refused once read that far.
    let mut chunked = Vec::new();
    for chunk in text.as_bytes()[..1024 * 1024 + 1].chunks(64 * 1024) {
        chunked.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        chunked.extend_from_slice(chunk);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let streamed = too_large(&raw(&sb, &key, "/v1/customers", "Transfer-Encoding: chunked", &chunked).await);
    assert!(streamed.contains("1 MiB"), "{streamed}");

    let loaded = sb
        .send(
            sb.request(reqwest::Method::POST, "/sandbox/snapshot", &key)
                .header("Content-Type", "application/json")
                .body(text),
        )
        .await;
    assert_eq!(loaded.status, StatusCode::CREATED, "{}", loaded.body);
    assert_eq!(loaded.body["copied"]["customers"], 1_002, "{}", loaded.body["copied"]);
    assert_eq!(loaded.body["copied"]["transactions"], 1_001);
    let new_key = Auth::Key(loaded.body["api_key"]["client_secret"].as_str().unwrap().to_owned());
    let ids: BTreeMap<String, String> = serde_json::from_value(loaded.body["ids"].clone()).unwrap();
    // The last copy's transaction, under its new id, in its flow.
    let rows = world["tables"]["transactions"]["rows"].as_array().unwrap();
    let last = rows.last().unwrap()[1].as_str().unwrap();
    let t = sb.get(&format!("/v1/transactions/{}", ids[last]), &new_key).await;
    assert!(["PROCESSING", "COMPLETED"].contains(&t.body["state"].as_str().unwrap_or_default()), "{}", t.body);

    // The document states each operation's own limit, from the route table.
    let doc = sb.get("/v1/openapi.json", &Auth::None).await.body;
    let documented = |path: &str| {
        let response = &doc["paths"][path]["post"]["responses"]["413"];
        let response = match response["$ref"].as_str() {
            Some(named) => &doc["components"]["responses"][named.rsplit('/').next().unwrap()],
            None => response,
        };
        response["description"].as_str().unwrap_or_else(|| panic!("{path}: {response}")).to_owned()
    };
    assert_eq!(documented("/sandbox/snapshot"), "PAYLOAD_TOO_LARGE: the request body is larger than 32 MiB");
    assert_eq!(documented("/v1/customers"), "PAYLOAD_TOO_LARGE: the request body is larger than 1 MiB");

    let bearer = sb.login().await;
    let apps = || async { sb.get("/v1/applications?limit=100", &bearer).await.body["data"].as_array().unwrap().len() };
    let before = apps().await;
    // Declared above the load's own limit: refused before a byte of it is read.
    let length = format!("Content-Length: {}", 32 * 1024 * 1024 + 1);
    let above = too_large(&raw(&sb, &key, "/sandbox/snapshot", &length, b"").await);
    assert!(above.contains("32 MiB"), "{above}");
    assert_eq!(apps().await, before, "nothing stored");
    sb.shutdown().await;
}

/// The answer to a POST of `body` with the `framing` header (its length,
/// or chunks), read over a socket until the server closes it.
async fn raw(sb: &TestSandbox, key: &Auth, path: &str, framing: &str, body: &[u8]) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Auth::Key(secret) = key else { unreachable!() };
    let mut socket = tokio::net::TcpStream::connect(sb.addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nX-API-Key: {secret}\r\nContent-Type: application/json\r\n\
         {framing}\r\nConnection: close\r\n\r\n",
        sb.addr
    );
    socket.write_all(head.as_bytes()).await.unwrap();
    socket.write_all(body).await.unwrap();
    let mut answer = Vec::new();
    socket.read_to_end(&mut answer).await.unwrap();
    String::from_utf8(answer).unwrap()
}

/// The message of a 413 `PAYLOAD_TOO_LARGE` answer in the envelope.
fn too_large(answer: &str) -> String {
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    let envelope: Value = serde_json::from_str(&answer[answer.find("\r\n\r\n").unwrap() + 4..]).unwrap();
    assert_eq!(envelope["error"]["code"], "PAYLOAD_TOO_LARGE", "{envelope}");
    envelope["error"]["message"].as_str().unwrap().to_owned()
}

/// One partner loads one snapshot at a time: while its first load's body
/// is still arriving, a second is 429 `RATE_LIMITED` with `Retry-After: 1`
/// before its body is read; once the first is answered, a load goes
/// through again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_partner_loads_one_snapshot_at_a_time() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let Auth::Key(secret) = &key else { unreachable!() };
    let committed = std::fs::read_to_string(COMMITTED).unwrap();
    let mut first = tokio::net::TcpStream::connect(sb.addr).await.unwrap();
    let head = format!(
        "POST /sandbox/snapshot HTTP/1.1\r\nHost: {}\r\nX-API-Key: {secret}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        sb.addr,
        committed.len()
    );
    let (start, rest) = committed.split_at(committed.len() / 2);
    first.write_all(head.as_bytes()).await.unwrap();
    first.write_all(start.as_bytes()).await.unwrap();
    // The head is read and the place taken well within this.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;

    let document: Value = serde_json::from_str(&committed).unwrap();
    let second = sb.post("/sandbox/snapshot", &key, document.clone()).await;
    second.assert_error(429, "RATE_LIMITED");
    assert_eq!(second.header("retry-after"), Some("1"));
    assert!(second.body["error"]["message"].as_str().unwrap().contains("one such body at a time"), "{}", second.body);
    // The partner's dashboard token is the same partner; another partner is not held by it.
    let bearer = sb.login().await;
    sb.post("/sandbox/snapshot", &bearer, document.clone()).await.assert_error(429, "RATE_LIMITED");
    let other = sb.other_partner().await;
    let theirs = sb.post("/sandbox/snapshot", &other, document.clone()).await;
    assert_eq!(theirs.status, StatusCode::CREATED, "{}", theirs.body);

    first.write_all(rest.as_bytes()).await.unwrap();
    let mut answer = String::new();
    first.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    load(&sb, &key, &document).await;
    sb.shutdown().await;
}

/// On a file, a snapshot reads every table as of one moment however busy
/// its application is: reads there run beside the writer, and a
/// transaction whose ledger entry was committed between the reads of the
/// entries and of their postings made the snapshot name an entry it did
/// not hold (a 500). Here transactions are made and settled without a
/// pause while snapshots are taken; each answers, and each holds the
/// entry of every posting in it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_on_a_file_is_one_moment_of_a_busy_world() {
    let dir = tempfile::tempdir().unwrap();
    let storage = payctl_sandbox::Storage::File(dir.path().join("sandbox.db"));
    let sb = spawn_with_config(payctl_sandbox::SandboxConfig { storage, rate_limit: None }).await;
    let key = sb.test_key();
    let beneficiary = crate::support::factories::verified_beneficiary(&sb, &key, "USDC").await;
    let transact = || async {
        let quote = crate::quotes::accepted_quote(&sb, &key, "2500").await;
        let t = post_txn(&sb, &key, &new_key(), json!({"quote_id": quote, "beneficiary_id": beneficiary})).await;
        assert_eq!(t.status, StatusCode::CREATED, "{}", t.body);
    };
    // A ledger that takes a while to read.
    for _ in 0..60 {
        transact().await;
    }
    let done = std::sync::atomic::AtomicBool::new(false);
    let busy = async {
        let mut made = 0;
        while !done.load(std::sync::atomic::Ordering::Relaxed) {
            transact().await;
            made += 1;
            if made % 5 == 0 {
                sb.advance_clock_of(&key, 30).await;
            }
        }
        made
    };
    let snapshots = async {
        for _ in 0..60 {
            let r = sb.get("/sandbox/snapshot", &key).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            let table = |name: &str, column: &str| -> Vec<i64> {
                let t = &r.body["tables"][name];
                let i = t["columns"].as_array().unwrap().iter().position(|c| c == column).unwrap();
                t["rows"].as_array().unwrap().iter().map(|row| row[i].as_i64().unwrap()).collect()
            };
            let entries: std::collections::HashSet<i64> = table("ledger_entries", "id").into_iter().collect();
            let postings = table("ledger_postings", "entry_id");
            assert!(postings.iter().all(|e| entries.contains(e)), "a posting names an entry the snapshot lacks");
        }
        done.store(true, std::sync::atomic::Ordering::Relaxed);
    };
    let (made, ()) = tokio::join!(busy, snapshots);
    assert!(made > 0);
    sb.shutdown().await;
}
