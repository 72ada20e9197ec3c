//! What the pages show: request logs with their redacted exchange, curl and
//! the fixture export (byte for byte `payctl logs export`), deliveries as
//! they were sent, flows with their timelines and postings, balances; and
//! how they are served (assets compiled in, security headers, live
//! refreshes that leave messages for the next page).

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{Browser, seeded, unescape};
use crate::cli::Home;
use crate::support::spawn_sandbox;
use crate::webhooks::Receiver;

const IBAN: &str = "DE89 3704 0044 0532 0130 00";

#[tokio::test]
async fn a_log_shows_the_redacted_request_and_answer_and_a_curl_without_the_key() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let created = sb
        .send(
            sb.request(reqwest::Method::POST, "/v1/customers", &key)
                .header("x-request-id", "console-detail-1")
                .header("idempotency-key", "idem-detail-1")
                .json(&json!({"type": "business", "legal_name": "Detail LLC", "email": "detail@example.com",
                    "country": "AE", "verification_level": "standard", "tax_id": "TRN-1"})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let customer = created.body["id"].as_str().unwrap().to_owned();
    let logs = sb.logs_where(&key, "method=POST", |l| !l.is_empty()).await;
    let log = logs[0]["id"].as_str().unwrap().to_owned();
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&sb).await;

    let list = browser.get(&format!("/console/apps/{app}/logs")).await;
    assert!(list.html.contains("console-detail-1") && list.html.contains(&format!("logs/{log}")));
    let page = browser.get(&format!("/console/apps/{app}/logs/{log}")).await;
    page.assert_ok();
    let text = page.text();
    assert!(!text.contains(&sb.ready.test_api_key), "the key never reaches a page");
    assert!(!text.to_ascii_lowercase().contains("x-api-key</th>"), "credential headers are not kept");
    assert!(text.contains("idem-detail-1") && text.contains("application/json"), "other request headers are");
    assert!(text.contains(&format!("\"id\": \"{customer}\"")), "the answer's body");
    assert!(text.contains("\"legal_name\": \"Detail LLC\""), "the request's body");
    let start = text.find("curl -X POST").unwrap();
    let curl = &text[start..start + text[start..].find("</code>").unwrap()];
    assert_eq!(
        curl,
        format!(
            "curl -X POST '{}/v1/customers' \\\n  -H \"X-API-Key: $PAYCTL_API_KEY\" \\\n  -H 'Content-Type: application/json' \\\n  -H 'Idempotency-Key: idem-detail-1' \\\n  --data-raw '{}'",
            sb.ready.base_url, logs[0]["request_body"]
        )
    );
    // A body with secrets in it is shown as the log keeps it: redacted.
    let hook =
        sb.post("/v1/webhooks", &key, json!({"url": "https://example.com/h", "events": ["settlement.created"]})).await;
    let secret = hook.body["secret"].as_str().unwrap().to_owned();
    let logs = sb.logs_where(&key, "endpoint=/v1/webhooks", |l| !l.is_empty()).await;
    let page = browser.get(&format!("/console/apps/{app}/logs/{}", logs[0]["id"].as_str().unwrap())).await;
    assert!(!page.html.contains(&secret), "the answer's secret is redacted before it is stored");
    assert!(page.text().contains("\"secret\": \"[REDACTED]\""));
}

#[tokio::test]
async fn a_body_the_log_did_not_keep_whole_is_shown_as_such_and_its_curl_says_it_is_not_the_request() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let text = format!(r#"{{"note":"{}"}}"#, "y".repeat(40_000));
    let refused = sb
        .send(
            sb.request(reqwest::Method::POST, "/v1/customers", &key)
                .header("content-type", "application/json")
                .body(text.clone()),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let logs = sb.logs_where(&key, "method=POST", |l| !l.is_empty()).await;
    assert_eq!(logs[0]["request_body_truncated"]["size"], text.len());
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&sb).await;
    let page = browser.get(&format!("/console/apps/{app}/logs/{}", logs[0]["id"].as_str().unwrap())).await;
    page.assert_ok();
    let shown = page.text();
    let note = format!(
        "The body was {} bytes (SHA-256 {})",
        text.len(),
        logs[0]["request_body_truncated"]["sha256"].as_str().unwrap()
    );
    assert!(shown.contains(&note) && shown.contains("only its first 16384 bytes are kept"), "{shown}");
    let start = shown.find("# The body was").expect("the curl starts with what it cannot send");
    let curl = &shown[start..start + shown[start..].find("</code>").unwrap()];
    assert!(curl.contains("not replayable as recorded.\ncurl -X POST"), "{curl}");
    assert!(!curl.contains("--data-raw"), "no prefix is sent as the body: {curl}");
}

