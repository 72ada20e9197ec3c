//! Forks: a new TEST application of the same partner holding a copy of
//! another's world, made in one write transaction.
//!
//! Public ids are unique across the whole service (as in production, where
//! a partner's code may key its own records by them across applications),
//! so every copied record gets a new id of the same shape, minted in the
//! original's order so that lists page alike; the answer maps each
//! original id to its copy's. Text that names ids (event payloads, flow
//! timelines, pending moves, fault rules, drills) names the copies. Webhook
//! endpoints get new signing secrets, and the fork one new API key. Request
//! logs, deliveries, idempotency keys and API keys stay with the original
//! (`store::fork::NOT_COPIED`). Pending moves are copied with their due
//! times, so each world's flows complete on their own clock.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use payctl_domain::time::Timestamp;
use payctl_wire::applications::Environment;
use payctl_wire::sandbox::{ApplicationDeleted, Forked};

use crate::auth::api_keys::{self, StoredKey};
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::faults::{self, Rule};
use crate::secrets::MasterKey;
use crate::store::fork::{Left, Source, Target};
use crate::store::{self, api_keys::KeyApplication};
use crate::{ids, webhooks};

/// The longest application name (as `POST /v1/applications` allows).
const MAX_NAME_CHARS: usize = 128;

/// The most TEST applications a partner holds for a fork or a snapshot
/// load to make another (409 `APPLICATION_LIMIT` beyond). Each holds a
/// whole world in the shared database; a suite that forks per test deletes
/// its forks as its tests end ([`delete`]).
pub const MAX_TEST_APPLICATIONS: i64 = 100;

/// What the caller puts in force once the fork is committed.
pub struct InForce {
    pub application_id: i64,
    pub clock_offset_millis: i64,
    /// The new application's key (none when loaded into an existing one).
    pub key: Option<StoredKey>,
    pub rules: faults::Change,
}

/// Forks application `from` (a TEST application) into a new one named
/// `name` (by default the original's, marked as a fork).
pub fn fork(
    conn: &Conn<'_>,
    master: &MasterKey,
    from: i64,
    name: Option<&str>,
    now: Timestamp,
) -> Result<(Forked, InForce), ApiError> {
    let (partner_id, original) = store::applications::by_id(conn, from)?;
    let name = match name {
        Some(name) => name.to_owned(),
        None => fork_name(&original.name),
    };
    let new = NewWorld {
        source: Source::Application(from),
        original_id: original.id,
        into: Into::New { partner_id, name },
        clock_offset_millis: store::applications::clock_offset(conn, from)?,
    };
    make(conn, master, new, now)
}

/// The default name of a copy of `original`.
pub fn fork_name(original: &str) -> String {
    format!("{original} (fork)").chars().take(MAX_NAME_CHARS).collect()
}

/// Where a world goes and where it comes from.
pub struct NewWorld {
    pub source: Source,
    /// The public id of the application the world was taken from.
    pub original_id: String,
    pub into: Into,
    /// The clock offset the world's application gets (an existing one
    /// keeps its own if that is later: time never goes back).
    pub clock_offset_millis: i64,
}

/// The application a world goes into.
pub enum Into {
    /// A new TEST application of this partner, with a new key.
    New { partner_id: i64, name: String },
    /// An existing TEST application that holds no records yet.
    Existing(i64),
}

