//! Tables are for people: `id` first, money in major units with its asset,
//! nested objects summarised, no amount received on a failed transaction,
//! and stored text that cannot drive the terminal. JSON keeps minor units
//! and the API's shape. Lists take `--cursor`.

use serde_json::json;

use super::Home;
use super::transfer::{bank_beneficiary, transfer_args};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_and_lists_read_as_people_expect() {
    let home = Home::initialised().await;
    let ben = bank_beneficiary(&home.sb).await;
    // A completed and a failed transaction (an amount ending in 13 fails).
    for amount in ["123456", "100013"] {
        let run = home.run(&transfer_args(amount, &ben, &["--yes"]), None).await.ok();
        let id = run.json()["id"].as_str().unwrap().to_owned();
        let verb = if amount.ends_with("13") { "fail" } else { "complete" };
        let r = home.sb.post(&format!("/sandbox/transactions/{id}/{verb}"), &home.sb.test_key(), json!({})).await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let table = home.run(&["transactions", "list", "-o", "table"], None).await.ok().stdout;
    let header = table.lines().find(|l| l.contains("STATE")).unwrap();
    assert!(header.trim_start_matches(['│', ' ']).starts_with("ID"), "{header}");
    let failed = table.lines().find(|l| l.contains("FAILED")).unwrap_or_else(|| panic!("{table}"));
    assert!(failed.contains("1,000.13 AED"), "{failed}");
    assert!(!failed.contains("EUR"), "a failed transaction received nothing: {failed}");
    let completed = table.lines().find(|l| l.contains("COMPLETED")).unwrap_or_else(|| panic!("{table}"));
    assert!(completed.contains("1,234.56 AED") && completed.contains(" EUR"), "{completed}");
    // JSON keeps the API's minor units.
    let json = home.json(&["transactions", "list", "-o", "json"]).await;
    assert!(json["data"].as_array().unwrap().iter().any(|t| t["source_amount_minor"] == "123456"));
    // A record: id first, then the API's order, not alphabetical.
    let record = home.run(&["beneficiaries", "get", &ben, "-o", "table"], None).await.ok().stdout;
    let fields: Vec<&str> =
        record.lines().filter_map(|l| l.strip_prefix("│ ").and_then(|r| r.split_whitespace().next())).collect();
    assert_eq!(&fields[..3], ["id", "customer_id", "type"], "{record}");
    // The nested account reads as its kind and a masked IBAN, never wrapped raw JSON.
    assert!(record.contains("BANK_ACCOUNT DE89••••••••3000"), "{record}");
    assert!(!record.contains("DE89370400440532013000") && !record.contains('{'), "{record}");
    let customer =
        home.json(&["beneficiaries", "get", &ben, "-o", "json"]).await["customer_id"].as_str().unwrap().to_owned();
    let list = home.run(&["beneficiaries", "list", "--customer", &customer, "-o", "table"], None).await.ok().stdout;
    assert!(list.contains("BANK_ACCOUNT DE89••••••••3000"), "{list}");
}

/// A server (an older sandbox, a proxy, anything at `--base-url`) whose
/// answers carry terminal escapes; the sandbox itself refuses such text.
async fn hostile_server(evil: &'static str) -> String {
    let customer = json!({"id": "c-1", "type": "business", "legal_name": evil, "email": "evil@example.com",
        "country": "AE", "country_name": "United Arab Emirates", "verification_level": "standard", "tax_id": "T",
        "kyb_status": "pending", "kyb_decided_at": null, "created_at": "2026-11-23T00:00:00.000Z",
        "updated_at": "2026-11-23T00:00:00.000Z"});
    let page = json!({"data": [customer.clone()], "next_cursor": null});
    let refusal = json!({"error": {"code": "VAL_0001", "message": format!("legal_name: {evil}"), "correlation_id": "c",
        "details": [{"field": "legal_name", "code": "invalid", "message": evil}]}});
    let app = axum::Router::new()
        .route(
            "/v1/customers",
            axum::routing::get(move || async move { axum::Json(page) })
                .post(move || async move { (axum::http::StatusCode::BAD_REQUEST, axum::Json(refusal)) }),
        )
        .route("/v1/customers/{id}", axum::routing::get(move || async move { axum::Json(customer) }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stored_text_cannot_drive_the_terminal() {
    let home = Home::initialised().await;
    let evil = "Evil\u{1b}]0;owned\u{7}\u{1b}[2J Corp\u{202e}gnp.exe\u{9b}31m";
    // The sandbox refuses such text outright...
    let body = json!({"type": "business", "legal_name": evil, "email": "evil@example.com", "country": "AE",
        "verification_level": "standard", "tax_id": "TRN-1"});
    assert_eq!(home.sb.post("/v1/customers", &home.sb.test_key(), body).await.status, 400);
    // ...and the CLI never lets a server's text drive the terminal.
    let server = hostile_server(evil).await;
    let at = |args: &[&str]| -> Vec<String> {
        ["--base-url", &server, "--api-key", "sk_test_hostile00000000000000000000000000"]
            .iter()
            .chain(args)
            .map(|s| (*s).to_owned())
            .collect()
    };
    let dangerous = |s: &str| s.chars().any(|c| matches!(c, '\u{1b}' | '\u{7}' | '\u{9b}' | '\u{202e}'));
    for args in [at(&["customers", "list", "-o", "table"]), at(&["customers", "get", "c-1", "-o", "table"])] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = home.run(&args, None).await.ok();
        assert!(!dangerous(&run.stdout), "{args:?}: {:?}", run.stdout);
        assert!(run.stdout.contains("Evil\\x1b]0;owned\\x07\\x1b[2J Corp\\u{202e}gnp.exe\\u{9b}31m"), "{}", run.stdout);
    }
    // JSON escapes them too, and still reads back as the same name.
    let args = at(&["customers", "get", "c-1", "-o", "json"]);
    let run = home.run(&args.iter().map(String::as_str).collect::<Vec<_>>(), None).await.ok();
    assert!(!dangerous(&run.stdout), "{:?}", run.stdout);
    assert_eq!(run.json()["legal_name"], evil);
    // Messages on stderr too.
    let args = at(&[
        "customers",
        "create",
        "--type",
        "business",
        "--legal-name",
        "x",
        "--email",
        "e2@example.com",
        "--country",
        "AE",
        "--verification-level",
        "standard",
        "--tax-id",
        "T-2",
        "-o",
        "json",
    ]);
    let made = home.run(&args.iter().map(String::as_str).collect::<Vec<_>>(), None).await;
    assert!(!dangerous(&made.stderr), "{:?}", made.stderr);
    assert!(made.stderr.contains("Evil\\x1b"), "{:?}", made.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lists_continue_from_a_cursor() {
    let home = Home::initialised().await;
    for n in 0..3 {
        crate::customers::create_customer(&home.sb, &home.sb.test_key(), &format!("c{n}@example.com")).await;
    }
    let first = home.json(&["customers", "list", "--limit", "2", "-o", "json"]).await;
    let cursor = first["next_cursor"].as_str().expect("a next cursor").to_owned();
    let table = home.run(&["customers", "list", "--limit", "2", "-o", "table"], None).await.ok();
    assert!(table.stderr.contains(&format!("--cursor {cursor}")), "{}", table.stderr);
    let second = home.json(&["customers", "list", "--limit", "2", "--cursor", &cursor, "-o", "json"]).await;
    let ids = |page: &serde_json::Value| -> Vec<String> {
        page["data"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(ids(&second).len(), 1);
    assert!(!ids(&first).contains(&ids(&second)[0]));
    assert!(second["next_cursor"].is_null());
    let all = home.json(&["customers", "list", "--limit", "1", "--cursor", &cursor, "--all", "-o", "json"]).await;
    assert_eq!(ids(&all), ids(&second));
}
