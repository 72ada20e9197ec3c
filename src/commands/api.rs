//! `payctl api METHOD PATH`: one raw request through the same client, so a
//! support engineer can reproduce a partner's call with the CLI's logging,
//! request id, retries, Idempotency-Key and error reporting, on routes no
//! other command covers yet. Like `gh api`: `-H` adds headers, `-i` prints
//! the status line and headers, `--data @FILE` reads the body.

use reqwest::Method;

use crate::cli::ApiArgs;
use crate::client::Outgoing;
use crate::commands::resource::read_data;
use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::{exit, output};

pub async fn run(ctx: Ctx, args: ApiArgs) -> anyhow::Result<()> {
    let method = match args.method.to_ascii_uppercase().as_str() {
        "GET" => Method::GET,
        "POST" => Method::POST,
        "PUT" => Method::PUT,
        "PATCH" => Method::PATCH,
        "DELETE" => Method::DELETE,
        other => return Err(exit::usage(format!("unsupported method {other:?}: use GET, POST, PUT, PATCH or DELETE"))),
    };
    if !args.path.starts_with('/') {
        return Err(exit::usage(format!("PATH must start with `/`, got {:?}", args.path)));
    }
    let headers = args.header.iter().map(|h| header(h)).collect::<anyhow::Result<Vec<_>>>()?;
    let body = args.data.as_deref().map(read_data).transpose()?;
    let client = ctx.client()?;
    let auth = if args.bearer { bearer(&ctx, &client).await? } else { ctx.api_key()? };
    let given = headers.iter().any(|(name, _)| name.eq_ignore_ascii_case(payctl_wire::IDEMPOTENCY_KEY_HEADER));
    let key = (method == Method::POST && !given).then(|| client.next_idempotency_key());
    let out = Outgoing {
        method,
        path: &args.path,
        auth: &auth,
        body: body.map(|b| ("application/json", b.to_string().into_bytes())),
        key,
        headers: &headers,
        own_read: false,
    };
    let answer = client.exchange(out).await?;
    if args.include {
        let mut head = format!("{:?} {}\n", answer.version, answer.status);
        for (name, value) in &answer.headers {
            head.push_str(&format!("{name}: {}\n", value.to_str().unwrap_or("<binary>")));
        }
        head.push('\n');
        output::out(&output::safe::escape(&head, true))?;
    }
    if !answer.status.is_success() {
        return Err(client.refusal(&answer, &args.path));
    }
    if client.replayed() {
        crate::say!("Replayed the original answer: the API had already done this request with this Idempotency-Key.");
    }
    match serde_json::from_slice::<serde_json::Value>(&answer.bytes) {
        Ok(value) => output::json(&value),
        Err(_) if answer.bytes.is_empty() => Ok(()),
        Err(e) => Err(exit::api(format!("the server answered {} with malformed JSON: {e}", args.path))),
    }
}

/// `-H NAME:VALUE`.
fn header(raw: &str) -> anyhow::Result<(String, String)> {
    let (name, value) = raw.split_once(':').ok_or_else(|| exit::usage(format!("-H {raw:?} is not NAME:VALUE")))?;
    let name = name.trim();
    if name.is_empty() || reqwest::header::HeaderName::from_bytes(name.as_bytes()).is_err() {
        return Err(exit::usage(format!("-H {raw:?}: {name:?} is not a header name")));
    }
    Ok((name.to_owned(), value.trim().to_owned()))
}
