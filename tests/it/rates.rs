//! `/sandbox/rates`: the table, overrides, and their use in pricing.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{Auth, spawn_sandbox};

#[tokio::test]
async fn overrides_replace_the_table_rate_until_cleared() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let rates = sb.get("/sandbox/rates", &key).await;
    assert_eq!(rates.status, StatusCode::OK);
    let aed_eur = rates.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["source"] == "AED" && r["destination"] == "EUR")
        .unwrap()
        .clone();
    assert_eq!(aed_eur, json!({"source": "AED", "destination": "EUR", "rate": "0.249221", "origin": "table"}));

    let set = sb.put("/sandbox/rates", &key, json!({"source": "AED", "destination": "EUR", "rate": "0.25"})).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.body);
    assert_eq!(set.body["origin"], "override");
    let bearer = sb.login().await;
    let sim = sb.get("/v1/pricing/simulate?source_amount=100000&source_currency=AED&dest_currency=EUR", &bearer).await;
    assert_eq!(sim.body["exchange_rate"], "0.25", "{}", sim.body);
    assert_eq!(sim.body["destination_amount_minor"], "25000");

    // A pair the table lacks becomes priced.
    let added =
        sb.put("/sandbox/rates", &sb.control(), json!({"source": "GBP", "destination": "EUR", "rate": "1.17"})).await;
    assert_eq!(added.status, StatusCode::OK);
    let listed = sb.get("/sandbox/rates", &key).await;
    assert!(
        listed.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["source"] == "GBP" && r["destination"] == "EUR" && r["origin"] == "override")
    );

    assert_eq!(sb.delete("/sandbox/rates/AED/EUR", &key).await.status, StatusCode::NO_CONTENT);
    let sim = sb.get("/v1/pricing/simulate?source_amount=100000&source_currency=AED&dest_currency=EUR", &bearer).await;
    assert_eq!(sim.body["exchange_rate"], "0.249221");
    sb.delete("/sandbox/rates/AED/EUR", &key).await.assert_error(404, "NOT_FOUND");
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
