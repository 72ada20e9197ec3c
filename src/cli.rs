//! The command tree, declared with clap. Each noun declares its own verbs in
//! `commands::<noun>`; dispatch lives in `commands`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use payctl_sandbox::{PgUrl, RateLimits, Storage};

use crate::commands::listen::ListenArgs;
use crate::commands::{accounts, apps, beneficiaries, config, customers, keys, pricing, session, wallets, webhooks};
use crate::output::OutputFlag;

#[derive(Debug, Parser)]
#[command(name = "payctl", version, about = "Command-line tool and local sandbox for the cross-border payments API")]
#[command(after_help = TOP_EXAMPLES)]
pub struct Cli {
    #[command(flatten)]
    pub globals: Globals,
    #[command(subcommand)]
    pub command: Command,
}

const TOP_EXAMPLES: &str = "Examples:
  payctl sandbox --in-memory --listen 127.0.0.1:0 --ready-file ready.json &
  payctl sandbox wait --ready-file ready.json
  payctl config init --from-ready ready.json
  printf '%s' payctl-demo-password | payctl login --username demo@payctl.local --password-stdin
  payctl customers list
  payctl keys rotate

Exit codes: 0 ok, 1 API error, 2 usage, 3 authentication, 4 network, 5 local failure (files), \
6 the go-live review failed, 130 interrupted at a prompt.";

/// Flags every command accepts, listed under their own heading. Flags beat
/// environment variables, which beat the profile, which beats the defaults.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = GLOBAL)]
pub struct Globals {
    /// Profile of the config file to use.
    #[arg(long, global = true, env = "PAYCTL_PROFILE", value_name = "NAME", add = crate::complete::profiles())]
    pub profile: Option<String>,
    /// Base URL of the API [default: the profile's, else http://127.0.0.1:4242].
    #[arg(long, global = true, env = "PAYCTL_BASE_URL", value_name = "URL", value_hint = clap::ValueHint::Url)]
    pub base_url: Option<String>,
    /// Identity provider URL [default: the profile's, else <base-url>/auth/realms/sandbox].
    #[arg(long, global = true, env = "PAYCTL_AUTH_URL", value_name = "URL", value_hint = clap::ValueHint::Url)]
    pub auth_url: Option<String>,
    /// API key secret for X-API-Key calls, instead of the profile's stored key.
    #[arg(long, global = true, env = "PAYCTL_API_KEY", hide_env_values = true, value_name = "SECRET")]
    pub api_key: Option<String>,
    /// Output format [default: table on a terminal, json otherwise; junit: `payctl review` only].
    #[arg(long, short = 'o', global = true, value_enum, ignore_case = true)]
    pub output: Option<OutputFlag>,
    /// The same as --output json (for `payctl sandbox`, the ready line as JSON on stdout).
    #[arg(long, global = true, conflicts_with = "output")]
    pub json: bool,
    /// X-Request-ID to send; the API echoes it as correlation_id.
    #[arg(long, global = true, value_name = "ID")]
    pub request_id: Option<String>,
    /// Show requests and responses on stderr, secrets masked.
    #[arg(long, short = 'v', global = true)]
    pub verbose: bool,
    /// Idempotency-Key of the command's first POST (a later one sends KEY.2, KEY.3...). Without
    /// it one is made; if the answer is lost, the error prints it with the command that retries
    /// safely, and the retry gets the original answer, never a second record.
    #[arg(long, global = true, value_name = "KEY", value_parser = idempotency_key)]
    pub idempotency_key: Option<String>,
}

/// The longest `--idempotency-key`: room in the API's 255 characters for
/// the suffixes of later requests (`.2`, `.quote.2`).
pub const MAX_IDEMPOTENCY_KEY: usize = 240;

fn idempotency_key(text: &str) -> Result<String, String> {
    if (1..=MAX_IDEMPOTENCY_KEY).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(text.to_owned())
    } else {
        Err(format!("must be 1 to {MAX_IDEMPOTENCY_KEY} printable ASCII characters without spaces"))
    }
}