#[tokio::test]
async fn log_filters_are_the_apis_and_the_list_pages() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    for _ in 0..3 {
        sb.get("/v1/customers/nope", &key).await;
    }
    sb.get("/v1/customers", &key).await;
    sb.logs_where(&key, "", |l| l.len() >= 4).await;
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&sb).await;
    let base = format!("/console/apps/{app}/logs");
    let errors = browser.get(&format!("{base}?status_code_gte=400&method=")).await;
    assert_eq!(errors.html.matches("/v1/customers/nope").count(), 3);
    assert!(!errors.html.contains(">200<"));
    let bad = browser.get(&format!("{base}?status_code_gte=99&from_date=yesterday")).await;
    bad.assert_ok();
    let text = bad.text();
    assert!(text.contains("status_code_gte: must be an HTTP status code from 100 to 599"), "{text}");
    assert!(text.contains("from_date: must be an ISO 8601 timestamp"), "{text}");
    // A bad filter exports nothing.
    let export = browser.get(&format!("{base}/export?method=FETCH")).await;
    assert!(browser.flash(&export).await.contains("method"));
}

/// The rows are on the application's sandbox clock: every page of an
/// application says so, with its time now and how far ahead it runs (the
/// page's script writes "updated at" on the same clock).
#[tokio::test]
async fn an_applications_pages_say_which_clock_their_times_are_on() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    assert_eq!(sb.post("/sandbox/clock/advance", &key, json!({"seconds": 3600})).await.status, 200);
    sb.get("/v1/customers", &key).await;
    let logs = sb.logs_where(&key, "endpoint=/v1/customers", |l| !l.is_empty()).await;
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&sb).await;
    let before = chrono::Utc::now();
    let page = browser.get(&format!("/console/apps/{app}/logs")).await;
    let text = page.text();
    assert!(text.contains("Times are on this application's sandbox clock, in UTC: now "), "{text}");
    assert!(text.contains("1h ahead of real time."), "{text}");
    let at = page.html.split("data-sandbox-clock=\"").nth(1).unwrap().split('"').next().unwrap();
    let shown = chrono::DateTime::parse_from_rfc3339(at).unwrap().with_timezone(&chrono::Utc);
    let ahead = (shown - before).num_seconds();
    assert!((3599..=3610).contains(&ahead), "the page's clock is the application's, {ahead} s ahead");
    // A row's time is on that clock too: within seconds of the clock line, not an hour behind it.
    let row = chrono::DateTime::parse_from_rfc3339(logs[0]["requested_at"].as_str().unwrap()).unwrap();
    assert!((shown - row.with_timezone(&chrono::Utc)).num_seconds().abs() < 60);
    for area in ["deliveries", "money", "customers", "webhooks"] {
        let other = browser.get(&format!("/console/apps/{app}/{area}")).await;
        assert!(other.html.contains("data-sandbox-clock="), "{area}");
    }
    let overview = browser.get("/console/overview").await;
    assert!(!overview.html.contains("data-sandbox-clock="), "no application, no one clock to name");
}

