//! `payctl api METHOD PATH`: one raw request through the same client, so a
//! support engineer can reproduce a partner's call with the CLI's logging,
//! request id and error reporting, on routes no other command covers yet.

use reqwest::Method;

use crate::cli::ApiArgs;
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
    let body = match &args.data {
        Some(raw) => {
            Some(serde_json::from_str(raw).map_err(|e| exit::usage(format!("--data is not valid JSON: {e}")))?)
        }
        None => None,
    };
    let client = ctx.client()?;
    let auth = if args.bearer { bearer(&ctx, &client).await? } else { ctx.api_key()? };
    let answer = client.call(method, &args.path, &auth, body.as_ref()).await?;
    if !answer.is_null() {
        output::json(&answer)?;
    }
    Ok(())
}
