//! The HTTP client every API command goes through, so that authentication,
//! `X-Request-ID` (`--request-id`, else a fresh one per request), retries
//! ([`retry`]), `-v` logging with secrets masked, and the mapping of
//! failures to exit codes are the same everywhere.

pub mod retry;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use payctl_wire::auth::{OAuthError, TokenResponse};
use payctl_wire::error::ErrorEnvelope;
use payctl_wire::page::{Page, Pagination, TransactionPage};
use reqwest::{Method, Url};
use serde::de::DeserializeOwned;
use serde_json::Value;

pub use self::retry::{Retries, retry_after};
use crate::cli::ListArgs;
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
    /// The server's time at the last answer, and when it arrived here.
    server_time: Mutex<Option<(i64, Instant)>>,
    /// API field names the command knows by its flags (`source_asset` is
    /// `--from`), so errors name what the user typed.
    flags: &'static [(&'static str, &'static str)],
    /// Reads are marked as the tool's own (`X-Sandbox-Tool`), so the
    /// sandbox neither logs, faults, rate-limits nor judges them.
    tool: bool,
    /// The command's Idempotency-Keys, and whether an answer was replayed.
    keys: Keys,
    /// The ready file the profile's base URL came from: a server that
    /// cannot be reached there may be a sandbox that moved.
    ready_file: Option<std::path::PathBuf>,
    /// Each request is sent once and its answer, whatever it is, returned
    /// ([`Client::once`]).
    once: bool,
}

/// JSON fields whose values `-v` never prints.
const SECRET_FIELDS: &[&str] =
    &["client_secret", "access_token", "refresh_token", "password", "api_key", "secret", "webhook_secrets"];
const MASK: &str = "***";

