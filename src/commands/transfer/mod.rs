//! `payctl transfer`: the guided money movement. Quote, show what will
//! happen and to whom, confirm, accept, create the transaction, optionally
//! wait for its final state.
//!
//! The whole flow runs under one Idempotency-Key, printed before anything is
//! sent: the transaction is created with it, and the quote and accept with
//! keys derived from it (`KEY.quote`, `KEY.accept`; a fresh quote after an
//! expired one takes `KEY.quote.2`, `KEY.accept.2`...). Running the same
//! command again with `--idempotency-key KEY` after a lost answer therefore
//! replays each step the API already did (same quote, same transaction)
//! instead of moving the money twice.

mod confirm;
mod wait;

use clap::Args;
use payctl_wire::transactions::{CreateTransaction, Transaction, TransactionQuote, TransactionState};
use reqwest::Method;
use serde_json::Value;

use crate::client::typed;
use crate::commands::apps::segment;
use crate::commands::quotes::{self, QuoteArgs};
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;
use crate::prompt::Prompter;

pub const EXAMPLES: &str = "A LIVE key (profile environment LIVE, or a sk_live_ key) asks to type the amount or \
LIVE; with --yes it also needs --confirm-live.

Examples:
  payctl transfer --corridor uae --from AED --amount-minor 100000 --to EUR --kind BANK \\
      --beneficiary BEN_ID
  payctl transfer ... --beneficiary BEN_ID --yes --wait --output json     # CI: no prompt
  payctl transfer ... --yes --idempotency-key KEY          # retry after a network error

Exit codes: 0 done (or --wait stopped by Ctrl-C), 1 API error, cancelled, or the transaction \
FAILED, 2 usage, 130 Ctrl-C at the question.";

#[derive(Debug, Args)]
pub struct TransferArgs {
    #[command(flatten)]
    pub quote: QuoteArgs,
    /// The beneficiary whose account receives the destination asset.
    #[arg(long, value_name = "ID")]
    pub beneficiary: String,
    /// Do not ask for confirmation (required without a terminal).
    #[arg(long)]
    pub yes: bool,
    /// With --yes on a LIVE key: confirm that real money moves.
    #[arg(long)]
    pub confirm_live: bool,
    /// Wait until the transaction is COMPLETED or FAILED (Ctrl-C stops waiting).
    #[arg(long)]
    pub wait: bool,
}

pub async fn run(ctx: Ctx, args: TransferArgs) -> anyhow::Result<()> {
    let beneficiary_id = segment(&args.beneficiary)
        .map_err(|_| exit::usage(format!("--beneficiary {:?} is not a valid id", args.beneficiary)))?
        .to_owned();
    // Everything the quote needs is checked here, so a missing flag never
    // costs a key that a re-run would then find used.
    let body = args.quote.body()?;
    QuoteArgs::require(&body)?;
    let s = Session::open_with(ctx, Cred::Key, quotes::FLAGS).await?;
    // `--idempotency-key`, else the one the client made for this run.
    let key = s.client.idempotency_key().to_owned();
    let live = confirm::is_live(&s);
    // Refuse before anything is sent: no quote is left behind by a run that
    // could never have confirmed.
    let mode = confirm::Mode::choose(args.yes, args.confirm_live, live)?;
    // Who receives, read (not sent) first: the confirmation names them.
    let beneficiary: Value = s.call(Method::GET, &format!("/v1/beneficiaries/{beneficiary_id}"), None).await?;
    let mut prompter = match mode {
        confirm::Mode::Ask => Some(Prompter::new()?),
        confirm::Mode::Given => None,
    };
    crate::say!("Idempotency-Key: {key}  (re-run with --idempotency-key {key} to retry safely)");

    let mut attempt = 1;
    let mut quote = create_quote(&s, &body, &step_key(&key, "quote", attempt)).await?;
    loop {
        confirm::summary(&s, &quote, &beneficiary, live);
        let Some(p) = prompter.as_mut() else { break };
        let answer = confirm::ask(&s, p, &quote, live).await.map_err(|e| nothing_sent(e, &quote.id))?;
        match answer {
            confirm::Answer::Yes => break,
            confirm::Answer::No => {
                return Err(exit::invalid(format!(
                    "transfer cancelled: quote {} was not accepted and nothing was sent",
                    quote.id
                )));
            }
            confirm::Answer::Expired => {
                if !p.yes_no("Get a fresh quote? [y/N] ").await.map_err(|e| nothing_sent(e, &quote.id))? {
                    return Err(exit::invalid(format!(
                        "transfer stopped: quote {} expired before it was confirmed; nothing was sent",
                        quote.id
                    )));
                }
                attempt += 1;
                quote = create_quote(&s, &body, &step_key(&key, "quote", attempt)).await?;
            }
        }
    }
    let accept = format!("{}/{}/accept", quotes::PATH, segment(&quote.id)?);
    let accepted: TransactionQuote =
        typed(s.client.call_with_key(Method::POST, &accept, &s.auth, None, &step_key(&key, "accept", attempt)).await?)?;
    let create = CreateTransaction {
        quote_id: Some(accepted.id.clone()),
        beneficiary_id: Some(beneficiary_id),
        ..CreateTransaction::default()
    };
    let body = serde_json::to_value(&create)?;
    let txn: Transaction = typed(
        s.client.call_with_key(Method::POST, crate::commands::transactions::PATH, &s.auth, Some(&body), &key).await?,
    )?;
    s.created(format_args!("transaction {} ({}); it is {}", txn.id, txn.external_id, txn.state));
    let txn = if args.wait { wait::until_final(&s, txn).await? } else { txn };
    s.print(&txn)?;
    if txn.state == TransactionState::Failed {
        let reason = txn.failure_reason.as_deref().unwrap_or("no reason given");
        return Err(exit::api(format!("transaction {} FAILED: {reason}", txn.id)));
    }
    Ok(())
}

/// Ctrl-C at a question says, as "no" does, that nothing was sent.
fn nothing_sent(e: anyhow::Error, quote: &str) -> anyhow::Error {
    if exit::code_for(&e) != exit::INTERRUPTED {
        return e;
    }
    exit::Exit {
        code: exit::INTERRUPTED,
        message: format!("interrupted: quote {quote} was not accepted and nothing was sent"),
    }
    .into()
}

async fn create_quote(s: &Session, body: &Value, key: &str) -> anyhow::Result<TransactionQuote> {
    typed(s.client.call_with_key(Method::POST, quotes::PATH, &s.auth, Some(body), key).await?)
}

/// `KEY.quote`, then `KEY.quote.2` for the second quote of one run.
fn step_key(key: &str, step: &str, attempt: u32) -> String {
    if attempt == 1 { format!("{key}.{step}") } else { format!("{key}.{step}.{attempt}") }
}
