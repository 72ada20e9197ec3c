//! Hostile input on the API-key routes: oversized, deeply nested, invalid
//! UTF-8 and unknown-field bodies, absurd page sizes, and SQL-looking text.
//! Each must answer a clear 4xx in the envelope, store nothing partial, and
//! treat SQL-looking text as plain data. Also the regressions found by
//! fuzzing the OpenAPI document (`benches/fuzz.sh`).

use reqwest::Method;
use serde_json::{Value, json};

use crate::customers::customer_body;
use crate::support::{Auth, TestSandbox, spawn_sandbox};

async fn customer_count(sb: &TestSandbox, key: &Auth) -> usize {
    let r = sb.get("/v1/customers?limit=100", key).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.body["data"].as_array().unwrap().len()
}

async fn post_raw(
    sb: &TestSandbox,
    path: &str,
    key: &Auth,
    content_type: &str,
    body: Vec<u8>,
) -> crate::support::Reply {
    sb.send(sb.request(Method::POST, path, key).header("content-type", content_type).body(body)).await
}

#[tokio::test]
async fn hostile_bodies_are_rejected_and_store_nothing() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let before = customer_count(&sb, &key).await;

    let mut huge = customer_body("huge@example.com");
    huge["legal_name"] = json!("x".repeat(2 * 1024 * 1024));
    sb.post("/v1/customers", &key, huge).await.assert_error(413, "PAYLOAD_TOO_LARGE");

    let deep = format!("{}{}", "{\"a\":".repeat(5_000), "}".repeat(5_000));
    let r = post_raw(&sb, "/v1/customers", &key, "application/json", deep.into_bytes()).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["a"], "the outermost unknown field is named");
    let deep = format!("{}{}", "[".repeat(5_000), "]".repeat(5_000));
    let r = post_raw(&sb, "/v1/customers", &key, "application/json", deep.into_bytes()).await;
    r.assert_error(400, "VAL_0001");

    // A valid body except for one invalid byte inside legal_name.
    let mut bytes = serde_json::to_vec(&customer_body("utf8@example.com")).unwrap();
    let at = bytes.windows(4).position(|w| w == b"Acme").unwrap();
    bytes[at] = 0xff;
    let r = post_raw(&sb, "/v1/customers", &key, "application/json", bytes).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.body["error"]["details"][0]["code"], "malformed");

    let mut unknown = customer_body("unknown@example.com");
    unknown["is_admin"] = json!(true);
    let r = sb.post("/v1/customers", &key, unknown).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["is_admin"]);
    assert_eq!(r.body["error"]["details"][0]["code"], "unknown_field");

    let body = serde_json::to_vec(&customer_body("form@example.com")).unwrap();
    post_raw(&sb, "/v1/customers", &key, "application/x-www-form-urlencoded", body)
        .await
        .assert_error(415, "UNSUPPORTED_MEDIA_TYPE");
    sb.post("/v1/customers", &key, json!(null)).await.assert_error(400, "VAL_0001");

    assert_eq!(customer_count(&sb, &key).await, before, "a rejected request stored a customer");
}

#[tokio::test]
async fn page_sizes_outside_the_range_are_named() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    for limit in ["0", "101", "-1", "1e3", "99999999999999999999999999", "NaN", "%00"] {
        let r = sb.get(&format!("/v1/customers?limit={limit}"), &key).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.detail_fields(), vec!["limit"], "limit={limit}");
    }
    let r = sb.get("/v1/customers?cursor=%27%20OR%201%3D1%20--", &key).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["cursor"]);
    let r = sb.get("/v1/customers?limit=100", &key).await;
    assert_eq!(r.status, 200, "{}", r.body);
}

