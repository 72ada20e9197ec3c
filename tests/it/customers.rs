//! Customers, participants and the deprecated counterparties alias:
//! validation, ownership, listing, and verification (KYB) decisions.

use payctl_sandbox::Storage;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox, spawn_sandbox, spawn_with};

pub fn customer_body(email: &str) -> Value {
    json!({
        "type": "business",
        "legal_name": "Acme Trading LLC",
        "email": email,
        "country": "AE",
        "verification_level": "standard",
        "tax_id": "TRN-100200300",
    })
}

/// Creates a customer and returns its body.
pub async fn create_customer(sb: &TestSandbox, auth: &Auth, email: &str) -> Value {
    let r = sb.post("/v1/customers", auth, customer_body(email)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

fn ids(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn create_and_read_under_every_path() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let mut created = Vec::new();
    for (i, base) in ["/v1/customers", "/v1/participants", "/v1/counterparties"].into_iter().enumerate() {
        let r = sb.post(base, &key, customer_body(&format!("c{i}@example.com"))).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let c = r.body.clone();
        assert_eq!(c["id"].as_str().unwrap().len(), 36);
        assert_eq!(c["type"], "business");
        assert_eq!(c["legal_name"], "Acme Trading LLC");
        assert_eq!(c["email"], format!("c{i}@example.com"));
        assert_eq!(c["country"], "AE");
        assert_eq!(c["country_name"], "United Arab Emirates");
        assert_eq!(c["verification_level"], "standard");
        assert_eq!(c["tax_id"], "TRN-100200300");
        assert_eq!(c["kyb_status"], "pending");
        assert_eq!(c["kyb_decided_at"], Value::Null);
        assert_eq!(c["created_at"], c["updated_at"]);
        let deprecated = base == "/v1/counterparties";
        assert_eq!(r.header("deprecation"), deprecated.then_some("true"), "{base}");
        created.push(c);
    }
    // One resource: every record is readable and listed under every path.
    for base in ["/v1/customers", "/v1/participants", "/v1/counterparties"] {
        for c in &created {
            let got = sb.get(&format!("{base}/{}", c["id"].as_str().unwrap()), &key).await;
            assert_eq!(got.status, StatusCode::OK);
            assert_eq!(&got.body, c);
        }
        let list = sb.get(base, &key).await;
        let expected: Vec<String> = created.iter().rev().map(|c| c["id"].as_str().unwrap().to_owned()).collect();
        assert_eq!(ids(&list.body), expected, "{base}: newest first");
        assert_eq!(list.body["next_cursor"], Value::Null);
    }
}

#[tokio::test]
async fn the_alias_carries_deprecation_headers_on_every_answer() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let c = create_customer(&sb, &key, "a@example.com").await;
    let id = c["id"].as_str().unwrap();
    let replies = [
        sb.get("/v1/counterparties", &key).await,
        sb.get(&format!("/v1/counterparties/{id}"), &key).await,
        sb.get("/v1/counterparties/unknown", &key).await,
        sb.post("/v1/counterparties", &key, json!({})).await,
        sb.get("/v1/counterparties", &Auth::None).await,
    ];
    for r in &replies {
        assert_eq!(r.header("deprecation"), Some("true"), "{}", r.status);
        assert_eq!(r.header("link"), Some("</v1/participants>; rel=\"successor-version\""));
    }
    replies[2].assert_error(404, "CNT_0001");
    let doc = sb.get("/v1/openapi.json", &Auth::None).await.body;
    for path in ["/v1/customers", "/v1/participants", "/v1/counterparties"] {
        assert!(doc["paths"][path]["post"].is_object() && doc["paths"][path]["get"].is_object(), "{path}");
        assert!(doc["paths"][format!("{path}/{{id}}")]["get"].is_object(), "{path}");
    }
    assert!(doc["paths"]["/sandbox/customers/{id}/approve"]["post"].is_object());
    for path in ["/v1/participants", "/v1/customers"] {
        let r = sb.get(path, &key).await;
        assert_eq!(r.header("deprecation"), None);
        assert_eq!(r.header("link"), None);
    }
}

#[tokio::test]
async fn one_answer_lists_every_bad_field() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let r = sb
        .post(
            "/v1/customers",
            &key,
            json!({
                "type": "company",
                "legal_name": "x".repeat(257),
                "email": "not-an-email",
                "country": "ae",
                "verification_level": "basic",
                "tax_id": "t".repeat(65),
            }),
        )
        .await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["type", "legal_name", "email", "country", "verification_level", "tax_id"]);
    let codes: Vec<&str> =
        r.body["error"]["details"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, vec!["invalid", "too_long", "invalid", "invalid", "invalid", "too_long"]);

    let r = sb.post("/v1/customers", &key, json!({})).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["type", "legal_name", "email", "country", "verification_level", "tax_id"]);
    assert!(r.body["error"]["details"].as_array().unwrap().iter().all(|d| d["code"] == "required"));

    let r = sb.post("/v1/customers", &key, json!({"legal_name": "  "})).await;
    assert!(r.detail_fields().contains(&"legal_name".to_owned()));

    let mut unknown = customer_body("u@example.com");
    unknown["nickname"] = json!("acme");
    sb.post("/v1/customers", &key, unknown).await.assert_error(400, "VAL_0001");
    // Limits are inclusive; an unassigned code such as UK is not a country.
    let mut edge = customer_body("edge@example.com");
    edge["legal_name"] = json!("é".repeat(256));
    edge["tax_id"] = json!("t".repeat(64));
    assert_eq!(sb.post("/v1/customers", &key, edge).await.status, StatusCode::CREATED);
    let mut uk = customer_body("uk@example.com");
    uk["country"] = json!("UK");
    assert_eq!(sb.post("/v1/customers", &key, uk).await.detail_fields(), vec!["country"]);
    // Nothing invalid was stored.
    assert_eq!(ids(&sb.get("/v1/customers", &key).await.body).len(), 1);
}

