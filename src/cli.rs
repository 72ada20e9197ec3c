//! The command tree, declared with clap. Dispatch lives in `commands`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use payctl_sandbox::rate_limit::RateLimits;

#[derive(Debug, Parser)]
#[command(name = "payctl", version, about = "Command-line tool and local sandbox for the cross-border payments API")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the whole API locally (axum over SQLite) with demo data.
    #[command(after_help = SANDBOX_EXAMPLES)]
    Sandbox(SandboxArgs),
}

const SANDBOX_EXAMPLES: &str = "Examples:
  payctl sandbox                                  # http://127.0.0.1:4242, data kept between runs
  payctl sandbox --in-memory --json --listen 127.0.0.1:0   # throwaway, for CI: read the JSON ready line
  payctl sandbox --rate-limit off                 # no per-key limits, for load tests";

#[derive(Debug, Args)]
pub struct SandboxArgs {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value_t = SocketAddr::from(([127, 0, 0, 1], payctl_sandbox::DEFAULT_PORT)), value_name = "ADDR")]
    pub listen: SocketAddr,
    /// SQLite database file (default: sandbox.db in the user's data directory).
    #[arg(long, value_name = "PATH", conflicts_with = "in_memory", env = "PAYCTL_SANDBOX_DB")]
    pub db: Option<PathBuf>,
    /// Keep everything in memory; nothing is written to disk.
    #[arg(long)]
    pub in_memory: bool,
    /// Print the ready line as one JSON object on stdout (for scripts).
    #[arg(long)]
    pub json: bool,
    /// Per-API-key rate limits: PER_MINUTE[/PER_HOUR] (default 100/5000), or
    /// `off` (e.g. for load tests). PER_MINUTE alone sets PER_HOUR to 60 times it.
    #[arg(long, value_name = "LIMITS", default_value = "100/5000", value_parser = parse_rate_limit)]
    pub rate_limit: RateLimitArg,
}

/// The parsed `--rate-limit`: `None` is off.
#[derive(Debug, Clone, Copy)]
pub struct RateLimitArg(pub Option<RateLimits>);

fn parse_rate_limit(s: &str) -> Result<RateLimitArg, String> {
    RateLimits::parse(s)
        .map(RateLimitArg)
        .map_err(|e| format!("{e}; expected PER_MINUTE, PER_MINUTE/PER_HOUR (e.g. 100/5000) or off"))
}
