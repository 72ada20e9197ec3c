//! Beneficiaries: bank accounts and stablecoin wallets, every validation
//! rule, default-account handling, ownership.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::customers::create_customer;
use crate::support::{Auth, TestSandbox, spawn_sandbox};

const EVM: &str = "0x52908400098527886E0F7030069857D2E4169EE7";

fn bank(customer_id: &str) -> Value {
    json!({
        "customer_id": customer_id,
        "type": "individual",
        "full_name": "Hans Müller",
        "country": "DE",
        "gov_id_ref": "ID-12345",
        "account": {
            "kind": "BANK_ACCOUNT",
            "destination_asset": "EUR",
            "iban": "de89 3704 0044 0532 0130 00",
            "bank_name": "Commerzbank",
            "bank_country": "DE",
            "routing": "COBADEFFXXX",
        },
    })
}

fn wallet(customer_id: &str) -> Value {
    json!({
        "customer_id": customer_id,
        "type": "business",
        "full_name": "Acme Treasury",
        "country": "AE",
        "account": {"kind": "STABLECOIN_WALLET", "destination_asset": "USDC", "network": "ethereum", "address": EVM},
    })
}

async fn customer(sb: &TestSandbox, auth: &Auth) -> String {
    create_customer(sb, auth, "owner@example.com").await["id"].as_str().unwrap().to_owned()
}

async fn created(sb: &TestSandbox, auth: &Auth, body: Value) -> Value {
    let r = sb.post("/v1/beneficiaries", auth, body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

#[tokio::test]
async fn bank_account_create_get_list() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cid = customer(&sb, &key).await;
    let b = created(&sb, &key, bank(&cid)).await;
    assert_eq!(b["id"].as_str().unwrap().len(), 36);
    assert_eq!(b["customer_id"], cid);
    assert_eq!(b["type"], "individual");
    assert_eq!(b["full_name"], "Hans Müller");
    assert_eq!(b["country"], "DE");
    assert_eq!(b["gov_id_ref"], "ID-12345");
    assert_eq!(
        b["account"],
        json!({
            "kind": "BANK_ACCOUNT",
            "destination_asset": "EUR",
            "is_default": true,
            "iban": "DE89370400440532013000",
            "bank_name": "Commerzbank",
            "bank_country": "DE",
            "routing": "COBADEFFXXX",
        }),
        "IBAN stored in electronic form; first EUR account is the default"
    );
    let id = b["id"].as_str().unwrap();
    assert_eq!(sb.get(&format!("/v1/beneficiaries/{id}"), &key).await.body, b);
    let list = sb.get(&format!("/v1/beneficiaries?customer_id={cid}"), &key).await;
    assert_eq!(list.body, json!({"data": [b], "next_cursor": null}));
}

#[tokio::test]
async fn wallet_create_and_address_rules() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cid = customer(&sb, &key).await;
    let w = created(&sb, &key, wallet(&cid)).await;
    assert_eq!(
        w["account"],
        json!({"kind": "STABLECOIN_WALLET", "destination_asset": "USDC", "is_default": true,
               "network": "ethereum", "address": EVM, "address_format": "EVM"})
    );
    assert_eq!(w["gov_id_ref"], Value::Null);

    let cases = [
        (json!({"address": "0x52908400098527886e0F7030069857D2E4169EE7"}), "account.address"), // checksum
        (json!({"address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"}), "account.address"),         // a Tron-looking address
        (json!({"network": "bitcoin"}), "account.network"),
        (json!({"network": "Ethereum"}), "account.network"),
        (json!({"destination_asset": "EUR"}), "account.destination_asset"),
        (json!({"iban": "DE89370400440532013000"}), "account.iban"),
        (json!({"bank_name": "x", "routing": "y"}), "account.bank_name"),
    ];
    for (patch, field) in cases {
        let mut body = wallet(&cid);
        for (k, v) in patch.as_object().unwrap() {
            body["account"][k] = v.clone();
        }
        let r = sb.post("/v1/beneficiaries", &key, body).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.detail_fields()[0], field, "{patch}");
    }
    let mut body = wallet(&cid);
    body["account"]["address"] = json!("0x1234");
    let r = sb.post("/v1/beneficiaries", &key, body).await;
    let message = r.body["error"]["details"][0]["message"].as_str().unwrap();
    assert!(message.contains("ethereum") && message.contains("length"), "{message}");
    let mut body = wallet(&cid);
    body["account"] = json!({"kind": "STABLECOIN_WALLET"});
    let r = sb.post("/v1/beneficiaries", &key, body).await;
    assert_eq!(r.detail_fields(), vec!["account.destination_asset", "account.network", "account.address"]);
    let list = sb.get(&format!("/v1/beneficiaries?customer_id={cid}"), &key).await;
    assert_eq!(list.body["data"].as_array().unwrap().len(), 1, "nothing invalid stored");
}