#[tokio::test]
async fn sql_looking_text_is_stored_verbatim_and_never_interpreted() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let injections = ["' OR 1=1 --", "x'); DROP TABLE customers; --", "\" OR \"\"=\"", "1; SELECT * FROM api_keys"];

    for id in injections {
        let path = format!("/v1/customers/{}", urlencode(id));
        sb.get(&path, &key).await.assert_error(404, "CNT_0001");
    }

    let mut created = Vec::new();
    for (n, name) in injections.iter().enumerate() {
        let mut body = customer_body(&format!("sql{n}@example.com"));
        body["legal_name"] = json!(name);
        body["tax_id"] = json!(format!("' OR '{n}'='{n}"));
        let r = sb.post("/v1/customers", &key, body).await;
        assert_eq!(r.status, 201, "{}", r.body);
        assert_eq!(r.body["legal_name"], *name);
        created.push(r.body);
    }
    for c in &created {
        let r = sb.get(&format!("/v1/customers/{}", c["id"].as_str().unwrap()), &key).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.body["legal_name"], c["legal_name"]);
        assert_eq!(r.body["tax_id"], c["tax_id"]);
    }
    let listed = sb.get("/v1/customers?limit=100", &key).await.body;
    let mut names: Vec<&str> =
        listed["data"].as_array().unwrap().iter().map(|c| c["legal_name"].as_str().unwrap()).collect();
    names.sort_unstable();
    let mut expected = injections.to_vec();
    expected.sort_unstable();
    assert_eq!(names, expected, "every row came back once and as sent");
    // The other application sees none of them: the filter was not bypassed.
    let (_, other) = sb.new_app_key(&sb.login().await, "TEST").await;
    let other = sb.get("/v1/customers?limit=100", &Auth::Key(other)).await.body;
    assert_eq!(other["data"], Value::Array(vec![]));
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// Fuzzing found `POST /v1/accounts` documented with the beneficiary's
/// account body: both wire types were called `CreateAccount`, and the
/// document keeps one schema per name.
#[tokio::test]
async fn each_request_body_is_documented_with_its_own_schema() {
    let sb = spawn_sandbox().await;
    let doc = sb.get("/v1/openapi.json", &Auth::None).await.body;
    let body_ref = |path: &str| {
        doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(body_ref("/v1/accounts"), "#/components/schemas/CreateAccount");
    let schemas = &doc["components"]["schemas"];
    let props =
        |name: &str| -> Vec<String> { schemas[name]["properties"].as_object().unwrap().keys().cloned().collect() };
    // One shape per `type`; together they name every field.
    let account_fields = [props("CreateFiatAccount"), props("CreateStablecoinAccount")].concat();
    for field in ["type", "currency", "corridor", "network", "wallet_mode", "external_address", "label"] {
        assert!(account_fields.contains(&field.to_owned()), "CreateAccount lacks {field}");
    }
    let payout_fields = [props("CreateBankAccount"), props("CreateStablecoinWallet")].concat();
    for field in ["kind", "destination_asset", "iban", "address"] {
        assert!(payout_fields.contains(&field.to_owned()), "beneficiary account lacks {field}");
    }
    let account_ref = serde_json::to_string(&schemas["CreateBeneficiary"]["properties"]["account"]).unwrap();
    assert!(account_ref.contains("CreateBeneficiaryAccount"), "{account_ref}");

    // The shared page size is documented as the integer range it accepts.
    let limit = doc["paths"]["/v1/customers"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "limit")
        .unwrap();
    assert_eq!(limit["schema"], json!({"type": "integer", "minimum": 1, "maximum": 100, "default": 25}));
}

/// Fuzzing found a request log whose `request_body` was the non-JSON marker
/// string while the document allowed only an object or null.
#[tokio::test]
async fn logged_non_json_bodies_match_the_document() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    post_raw(&sb, "/v1/customers", &key, "application/json", b"not json".to_vec()).await.assert_error(400, "VAL_0001");
    let logs = sb.logs_where(&key, "method=POST", |l| !l.is_empty()).await;
    assert_eq!(logs[0]["request_body"], payctl_wire::logs::REDACTED_NON_JSON);

    let doc = sb.get("/v1/openapi.json", &Auth::None).await.body;
    let schema = &doc["components"]["schemas"]["RequestLog"]["properties"]["request_body"];
    assert!(schema.get("type").is_none(), "request_body must admit any JSON value: {schema}");
}