#[tokio::test]
async fn export_as_fixture_is_byte_for_byte_payctl_logs_export() {
    let home = Home::initialised().await;
    let sb = &home.sb;
    let key = sb.test_key();
    let first = crate::customers::create_customer(sb, &key, "first@example.com").await;
    let id = first["id"].as_str().unwrap();
    assert_eq!(sb.post(&format!("/sandbox/customers/{id}/approve"), &key, json!({})).await.status, 200);
    let beneficiary = sb
        .post(
            "/v1/beneficiaries",
            &key,
            json!({"customer_id": id, "type": "individual", "full_name": "Hans Müller",
            "country": "DE", "account": {"kind": "BANK_ACCOUNT", "destination_asset": "EUR", "iban": IBAN,
            "bank_name": "Commerzbank", "bank_country": "DE", "routing": "COBADEFFXXX"}}),
        )
        .await;
    assert_eq!(beneficiary.status, 201, "{}", beneficiary.body);
    assert_eq!(sb.get("/v1/customers/no-such-id", &key).await.status, 404);
    sb.logs_where(&key, "", |l| l.iter().filter(|r| r["path"] != "/v1/logs").count() >= 4).await;

    // The console first: its reads of ids are not logged, so the CLI sees the same logs.
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(sb).await;
    let response = browser.get(&format!("/console/apps/{app}/logs/export?name=replay")).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.headers["content-type"], "application/json");
    assert_eq!(response.headers["content-disposition"], "attachment; filename=\"replay.json\"");
    let file = home.dir.path().join("replay.json");
    home.run(&["logs", "export", "--name", "replay", "--file", file.to_str().unwrap()], None).await.ok();
    let cli = std::fs::read_to_string(&file).unwrap();
    assert_eq!(response.html, cli);
    let fixture: Value = serde_json::from_str(&cli).unwrap();
    assert_eq!(fixture["steps"][1]["path"], "/sandbox/customers/${s1-post-customers.id}/approve");
    // The redacted IBAN became a valid synthetic one of its country, the same in both files.
    let iban = fixture["steps"][2]["body"]["account"]["iban"].as_str().unwrap();
    assert_eq!(payctl_domain::iban::Iban::parse(iban).unwrap().country(), "DE");
    assert_ne!(iban, IBAN);

    // Part of the log (from the beneficiary on): both pull in the customer's
    // create and approval it refers to, and write the same file.
    let logs = sb.logs_where(&key, "", |_| true).await;
    let from = logs.iter().find(|l| l["path"] == "/v1/beneficiaries").unwrap()["requested_at"].as_str().unwrap();
    let query = format!("from_date={}", from.replace(':', "%3A"));
    let response = browser.get(&format!("/console/apps/{app}/logs/export?name=replay&{query}")).await;
    assert_eq!(response.status, StatusCode::OK);
    let windowed = home.dir.path().join("window.json");
    let args = ["logs", "export", "--name", "replay", "--from", from, "--file", windowed.to_str().unwrap()];
    let stderr = home.run(&args, None).await.ok().stderr;
    let cli = std::fs::read_to_string(&windowed).unwrap();
    assert_eq!(response.html, cli);
    let fixture: Value = serde_json::from_str(&cli).unwrap();
    let paths: Vec<&str> = fixture["steps"].as_array().unwrap().iter().map(|s| s["path"].as_str().unwrap()).collect();
    assert_eq!(
        paths[..3],
        ["/v1/customers", "/sandbox/customers/${s1-post-customers.id}/approve", "/v1/beneficiaries"]
    );
    // (The approval may share the beneficiary's millisecond, and so be selected rather than pulled in.)
    assert!(
        stderr.contains("earlier request(s) that create or change what the selected ones refer to: s1-post-customers")
    );
}

#[tokio::test]
async fn a_delivery_shows_the_exact_body_and_signature_header_sent() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    receiver.answer(&[503]);
    crate::webhooks::create(&sb, &key, &receiver.url, &["customer.kyb_rejected"]).await;
    sb.post("/sandbox/events/trigger", &key, json!({"event": "customer.kyb_rejected"})).await;
    let got = receiver.wait_for(2).await;
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&sb).await;
    let list = browser.get(&format!("/console/apps/{app}/deliveries?event=customer.kyb_rejected")).await;
    let start = list.html.find("deliveries/dlv_").unwrap() + "deliveries/".len();
    let delivery = &list.html[start..start + list.html[start..].find('"').unwrap()];
    assert!(
        browser
            .get(&format!("/console/apps/{app}/deliveries?status=failed"))
            .await
            .html
            .contains("No deliveries match.")
    );
    assert!(
        browser
            .get(&format!("/console/apps/{app}/deliveries?event=settlement.created"))
            .await
            .html
            .contains("No deliveries match.")
    );

    let page = browser.get(&format!("/console/apps/{app}/deliveries/{delivery}")).await;
    let text = page.text();
    for (i, received) in got.iter().take(2).enumerate() {
        let header = received.header("x-service-signature");
        assert!(text.contains(&format!("X-Service-Signature: {header}")), "attempt {}: {header}", i + 1);
    }
    assert!(text.contains(">503<") && text.contains(">200<"));
    let start = text.find("<pre class=\"code\" id=\"payload\"><code>").unwrap()
        + "<pre class=\"code\" id=\"payload\"><code>".len();
    let shown = &text[start..start + text[start..].find("</code>").unwrap()];
    assert_eq!(shown.as_bytes(), got[0].body.as_slice());
    assert_eq!(unescape(shown).as_bytes(), got[1].body.as_slice());
}

