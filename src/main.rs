//! `payctl`: the partner CLI of the cross-border payments API, and its
//! local sandbox.
//!
//! `main` answers shell completion requests (`COMPLETE=bash payctl ...`),
//! parses the command line, runs one command, prints any error with its
//! chain of causes, and exits with a documented code (see [`exit`]).
//!
//! # Layout
//! - [`cli`]: the command tree; [`commands`]: one module per noun, one file
//!   per verb, each through the shared `Session` (`commands::resource`).
//! - [`client`]: the HTTP client every API call goes through (auth,
//!   retries, errors); [`context`]: what a command resolves once (profile,
//!   flags, environment); [`config`]: profiles in `config.toml`;
//!   [`credentials`]: secrets in the keyring or `credentials.toml`.
//! - [`output`]: tables and JSON on stdout, messages on stderr; [`prompt`]:
//!   terminal questions; [`signals`]: stopping long-running commands;
//!   [`private_file`]: owner-only files replaced whole (the ready file, a
//!   recording); [`limits`]: the open-file limit the servers raise;
//!   [`exit`]: the documented exit codes; [`complete`]: shell completion.
//! - [`fixtures`]: scenario files (run, export, record); [`contract`]: the
//!   API's OpenAPI contract, which `payctl proxy` checks traffic against;
//!   [`signature`]: the webhook signature check `webhooks verify` and
//!   `listen` use; [`parity`]: a recording replayed and compared answer by
//!   answer, and its webhook events (`payctl parity`).

/// mimalloc rather than glibc's allocator: a request allocates and frees
/// a few hundred small blocks across threads (hyper's buffers, the layers'
/// futures, the log record), and glibc's free lists were about an eighth
/// of the sandbox's CPU under load (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod cli;
mod client;
mod commands;
mod complete;
mod config;
mod context;
mod contract;
mod credentials;
mod exit;
mod fixtures;
mod limits;
mod output;
mod parity;
mod private_file;
mod prompt;
mod signals;
mod signature;

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

fn main() -> ExitCode {
    clap_complete::CompleteEnv::with_factory(cli::Cli::command).complete();
    quiet_on_closed_streams();
    let cli = cli::Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            say!("error: cannot start the async runtime: {e}");
            return ExitCode::from(exit::FAILURE);
        }
    };
    match runtime.block_on(commands::run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if exit::is_closed_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let mut shown = err.to_string();
            say!("error: {shown}");
            for cause in err.chain().skip(1) {
                // A cause already spelled out in the message is not repeated.
                let text = cause.to_string();
                if !shown.contains(&text) {
                    say!("  caused by: {text}");
                    shown.push_str(&text);
                }
            }
            ExitCode::from(exit::code_for(&err))
        }
    }
}

/// Data goes through `output::out`, which turns a closed stdout into a
/// quiet exit; this catches what is left (a `print!` in a dependency, a
/// closed stderr) so a reader that went away never causes a stack trace.
fn quiet_on_closed_streams() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to std") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
