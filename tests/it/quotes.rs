//! Transaction quotes: pricing, validation, the 3-minute lock, accept.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::customers::create_customer;
use crate::support::{Auth, TestSandbox, spawn_sandbox};

pub fn quote_body(amount: &str) -> Value {
    json!({
        "corridor_id": "USD-USDC",
        "source_asset": "USD",
        "source_amount_minor": amount,
        "destination_asset": "USDC",
        "destination_kind": "STABLECOIN",
    })
}

/// A CREATED quote of `amount` USD minor units into USDC.
pub async fn create_quote(sb: &TestSandbox, auth: &Auth, amount: &str) -> Value {
    let r = sb.post("/v1/transactions/quote", auth, quote_body(amount)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

/// An ACCEPTED quote; returns its id.
pub async fn accepted_quote(sb: &TestSandbox, auth: &Auth, amount: &str) -> String {
    let id = create_quote(sb, auth, amount).await["id"].as_str().unwrap().to_owned();
    let r = sb.post(&format!("/v1/transactions/quote/{id}/accept"), auth, json!(null)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    id
}

/// Sets the demo partner's markup to 1 % (100 basis points), so every
/// movement it prices carries a fee.
pub async fn one_percent_markup(sb: &TestSandbox) {
    let bearer = sb.login().await;
    let set = sb.put("/v1/pricing/markup", &bearer, json!({"kind": "BPS", "value": 100})).await;
    assert!(set.status.is_success(), "{}", set.body);
}

async fn clock_now(sb: &TestSandbox) -> chrono::DateTime<chrono::Utc> {
    let c = sb.get("/sandbox/clock", &sb.control()).await;
    c.body["now"].as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn a_quote_is_priced_with_the_partner_markup_and_locked_for_three_minutes() {
    let sb = spawn_sandbox().await;
    one_percent_markup(&sb).await;
    let before = clock_now(&sb).await;
    let q = create_quote(&sb, &sb.test_key(), "10050").await;
    let expires: chrono::DateTime<chrono::Utc> = q["expires_at"].as_str().unwrap().parse().unwrap();
    let created: chrono::DateTime<chrono::Utc> = q["created_at"].as_str().unwrap().parse().unwrap();
    assert_eq!((expires - created).num_seconds(), 180);
    assert!(created >= before - chrono::Duration::seconds(1));
    assert!(uuid::Uuid::parse_str(q["id"].as_str().unwrap()).is_ok());
    let mut rest = q.clone();
    for k in ["id", "expires_at", "created_at"] {
        rest.as_object_mut().unwrap().remove(k);
    }
    assert_eq!(
        rest,
        json!({
            "status": "CREATED", "accepted_at": null, "rate": "1", "source_asset": "USD",
            "destination_asset": "USDC", "source_amount_minor": "10050", "fee_minor": "101",
            "net_source_minor": "9949", "destination_amount_minor": "99490000", "markup_source": "partner",
            "corridor_id": "USD-USDC", "destination_kind": "STABLECOIN", "customer_id": null,
        })
    );
    let id = q["id"].as_str().unwrap();
    let read = sb.get(&format!("/v1/transactions/quote/{id}"), &sb.test_key()).await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(read.body, q);
}

#[tokio::test]
async fn a_customer_quote_uses_the_customer_and_must_be_the_caller_s() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let customer = create_customer(&sb, &key, "sender@example.com").await;
    let cid = customer["id"].as_str().unwrap();
    let mut body = quote_body("5000");
    body["customer_id"] = json!(cid);
    let r = sb.post("/v1/transactions/quote", &key, body.clone()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["customer_id"], cid);
    assert_eq!(r.body["markup_source"], "default");

    body["customer_id"] = json!(uuid::Uuid::new_v4().to_string());
    sb.post("/v1/transactions/quote", &key, body.clone()).await.assert_error(404, "CNT_0001");
    // Another application's customer is not found either.
    let (_, other) = sb.new_app_key(&sb.other_partner().await, "TEST").await;
    body["customer_id"] = json!(cid);
    sb.post("/v1/transactions/quote", &Auth::Key(other), body).await.assert_error(404, "CNT_0001");
}

#[tokio::test]
async fn one_answer_lists_every_bad_field() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb.post("/v1/transactions/quote", &key, json!({})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(
        r.detail_fields(),
        ["corridor_id", "source_asset", "source_amount_minor", "destination_asset", "destination_kind"]
    );
    let r = sb
        .post(
            "/v1/transactions/quote",
            &key,
            json!({
                "corridor_id": "c".repeat(65), "source_asset": "DOGECOIN-CLASSIC-X", "source_amount_minor": "10.50",
                "destination_asset": "XYZ", "destination_kind": "CASH", "customer_id": "not-a-uuid",
            }),
        )
        .await;
    r.assert_error(400, "VAL_0001");
    let issues = r.detail_issues();
    let expected = [
        ("corridor_id", "too_long"),
        ("source_asset", "too_long"),
        ("source_amount_minor", "invalid"),
        ("destination_asset", "invalid"),
        ("destination_kind", "invalid"),
        ("customer_id", "invalid"),
    ];
    assert_eq!(issues, expected.map(|(f, c)| (f.to_owned(), c.to_owned())));
    for (amount, code) in [("0", "out_of_range"), ("-5", "invalid"), ("+5", "invalid"), ("1e3", "invalid")] {
        let r = sb.post("/v1/transactions/quote", &key, quote_body(amount)).await;
        let e = r.assert_error(400, "VAL_0001");
        assert_eq!(e["details"][0]["field"], "source_amount_minor", "{amount}");
        assert_eq!(e["details"][0]["code"], code, "{amount}");
    }
    let r = sb.post("/v1/transactions/quote", &key, quote_body("99999999999999999999")).await;
    assert_eq!(r.assert_error(400, "VAL_0001")["details"][0]["code"], "out_of_range");
    // A number where a string is expected is a malformed body, not a quote.
    let mut body = quote_body("1");
    body["source_amount_minor"] = json!(1000);
    sb.post("/v1/transactions/quote", &key, body).await.assert_error(400, "VAL_0001");
    let mut body = quote_body("1");
    body["surprise"] = json!(true);
    sb.post("/v1/transactions/quote", &key, body).await.assert_error(400, "VAL_0001");
}

#[tokio::test]
async fn a_pair_no_corridor_carries_is_unsupported() {
    let sb = spawn_sandbox().await;
    let mut body = quote_body("1000");
    body["destination_asset"] = json!("GBP");
    let r = sb.post("/v1/transactions/quote", &sb.test_key(), body).await;
    let e = r.assert_error(422, "UNSUPPORTED_COMBINATION");
    assert_eq!(e["details"][0]["field"], "corridor_id");
    let message = e["message"].as_str().unwrap();
    assert!(message.contains("no corridor carries USD to GBP") && message.contains("uae, AED-EUR"), "{message}");
}

#[tokio::test]
async fn accept_moves_created_to_accepted_once() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let q = create_quote(&sb, &key, "2500").await;
    let id = q["id"].as_str().unwrap();
    let path = format!("/v1/transactions/quote/{id}/accept");
    let r = sb.post(&path, &key, json!(null)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["status"], "ACCEPTED");
    assert!(r.body["accepted_at"].is_string());
    assert_eq!(r.body["rate"], q["rate"]);
    assert_eq!(r.body["expires_at"], q["expires_at"]);
    let again = sb.post(&path, &key, json!(null)).await;
    again.assert_error(409, "QTE_0002");
    // Accepted quotes never read as EXPIRED.
    sb.advance_clock(200).await;
    let read = sb.get(&format!("/v1/transactions/quote/{id}"), &key).await;
    assert_eq!(read.body["status"], "ACCEPTED");
    sb.post(&path, &key, json!(null)).await.assert_error(409, "QTE_0002");
}

#[tokio::test]
async fn an_expired_quote_cannot_be_accepted_and_reads_expired() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let q = create_quote(&sb, &key, "2500").await;
    let id = q["id"].as_str().unwrap();
    sb.advance_clock(181).await;
    let read = sb.get(&format!("/v1/transactions/quote/{id}"), &key).await;
    assert_eq!(read.body["status"], "EXPIRED");
    let r = sb.post(&format!("/v1/transactions/quote/{id}/accept"), &key, json!(null)).await;
    r.assert_error(400, "QTE_0001");
    let read = sb.get(&format!("/v1/transactions/quote/{id}"), &key).await;
    assert_eq!(read.body["status"], "EXPIRED", "a refused accept changes nothing");
}

#[tokio::test]
async fn unknown_and_foreign_quotes_are_not_found() {
    let sb = spawn_sandbox().await;
    let q = create_quote(&sb, &sb.test_key(), "2500").await;
    let id = q["id"].as_str().unwrap();
    let (_, other) = sb.new_app_key(&sb.login().await, "TEST").await;
    let other = Auth::Key(other);
    sb.get(&format!("/v1/transactions/quote/{id}"), &other).await.assert_error(404, "NOT_FOUND");
    sb.post(&format!("/v1/transactions/quote/{id}/accept"), &other, json!(null)).await.assert_error(404, "NOT_FOUND");
    let unknown = uuid::Uuid::new_v4();
    sb.get(&format!("/v1/transactions/quote/{unknown}"), &sb.test_key()).await.assert_error(404, "NOT_FOUND");
    sb.post(&format!("/v1/transactions/quote/{unknown}/accept"), &sb.test_key(), json!(null))
        .await
        .assert_error(404, "NOT_FOUND");
    let read = sb.get(&format!("/v1/transactions/quote/{id}"), &sb.test_key()).await;
    assert_eq!(read.body["status"], "CREATED", "the foreign accept changed nothing");
    sb.get(&format!("/v1/transactions/quote/{id}"), &Auth::None).await.assert_error(401, "ATH_0001");
}