impl Client {
    pub fn new(base: Url, verbose: bool, request_id: Option<String>, login: Option<Login>) -> anyhow::Result<Client> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            // Long, so a server that holds a request and then closes the
            // connection is met as no answer (and retried), not as our timeout.
            .timeout(Duration::from_secs(60))
            .user_agent(concat!("payctl/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Client {
            http,
            base,
            verbose,
            request_id,
            login,
            renewed: Mutex::new(None),
            server_time: Mutex::new(None),
            flags: &[],
            tool: false,
            keys: Keys::new(None),
            ready_file: None,
            once: false,
        })
    }

    /// The base URL came from this ready file (`config init --from-ready`):
    /// a connection refused then says so, and where the file points now.
    pub fn with_ready_file(mut self, path: Option<std::path::PathBuf>) -> Client {
        self.ready_file = path;
        self
    }

    /// Marks this client's reads as the tool's own, not the application's
    /// (`logs`, `trigger`, `review`...): the sandbox then neither logs,
    /// faults, rate-limits nor judges them.
    pub fn tool(mut self) -> Client {
        self.tool = true;
        self
    }

    /// The command's `--idempotency-key`, when given: its first `POST`
    /// sends it, and later ones `KEY.2`, `KEY.3`...
    /// The base URL calls go to.
    pub fn base(&self) -> &Url {
        &self.base
    }

    pub fn with_idempotency_key(mut self, key: Option<String>) -> Client {
        self.keys = Keys::new(key);
        self
    }

    /// The key the command's first `POST` sends (given or made), which a
    /// re-run passes as `--idempotency-key`.
    pub fn idempotency_key(&self) -> &str {
        &self.keys.base
    }

    /// The Idempotency-Key for the command's next `POST`.
    pub fn next_idempotency_key(&self) -> String {
        self.keys.next()
    }

    /// A final answer that is not a success, as the error it is.
    pub fn refusal(&self, answer: &Answer, path: &str) -> anyhow::Error {
        match self.url(path) {
            Ok(url) => self.failure(answer.status, &answer.bytes, &url, path),
            Err(e) => e,
        }
    }

    /// Whether an answer so far was the API's stored one, replayed for a
    /// repeated Idempotency-Key, rather than new work.
    pub fn replayed(&self) -> bool {
        self.keys.replayed.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Sends every request once: no answer, a 5xx or a 429 is the answer
    /// (for `payctl mcp`, whose caller decides what to retry, and sees the
    /// faults a sandbox injects).
    pub fn once(mut self) -> Client {
        self.once = true;
        self
    }

    /// Names API fields in errors by these flags: `(field, flag)` pairs.
    pub fn with_flags(mut self, flags: &'static [(&'static str, &'static str)]) -> Client {
        self.flags = flags;
        self
    }

    /// The server's clock now, in Unix milliseconds: the time of its last
    /// answer (`X-Sandbox-Clock`, else `Date`) plus the time elapsed here
    /// since; the local clock when no answer said.
    pub fn server_now(&self) -> i64 {
        let last = self.server_time.lock().ok().and_then(|t| *t);
        match last {
            Some((at, seen)) => at + i64::try_from(seen.elapsed().as_millis()).unwrap_or(i64::MAX / 2),
            None => local_millis(),
        }
    }

    pub fn url(&self, path: &str) -> anyhow::Result<Url> {
        let joined = format!("{}{path}", self.base.as_str().trim_end_matches('/'));
        Url::parse(&joined).map_err(|e| exit::usage(format!("invalid request URL {joined}: {e}")))
    }

    /// One API call; answers the decoded JSON body (`Null` when empty).
    /// A bearer call the API answers 401 is retried once with a refreshed
    /// token; no answer, a 5xx and a 429 are retried as [`retry`] says. A
    /// `POST` carries the command's next Idempotency-Key ([`Keys`]).
    pub async fn call(&self, method: Method, path: &str, auth: &Auth, body: Option<&Value>) -> anyhow::Result<Value> {
        let key = (method == Method::POST).then(|| self.keys.next());
        self.call_as(Outgoing { method, path, auth, body: body.map(json_body), key, ..Outgoing::default() }).await
    }

    /// [`Client::call`] with the caller's `Idempotency-Key` (sent on POST),
    /// for flows that derive their own keys (`payctl transfer`).
    pub async fn call_with_key(
        &self,
        method: Method,
        path: &str,
        auth: &Auth,
        body: Option<&Value>,
        idempotency_key: &str,
    ) -> anyhow::Result<Value> {
        let key = Some(idempotency_key.to_owned());
        self.call_as(Outgoing { method, path, auth, body: body.map(json_body), key, ..Outgoing::default() }).await
    }

    /// A `GET` made on the tool's own behalf (learning the server's clock,
    /// reading what became of a delivery), whatever this client's mode.
    pub async fn get_own(&self, path: &str, auth: &Auth) -> anyhow::Result<Value> {
        self.call_as(Outgoing { method: Method::GET, path, auth, own_read: true, ..Outgoing::default() }).await
    }

    async fn call_as(&self, out: Outgoing<'_>) -> anyhow::Result<Value> {
        let (path, url) = (out.path, self.url(out.path)?);
        let answer = self.exchange(out).await?;
        if answer.status.is_success() {
            return decode(&answer.bytes, &url);
        }
        Err(self.failure(answer.status, &answer.bytes, &url, path))
    }

    /// One request as given, retried as [`Client::call`] says; its last
    /// answer, whatever its status. A `POST` that got no answer, or a 5xx
    /// once the retries are spent, fails with its Idempotency-Key and the
    /// command that retries it safely.
    pub async fn exchange(&self, out: Outgoing<'_>) -> anyhow::Result<Answer> {
        let Outgoing { method, path, auth, body, key, headers, own_read } = out;
        let url = self.url(path)?;
        let what = format!("{method} {path}");
        let mut refreshed = false;
        let mut retries = if self.once { Retries::none() } else { Retries::new(&method, key.is_some()) };
        loop {
            let renewed = self.renewed.lock().map_err(|_| anyhow::anyhow!("token cache poisoned"))?.clone();
            let mut request = self.http.request(method.clone(), url.clone());
            request = match (auth, renewed) {
                (Auth::Key(key), _) => request.header(payctl_wire::API_KEY_HEADER, key),
                (Auth::Bearer(_), Some(token)) => request.bearer_auth(token),
                (Auth::Bearer(token), None) => request.bearer_auth(token),
                (Auth::None, _) => request,
            };
            if let Auth::Key(secret) = auth
                && method == Method::GET
                && (own_read || self.tool)
            {
                request = request.header(payctl_wire::sandbox::TOOL_HEADER, tool_marker(secret, &url));
            }
            for (name, value) in headers {
                request = request.header(name.as_str(), value.as_str());
            }
            if let Some(key) = &key {
                // The API then replays rather than repeats the operation if
                // the answer is lost and the request is sent again.
                request = request.header(payctl_wire::IDEMPOTENCY_KEY_HEADER, key);
            }
            if let Some((content_type, bytes)) = &body {
                request = request.header(reqwest::header::CONTENT_TYPE, *content_type).body(bytes.clone());
            }
            let request_id = self.request_id.clone().unwrap_or_else(retry::new_request_id);
            let shown = body.as_ref().map(|(_, bytes)| match serde_json::from_slice::<Value>(bytes) {
                Ok(v) => mask_json(v).to_string(),
                Err(_) => String::from_utf8_lossy(bytes).into_owned(),
            });
            self.log_request(&method, &url, auth, &request_id, shown);
            let answer = match self.send(request, &request_id).await {
                Ok(answer) => answer,
                Err(e) if retry::got_no_answer(&e) && retries.after_no_answer(&what, &root_cause(&e)).await => continue,
                Err(e) => {
                    let failure = self.network_failure(&e, &url, &method, retries.failures());
                    return Err(self.give_up(failure, key.as_deref(), retry::got_no_answer(&e)));
                }
            };
            let status = answer.status;
            if status.is_success() {
                if answer.headers.get(payctl_wire::IDEMPOTENT_REPLAYED_HEADER).is_some_and(|v| v == "true") {
                    self.keys.replayed.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                return Ok(answer);
            }
            match (&self.login, auth) {
                (Some(login), Auth::Bearer(_)) if status.as_u16() == 401 && !refreshed => {
                    refreshed = true;
                    let token = login.refresh(self).await?;
                    *self.renewed.lock().map_err(|_| anyhow::anyhow!("token cache poisoned"))? = Some(token);
                }
                _ if status.as_u16() == 429 && retries.after_rate_limit(&what, answer.retry_after).await => {}
                _ if status.is_server_error()
                    && retries.after_server_error(&what, status.as_u16(), answer.retry_after).await => {}
                _ if status.is_server_error() && key.is_some() => {
                    let failure = self.failure(status, &answer.bytes, &url, path);
                    return Err(self.give_up(failure, key.as_deref(), true));
                }
                _ => return Ok(answer),
            }
        }
    }

    pub async fn get<T: DeserializeOwned>(&self, path: &str, auth: &Auth) -> anyhow::Result<T> {
        typed(self.call(Method::GET, path, auth, None).await?)
    }

    /// Fetches one page (from `--cursor`, else the first), or every page
    /// from there with `--all`, following `next_cursor`.
    pub async fn list<T: DeserializeOwned>(
        &self,
        path: &str,
        auth: &Auth,
        paging: &ListArgs,
    ) -> anyhow::Result<Page<T>> {
        self.list_in::<Page<T>>(path, auth, paging).await
    }

    /// [`Client::list`] for any list envelope: the general one, or the
    /// transaction list's `{data, pagination}`. The answer keeps the shape.
    pub async fn list_in<E: Envelope>(&self, path: &str, auth: &Auth, paging: &ListArgs) -> anyhow::Result<E> {
        let (limit, all) = (paging.limit, paging.all);
        let mut data = Vec::new();
        let mut cursor: Option<String> = paging.cursor.clone();
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

    /// `failure` with the command that retries it safely; a client that
    /// sends once leaves the retry, and so the advice, to its caller (the
    /// MCP server answers the key itself: there is no command to run).
    fn give_up(&self, failure: anyhow::Error, key: Option<&str>, may_have_run: bool) -> anyhow::Error {
        if self.once { failure } else { self.keys.give_up(failure, key, may_have_run) }
    }

    /// A form POST to a public path (the token endpoint), sent once and
    /// answered as its decoded JSON; an error answer as [`Client::call`]'s.
    pub async fn post_form(&self, path: &str, form: &[(String, String)]) -> anyhow::Result<Value> {
        let url = self.url(path)?;
        let request_id = self.request_id.clone().unwrap_or_else(retry::new_request_id);
        if self.verbose {
            let shown: Vec<String> = form
                .iter()
                .map(|(k, v)| format!("{k}={}", if SECRET_FIELDS.contains(&k.as_str()) { MASK } else { v }))
                .collect();
            crate::say!("> POST {url}\n> content-type: application/x-www-form-urlencoded\n> {}", shown.join("&"));
        }
        let answer = self
            .send(self.http.post(url.clone()).form(form), &request_id)
            .await
            .map_err(|e| self.network_failure(&e, &url, &Method::POST, 0))?;
        if answer.status.is_success() {
            return decode(&answer.bytes, &url);
        }
        Err(self.failure(answer.status, &answer.bytes, &url, path))
    }

    /// The OpenID Connect token endpoint, which answers OAuth errors rather
    /// than the API's envelope.
    pub async fn token(&self, auth_url: &Url, form: &[(&str, &str)]) -> anyhow::Result<TokenResponse> {
        let url = Url::parse(&format!("{}/protocol/openid-connect/token", auth_url.as_str().trim_end_matches('/')))
            .map_err(|e| exit::usage(format!("invalid auth URL {auth_url}: {e}")))?;
        let shown: Vec<String> =
            form.iter().map(|(k, v)| format!("{k}={}", if SECRET_FIELDS.contains(k) { MASK } else { v })).collect();
        if self.verbose {
            crate::say!("> POST {url}\n> content-type: application/x-www-form-urlencoded\n> {}", shown.join("&"));
        }
        let request_id = self.request_id.clone().unwrap_or_else(retry::new_request_id);
        let Answer { status, bytes, .. } = self
            .send(self.http.post(url.clone()).form(form), &request_id)
            .await
            .map_err(|e| self.network_failure(&e, &url, &Method::POST, 0))?;
        if status.is_success() {
            return typed(decode(&bytes, &url)?);
        }
        match serde_json::from_slice::<OAuthError>(&bytes) {
            Ok(e) if status.as_u16() == 401 || e.error == "invalid_grant" => {
                Err(exit::auth(format!("login refused: {}: {}", e.error, e.error_description)))
            }
            Ok(e) => Err(exit::api(format!("token endpoint refused: {}: {}", e.error, e.error_description))),
            Err(_) => Err(self.failure(status, &bytes, &url, url.path())),
        }
    }

    /// The API's error envelope as an [`ApiError`] naming flags, with a hint
    /// for an id that was not found; anything else as the raw answer.
    fn failure(&self, status: reqwest::StatusCode, bytes: &[u8], url: &Url, path: &str) -> anyhow::Error {
        match serde_json::from_slice::<ErrorEnvelope>(bytes) {
            Ok(ErrorEnvelope { error }) => {
                let details = error
                    .details
                    .iter()
                    .map(|issue| {
                        let field = self
                            .flags
                            .iter()
                            .find(|(f, _)| *f == issue.field)
                            .map_or(issue.field.clone(), |(_, flag)| (*flag).to_owned());
                        (field, issue.message.clone(), issue.code.clone())
                    })
                    .collect();
                let hint = (status.as_u16() == 404).then(|| lister(path)).flatten();
                // A one-field error names its field in the message too.
                let mut message = error.message.clone();
                for (field, flag) in self.flags {
                    message = message.replace(&format!("{field}: "), &format!("{flag}: "));
                }
                ApiError {
                    status: status.as_u16(),
                    code: error.code.clone(),
                    message,
                    correlation_id: error.correlation_id.clone(),
                    details,
                    hint,
                }
                .into()
            }
            Err(_) => {
                let text = String::from_utf8_lossy(bytes);
                let excerpt: String = text.chars().take(200).collect();
                let message = format!("HTTP {status} from {url} without an error envelope: {excerpt}");
                if matches!(status.as_u16(), 401 | 403) { exit::auth(message) } else { exit::api(message) }
            }
        }
    }

    /// Sends one request with its `X-Request-ID`; its answer, or why none
    /// came.
    async fn send(&self, request: reqwest::RequestBuilder, request_id: &str) -> Result<Answer, reqwest::Error> {
        let response = request.header(payctl_wire::REQUEST_ID_HEADER, request_id).send().await?;
        let status = response.status();
        let version = response.version();
        let headers = response.headers().clone();
        if let Some(at) = server_time(&headers)
            && let Ok(mut slot) = self.server_time.lock()
        {
            *slot = Some((at, Instant::now()));
        }
        let retry_after = retry_after(&headers);
        let bytes = response.bytes().await?.to_vec();
        if self.verbose {
            crate::say!("< {status}");
            for (name, value) in &headers {
                crate::say!("< {name}: {}", value.to_str().unwrap_or("<binary>"));
            }
            match serde_json::from_slice::<Value>(&bytes) {
                Ok(v) => crate::say!("< {}", mask_json(v)),
                Err(_) if bytes.is_empty() => {}
                Err(_) => crate::say!("< {}", String::from_utf8_lossy(&bytes)),
            }
        }
        Ok(Answer { status, version, headers, bytes, retry_after })
    }

    fn log_request(&self, method: &Method, url: &Url, auth: &Auth, request_id: &str, body: Option<String>) {
        if !self.verbose {
            return;
        }
        crate::say!("> {method} {url}");
        match auth {
            Auth::Key(_) => crate::say!("> x-api-key: {MASK}"),
            Auth::Bearer(_) => crate::say!("> authorization: Bearer {MASK}"),
            Auth::None => {}
        }
        crate::say!("> x-request-id: {request_id}");
        if let Some(body) = body {
            crate::say!("> {body}");
        }
    }
}

/// One request as [`Client::exchange`] sends it.
pub struct Outgoing<'a> {
    pub method: Method,
    pub path: &'a str,
    pub auth: &'a Auth,
    /// Its content type and bytes.
    pub body: Option<(&'static str, Vec<u8>)>,
    /// Its `Idempotency-Key`: a request with one is safe to send again.
    pub key: Option<String>,
    /// More headers, as given (`payctl api -H`).
    pub headers: &'a [(String, String)],
    /// A `GET` the tool makes on its own behalf, whatever the client's mode.
    pub own_read: bool,
}

impl Default for Outgoing<'_> {
    fn default() -> Self {
        Outgoing {
            method: Method::GET,
            path: "/",
            auth: &Auth::None,
            body: None,
            key: None,
            headers: &[],
            own_read: false,
        }
    }
}

fn json_body(value: &Value) -> (&'static str, Vec<u8>) {
    ("application/json", value.to_string().into_bytes())
}

/// An answer as it came.
pub struct Answer {
    pub status: reqwest::StatusCode,
    pub version: reqwest::Version,
    pub headers: reqwest::header::HeaderMap,
    pub bytes: Vec<u8>,
    pub retry_after: Option<u64>,
}

/// The Idempotency-Keys of one command: `--idempotency-key KEY`, else one
/// made for the run; its first `POST` sends KEY, later ones `KEY.2`,
/// `KEY.3`... in the order the command sends them, so running the same
/// command again with the same key replays each step the API already did.
struct Keys {
    base: String,
    sent: std::sync::atomic::AtomicU32,
    replayed: std::sync::atomic::AtomicBool,
}

impl Keys {
    fn new(given: Option<String>) -> Keys {
        Keys {
            base: given.unwrap_or_else(|| uuid::Uuid::new_v4().to_string()),
            sent: std::sync::atomic::AtomicU32::new(0),
            replayed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    fn next(&self) -> String {
        match self.sent.fetch_add(1, std::sync::atomic::Ordering::Relaxed) {
            0 => self.base.clone(),
            n => format!("{}.{}", self.base, n + 1),
        }
    }

    /// `failure` of a keyed request that may have been carried out, with
    /// the key and the command that retries it safely.
    fn give_up(&self, failure: anyhow::Error, key: Option<&str>, may_have_run: bool) -> anyhow::Error {
        let Some(key) = key.filter(|_| may_have_run) else { return failure };
        let code = failure.downcast_ref::<exit::Exit>().map_or(exit::API_ERROR, |e| e.code);
        let code = failure.downcast_ref::<ApiError>().map_or(code, ApiError::exit_code);
        let command = crate::exit::command_line_with("--idempotency-key", &self.base);
        exit::with_code(
            code,
            format!(
                "{failure}\n  It was sent with Idempotency-Key {key}. To retry it safely (the API then answers what \
                 it already did, never a second record), run:\n    {command}"
            ),
        )
    }
}

/// A list envelope: its records and the cursor of the next page.
pub trait Envelope: DeserializeOwned {
    type Item;
    /// The cursor is not at the top (`next_cursor`) but nested
    /// (`pagination.next_cursor`, the transaction list's spec form).
    const NESTED_CURSOR: bool = false;
    fn into_parts(self) -> (Vec<Self::Item>, Option<String>);
    fn from_parts(data: Vec<Self::Item>, next_cursor: Option<String>) -> Self;
    fn next_cursor(&self) -> Option<&str>;
}

impl<T: DeserializeOwned> Envelope for Page<T> {
    type Item = T;
    fn into_parts(self) -> (Vec<T>, Option<String>) {
        (self.data, self.next_cursor)
    }
    fn from_parts(data: Vec<T>, next_cursor: Option<String>) -> Self {
        Page { data, next_cursor }
    }
    fn next_cursor(&self) -> Option<&str> {
        self.next_cursor.as_deref()
    }
}

impl<T: DeserializeOwned> Envelope for TransactionPage<T> {
    type Item = T;
    const NESTED_CURSOR: bool = true;
    fn next_cursor(&self) -> Option<&str> {
        self.pagination.next_cursor.as_deref()
    }
    fn into_parts(self) -> (Vec<T>, Option<String>) {
        (self.data, self.pagination.next_cursor)
    }
    fn from_parts(data: Vec<T>, next_cursor: Option<String>) -> Self {
        TransactionPage { data, pagination: Pagination { has_more: next_cursor.is_some(), next_cursor } }
    }
}

/// The answer as its type. States, kinds and statuses are enums, so a value
/// a newer service added is refused here rather than shown as something it
/// is not: the message names where it is and says a newer payctl may know
/// it.
pub fn typed<T: DeserializeOwned>(value: Value) -> anyhow::Result<T> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let (path, cause) = (e.path().to_string(), e.into_inner().to_string());
        if cause.starts_with("unknown variant") {
            exit::api(format!(
                "the server's answer holds a value this payctl ({}) does not know, at `{path}`: {cause}; a newer \
                 payctl may know it",
                env!("CARGO_PKG_VERSION")
            ))
        } else {
            exit::api(format!("the server's answer has an unexpected shape at `{path}`: {cause}"))
        }
    })
}

