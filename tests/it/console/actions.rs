//! Console actions are API calls: the API's rules, answers and events, its
//! request log (as key `console`) and its idempotency (a form sent twice
//! runs once). Secrets appear in a page once.

use reqwest::StatusCode;
use serde_json::json;

use super::{Browser, seeded, transaction};
use crate::support::{Auth, spawn_sandbox};
use crate::webhooks::{Receiver, verifies};

#[tokio::test]
async fn a_key_is_shown_once_works_and_a_resubmitted_form_creates_nothing_more() {
    let sb = spawn_sandbox().await;
    let mut browser = Browser::demo(&sb).await;
    let app = sb.ready.test_application_id.clone();
    let bearer = sb.login().await;
    let keys = |b: Auth| {
        let sb = &sb;
        let app = app.clone();
        async move { sb.get(&format!("/v1/applications/{app}/keys"), &b).await.body["data"].as_array().unwrap().len() }
    };
    let before = keys(bearer.clone()).await;
    let idem = uuid::Uuid::new_v4().to_string();
    let page =
        browser.post_with_key(&format!("/console/apps/{app}/keys"), &[("name", "from the console")], &idem).await;
    page.assert_ok();
    let start = page.html.find("sk_test_").expect("the secret, once");
    let secret = page.html[start..start + 40].to_owned();
    assert!(page.html.contains("shown this once"));
    assert_eq!(keys(bearer.clone()).await, before + 1);
    // The key is real.
    assert_eq!(sb.get("/v1/customers", &Auth::Key(secret.clone())).await.status, StatusCode::OK);
    // The same form again: the API replays its answer, the page shows no secret.
    let again =
        browser.post_with_key(&format!("/console/apps/{app}/keys"), &[("name", "from the console")], &idem).await;
    let flash = browser.flash(&again).await;
    assert!(flash.contains("sent before"), "{flash}");
    assert!(!browser.get("/console/overview").await.html.contains(&secret));
    assert_eq!(keys(bearer.clone()).await, before + 1);
    // Nowhere else does the secret appear.
    let overview = browser.get("/console/overview").await;
    assert!(!overview.html.contains(&secret));
    assert!(overview.html.contains("from the console"));

    // Revoke it from the console: the API refuses it at once.
    let listed = sb.get(&format!("/v1/applications/{app}/keys"), &bearer).await;
    let id = listed.body["data"][0]["api_key_id"].as_str().unwrap().to_owned();
    let revoked = browser.post(&format!("/console/apps/{app}/keys/{id}/revoke"), &[]).await;
    assert!(browser.flash(&revoked).await.contains("Key revoked."));
    sb.get("/v1/customers", &Auth::Key(secret)).await.assert_error(401, "ATH_0001");
    // Revoking again is the API's 409, shown as such.
    let twice = browser.post(&format!("/console/apps/{app}/keys/{id}/revoke"), &[]).await;
    let flash = browser.flash(&twice).await;
    assert!(flash.contains("409 KEY_REVOKED"), "{flash}");
}

