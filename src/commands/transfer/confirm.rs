//! What `payctl transfer` shows and asks before it accepts a quote: the
//! amounts in each asset's decimals, the rate, who receives (name, masked
//! account, country) and in which environment (LIVE in colour where the
//! terminal allows, never with `NO_COLOR`); then, on a terminal, a live
//! countdown to the end of the quote's lock above the question. A LIVE key
//! needs the amount (or the word LIVE) typed out, a few tries allowed, or
//! `--yes --confirm-live`.
//!
//! The countdown follows the lock as the server's clock sees it: the time
//! left is `expires_at` minus the server's time (`X-Sandbox-Clock`, else
//! `Date`), never more than the lock the API stated minus the time elapsed
//! here; and the quote is read again every few seconds, so a sandbox clock
//! advanced elsewhere ends it (`EXPIRED`) at once.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use payctl_domain::time::Timestamp;
use payctl_wire::applications::Environment;
use payctl_wire::transactions::{QuoteStatus, TransactionQuote};
use reqwest::Method;
use serde_json::Value;

use crate::client::Auth;
use crate::commands::apps::segment;
use crate::commands::config::environment_of;
use crate::commands::resource::Session;
use crate::exit;
use crate::output::display;
use crate::prompt::{self, Prompter};

/// How the transfer is confirmed, decided before anything is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `--yes` (and `--confirm-live` on a LIVE key).
    Given,
    /// Ask on the terminal.
    Ask,
}

impl Mode {
    pub fn choose(yes: bool, confirm_live: bool, live: bool) -> anyhow::Result<Mode> {
        match (yes, live, confirm_live) {
            (true, true, false) => Err(exit::usage(
                "this is a LIVE key: real money moves; with --yes pass --confirm-live too, or confirm on a terminal",
            )),
            (true, _, _) => Ok(Mode::Given),
            (false, _, _) if std::io::stdin().is_terminal() && std::io::stderr().is_terminal() => Ok(Mode::Ask),
            (false, _, _) => Err(exit::usage("no terminal to confirm the transfer on: pass --yes to confirm it")),
        }
    }
}

/// What the person at the terminal decided.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    Yes,
    No,
    /// The lock ended before an answer came.
    Expired,
}

/// A LIVE key: the profile says so, or the key's own prefix does.
pub fn is_live(s: &Session) -> bool {
    let by_prefix = matches!(&s.auth, Auth::Key(k) if environment_of(k) == Some(Environment::Live));
    by_prefix || s.ctx.profile().environment == Some(Environment::Live)
}

/// The summary on stderr: amounts, rate, recipient, environment, lock.
pub fn summary(s: &Session, q: &TransactionQuote, beneficiary: &Value, live: bool) {
    crate::say!("Quote {} ({} to {} via {}):", q.id, q.source_asset, q.destination_asset, q.corridor_id);
    crate::say!("  You send:      {}", display::money(&q.source_amount_minor, &q.source_asset));
    crate::say!("  Fee:           {}", display::money(&q.fee_minor, &q.source_asset));
    crate::say!("  Converted:     {}", display::money(&q.net_source_minor, &q.source_asset));
    crate::say!("  Rate:          1 {} = {} {}", q.source_asset, q.rate, q.destination_asset);
    crate::say!("  They receive:  {}", display::money(&q.destination_amount_minor, &q.destination_asset));
    crate::say!("  To:            {}", recipient(beneficiary));
    let base = s.ctx.base_url().map(|u| u.as_str().trim_end_matches('/').to_owned()).unwrap_or_default();
    let environment = if live { paint("LIVE", "1;31") } else { "TEST".to_owned() };
    // Written directly: the colour is ours, not data to escape.
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "  Environment:   {environment} ({})", crate::output::safe::text(&base));
    drop(err);
    crate::say!("  Rate locked until {}", q.expires_at);
}

/// `Jane Doe, BANK_ACCOUNT DE89••••••••3000 (DE)`.
pub fn recipient(b: &Value) -> String {
    let obj = b.as_object().cloned().unwrap_or_default();
    format!(
        "{}, {} ({})",
        display::cell(&obj, "full_name"),
        display::cell(&obj, "account"),
        display::cell(&obj, "country")
    )
}

/// ANSI colour on a terminal that allows it; `NO_COLOR` (any value) and
/// `TERM=dumb` turn it off.
fn paint(text: &str, sgr: &str) -> String {
    let allowed = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var("TERM").map_or(true, |t| t != "dumb");
    if allowed { format!("\x1b[{sgr}m{text}\x1b[0m") } else { text.to_owned() }
}

/// How often the quote is read again while the question waits.
const REREAD: Duration = Duration::from_secs(3);
/// Tries at typing the LIVE confirmation before the transfer is cancelled.
const LIVE_TRIES: u32 = 3;

