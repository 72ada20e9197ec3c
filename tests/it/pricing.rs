//! Pricing: partner markup, customer overrides, corridors, simulation math,
//! validation and partner isolation.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::customers::create_customer;
use crate::support::{Auth, TestSandbox, spawn_sandbox};

/// Three customers of the demo partner (its TEST application), oldest first.
async fn customers(sb: &TestSandbox) -> [String; 3] {
    let mut ids = Vec::new();
    for i in 0..3 {
        let created = create_customer(sb, &sb.test_key(), &format!("priced-{i}@example.com")).await;
        ids.push(created["id"].as_str().unwrap().to_owned());
    }
    ids.try_into().unwrap()
}

fn customer_path(id: &str) -> String {
    format!("/v1/pricing/customers/{id}/markup")
}

async fn simulate(sb: &TestSandbox, bearer: &Auth, query: &str) -> Value {
    let r = sb.get(&format!("/v1/pricing/simulate?{query}"), bearer).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

/// `(fee, net, destination)` of a simulation.
fn amounts(s: &Value) -> (&str, &str, &str) {
    (
        s["fee_minor"].as_str().unwrap(),
        s["net_source_minor"].as_str().unwrap(),
        s["destination_amount_minor"].as_str().unwrap(),
    )
}

#[tokio::test]
async fn partner_markup_defaults_to_zero_then_is_set_and_replaced() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let none = sb.get("/v1/pricing/markup", &bearer).await;
    assert_eq!(
        none.body,
        json!({"source": "default", "kind": "BPS", "value": 0, "currency": null, "min_fee": null, "max_fee": null,
               "updated_at": null})
    );
    let body = json!({"kind": "BPS", "value": 150, "min_fee": 500, "max_fee": 10000});
    let set = sb.put("/v1/pricing/markup", &bearer, body.clone()).await;
    assert_eq!(set.status, StatusCode::CREATED, "{}", set.body);
    assert_eq!(set.body["source"], "partner");
    assert_eq!(set.body["value"], 150);
    assert_eq!(set.body["min_fee"], 500);
    assert!(set.body.get("customer_id").is_none());
    assert_eq!(sb.get("/v1/pricing/markup", &bearer).await.body, set.body);

    sb.advance_clock(5).await;
    let same = sb.put("/v1/pricing/markup", &bearer, body).await;
    assert_eq!(same.status, StatusCode::OK);
    assert_eq!(same.body, set.body, "an identical PUT changes nothing");

    let flat = sb.put("/v1/pricing/markup", &bearer, json!({"kind": "FLAT", "value": 250, "currency": "AED"})).await;
    assert_eq!(flat.status, StatusCode::OK);
    assert_eq!(flat.body["kind"], "FLAT");
    assert_eq!(flat.body["currency"], "AED");
    assert_eq!(flat.body["min_fee"], Value::Null, "omitted clamps are cleared by a replacement");
    assert_ne!(flat.body["updated_at"], set.body["updated_at"]);
}

