//! Fault rules, met the way a partner's integration meets them: through a
//! real HTTP client, at the socket (a reset is a closed connection, not a
//! status code), with the records the API holds afterwards.

mod client_gone;
mod determinism;
mod kinds;
mod lost_answers;
mod rules;
mod scope;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox};

/// Adds a rule with `auth` and returns it.
pub async fn add_rule(sb: &TestSandbox, auth: &Auth, rule: Value) -> Value {
    let r = sb.post("/sandbox/faults", auth, rule).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

/// The rules `auth` sees.
pub async fn rules(sb: &TestSandbox, auth: &Auth) -> Vec<Value> {
    let r = sb.get("/sandbox/faults", auth).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["data"].as_array().unwrap().clone()
}

/// A customer body with a fresh email.
pub fn customer_body() -> Value {
    json!({"type": "business", "legal_name": "Acme", "email": format!("{}@example.com", uuid::Uuid::new_v4().simple()),
           "country": "AE", "verification_level": "standard", "tax_id": "1"})
}
