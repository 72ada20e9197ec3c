//! What the resource commands (customers, beneficiaries, accounts, wallets,
//! pricing, webhooks) share, so each verb file only says which route it
//! calls: the credential the route takes, the `--data JSON|@FILE` body
//! merged with the verb's flags, and reads that decode into the wire type
//! (an answer of the wrong shape is reported, not printed) before printing.

use clap::Args;
use reqwest::Method;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::cli::ListArgs;
use crate::client::{Auth, Client, Envelope};
use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::exit;
use crate::output::{self, Column};

/// The credential a route takes.
#[derive(Debug, Clone, Copy)]
pub enum Cred {
    /// `X-API-Key`: the profile's key, `--api-key` or `PAYCTL_API_KEY`.
    Key,
    /// The dashboard login.
    Bearer,
    /// Nothing: public routes.
    Public,
}

/// A client with its credential resolved, for one command.
pub struct Session {
    pub ctx: Ctx,
    pub client: Client,
    pub auth: Auth,
}

impl Session {
    pub async fn open(ctx: Ctx, cred: Cred) -> anyhow::Result<Session> {
        Session::open_with(ctx, cred, &[]).await
    }

    /// [`Session::open`] for a verb whose flags name API fields differently
    /// (`--from` for `source_asset`): errors then name the flags.
    pub async fn open_with(
        ctx: Ctx,
        cred: Cred,
        flags: &'static [(&'static str, &'static str)],
    ) -> anyhow::Result<Session> {
        let client = ctx.client()?.with_flags(flags);
        let auth = match cred {
            Cred::Key => ctx.api_key()?,
            Cred::Bearer => bearer(&ctx, &client).await?,
            Cred::Public => Auth::None,
        };
        Ok(Session { ctx, client, auth })
    }

    /// This session's reads are the tool's own, not the integration's
    /// (`logs`, `listen`): see [`Client::tool`].
    pub fn for_tool_reads(self) -> Session {
        Session { client: self.client.tool(), ..self }
    }

    /// Calls a route and checks the answer has the shape of `T`.
    pub async fn call<T: DeserializeOwned + Serialize>(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> anyhow::Result<T> {
        crate::client::typed(self.client.call(method, path, &self.auth, body).await?)
    }

    /// One request as it is asked for, with the caller's `Idempotency-Key`
    /// when it gives one (else a `POST` carries the command's next key),
    /// answered with the API's JSON as it is: for callers that pass the
    /// answer on rather than print it (`payctl mcp`).
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        idempotency_key: Option<&str>,
    ) -> anyhow::Result<Value> {
        match idempotency_key {
            Some(key) => self.client.call_with_key(method, path, &self.auth, body, key).await,
            None => self.client.call(method, path, &self.auth, body).await,
        }
    }

    /// `GET` one record and print it.
    pub async fn show<T: DeserializeOwned + Serialize>(&self, path: &str) -> anyhow::Result<()> {
        let record: T = self.call(Method::GET, path, None).await?;
        self.print(&record)
    }

    /// `GET` a page (or every page with `--all`) and print it.
    pub async fn list<T: DeserializeOwned + Serialize>(
        &self,
        path: &str,
        args: &ListArgs,
        columns: &[Column],
    ) -> anyhow::Result<()> {
        self.list_in::<payctl_wire::page::Page<T>>(path, args, columns).await
    }

    /// [`Session::list`] for a list with its own envelope (transactions).
    pub async fn list_in<E: Envelope + Serialize>(
        &self,
        path: &str,
        args: &ListArgs,
        columns: &[Column],
    ) -> anyhow::Result<()> {
        let page = self.client.list_in::<E>(path, &self.auth, args).await?;
        if E::NESTED_CURSOR && self.ctx.output == output::Format::Json {
            // The API's envelope as it is, and the cursor where every other
            // list has it, so `jq -r .next_cursor` reads any list the same way.
            let next_cursor = page.next_cursor();
            return output::json(&TopCursor { page: &page, next_cursor });
        }
        output::list(self.ctx.output, &page, columns)
    }

    /// `GET` an unpaginated `{data: [...]}` list and print it.
    pub async fn rows<T: DeserializeOwned + Serialize>(&self, path: &str, columns: &[Column]) -> anyhow::Result<()> {
        let list: T = self.call(Method::GET, path, None).await?;
        output::list(self.ctx.output, &list, columns)
    }

    /// `GET {collection}/{id}` and print it; the id is checked first so it
    /// cannot change the route.
    pub async fn show_one<T: DeserializeOwned + Serialize>(
        ctx: Ctx,
        cred: Cred,
        collection: &str,
        id: &str,
    ) -> anyhow::Result<()> {
        let path = format!("{collection}/{}", crate::commands::apps::segment(id)?);
        Session::open(ctx, cred).await?.show::<T>(&path).await
    }

