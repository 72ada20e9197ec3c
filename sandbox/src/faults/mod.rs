//! Fault injection: rules that make the sandbox fail the way production
//! does, on purpose, for a TEST application's API requests ([`requests`])
//! and webhook deliveries.
//!
//! A rule ([`rules::Spec`]) matches requests (by operation, method, path)
//! or deliveries (by event type and endpoint), and fires as
//! [`payctl_domain::faults::Firing`] decides: after `skip` matches, at most
//! `times` times, each match with `probability` drawn from a generator
//! seeded with `seed`. Rules belong to one TEST application, or (global,
//! the operator's) to every TEST application; LIVE applications never meet
//! one. Of the rules that match a request, the oldest that fires applies;
//! the others do not see that request. A delivery is shaped the same way
//! by one rule at most, but every rule that adds a delivery of its own (a
//! duplicate, a probe) fires beside it ([`fire_delivery`]); a per-endpoint
//! delivery rule counts each endpoint's deliveries apart.
//!
//! The rules live in the database (so a file-backed sandbox keeps them) and,
//! while it runs, in [`Faults`]: one snapshot read per request, and nothing
//! more when no rule exists, so an API without rules costs what it did.
//! A rule's counters change in memory under its own lock, which makes them
//! exact under concurrency, and are written to the database after each
//! match.

pub mod drill;
pub mod requests;
pub mod rules;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use payctl_domain::faults::Counters;
use payctl_domain::time::Timestamp;
use tokio::sync::watch;

use crate::error::ApiError;
use crate::store;

pub use rules::{Injected, Matcher, Spec};

/// A rule as the engine holds it.
#[derive(Debug)]
pub struct Rule {
    pub id: i64,
    pub public_id: String,
    /// The application's row id and public id; `None` for a global rule.
    pub application: Option<(i64, String)>,
    pub spec: Spec,
    pub created_at: Timestamp,
    counters: Mutex<Counters>,
}

impl Rule {
    pub fn counters(&self) -> Counters {
        *self.counters.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether it belongs to `application_id` or is global.
    fn applies_to(&self, application_id: i64) -> bool {
        self.application.as_ref().is_none_or(|(id, _)| *id == application_id)
    }

    /// Counts a match; whether the rule fires, and its counters after.
    fn fire(&self) -> (bool, Counters) {
        let mut counters = self.counters.lock().unwrap_or_else(|e| e.into_inner());
        let fired = self.spec.firing.next(&mut counters);
        (fired, *counters)
    }

    /// Counts a match at one endpoint of a per-endpoint rule: that
    /// endpoint's counters (`at`) decide; the rule's own add it to the
    /// totals.
    fn fire_at(&self, at: &mut Counters) -> (bool, Counters) {
        let mut total = self.counters.lock().unwrap_or_else(|e| e.into_inner());
        let before = *at;
        let fired = self.spec.firing.next(at);
        total.matched += at.matched - before.matched;
        total.hits += at.hits - before.hits;
        (fired, *total)
    }
}

/// Whose rules a caller sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every rule (the operator).
    All,
    /// The global rules only.
    Global,
    /// One application's own rules.
    Own(i64),
    /// One application's own rules and the global ones: what applies to it.
    AppliesTo(i64),
}

impl Scope {
    fn holds(self, rule: &Rule) -> bool {
        let app = rule.application.as_ref().map(|(id, _)| *id);
        match self {
            Scope::All => true,
            Scope::Global => app.is_none(),
            Scope::Own(id) => app == Some(id),
            Scope::AppliesTo(id) => app.is_none_or(|a| a == id),
        }
    }
}

/// A rule that fired, with its counters after the match.
#[derive(Debug, Clone)]
pub struct Fired {
    pub rule: Arc<Rule>,
    pub counters: Counters,
}

/// The rules of a running sandbox.
#[derive(Debug)]
pub struct Faults {
    rules: RwLock<Arc<[Arc<Rule>]>>,
    /// Whether any rule exists: the one check a request pays otherwise.
    any: AtomicBool,
    /// Turns true when the sandbox begins to shut down: held requests stop
    /// waiting then.
    stopping: watch::Sender<bool>,
}

impl Default for Faults {
    fn default() -> Self {
        Faults { rules: RwLock::new(Arc::from([])), any: AtomicBool::new(false), stopping: watch::Sender::new(false) }
    }
}

impl Faults {
    /// The stored rules, as the engine holds them.
    pub fn load(conn: &rusqlite::Connection) -> Result<Faults, ApiError> {
        let faults = Faults::default();
        faults.replace(store::fault_rules::all(conn)?)?;
        Ok(faults)
    }

    /// Puts these stored rules in place of the ones held (after a reset).
    pub fn replace(&self, rows: Vec<store::fault_rules::Row>) -> Result<(), ApiError> {
        let rules = rows.into_iter().map(Rule::from_row).collect::<Result<Vec<_>, _>>()?;
        self.set(rules.into_iter().map(Arc::new).collect());
        Ok(())
    }

    fn set(&self, rules: Vec<Arc<Rule>>) {
        let mut held = self.rules.write().unwrap_or_else(|e| e.into_inner());
        self.any.store(!rules.is_empty(), Ordering::Release);
        *held = Arc::from(rules);
    }