#[tokio::test]
async fn a_flow_shows_its_timeline_events_postings_and_the_balances() {
    let s = seeded().await;
    let sb = &s.sb;
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(sb).await;
    let list = browser.get(&format!("/console/apps/{app}/money")).await;
    assert!(list.html.contains(&format!("money/transaction/{}", s.transaction)));
    browser.post(&format!("/console/apps/{app}/money/transaction/{}/complete", s.transaction), &[]).await;
    let page = browser.get(&format!("/console/apps/{app}/money/transaction/{}", s.transaction)).await;
    let text = page.text();
    let timeline = &text[text.find("<ol class=\"timeline\">").unwrap()..text.find("</ol>").unwrap()];
    let pending = timeline.find(">PENDING<").unwrap();
    let created = timeline.find("settlement.created").unwrap();
    let completed = timeline.find(">COMPLETED<").unwrap();
    let settled = timeline.find("settlement.completed").unwrap();
    assert!(pending < created && created < completed && completed < settled, "{timeline}");
    assert!(text.contains("transaction.hold") && text.contains("transaction.settlement"), "postings");
    assert!(!text.contains("name=\"reason\""), "no actions once the flow ended");
    // The events link to their deliveries.
    let at = timeline.find("event_id=").unwrap();
    let event = &timeline[at + 9..];
    let event = &event[..event.find('"').unwrap()];
    let event_type = &timeline[timeline[..at].rfind("<code>").unwrap() + 6..];
    let event_type = &event_type[..event_type.find("</code>").unwrap()];
    let deliveries = browser.get(&format!("/console/apps/{app}/deliveries?event_id={event}")).await;
    assert!(deliveries.html.contains(&s.endpoint) || deliveries.html.contains("settlement.created"));
    // The event's deliveries, and only deliveries of its type.
    let html = &deliveries.html;
    let rows = html.matches("deliveries/dlv_").count();
    assert!(rows > 0 && !html.contains("No deliveries match."), "{html}");
    assert_eq!(html.matches("<td><code>").count(), rows, "one event cell a row: {html}");
    assert_eq!(html.matches(&format!("<td><code>{event_type}</code></td>")).count(), rows, "{event_type}: {html}");

    let balances = browser.get(&format!("/console/apps/{app}/accounts")).await;
    let text = balances.text();
    for purpose in ["float", "external", "in_flight"] {
        assert!(text.contains(&format!("<td>{purpose}")), "{purpose}");
    }
    let account = text.find("accounts/acc_").map(|i| &text[i + 9..i + 9 + 36]).unwrap();
    let page = browser.get(&format!("/console/apps/{app}/accounts/{account}")).await;
    page.assert_ok();
    assert!(page.html.contains("Newest postings"));
    // Every account's page shows the balance the list shows; the
    // transaction's postings are on its accounts' pages, linked to it.
    let mut posted = 0;
    for (i, _) in text.match_indices("accounts/acc_") {
        let row = &text[i..i + text[i..].find("</tr>").unwrap()];
        let listed = row.split("<td class=\"num\">").nth(1).and_then(|c| c.split("</td>").next()).unwrap();
        let page = browser.get(&format!("/console/apps/{app}/accounts/{}", &text[i + 9..i + 9 + 36])).await;
        page.assert_ok();
        let shown = page.text();
        assert!(shown.contains(&format!("<dt>Balance</dt><dd>{listed}</dd>")), "{listed}: {shown}");
        if shown.contains(&format!("money/transaction/{}\"", s.transaction)) {
            assert!(!shown.contains("No postings."), "{shown}");
            posted += 1;
        }
    }
    assert!(posted >= 2, "a transaction posts to two accounts at least, and its postings are shown");
    let customer = browser.get(&format!("/console/apps/{app}/customers/{}", s.customer)).await;
    assert!(customer.text().contains(">pending<"));
}