#[tokio::test]
async fn markup_validation_lists_every_problem() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let r = sb
        .put(
            "/v1/pricing/markup",
            &bearer,
            json!({"kind": "BPS", "value": 10001, "currency": "AED", "min_fee": 10, "max_fee": 5}),
        )
        .await;
    r.assert_error(400, "VAL_0001");
    let codes = r.detail_issues();
    assert_eq!(
        codes,
        vec![
            ("value".into(), "out_of_range".into()),
            ("currency".into(), "not_allowed".into()),
            ("min_fee".into(), "out_of_range".into())
        ]
    );
    // Exactly 10 000 BPS (the whole amount) is allowed.
    assert_eq!(
        sb.put("/v1/pricing/markup", &bearer, json!({"kind": "BPS", "value": 10000})).await.status,
        StatusCode::CREATED
    );

    let r = sb.put("/v1/pricing/markup", &bearer, json!({"kind": "FLAT", "value": 100})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.body["error"]["details"][0]["code"], "required");
    assert_eq!(r.detail_fields(), vec!["currency"]);
    let r = sb.put("/v1/pricing/markup", &bearer, json!({"kind": "FLAT", "value": 100, "currency": "aed"})).await;
    assert_eq!(r.detail_fields(), vec!["currency"]);
    let r = sb.put("/v1/pricing/markup", &bearer, json!({"kind": "FLAT", "value": u64::MAX, "currency": "AED"})).await;
    assert_eq!(r.detail_fields(), vec!["value"]);
    let r = sb.put("/v1/pricing/markup", &bearer, json!({"kind": "BPS", "value": -1})).await;
    assert_eq!(r.detail_fields(), vec!["value"]);
    let r = sb.put("/v1/pricing/markup", &bearer, json!({"kind": "PERCENT", "value": 1})).await;
    assert_eq!(r.detail_fields(), vec!["kind"]);
    let r = sb.put("/v1/pricing/markup", &bearer, json!({"kind": "BPS", "value": 1, "cap": 2})).await;
    assert_eq!(r.detail_fields(), vec!["cap"]);
    let r = sb.put(&customer_path("not-a-uuid"), &bearer, json!({"kind": "BPS", "value": 1})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["id"]);
    // Only the valid 10 000 BPS markup was stored.
    assert_eq!(sb.get("/v1/pricing/markup", &bearer).await.body["value"], 10000);
}

#[tokio::test]
async fn customer_override_takes_precedence_and_delete_falls_back() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let [c1, c2, ..] = customers(&sb).await;
    let effective = sb.get(&customer_path(&c1), &bearer).await;
    assert_eq!(effective.status, StatusCode::OK);
    assert_eq!(effective.body["source"], "default");
    assert_eq!(effective.body["customer_id"], c1);

    sb.put("/v1/pricing/markup", &bearer, json!({"kind": "BPS", "value": 150})).await;
    assert_eq!(sb.get(&customer_path(&c1), &bearer).await.body["source"], "partner");
    assert_eq!(sb.get(&customer_path(&c1), &bearer).await.body["value"], 150);

    let set = sb.put(&customer_path(&c1), &bearer, json!({"kind": "BPS", "value": 50})).await;
    assert_eq!(set.status, StatusCode::CREATED, "{}", set.body);
    assert_eq!(set.body["source"], "customer");
    assert_eq!(set.body["customer_id"], c1);
    assert_eq!(sb.get(&customer_path(&c1), &bearer).await.body, set.body);
    // Another customer still gets the partner markup.
    assert_eq!(sb.get(&customer_path(&c2), &bearer).await.body["value"], 150);

    let q = format!("source_amount=100000&source_currency=AED&dest_currency=EUR&customer_id={c1}");
    let s = simulate(&sb, &bearer, &q).await;
    assert_eq!(s["markup"]["source"], "customer");
    assert_eq!(amounts(&s).0, "500");

    let deleted = sb.delete(&customer_path(&c1), &bearer).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert!(deleted.raw.is_empty());
    assert_eq!(sb.get(&customer_path(&c1), &bearer).await.body["source"], "partner");
    let s = simulate(&sb, &bearer, &q).await;
    assert_eq!(s["markup"]["source"], "partner");
    assert_eq!(amounts(&s).0, "1500");
    // Deleting again is harmless.
    assert_eq!(sb.delete(&customer_path(&c1), &bearer).await.status, StatusCode::NO_CONTENT);
    sb.delete(&customer_path("nope"), &bearer).await.assert_error(400, "VAL_0001");
}