#[tokio::test]
async fn iban_rules() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cid = customer(&sb, &key).await;
    let cases = [
        ("DE89370400440532013001", "DE", "account.iban", "check digits"),
        ("DE8937040044053201300000", "DE", "account.iban", "must be 22 characters"),
        ("XX89370400440532013000", "DE", "account.iban", "registry"),
        ("DE89-3704", "DE", "account.iban", "letters, digits"),
        ("GB82WEST12345698765432", "DE", "account.bank_country", "GB"),
    ];
    for (iban, bank_country, field, needle) in cases {
        let mut body = bank(&cid);
        body["account"]["iban"] = json!(iban);
        body["account"]["bank_country"] = json!(bank_country);
        let r = sb.post("/v1/beneficiaries", &key, body).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.detail_fields(), vec![field], "{iban}");
        let message = r.body["error"]["details"][0]["message"].as_str().unwrap();
        assert!(message.contains(needle), "{iban}: {message}");
    }
    let mut gb = bank(&cid);
    gb["account"]["iban"] = json!("GB82WEST12345698765432");
    gb["account"]["bank_country"] = json!("GB");
    gb["account"]["destination_asset"] = json!("GBP");
    gb["account"].as_object_mut().unwrap().remove("routing");
    let b = created(&sb, &key, gb).await;
    assert_eq!(b["account"]["bank_country"], "GB");
    assert!(b["account"].get("routing").is_none());
}

#[tokio::test]
async fn one_answer_lists_every_bad_field() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb
        .post(
            "/v1/beneficiaries",
            &key,
            json!({
                "customer_id": "not-a-uuid",
                "type": "business",
                "full_name": "x".repeat(257),
                "country": "XX",
                "gov_id_ref": "ID-1",
                "account": {
                    "kind": "BANK_ACCOUNT",
                    "destination_asset": "USDC",
                    "iban": "DE00",
                    "bank_name": "",
                    "bank_country": "de",
                    "routing": "r".repeat(65),
                    "network": "ethereum",
                },
            }),
        )
        .await;
    r.assert_error(400, "VAL_0001");
    let expected = [
        ("customer_id", "invalid"),
        ("full_name", "too_long"),
        ("country", "invalid"),
        ("gov_id_ref", "not_allowed"),
        ("account.network", "not_allowed"),
        ("account.destination_asset", "invalid"),
        ("account.iban", "invalid"),
        ("account.bank_name", "required"),
        ("account.bank_country", "invalid"),
        ("account.routing", "too_long"),
    ];
    assert_eq!(r.detail_issues(), expected.map(|(f, c)| (f.to_owned(), c.to_owned())).to_vec());

    let r = sb.post("/v1/beneficiaries", &key, json!({})).await;
    assert_eq!(r.detail_fields(), vec!["customer_id", "type", "full_name", "country", "account"]);
    let r = sb.post("/v1/beneficiaries", &key, json!({"account": {"kind": "CARD"}})).await;
    assert!(r.detail_fields().contains(&"account.kind".to_owned()));
    let r = sb.post("/v1/beneficiaries", &key, json!({"account": {"kind": "BANK_ACCOUNT", "colour": "red"}})).await;
    r.assert_error(400, "VAL_0001");
    let r = sb.post("/v1/beneficiaries", &key, json!({"account": {"is_default": "yes"}})).await;
    assert_eq!(r.detail_fields(), vec!["account.is_default"]);
}

