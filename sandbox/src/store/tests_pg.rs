//! The store's statements run on both backends: each test writes and reads
//! through store modules on a fresh SQLite database and, when
//! `PAYCTL_TEST_POSTGRES` names a PostgreSQL database, on a schema of its
//! own there (made from the baseline in a transaction that is rolled back,
//! so it goes with the test).

use std::collections::BTreeMap;

use payctl_domain::country::Country;
use payctl_domain::email::Email;
use payctl_domain::money::MinorUnit;
use payctl_domain::time::Timestamp;
use payctl_wire::applications::Environment;
use payctl_wire::auth::PartnerStatus;
use payctl_wire::customers::{CustomerType, VerificationLevel};
use payctl_wire::events::EventType;
use payctl_wire::webhooks::WebhookStatus;

use crate::db::baseline;
use crate::db::sql::{Conn, Savepoint, Statements, savepoint};
use crate::secrets::Sealed;
use crate::store::idempotency_keys::{self, KeyOf, NewAnswer};
use crate::store::ledger::{self, Owner};
use crate::store::{applications, customers, events, partners, reset, settings, webhooks};

const NOW: Timestamp = Timestamp::from_millis(1_700_000_000_000);

/// Runs `check` on a SQLite database and a PostgreSQL one, each holding
/// the baseline schema.
fn on_both(check: impl Fn(&Conn<'_>)) {
    let sqlite = rusqlite::Connection::open_in_memory().unwrap();
    sqlite.execute_batch(baseline::SQLITE).unwrap();
    let tx = sqlite.unchecked_transaction().unwrap();
    check(&Conn::from(&tx));
    drop(tx);
    let Ok(url) = std::env::var("PAYCTL_TEST_POSTGRES") else {
        eprintln!("skipped on PostgreSQL: PAYCTL_TEST_POSTGRES is not set");
        return;
    };
    let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
    let mut tx = client.transaction().unwrap();
    let name = format!("t_{:016x}", u64::from_le_bytes(crate::secrets::random_bytes()));
    tx.batch_execute(&format!("CREATE SCHEMA {name}; SET LOCAL search_path TO {name}; {}", baseline::postgres()))
        .unwrap();
    let mut statements = Statements::default();
    check(&Conn::postgres(&mut tx, &mut statements));
}

/// A partner with a TEST application; answers the application's id.
fn application(conn: &Conn<'_>) -> (i64, i64) {
    let new = partners::NewPartner {
        name: "Acme",
        email: "ops@acme.example",
        business_type: None,
        parent_id: None,
        status: PartnerStatus::Active,
    };
    let (partner, _) = partners::insert(conn, &new, NOW).unwrap();
    let (app, _) = applications::insert(conn, partner, "main", Environment::Test, NOW).unwrap();
    (partner, app)
}

#[test]
fn partners_applications_and_settings() {
    on_both(|conn| {
        let (partner, app) = application(conn);
        let found = partners::get(conn, partner).unwrap().unwrap();
        assert_eq!((found.name.as_str(), found.email.as_str()), ("Acme", "ops@acme.example"));
        let later = NOW.plus_seconds(60);
        let same = partners::PartnerChanges { name: Some("Acme"), ..Default::default() };
        assert_eq!(partners::update(conn, partner, &same, later).unwrap().updated_at, found.updated_at, "no change");
        let case_only = partners::PartnerChanges { email: Some("Ops@Acme.example"), ..Default::default() };
        let changed = partners::update(conn, partner, &case_only, later).unwrap();
        assert_eq!(changed.email, "Ops@Acme.example");
        assert_ne!(changed.updated_at, found.updated_at, "a case-only change of an email counts");

        assert_eq!(applications::advance_clock(conn, app, 5_000).unwrap(), 5_000);
        assert_eq!(applications::clock_offsets(conn).unwrap().get(&app), Some(&5_000));

        assert_eq!(settings::get(conn, "absent").unwrap(), None);
        settings::set(conn, "k", "v1").unwrap();
        settings::set(conn, "k", "v2").unwrap();
        assert_eq!(settings::get(conn, "k").unwrap().as_deref(), Some("v2"));
        assert_eq!(settings::advance_global_clock(conn, 7).unwrap(), 7);
        assert_eq!(settings::global_clock_offset(conn).unwrap(), 7);
    });
}

#[test]
fn customers_and_the_ledger() {
    on_both(|conn| {
        let (_, app) = application(conn);
        let new = customers::NewCustomer {
            customer_type: CustomerType::Business,
            legal_name: "Zeta LLC".to_owned(),
            email: Email::parse("pay@zeta.example").unwrap(),
            country: Country::parse("AE").unwrap(),
            verification_level: VerificationLevel::Standard,
            tax_id: "T1".to_owned(),
        };
        let customer = customers::insert(conn, app, &new, NOW).unwrap();
        // A failed statement ends a PostgreSQL transaction unless undone
        // to a savepoint (SQLite's goes on): the writer's jobs each have one.
        const TRY: Savepoint = savepoint!("taken_email");
        TRY.begin(conn).unwrap();
        let Err(again) = customers::insert(conn, app, &new, NOW) else { panic!("a taken email was stored") };
        TRY.undo(conn).unwrap();
        TRY.release(conn).unwrap();
        assert_eq!(again.code, customers::duplicate_email().code, "{again:?}");
        let found = customers::find(conn, Some(app), &customer.customer.id).unwrap().unwrap();
        assert_eq!(found.id, customer.id);
        assert!(customers::find(conn, None, &customer.customer.id).unwrap().is_some());

        assert_eq!(ledger::find_account(conn, app, Owner::External, "AED").unwrap(), None);
        let external = ledger::insert_account(conn, app, Owner::External, "AED", NOW).unwrap();
        assert_eq!(ledger::find_account(conn, app, Owner::External, "AED").unwrap(), Some(external));
        let mine = ledger::insert_account(conn, app, Owner::Customer(customer.id), "AED", NOW).unwrap();
        assert_eq!(ledger::find_account(conn, app, Owner::Customer(customer.id), "AED").unwrap(), Some(mine));
        let amount = MinorUnit::new(1_250);
        let entry = ledger::insert_entry(conn, "le_1", app, "test", ("transaction", "t1"), NOW).unwrap();
        ledger::insert_posting(conn, entry, external, "AED", -amount, NOW).unwrap();
        ledger::insert_posting(conn, entry, mine, "AED", amount, NOW).unwrap();
        assert_eq!(ledger::balance(conn, mine).unwrap(), amount);
        let holder = ledger::holder(conn, external).unwrap();
        assert_eq!((holder.application_id, holder.asset.as_str(), holder.balance), (app, "AED", -1_250));
        let net = ledger::net_of_reference(conn, app, ("transaction", "t1")).unwrap();
        assert_eq!(net, vec![(external, "AED".to_owned(), -amount), (mine, "AED".to_owned(), amount)]);
        assert_eq!(ledger::faults(conn).unwrap(), (0, 0, 0), "balanced, as posted, none below zero but external");
    });
}

#[test]
fn events_webhooks_and_idempotency_keys() {
    on_both(|conn| {
        let (_, app) = application(conn);
        let endpoint = |public_id: &str, events: &[EventType]| {
            let new = webhooks::NewEndpoint {
                public_id,
                url: "https://example.com/hook",
                description: None,
                events,
                sealed: Sealed { nonce: vec![1; 12], ciphertext: vec![2; 40] },
                hint: "abcd",
            };
            webhooks::insert(conn, app, new, NOW).unwrap()
        };
        let subscribed = endpoint("we_1", &[EventType::SettlementCreated, EventType::SettlementCompleted]);
        assert_eq!(subscribed.status, WebhookStatus::Enabled);
        endpoint("we_2", &[EventType::SettlementFailed]);
        let data = serde_json::json!({"id": "s1"});
        let (event, _) =
            events::insert(conn, app, EventType::SettlementCompleted, "settlement", "s1", &data, NOW).unwrap();
        assert_eq!(webhooks::enqueue(conn, app, event, EventType::SettlementCompleted, NOW, 5).unwrap(), 1);
        assert_eq!(events::for_resource(conn, app, "s1").unwrap().len(), 1);

        let key = KeyOf { scope: "app:1", key_hash: "h1", route: "POST /v1/quotes" };
        assert!(idempotency_keys::find(conn, key, NOW.plus_seconds(-1)).unwrap().is_none());
        let answer = NewAnswer {
            request_hash: &[7; 32],
            status: 201,
            content_type: None,
            body: b"sealed",
            secret_withheld: true,
        };
        idempotency_keys::insert(conn, key, answer, NOW).unwrap();
        idempotency_keys::insert(conn, key, answer, NOW).unwrap();
        let stored = idempotency_keys::find(conn, key, NOW.plus_seconds(-1)).unwrap().unwrap();
        assert_eq!((stored.status, stored.content_type, stored.secret_withheld), (201, None, true));
        assert_eq!((stored.request_hash, stored.body), (vec![7; 32], b"sealed".to_vec()));
        assert!(idempotency_keys::find(conn, key, NOW).unwrap().is_none(), "older than the retention");
        assert_eq!(idempotency_keys::delete_all(conn).unwrap(), 1);
    });
}

#[test]
fn a_reset_deletes_what_came_after_its_marks() {
    on_both(|conn| {
        let (partner, _) = application(conn);
        let marks = reset::marks(conn).unwrap();
        assert_eq!(marks.get("partners"), Some(&partner));
        assert!(!marks.contains_key("settings"));
        applications::insert(conn, partner, "later", Environment::Live, NOW).unwrap();
        settings::set(conn, "kept", "1").unwrap();
        let deleted = reset::delete_above(conn, &marks).unwrap();
        assert_eq!(deleted, BTreeMap::from([("applications".to_owned(), 1)]));
        assert_eq!(settings::get(conn, "kept").unwrap().as_deref(), Some("1"));
    });
}
