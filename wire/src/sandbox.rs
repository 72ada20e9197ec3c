//! The sandbox-only control API (`/sandbox/...`) and the ready line.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{AssetCode, PositiveDecimal, one_of};

/// The single JSON line `payctl sandbox --json` prints on stdout once it
/// serves requests. Scripts read it to find the sandbox and its credentials.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ReadyLine {
    pub base_url: String,
    pub auth_url: String,
    /// The web console: sign in with `username` and `password`.
    pub console_url: String,
    pub client_id: String,
    pub username: String,
    pub password: String,
    pub partner_id: String,
    pub test_application_id: String,
    pub test_api_key: String,
    pub live_application_id: String,
    pub live_api_key: String,
    /// Bearer token for the `/sandbox/...` control routes; new on every start.
    pub control_token: String,
    /// `memory` or the path of the database file.
    pub database: String,
    pub version: String,
}

/// Body of `POST /sandbox/users`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateUser {
    /// Login name, 3 to 128 characters once surrounding white space is
    /// trimmed, unique (case-insensitive). No control or bidirectional
    /// formatting character; the document asks for plain spaces around.
    #[schema(
        pattern = r"^ *[^\s\x00-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\x00-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]{1,126}[^\s\x00-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069] *$"
    )]
    pub username: String,
    /// At least 8 characters and at most 1024 bytes of UTF-8.
    #[schema(min_length = 8, max_length = 1024)]
    pub password: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct User {
    pub id: String,
    pub username: String,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// Response header carrying the time of the clock that applies to the
/// caller (its application's clock for an API key, the global clock
/// otherwise), ISO 8601 with milliseconds. Clients that count down to an
/// `expires_at` read the server's time from it.
pub const SANDBOX_CLOCK_HEADER: &str = "x-sandbox-clock";

/// Where the sandbox takes webhook deliveries itself (answering 204 and
/// keeping nothing): where `payctl fixtures run` points a replay's
/// endpoints, so a replay never posts to the servers it was recorded with.
pub const WEBHOOK_SINK_PATH: &str = "/sandbox/webhook-sink";

/// Marks a `GET` as a read `payctl` makes on its own behalf (`logs tail`,
/// `trigger`, `review`...), signed for that one request with the key it
/// sends (`payctl_domain::tool_read`): the sandbox then neither logs,
/// faults, rate-limits nor judges it. Writes are always the integration's;
/// a service without this header treats the read like any other.
pub const TOOL_HEADER: &str = "x-sandbox-tool";

/// A sandbox clock: the one that applies to the caller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Clock {
    /// Current time of this clock, ISO 8601 with milliseconds.
    #[schema(format = DateTime)]
    pub now: String,
    /// How far this clock runs ahead of real time, in seconds (the global
    /// offset plus, for a TEST application, its own).
    pub offset_seconds: i64,
    /// `application` (one application's clock) or `global` (the operator's
    /// offset, which every application follows).
    pub scope: String,
    /// The application whose clock this is; null for the global clock.
    pub application_id: Option<String>,
    /// The operator's offset every application follows, in seconds.
    pub global_offset_seconds: i64,
}

/// Body of `POST /sandbox/clock/advance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdvanceClock {
    /// Seconds to move forward, 1 to 31,536,000 (one year) per call.
    #[schema(minimum = 1, maximum = 31_536_000)]
    pub seconds: i64,
    /// Control token only: the TEST application to advance. Without it the
    /// control token advances every application (the global offset). A TEST
    /// key always advances its own application.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Health {
    /// Always `ok` when the sandbox answers.
    pub status: String,
    pub version: String,
}

/// `GET /ready`: this process can serve requests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Ready {
    /// Always `ready` (a process that is not answers 503).
    pub status: String,
    pub version: String,
    /// The schema version its database holds: the one this version serves.
    pub schema: u32,
}

one_of! {
    /// Where a rate comes from: `table` (the built-in rate), `global` (the
    /// operator's override for every application) or `application` (the
    /// application's own override).
    RateOrigin = [Table = "table", Global = "global", Application = "application"]
}

/// One exchange rate the sandbox quotes with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Rate {
    pub source: String,
    pub destination: String,
    /// Destination units per source unit, an exact decimal string.
    pub rate: String,
    pub origin: RateOrigin,
}

/// Answer of `GET /sandbox/rates`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Rates {
    pub data: Vec<Rate>,
}

/// Query of the control routes that act on one application or all:
/// `GET /sandbox/clock`, `GET` and `DELETE /sandbox/rates`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApplicationScope {
    /// Control token only: one TEST application instead of every
    /// application. A TEST key always acts on its own application.
    pub application_id: Option<String>,
}