/// A command's own arguments and verbs, put into the command tree only
/// when it is on the command line: every run parses without building the
/// hundred-odd other commands (`payctl --version` 2.4 -> 1.8 ms, and about
/// 0.6 MB less of an idle sandbox; BENCHMARKS.md). Help, completion and
/// `debug_assert` still build the whole tree.
#[derive(Debug)]
pub struct Later<T>(pub T);

impl<T: FromArgMatches> FromArgMatches for Later<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Later)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Later)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Subcommand> Subcommand for Later<T> {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_subcommands)
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_subcommands_for_update)
    }

    fn has_subcommand(name: &str) -> bool {
        T::has_subcommand(name)
    }
}

impl<T: Args> Args for Later<T> {
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }

    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_args)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_args_for_update)
    }
}

/// The heading of the flags every command accepts.
pub const GLOBAL: &str = "Global options";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show and edit profiles (config.toml).
    #[command(subcommand)]
    Config(Later<config::ConfigCommand>),
    /// Log in to the dashboard with the password grant.
    #[command(after_help = session::LOGIN_EXAMPLES)]
    Login(Later<session::LoginArgs>),
    /// Forget the profile's login tokens.
    #[command(after_help = session::LOGOUT_EXAMPLES)]
    Logout,
    /// Show the logged-in dashboard user and partner.
    #[command(after_help = session::WHOAMI_EXAMPLES)]
    Whoami,
    /// Create, list, inspect and deactivate applications.
    #[command(subcommand)]
    Apps(Later<apps::AppsCommand>),
    /// Create, list, revoke and rotate API keys.
    #[command(subcommand)]
    Keys(Later<keys::KeysCommand>),
    /// Create, list and inspect customers; approve or reject them in the sandbox.
    #[command(subcommand)]
    Customers(Later<customers::CustomersCommand>),
    /// Create, list and inspect beneficiaries and their payout accounts.
    #[command(subcommand)]
    Beneficiaries(Later<beneficiaries::BeneficiariesCommand>),
    /// Settlement accounts and wallets, balances, customer accounts.
    #[command(subcommand)]
    Accounts(Later<accounts::AccountsCommand>),
    /// Validate addresses; manage the partner's wallets.
    #[command(subcommand)]
    Wallets(Later<wallets::WalletsCommand>),
    /// Markups, corridors and fee simulation.
    #[command(subcommand)]
    Pricing(Later<pricing::PricingCommand>),
    /// Create, inspect and accept transaction quotes.
    #[command(subcommand)]
    Quotes(Later<crate::commands::quotes::QuotesCommand>),
    /// Send money, guided: quote, confirm, accept, create, optionally wait.
    #[command(after_help = crate::commands::transfer::EXAMPLES)]
    Transfer(Later<Box<crate::commands::transfer::TransferArgs>>),
    /// Payments collected on a virtual IBAN (TEST keys only).
    #[command(subcommand)]
    Payments(Later<crate::commands::payments::PaymentsCommand>),
    /// Transfers: payins, payouts, bridges and on-chain swaps.
    #[command(subcommand)]
    Transfers(Later<crate::commands::transfers::TransfersCommand>),
    /// On-chain stablecoin swaps (onchain-fx).
    #[command(subcommand)]
    Swaps(Later<crate::commands::transfers::SwapsCommand>),
    /// List and inspect transactions.
    #[command(subcommand)]
    Transactions(Later<crate::commands::transactions::TransactionsCommand>),
    /// Webhook endpoints, deliveries, and signature verification.
    #[command(subcommand)]
    Webhooks(Later<webhooks::WebhooksCommand>),
    /// Request logs of the application: list with filters, or follow.
    #[command(subcommand)]
    Logs(Later<crate::commands::logs::LogsCommand>),
    /// Webhook events: deliver one again to every endpoint that got it.
    #[command(subcommand)]
    Events(Later<crate::commands::events::EventsCommand>),
    /// Receive webhooks locally: verify, print and forward each delivery.
    #[command(after_help = crate::commands::listen::EXAMPLES)]
    Listen(Later<ListenArgs>),
    /// Open the sandbox's console in the browser, signed in (a one-time link).
    #[command(after_help = crate::commands::open::EXAMPLES)]
    Open(Later<crate::commands::open::OpenArgs>),
    /// Send one raw request to the API, like `gh api`: for support and debugging.
    #[command(after_help = API_EXAMPLES)]
    Api(Later<ApiArgs>),
    /// Print a shell completion script.
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions {
        /// The shell to complete for.
        #[arg(value_enum, ignore_case = true)]
        shell: crate::commands::completions::Shell,
    },
    /// Run the whole API locally (axum over SQLite) with demo data.
    #[command(after_help = SANDBOX_EXAMPLES, args_conflicts_with_subcommands = true)]
    Sandbox(Later<SandboxArgs>),
    /// Run fixtures: JSON scenario files of API steps.
    #[command(subcommand)]
    Fixtures(Later<crate::commands::fixtures::FixturesCommand>),
    /// Fire a webhook event by running its shipped fixture.
    #[command(after_help = crate::commands::trigger::EXAMPLES)]
    Trigger(Later<crate::commands::trigger::TriggerArgs>),
    /// The go-live review: the integration graded from its own traffic.
    #[command(after_help = crate::commands::review::HELP)]
    Review(Later<crate::commands::review::ReviewArgs>),
    /// Replay a recording into a sandbox and show where the answers differ.
    #[command(after_help = crate::commands::parity::HELP)]
    Parity(Later<crate::commands::parity::ParityArgs>),
    /// Check real traffic against the API's contract and record it as a fixture.
    #[command(after_help = crate::commands::proxy::EXAMPLES)]
    Proxy(Later<crate::commands::proxy::ProxyArgs>),
    /// Serve the API and the sandbox to a coding agent (MCP over stdio).
    #[command(after_help = crate::commands::mcp::EXAMPLES)]
    Mcp(Later<crate::commands::mcp::McpArgs>),
}

