//! The HTTP client every API command goes through, so that authentication,
//! `--request-id`, `-v` logging with secrets masked, and the mapping of
//! failures to exit codes are the same everywhere.

use std::sync::Mutex;
use std::time::Duration;

use payctl_wire::auth::{OAuthError, TokenResponse};
use payctl_wire::error::ErrorEnvelope;
use payctl_wire::page::{Page, Pagination, TransactionPage};
use reqwest::{Method, Url};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::commands::session::Login;
use crate::exit;

/// How a request authenticates.
pub enum Auth {
    Key(String),
    Bearer(String),
    /// Public routes (`wallets validate`): nothing is sent.
    None,
}

pub struct Client {
    http: reqwest::Client,
    base: Url,
    verbose: bool,
    request_id: Option<String>,
    login: Option<Login>,
    /// An access token obtained by a retry; later calls use it instead of
    /// the one they were given, which the API has already refused.
    renewed: Mutex<Option<String>>,
}

/// JSON fields whose values `-v` never prints.
const SECRET_FIELDS: &[&str] = &["client_secret", "access_token", "refresh_token", "password", "api_key", "secret"];
const MASK: &str = "***";

impl Client {
    pub fn new(base: Url, verbose: bool, request_id: Option<String>, login: Option<Login>) -> anyhow::Result<Client> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(60))
            .user_agent(concat!("payctl/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Client { http, base, verbose, request_id, login, renewed: Mutex::new(None) })
    }

    pub fn url(&self, path: &str) -> anyhow::Result<Url> {
        let joined = format!("{}{path}", self.base.as_str().trim_end_matches('/'));
        Url::parse(&joined).map_err(|e| exit::usage(format!("invalid request URL {joined}: {e}")))
    }

    /// One API call; answers the decoded JSON body (`Null` when empty).
    /// A bearer call the API answers 401 is retried once with a refreshed token.
    pub async fn call(&self, method: Method, path: &str, auth: &Auth, body: Option<&Value>) -> anyhow::Result<Value> {
        // One key for the retry too: the first attempt may have done the work.
        self.call_with_key(method, path, auth, body, &uuid::Uuid::new_v4().to_string()).await
    }

    /// [`Client::call`] with the caller's `Idempotency-Key` (sent on POST),
    /// for flows that must be safe to run again by hand (`payctl transfer`).
    pub async fn call_with_key(
        &self,
        method: Method,
        path: &str,
        auth: &Auth,
        body: Option<&Value>,
        idempotency_key: &str,
    ) -> anyhow::Result<Value> {
        let url = self.url(path)?;
        let mut retried = false;
        loop {
            let renewed = self.renewed.lock().map_err(|_| anyhow::anyhow!("token cache poisoned"))?.clone();
            let mut request = self.http.request(method.clone(), url.clone());
            request = match (auth, renewed) {
                (Auth::Key(key), _) => request.header(payctl_wire::API_KEY_HEADER, key),
                (Auth::Bearer(_), Some(token)) => request.bearer_auth(token),
                (Auth::Bearer(token), None) => request.bearer_auth(token),
                (Auth::None, _) => request,
            };
            if method == Method::POST {
                // The API then replays rather than repeats the operation if
                // the answer is lost and the request is sent again.
                request = request.header(payctl_wire::IDEMPOTENCY_KEY_HEADER, idempotency_key);
            }
            if let Some(body) = body {
                request = request.json(body);
            }
            self.log_request(&method, &url, auth, body.map(|b| mask_json(b.clone()).to_string()));
            let (status, bytes) = self.send(request, &url).await?;
            if status.is_success() {
                return decode(&bytes, &url);
            }
            match (&self.login, auth) {
                (Some(login), Auth::Bearer(_)) if status.as_u16() == 401 && !retried => {
                    retried = true;
                    let token = login.refresh(self).await?;
                    *self.renewed.lock().map_err(|_| anyhow::anyhow!("token cache poisoned"))? = Some(token);
                }
                _ => return Err(api_failure(status, &bytes, &url)),
            }
        }
    }

    pub async fn get<T: DeserializeOwned>(&self, path: &str, auth: &Auth) -> anyhow::Result<T> {
        typed(self.call(Method::GET, path, auth, None).await?)
    }

    pub async fn post<T: DeserializeOwned>(
        &self,
        path: &str,
        auth: &Auth,
        body: &impl serde::Serialize,
    ) -> anyhow::Result<T> {
        typed(self.call(Method::POST, path, auth, Some(&serde_json::to_value(body)?)).await?)
    }

    /// Fetches one page, or every page with `all`, following `next_cursor`.
    pub async fn list<T: DeserializeOwned>(
        &self,
        path: &str,
        auth: &Auth,
        limit: u32,
        all: bool,
    ) -> anyhow::Result<Page<T>> {
        self.list_in::<Page<T>>(path, auth, limit, all).await
    }

    /// [`Client::list`] for any list envelope: the general one, or the
    /// transaction list's `{data, pagination}`. The answer keeps the shape.
    pub async fn list_in<E: Envelope>(&self, path: &str, auth: &Auth, limit: u32, all: bool) -> anyhow::Result<E> {
        let mut data = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            // Filters (`?status=...`) may already open the query string.
            let separator = if path.contains('?') { '&' } else { '?' };
            let mut page_path = format!("{path}{separator}limit={limit}");
            if let Some(c) = &cursor {
                page_path.push_str("&cursor=");
                page_path.push_str(&url_escape(c));
            }
            let page: E = self.get(&page_path, auth).await?;
            let (items, next) = page.into_parts();
            data.extend(items);
            match next {
                Some(next) if all => cursor = Some(next),
                next_cursor => return Ok(E::from_parts(data, next_cursor)),
            }
        }
    }

    /// The OpenID Connect token endpoint, which answers OAuth errors rather
    /// than the API's envelope.
    pub async fn token(&self, auth_url: &Url, form: &[(&str, &str)]) -> anyhow::Result<TokenResponse> {
        let url = Url::parse(&format!("{}/protocol/openid-connect/token", auth_url.as_str().trim_end_matches('/')))
            .map_err(|e| exit::usage(format!("invalid auth URL {auth_url}: {e}")))?;
        let shown: Vec<String> =
            form.iter().map(|(k, v)| format!("{k}={}", if SECRET_FIELDS.contains(k) { MASK } else { v })).collect();
        if self.verbose {
            eprintln!("> POST {url}\n> content-type: application/x-www-form-urlencoded\n> {}", shown.join("&"));
        }
        let (status, bytes) = self.send(self.http.post(url.clone()).form(form), &url).await?;
        if status.is_success() {
            return typed(decode(&bytes, &url)?);
        }
        match serde_json::from_slice::<OAuthError>(&bytes) {
            Ok(e) if status.as_u16() == 401 || e.error == "invalid_grant" => {
                Err(exit::auth(format!("login refused: {}: {}", e.error, e.error_description)))
            }
            Ok(e) => Err(exit::api(format!("token endpoint refused: {}: {}", e.error, e.error_description))),
            Err(_) => Err(api_failure(status, &bytes, &url)),
        }
    }

    async fn send(
        &self,
        mut request: reqwest::RequestBuilder,
        url: &Url,
    ) -> anyhow::Result<(reqwest::StatusCode, Vec<u8>)> {
        if let Some(id) = &self.request_id {
            request = request.header(payctl_wire::REQUEST_ID_HEADER, id);
        }
        let response = request.send().await.map_err(|e| network_failure(&e, url))?;
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.bytes().await.map_err(|e| network_failure(&e, url))?.to_vec();
        if self.verbose {
            eprintln!("< {status}");
            for (name, value) in &headers {
                eprintln!("< {name}: {}", value.to_str().unwrap_or("<binary>"));
            }
            match serde_json::from_slice::<Value>(&bytes) {
                Ok(v) => eprintln!("< {}", mask_json(v)),
                Err(_) if bytes.is_empty() => {}
                Err(_) => eprintln!("< {}", String::from_utf8_lossy(&bytes)),
            }
        }
        Ok((status, bytes))
    }

    fn log_request(&self, method: &Method, url: &Url, auth: &Auth, body: Option<String>) {
        if !self.verbose {
            return;
        }
        eprintln!("> {method} {url}");
        match auth {
            Auth::Key(_) => eprintln!("> x-api-key: {MASK}"),
            Auth::Bearer(_) => eprintln!("> authorization: Bearer {MASK}"),
            Auth::None => {}
        }
        if let Some(id) = &self.request_id {
            eprintln!("> x-request-id: {id}");
        }
        if let Some(body) = body {
            eprintln!("> {body}");
        }
    }
}

