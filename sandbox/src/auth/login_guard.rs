//! Guards around password checks: guessing is slow, and one client's
//! guessing neither exhausts the process nor locks out everyone else.
//!
//! - **Hashes at once.** An Argon2 check takes about 19 MiB and tens of
//!   milliseconds of one core. Checks run on threads of their own, one per
//!   core ([`HashSlot::run`]), one at a time each: so at most that many
//!   19 MiB buffers exist, and the allocator keeps no more than one per
//!   thread (on a pool of short-lived blocking threads each would keep its
//!   own, hundreds of MiB after a burst);
//!   a check waits up to [`QUEUE_WAIT`] for its turn and is then refused
//!   ([`Refusal::Busy`]). A check looks at the locks below again when its
//!   turn comes, so a burst of guesses at one username costs a handful of
//!   hashes and the rest of it leaves the queue at once, without one.
//! - **Failed attempts** are counted per username (its uniqueness key, so
//!   `Demo@…` and `demo@…` are one) and per client address. After a free
//!   allowance ([`USERNAME_FREE`], [`ADDRESS_FREE`]) each further failure
//!   locks that username or address for 1 s, then 2 s, 4 s … up to
//!   [`MAX_LOCK`]: a locked attempt is refused before any hash
//!   ([`Refusal::Locked`]). A success clears its username's count, never an
//!   address's (an account of one's own must not buy more guesses at
//!   others); counts are forgotten [`FORGET_AFTER`] after their last failure.
//!   Unknown usernames count like known ones, so a refusal says nothing
//!   about which users exist.
//! - **Bounded memory.** A username longer than any user may have
//!   ([`MAX_USERNAME_CHARS`]) or a password longer than any user may set
//!   ([`MAX_PASSWORD_BYTES`]) is refused before any of this; the table keys
//!   on the SHA-256 of a username, never the username itself; and every
//!   loopback address (`127.0.0.0/8`, `::1`) is one client, so rotating
//!   through them buys no further allowance.
//!
//! The counts live in memory, and a restart forgets them; processes that
//! share a PostgreSQL database count in it instead
//! (`store::login_failures`, by the same rules on real time), so a guesser
//! spread over them gets one allowance, not one per process. The hashing
//! threads stay each process's own: they bound its cores and memory.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::db::Db;
use crate::error::ApiError;
use crate::store::login_failures;

/// How long a check waits for a free core before it is refused.
pub const QUEUE_WAIT: Duration = Duration::from_secs(2);
/// Failures of one username before each further one locks it.
pub const USERNAME_FREE: u32 = 5;
/// Failures from one address before each further one locks it.
pub const ADDRESS_FREE: u32 = 20;
/// The longest lock.
pub const MAX_LOCK: Duration = Duration::from_secs(60);
/// Failures are forgotten this long after the last one.
pub const FORGET_AFTER: Duration = Duration::from_secs(15 * 60);
/// Usernames and addresses tracked at most; beyond it the stalest go.
const TRACKED: usize = 10_000;
/// The longest username a user may have (and sign in with).
pub const MAX_USERNAME_CHARS: usize = 128;
/// The longest password a user may set (and sign in with), in bytes.
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// What a username is counted under: a fixed-size digest of its uniqueness
/// key, whatever its length.
pub type UsernameKey = [u8; 32];

/// The key of a username (already folded to its uniqueness key).
pub fn username_key(uniqueness_key: &str) -> UsernameKey {
    crate::secrets::sha256(uniqueness_key.as_bytes())
}

/// Why an attempt was refused before its password was checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Every core is busy hashing; try again in a second.
    Busy,
    /// Too many failures for this username or address: locked this long.
    Locked(Duration),
}

impl Refusal {
    /// Whole seconds for `Retry-After`, at least 1.
    pub fn retry_after_seconds(self) -> u64 {
        match self {
            Refusal::Busy => 1,
            Refusal::Locked(left) => left.as_millis().div_ceil(1000).max(1) as u64,
        }
    }
}