const API_EXAMPLES: &str = "Examples:
  payctl api GET /sandbox/clock                     # with the profile's API key
  payctl api GET /v1/auth/me --bearer               # with the dashboard login
  payctl api POST /v1/applications --bearer --data '{\"name\":\"x\",\"environment\":\"TEST\"}'
  payctl api POST /v1/customers --data @customer.json --idempotency-key onboard-42 -i
  payctl api GET /v1/customers -H 'X-Request-ID: ticket-1234'

A POST carries an Idempotency-Key (--idempotency-key, a -H Idempotency-Key header, or one made
and printed if the answer is lost). With -i the status line and headers come first on stdout.";

#[derive(Debug, Args)]
pub struct ApiArgs {
    /// HTTP method: GET, POST, PUT, PATCH or DELETE.
    pub method: String,
    /// Path under the base URL, starting with `/`.
    pub path: String,
    /// JSON request body, or @FILE to read it from a file (@- for stdin).
    #[arg(long, value_name = "JSON|@FILE")]
    pub data: Option<String>,
    /// Authenticate with the dashboard login instead of the API key.
    #[arg(long)]
    pub bearer: bool,
    /// Send this header too, as NAME:VALUE (repeatable).
    #[arg(long, short = 'H', value_name = "NAME:VALUE")]
    pub header: Vec<String>,
    /// Print the status line and the answer's headers before its body.
    #[arg(long, short = 'i')]
    pub include: bool,
}

const COMPLETIONS_EXAMPLES: &str =
    "The script asks `payctl` itself what to offer, so values such as profiles, events, \
networks, assets and corridors complete by name, and it never goes stale after an upgrade.

Examples:
  payctl completions bash > ~/.local/share/bash-completion/completions/payctl
  payctl completions zsh > \"${fpath[1]}/_payctl\"
  payctl completions fish > ~/.config/fish/completions/payctl.fish";

const SANDBOX_EXAMPLES: &str = "Examples:
  payctl sandbox                                # http://127.0.0.1:4242, data kept between runs
  payctl sandbox --in-memory --listen 127.0.0.1:0 --ready-file ready.json &   # for CI,
  payctl sandbox wait --ready-file ready.json --timeout 30s                  # then wait
  payctl sandbox --rate-limit off               # no per-key limits, for load tests
  payctl sandbox --in-memory --seed fixtures/onboarding.json --ready-file ready.json &
  payctl sandbox reset --ready ready.json       # back to the seeded state
  payctl sandbox clock advance 3m               # move the TEST application's clock";

