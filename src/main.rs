//! `payctl`: the partner CLI of the cross-border payments API, and its
//! local sandbox.
//!
//! `main` parses the command line, runs one command, prints any error with
//! its chain of causes, and exits with a documented code (see [`exit`]).

mod cli;
mod client;
mod commands;
mod config;
mod context;
mod credentials;
mod exit;
mod fixtures;
mod output;
mod signals;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(exit::FAILURE);
        }
    };
    match runtime.block_on(commands::run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            for cause in err.chain().skip(1) {
                eprintln!("  caused by: {cause}");
            }
            ExitCode::from(exit::code_for(&err))
        }
    }
}