/// The shared guard (one per sandbox).
pub struct LoginGuard {
    hashes: Arc<Semaphore>,
    /// The hashing threads' queue (never longer than the permits).
    hasher: crossbeam_channel::Sender<Box<dyn FnOnce() + Send>>,
    usernames: Mutex<Failures<UsernameKey>>,
    addresses: Mutex<Failures<IpAddr>>,
    /// The database the counts live in when processes share it.
    stored: Option<Db>,
}

impl Default for LoginGuard {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        LoginGuard::with_permits(cores)
    }
}

impl LoginGuard {
    pub fn with_permits(permits: usize) -> Self {
        let permits = permits.max(1);
        let (hasher, jobs) = crossbeam_channel::unbounded::<Box<dyn FnOnce() + Send>>();
        for n in 0..permits {
            let jobs = jobs.clone();
            // The threads end when the guard (the channel's sender) is dropped.
            let spawned = std::thread::Builder::new().name(format!("payctl-password-{n}")).spawn(move || {
                while let Ok(job) = jobs.recv() {
                    job();
                }
            });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a password-hashing thread");
            }
        }
        LoginGuard {
            hashes: Arc::new(Semaphore::new(permits)),
            hasher,
            usernames: Mutex::new(Failures::new(USERNAME_FREE)),
            addresses: Mutex::new(Failures::new(ADDRESS_FREE)),
            stored: None,
        }
    }

    /// The guard of a process that shares `db` with others: the counts
    /// live there.
    pub fn counting_in(self, db: Db) -> Self {
        LoginGuard { stored: Some(db), ..self }
    }

    /// Refuses an attempt whose username or address is locked.
    pub async fn check(
        &self,
        username: &UsernameKey,
        address: Option<IpAddr>,
    ) -> Result<Result<(), Refusal>, ApiError> {
        let Some(db) = &self.stored else { return Ok(self.check_here(username, address)) };
        let subjects: Vec<String> = subjects(username, address).into_iter().map(|(subject, _)| subject).collect();
        let now = crate::clock::real_now().millis();
        let until =
            db.read(move |conn| Ok(login_failures::locked_until(conn, &subjects, now, forgotten(now))?)).await?;
        Ok(match until {
            Some(until) => Err(Refusal::Locked(Duration::from_millis(until.saturating_sub(now).max(1) as u64))),
            None => Ok(()),
        })
    }

    /// Counts a failed attempt.
    pub async fn failed(&self, username: &UsernameKey, address: Option<IpAddr>) {
        let Some(db) = &self.stored else { return self.failed_here(username, address) };
        let subjects = subjects(username, address);
        let now = crate::clock::real_now().millis();
        let counted = db
            .tally(move |conn| {
                for (subject, free) in &subjects {
                    let failures = login_failures::fail(conn, subject, now, forgotten(now))?;
                    // As in memory: each failure from the allowance on locks.
                    if let Ok(past) = u32::try_from(failures - i64::from(*free)) {
                        let length = lock_length(past);
                        login_failures::lock(conn, subject, now + length.as_millis() as i64)?;
                    }
                }
                Ok(login_failures::prune(conn, forgotten(now), 2 * TRACKED as i64)?)
            })
            .await;
        if let Err(e) = counted {
            tracing::warn!(error = %e, "a failed sign-in could not be counted");
        }
    }

    /// Clears a username's failures after a success.
    pub async fn succeeded(&self, username: &UsernameKey) {
        let Some(db) = &self.stored else {
            lock(&self.usernames).records.remove(username);
            return;
        };
        let subject = username_subject(username);
        if let Err(e) = db.tally(move |conn| Ok(login_failures::clear(conn, &subject)?)).await {
            tracing::warn!(error = %e, "a sign-in's earlier failures could not be forgotten");
        }
    }

    fn check_here(&self, username: &UsernameKey, address: Option<IpAddr>) -> Result<(), Refusal> {
        let now = Instant::now();
        let user = lock(&self.usernames).locked_for(username, now);
        let addr = address.and_then(|a| lock(&self.addresses).locked_for(&client(a), now));
        match user.into_iter().chain(addr).max() {
            Some(left) => Err(Refusal::Locked(left)),
            None => Ok(()),
        }
    }

    /// Waits up to [`QUEUE_WAIT`] for a core to hash on.
    pub async fn hash_slot(&self) -> Result<HashSlot, Refusal> {
        let permit = tokio::time::timeout(QUEUE_WAIT, self.hashes.clone().acquire_owned())
            .await
            .map_err(|_| Refusal::Busy)?
            .map_err(|_| Refusal::Busy)?;
        Ok(HashSlot { _permit: permit, hasher: self.hasher.clone() })
    }

    /// A core to hash on for a caller who is not guessing (the operator
    /// creating a user): it waits its turn however long that takes.
    pub async fn hash_slot_unlimited(&self) -> HashSlot {
        let permit = self.hashes.clone().acquire_owned().await.expect("the semaphore is never closed");
        HashSlot { _permit: permit, hasher: self.hasher.clone() }
    }

    fn failed_here(&self, username: &UsernameKey, address: Option<IpAddr>) {
        let now = Instant::now();
        lock(&self.usernames).fail(*username, now);
        if let Some(a) = address {
            lock(&self.addresses).fail(client(a), now);
        }
    }
}