    fn snapshot(&self) -> Arc<[Arc<Rule>]> {
        self.rules.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn add(&self, rule: Rule) -> Arc<Rule> {
        let rule = Arc::new(rule);
        let mut rules = self.snapshot().to_vec();
        rules.push(rule.clone());
        self.set(rules);
        rule
    }

    /// Drops these rules (by row id).
    pub fn remove(&self, ids: &[i64]) {
        let rules = self.snapshot().iter().filter(|r| !ids.contains(&r.id)).cloned().collect();
        self.set(rules);
    }

    /// The rules of a scope, oldest first.
    pub fn list(&self, scope: Scope) -> Vec<Arc<Rule>> {
        self.snapshot().iter().filter(|r| scope.holds(r)).cloned().collect()
    }

    pub fn find(&self, public_id: &str) -> Option<Arc<Rule>> {
        self.snapshot().iter().find(|r| r.public_id == public_id).cloned()
    }

    /// The first of `application_id`'s rules (its own and the global ones)
    /// that `matches` and fires. Every matching rule up to it counts the
    /// match.
    pub fn fire(&self, application_id: i64, matches: impl Fn(&Spec) -> bool) -> Option<Fired> {
        if !self.any.load(Ordering::Acquire) {
            return None;
        }
        self.snapshot().iter().filter(|r| r.applies_to(application_id) && matches(&r.spec)).find_map(|rule| {
            let (fired, counters) = rule.fire();
            fired.then(|| Fired { rule: rule.clone(), counters })
        })
    }

    /// Every one of `application_id`'s rules (its own and the global ones)
    /// that `matches`, oldest first; none counts the match.
    pub fn matching(&self, application_id: i64, matches: impl Fn(&Spec) -> bool) -> Vec<Arc<Rule>> {
        if !self.any.load(Ordering::Acquire) {
            return Vec::new();
        }
        self.snapshot().iter().filter(|r| r.applies_to(application_id) && matches(&r.spec)).cloned().collect()
    }

    /// Whether any rule exists.
    pub fn any(&self) -> bool {
        self.any.load(Ordering::Acquire)
    }

    /// Tells held requests that the sandbox is shutting down.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// Resolves when the sandbox begins to shut down.
    pub async fn stopping(&self) {
        let mut stopping = self.stopping.subscribe();
        let _ = stopping.wait_for(|stop| *stop).await;
    }
}

/// Stores a validated rule for an application (`None`: global) and puts it
/// in force.
/// Stores a rule in the caller's write; [`Faults::apply`] puts it in force
/// after the commit.
pub fn store(
    conn: &rusqlite::Connection,
    application: Option<(i64, String)>,
    spec: Spec,
    now: Timestamp,
) -> Result<Rule, ApiError> {
    let app = application.as_ref().map(|(id, _)| *id);
    let public_id = crate::ids::prefixed("flt");
    let id = store::fault_rules::insert(conn, &public_id, app, &serde_json::to_string(&spec)?, now)?;
    Ok(Rule::new(id, public_id, application, spec, now))
}

/// What a committed write changed among the rules: put in force (or out
/// of it) once the write is on disk, never before, so a rule that was not
/// stored never fires.
#[derive(Debug, Default)]
pub struct Change {
    pub added: Vec<Rule>,
    /// Row ids.
    pub removed: Vec<i64>,
}

impl Faults {
    pub fn apply(&self, change: Change) -> Vec<Arc<Rule>> {
        self.remove(&change.removed);
        change.added.into_iter().map(|rule| self.add(rule)).collect()
    }
}

/// Removes rules (by row id) from the database and from force.
pub async fn uninstall(state: &crate::state::AppState, ids: Vec<i64>) -> Result<(), ApiError> {
    let stored = ids.clone();
    state.db.write(move |tx| store::fault_rules::delete(tx, &stored)).await?;
    state.faults.remove(&ids);
    Ok(())
}

/// Counts a delivery to the endpoint `endpoint_id` (row id) that `rule`
/// matches, in the write that decides the delivery; `Some` when the rule
/// fires. A per-endpoint rule's counters for that endpoint are kept in
/// that write; every rule's totals as [`remember`] says.
pub fn fire_delivery(
    conn: &rusqlite::Connection,
    rule: &Arc<Rule>,
    endpoint_id: i64,
) -> Result<Option<Fired>, ApiError> {
    let (fired, counters) = if rule.spec.per_endpoint() {
        let mut at = store::fault_rules::endpoint_counters(conn, rule.id, endpoint_id)?;
        let fired = rule.fire_at(&mut at);
        store::fault_rules::set_endpoint_counters(conn, rule.id, endpoint_id, at)?;
        fired
    } else {
        rule.fire()
    };
    Ok(fired.then(|| Fired { rule: rule.clone(), counters }))
}

/// Writes a fired rule's counters to the database, off the request path:
/// the engine's counters are the truth while the sandbox runs, the stored
/// ones what the next start begins from.
pub fn remember(state: &crate::state::AppState, fired: &Fired) {
    let (id, counters, db) = (fired.rule.id, fired.counters, state.db.clone());
    tokio::spawn(async move {
        if let Err(e) = db.write(move |tx| store::fault_rules::set_counters(tx, id, counters)).await {
            tracing::warn!(error = %e, "cannot record a fault rule's counters");
        }
    });
}

impl Rule {
    fn from_row(row: store::fault_rules::Row) -> Result<Rule, ApiError> {
        let spec: Spec = serde_json::from_str(&row.spec)
            .map_err(|e| ApiError::internal(format!("fault rule {} is not readable: {e}", row.public_id)))?;
        Ok(Rule {
            id: row.id,
            public_id: row.public_id,
            application: row.application,
            spec,
            created_at: row.created_at,
            counters: Mutex::new(row.counters),
        })
    }

    /// A rule just stored.
    pub fn new(id: i64, public_id: String, application: Option<(i64, String)>, spec: Spec, now: Timestamp) -> Rule {
        Rule { id, public_id, application, spec, created_at: now, counters: Mutex::new(Counters::default()) }
    }
}