/// Asks on the terminal, the countdown redrawn each second above the question.
pub async fn ask(s: &Session, p: &mut Prompter, q: &TransactionQuote, live: bool) -> anyhow::Result<Answer> {
    let sent = display::money(&q.source_amount_minor, &q.source_asset);
    // What the person types: the amount in major units, without separators.
    let number = display::major(&q.source_amount_minor, &q.source_asset)
        .unwrap_or_else(|| crate::output::safe::text(&q.source_amount_minor).into_owned());
    let question = if live {
        format!("LIVE key: real money moves. Type {number} or LIVE to send {sent}: ")
    } else {
        format!("Send {sent}? [y/N] ")
    };
    let mut lock = Lock::new(s, q);
    let mut tries = 0;
    crate::say!("{}", lock.line());
    prompt::show(&question);
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let mut reread = tokio::time::interval_at(tokio::time::Instant::now() + REREAD, REREAD);
    let path = format!("{}/{}", crate::commands::quotes::PATH, segment(&q.id)?);
    loop {
        tokio::select! {
            line = p.next() => {
                let Some(line) = line? else { return Ok(Answer::No) };
                if !live {
                    return Ok(if prompt::is_yes(&line) { Answer::Yes } else { Answer::No });
                }
                let typed = line.trim();
                // The amount as the summary shows it (`1,234.56`, with its code or not) counts too.
                let plain = typed.trim_end_matches(q.source_asset.as_str()).trim().replace(',', "");
                if typed == "LIVE" || plain == number {
                    return Ok(Answer::Yes);
                }
                tries += 1;
                if tries >= LIVE_TRIES {
                    crate::say!("That does not match {number} or LIVE either; stopping.");
                    return Ok(Answer::No);
                }
                let left = LIVE_TRIES - tries;
                crate::say!("That is neither {number} nor LIVE; {left} {} left.", if left == 1 { "try" } else { "tries" });
                crate::say!("{}", lock.line());
                prompt::show(&question);
            }
            _ = tick.tick() => {
                if lock.left().is_zero() {
                    crate::say!("\n  The quote's rate lock has ended.");
                    return Ok(Answer::Expired);
                }
                redraw(&lock.line());
            }
            _ = reread.tick() => {
                let now: TransactionQuote = s.call(Method::GET, &path, None).await?;
                if now.status == QuoteStatus::Expired {
                    crate::say!("\n  The quote has expired (as the server's clock sees it).");
                    return Ok(Answer::Expired);
                }
                lock.update(s, q);
                redraw(&lock.line());
            }
        }
    }
}

/// Replaces the line above the cursor, then puts the cursor back, so the
/// countdown moves while the person types.
fn redraw(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\x1b7\x1b[1A\r\x1b[2K{}\x1b8", crate::output::safe::text(line));
    let _ = err.flush();
}

/// The end of a quote's lock, as a local instant.
struct Lock {
    deadline: Instant,
    /// When the quote was first seen here, to count the stated lock down.
    since: Instant,
}

impl Lock {
    fn new(s: &Session, q: &TransactionQuote) -> Lock {
        let mut lock = Lock { deadline: Instant::now(), since: Instant::now() };
        lock.update(s, q);
        lock
    }

    /// The time left by the server's clock, never more than the lock the
    /// API stated (a `Date` header of a sandbox running ahead would
    /// otherwise add its offset).
    fn update(&mut self, s: &Session, q: &TransactionQuote) {
        let millis = |t: &str| Timestamp::parse_rfc3339(t).map(|t| t.millis());
        let (Some(end), Some(start)) = (millis(&q.expires_at), millis(&q.created_at)) else {
            self.deadline = Instant::now();
            return;
        };
        let by_server = end - s.client.server_now();
        let by_lock = (end - start) - i64::try_from(self.since.elapsed().as_millis()).unwrap_or(i64::MAX / 2);
        let left = by_server.min(by_lock).max(0);
        self.deadline = Instant::now() + Duration::from_millis(u64::try_from(left).unwrap_or(0));
    }

    fn left(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    fn line(&self) -> String {
        let left = self.left().as_secs();
        format!("  Expires in {}:{:02}", left / 60, left % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_on_a_live_key_needs_confirm_live() {
        assert!(Mode::choose(true, false, true).is_err());
        assert_eq!(Mode::choose(true, true, true).unwrap(), Mode::Given);
        assert_eq!(Mode::choose(true, false, false).unwrap(), Mode::Given);
    }

    #[test]
    fn the_recipient_is_named_with_a_masked_account() {
        let b = serde_json::json!({"full_name": "Acme GmbH", "country": "DE",
            "account": {"kind": "BANK_ACCOUNT", "iban": "DE89370400440532013000"}});
        assert_eq!(recipient(&b), "Acme GmbH, BANK_ACCOUNT DE89••••••••3000 (DE)");
    }
}