#[tokio::test]
async fn live_refreshes_leave_messages_for_the_next_page() {
    let sb = spawn_sandbox().await;
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&sb).await;
    let done = browser.post(&format!("/console/apps/{app}/clock/advance"), &[("seconds", "5")]).await;
    let refreshed = browser.get_live(&format!("/console/apps/{app}/logs")).await;
    assert!(!refreshed.html.contains("the clock now reads"));
    assert!(browser.flash(&done).await.contains("the clock now reads"));
    assert!(!browser.get("/console/overview").await.html.contains("the clock now reads"), "shown once");
}

#[tokio::test]
async fn assets_are_compiled_in_and_pages_are_locked_down() {
    let sb = spawn_sandbox().await;
    let mut browser = Browser::demo(&sb).await;
    let page = browser.get("/console/overview").await;
    let csp = page.headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.headers["x-content-type-options"], "nosniff");
    assert_eq!(page.headers["content-type"], "text/html; charset=utf-8");
    // Nothing is loaded from elsewhere: no CDN, no web font.
    for (asset, kind) in
        [("console.css", "text/css"), ("console.js", "text/javascript"), ("favicon.svg", "image/svg+xml")]
    {
        let href = format!("/console/assets/{asset}?v=");
        assert!(page.html.contains(&href), "{asset} is linked");
        let got = browser.get(&format!("/console/assets/{asset}")).await;
        assert_eq!(got.status, StatusCode::OK);
        assert!(got.headers["content-type"].to_str().unwrap().starts_with(kind));
        assert!(
            !got.html.contains("https://") && !got.html.contains("@import") && !got.html.contains("url("),
            "{asset}"
        );
        let etag = got.headers["etag"].to_str().unwrap().to_owned();
        let again = sb
            .http
            .get(sb.url(&format!("/console/assets/{asset}")))
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    }
    assert!(!page.html.contains("<script>") && !page.html.contains("style="), "no inline script or style");
    assert_eq!(browser.get("/console/assets/other.js").await.status, StatusCode::NOT_FOUND);
    assert_eq!(sb.ready.console_url, format!("{}/console", sb.ready.base_url));
    // Labels for every input a page has.
    let inputs =
        page.html.matches("<input type=\"text\"").count() + page.html.matches("<input type=\"number\"").count();
    assert!(inputs > 0);
    assert!(page.html.matches("<label>").count() >= inputs, "every visible field sits in a label");
}

#[tokio::test]
async fn deliveries_show_the_fault_that_shaped_them_and_the_receivers_verdict() {
    use crate::webhooks::faults::deliveries;
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let (receiver, wh) = super::forgery_offered(&sb).await;
    receiver.wait_for(2).await;
    let mut probe = Value::Null;
    for _ in 0..200 {
        let all = deliveries(&sb, &key, &wh).await;
        if let Some(p) = all.iter().find(|d| d["role"] == "probe" && d["status"] != "pending") {
            probe = p.clone();
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let id = probe["id"].as_str().expect("a probe was recorded");
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&sb).await;
    let list = browser.get(&format!("/console/apps/{app}/deliveries")).await;
    let text = list.assert_ok().text();
    assert!(text.contains("probe") && text.contains("forged_signature"), "{text}");
    assert!(text.contains("accepted_forgery"), "the naive receiver's 2xx is a forgery accepted: {text}");
    let page = browser.get(&format!("/console/apps/{app}/deliveries/{id}")).await;
    let text = page.assert_ok().text();
    assert!(text.contains("a probe a correct receiver refuses"), "{text}");
    assert!(text.contains("signed with a wrong secret"), "{text}");
    assert!(text.contains(probe["fault"]["rule_id"].as_str().unwrap()), "the rule is named: {text}");
}