#[tokio::test]
async fn email_is_unique_per_application_ignoring_case() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    create_customer(&sb, &key, "Ops@Example.com").await;
    for path in ["/v1/customers", "/v1/participants", "/v1/counterparties"] {
        let r = sb.post(path, &key, customer_body("ops@example.COM")).await;
        r.assert_error(409, "DUPLICATE_EMAIL");
        assert_eq!(r.detail_fields(), vec!["email"]);
    }
    // Another application, even of the same partner, may use it.
    create_customer(&sb, &sb.live_key(), "ops@example.com").await;
    let other = sb.other_partner().await;
    let (_, secret) = sb.new_app_key(&other, "TEST").await;
    create_customer(&sb, &Auth::Key(secret), "OPS@example.com").await;
    assert_eq!(ids(&sb.get("/v1/customers", &key).await.body).len(), 1);
}

#[tokio::test]
async fn another_application_s_customers_are_not_found() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let mine = create_customer(&sb, &key, "mine@example.com").await;
    let id = mine["id"].as_str().unwrap();
    let other = sb.other_partner().await;
    let (_, secret) = sb.new_app_key(&other, "TEST").await;
    let foreign = Auth::Key(secret);
    let bearer = sb.login().await;
    let (_, sibling) = sb.new_app_key(&bearer, "TEST").await;
    let sibling = Auth::Key(sibling);
    for auth in [&foreign, &sibling, &sb.live_key()] {
        for base in ["/v1/customers", "/v1/participants", "/v1/counterparties"] {
            sb.get(&format!("{base}/{id}"), auth).await.assert_error(404, "CNT_0001");
        }
        assert_eq!(ids(&sb.get("/v1/customers", auth).await.body), Vec::<String>::new());
        let r = sb.post(&format!("/sandbox/customers/{id}/approve"), auth, json!({})).await;
        if matches!(auth, Auth::Key(k) if *k == sb.ready.live_api_key) {
            r.assert_error(403, "ATH_0002");
        } else {
            r.assert_error(404, "CNT_0001");
        }
    }
    sb.get("/v1/customers/0193a5b0-0000-7000-8000-000000000000", &key).await.assert_error(404, "CNT_0001");
    sb.get("/v1/customers", &Auth::None).await.assert_error(401, "ATH_0001");
    assert_eq!(sb.get(&format!("/v1/customers/{id}"), &key).await.body["kyb_status"], "pending");
}

