//! Form posts as the console reads them: `application/x-www-form-urlencoded`
//! name/value pairs, names possibly repeated (checkbox lists).

use axum::extract::{FromRequest, Request};
use axum::http::header;

use super::Failure;

/// The fields of a posted form, in order.
#[derive(Debug, Clone, Default)]
pub struct Fields(Vec<(String, String)>);

impl Fields {
    pub fn parse(body: &[u8]) -> Fields {
        Fields(form_urlencoded::parse(body).map(|(k, v)| (k.into_owned(), v.into_owned())).collect())
    }

    /// The first value of a field, as sent.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The first value, trimmed; `None` when absent or blank.
    pub fn text(&self, name: &str) -> Option<String> {
        self.get(name).map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
    }

    /// Every value of a repeated field.
    pub fn all(&self, name: &str) -> Vec<String> {
        self.0.iter().filter(|(k, _)| k == name).map(|(_, v)| v.clone()).collect()
    }

    /// This submission's idempotency key: the one the form was rendered
    /// with (so a second submission of the same form replays the first),
    /// or a fresh one when it carries none that the API would accept.
    pub fn idempotency_key(&self) -> String {
        self.get("idem")
            .filter(|k| (1..=64).contains(&k.len()) && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
            .map(|k| format!("console-{k}"))
            .unwrap_or_else(|| format!("console-{}", uuid::Uuid::new_v4()))
    }
}

impl<S: Send + Sync> FromRequest<S> for Fields {
    type Rejection = Failure;

    async fn from_request(request: Request, _: &S) -> Result<Self, Failure> {
        let form = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.to_ascii_lowercase().starts_with("application/x-www-form-urlencoded"));
        if !form {
            return Err(Failure::BadRequest("Console forms are sent as application/x-www-form-urlencoded.".into()));
        }
        let body = axum::body::to_bytes(request.into_body(), super::FORM_LIMIT)
            .await
            .map_err(|_| Failure::BadRequest("The form is larger than the console accepts (64 KiB).".into()))?;
        Ok(Fields::parse(&body))
    }
}

/// A page's query parameters, blank ones left out (an empty filter field
/// means no filter). Never fails: a malformed pair is read as best it can.
pub fn query(raw: Option<&str>) -> std::collections::BTreeMap<String, String> {
    form_urlencoded::parse(raw.unwrap_or("").as_bytes())
        .map(|(k, v)| (k.into_owned(), v.trim().to_owned()))
        .filter(|(_, v)| !v.is_empty())
        .collect()
}
