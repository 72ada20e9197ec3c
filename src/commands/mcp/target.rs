//! Where `payctl mcp` sends its requests, and with which credentials: the
//! profile's base URL and key (as every command finds them), a sandbox's
//! ready line (`--ready FILE`), or an in-memory sandbox of its own
//! (`--sandbox`), started before the first message and stopped when the
//! client disconnects.
//!
//! Every request goes through a shared [`Session`], one per credential,
//! whose client sends each request once: a 5xx, a 429 or no answer is the
//! tool's answer, so the agent sees what the API (and a drill's faults) did.

use std::path::PathBuf;

use payctl_domain::credentials::LIVE_KEY;
use reqwest::Method;
use serde_json::Value;
use tokio::sync::Mutex;

use super::McpArgs;
use super::operations::Credential;
use crate::cli::Globals;
use crate::client::{Auth, Client};
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::fixtures::runner::PasswordLogin;

/// The API the tools call.
pub struct Target {
    pub base_url: String,
    /// The API key's session, if a key was found.
    key: Option<Session>,
    /// The control token's session (`PAYCTL_CONTROL_TOKEN`, or the ready line's).
    control: Option<Session>,
    /// No credential: public operations, and the password grant.
    public: Session,
    dashboard: Dashboard,
    /// The API key is a LIVE one.
    pub live: bool,
    pub allow_live: bool,
    /// The ready line's TEST application, when there is one.
    pub application_id: Option<String>,
    /// Where this server's own sandbox wrote its ready line.
    pub ready_file: Option<PathBuf>,
    /// Where the ready line this server was given is.
    pub ready: Option<PathBuf>,
}

/// How dashboard (bearer) operations sign in.
enum Dashboard {
    /// The profile's stored login, refreshed as every command refreshes it.
    Profile(Globals),
    /// The ready line's demo user, signed in on first use; the session
    /// keeps the access token, renewed when the API refuses it.
    Password { login: PasswordLogin, session: Box<Mutex<Session>> },
}

/// What a request did not get: an answer in the API's envelope, or none.
pub enum Failure {
    /// The API answered with an error: `(status, envelope)`.
    Api(u16, Value),
    /// Nothing usable came back, or it could not be sent: the message says why.
    Other(String),
}

impl Target {
    /// Resolves where to point, starting the own sandbox first with `--sandbox`.
    pub async fn open(
        globals: &Globals,
        args: &McpArgs,
    ) -> anyhow::Result<(Target, Option<crate::commands::sandbox::in_memory::Own>)> {
        let ctx = Ctx::load(globals)?;
        let (ready, own) = if args.sandbox {
            let (ready, own) = crate::commands::sandbox::in_memory::start(args.ready_file.as_deref()).await?;
            (Some(ready), Some(own))
        } else {
            (args.ready.as_deref().map(crate::commands::fixtures::read_ready).transpose()?, None)
        };
        let (base, creds) = crate::commands::fixtures::credentials(&ctx, ready.as_ref())?;
        let client = || -> anyhow::Result<Client> {
            Ok(Client::new(base.clone(), globals.verbose, globals.request_id.clone(), None)?.once())
        };
        let session = |auth: Auth| -> anyhow::Result<Session> {
            Ok(Session { ctx: Ctx::load(globals)?, client: client()?, auth })
        };
        let live = creds.test_key.as_deref().is_some_and(|k| k.starts_with(LIVE_KEY.prefix));
        let dashboard = match &creds.login {
            Some(login) => {
                Dashboard::Password { login: login.clone(), session: Box::new(Mutex::new(session(Auth::None)?)) }
            }
            None => Dashboard::Profile(globals.clone()),
        };
        let target = Target {
            base_url: base.as_str().trim_end_matches('/').to_owned(),
            key: creds.test_key.map(Auth::Key).map(session).transpose()?,
            control: creds.control.map(Auth::Bearer).map(session).transpose()?,
            public: session(Auth::None)?,
            dashboard,
            live,
            allow_live: args.allow_live,
            application_id: ready.as_ref().map(|r| r.test_application_id.clone()).filter(|_| !live),
            ready_file: args.ready_file.clone(),
            ready: args.ready.clone(),
        };
        Ok((target, own))
    }