/// Body of `PUT /sandbox/rates`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetRate {
    #[schema(value_type = AssetCode)]
    pub source: String,
    /// Must differ from `source`.
    #[schema(value_type = AssetCode)]
    pub destination: String,
    /// A positive exact decimal, at most 18 decimal places.
    #[schema(value_type = PositiveDecimal)]
    pub rate: String,
    /// Control token only: the TEST application whose rate this is.
    /// Without it the control token sets the rate for every application
    /// (an application's own override still wins). A TEST key always sets
    /// its own application's rate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_id: Option<String>,
}

/// The answer of `POST /sandbox/reset`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ResetDone {
    /// Rows deleted per table; tables with none are left out.
    pub deleted: std::collections::BTreeMap<String, i64>,
    /// Sandbox time, kept by a reset (ISO 8601 with milliseconds).
    #[schema(format = DateTime)]
    pub now: String,
}

/// Body of `POST /sandbox/fork`; may be empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ForkApplication {
    /// Control token only (then required): the TEST application to fork.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_id: Option<String>,
    /// Default: the original's name followed by ` (fork)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(min_length = 1, max_length = 128)]
    pub name: Option<String>,
}

/// The answer of `POST /sandbox/fork`: a new TEST application of the same
/// partner holding a copy of the original's world.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Forked {
    pub application: crate::applications::Application,
    /// A key of the new application, its secret shown this once; null
    /// when a snapshot was loaded into an existing application.
    pub api_key: Option<crate::applications::CreatedApiKey>,
    /// The application whose world was copied.
    pub forked_from: String,
    /// Every public id of the original's world (the application itself,
    /// customers, beneficiaries, accounts, quotes, transactions, payments,
    /// transfers and swaps, events, ledger entries, webhook endpoints,
    /// fault rules, markups) mapped to the id of its copy. Ids are unique
    /// across the whole service, as in production, so every copy has a new
    /// one, minted in the original's order (lists page in the same order).
    pub ids: std::collections::BTreeMap<String, String>,
    /// The new signing secret of each of the fork's webhook endpoints (by
    /// the fork's endpoint id): a copy never signs with the original's
    /// secret. Shown this once; null on an idempotent replay.
    pub webhook_secrets: Option<std::collections::BTreeMap<String, String>>,
    /// Rows copied, per table; tables with none are left out.
    pub copied: std::collections::BTreeMap<String, i64>,
    /// What is not copied, as it is history rather than state or a
    /// secret: request logs, webhook deliveries and their attempts,
    /// idempotency keys, API keys.
    pub not_copied: Vec<String>,
}

/// The answer of `DELETE /sandbox/applications/{application_id}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ApplicationDeleted {
    pub id: String,
    /// Rows deleted per table.
    pub deleted: std::collections::BTreeMap<String, i64>,
}

/// The format every snapshot this version writes names.
pub const SNAPSHOT_FORMAT: &str = "payctl-snapshot/1";

/// An application's world as one portable JSON document
/// (`GET /sandbox/snapshot`), loaded by `POST /sandbox/snapshot` into a new
/// application of any sandbox of this version or a later one. It holds no
/// secret: no API key, no webhook signing secret, no password hash.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Snapshot {
    /// `payctl-snapshot/1`.
    pub format: String,
    /// The database schema version `tables` follows.
    pub schema: u32,
    /// e.g. `payctl 0.1.0`.
    pub made_by: String,
    pub application: SnapshotApplication,
    /// Personal data replaced by synthetic values.
    pub redacted: bool,
    /// Each table of the world as its columns and rows.
    #[schema(value_type = Object)]
    pub tables: std::collections::BTreeMap<String, SnapshotTable>,
}

/// The application a snapshot was taken of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SnapshotApplication {
    pub id: String,
    pub name: String,
    /// Its clock when the snapshot was taken.
    #[schema(format = DateTime)]
    pub clock: String,
}

/// One table of a snapshot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SnapshotTable {
    pub columns: Vec<String>,
    /// Integers, text or null, in the order of `columns`.
    #[schema(value_type = Vec<Vec<Object>>)]
    pub rows: Vec<Vec<serde_json::Value>>,
}

/// Query of `GET /sandbox/snapshot`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SnapshotQuery {
    /// Control token only, and then required: the TEST application.
    pub application_id: Option<String>,
    /// Synthetic names, e-mail addresses, IBANs, addresses and tax ids.
    pub redact: Option<bool>,
}

/// Query of `POST /sandbox/snapshot`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LoadSnapshotQuery {
    /// Control token only: the new application's partner.
    pub partner_id: Option<String>,
    /// Load into this TEST application, which holds no records yet.
    pub application_id: Option<String>,
    /// The new application's name (default: the snapshot's application's).
    #[param(min_length = 1, max_length = 128, pattern = r"\S")]
    pub name: Option<String>,
}