/// Fuzzing found `[null, null]` accepted by `PUT /v1/partners/{id}` as an
/// update with every field left out: serde fills structs from arrays too.
/// Bodies are objects, at any depth.
#[tokio::test]
async fn arrays_are_not_objects() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let me = format!("/v1/partners/{}", sb.ready.partner_id);
    let before = sb.get(&me, &key).await.body;
    let r = sb.put(&me, &key, json!([null, null])).await;
    r.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(r.detail_fields(), vec!["body"]);
    assert_eq!(sb.get(&me, &key).await.body, before, "nothing changed");

    let count = customer_count(&sb, &key).await;
    let body = customer_body("array@example.com");
    let fields: Vec<Value> = ["type", "legal_name", "email", "country", "verification_level", "tax_id"]
        .iter()
        .map(|f| body[f].clone())
        .collect();
    sb.post("/v1/customers", &key, Value::Array(fields)).await.assert_error(400, "VAL_0001");
    let r = sb.post("/v1/beneficiaries", &key, json!({"account": ["BANK_ACCOUNT", "EUR"]})).await;
    r.assert_error(400, "VAL_0001");
    assert!(r.detail_fields().contains(&"account".to_owned()), "{}", r.body);
    assert_eq!(customer_count(&sb, &key).await, count);
}

/// Text that would drive a terminal (NUL, ESC sequences, C1 controls) or
/// display in another order than stored (bidirectional overrides) is
/// refused in every text field of every request, nested ones and query
/// parameters included, and nothing is stored.
#[tokio::test]
async fn control_and_bidi_characters_are_refused_in_every_text_field() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let before = customer_count(&sb, &key).await;

    let mut body = customer_body("hostile@example.com");
    body["legal_name"] = json!("Acme\u{0}Trading");
    body["tax_id"] = json!("\u{1b}[2J\u{1b}[31mTAX");
    let r = sb.post("/v1/customers", &key, body).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_issues(), [("legal_name".into(), "invalid".into()), ("tax_id".into(), "invalid".into())]);
    let message = r.body["error"]["details"][0]["message"].as_str().unwrap();
    assert!(message.contains("control characters") && message.contains("U+0000"), "{message}");

    for (name, c) in
        [("rlo", '\u{202E}'), ("lri", '\u{2066}'), ("rlm", '\u{200F}'), ("c1", '\u{9b}'), ("del", '\u{7f}')]
    {
        let mut body = customer_body(&format!("{name}@example.com"));
        body["legal_name"] = json!(format!("Acme{c}CLL"));
        let r = sb.post("/v1/customers", &key, body).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.detail_issues(), [("legal_name".into(), "invalid".into())], "{name}");
    }
    assert_eq!(customer_count(&sb, &key).await, before, "a refused request stored a customer");

    // Nested fields, array items and member names are named by their path.
    let customer = crate::customers::create_customer(&sb, &key, "named@example.com").await;
    let r = sb
        .post(
            "/v1/beneficiaries",
            &key,
            json!({"customer_id": customer["id"], "type": "business", "full_name": "Acme", "country": "DE",
                   "account": {"kind": "BANK_ACCOUNT", "destination_asset": "EUR", "iban": "DE89370400440532013000",
                               "bank_name": "Commerz\u{202D}bank", "bank_country": "DE"}}),
        )
        .await;
    assert_eq!(r.detail_issues(), [("account.bank_name".into(), "invalid".into())]);
    let r = sb
        .post(
            "/v1/webhooks",
            &key,
            json!({"url": "https://example.com/h", "events": ["customer.kyb_approved", "x\ny"]}),
        )
        .await;
    assert_eq!(r.detail_issues(), [("events[1]".into(), "invalid".into())]);
    let r = sb.post("/v1/customers", &key, json!({"bad\u{1b}name": 1})).await;
    assert_eq!(r.detail_issues(), [("bad\\u{001b}name".into(), "invalid".into())], "the name is shown escaped");
    let r = sb.get("/v1/customers?status=%1B%5B31m", &key).await;
    assert_eq!(r.detail_issues(), [("status".into(), "invalid".into())]);

    // Every route family: dashboard, flat-code partners, sandbox control.
    let bearer = sb.login().await;
    let r = sb.post("/v1/applications", &bearer, json!({"name": "app\u{2067}", "environment": "TEST"})).await;
    assert_eq!(r.detail_issues(), [("name".into(), "invalid".into())]);
    let r = sb.post("/v1/partners", &key, json!({"name": "Sub\u{85}", "email": "sub@example.com"})).await;
    r.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(r.detail_issues(), [("name".into(), "invalid".into())]);
    let r = sb
        .post("/sandbox/users", &sb.control(), json!({"username": "eve\u{1b}]0;owned\u{7}", "password": "long enough"}))
        .await;
    assert_eq!(r.detail_issues(), [("username".into(), "invalid".into())]);

    // Ordinary text in any script is accepted as sent.
    let mut body = customer_body("script@example.com");
    body["legal_name"] = json!("شركة أكمي Zürich 株式会社");
    let r = sb.post("/v1/customers", &key, body).await;
    assert_eq!((r.status.as_u16(), &r.body["legal_name"]), (201, &json!("شركة أكمي Zürich 株式会社")), "{}", r.body);
}

