//! Small helpers shared by the integration tests: a sandbox per test, a
//! request builder that knows the credentials, and the factories of
//! [`factories`].

#![allow(dead_code)]

pub mod factories;

use std::net::SocketAddr;

use payctl_sandbox::{Sandbox, SandboxConfig, Storage};
use payctl_wire::sandbox::ReadyLine;
use reqwest::{Method, RequestBuilder, StatusCode};
use serde_json::{Value, json};
use tokio::sync::oneshot;

/// A running sandbox; stops when dropped.
pub struct TestSandbox {
    pub ready: ReadyLine,
    pub addr: SocketAddr,
    pub http: reqwest::Client,
    stop: Option<oneshot::Sender<()>>,
    done: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
}

pub async fn spawn_sandbox() -> TestSandbox {
    spawn_with(Storage::Memory).await
}

pub async fn spawn_with(storage: Storage) -> TestSandbox {
    spawn_with_config(SandboxConfig::new(storage)).await
}

/// Opens `config`'s sandbox, except that with `PAYCTL_IT_ON_POSTGRES` set
/// to a PostgreSQL URL an in-memory sandbox opens on a schema of its own
/// there instead: the one switch that runs every test that does not choose
/// its storage on the other backend (`PAYCTL_IT_ON_POSTGRES=postgres://…
/// cargo test --test it`; the schemas are left for the caller to drop).
pub async fn spawn_with_config(mut config: SandboxConfig) -> TestSandbox {
    let Some(url) = std::env::var("PAYCTL_IT_ON_POSTGRES").ok().filter(|_| config.storage == Storage::Memory) else {
        return spawn_opened(Sandbox::open(config).await.unwrap()).await;
    };
    let schema = format!("it_{}", uuid::Uuid::new_v4().simple());
    let admin = url.clone();
    let create = format!("CREATE SCHEMA {schema}");
    std::thread::spawn(move || {
        postgres::Client::connect(&admin, postgres::NoTls).unwrap().batch_execute(&create).unwrap();
    })
    .join()
    .unwrap();
    let separator = if url.contains('?') { '&' } else { '?' };
    config.storage = Storage::Postgres(format!("{url}{separator}options=-csearch_path%3D{schema}").parse().unwrap());
    let key_file = std::env::temp_dir().join(format!("payctl-{schema}.key"));
    let keys = payctl_sandbox::Keys { file: Some(key_file), ..Default::default() };
    spawn_opened(Sandbox::open_with_keys(config, keys).await.unwrap()).await
}

/// Serves a sandbox the test opened (and perhaps configured) itself.
pub async fn spawn_opened(sandbox: Sandbox) -> TestSandbox {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let ready = sandbox.ready_line(addr);
    let (stop, stopped) = oneshot::channel::<()>();
    let done = tokio::spawn(sandbox.serve(listener, async move {
        let _ = stopped.await;
    }));
    TestSandbox { ready, addr, http: http_client(), stop: Some(stop), done: Some(done) }
}

fn http_client() -> reqwest::Client {
    // The timeout only bounds a hung request; a healthy sandbox answers in milliseconds.
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(60))
        .build()
        .unwrap()
}