#[tokio::test]
async fn status_filter_and_pagination() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let mut all = Vec::new();
    for i in 0..5 {
        all.push(create_customer(&sb, &key, &format!("p{i}@example.com")).await["id"].as_str().unwrap().to_owned());
    }
    all.reverse();
    for id in [&all[0], &all[2]] {
        let r = sb.post(&format!("/sandbox/customers/{id}/approve"), &key, json!({})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    sb.post(&format!("/sandbox/customers/{}/reject", all[4]), &sb.control(), json!({})).await;
    assert_eq!(ids(&sb.get("/v1/customers?status=approved", &key).await.body), vec![all[0].clone(), all[2].clone()]);
    assert_eq!(ids(&sb.get("/v1/participants?status=rejected", &key).await.body), vec![all[4].clone()]);
    assert_eq!(ids(&sb.get("/v1/customers?status=pending", &key).await.body), vec![all[1].clone(), all[3].clone()]);

    let first = sb.get("/v1/customers?limit=2", &key).await;
    assert_eq!(ids(&first.body), all[..2].to_vec());
    let cursor = first.body["next_cursor"].as_str().unwrap();
    let second = sb.get(&format!("/v1/customers?limit=2&cursor={cursor}"), &key).await;
    assert_eq!(ids(&second.body), all[2..4].to_vec());
    let cursor = second.body["next_cursor"].as_str().unwrap();
    let third = sb.get(&format!("/v1/customers?limit=2&cursor={cursor}"), &key).await;
    assert_eq!(ids(&third.body), all[4..].to_vec());
    assert_eq!(third.body["next_cursor"], Value::Null);
    let filtered = sb.get("/v1/customers?status=approved&limit=1", &key).await;
    assert_eq!(ids(&filtered.body), vec![all[0].clone()]);
    assert!(filtered.body["next_cursor"].is_string());

    let r = sb.get("/v1/customers?status=verified&limit=0", &key).await;
    r.assert_error(400, "VAL_0001");
    assert_eq!(r.detail_fields(), vec!["limit", "status"]);
    sb.get("/v1/customers?cursor=nope", &key).await.assert_error(400, "VAL_0001");
}

#[tokio::test]
async fn approve_and_reject_record_events() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_with(Storage::File(db.clone())).await;
    let key = sb.test_key();
    let a = create_customer(&sb, &key, "a@example.com").await;
    let b = create_customer(&sb, &key, "b@example.com").await;
    let (a_id, b_id) = (a["id"].as_str().unwrap().to_owned(), b["id"].as_str().unwrap().to_owned());

    let approved = sb.post(&format!("/sandbox/customers/{a_id}/approve"), &key, json!({})).await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);
    assert_eq!(approved.body["kyb_status"], "approved");
    assert!(approved.body["kyb_decided_at"].is_string());
    assert_eq!(sb.get(&format!("/v1/customers/{a_id}"), &key).await.body, approved.body);
    let rejected = sb.post(&format!("/sandbox/customers/{b_id}/reject"), &sb.control(), json!({})).await;
    assert_eq!(rejected.body["kyb_status"], "rejected");

    // Decisions are final.
    for (id, verb) in [(&a_id, "reject"), (&a_id, "approve"), (&b_id, "approve")] {
        sb.post(&format!("/sandbox/customers/{id}/{verb}"), &key, json!({})).await.assert_error(409, "CONFLICT");
    }
    sb.post("/sandbox/customers/nope/approve", &sb.control(), json!({})).await.assert_error(404, "CNT_0001");
    sb.post(&format!("/sandbox/customers/{a_id}/approve"), &Auth::None, json!({})).await.assert_error(401, "ATH_0001");
    let app = sb.ready.test_application_id.clone();
    sb.shutdown().await;

    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT e.type, e.resource_type, e.resource_id, e.data, a.public_id FROM events e
             JOIN applications a ON a.id = e.application_id ORDER BY e.id",
        )
        .unwrap();
    let rows: Vec<(String, String, String, String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len(), 2, "one event per decision, none for refused moves");
    assert_eq!(
        (rows[0].0.as_str(), rows[0].1.as_str(), rows[0].2.as_str()),
        ("customer.kyb_approved", "customer", a_id.as_str())
    );
    assert_eq!((rows[1].0.as_str(), rows[1].2.as_str()), ("customer.kyb_rejected", b_id.as_str()));
    assert!(rows.iter().all(|r| r.4 == app));
    let data: Value = serde_json::from_str(&rows[0].3).unwrap();
    let decided_at = data["decided_at"].as_str().expect("a decision time").to_owned();
    assert_eq!(
        data,
        json!({"customer_id": a_id, "status": "APPROVED", "legal_name": "Acme Trading LLC", "country": "AE",
               "verification_level": "standard", "decided_at": decided_at})
    );
    let rejected: Value = serde_json::from_str(&rows[1].3).unwrap();
    assert_eq!((rejected["status"].as_str(), rejected["reason"].is_string()), (Some("REJECTED"), true));
}