#[tokio::test]
async fn customer_overrides_are_listed_newest_first_in_pages() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let [c1, c2, c3] = customers(&sb).await;
    sb.put("/v1/pricing/markup", &bearer, json!({"kind": "BPS", "value": 150})).await;
    for (i, c) in [&c1, &c2, &c3].iter().enumerate() {
        sb.put(&customer_path(c), &bearer, json!({"kind": "BPS", "value": 10 + i})).await;
    }
    let first = sb.get("/v1/pricing/customers?limit=2", &bearer).await;
    let ids: Vec<&str> =
        first.body["data"].as_array().unwrap().iter().map(|m| m["customer_id"].as_str().unwrap()).collect();
    assert_eq!(ids, vec![c3.as_str(), c2.as_str()]);
    assert_eq!(first.body["data"][0]["value"], 12);
    assert_eq!(first.body["data"][0]["source"], "customer");
    let cursor = first.body["next_cursor"].as_str().unwrap();
    let second = sb.get(&format!("/v1/pricing/customers?limit=2&cursor={cursor}"), &bearer).await;
    assert_eq!(second.body["data"].as_array().unwrap().len(), 1);
    assert_eq!(second.body["data"][0]["customer_id"], c1);
    assert_eq!(second.body["next_cursor"], Value::Null);
    sb.get("/v1/pricing/customers?limit=0", &bearer).await.assert_error(400, "VAL_0001");
}

#[tokio::test]
async fn corridors_carry_the_table_rates() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let r = sb.get("/v1/pricing/corridors", &bearer).await;
    assert_eq!(r.status, StatusCode::OK);
    let rows: Vec<String> = r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            format!(
                "{} {} {}>{} {} {}",
                c["id"], c["code"], c["source_asset"], c["destination_asset"], c["direction"], c["mid_rate"]
            )
            .replace('"', "")
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            "AED-EUR uae AED>EUR outbound 0.249221",
            "AED-GBP uae AED>GBP outbound 0.214823",
            "AED-USD uae AED>USD outbound 0.272294",
            "EUR-AED uae EUR>AED inbound 4.0125",
            "GBP-AED uae GBP>AED inbound 4.655",
            "USD-AED uae USD>AED inbound 3.6725",
            "AED-USDC uae AED>USDC on_ramp 0.272294",
            "AED-USDT uae AED>USDT on_ramp 0.272294",
            "USD-USDC null USD>USDC on_ramp 1",
            "USD-USDT null USD>USDT on_ramp 1",
            "USDC-AED uae USDC>AED off_ramp 3.6725",
            "USDT-AED uae USDT>AED off_ramp 3.6725",
            "USDC-USD null USDC>USD off_ramp 1",
            "USDT-USD null USDT>USD off_ramp 1",
            "USDC-USDT null USDC>USDT swap 1",
            "USDT-USDC null USDT>USDC swap 1",
        ]
    );
}