#[tokio::test]
async fn actions_are_logged_as_console_run_once_and_emit_the_api_events() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    crate::webhooks::create(&sb, &key, &receiver.url, &["customer.kyb_approved", "settlement.failed"]).await;
    let customer = crate::customers::create_customer(&sb, &key, "console@example.com").await;
    let id = customer["id"].as_str().unwrap();
    let mut browser = Browser::demo(&sb).await;
    let app = sb.ready.test_application_id.clone();

    let page = browser.post(&format!("/console/apps/{app}/customers/{id}/approve"), &[]).await;
    assert_eq!(page.location(), format!("/console/apps/{app}/customers/{id}"));
    assert!(browser.flash(&page).await.contains("Customer approved."));
    assert_eq!(sb.get(&format!("/v1/customers/{id}"), &key).await.body["kyb_status"], "approved");
    let delivered = receiver.wait_for(1).await;
    assert_eq!(delivered[0].json()["event"], "customer.kyb_approved");
    assert_eq!(delivered[0].json()["customer_id"], id);

    // Logged like a key's request, as the console.
    let logs = sb.logs_where(&key, "method=POST&endpoint=/sandbox/customers", |l| !l.is_empty()).await;
    assert_eq!(logs[0]["path"], format!("/sandbox/customers/{id}/approve"));
    assert_eq!(logs[0]["api_key_id"], "console");
    assert!(logs[0]["correlation_id"].as_str().unwrap().starts_with("console-"));
    assert_eq!(logs[0]["status_code"], 200);
    // Deciding again is the API's conflict.
    let again = browser.post(&format!("/console/apps/{app}/customers/{id}/reject"), &[]).await;
    assert!(browser.flash(&again).await.contains("409 CONFLICT"));

    // The same trigger form sent twice records one event.
    let idem = uuid::Uuid::new_v4().to_string();
    for _ in 0..2 {
        let page = browser
            .post_with_key(&format!("/console/apps/{app}/trigger"), &[("event", "settlement.failed")], &idem)
            .await;
        assert!(page.location().starts_with(&format!("/console/apps/{app}/deliveries?event_id=evt_")));
    }
    let got = receiver.wait_for(2).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(receiver.received().len(), 2, "one triggered event, delivered once");
    assert_eq!(got[1].json()["event"], "settlement.failed");
    let triggered = sb.logs_where(&key, "endpoint=/sandbox/events/trigger", |l| l.len() >= 2).await;
    assert_eq!(triggered.len(), 2, "both submissions reached the API");

    // A LIVE application has no simulation: the API's refusal is shown.
    let live = sb.ready.live_application_id.clone();
    let refused = browser.post(&format!("/console/apps/{live}/clock/advance"), &[("seconds", "60")]).await;
    let flash = browser.flash(&refused).await;
    assert!(flash.contains("403 ATH_0002"), "{flash}");
}