/// A username's subject in the stored counts.
fn username_subject(username: &UsernameKey) -> String {
    format!("user:{}", crate::secrets::hex(username))
}

/// The stored counts an attempt touches, each with its free allowance.
fn subjects(username: &UsernameKey, address: Option<IpAddr>) -> Vec<(String, u32)> {
    let mut subjects = vec![(username_subject(username), USERNAME_FREE)];
    subjects.extend(address.map(|a| (format!("client:{}", client(a)), ADDRESS_FREE)));
    subjects
}

/// Real time before which stored failures are forgotten, at `now_ms`.
fn forgotten(now_ms: i64) -> i64 {
    now_ms - FORGET_AFTER.as_millis() as i64
}

/// One check's turn on a core; dropping it frees the core.
pub struct HashSlot {
    _permit: OwnedSemaphorePermit,
    hasher: crossbeam_channel::Sender<Box<dyn FnOnce() + Send>>,
}

impl HashSlot {
    /// Runs `work` (a hash) on a hashing thread and answers its result. The
    /// turn goes with the work and ends when it does, so a caller that hangs
    /// up frees no core early.
    pub async fn run<T: Send + 'static>(self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let hasher = self.hasher.clone();
        let job = Box::new(move || {
            let _turn = self;
            let _ = answer.send(work());
        });
        hasher.send(job).ok()?;
        answered.await.ok()
    }
}

