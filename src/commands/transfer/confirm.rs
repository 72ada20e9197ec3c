//! What `payctl transfer` shows and asks before it accepts a quote: the
//! amounts as decimals of each asset, the rate, and on a terminal a live
//! countdown to the quote's expiry above the prompt. A LIVE key needs the
//! amount (or the word LIVE) typed out, or `--yes --confirm-live`.
//!
//! The countdown runs on the time the API stated (`expires_at - created_at`)
//! minus the time elapsed here, so a client clock that is off, or a sandbox
//! whose clock was moved, does not make it lie.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use payctl_sandbox::clock::Timestamp;
use payctl_sandbox::domain::{asset, decimal};
use payctl_wire::applications::Environment;
use payctl_wire::transactions::TransactionQuote;

use crate::client::Auth;
use crate::commands::resource::Session;
use crate::exit;

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

/// A LIVE key: the profile says so, or the key's own prefix does.
pub fn is_live(s: &Session) -> bool {
    let by_prefix = matches!(&s.auth, Auth::Key(k) if k.starts_with("sk_live_"));
    by_prefix || s.ctx.profile().environment == Some(Environment::Live)
}

/// `amount_minor` of `code` as a decimal with the asset's digits,
/// `12.50 AED`; an asset this CLI does not know stays in minor units.
pub fn amount(amount_minor: &str, code: &str) -> String {
    match (amount_minor.parse::<u64>(), asset::asset(code)) {
        (Ok(minor), Some(a)) => format!("{} {code}", decimal::format_minor(minor, a.decimals)),
        _ => format!("{amount_minor} minor units of {code}"),
    }
}

/// Prints the summary on stderr, then asks unless `--yes` was given.
pub async fn confirm(q: &TransactionQuote, mode: Mode, live: bool) -> anyhow::Result<()> {
    let sent = amount(&q.source_amount_minor, &q.source_asset);
    eprintln!("Quote {} ({}, {} to {} via {}):", q.id, q.status, q.source_asset, q.destination_asset, q.corridor_id);
    eprintln!("  You send:      {sent}");
    eprintln!("  Fee:           {}", amount(&q.fee_minor, &q.source_asset));
    eprintln!("  Converted:     {}", amount(&q.net_source_minor, &q.source_asset));
    eprintln!("  Rate:          1 {} = {} {}", q.source_asset, q.rate, q.destination_asset);
    eprintln!("  They receive:  {}", amount(&q.destination_amount_minor, &q.destination_asset));
    eprintln!("  Rate locked until {}", q.expires_at);
    if mode == Mode::Given {
        return Ok(());
    }
    let lock = match (Timestamp::parse_rfc3339(&q.expires_at), Timestamp::parse_rfc3339(&q.created_at)) {
        (Some(end), Some(start)) => Duration::from_millis(u64::try_from(end.millis() - start.millis()).unwrap_or(0)),
        _ => Duration::ZERO,
    };
    let deadline = Instant::now() + lock;
    eprintln!("{}", countdown(deadline));
    let ticker = tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            // Save the cursor, redraw the line above the prompt, restore.
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\x1b7\x1b[1A\r\x1b[2K{}\x1b8", countdown(deadline));
            let _ = err.flush();
        }
    });
    let prompt_live = live;
    let source = sent.clone();
    let answer = tokio::task::spawn_blocking(move || ask(&source, prompt_live)).await;
    ticker.abort();
    match answer?? {
        true => Ok(()),
        false => {
            Err(exit::invalid(format!("transfer cancelled: quote {} was not accepted and nothing was sent", q.id)))
        }
    }
}

fn countdown(deadline: Instant) -> String {
    let left = deadline.saturating_duration_since(Instant::now()).as_secs();
    if left == 0 {
        "  The quote has expired: answer no and run the transfer again.".to_owned()
    } else {
        format!("  Expires in {}:{:02}", left / 60, left % 60)
    }
}

fn ask(sent: &str, live: bool) -> anyhow::Result<bool> {
    if live {
        let number = sent.split(' ').next().unwrap_or(sent);
        let typed: String = dialoguer::Input::new()
            .with_prompt(format!("LIVE key: real money moves. Type {number} or LIVE to send {sent}"))
            .allow_empty(true)
            .interact_text()?;
        let typed = typed.trim();
        return Ok(typed == "LIVE" || typed == number || typed == sent);
    }
    Ok(dialoguer::Confirm::new().with_prompt(format!("Send {sent}?")).default(false).interact()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_use_the_assets_decimals() {
        assert_eq!(amount("100000", "AED"), "1000.00 AED");
        assert_eq!(amount("12500000", "USDC"), "12.500000 USDC");
        assert_eq!(amount("5", "JPY"), "5 JPY");
        assert_eq!(amount("7", "XYZ"), "7 minor units of XYZ");
    }

    #[test]
    fn yes_on_a_live_key_needs_confirm_live() {
        assert!(Mode::choose(true, false, true).is_err());
        assert_eq!(Mode::choose(true, true, true).unwrap(), Mode::Given);
        assert_eq!(Mode::choose(true, false, false).unwrap(), Mode::Given);
    }
}
