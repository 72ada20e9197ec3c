//! `payctl open [PAGE]`: the sandbox's console in the browser, already
//! signed in. With the profile's dashboard login it asks the sandbox for a
//! one-time sign-in link to the page (`POST /console/sign-in-links`; the
//! link opens once, within 60 s) and hands it to the browser: `$BROWSER`,
//! else the system's opener (`xdg-open`, `open`, `start`). Where no
//! browser can be started (an SSH session), or with `--print`, the link is
//! printed instead.

use std::process::{Command, Stdio};

use clap::Args;
use reqwest::Method;
use serde_json::json;

use crate::commands::apps::segment;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;

pub const EXAMPLES: &str = "Uses the profile's dashboard login (`payctl login`) and, for the pages of an \
application, the profile's application (or --app). The link signs one browser in, once, within 60 s: a session \
like the sign-in form's follows.

Examples:
  payctl open                    # the overview
  payctl open logs               # the profile's application's request logs
  payctl open deliveries --app APP_ID
  payctl open money --print      # print the link instead of starting a browser
  payctl open review             # the go-live review: the drill and the checks";

/// The pages `payctl open` knows: the partner's, then an application's.
const PAGES: &[&str] = &[
    "overview",
    "pricing",
    "logs",
    "deliveries",
    "webhooks",
    "money",
    "accounts",
    "customers",
    "trigger",
    "faults",
    "review",
];
/// The partner's pages; the others are an application's.
const PARTNER_PAGES: &[&str] = &["overview", "pricing"];

#[derive(Debug, Args)]
pub struct OpenArgs {
    /// The console page: overview (default), pricing, or an application's logs, deliveries,
    /// webhooks, money, accounts, customers, trigger, faults or review (the go-live review).
    #[arg(default_value = "overview", ignore_case = true, value_parser = crate::cli::any_case(PAGES))]
    pub page: String,
    /// The application whose page to show [default: the profile's application].
    #[arg(long, value_name = "APP_ID")]
    pub app: Option<String>,
    /// Print the sign-in link on stdout instead of starting a browser.
    #[arg(long)]
    pub print: bool,
}

pub async fn run(ctx: Ctx, args: OpenArgs) -> anyhow::Result<()> {
    let next = if PARTNER_PAGES.contains(&args.page.as_str()) {
        format!("/console/{}", args.page)
    } else {
        let app = match args.app.clone().or(ctx.profile().application_id) {
            Some(app) => app,
            None => {
                return Err(exit::usage(format!(
                    "the {} page is an application's: pass --app APP_ID (`payctl apps list` lists them)",
                    args.page
                )));
            }
        };
        format!("/console/apps/{}/{}", segment(&app)?, args.page)
    };
    let s = Session::open(ctx, Cred::Bearer).await?;
    let link: serde_json::Value = s
        .call(Method::POST, "/console/sign-in-links", Some(&json!({ "next": next })))
        .await
        .map_err(|e| match exit::code_for(&e) {
            exit::API_ERROR => e.context("the server gives no console sign-in link (is it a payctl sandbox?)"),
            _ => e,
        })?;
    let url = link["url"].as_str().ok_or_else(|| exit::api("the sign-in link answer has no url"))?.to_owned();
    if args.print {
        crate::say!("A one-time sign-in link to {next}, to open within 60 s:");
        return crate::output::line(&url);
    }
    match start_browser(&url) {
        Ok(how) => {
            crate::say!(
                "Opened {next} in the browser ({how}), signed in as {}.",
                s.ctx.profile().username.unwrap_or_default()
            );
            Ok(())
        }
        Err(why) => {
            crate::say!("No browser could be started ({why}); open this link within 60 s (it signs in once):");
            crate::output::line(&url)
        }
    }
}

/// Starts a browser on `url`: each command of `$BROWSER` (`:`-separated,
/// `%s` standing for the URL, else the URL appended) until one starts, else
/// the system's opener. Answers what started it, or why none did.
fn start_browser(url: &str) -> Result<String, String> {
    let mut tried = Vec::new();
    let browsers = std::env::var("BROWSER").unwrap_or_default();
    for command in browsers.split(':').map(str::trim).filter(|c| !c.is_empty()) {
        let mut words: Vec<String> = command.split_whitespace().map(|w| w.replace("%s", url)).collect();
        if !command.contains("%s") {
            words.push(url.to_owned());
        }
        match launch(&words) {
            Ok(()) => return Ok(format!("$BROWSER: {}", words[0])),
            Err(e) => tried.push(format!("{}: {e}", words[0])),
        }
    }
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let mut words: Vec<String> = opener.iter().map(|w| (*w).to_owned()).collect();
    words.push(url.to_owned());
    match launch(&words) {
        Ok(()) => Ok(opener[0].to_owned()),
        Err(e) => {
            tried.push(format!("{}: {e}", opener[0]));
            Err(tried.join("; "))
        }
    }
}

/// Runs a browser command and waits for it (openers hand the URL over and
/// return); one that fails to start or exits non-zero did not open it.
fn launch(words: &[String]) -> Result<(), String> {
    let (program, rest) = words.split_first().ok_or("an empty command")?;
    let status = Command::new(program)
        .args(rest)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| e.to_string())?;
    if status.success() { Ok(()) } else { Err(format!("exited with {status}")) }
}