/// An amount of minor units is ASCII digits and nothing else.
#[tokio::test]
async fn minor_unit_amounts_are_ascii_digits_only() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    for amount in [" 100", "100 ", "+100", "１００", "1_000", "0x10", "1e3", "٣٠٠"] {
        let mut body = crate::quotes::quote_body("100");
        body["source_amount_minor"] = json!(amount);
        let r = sb.post("/v1/transactions/quote", &key, body).await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.detail_issues(), [("source_amount_minor".into(), "invalid".into())], "{amount:?}");
    }
    let r = sb.post("/v1/transactions/quote", &key, crate::quotes::quote_body("100")).await;
    assert_eq!(r.status, 201, "{}", r.body);

    // The same rule in a query string (`+` is a space there) and for decimals.
    let bearer = sb.login().await;
    for amount in ["+100", "%2B100", "%20100", "%EF%BC%91"] {
        let r = sb
            .get(&format!("/v1/pricing/simulate?source_amount={amount}&source_currency=AED&dest_currency=USD"), &bearer)
            .await;
        r.assert_error(400, "VAL_0001");
        assert_eq!(r.detail_issues(), [("source_amount".into(), "invalid".into())], "{amount}");
    }
    let customer = crate::customers::create_customer(&sb, &key, "decimal@example.com").await;
    let mut legacy = crate::legacy_quotes::legacy_body(customer["id"].as_str().unwrap(), "100.50");
    legacy["source_amount"] = json!(" 100.50");
    let r = crate::legacy_quotes::legacy_quote(&sb, &key, legacy).await;
    assert_eq!(r.detail_issues(), [("source_amount".into(), "invalid".into())]);
}

#[tokio::test]
async fn a_member_named_twice_is_refused_in_either_dialect_and_nothing_is_stored() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let body = r#"{"type":"business","legal_name":"First","legal_name":"Second","email":"dup@example.com",
        "country":"AE","verification_level":"standard","tax_id":"TRN-1"}"#;
    let r = post_raw(&sb, "/v1/customers", &key, "application/json", body.as_bytes().to_vec()).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_issues(), vec![("legal_name".to_owned(), "duplicate".to_owned())]);
    assert!(r.body["error"]["message"].as_str().unwrap().contains("legal_name"), "{}", r.body);
    assert_eq!(customer_count(&sb, &key).await, 0);

    // Nested members, on a route of the flat dialect.
    let r = post_raw(
        &sb,
        "/v1/partners",
        &key,
        "application/json",
        br#"{"name":"Sub","email":"sub@example.com","email":"other@example.com"}"#.to_vec(),
    )
    .await;
    r.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(r.detail_issues(), vec![("email".to_owned(), "duplicate".to_owned())]);
    let customer = crate::support::factories::customer(&sb, &key, false).await;
    let body = format!(
        r#"{{"customer_id":"{customer}","type":"business","full_name":"Acme","country":"DE","account":
            {{"kind":"BANK_ACCOUNT","destination_asset":"EUR","iban":"DE89370400440532013000",
              "bank_name":"Commerzbank","bank_country":"DE","iban":"GB82WEST12345698765432"}}}}"#
    );
    let r = post_raw(&sb, "/v1/beneficiaries", &key, "application/json", body.into_bytes()).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_issues(), vec![("account.iban".to_owned(), "duplicate".to_owned())]);
    let list = sb.get(&format!("/v1/beneficiaries?customer_id={customer}"), &key).await;
    assert_eq!(list.body["data"], json!([]));
}