    /// Says on stderr what a create or money movement did: `Created WHAT.`,
    /// or `Replayed the original answer: WHAT.` when the API answered the
    /// repeated Idempotency-Key with what it had already done.
    pub fn created(&self, what: impl std::fmt::Display) {
        if self.client.replayed() {
            crate::say!("Replayed the original answer: {what}.");
        } else {
            crate::say!("Created {what}.");
        }
    }

    pub fn print(&self, record: &impl Serialize) -> anyhow::Result<()> {
        output::record(self.ctx.output, record)
    }
}

/// A list envelope with its cursor also at the top, as `next_cursor`.
#[derive(Serialize)]
struct TopCursor<'a, E: Serialize> {
    #[serde(flatten)]
    page: &'a E,
    next_cursor: Option<&'a str>,
}

/// `--data`: the whole request body, which the verb's flags then override.
#[derive(Debug, Args)]
pub struct DataArg {
    /// Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields.
    #[arg(long, value_name = "JSON|@FILE")]
    pub data: Option<String>,
}

impl DataArg {
    /// The body: `--data` (an object) with every flag that was given laid
    /// over it, nested objects merged field by field. Flags not given are
    /// left out rather than sent as null, so the API names what is missing.
    pub fn body(&self, flags: &impl Serialize) -> anyhow::Result<Value> {
        let mut body = match &self.data {
            None => Value::Object(Map::new()),
            Some(raw) => read_data(raw)?,
        };
        if !body.is_object() {
            return Err(exit::usage("--data must be a JSON object"));
        }
        overlay(&mut body, serde_json::to_value(flags)?);
        Ok(body)
    }
}

/// `--data JSON|@FILE|@-` as JSON: the text itself, a file, or stdin.
pub fn read_data(raw: &str) -> anyhow::Result<Value> {
    let text = match raw.strip_prefix('@') {
        Some("-") => std::io::read_to_string(std::io::stdin())
            .map_err(|e| exit::usage(format!("cannot read --data from stdin: {e}")))?,
        Some(file) => {
            std::fs::read_to_string(file).map_err(|e| exit::local(format!("cannot read --data file {file}: {e}")))?
        }
        None => raw.to_owned(),
    };
    serde_json::from_str(&text).map_err(|e| exit::usage(format!("--data is not valid JSON: {e}")))
}

fn overlay(base: &mut Value, flags: Value) {
    let (Value::Object(base), Value::Object(flags)) = (base, flags) else { return };
    for (field, value) in flags {
        match value {
            Value::Null => {}
            Value::Object(_) => {
                let slot = base.entry(field).or_insert_with(|| Value::Object(Map::new()));
                if !slot.is_object() {
                    *slot = Value::Object(Map::new());
                }
                overlay(slot, value);
            }
            other => {
                base.insert(field, other);
            }
        }
    }
    base.retain(|_, v| !matches!(v, Value::Object(m) if m.is_empty()));
}

/// Appends `name=value` to a query string for each value given.
pub fn query(path: &str, params: &[(&str, Option<&str>)]) -> String {
    let mut out = path.to_owned();
    for (name, value) in params {
        if let Some(value) = value {
            out.push(if out.contains('?') { '&' } else { '?' });
            out.push_str(name);
            out.push('=');
            out.push_str(&crate::client::url_escape(value));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn flags_override_data_and_missing_flags_are_left_out() {
        let data = DataArg { data: Some(r#"{"a":1,"b":2,"n":{"x":1,"y":2}}"#.to_owned()) };
        let body = data.body(&json!({"b": 3, "c": null, "n": {"y": 5, "z": null}, "e": {"q": null}})).unwrap();
        assert_eq!(body, json!({"a": 1, "b": 3, "n": {"x": 1, "y": 5}}));
        let none = DataArg { data: None };
        assert_eq!(none.body(&json!({"a": null, "b": "x"})).unwrap(), json!({"b": "x"}));
        assert!(DataArg { data: Some("[1]".into()) }.body(&json!({})).is_err());
        assert!(DataArg { data: Some("{".into()) }.body(&json!({})).is_err());
    }

    #[test]
    fn query_escapes_and_skips_absent_values() {
        assert_eq!(query("/p", &[("a", Some("x y")), ("b", None), ("c", Some("1"))]), "/p?a=x%20y&c=1");
        assert_eq!(query("/p?z=1", &[("a", Some("2"))]), "/p?z=1&a=2");
    }
}