#[tokio::test]
async fn customer_must_exist_and_be_the_caller_s() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cid = customer(&sb, &key).await;
    let b = created(&sb, &key, bank(&cid)).await;
    let bid = b["id"].as_str().unwrap();
    let live_cid = customer(&sb, &sb.live_key()).await;
    let other = sb.other_partner().await;
    let (_, secret) = sb.new_app_key(&other, "TEST").await;
    let foreign = Auth::Key(secret);

    for (auth, customer_id) in
        [(&key, "0193a5b0-0000-7000-8000-000000000000"), (&key, live_cid.as_str()), (&foreign, cid.as_str())]
    {
        sb.post("/v1/beneficiaries", auth, bank(customer_id)).await.assert_error(404, "CNT_0001");
        sb.get(&format!("/v1/beneficiaries?customer_id={customer_id}"), auth).await.assert_error(404, "CNT_0001");
    }
    for auth in [&foreign, &sb.live_key()] {
        sb.get(&format!("/v1/beneficiaries/{bid}"), auth).await.assert_error(404, "BEN_0001");
    }
    sb.get("/v1/beneficiaries/unknown", &key).await.assert_error(404, "BEN_0001");
    let r = sb.get("/v1/beneficiaries", &key).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["customer_id"]);
    let r = sb.get("/v1/beneficiaries?customer_id=abc&limit=500", &key).await;
    assert_eq!(r.detail_fields(), vec!["customer_id", "limit"]);
    sb.post("/v1/beneficiaries", &Auth::None, bank(&cid)).await.assert_error(401, "ATH_0001");
}

#[tokio::test]
async fn one_default_per_customer_and_asset() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cid = customer(&sb, &key).await;
    let get = |id: Value| {
        let sb = &sb;
        let key = key.clone();
        async move { sb.get(&format!("/v1/beneficiaries/{}", id.as_str().unwrap()), &key).await.body }
    };
    let first = created(&sb, &key, bank(&cid)).await;
    assert_eq!(first["account"]["is_default"], true, "first EUR account");
    let second = created(&sb, &key, bank(&cid)).await;
    assert_eq!(second["account"]["is_default"], false, "left out: the existing default stays");
    let usdc = created(&sb, &key, wallet(&cid)).await;
    assert_eq!(usdc["account"]["is_default"], true, "first USDC account, independent of EUR");
    let mut explicit_no = wallet(&cid);
    explicit_no["account"]["is_default"] = json!(false);
    explicit_no["account"]["destination_asset"] = json!("USDT");
    assert_eq!(created(&sb, &key, explicit_no).await["account"]["is_default"], false, "explicit false is kept");

    sb.advance_clock(5).await;
    let mut take_over = bank(&cid);
    take_over["account"]["is_default"] = json!(true);
    let third = created(&sb, &key, take_over).await;
    assert_eq!(third["account"]["is_default"], true);
    let old = get(first["id"].clone()).await;
    assert_eq!(old["account"]["is_default"], false, "the previous default was cleared");
    assert_ne!(old["updated_at"], first["updated_at"]);
    assert_eq!(get(usdc["id"].clone()).await["account"]["is_default"], true, "other assets untouched");

    // Another customer has its own defaults.
    let other = create_customer(&sb, &key, "other@example.com").await;
    let theirs = created(&sb, &key, bank(other["id"].as_str().unwrap())).await;
    assert_eq!(theirs["account"]["is_default"], true);
    assert_eq!(get(third["id"].clone()).await["account"]["is_default"], true);

    let list = sb.get(&format!("/v1/beneficiaries?customer_id={cid}"), &key).await.body;
    let defaults: Vec<&Value> =
        list["data"].as_array().unwrap().iter().filter(|b| b["account"]["is_default"] == true).collect();
    assert_eq!(defaults.len(), 2, "one EUR and one USDC default");
}

#[tokio::test]
async fn pagination() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let cid = customer(&sb, &key).await;
    let other = create_customer(&sb, &key, "other@example.com").await;
    created(&sb, &key, bank(other["id"].as_str().unwrap())).await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(created(&sb, &key, bank(&cid)).await["id"].as_str().unwrap().to_owned());
    }
    ids.reverse();
    let first = sb.get(&format!("/v1/beneficiaries?customer_id={cid}&limit=2"), &key).await.body;
    let got: Vec<&str> = first["data"].as_array().unwrap().iter().map(|b| b["id"].as_str().unwrap()).collect();
    assert_eq!(got, vec![ids[0].as_str(), ids[1].as_str()]);
    let cursor = first["next_cursor"].as_str().unwrap();
    let second = sb.get(&format!("/v1/beneficiaries?customer_id={cid}&limit=2&cursor={cursor}"), &key).await.body;
    let got: Vec<&str> = second["data"].as_array().unwrap().iter().map(|b| b["id"].as_str().unwrap()).collect();
    assert_eq!(got, vec![ids[2].as_str()], "only this customer's");
    assert_eq!(second["next_cursor"], Value::Null);
}
