//! Snapshots: an application's world as one portable JSON document
//! (`payctl-snapshot/1`), and loading one into a new application.
//!
//! The document is table-shaped: each table of the world
//! (`store::fork::COPIED`) as its columns and rows, at the database schema
//! version named in `schema`, with row ids renumbered from 1 per table so
//! that the document depends on nothing but the world (save, load, save
//! again: the same document apart from public ids and the clock). Columns a
//! sandbox sets as it loads (the application, the partner) and secrets
//! (webhook signing secrets; API keys and passwords are never part of a
//! world) are left out. Loading stages the rows in temporary tables and
//! copies them as a fork copies an application, so a loaded world gets new
//! ids (mapped in the answer), new secrets and one new key.
//!
//! Compatibility: a sandbox loads every snapshot of its format version or
//! older, and of its schema version or older. A column added by a later
//! migration takes its default when an older snapshot leaves it out; a
//! migration that changes what a copied column means adds a step to
//! [`UPGRADES`], run on older documents before they are staged. A newer
//! format or schema is refused, naming both versions.

use std::collections::HashMap;

use payctl_domain::time::Timestamp;
use payctl_wire::sandbox::{Forked, SNAPSHOT_FORMAT, Snapshot, SnapshotApplication, SnapshotTable};
use rusqlite::types::Value;
use serde_json::Value as Json;

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::fork::{InForce, Into, NewWorld};
use crate::secrets::MasterKey;
use crate::store::fork::{COPIED, Column, Source, TableRows};
use crate::store::{self};

/// The format version this sandbox writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// The largest document `POST /sandbox/snapshot` loads, in bytes: a world
/// of 1,000 customers with a transaction in flight each is 2.4 MiB, so
/// this holds several thousand with their flows' history. One partner
/// loads one document at a time (`http::body`).
pub const BODY_LIMIT: usize = 32 * 1024 * 1024;

/// A change of a copied table's meaning made by a later schema, applied to
/// documents of older schemas before they load: (the schema version that
/// made the change, the step). None yet: every schema since snapshots exist
/// (22) only adds what its defaults fill.
type Upgrade = fn(&mut Snapshot) -> Result<(), String>;
const UPGRADES: &[(u32, Upgrade)] = &[];

fn made_by() -> String {
    format!("payctl {}", env!("CARGO_PKG_VERSION"))
}