/// A list envelope: its records and the cursor of the next page.
pub trait Envelope: DeserializeOwned {
    type Item;
    fn into_parts(self) -> (Vec<Self::Item>, Option<String>);
    fn from_parts(data: Vec<Self::Item>, next_cursor: Option<String>) -> Self;
}

impl<T: DeserializeOwned> Envelope for Page<T> {
    type Item = T;
    fn into_parts(self) -> (Vec<T>, Option<String>) {
        (self.data, self.next_cursor)
    }
    fn from_parts(data: Vec<T>, next_cursor: Option<String>) -> Self {
        Page { data, next_cursor }
    }
}

impl<T: DeserializeOwned> Envelope for TransactionPage<T> {
    type Item = T;
    fn into_parts(self) -> (Vec<T>, Option<String>) {
        (self.data, self.pagination.next_cursor)
    }
    fn from_parts(data: Vec<T>, next_cursor: Option<String>) -> Self {
        TransactionPage { data, pagination: Pagination { has_more: next_cursor.is_some(), next_cursor } }
    }
}

pub fn typed<T: DeserializeOwned>(value: Value) -> anyhow::Result<T> {
    serde_json::from_value(value).map_err(|e| exit::api(format!("the server's answer has an unexpected shape: {e}")))
}

fn decode(bytes: &[u8], url: &Url) -> anyhow::Result<Value> {
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_slice(bytes)
        .map_err(|e| exit::api(format!("the server at {url} answered with malformed JSON: {e}")))
}