#[tokio::test]
async fn simulate_matches_hand_computed_amounts() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let [c1, ..] = customers(&sb).await;
    // No markup: fee 0; 1 USDC (6 decimals) at 3.6725 is 367.25 fils, rounded down.
    let s = simulate(&sb, &bearer, "source_amount=1000000&source_currency=USDC&dest_currency=AED").await;
    assert_eq!(amounts(&s), ("0", "1000000", "367"));
    assert_eq!(s["markup"]["source"], "default");
    assert_eq!(s["rate_source"], "table");
    assert_eq!(s["exchange_rate"], "3.6725");
    assert!(s["rounding"].as_str().unwrap().contains("rounded down"));

    sb.put("/v1/pricing/markup", &bearer, json!({"kind": "BPS", "value": 150, "min_fee": 500, "max_fee": 10000})).await;
    // 100000 × 150 / 10000 = 1500; 98500 × 0.249221 = 24548.2685 → 24548.
    let s = simulate(&sb, &bearer, "source_amount=100000&source_currency=AED&dest_currency=EUR").await;
    assert_eq!(amounts(&s), ("1500", "98500", "24548"));
    assert_eq!(s["source_amount_minor"], "100000");
    assert_eq!(s["markup"]["source"], "partner");
    // Clamps: 150 raised to min_fee 500; 15000 lowered to max_fee 10000;
    // min_fee 500 lowered to the 300 sent.
    let s = simulate(&sb, &bearer, "source_amount=10000&source_currency=AED&dest_currency=USD").await;
    assert_eq!(amounts(&s), ("500", "9500", "2586")); // 9500 × 0.272294 = 2586.793
    let s = simulate(&sb, &bearer, "source_amount=1000000&source_currency=AED&dest_currency=USD").await;
    assert_eq!(amounts(&s).0, "10000");
    // 300 all goes in fees: nothing would be delivered, so the simulation
    // refuses as a quote would, naming the smallest amount that works
    // (504: 4 × 0.272294 = 1.09 → 1 cent).
    let r = sb.get("/v1/pricing/simulate?source_amount=300&source_currency=AED&dest_currency=USD", &bearer).await;
    let e = r.assert_error(422, "INVALID_AMOUNT");
    assert!(e["message"].as_str().unwrap().contains("is 5.04 AED (504 minor units)"), "{e}");
    assert_eq!(r.detail_fields(), vec!["source_amount"]);
    assert_eq!(
        amounts(&simulate(&sb, &bearer, "source_amount=504&source_currency=AED&dest_currency=USD").await).2,
        "1"
    );

    // Half up: 100 × 150 / 10000 = 1.5 → 2; 98 × 3.5 = 343 at the caller's rate.
    sb.put(&customer_path(&c1), &bearer, json!({"kind": "BPS", "value": 150})).await;
    let q = format!("source_amount=100&source_currency=USD&dest_currency=AED&exchange_rate=3.5&customer_id={c1}");
    let s = simulate(&sb, &bearer, &q).await;
    assert_eq!(amounts(&s), ("2", "98", "343"));
    assert_eq!(s["rate_source"], "request");
    assert_eq!(s["exchange_rate"], "3.5");

    // FLAT in the source currency: 10000 − 250 = 9750; × 0.272294 = 2654.8665 → 2654.
    sb.put("/v1/pricing/markup", &bearer, json!({"kind": "FLAT", "value": 250, "currency": "AED"})).await;
    let s = simulate(&sb, &bearer, "source_amount=10000&source_currency=AED&dest_currency=USD").await;
    assert_eq!(amounts(&s), ("250", "9750", "2654"));
    // ...but not on an amount in another currency.
    let r = sb.get("/v1/pricing/simulate?source_amount=10000&source_currency=USD&dest_currency=AED", &bearer).await;
    r.assert_error(422, "UNSUPPORTED_COMBINATION");
    assert_eq!(r.detail_fields(), vec!["source_currency"]);
}

#[tokio::test]
async fn simulate_lists_every_bad_parameter() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let r = sb
        .get("/v1/pricing/simulate?source_amount=10.50&source_currency=aed&exchange_rate=0&customer_id=42", &bearer)
        .await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(
        r.detail_fields(),
        vec!["source_amount", "source_currency", "dest_currency", "exchange_rate", "customer_id"]
    );
    assert!(r.body["error"]["details"][0]["message"].as_str().unwrap().contains("decimals are not accepted"));
    let r = sb.get("/v1/pricing/simulate?source_amount=0&source_currency=AED&dest_currency=EUR", &bearer).await;
    assert_eq!(r.body["error"]["details"][0]["code"], "out_of_range");
    let r = sb
        .get("/v1/pricing/simulate?source_amount=-5&source_currency=AED&dest_currency=EUR&exchange_rate=1.2.3", &bearer)
        .await;
    assert_eq!(r.detail_fields(), vec!["source_amount", "exchange_rate"]);
    // No table rate between EUR and GBP: 422 unless the caller gives one.
    let r = sb.get("/v1/pricing/simulate?source_amount=100&source_currency=EUR&dest_currency=GBP", &bearer).await;
    r.assert_error(422, "UNSUPPORTED_COMBINATION");
    let s = simulate(&sb, &bearer, "source_amount=100&source_currency=EUR&dest_currency=GBP&exchange_rate=0.85").await;
    assert_eq!(amounts(&s), ("0", "100", "85"));
    // Too large to price.
    let r = sb
        .get("/v1/pricing/simulate?source_amount=18446744073709551615&source_currency=AED&dest_currency=USD&exchange_rate=1000", &bearer)
        .await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["source_amount"]);
}

