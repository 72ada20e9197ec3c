//! `payctl completions SHELL`: the script clap_complete derives from the
//! command tree, so completions can never lag behind the flags.

use clap::CommandFactory;

pub fn run(shell: clap_complete::Shell) -> anyhow::Result<()> {
    clap_complete::generate(shell, &mut crate::cli::Cli::command(), "payctl", &mut std::io::stdout());
    Ok(())
}