/// The address a client is known by: IPv4 as is (an IPv4-mapped IPv6
/// address too), IPv6 by its /64, which one machine typically holds whole;
/// and every loopback address as `127.0.0.1`, since all of them are this
/// machine.
fn client(address: IpAddr) -> IpAddr {
    if address.is_loopback() || address.to_canonical().is_loopback() {
        return IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);
    }
    match address {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

struct Record {
    failures: u32,
    last: Instant,
    locked_until: Option<Instant>,
}

/// Failure counts of one kind (usernames or addresses).
struct Failures<K> {
    free: u32,
    records: HashMap<K, Record>,
}

impl<K: std::hash::Hash + Eq + Clone> Failures<K> {
    fn new(free: u32) -> Self {
        Failures { free, records: HashMap::new() }
    }

    /// How long `key` stays locked, if it is.
    fn locked_for<Q>(&mut self, key: &Q, now: Instant) -> Option<Duration>
    where
        K: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ?Sized,
    {
        let record = self.records.get(key)?;
        if now.duration_since(record.last) >= FORGET_AFTER {
            self.records.remove(key);
            return None;
        }
        record.locked_until.and_then(|until| until.checked_duration_since(now)).filter(|d| !d.is_zero())
    }

    fn fail(&mut self, key: K, now: Instant) {
        if !self.records.contains_key(&key) && self.records.len() >= TRACKED {
            self.make_room(now);
        }
        let record = self.records.entry(key).or_insert(Record { failures: 0, last: now, locked_until: None });
        if now.duration_since(record.last) >= FORGET_AFTER {
            record.failures = 0;
        }
        record.failures = record.failures.saturating_add(1);
        record.last = now;
        if record.failures >= self.free {
            record.locked_until = Some(now + lock_length(record.failures - self.free));
        }
    }

    /// Forgets stale records, then, if still full, the one failed longest ago.
    fn make_room(&mut self, now: Instant) {
        self.records.retain(|_, r| now.duration_since(r.last) < FORGET_AFTER);
        if self.records.len() >= TRACKED
            && let Some(oldest) = self.records.iter().min_by_key(|(_, r)| r.last).map(|(k, _)| k.clone())
        {
            self.records.remove(&oldest);
        }
    }
}

/// 1 s for the first failure past the allowance, doubling up to [`MAX_LOCK`].
pub fn lock_length(past_allowance: u32) -> Duration {
    Duration::from_secs(1u64 << past_allowance.min(16)).min(MAX_LOCK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_double_from_one_second_up_to_a_minute() {
        let lengths: Vec<u64> = (0..8).map(|n| lock_length(n).as_secs()).collect();
        assert_eq!(lengths, vec![1, 2, 4, 8, 16, 32, 60, 60]);
        assert_eq!(lock_length(u32::MAX), MAX_LOCK);
    }

    #[test]
    fn a_username_locks_after_its_allowance_and_a_success_clears_it() {
        let guard = LoginGuard::with_permits(1);
        let here = Some("10.0.0.1".parse().unwrap());
        let (ann, bob) = (username_key("ann"), username_key("bob"));
        for _ in 0..USERNAME_FREE - 1 {
            guard.failed_here(&ann, here);
            assert_eq!(guard.check_here(&ann, here), Ok(()));
        }
        guard.failed_here(&ann, here);
        let Err(Refusal::Locked(left)) = guard.check_here(&ann, here) else { panic!("not locked") };
        assert!(left <= Duration::from_secs(1) && left > Duration::from_millis(900), "{left:?}");
        assert_eq!(guard.check_here(&bob, here), Ok(()), "another username from the same address is not locked");
        lock(&guard.usernames).records.remove(&ann);
        assert_eq!(guard.check_here(&ann, here), Ok(()));
    }

    #[test]
    fn an_address_locks_after_its_allowance_whatever_the_usernames() {
        let guard = LoginGuard::with_permits(1);
        let address: IpAddr = "10.0.0.1".parse().unwrap();
        let here = Some(address);
        for n in 0..ADDRESS_FREE {
            guard.failed_here(&username_key(&format!("user{n}")), here);
        }
        let new = username_key("new");
        assert!(matches!(guard.check_here(&new, here), Err(Refusal::Locked(_))));
        assert_eq!(guard.check_here(&new, Some("10.0.0.2".parse().unwrap())), Ok(()));
        // One machine's IPv6 /64 is one client; an IPv4-mapped address is its IPv4 address.
        let v6a: IpAddr = "2001:db8::1".parse().unwrap();
        let v6b: IpAddr = "2001:db8::2".parse().unwrap();
        assert_eq!(client(v6a), client(v6b));
        assert_eq!(client("::ffff:10.0.0.1".parse().unwrap()), address);
        // Every loopback address is this machine.
        for loopback in ["127.0.0.1", "127.0.3.7", "127.255.255.254", "::1", "::ffff:127.9.9.9"] {
            assert_eq!(client(loopback.parse().unwrap()), IpAddr::from([127, 0, 0, 1]), "{loopback}");
        }
    }

    #[test]
    fn the_table_stays_bounded() {
        let mut failures = Failures::new(1);
        let now = Instant::now();
        for n in 0..TRACKED + 10 {
            failures.fail(n, now + Duration::from_millis(n as u64));
        }
        assert_eq!(failures.records.len(), TRACKED);
        assert!(!failures.records.contains_key(&0), "the stalest went first");
        assert!(failures.records.contains_key(&(TRACKED + 9)));
    }

    #[tokio::test]
    async fn a_check_waits_its_turn_then_is_refused() {
        let guard = LoginGuard::with_permits(1);
        let held = guard.hash_slot().await.unwrap();
        let started = std::time::Instant::now();
        assert!(matches!(guard.hash_slot().await, Err(Refusal::Busy)));
        assert!(started.elapsed() >= QUEUE_WAIT);
        assert_eq!(Refusal::Busy.retry_after_seconds(), 1);
        drop(held);
        assert!(guard.hash_slot().await.is_ok(), "a freed core is taken at once");
    }
}
