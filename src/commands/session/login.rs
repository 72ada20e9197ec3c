//! `payctl login`: the password grant, prompting only on a terminal so no
//! script ever hangs on a prompt. The password is typed with echo off;
//! Ctrl-C at either prompt exits 130.

use std::io::{IsTerminal, Read};

use super::LoginArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;
use crate::prompt::Prompter;

pub async fn run(ctx: Ctx, args: LoginArgs) -> anyhow::Result<()> {
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let mut prompter = if interactive && !args.password_stdin { Some(Prompter::new()?) } else { None };
    let username = match (args.username.or_else(|| ctx.profile().username), prompter.as_mut()) {
        (Some(u), _) => u,
        (None, Some(p)) => p
            .line("Username: ")
            .await?
            .filter(|u| !u.trim().is_empty())
            .ok_or_else(|| exit::usage("no username given: type one at the prompt or pass --username NAME"))?,
        (None, None) => return Err(exit::usage("no username: pass --username NAME")),
    };
    let password = if args.password_stdin {
        let mut raw = String::new();
        std::io::stdin()
            .read_to_string(&mut raw)
            .map_err(|e| exit::usage(format!("cannot read the password from stdin: {e}")))?;
        raw.trim_end_matches(['\n', '\r']).to_owned()
    } else if let Some(p) = prompter.as_mut() {
        p.secret("Password: ").await?.unwrap_or_default()
    } else {
        return Err(exit::usage("no password: pass --password-stdin and write the password to standard input"));
    };
    if password.is_empty() {
        return Err(exit::usage("the password is empty; --password-stdin reads it from standard input"));
    }
    // The grant is the credential: nothing is sent with it but the form.
    let mut s = Session::open(ctx, Cred::Public).await?;
    let client_id = s.ctx.client_id();
    let form = [
        ("grant_type", "password"),
        ("client_id", client_id.as_str()),
        ("username", username.as_str()),
        ("password", password.as_str()),
    ];
    let tokens = s.client.token(&s.ctx.auth_url()?, &form).await?;
    let store = s.ctx.store()?;
    super::save_tokens(&store, &s.ctx.profile, &tokens)?;
    let profile = s.ctx.profile_mut();
    profile.username = Some(username.clone());
    profile.credential_store = Some(store.kind());
    s.ctx.save()?;
    crate::say!("Logged in as {username} (profile {}; tokens kept in {}).", s.ctx.profile, store.describe());
    Ok(())
}