#[tokio::test]
async fn webhook_endpoints_from_create_to_delete() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let receiver = Receiver::start().await;
    let mut browser = Browser::demo(&sb).await;
    let app = sb.ready.test_application_id.clone();
    let base = format!("/console/apps/{app}/webhooks");

    // The API's validation, with its field messages.
    let bad = browser.post(&base, &[("url", "http://example.com/hook")]).await;
    let flash = browser.flash(&bad).await;
    assert!(flash.contains("400 VAL_0001"), "{flash}");
    assert!(flash.contains("url:") && flash.contains("events:"), "{flash}");

    let page = browser
        .post(&base, &[("url", &receiver.url), ("events", "settlement.created"), ("events", "settlement.failed")])
        .await;
    page.assert_ok();
    assert!(page.html.contains("shown this once"), "{}", page.html);
    let start = page.html.find("whsec_").unwrap();
    let secret = page.html[start..start + 46].to_owned();
    let listed = sb.get("/v1/webhooks", &key).await.body["data"][0].clone();
    let id = listed["id"].as_str().unwrap().to_owned();
    assert_eq!(listed["events"], json!(["settlement.created", "settlement.failed"]));
    assert!(listed["masked_secret"].as_str().unwrap().ends_with(&secret[42..]));
    let shown = browser.get(&format!("{base}/{id}")).await;
    assert!(!shown.html.contains(&secret), "the endpoint page masks the secret");

    // Edit: events and status, through PATCH.
    let saved = browser
        .post(
            &format!("{base}/{id}"),
            &[
                ("url", &receiver.url),
                ("events", "customer.kyb_rejected"),
                ("status", "disabled"),
                ("description", "console"),
            ],
        )
        .await;
    assert!(browser.flash(&saved).await.contains("Endpoint saved."));
    let patched = sb.get(&format!("/v1/webhooks/{id}"), &key).await.body;
    assert_eq!(
        (patched["events"].clone(), patched["status"].clone(), patched["description"].clone()),
        (json!(["customer.kyb_rejected"]), json!("disabled"), json!("console"))
    );

    // Rotate: a new secret, once, and the old one signs nothing more.
    browser
        .post(
            &format!("{base}/{id}"),
            &[("url", &receiver.url), ("events", "settlement.created"), ("status", "enabled")],
        )
        .await;
    let rotated = browser.post(&format!("{base}/{id}/rotate"), &[]).await;
    rotated.assert_ok();
    let start = rotated.html.find("whsec_").unwrap();
    let fresh = rotated.html[start..start + 46].to_owned();
    assert_ne!(fresh, secret);
    sb.post("/sandbox/events/trigger", &key, json!({"event": "settlement.created"})).await;
    let got = receiver.wait_for(1).await;
    assert!(verifies(&got[0], &fresh) && !verifies(&got[0], &secret));

    let deleted = browser.post(&format!("{base}/{id}/delete"), &[]).await;
    assert!(browser.flash(&deleted).await.contains("Endpoint deleted."));
    sb.get(&format!("/v1/webhooks/{id}"), &key).await.assert_error(404, "NOT_FOUND");
    assert_eq!(browser.get(&format!("{base}/{id}")).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn simulation_actions_move_the_flows_and_the_clock() {
    let s = seeded().await;
    let sb = &s.sb;
    let key = sb.test_key();
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(sb).await;
    let done = browser.post(&format!("/console/apps/{app}/money/transaction/{}/complete", s.transaction), &[]).await;
    assert!(browser.flash(&done).await.contains("Transaction completed."));
    assert_eq!(sb.get(&format!("/v1/transactions/{}", s.transaction), &key).await.body["state"], "COMPLETED");

    let other = transaction(sb, &key).await["id"].as_str().unwrap().to_owned();
    let failed = browser
        .post(&format!("/console/apps/{app}/money/transaction/{other}/fail"), &[("reason", "beneficiary bank closed")])
        .await;
    assert!(browser.flash(&failed).await.contains("Transaction failed."));
    let t = sb.get(&format!("/v1/transactions/{other}"), &key).await.body;
    assert_eq!((t["state"].as_str(), t["failure_reason"].as_str()), (Some("FAILED"), Some("beneficiary bank closed")));

    // A payment, funded from the console.
    crate::legacy_quotes::fix_rate(sb).await;
    let customer = crate::legacy_quotes::customer(sb, "payer@example.com", true).await;
    let quote = crate::legacy_quotes::accepted_quote(sb, &customer, "1000.00").await;
    let payment = sb
        .send(
            sb.request(reqwest::Method::POST, "/v1/payments", &key)
                .header("idempotency-key", "console-fund")
                .json(&json!({"quote_id": quote, "collection_method": "VIRTUAL_IBAN"})),
        )
        .await;
    let payment = payment.body["id"].as_str().unwrap().to_owned();
    let funded = browser.post(&format!("/console/apps/{app}/money/payment/{payment}/fund"), &[]).await;
    assert!(browser.flash(&funded).await.contains("Funds received."));
    assert_eq!(sb.get(&format!("/v1/payments/{payment}"), &key).await.body["status"], "funds_received");

    // The clock of the TEST application, and only it, moves.
    let advanced = browser.post(&format!("/console/apps/{app}/clock/advance"), &[("seconds", "3600")]).await;
    assert!(browser.flash(&advanced).await.contains("the clock now reads"));
    assert_eq!(sb.get("/sandbox/clock", &key).await.body["offset_seconds"], 3600);
    assert_eq!(sb.get("/sandbox/clock", &sb.control()).await.body["offset_seconds"], 0);
    // A value the API refuses, with its message.
    let refused = browser.post(&format!("/console/apps/{app}/clock/advance"), &[("seconds", "soon")]).await;
    assert!(browser.flash(&refused).await.contains("400 VAL_0001"));
}

#[tokio::test]
async fn a_new_user_registers_and_sets_up_pricing_and_wallets() {
    let sb = spawn_sandbox().await;
    let username = format!("new-{}@example.com", uuid::Uuid::new_v4());
    sb.post("/sandbox/users", &sb.control(), json!({"username": username, "password": "password-123"})).await;
    let mut browser = Browser::new(&sb);
    browser.sign_in(&username, "password-123").await;
    let first = browser.get("/console/overview").await;
    assert!(first.html.contains("Register partner"));
    let pricing = browser.get("/console/pricing").await;
    assert!(pricing.html.contains("ATH_0002"), "pricing needs a partner: {}", pricing.html);

    let registered =
        browser.post("/console/register", &[("company_name", "Console Co"), ("email", "ops@console.example")]).await;
    assert!(browser.flash(&registered).await.contains("Partner registered."));
    let created = browser.post("/console/applications", &[("name", "Console TEST"), ("environment", "TEST")]).await;
    assert!(browser.flash(&created).await.contains("Application created."));
    let bearer = sb.login_as(&username, "password-123").await;
    let apps = sb.get("/v1/applications", &bearer).await.body;
    assert_eq!(apps["data"][0]["name"], "Console TEST");

    let markup =
        browser.post("/console/pricing/markup", &[("kind", "BPS"), ("value", "125"), ("min_fee", "100")]).await;
    assert!(browser.flash(&markup).await.contains("Partner markup saved."));
    let got = sb.get("/v1/pricing/markup", &bearer).await.body;
    assert_eq!((got["value"].clone(), got["min_fee"].clone()), (json!(125), json!(100)));
    // A customer override is for one of the partner's own customers.
    let app_id = apps["data"][0]["id"].as_str().unwrap();
    let key = sb.post(&format!("/v1/applications/{app_id}/keys"), &bearer, json!({})).await;
    let key = crate::support::Auth::Key(key.body["client_secret"].as_str().unwrap().to_owned());
    let customer = crate::support::factories::customer(&sb, &key, false).await;
    let flat = browser
        .post(
            "/console/pricing/customers/markup",
            &[("customer_id", &customer), ("kind", "FLAT"), ("value", "500"), ("currency", "AED")],
        )
        .await;
    assert!(browser.flash(&flat).await.contains("Customer override saved."));
    assert_eq!(sb.get(&format!("/v1/pricing/customers/{customer}/markup"), &bearer).await.body["kind"], "FLAT");
    // The API judges the form: a FLAT markup needs a currency.
    let bad = browser.post("/console/pricing/markup", &[("kind", "FLAT"), ("value", "5")]).await;
    assert!(browser.flash(&bad).await.contains("currency"));
    // Simulation with the partner's markup: the API's arithmetic.
    let sim = browser.get("/console/pricing?source_amount=100000&source_currency=AED&dest_currency=EUR").await;
    let api =
        sb.get("/v1/pricing/simulate?source_amount=100000&source_currency=AED&dest_currency=EUR", &bearer).await.body;
    assert!(sim.html.contains(&format!("<dd>{} <span", api["fee_minor"].as_str().unwrap())), "{}", sim.html);
    assert!(sim.html.contains(api["destination_amount_minor"].as_str().unwrap()));
    let removed = browser.post(&format!("/console/pricing/customers/{customer}/markup/delete"), &[]).await;
    assert!(browser.flash(&removed).await.contains("Customer override removed."));
    let wallet = browser
        .post(
            "/console/pricing/wallets",
            &[
                ("network", "ethereum"),
                ("walletRole", "PARTNER_MARGIN"),
                ("address", "0x52908400098527886E0F7030069857D2E4169EE7"),
            ],
        )
        .await;
    assert!(browser.flash(&wallet).await.contains("Wallet saved."));
    let wallets = sb.get("/v1/partner-wallets", &bearer).await.body;
    assert_eq!(wallets["data"][0]["address"], "0x52908400098527886E0F7030069857D2E4169EE7");
}

#[tokio::test]
async fn a_deactivated_application_is_refused_like_its_keys() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let (app, secret) = sb.new_app_key(&bearer, "TEST").await;
    let key = Auth::Key(secret);
    let mut browser = Browser::demo(&sb).await;
    let off = sb.post(&format!("/v1/applications/{app}/deactivate"), &bearer, json!({})).await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.body);
    // What the API answers the application's own key.
    let refusal = sb.get("/v1/webhooks", &key).await;
    refusal.assert_error(403, "ATH_0002");
    let message = refusal.body["error"]["message"].as_str().unwrap().to_owned();

    // An API-key route: no endpoint is created.
    let hook = browser
        .post(
            &format!("/console/apps/{app}/webhooks"),
            &[("url", "https://example.com/deactivated"), ("events", "settlement.created")],
        )
        .await;
    let flash = browser.flash(&hook).await;
    assert!(flash.contains(&format!("403 ATH_0002: {message}")), "{flash}");
    let endpoints = browser.get(&format!("/console/apps/{app}/webhooks")).await;
    endpoints.assert_ok();
    assert!(!endpoints.html.contains("https://example.com/deactivated"), "no endpoint was created");
    // A simulation route: the clock does not move.
    let clock = browser.post(&format!("/console/apps/{app}/clock/advance"), &[("seconds", "60")]).await;
    let flash = browser.flash(&clock).await;
    assert!(flash.contains(&format!("403 ATH_0002: {message}")), "{flash}");
    let read = sb.get(&format!("/sandbox/clock?application_id={app}"), &sb.control()).await;
    assert_eq!(read.body["offset_seconds"], 0, "{}", read.body);
}