/// Makes the new TEST application, copies the world into it with new ids,
/// new webhook secrets and one new key.
pub fn make(conn: &Conn<'_>, master: &MasterKey, new: NewWorld, now: Timestamp) -> Result<(Forked, InForce), ApiError> {
    let NewWorld { source, original_id, into, clock_offset_millis } = new;
    let is_new = matches!(into, Into::New { .. });
    let (to, partner_id, application, clock_offset_millis) = match into {
        Into::New { partner_id, name } => {
            let held = store::fork::test_applications(conn, partner_id)?;
            if held >= MAX_TEST_APPLICATIONS {
                return Err(ApiError::conflict(
                    payctl_wire::error::ErrorCode::ApplicationLimit,
                    format!(
                        "the partner holds {held} TEST applications, the most a fork or a snapshot load may add to \
                         ({MAX_TEST_APPLICATIONS}); delete those no longer needed with DELETE \
                         /sandbox/applications/{{application_id}}"
                    ),
                ));
            }
            let (to, application) = store::applications::insert(conn, partner_id, &name, Environment::Test, now)?;
            (to, partner_id, application, clock_offset_millis)
        }
        Into::Existing(to) => {
            if !store::fork::is_empty(conn, to)? {
                return Err(ApiError::conflict(
                    payctl_wire::error::ErrorCode::Conflict,
                    "the application already holds records; load the snapshot into a new application (leave out \
                     application_id)",
                ));
            }
            let (partner_id, application) = store::applications::by_id(conn, to)?;
            (to, partner_id, application, clock_offset_millis.max(store::applications::clock_offset(conn, to)?))
        }
    };
    store::applications::set_clock_offset(conn, to, clock_offset_millis)?;

    let columns = store::fork::world_ids(conn, source)?;
    let mut map = HashMap::with_capacity(1 + columns.iter().map(Vec::len).sum::<usize>());
    map.insert(original_id.clone(), application.id.clone());
    for id in columns.into_iter().flatten() {
        let new = ids::like(&id);
        map.insert(id, new);
    }
    let map = Arc::new(map);
    let copied = store::fork::copy(conn, source, Target { application_id: to, partner_id }, map.clone())?;
    let map = Arc::try_unwrap(map).unwrap_or_else(|shared| (*shared).clone());

    let mut webhook_secrets = BTreeMap::new();
    for (row_id, public_id) in copied.webhook_endpoints {
        let secret = webhooks::new_secret();
        let sealed = webhooks::seal(master, &public_id, &secret);
        store::webhooks::set_sealed_secret(conn, row_id, &sealed, &webhooks::hint(&secret))?;
        webhook_secrets.insert(public_id, secret);
    }

    let key_app = KeyApplication {
        id: to,
        public_id: application.id.clone(),
        partner_id,
        environment: Environment::Test,
        active: true,
    };
    let (api_key, key) = if is_new {
        let (created, stored) =
            store::api_keys::insert(conn, &key_app, api_keys::mint(Environment::Test), Some("fork"), None, now)?;
        (Some(created), Some(stored))
    } else {
        (None, None)
    };
    let added =
        store::fault_rules::of_application(conn, to)?.into_iter().map(Rule::from_row).collect::<Result<_, _>>()?;
    let forked = Forked {
        application,
        api_key,
        forked_from: original_id,
        ids: map.into_iter().collect(),
        webhook_secrets: Some(webhook_secrets),
        copied: copied
            .rows
            .into_iter()
            .map(|(table, n)| (table.to_owned(), i64::try_from(n).unwrap_or(i64::MAX)))
            .collect(),
        not_copied: store::fork::NOT_COPIED
            .iter()
            .filter(|(_, why)| matches!(why, Left::History | Left::Secret))
            .map(|(table, _)| (*table).to_owned())
            .collect(),
    };
    let in_force =
        InForce { application_id: to, clock_offset_millis, key, rules: faults::Change { added, removed: vec![] } };
    Ok((forked, in_force))
}

/// Whether TEST application `app` may be deleted: a LIVE one never (403),
/// nor the ready line's TEST application (409: every start prints its new
/// key).
pub fn deletable(conn: &Conn<'_>, app: i64) -> Result<(), ApiError> {
    let (_, application) = store::applications::by_id(conn, app)?;
    if application.environment != Environment::Test {
        return Err(ApiError::forbidden("a LIVE application behaves like production: it is never deleted"));
    }
    if store::settings::get(conn, store::settings::SEED_TEST_APPLICATION)?.as_deref() == Some(&application.id) {
        return Err(ApiError::conflict(
            payctl_wire::error::ErrorCode::Conflict,
            "the ready line's TEST application is kept (each start gives it a new key); delete the forks and \
             applications made since",
        ));
    }
    Ok(())
}

/// Deletes TEST application `app` and everything of it: its world, its
/// keys, request logs, deliveries and stored answers. Answers what was
/// deleted and the row ids of its fault rules, for the caller to drop.
pub fn delete(conn: &Conn<'_>, app: i64) -> Result<(ApplicationDeleted, Vec<i64>), ApiError> {
    deletable(conn, app)?;
    let (_, application) = store::applications::by_id(conn, app)?;
    let rules = store::fault_rules::of_application(conn, app)?.into_iter().map(|r| r.id).collect();
    let deleted = store::fork::delete(conn, app, &crate::idempotency::application_scope(&application.id))?;
    let deleted = deleted.into_iter().map(|(t, n)| (t.to_owned(), i64::try_from(n).unwrap_or(i64::MAX))).collect();
    Ok((ApplicationDeleted { id: application.id, deleted }, rules))
}