#[tokio::test]
async fn verification_is_decided_automatically_after_sixty_seconds() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let good = create_customer(&sb, &key, "good@example.com").await;
    let mut body = customer_body("bad@example.com");
    body["legal_name"] = json!("Please Reject Me Ltd");
    let bad = sb.post("/v1/customers", &key, body).await.body;
    sb.advance_clock(59).await;
    assert_eq!(ids(&sb.get("/v1/customers?status=pending", &key).await.body).len(), 2);
    sb.advance_clock(1).await;
    let good_now = sb.get(&format!("/v1/participants/{}", good["id"].as_str().unwrap()), &key).await.body;
    assert_eq!(good_now["kyb_status"], "approved");
    let due = chrono_plus_60(good["created_at"].as_str().unwrap());
    assert_eq!(good_now["kyb_decided_at"], due, "decided as of its due time");
    let rejected = sb.get("/v1/customers?status=rejected", &key).await;
    assert_eq!(ids(&rejected.body), vec![bad["id"].as_str().unwrap().to_owned()]);
    // Too late for a manual decision: the automatic one stands.
    sb.post(&format!("/sandbox/customers/{}/reject", good["id"].as_str().unwrap()), &key, json!({}))
        .await
        .assert_error(409, "CONFLICT");
}

/// Through the API the clock advance applies the due decision before it
/// answers; that `decide` applies it by itself, with nothing else having
/// done so, is the flow's unit test of the same name.
#[tokio::test]
async fn a_decision_due_before_an_advance_wins_over_a_later_manual_one() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let c = create_customer(&sb, &key, "late@example.com").await;
    sb.advance_clock(120).await;
    let r =
        sb.post(&format!("/sandbox/customers/{}/reject", c["id"].as_str().unwrap()), &sb.control(), json!({})).await;
    r.assert_error(409, "CONFLICT");
    let got = sb.get(&format!("/v1/customers/{}", c["id"].as_str().unwrap()), &key).await;
    assert_eq!(got.body["kyb_status"], "approved");
}

/// `created_at` plus 60 s, in the API's ISO 8601 form.
fn chrono_plus_60(iso: &str) -> String {
    let t = chrono::DateTime::parse_from_rfc3339(iso).unwrap().with_timezone(&chrono::Utc);
    (t + chrono::Duration::seconds(60)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