/// The API's error envelope becomes `CODE: message (correlation id ...)`;
/// 401 and 403 exit 3, other statuses 1.
fn api_failure(status: reqwest::StatusCode, bytes: &[u8], url: &Url) -> anyhow::Error {
    let message = match serde_json::from_slice::<ErrorEnvelope>(bytes) {
        Ok(ErrorEnvelope { error }) => {
            let mut m = format!("{}: {} (correlation id {})", error.code, error.message, error.correlation_id);
            for issue in &error.details {
                m.push_str(&format!("\n  {}: {} ({})", issue.field, issue.message, issue.code));
            }
            m
        }
        Err(_) => {
            let text = String::from_utf8_lossy(bytes);
            let excerpt: String = text.chars().take(200).collect();
            format!("HTTP {status} from {url} without an error envelope: {excerpt}")
        }
    };
    if matches!(status.as_u16(), 401 | 403) { exit::auth(message) } else { exit::api(message) }
}

fn network_failure(err: &reqwest::Error, url: &Url) -> anyhow::Error {
    let mut cause = String::new();
    let mut source: Option<&dyn std::error::Error> = Some(err);
    while let Some(e) = source {
        cause = e.to_string();
        source = e.source();
    }
    let what = if err.is_timeout() { "timed out talking to" } else { "cannot reach" };
    exit::network(format!("{what} {url}: {cause}"))
}

/// Replaces the value of every secret-named field, at any depth.
pub fn mask_json(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let secret = SECRET_FIELDS.contains(&k.as_str()) && !v.is_null();
                    let v = if secret { Value::String(MASK.to_owned()) } else { mask_json(v) };
                    (k, v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(mask_json).collect()),
        other => other,
    }
}

pub fn url_escape(raw: &str) -> String {
    raw.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_secrets_at_any_depth() {
        let v = serde_json::json!({"client_secret": "s", "a": [{"refresh_token": "r", "id": 1}], "expires_at": null});
        assert_eq!(
            mask_json(v),
            serde_json::json!({"client_secret": "***", "a": [{"refresh_token": "***", "id": 1}], "expires_at": null})
        );
    }

    #[test]
    fn escapes_cursors() {
        assert_eq!(url_escape("a b/+="), "a%20b%2F%2B%3D");
    }
}
