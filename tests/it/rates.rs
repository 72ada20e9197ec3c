//! `/sandbox/rates`: the table, overrides, and their use in pricing.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox, spawn_sandbox};

fn find<'a>(rates: &'a Value, source: &str, destination: &str) -> Option<&'a Value> {
    rates["data"].as_array().unwrap().iter().find(|r| r["source"] == source && r["destination"] == destination)
}

/// The destination amount of a 1,000.00 AED to EUR transaction quote.
async fn quoted_eur(sb: &TestSandbox, auth: &Auth) -> String {
    let body = json!({"corridor_id": "uae", "source_asset": "AED", "source_amount_minor": "100000",
        "destination_asset": "EUR", "destination_kind": "BANK"});
    let q = sb.post("/v1/transactions/quote", auth, body).await;
    assert_eq!(q.status, StatusCode::CREATED, "{}", q.body);
    q.body["destination_amount_minor"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_test_key_overrides_its_own_applications_rates_until_cleared() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let rates = sb.get("/sandbox/rates", &key).await;
    assert_eq!(rates.status, StatusCode::OK);
    assert_eq!(
        find(&rates.body, "AED", "EUR"),
        Some(&json!({"source": "AED", "destination": "EUR", "rate": "0.249221", "origin": "table"}))
    );

    let set = sb.put("/sandbox/rates", &key, json!({"source": "AED", "destination": "EUR", "rate": "0.25"})).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.body);
    assert_eq!(set.body["origin"], "application");
    assert_eq!(quoted_eur(&sb, &key).await, "25000", "the application's quotes use its rate");
    // Nobody else's prices moved: another application, the LIVE key, the dashboard.
    let (_, other) = sb.new_app_key(&sb.login().await, "TEST").await;
    assert_eq!(quoted_eur(&sb, &Auth::Key(other.clone())).await, "24922");
    assert_eq!(quoted_eur(&sb, &sb.live_key()).await, "24922");
    let bearer = sb.login().await;
    let sim = sb.get("/v1/pricing/simulate?source_amount=100000&source_currency=AED&dest_currency=EUR", &bearer).await;
    assert_eq!(sim.body["exchange_rate"], "0.249221", "{}", sim.body);
    assert_eq!(find(&sb.get("/sandbox/rates", &Auth::Key(other)).await.body, "AED", "EUR").unwrap()["origin"], "table");

    assert_eq!(sb.delete("/sandbox/rates/AED/EUR", &key).await.status, StatusCode::NO_CONTENT);
    assert_eq!(quoted_eur(&sb, &key).await, "24922");
    sb.delete("/sandbox/rates/AED/EUR", &key).await.assert_error(404, "NOT_FOUND");
}

#[tokio::test]
async fn the_control_token_sets_global_rates_or_one_test_applications() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let global =
        sb.put("/sandbox/rates", &sb.control(), json!({"source": "AED", "destination": "EUR", "rate": "0.3"})).await;
    assert_eq!(global.body["origin"], "global", "{}", global.body);
    assert_eq!(quoted_eur(&sb, &sb.live_key()).await, "30000", "every application follows a global rate");
    assert_eq!(quoted_eur(&sb, &key).await, "30000");
    // An application's own override wins over the global one, for it alone.
    let own =
        json!({"source": "AED", "destination": "EUR", "rate": "0.2", "application_id": sb.ready.test_application_id});
    assert_eq!(sb.put("/sandbox/rates", &sb.control(), own).await.body["origin"], "application");
    assert_eq!(quoted_eur(&sb, &key).await, "20000");
    assert_eq!(quoted_eur(&sb, &sb.live_key()).await, "30000");
    let scoped = format!("/sandbox/rates?application_id={}", sb.ready.test_application_id);
    assert_eq!(find(&sb.get(&scoped, &sb.control()).await.body, "AED", "EUR").unwrap()["rate"], "0.2");
    assert_eq!(find(&sb.get("/sandbox/rates", &sb.control()).await.body, "AED", "EUR").unwrap()["rate"], "0.3");
    // A pair the table lacks becomes priced (and listed) everywhere.
    let added =
        sb.put("/sandbox/rates", &sb.control(), json!({"source": "GBP", "destination": "EUR", "rate": "1.17"})).await;
    assert_eq!(added.status, StatusCode::OK);
    assert_eq!(find(&sb.get("/sandbox/rates", &key).await.body, "GBP", "EUR").unwrap()["origin"], "global");
    // LIVE applications follow the global rates only: the operator can read what one uses, not change it;
    // unknown ones are 404.
    let live =
        json!({"source": "AED", "destination": "EUR", "rate": "9", "application_id": sb.ready.live_application_id});
    sb.put("/sandbox/rates", &sb.control(), live).await.assert_error(403, "ATH_0002");
    let live_rates = format!("/sandbox/rates?application_id={}", sb.ready.live_application_id);
    let read = sb.get(&live_rates, &sb.control()).await;
    assert_eq!(find(&read.body, "AED", "EUR").unwrap()["rate"], "0.3", "{}", read.body);
    assert_eq!(find(&read.body, "AED", "EUR").unwrap()["origin"], "global");
    let live_clear = format!("/sandbox/rates/AED/EUR?application_id={}", sb.ready.live_application_id);
    sb.delete(&live_clear, &sb.control()).await.assert_error(403, "ATH_0002");
    assert_eq!(quoted_eur(&sb, &sb.live_key()).await, "30000", "the refused changes changed nothing");
    let unknown = json!({"source": "AED", "destination": "EUR", "rate": "9", "application_id": "nope"});
    sb.put("/sandbox/rates", &sb.control(), unknown).await.assert_error(404, "NOT_FOUND");
    // A TEST key naming another application is 404, never a change there.
    let (other_app, _) = sb.new_app_key(&sb.login().await, "TEST").await;
    let theirs = json!({"source": "AED", "destination": "EUR", "rate": "9", "application_id": other_app});
    sb.put("/sandbox/rates", &key, theirs).await.assert_error(404, "NOT_FOUND");
    let cleared = format!("/sandbox/rates/AED/EUR?application_id={}", sb.ready.test_application_id);
    assert_eq!(sb.delete(&cleared, &sb.control()).await.status, StatusCode::NO_CONTENT);
    assert_eq!(quoted_eur(&sb, &key).await, "30000");
}

#[tokio::test]
async fn bad_overrides_are_refused() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb.put("/sandbox/rates", &key, json!({"source": "XXX", "destination": "XXX", "rate": "-1"})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["source", "destination", "destination", "rate"]);
    for rate in ["0", "1e3", "abc", "1.0000000000000000001"] {
        sb.put("/sandbox/rates", &key, json!({"source": "AED", "destination": "EUR", "rate": rate}))
            .await
            .assert_error(400, "VAL_0001");
    }
    sb.put("/sandbox/rates", &sb.live_key(), json!({"source": "AED", "destination": "EUR", "rate": "1"}))
        .await
        .assert_error(403, "ATH_0002");
    sb.get("/sandbox/rates", &Auth::None).await.assert_error(401, "ATH_0001");
}