/// A decoded response: status, headers and JSON body (Null when empty).
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
    pub raw: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts an error response: status, code, and the envelope's shape.
    #[track_caller]
    pub fn assert_error(&self, status: u16, code: &str) -> &Value {
        assert_eq!(self.status.as_u16(), status, "unexpected status; body: {}", self.body);
        let error = &self.body["error"];
        assert_eq!(error["code"], code, "unexpected code; body: {}", self.body);
        assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "message missing: {}", self.body);
        assert!(
            error["correlation_id"].as_str().is_some_and(|c| !c.is_empty()),
            "correlation_id missing: {}",
            self.body
        );
        assert!(error["details"].is_array(), "details missing: {}", self.body);
        assert_eq!(self.header("content-type"), Some("application/json"));
        error
    }

    /// The `field` of every entry of `error.details`.
    pub fn detail_fields(&self) -> Vec<String> {
        self.body["error"]["details"]
            .as_array()
            .map(|d| d.iter().filter_map(|i| i["field"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    }

    /// The `(field, code)` of every entry of `error.details`.
    pub fn detail_issues(&self) -> Vec<(String, String)> {
        self.body["error"]["details"]
            .as_array()
            .unwrap_or_else(|| panic!("no error.details: {}", self.body))
            .iter()
            .map(|d| (d["field"].as_str().unwrap().to_owned(), d["code"].as_str().unwrap().to_owned()))
            .collect()
    }
}

/// How a test authenticates a request.
#[derive(Clone, Debug)]
pub enum Auth {
    None,
    Key(String),
    Bearer(String),
}

impl TestSandbox {
    /// A handle on a sandbox running elsewhere (a `payctl sandbox` child
    /// process), so the same helpers drive it; dropping it stops nothing.
    pub fn attach(ready: ReadyLine) -> TestSandbox {
        let addr = ready.base_url.trim_start_matches("http://").parse().expect("a base_url of an IP and port");
        TestSandbox { ready, addr, http: http_client(), stop: None, done: None }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.ready.base_url, path)
    }

    pub fn test_key(&self) -> Auth {
        Auth::Key(self.ready.test_api_key.clone())
    }

    pub fn live_key(&self) -> Auth {
        Auth::Key(self.ready.live_api_key.clone())
    }

    pub fn control(&self) -> Auth {
        Auth::Bearer(self.ready.control_token.clone())
    }

    pub fn request(&self, method: Method, path: &str, auth: &Auth) -> RequestBuilder {
        let builder = self.http.request(method, self.url(path));
        match auth {
            Auth::None => builder,
            Auth::Key(k) => builder.header("X-API-Key", k),
            Auth::Bearer(t) => builder.bearer_auth(t),
        }
    }

    pub async fn send(&self, builder: RequestBuilder) -> Reply {
        self.try_send(builder).await.expect("request failed")
    }

    /// Like `send`, but a request that got no complete answer (the server
    /// died, the connection broke) is an error instead of a panic.
    pub async fn try_send(&self, builder: RequestBuilder) -> Result<Reply, reqwest::Error> {
        let response = builder.send().await?;
        let status = response.status();
        let headers = response.headers().clone();
        let raw = response.bytes().await?.to_vec();
        let body = if raw.is_empty() { Value::Null } else { serde_json::from_slice(&raw).unwrap_or(Value::Null) };
        Ok(Reply { status, headers, body, raw })
    }

    pub async fn get(&self, path: &str, auth: &Auth) -> Reply {
        self.send(self.request(Method::GET, path, auth)).await
    }

    pub async fn post(&self, path: &str, auth: &Auth, body: Value) -> Reply {
        self.send(self.request(Method::POST, path, auth).json(&body)).await
    }

    pub async fn put(&self, path: &str, auth: &Auth, body: Value) -> Reply {
        self.send(self.request(Method::PUT, path, auth).json(&body)).await
    }

    pub async fn delete(&self, path: &str, auth: &Auth) -> Reply {
        self.send(self.request(Method::DELETE, path, auth)).await
    }

    /// Password-grant login; returns the raw token response.
    pub async fn token(&self, form: &[(&str, &str)]) -> Reply {
        let url = format!("{}/protocol/openid-connect/token", self.ready.auth_url);
        self.send(self.http.post(url).form(form)).await
    }

    pub async fn login_as(&self, username: &str, password: &str) -> Auth {
        let reply = self
            .token(&[
                ("grant_type", "password"),
                ("client_id", "partner-console"),
                ("username", username),
                ("password", password),
            ])
            .await;
        assert_eq!(reply.status, StatusCode::OK, "login failed: {}", reply.body);
        Auth::Bearer(reply.body["access_token"].as_str().unwrap().to_owned())
    }

    /// Bearer for the seeded demo user.
    pub async fn login(&self) -> Auth {
        let (u, p) = (self.ready.username.clone(), self.ready.password.clone());
        self.login_as(&u, &p).await
    }

    /// A second dashboard user with their own registered partner.
    pub async fn other_partner(&self) -> Auth {
        self.other_partner_user().await.1
    }

    /// [`TestSandbox::other_partner`], with the user's name (password
    /// `password-123`).
    pub async fn other_partner_user(&self) -> (String, Auth) {
        let n = uuid::Uuid::new_v4().simple().to_string();
        let username = format!("user-{n}@example.com");
        let created = self
            .post("/sandbox/users", &self.control(), json!({"username": username, "password": "password-123"}))
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
        let bearer = self.login_as(&username, "password-123").await;
        let reg = self
            .post(
                "/v1/auth/register",
                &bearer,
                json!({"company_name": format!("Other {n}"), "email": format!("ops-{n}@example.com")}),
            )
            .await;
        assert_eq!(reg.status, StatusCode::CREATED, "{}", reg.body);
        (username, bearer)
    }

    /// Creates an application and a key for it; returns (application id, secret).
    pub async fn new_app_key(&self, bearer: &Auth, environment: &str) -> (String, String) {
        let app = self.post("/v1/applications", bearer, json!({"name": "t", "environment": environment})).await;
        assert_eq!(app.status, StatusCode::CREATED, "{}", app.body);
        let id = app.body["id"].as_str().unwrap().to_owned();
        let key = self.post(&format!("/v1/applications/{id}/keys"), bearer, json!({})).await;
        assert_eq!(key.status, StatusCode::CREATED, "{}", key.body);
        (id, key.body["client_secret"].as_str().unwrap().to_owned())
    }

    pub async fn advance_clock(&self, seconds: i64) {
        let r = self.post("/sandbox/clock/advance", &self.control(), json!({"seconds": seconds})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }

    /// Moves the clock of the key's own application (a TEST key).
    pub async fn advance_clock_of(&self, key: &Auth, seconds: i64) {
        let r = self.post("/sandbox/clock/advance", key, json!({"seconds": seconds})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }

    /// Stops the sandbox and waits until its database is closed.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(done) = self.done.take() {
            done.await.unwrap().unwrap();
        }
    }
}

impl Drop for TestSandbox {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl TestSandbox {
    /// `GET /v1/logs?{query}`, read once: a read of the log waits for every
    /// record queued before it, so what a test did before is there without
    /// polling, and `expected` must already hold.
    pub async fn logs_where(&self, auth: &Auth, query: &str, expected: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let reply = self.get(&format!("/v1/logs?{query}"), auth).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        let records = reply.body["data"].as_array().cloned().unwrap_or_default();
        assert!(expected(&records), "the log, read after the requests, lacks what they should have left: {records:#?}");
        records
    }
}