fn decode(bytes: &[u8], url: &Url) -> anyhow::Result<Value> {
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_slice(bytes)
        .map_err(|e| exit::api(format!("the server at {url} answered with malformed JSON: {e}")))
}

/// An answer in the API's error envelope: `CODE: message (correlation id
/// ...)` and one line per field, fields named by their flags. 401 and 403
/// exit 3, other statuses 1.
#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub code: String,
    pub message: String,
    pub correlation_id: String,
    /// `(field or --flag, message, code)`.
    pub details: Vec<(String, String, String)>,
    /// What to do about an id that was not found: the command that lists
    /// such ids, or for what cannot be listed, how to make one.
    pub hint: Option<String>,
}

impl ApiError {
    /// The API's error envelope again, as it came (fields named by the API,
    /// not by flags, when the client was given none).
    pub fn envelope(&self) -> Value {
        let details: Vec<Value> = self
            .details
            .iter()
            .map(|(field, message, code)| serde_json::json!({"field": field, "code": code, "message": message}))
            .collect();
        serde_json::json!({"error": {
            "code": self.code,
            "message": self.message,
            "correlation_id": self.correlation_id,
            "details": details,
        }})
    }

    pub fn exit_code(&self) -> u8 {
        if matches!(self.status, 401 | 403) { exit::AUTH } else { exit::API_ERROR }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} (correlation id {})", self.code, self.message, self.correlation_id)?;
        for (field, message, code) in &self.details {
            // A one-field error already says it in its message.
            if self.message.contains(&format!("{field}: {message}")) {
                continue;
            }
            write!(f, "\n  {field}: {message} ({code})")?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n  {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ApiError {}

/// What to do about a path's id that was not found: the command that lists
/// such ids, or (quotes cannot be listed) how to get one.
fn lister(path: &str) -> Option<String> {
    if matches_prefix(path.split('?').next().unwrap_or(path), "/v1/transactions/quote/") {
        return Some(
            "quotes are not listed: use the id `payctl quotes create` printed, or make a new quote with it (a quote \
             expires 3 minutes after it is made)"
                .to_owned(),
        );
    }
    listing(path).map(|command| format!("`{command}` lists them"))
}

/// The command that lists what a path's id names.
fn listing(path: &str) -> Option<String> {
    const LISTERS: &[(&str, &str)] = &[
        ("/v1/applications/*/keys/", "payctl keys list --app APP_ID"),
        ("/v1/applications/", "payctl apps list"),
        ("/v1/customers/", "payctl customers list"),
        ("/sandbox/customers/", "payctl customers list"),
        ("/v1/beneficiaries/", "payctl beneficiaries list --customer CUSTOMER_ID"),
        ("/v1/accounts/", "payctl accounts list"),
        ("/v1/webhooks/*/deliveries/", "payctl webhooks deliveries WEBHOOK_ID"),
        ("/v1/webhooks/", "payctl webhooks list"),
        ("/v1/transactions/", "payctl transactions list"),
        ("/sandbox/transactions/", "payctl transactions list"),
        ("/v1/payments/", "payctl payments list"),
        ("/sandbox/payments/", "payctl payments list"),
        ("/sandbox/faults/", "payctl sandbox faults list"),
    ];
    let path = path.split('?').next().unwrap_or(path);
    LISTERS.iter().find(|(pattern, _)| matches_prefix(path, pattern)).map(|(_, cmd)| (*cmd).to_owned())
}

/// `pattern` is a path prefix where `*` stands for one segment.
fn matches_prefix(path: &str, pattern: &str) -> bool {
    let mut rest = path;
    for (i, part) in pattern.split('*').enumerate() {
        if i > 0 {
            let Some(end) = rest.find('/') else { return false };
            rest = &rest[end..];
        }
        let Some(tail) = rest.strip_prefix(part) else { return false };
        rest = tail;
    }
    !rest.is_empty()
}

/// The `X-Sandbox-Tool` marker of one `GET` to `url` sent with `api_key`.
fn tool_marker(api_key: &str, url: &Url) -> String {
    let path = match url.query() {
        Some(q) => format!("{}?{q}", url.path()),
        None => url.path().to_owned(),
    };
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    payctl_domain::tool_read::sign(api_key, "GET", &path, local_millis(), &nonce)
}

/// The server's time in an answer: `X-Sandbox-Clock` (RFC 3339), else `Date`.
fn server_time(headers: &reqwest::header::HeaderMap) -> Option<i64> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(clock) = text(payctl_wire::sandbox::SANDBOX_CLOCK_HEADER)
        && let Some(t) = payctl_domain::time::Timestamp::parse_rfc3339(clock)
    {
        return Some(t.millis());
    }
    text("date").and_then(|d| chrono::DateTime::parse_from_rfc2822(d).ok()).map(|d| d.timestamp_millis())
}

fn local_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 2))
}

