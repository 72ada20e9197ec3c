//! `payctl sandbox faults clear`: `DELETE /sandbox/faults`, every rule of
//! the scope.

use reqwest::Method;

use super::Scope;
use crate::cli::Globals;

pub const HELP: &str = "With the TEST key: the key's application's own rules (the global ones stay: they are the \
operator's). With the control token: the global rules (--global), or one application's (--app APP_ID). \
`payctl sandbox reset` removes every rule.

Examples:
  payctl sandbox faults clear
  payctl sandbox faults clear --app APP_ID --ready ready.json";

pub async fn run(globals: &Globals, scope: &Scope) -> anyhow::Result<()> {
    let (session, query) = scope.open(globals)?;
    let path = format!("/sandbox/faults{}", query.unwrap_or_default());
    session.client.call(Method::DELETE, &path, &session.auth, None).await?;
    let whose = match (&scope.app, scope.global) {
        (Some(app), _) => format!("application {app}'s"),
        (None, true) => "the global".to_owned(),
        (None, false) => "this TEST key's application's".to_owned(),
    };
    crate::say!("Cleared {whose} fault rules.");
    Ok(())
}