/// Application `app`'s world as a snapshot; `clock` is its clock now.
pub fn take(conn: &Conn<'_>, app: i64, clock: Timestamp) -> Result<Snapshot, ApiError> {
    // Every table as of one moment. On a SQLite file, each statement
    // outside a transaction reads the database as of its own start, and a
    // flow that completes between two tables' reads (its ledger entry
    // committed after the entries were read, before the postings were) left
    // a posting naming an entry the snapshot did not hold. (A read on
    // PostgreSQL is one repeatable-read transaction already.)
    let moment = conn.sqlite().map(rusqlite::Connection::unchecked_transaction).transpose()?;
    let (_, application) = store::applications::by_id(conn, app)?;
    let mut tables = store::fork::world_rows(conn, app)?;
    if let Some(moment) = moment {
        moment.finish()?;
    }
    renumber(&mut tables)?;
    let tables = tables
        .into_iter()
        .map(|t| {
            let rows =
                t.rows.into_iter().map(|row| row.into_iter().map(to_json).collect()).collect::<Result<_, _>>()?;
            Ok((t.table.to_owned(), SnapshotTable { columns: t.columns, rows }))
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(Snapshot {
        format: SNAPSHOT_FORMAT.to_owned(),
        schema: u32::try_from(crate::db::LATEST_VERSION).unwrap_or(u32::MAX),
        made_by: made_by(),
        application: SnapshotApplication { id: application.id, name: application.name, clock: clock.to_rfc3339() },
        redacted: false,
        tables,
    })
}

/// Row ids from 1 per table, in row order, and the columns naming rows
/// renumbered alike.
fn renumber(tables: &mut [TableRows]) -> Result<(), ApiError> {
    let mut numbers: HashMap<&'static str, HashMap<i64, i64>> = HashMap::new();
    for t in tables.iter_mut() {
        let id = column(t, "id")?;
        let mut map = HashMap::with_capacity(t.rows.len());
        for (n, row) in t.rows.iter_mut().enumerate() {
            let Value::Integer(old) = row[id] else { return Err(ApiError::internal("a row id is not an integer")) };
            let new = i64::try_from(n).unwrap_or(i64::MAX) + 1;
            map.insert(old, new);
            row[id] = Value::Integer(new);
        }
        numbers.insert(t.table, map);
    }
    for t in tables.iter_mut() {
        let spec = COPIED.iter().find(|c| c.name == t.table).ok_or_else(|| ApiError::internal("unknown table"))?;
        for (name, kind) in spec.columns {
            let Column::Row(target) = kind else { continue };
            let i = column(t, name)?;
            let map = &numbers[target];
            for row in &mut t.rows {
                if let Value::Integer(old) = row[i] {
                    row[i] = Value::Integer(*map.get(&old).ok_or_else(|| {
                        ApiError::internal(format!("{}.{name} names a row outside the world", t.table))
                    })?);
                }
            }
        }
    }
    Ok(())
}

fn column(t: &TableRows, name: &str) -> Result<usize, ApiError> {
    t.columns.iter().position(|c| c == name).ok_or_else(|| ApiError::internal(format!("{} has no {name}", t.table)))
}

fn to_json(value: Value) -> Result<Json, ApiError> {
    Ok(match value {
        Value::Null => Json::Null,
        Value::Integer(i) => Json::from(i),
        Value::Text(t) => Json::String(t),
        Value::Real(_) | Value::Blob(_) => return Err(ApiError::internal("a world holds a value a snapshot cannot")),
    })
}

fn from_json(table: &str, value: Json) -> Result<Value, ApiError> {
    Ok(match value {
        Json::Null => Value::Null,
        Json::String(t) => Value::Text(t),
        Json::Number(n) if n.is_i64() => Value::Integer(n.as_i64().unwrap_or_default()),
        other => {
            return Err(ApiError::invalid_field(
                "tables",
                "invalid",
                format!("{table} holds {other}; values are integers, text or null"),
            ));
        }
    })
}

/// Refuses a document this sandbox cannot read: another kind of file, or
/// a newer format or schema (naming both versions).
pub fn readable(snapshot: &Snapshot) -> Result<(), ApiError> {
    let ours = format!("this sandbox ({}) reads {SNAPSHOT_FORMAT} and older", made_by());
    let Some(version) = snapshot.format.strip_prefix("payctl-snapshot/").and_then(|v| v.parse::<u32>().ok()) else {
        return Err(ApiError::invalid_field(
            "format",
            "invalid",
            format!("{:?} is not a payctl snapshot format (e.g. {SNAPSHOT_FORMAT})", snapshot.format),
        ));
    };
    let schema = u32::try_from(crate::db::LATEST_VERSION).unwrap_or(u32::MAX);
    if version > FORMAT_VERSION || snapshot.schema > schema {
        return Err(ApiError::invalid_field(
            "format",
            "too_new",
            format!(
                "the snapshot is {} (schema {}), made by {}; {ours} (schema {schema}): load it with that version \
                 or a later one",
                snapshot.format, snapshot.schema, snapshot.made_by
            ),
        ));
    }
    Ok(())
}

/// Where a snapshot is loaded.
pub enum Destination {
    /// A new TEST application of this partner, named so (by default after
    /// the snapshot's application).
    New { partner_id: i64, name: Option<String> },
    /// An existing TEST application holding no records yet.
    Existing(i64),
}

/// Loads a snapshot. Its application's clock starts at the snapshot's, or
/// at the global clock `global_now` if that is later (a clock never runs
/// behind the sandbox's).
pub fn load(
    conn: &Conn<'_>,
    master: &MasterKey,
    mut snapshot: Snapshot,
    destination: Destination,
    global_now: Timestamp,
) -> Result<(Forked, InForce), ApiError> {
    readable(&snapshot)?;
    for (schema, step) in UPGRADES {
        if snapshot.schema < *schema {
            step(&mut snapshot).map_err(|e| ApiError::invalid_field("tables", "invalid", e))?;
        }
    }
    let clock = Timestamp::parse_rfc3339(&snapshot.application.clock)
        .ok_or_else(|| ApiError::invalid_field("application.clock", "invalid", "must be an ISO 8601 date-time"))?;
    let offset = (clock.millis() - global_now.millis()).max(0);
    let mut tables = Vec::with_capacity(snapshot.tables.len());
    for (table, content) in snapshot.tables {
        let name = COPIED.iter().find(|t| t.name == table).map(|t| t.name).ok_or_else(|| {
            ApiError::invalid_field("tables", "invalid", format!("{table} is not a table of a world"))
        })?;
        let rows = content
            .rows
            .into_iter()
            .map(|row| row.into_iter().map(|v| from_json(name, v)).collect::<Result<Vec<_>, _>>())
            .collect::<Result<_, _>>()?;
        tables.push(TableRows { table: name, columns: content.columns, rows });
    }
    store::fork::stage(conn, &tables)?;
    let into = match destination {
        Destination::New { partner_id, name } => {
            Into::New { partner_id, name: name.unwrap_or_else(|| crate::fork::fork_name(&snapshot.application.name)) }
        }
        Destination::Existing(app) => Into::Existing(app),
    };
    let new =
        NewWorld { source: Source::Staged, original_id: snapshot.application.id, into, clock_offset_millis: offset };
    let made = crate::fork::make(conn, master, new, global_now.plus_millis(offset))?;
    // Only after a success: PostgreSQL runs nothing more in a transaction a
    // statement failed in, and the write's rollback drops the staged tables
    // anyway (the next staging drops any left).
    store::fork::unstage(conn)?;
    Ok(made)
}

/// Personal data a redacted snapshot replaces: (table, column, kind).
const PERSONAL: &[(&str, &str, Kind)] = &[
    ("customers", "legal_name", Kind::Name),
    ("customers", "email", Kind::Email),
    ("customers", "tax_id", Kind::Token),
    ("beneficiaries", "full_name", Kind::Name),
    ("beneficiaries", "gov_id_ref", Kind::Token),
    ("beneficiaries", "iban", Kind::Iban("bank_country")),
    ("beneficiaries", "address", Kind::Address("network")),
    ("accounts", "address", Kind::Address("network")),
    ("transfers", "source_address", Kind::Address("source_network")),
    ("transfers", "destination_address", Kind::Address("destination_network")),
];

#[derive(Debug, Clone, Copy)]
enum Kind {
    Name,
    Email,
    Token,
    /// An IBAN of the country in this sibling column (else its own).
    Iban(&'static str),
    /// An address valid on the network in this sibling column.
    Address(&'static str),
}

/// Replaces the snapshot's personal data with synthetic values of the
/// same kind that still validate (IBANs of the same country with correct
/// check digits, addresses valid on their network, as `payctl logs export`
/// makes them), derived from where they go, so one snapshot always
/// redacts to the same document. A value that appears elsewhere (in an
/// event's payload) is replaced there by the same synthetic value.
pub fn redact(snapshot: &mut Snapshot) {
    let mut replaced: HashMap<String, String> = HashMap::new();
    for (table, column, kind) in PERSONAL {
        let Some(t) = snapshot.tables.get_mut(*table) else { continue };
        let Some(i) = t.columns.iter().position(|c| c == column) else { continue };
        let sibling = |name: &str| t.columns.iter().position(|c| c == name);
        let (country, network) = match kind {
            Kind::Iban(s) => (sibling(s), None),
            Kind::Address(s) => (None, sibling(s)),
            _ => (None, None),
        };
        let email_key = sibling("email_key");
        for (n, row) in t.rows.iter_mut().enumerate() {
            let Some(old) = row[i].as_str().map(str::to_owned) else { continue };
            let entropy = entropy(&format!("{table}.{column}#{n}"));
            let new = match kind {
                Kind::Name => format!("Synthetic {} {}", title(table), crate::secrets::hex(&entropy[..4])),
                Kind::Email => format!("{}-{}@example.com", singular(table), crate::secrets::hex(&entropy[..6])),
                Kind::Token => format!("synthetic-{}", crate::secrets::hex(&entropy[..8])),
                Kind::Iban(_) => {
                    let own = payctl_domain::iban::Iban::parse(&old).ok().map(|i| i.country().to_owned());
                    let country = country.and_then(|c| row[c].as_str().map(str::to_owned)).or(own);
                    match country.and_then(|c| payctl_domain::iban::generate(&c, &entropy)) {
                        Some(iban) => iban.to_string(),
                        None => continue,
                    }
                }
                Kind::Address(_) => {
                    let net = network.and_then(|c| row[c].as_str()).and_then(payctl_domain::address::Network::parse);
                    match net {
                        Some(net) => payctl_domain::address::generate(net, &entropy),
                        None => continue,
                    }
                }
            };
            if let (Kind::Email, Some(k)) = (kind, email_key) {
                row[k] = Json::String(payctl_domain::text::uniqueness_key(&new));
            }
            row[i] = Json::String(new.clone());
            replaced.insert(old, new);
        }
    }
    // The same values where records carry copies of them (event payloads).
    for table in ["events", "flow_states"] {
        let Some(t) = snapshot.tables.get_mut(table) else { continue };
        for row in &mut t.rows {
            for value in row.iter_mut() {
                let Some(text) = value.as_str() else { continue };
                if let Ok(mut json) = serde_json::from_str::<Json>(text)
                    && json.is_object()
                {
                    if swap_strings(&mut json, &replaced) {
                        *value = Json::String(json.to_string());
                    }
                } else if let Some(new) = replaced.get(text) {
                    *value = Json::String(new.clone());
                }
            }
        }
    }
    snapshot.redacted = true;
}

/// Replaces every string of `json` found in `replaced`; whether any was.
fn swap_strings(json: &mut Json, replaced: &HashMap<String, String>) -> bool {
    match json {
        Json::String(s) => match replaced.get(s.as_str()) {
            Some(new) => {
                *s = new.clone();
                true
            }
            None => false,
        },
        // Every item is visited: `count`, not a short-circuiting `any`.
        Json::Array(items) => {
            items.iter_mut().map(|item| swap_strings(item, replaced)).filter(|&swapped| swapped).count() > 0
        }
        Json::Object(map) => {
            map.values_mut().map(|item| swap_strings(item, replaced)).filter(|&swapped| swapped).count() > 0
        }
        _ => false,
    }
}

fn entropy(place: &str) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(format!("payctl snapshot redaction\n{place}").as_bytes()).into()
}

fn singular(table: &str) -> &str {
    match table {
        "beneficiaries" => "beneficiary",
        other => other.strip_suffix('s').unwrap_or(other),
    }
}

fn title(table: &str) -> String {
    let one = singular(table);
    let mut chars = one.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}