/// A `--db`: a PostgreSQL URL, or else a SQLite file's path.
fn parse_database(text: &str) -> Result<Storage, String> {
    // Checked when the sandbox starts (`PgUrl::check`): clap's error for a
    // value it refuses repeats the value, which holds a password.
    if PgUrl::is_url(text) {
        return Ok(Storage::Postgres(PgUrl::unchecked(text)));
    }
    if text.is_empty() {
        return Err("name a database file or a postgres:// URL".to_owned());
    }
    Ok(Storage::File(PathBuf::from(text)))
}

#[derive(Debug, Args)]
pub struct SandboxArgs {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value_t = SocketAddr::from(([127, 0, 0, 1], payctl_sandbox::DEFAULT_PORT)), value_name = "ADDR")]
    pub listen: SocketAddr,
    /// SQLite database file (default: sandbox.db in the user's data directory), or a PostgreSQL
    /// database, postgres://USER[:PASSWORD]@HOST[:PORT]/DB, which several processes may share (see
    /// "On PostgreSQL" in sandbox/README.md). The password shows as *** wherever the URL is shown.
    #[arg(long, value_name = "PATH|URL", conflicts_with = "in_memory", env = "PAYCTL_SANDBOX_DB", value_parser = parse_database, hide_env_values = true)]
    pub db: Option<Storage>,
    /// Keep everything in memory; nothing is written to disk.
    #[arg(long)]
    pub in_memory: bool,
    /// Start over with a new key file for the database (when its key file is lost): every webhook
    /// endpoint's signing secret stays unusable until rotated, and stored Idempotency-Key answers
    /// are dropped.
    #[arg(long, conflicts_with_all = ["in_memory", "accept_key_file"])]
    pub reset_secrets: bool,
    /// The master key's file (32 random bytes, made if missing, mode 0600) instead of the
    /// database's own (DB.key beside it). Required with a postgres:// database: processes that
    /// share one database share one key file.
    #[arg(long, value_name = "PATH", env = "PAYCTL_SANDBOX_KEY_FILE")]
    pub key_file: Option<PathBuf>,
    /// While rotating the master key: another key's file, still accepted. What it sealed opens and
    /// what it signed verifies; webhook signing secrets it sealed are sealed again under the key at
    /// start. Nothing new uses it (see "Rotating the key" in sandbox/README.md).
    #[arg(long, value_name = "PATH", env = "PAYCTL_SANDBOX_ACCEPT_KEY_FILE")]
    pub accept_key_file: Option<PathBuf>,
    /// Also write the ready line to FILE (mode 0600) once ready, whole or not at all, for
    /// `payctl sandbox wait`; removed when the sandbox stops.
    #[arg(long, value_name = "FILE", env = "PAYCTL_SANDBOX_READY_FILE")]
    pub ready_file: Option<PathBuf>,
    /// Per-API-key rate limits: PER_MINUTE[/PER_HOUR] (default 100/5000), or `off` (e.g. for load
    /// tests). PER_MINUTE alone sets PER_HOUR to 60 times it.
    #[arg(long, value_name = "LIMITS", default_value = "100/5000", value_parser = parse_rate_limit)]
    pub rate_limit: RateLimitArg,
    /// Run this fixture after the sandbox starts listening and before the
    /// ready line; repeatable, run in order. A failing one stops the sandbox.
    /// A snapshot (`payctl sandbox snapshot save`) is loaded into the ready
    /// line's TEST application instead.
    #[arg(long, value_name = "FILE")]
    pub seed: Vec<PathBuf>,
    /// Also answer requests whose Host header names NAME (repeatable). Others than loopback
    /// names and addresses and the listen address are refused (403 HOST_NOT_ALLOWED), so a web
    /// page cannot reach the sandbox by pointing its own name at this machine (DNS rebinding).
    #[arg(long, value_name = "NAME")]
    pub allowed_host: Vec<String>,
    /// The demo user's password. Default: the published one on a loopback address, a random one
    /// (shown in the ready line) on any other.
    #[arg(long, value_name = "PASSWORD", env = "PAYCTL_SANDBOX_DEMO_PASSWORD", hide_env_values = true)]
    pub demo_password: Option<String>,
    #[command(subcommand)]
    pub command: Option<crate::commands::sandbox::SandboxCommand>,
}

