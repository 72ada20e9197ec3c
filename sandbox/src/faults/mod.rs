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
//! while it runs, in [`Faults`], found by application: a request reads its
//! own application's rules and the global ones, never another's, and
//! nothing more when no rule exists, so an API without rules costs what it
//! did. A rule's counters change in memory under its own lock, which makes
//! them exact under concurrency; they are stored in the write that stores
//! what counted them, so the database never holds a count without its
//! cause nor the reverse: a delivery's in the write that decides the
//! delivery ([`fire_delivery`]), a request's in the write of its log
//! record ([`record_counters`], by the request log's writer), which the
//! request waits for before it is answered. So a restart, even after a
//! kill, goes on from every match: a `skip` is not skipped again and a
//! `probability` rule's draws do not repeat.
//!
//! Bounds: at most [`RULES_PER_APPLICATION`] rules per application,
//! [`RULES_PER_PARTNER`] across one partner's applications and
//! [`GLOBAL_RULES`] global ones (409 `FAULT_RULE_LIMIT` beyond, nothing
//! stored); a `match.path` of at most [`payctl_wire::faults::MAX_PATH_CHARS`]; and at
//! most [`HELD_PER_PARTNER`] requests one partner holds open with
//! `latency` and `timeout` faults at once.

pub mod drill;
pub mod requests;
pub mod rules;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use payctl_domain::faults::Counters;
use payctl_domain::time::Timestamp;
use tokio::sync::watch;

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::store;