#[tokio::test]
async fn pricing_is_per_partner_and_needs_a_bearer() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let [c1, ..] = customers(&sb).await;
    sb.put("/v1/pricing/markup", &bearer, json!({"kind": "BPS", "value": 150})).await;
    sb.put(&customer_path(&c1), &bearer, json!({"kind": "BPS", "value": 50})).await;
    let other = sb.other_partner().await;
    assert_eq!(sb.get("/v1/pricing/markup", &other).await.body["source"], "default");
    assert_eq!(sb.get("/v1/pricing/customers", &other).await.body["data"], json!([]));
    // Another partner's customer is not found, whatever the operation.
    sb.get(&customer_path(&c1), &other).await.assert_error(404, "CNT_0001");
    sb.put(&customer_path(&c1), &other, json!({"kind": "BPS", "value": 9})).await.assert_error(404, "CNT_0001");
    sb.delete(&customer_path(&c1), &other).await.assert_error(404, "CNT_0001");
    let q = format!("source_amount=100&source_currency=AED&dest_currency=EUR&customer_id={c1}");
    sb.get(&format!("/v1/pricing/simulate?{q}"), &other).await.assert_error(404, "CNT_0001");
    assert_eq!(sb.get(&customer_path(&c1), &bearer).await.body["value"], 50, "untouched by the other partner");
    assert_eq!(sb.get("/v1/pricing/customers", &other).await.body["data"], json!([]), "nothing stored");

    for path in ["/v1/pricing/markup", "/v1/pricing/corridors", "/v1/pricing/customers"] {
        sb.get(path, &Auth::None).await.assert_error(401, "ATH_0001");
        sb.get(path, &sb.test_key()).await.assert_error(401, "ATH_0001");
    }
}

#[tokio::test]
async fn customer_markups_are_for_the_partner_s_own_customers_only() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;
    let markup = json!({"kind": "BPS", "value": 25});
    // No such customer: 404 on every operation, and nothing is stored.
    let nobody = uuid::Uuid::now_v7().to_string();
    sb.get(&customer_path(&nobody), &bearer).await.assert_error(404, "CNT_0001");
    sb.put(&customer_path(&nobody), &bearer, markup.clone()).await.assert_error(404, "CNT_0001");
    sb.delete(&customer_path(&nobody), &bearer).await.assert_error(404, "CNT_0001");
    let q = format!("source_amount=100&source_currency=AED&dest_currency=EUR&customer_id={nobody}");
    sb.get(&format!("/v1/pricing/simulate?{q}"), &bearer).await.assert_error(404, "CNT_0001");
    assert_eq!(sb.get("/v1/pricing/customers", &bearer).await.body["data"], json!([]));

    // A customer of another partner's application: the same 404.
    let other = sb.other_partner().await;
    let (_, other_key) = sb.new_app_key(&other, "TEST").await;
    let theirs = create_customer(&sb, &Auth::Key(other_key), "theirs@example.com").await;
    let theirs = theirs["id"].as_str().unwrap();
    sb.put(&customer_path(theirs), &bearer, markup.clone()).await.assert_error(404, "CNT_0001");
    sb.get(&customer_path(theirs), &bearer).await.assert_error(404, "CNT_0001");

    // The partner's customers in any of its applications, LIVE included.
    let live = create_customer(&sb, &sb.live_key(), "live@example.com").await;
    let live = live["id"].as_str().unwrap();
    let set = sb.put(&customer_path(live), &bearer, markup.clone()).await;
    assert_eq!((set.status, &set.body["source"]), (StatusCode::CREATED, &json!("customer")), "{}", set.body);
    assert_eq!(sb.delete(&customer_path(live), &bearer).await.status, StatusCode::NO_CONTENT);
}