/// The innermost cause of a failed request (`Connection refused`), which
/// says more than reqwest's own `error sending request`.
pub fn root_cause(err: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = err.to_string();
    let mut source = err.source();
    while let Some(e) = source {
        cause = e.to_string();
        source = e.source();
    }
    cause
}

impl Client {
    /// A request that failed without an answer (exit 4); `retries` says how
    /// often it had been sent again.
    fn network_failure(&self, err: &reqwest::Error, url: &Url, method: &Method, retries: u32) -> anyhow::Error {
        let tried = retry::tried(retries);
        // A connection made and then closed without an answer is not an
        // unreachable server: a write may have been carried out. A read
        // changes nothing, so it only failed.
        if retry::got_no_answer(err) && *method == Method::GET {
            return exit::network(format!("no answer from {url}: {}{tried}", root_cause(err)));
        }
        if retry::got_no_answer(err) {
            return exit::network(format!(
                "no answer from {url}: {}{tried}; the request may have been carried out all the same",
                root_cause(err)
            ));
        }
        let what = if err.is_timeout() { "timed out talking to" } else { "cannot reach" };
        let mut message = format!("{what} {url}: {}{tried}", root_cause(err));
        if let Some(file) = self.ready_file.as_deref().filter(|_| err.is_connect()) {
            message.push_str(&moved(file, &self.base));
        }
        exit::network(message)
    }
}

