//! `payctl completions SHELL`: prints the shell's registration script. The
//! script calls back into `payctl` (`COMPLETE=<shell> payctl -- WORDS`,
//! answered in `main` before any parsing), so completion knows the command
//! tree of the installed binary and dynamic values such as profile names
//! (see `crate::complete`), and offers subcommands before flags.

use clap::ValueEnum;
use clap_complete::env::{Bash, Elvish, EnvCompleter, Fish, Powershell, Zsh};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Elvish,
    Powershell,
}

pub fn run(shell: Shell) -> anyhow::Result<()> {
    let completer: &dyn EnvCompleter = match shell {
        Shell::Bash => &Bash,
        Shell::Zsh => &Zsh,
        Shell::Fish => &Fish,
        Shell::Elvish => &Elvish,
        Shell::Powershell => &Powershell,
    };
    let mut script = Vec::new();
    completer.write_registration("COMPLETE", "payctl", "payctl", "payctl", &mut script)?;
    crate::output::out(&String::from_utf8(script)?)
}