    /// Whether this server holds an API key at all.
    pub fn has_key(&self) -> bool {
        self.key.is_some()
    }

    /// Whether the control token is at hand.
    pub fn has_control(&self) -> bool {
        self.control.is_some()
    }

    /// Sends one request with the credential an operation takes; the API's
    /// JSON answer, or why there is none.
    pub async fn send(
        &self,
        credential: Credential,
        method: Method,
        path: &str,
        body: Option<&Value>,
        idempotency_key: Option<&str>,
    ) -> Result<Value, Failure> {
        let session = match credential {
            Credential::Key => self.key.as_ref().ok_or_else(no_key)?,
            Credential::KeyOrControl => self.key.as_ref().or(self.control.as_ref()).ok_or_else(no_key)?,
            Credential::Control => self.control.as_ref().ok_or_else(|| Failure::Other(NO_CONTROL.to_owned()))?,
            Credential::Bearer => return self.dashboard(method, path, body, idempotency_key).await,
            Credential::Public => &self.public,
        };
        session.send(method, path, body, idempotency_key).await.map_err(failure)
    }

    /// A form POST to a public operation (the token endpoint).
    pub async fn send_form(&self, path: &str, form: &[(String, String)]) -> Result<Value, Failure> {
        self.public.client.post_form(path, form).await.map_err(failure)
    }

    async fn dashboard(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        idempotency_key: Option<&str>,
    ) -> Result<Value, Failure> {
        match &self.dashboard {
            Dashboard::Profile(globals) => {
                let ctx = Ctx::load(globals).map_err(other)?;
                let session = Session::open(ctx, Cred::Bearer).await.map_err(other)?;
                let session = Session { client: session.client.once(), ..session };
                session.send(method, path, body, idempotency_key).await.map_err(failure)
            }
            Dashboard::Password { login, session } => {
                let mut session = session.lock().await;
                for renewed in [false, true] {
                    if renewed || matches!(session.auth, Auth::None) {
                        session.auth = Auth::Bearer(sign_in(&session.client, login).await.map_err(other)?);
                    }
                    match session.send(method.clone(), path, body, idempotency_key).await.map_err(failure) {
                        Err(Failure::Api(401, _)) if !renewed => continue,
                        answer => return answer,
                    }
                }
                unreachable!("the second attempt always answers")
            }
        }
    }
}

/// The password grant of the ready line's demo user.
async fn sign_in(client: &Client, login: &PasswordLogin) -> anyhow::Result<String> {
    let auth_url = crate::config::parse_url(&login.auth_url, "the ready line's auth_url")?;
    let form = [
        ("grant_type", "password"),
        ("client_id", login.client_id.as_str()),
        ("username", login.username.as_str()),
        ("password", login.password.as_str()),
    ];
    Ok(client.token(&auth_url, &form).await?.access_token)
}

const NO_KEY: &str = "no API key: start payctl mcp with --api-key (or PAYCTL_API_KEY), a profile that has one, --ready \
                      FILE or --sandbox";
const NO_CONTROL: &str = "this operation takes the sandbox's control token: start payctl mcp with --ready FILE or \
                          --sandbox, or set PAYCTL_CONTROL_TOKEN";

fn no_key() -> Failure {
    Failure::Other(NO_KEY.to_owned())
}

fn other(e: anyhow::Error) -> Failure {
    Failure::Other(format!("{e:#}"))
}

/// An API error keeps its envelope; anything else its message.
fn failure(e: anyhow::Error) -> Failure {
    match e.downcast_ref::<crate::client::ApiError>() {
        Some(api) => Failure::Api(api.status, api.envelope()),
        None => other(e),
    }
}