/// Why a sandbox may not be where a profile made from its ready file
/// points, from what the file says now.
fn moved(file: &std::path::Path, base: &Url) -> String {
    let shown = file.display();
    let base = base.as_str().trim_end_matches('/');
    let again = format!("`payctl config init --from-ready {shown}`");
    let now = std::fs::read_to_string(file).ok().and_then(|text| {
        let line = text.lines().find(|l| !l.trim().is_empty())?.to_owned();
        serde_json::from_str::<payctl_wire::sandbox::ReadyLine>(&line).ok()
    });
    match now {
        Some(ready) if ready.base_url.trim_end_matches('/') != base => format!(
            "\n  this profile came from the ready line in {shown}, which now names {}: the sandbox moved (a restart \
             with --listen 127.0.0.1:0 picks a new port); run {again} to follow it",
            ready.base_url
        ),
        Some(_) => format!(
            "\n  this profile came from the ready line in {shown}, which still names {base}: is that sandbox running? \
             If it restarted elsewhere, run {again} with its new ready line"
        ),
        None => format!(
            "\n  this profile came from the ready line in {shown}, which is gone (a sandbox removes its --ready-file \
             when it stops): start the sandbox again and run {again} with its new ready line"
        ),
    }
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
    fn a_value_this_payctl_does_not_know_is_named_where_it_is() {
        let answer = serde_json::json!({"id": "t", "external_id": "txn_1", "state": "ON_HOLD"});
        let err = typed::<payctl_wire::transactions::Transaction>(answer).unwrap_err().to_string();
        assert!(err.contains("does not know, at `state`"), "{err}");
        assert!(err.contains("ON_HOLD") && err.contains("a newer payctl may know it"), "{err}");
        let shape = typed::<payctl_wire::transactions::Transaction>(serde_json::json!({"id": 5})).unwrap_err();
        assert!(shape.to_string().contains("unexpected shape at `id`"), "{shape}");
    }

    #[test]
    fn masks_secrets_at_any_depth() {
        let v = serde_json::json!({"client_secret": "s", "a": [{"refresh_token": "r", "id": 1}], "expires_at": null});
        assert_eq!(
            mask_json(v),
            serde_json::json!({"client_secret": "***", "a": [{"refresh_token": "***", "id": 1}], "expires_at": null})
        );
    }

    #[test]
    fn not_found_ids_name_the_command_that_lists_them() {
        assert_eq!(lister("/v1/customers/abc").as_deref(), Some("`payctl customers list` lists them"));
        assert_eq!(
            listing("/v1/webhooks/w/deliveries/d/redeliver").as_deref(),
            Some("payctl webhooks deliveries WEBHOOK_ID")
        );
        assert_eq!(listing("/v1/webhooks/w").as_deref(), Some("payctl webhooks list"));
        assert_eq!(listing("/v1/applications/a/keys/k").as_deref(), Some("payctl keys list --app APP_ID"));
        assert!(lister("/v1/transactions/quote/q").unwrap().starts_with("quotes are not listed"));
        assert_eq!(listing("/v1/transactions/q").as_deref(), Some("payctl transactions list"));
        assert_eq!(lister("/v1/customers"), None);
        assert_eq!(lister("/v1/logs?x=1"), None);
    }

    #[test]
    fn the_server_clock_comes_from_its_headers() {
        let mut h = reqwest::header::HeaderMap::new();
        h.insert("date", "Mon, 23 Nov 2026 08:53:27 GMT".parse().unwrap());
        assert_eq!(server_time(&h), Some(1_795_424_007_000));
        h.insert(payctl_wire::sandbox::SANDBOX_CLOCK_HEADER, "2026-11-23T09:00:00.250Z".parse().unwrap());
        assert_eq!(server_time(&h), Some(1_795_424_400_250));
    }

    #[test]
    fn escapes_cursors() {
        assert_eq!(url_escape("a b/+="), "a%20b%2F%2B%3D");
    }
}