pub use rules::{Aim, DeliveryFault, DeliveryMatch, RequestFault, RequestMatch, Spec};

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

    /// Counts a match (unless the rule is spent): whether it counted it,
    /// whether it fires, and the counters after.
    fn fire(&self) -> (bool, bool, Counters) {
        self.fire_from(None)
    }

    /// [`Rule::fire`] going on from the counters `stored` in the database
    /// (another process may have counted matches since this one did).
    fn fire_from(&self, stored: Option<Counters>) -> (bool, bool, Counters) {
        let mut counters = self.counters.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(stored) = stored {
            *counters = stored;
        }
        let before = counters.matched;
        let fired = self.spec.firing.next(&mut counters);
        (counters.matched != before, fired, *counters)
    }

    /// Counts a match at one endpoint of a per-endpoint rule: that
    /// endpoint's counters (`at`) decide; the rule's own add it to the
    /// totals. Whether it counted the match, whether it fires, and the
    /// totals after.
    fn fire_at(&self, at: &mut Counters) -> (bool, bool, Counters) {
        let mut total = self.counters.lock().unwrap_or_else(|e| e.into_inner());
        let before = *at;
        let fired = self.spec.firing.next(at);
        total.matched += at.matched - before.matched;
        total.hits += at.hits - before.hits;
        (at.matched != before.matched, fired, *total)
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

/// A rule that fired.
#[derive(Debug, Clone)]
pub struct Fired {
    pub rule: Arc<Rule>,
}

/// The rules in force, found by application: one application's own rules
/// and the global ones, each list oldest first, so a request looks at no
/// other application's rules, however many those are.
#[derive(Debug, Clone, Default)]
struct Held {
    global: Arc<[Arc<Rule>]>,
    by_application: HashMap<i64, Arc<[Arc<Rule>]>>,
}

impl Held {
    fn from_rules(rules: Vec<Arc<Rule>>) -> Held {
        let mut global = Vec::new();
        let mut by_application: HashMap<i64, Vec<Arc<Rule>>> = HashMap::new();
        for rule in rules {
            match &rule.application {
                Some((app, _)) => by_application.entry(*app).or_default().push(rule),
                None => global.push(rule),
            }
        }
        Held {
            global: Arc::from(global),
            by_application: by_application.into_iter().map(|(app, rules)| (app, Arc::from(rules))).collect(),
        }
    }

    fn all(&self) -> Vec<Arc<Rule>> {
        let mut all: Vec<Arc<Rule>> =
            self.global.iter().chain(self.by_application.values().flat_map(|r| r.iter())).cloned().collect();
        all.sort_by_key(|r| r.id);
        all
    }

    fn is_empty(&self) -> bool {
        self.global.is_empty() && self.by_application.is_empty()
    }
}

/// The rules of a running sandbox.
#[derive(Debug)]
pub struct Faults {
    rules: RwLock<Held>,
    /// The stored set's version these rules were loaded at, on a database
    /// other processes share (see [`follow`]).
    version: Mutex<Option<(i64, i64)>>,
    /// Whether any rule exists: the one check a request pays otherwise.
    any: AtomicBool,
    /// Turns true when the sandbox begins to shut down: held requests stop
    /// waiting then.
    stopping: watch::Sender<bool>,
    /// Requests each partner holds open with a `latency` or `timeout`
    /// fault right now.
    holding: Arc<Mutex<HashMap<i64, usize>>>,
}

impl Default for Faults {
    fn default() -> Self {
        Faults {
            rules: RwLock::new(Held::default()),
            version: Mutex::new(None),
            any: AtomicBool::new(false),
            stopping: watch::Sender::new(false),
            holding: Arc::default(),
        }
    }
}

/// What a request did to the rules: the rule that fired, if any, with the
/// fault it injects, and every rule that counted the request, with its
/// counters after the match (to be stored, so a restart goes on from them).
#[derive(Debug)]
pub struct Matched<F> {
    pub fired: Option<(Fired, F)>,
    pub counted: Vec<(i64, Counters)>,
}

impl Faults {
    /// The stored rules, as the engine holds them.
    pub fn load(conn: &Conn<'_>) -> Result<Faults, ApiError> {
        let faults = Faults::default();
        faults.replace(store::fault_rules::all(conn)?)?;
        Ok(faults)
    }

    /// Puts these stored rules in place of the ones held (after a reset).
    pub fn replace(&self, rows: Vec<store::fault_rules::Row>) -> Result<(), ApiError> {
        self.replace_at(rows, None)
    }

    /// [`Faults::replace`] with the rules of the stored set's `version`.
    fn replace_at(&self, rows: Vec<store::fault_rules::Row>, version: Option<(i64, i64)>) -> Result<(), ApiError> {
        let rules = rows.into_iter().map(Rule::from_row).collect::<Result<Vec<_>, _>>()?;
        self.change_to(version, |_| rules.into_iter().map(Arc::new).collect());
        Ok(())
    }

    fn snapshot(&self) -> Held {
        self.rules.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The rules that apply to `application_id`: its own and the global
    /// ones, oldest first.
    fn applying_to(&self, application_id: i64) -> Vec<Arc<Rule>> {
        let (global, own) = {
            let held = self.rules.read().unwrap_or_else(|e| e.into_inner());
            (held.global.clone(), held.by_application.get(&application_id).cloned())
        };
        let own = own.unwrap_or_else(|| Arc::from([]));
        let mut merged = Vec::with_capacity(global.len() + own.len());
        let (mut g, mut o) = (global.iter().peekable(), own.iter().peekable());
        loop {
            let next = match (g.peek(), o.peek()) {
                (Some(a), Some(b)) if a.id < b.id => g.next(),
                (Some(_), Some(_)) | (None, Some(_)) => o.next(),
                (Some(_), None) => g.next(),
                (None, None) => break,
            };
            merged.extend(next.cloned());
        }
        merged
    }

    /// Changes the rules held under the write lock, so changes made at
    /// the same time never lose one another.
    fn change(&self, change: impl FnOnce(Vec<Arc<Rule>>) -> Vec<Arc<Rule>>) {
        // The rules held are no longer those of a stored version: the next
        // `follow` reloads them (an emptied table's version is always
        // (0, 0), and a process that added a rule to an empty table and
        // then saw another empty it must not take that for no change).
        self.change_to(None, change);
    }

    /// [`Faults::change`], the rules then being those of the stored set's
    /// `version` (`None`: of none), set under the same lock.
    fn change_to(&self, version: Option<(i64, i64)>, change: impl FnOnce(Vec<Arc<Rule>>) -> Vec<Arc<Rule>>) {
        let mut rules = self.rules.write().unwrap_or_else(|e| e.into_inner());
        *self.version.lock().unwrap_or_else(|e| e.into_inner()) = version;
        let held = Held::from_rules(change(rules.all()));
        self.any.store(!held.is_empty(), Ordering::Release);
        *rules = held;
    }

    pub fn add(&self, rule: Rule) -> Arc<Rule> {
        let rule = Arc::new(rule);
        self.change(|mut all| {
            all.push(rule.clone());
            all
        });
        rule
    }

    /// Drops these rules (by row id).
    pub fn remove(&self, ids: &[i64]) {
        self.change(|all| all.into_iter().filter(|r| !ids.contains(&r.id)).collect());
    }

    /// The rules of a scope, oldest first.
    pub fn list(&self, scope: Scope) -> Vec<Arc<Rule>> {
        match scope {
            Scope::AppliesTo(id) => self.applying_to(id),
            Scope::Own(id) => self.snapshot().by_application.get(&id).map(|r| r.to_vec()).unwrap_or_default(),
            Scope::Global => self.snapshot().global.to_vec(),
            Scope::All => self.snapshot().all(),
        }
    }

    pub fn find(&self, public_id: &str) -> Option<Arc<Rule>> {
        self.snapshot().all().into_iter().find(|r| r.public_id == public_id)
    }

    /// The first of `application_id`'s rules (its own and the global ones)
    /// that applies (`aim` gives the fault it injects) and fires. Every
    /// applying rule up to it counts the match; all of them are in
    /// [`Matched::counted`].
    pub fn fire<F>(&self, application_id: i64, aim: impl Fn(&Spec) -> Option<F>) -> Matched<F> {
        let mut matched = Matched { fired: None, counted: Vec::new() };
        if !self.any.load(Ordering::Acquire) {
            return matched;
        }
        for (rule, fault) in self.applying_to(application_id).iter().filter_map(|r| Some((r, aim(&r.spec)?))) {
            let (counted, fired, counters) = rule.fire();
            if counted {
                matched.counted.push((rule.id, counters));
            }
            if fired {
                matched.fired = Some((Fired { rule: rule.clone() }, fault));
                break;
            }
        }
        matched
    }

    /// Every one of `application_id`'s rules (its own and the global ones)
    /// that applies, with the fault `aim` gives, oldest first; none counts
    /// the match.
    pub fn matching<F>(&self, application_id: i64, aim: impl Fn(&Spec) -> Option<F>) -> Vec<(Arc<Rule>, F)> {
        if !self.any.load(Ordering::Acquire) {
            return Vec::new();
        }
        self.applying_to(application_id).into_iter().filter_map(|r| aim(&r.spec).map(|fault| (r, fault))).collect()
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

    /// A place among the requests `partner_id` holds open with a fault, if
    /// it holds fewer than [`HELD_PER_PARTNER`]; the place is given back
    /// when the returned guard is dropped.
    pub fn hold_for(&self, partner_id: i64) -> Option<Holding> {
        let mut holding = self.holding.lock().unwrap_or_else(|e| e.into_inner());
        let held = holding.entry(partner_id).or_default();
        if *held >= HELD_PER_PARTNER {
            return None;
        }
        *held += 1;
        Some(Holding { holding: self.holding.clone(), partner_id })
    }
}

/// Requests one partner may hold open at once with `latency` and `timeout`
/// faults: each holds a connection (a file descriptor) for up to a minute,
/// and descriptors are shared by every partner.
pub const HELD_PER_PARTNER: usize = 64;

/// One held request's place (see [`Faults::hold_for`]).
#[derive(Debug)]
pub struct Holding {
    holding: Arc<Mutex<HashMap<i64, usize>>>,
    partner_id: i64,
}

impl Drop for Holding {
    fn drop(&mut self) {
        let mut holding = self.holding.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(held) = holding.get_mut(&self.partner_id) {
            *held -= 1;
            if *held == 0 {
                holding.remove(&self.partner_id);
            }
        }
    }
}

/// Stores a validated rule for an application (`None`: global) and puts it
/// in force.
/// Stores a rule in the caller's write; [`Faults::apply`] puts it in force
/// after the commit.
pub fn store(
    conn: &Conn<'_>,
    application: Option<(i64, String)>,
    spec: Spec,
    now: Timestamp,
) -> Result<Rule, ApiError> {
    let app = application.as_ref().map(|(id, _)| *id);
    within_limits(conn, app)?;
    let public_id = crate::ids::prefixed("flt");
    let id = store::fault_rules::insert(conn, &public_id, app, &serde_json::to_string(&spec)?, now)?;
    Ok(Rule::new(id, public_id, application, spec, now))
}

/// Rules one application may have (its own; the global ones apply too).
pub const RULES_PER_APPLICATION: usize = 100;
/// Rules one partner may have across its applications.
pub const RULES_PER_PARTNER: usize = 1_000;
/// Global rules (the operator's) at most.
pub const GLOBAL_RULES: usize = 100;

/// 409 `FAULT_RULE_LIMIT` when one more rule for `app` (`None`: a global
/// one) would pass a bound. Counted in the write that adds it, so rules
/// added at the same time cannot pass it together.
fn within_limits(conn: &Conn<'_>, app: Option<i64>) -> Result<(), ApiError> {
    let full = |message: String| Err(ApiError::new(payctl_wire::error::ErrorCode::FaultRuleLimit, message));
    let Some(app) = app else {
        if store::fault_rules::count_global(conn)? >= GLOBAL_RULES {
            return full(format!(
                "there are {GLOBAL_RULES} global fault rules, the most the sandbox keeps; remove one (DELETE \
                 /sandbox/faults/{{id}}) or clear them (DELETE /sandbox/faults) first"
            ));
        }
        return Ok(());
    };
    let (own, partner) = store::fault_rules::count_for(conn, app)?;
    if own >= RULES_PER_APPLICATION {
        return full(format!(
            "the application has {RULES_PER_APPLICATION} fault rules, the most one may have (a drill adds {}); \
             remove one (DELETE /sandbox/faults/{{id}}) or clear them (DELETE /sandbox/faults) first",
            drill::RULES
        ));
    }
    if partner >= RULES_PER_PARTNER {
        return full(format!(
            "the partner's applications have {RULES_PER_PARTNER} fault rules together, the most one partner may \
             have; remove some of them first"
        ));
    }
    Ok(())
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

/// On a database other processes share, puts the stored rules in place of
/// the ones held when the stored set changed since they were loaded
/// (another process made or removed one): a request reads this before its
/// rules, so a rule made through any process applies on every process to
/// the next request; and the timed loop reads it every 100 ms for the
/// webhook dispatcher's sake.
pub async fn follow(state: &crate::state::AppState) -> Result<(), ApiError> {
    let held = *state.faults.version.lock().unwrap_or_else(|e| e.into_inner());
    load_stored(state, held).await
}

/// On a database other processes share, puts every stored rule, with its
/// stored counters, in place of the ones held, before the rules are listed
/// or removed: another process may have made, removed or counted them.
/// Nothing to do on a database this process alone serves.
pub async fn current(state: &crate::state::AppState) -> Result<(), ApiError> {
    if !state.storage.is_shared() {
        return Ok(());
    }
    load_stored(state, None).await
}

/// Reads the stored rules unless the stored set's version is `held`.
async fn load_stored(state: &crate::state::AppState, held: Option<(i64, i64)>) -> Result<(), ApiError> {
    let (version, rows) = state
        .db
        .read(move |conn| {
            let version = store::fault_rules::version(conn)?;
            let rows = if Some(version) == held { None } else { Some(store::fault_rules::all(conn)?) };
            Ok((version, rows))
        })
        .await?;
    match rows {
        Some(rows) => state.faults.replace_at(rows, Some(version)),
        None => Ok(()),
    }
}

/// [`Faults::fire`] on a database other processes share: each applying
/// rule's counters are the database's, read and stored again in one write
/// (and every process's writes take turns), so a rule skips its `skip`
/// and fires its `times` across all processes together, as on one.
pub async fn fire_shared<F>(
    state: &crate::state::AppState,
    application_id: i64,
    aim: impl Fn(&Spec) -> Option<F>,
) -> Result<Matched<F>, ApiError> {
    let mut applying = state.faults.matching(application_id, aim);
    // Counters only grow: a rule spent by the counters held here is spent
    // in the database too, and needs no write to say so again.
    applying.retain(|(rule, _)| !rule.spec.firing.spent(rule.counters()));
    if applying.is_empty() {
        return Ok(Matched { fired: None, counted: Vec::new() });
    }
    let rules: Vec<Arc<Rule>> = applying.iter().map(|(rule, _)| rule.clone()).collect();
    let (fired_at, counted) = state
        .db
        .write(move |tx| {
            let mut counted = Vec::new();
            for (at, rule) in rules.iter().enumerate() {
                let stored = store::fault_rules::counters(tx, rule.id)?;
                let (was_counted, fired, after) = rule.fire_from(Some(stored));
                if was_counted {
                    store::fault_rules::set_counters(tx, rule.id, after)?;
                    counted.push((rule.id, after));
                }
                if fired {
                    return Ok((Some(at), counted));
                }
            }
            Ok((None, counted))
        })
        .await?;
    let fired = fired_at.map(|at| {
        let (rule, fault) = applying.swap_remove(at);
        (Fired { rule }, fault)
    });
    Ok(Matched { fired, counted })
}

/// Stores counters in the caller's write (a request's are stored with its
/// log record). Counters only grow, so writes that land out of order
/// change nothing.
pub fn record_counters(conn: &Conn<'_>, counted: &[(i64, Counters)]) -> Result<(), ApiError> {
    for (id, counters) in counted {
        store::fault_rules::set_counters(conn, *id, *counters)?;
    }
    Ok(())
}

/// Counts a delivery to the endpoint `endpoint_id` (row id) that `rule`
/// matches, in the write that decides the delivery, and stores the counts
/// in that write (a per-endpoint rule's at that endpoint, and every rule's
/// totals); `Some` when the rule fires.
pub fn fire_delivery(conn: &Conn<'_>, rule: &Arc<Rule>, endpoint_id: i64) -> Result<Option<Fired>, ApiError> {
    let (counted, fired, counters) = if rule.spec.per_endpoint() {
        let mut at = store::fault_rules::endpoint_counters(conn, rule.id, endpoint_id)?;
        let fired = rule.fire_at(&mut at);
        store::fault_rules::set_endpoint_counters(conn, rule.id, endpoint_id, at)?;
        fired
    } else {
        // The stored counters: another process may have sent deliveries
        // this rule counted before this one took the dispatch over.
        rule.fire_from(Some(store::fault_rules::counters(conn, rule.id)?))
    };
    if counted {
        store::fault_rules::set_counters(conn, rule.id, counters)?;
    }
    Ok(fired.then(|| Fired { rule: rule.clone() }))
}

impl Rule {
    pub fn from_row(row: store::fault_rules::Row) -> Result<Rule, ApiError> {
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