/// The parsed `--rate-limit`: `None` is off.
#[derive(Debug, Clone, Copy)]
pub struct RateLimitArg(pub Option<RateLimits>);

fn parse_rate_limit(s: &str) -> Result<RateLimitArg, String> {
    RateLimits::parse(s)
        .map(RateLimitArg)
        .map_err(|e| format!("{e}; expected PER_MINUTE, PER_MINUTE/PER_HOUR (e.g. 100/5000) or off"))
}

/// A flag value of a fixed set, taken in any case and answered in the
/// set's own spelling (`--kind bank` is `BANK`, `--status APPROVED` is
/// `approved`): the one case rule of every such flag (with `ignore_case`
/// on the argument, which the listed values then match).
pub fn any_case(values: &'static [&'static str]) -> impl clap::builder::TypedValueParser<Value = String> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(values)
        .map(move |typed| values.iter().find(|v| v.eq_ignore_ascii_case(&typed)).map_or(typed, |v| (*v).to_owned()))
}

/// `--limit`, `--cursor` and `--all`, shared by every list command.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Records per page, 1 to 100.
    #[arg(long, default_value_t = payctl_wire::page::DEFAULT_LIMIT,
        value_parser = clap::value_parser!(u32).range(payctl_wire::page::MIN_LIMIT as i64..=payctl_wire::page::MAX_LIMIT as i64))]
    pub limit: u32,
    /// Start at this page: the `next cursor` a previous page printed.
    #[arg(long, value_name = "CURSOR")]
    pub cursor: Option<String>,
    /// Follow next_cursor until the last page.
    #[arg(long)]
    pub all: bool,
}

impl Globals {
    /// The output format asked for: `--json` is `--output json`.
    pub fn format(&self) -> Option<OutputFlag> {
        if self.json { Some(OutputFlag::Json) } else { self.output }
    }
}

impl ListArgs {
    /// Every page, the largest the API serves: for commands that need all.
    pub fn every() -> ListArgs {
        ListArgs { limit: payctl_wire::page::MAX_LIMIT, cursor: None, all: true }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_tree_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }

    /// Parsing one command builds only its own part of the tree: the other
    /// commands' arguments and verbs are never made.
    #[test]
    fn a_command_line_builds_only_the_command_it_names() {
        use clap::CommandFactory;
        let mut root = super::Cli::command();
        let matches = root.try_get_matches_from_mut(["payctl", "sandbox", "--in-memory"]).unwrap();
        assert!(matches.subcommand_matches("sandbox").unwrap().get_flag("in_memory"));
        let built = |name: &str| {
            let sub = root.find_subcommand(name).unwrap();
            sub.get_arguments().any(|a| !a.is_global_set()) || sub.has_subcommands()
        };
        assert!(built("sandbox"));
        for other in ["customers", "transfer", "webhooks", "proxy", "config", "login"] {
            assert!(!built(other), "{other} was built");
        }
        let mut whole = super::Cli::command();
        whole.build();
        assert!(whole.find_subcommand("customers").unwrap().has_subcommands(), "help and completion see every verb");
    }

    /// `--help` explains every argument and flag of every command: what it
    /// is and, for an id, where to find one.
    #[test]
    fn every_argument_has_help() {
        use clap::CommandFactory;
        let mut missing = Vec::new();
        let mut root = super::Cli::command();
        // Every command's arguments, the deferred ones included.
        root.build();
        let mut queue = vec![(String::from("payctl"), root)];
        while let Some((path, command)) = queue.pop() {
            for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {}", arg.get_id()));
                }
            }
            for sub in command.get_subcommands() {
                queue.push((format!("{path} {}", sub.get_name()), sub.clone()));
            }
        }
        assert!(missing.is_empty(), "arguments without help: {missing:#?}");
    }
}
