//! The store's statements run on both backends: each test writes and reads
//! through store modules on a fresh SQLite database and, when
//! `PAYCTL_TEST_POSTGRES` names a PostgreSQL database, on a schema of its
//! own there (made from the baseline in a transaction that is rolled back,
//! so it goes with the test).

use std::collections::BTreeMap;

use payctl_domain::asset;
use payctl_domain::country::Country;
use payctl_domain::decimal::Decimal;
use payctl_domain::email::Email;
use payctl_domain::faults::Counters;
use payctl_domain::money::MinorUnit;
use payctl_domain::pricing::{Markup, MarkupKind};
use payctl_domain::states::verification::{self, State as Kyb};
use payctl_domain::states::{FlowKind, Move};
use payctl_domain::time::Timestamp;
use payctl_wire::accounts::{AccountPurpose, WalletMode};
use payctl_wire::applications::Environment;
use payctl_wire::auth::PartnerStatus;
use payctl_wire::customers::{CustomerType, VerificationLevel};
use payctl_wire::events::EventType;
use payctl_wire::schema::Network;
use payctl_wire::wallets::WalletRole;
use payctl_wire::webhooks::WebhookStatus;

use crate::db::baseline;
use crate::db::sql::{Conn, Savepoint, Statements, savepoint};
use crate::secrets::Sealed;
use crate::store::idempotency_keys::{self, KeyOf, NewAnswer};
use crate::store::ledger::{self, Owner};
use crate::store::paging::PageRequest;
use crate::store::{
    accounts, api_keys, applications, console_flashes, console_sessions, customers, deliveries, events, fault_rules,
    flow_states, login_failures, markups, moves, partner_wallets, partners, payments, postings, quotes, rates,
    request_logs, reset, review, settings, tool_nonces, transactions, transfers, users, webhooks,
};

const NOW: Timestamp = Timestamp::from_millis(1_700_000_000_000);

/// Runs `check` on a SQLite database and a PostgreSQL one, each holding
/// the baseline schema.
fn on_both(check: impl Fn(&Conn<'_>)) {
    let sqlite = rusqlite::Connection::open_in_memory().unwrap();
    sqlite.execute_batch(baseline::SQLITE).unwrap();
    let tx = sqlite.unchecked_transaction().unwrap();
    check(&Conn::from(&tx));
    drop(tx);
    on_postgres(check);
}

/// Runs `check` on a PostgreSQL schema holding the baseline and what
/// processes share beside it ([`crate::db::PROCESSES_SHARE`]), when
/// `PAYCTL_TEST_POSTGRES` names a database: those tables are PostgreSQL's
/// only.
fn on_postgres(check: impl Fn(&Conn<'_>)) {
    let Some(url) = crate::db::postgres_url() else {
        return;
    };
    let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
    let mut tx = client.transaction().unwrap();
    let name = format!("t_{:016x}", u64::from_le_bytes(crate::secrets::random_bytes()));
    tx.batch_execute(&format!("CREATE SCHEMA {name}; SET LOCAL search_path TO {name}; {}", baseline::postgres()))
        .unwrap();
    for (_, table) in crate::db::PROCESSES_SHARE {
        tx.batch_execute(table).unwrap();
    }
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

fn new_customer(email: &str) -> customers::NewCustomer {
    customers::NewCustomer {
        customer_type: CustomerType::Business,
        legal_name: "Zeta LLC".to_owned(),
        email: Email::parse(email).unwrap(),
        country: Country::parse("AE").unwrap(),
        verification_level: VerificationLevel::Standard,
        tax_id: "T1".to_owned(),
    }
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
        let new = new_customer("pay@zeta.example");
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

#[test]
fn users_tokens_sessions_and_keys() {
    on_both(|conn| {
        let (partner, app) = application(conn);
        let user = users::insert(conn, "Ada", "hash1", NOW).unwrap();
        let (user_id, _, _) = users::credentials(conn, "ada").unwrap().expect("found without regard to case");
        users::set_partner(conn, user_id, partner).unwrap();
        users::set_password_hash(conn, "Ada", "hash2").unwrap();
        assert_eq!(users::credentials(conn, "Ada").unwrap().unwrap().2, "hash2");
        let found = users::find_by_public_id(conn, &user.id).unwrap().unwrap();
        assert_eq!(found.partner.map(|p| p.id), Some(partner));

        let token = [3; 32];
        users::insert_refresh_token(conn, user_id, &token, NOW, NOW.plus_seconds(60)).unwrap();
        assert_eq!(users::spend_refresh_token(conn, &token, NOW).unwrap().map(|u| u.0), Some(user_id));
        assert_eq!(users::spend_refresh_token(conn, &token, NOW).unwrap(), None, "spent once");

        console_sessions::insert(conn, &token, user_id, NOW.millis(), NOW.millis() + 1_000).unwrap();
        assert_eq!(console_sessions::user_of(conn, &token, NOW.millis()).unwrap(), Some(user.id.clone()));
        assert_eq!(console_sessions::user_of(conn, &token, NOW.millis() + 1_000).unwrap(), None, "expired");
        assert!(console_sessions::delete(conn, &token).unwrap());

        let (key_app, _) = api_keys::application(conn, &applications::by_id(conn, app).unwrap().1.id).unwrap();
        let secret =
            api_keys::NewSecret { secret: "sk_test_x".to_owned(), prefix: "sk_test_x".to_owned(), hash: [9; 32] };
        let (created, stored) = api_keys::insert(conn, &key_app, secret, Some("ci"), None, NOW).unwrap();
        assert!(stored.application_active);
        let usable = api_keys::all_usable(conn).unwrap();
        assert_eq!(
            usable.iter().map(|k| k.identity.key_public_id.as_str()).collect::<Vec<_>>(),
            [created.api_key_id.as_str()]
        );
        assert!(api_keys::revoke(conn, stored.identity.key_id, NOW).unwrap());
        assert!(api_keys::all_usable(conn).unwrap().is_empty());
    });
}

#[test]
fn rates_markups_moves_timelines_and_fault_rules() {
    on_both(|conn| {
        let (partner, app) = application(conn);
        let rate = Decimal::parse("3.6725").unwrap();
        rates::set(conn, None, "USD", "AED", rate, NOW).unwrap();
        rates::set(conn, Some(app), "USD", "AED", Decimal::parse("3.7").unwrap(), NOW).unwrap();
        rates::set(conn, None, "USD", "AED", rate, NOW).unwrap();
        assert_eq!(rates::get(conn, None, "USD", "AED").unwrap(), Some(rate));
        assert_eq!(rates::visible(conn, Some(app)).unwrap().len(), 2);
        assert_eq!(rates::visible(conn, None).unwrap().len(), 1);
        assert!(rates::clear(conn, Some(app), "USD", "AED").unwrap());

        let markup = Markup { kind: MarkupKind::Bps, value: 25, currency: None, min_fee: Some(100), max_fee: None };
        assert!(markups::put(conn, partner, None, &markup, NOW).unwrap().0, "created");
        assert!(!markups::put(conn, partner, None, &markup, NOW).unwrap().0, "unchanged");
        let (own, stored) = markups::effective(conn, partner, Some("cus_none")).unwrap();
        assert_eq!((own, stored.map(|s| s.markup)), (false, Some(markup)));

        let decide = Move::Verification(verification::Move::Decide);
        moves::insert(conn, app, decide, "cus_1", NOW.plus_seconds(10), NOW).unwrap();
        assert!(!moves::any_due(conn, NOW).unwrap());
        assert_eq!(moves::next_due(conn, decide, "cus_1").unwrap(), Some(NOW.plus_seconds(10)));
        moves::shift_application(conn, app, 10_000).unwrap();
        assert!(moves::any_due(conn, NOW).unwrap(), "the application's clock moved on");
        let due = moves::take_due_for(conn, "cus_1", NOW.plus_seconds(10)).unwrap();
        assert_eq!(due.iter().map(|m| (m.kind, m.resource_id.as_str())).collect::<Vec<_>>(), [(decide, "cus_1")]);
        assert!(moves::due_batch(conn, NOW.plus_seconds(60), 10).unwrap().is_empty());

        flow_states::insert(conn, app, FlowKind::Verification, "cus_1", Kyb::Pending, None, NOW).unwrap();
        flow_states::insert(conn, app, FlowKind::Verification, "cus_1", Kyb::Approved, Some("ok"), NOW).unwrap();
        let timeline = flow_states::timeline::<Kyb>(conn, app, FlowKind::Verification, "cus_1").unwrap();
        assert_eq!(timeline.iter().map(|e| e.state).collect::<Vec<_>>(), [Kyb::Pending, Kyb::Approved]);

        let rule = fault_rules::insert(conn, "fr_1", Some(app), "{}", NOW).unwrap();
        fault_rules::insert(conn, "fr_2", None, "{}", NOW).unwrap();
        fault_rules::set_counters(conn, rule, Counters { matched: 3, hits: 2 }).unwrap();
        fault_rules::set_counters(conn, rule, Counters { matched: 1, hits: 1 }).unwrap();
        let rows = fault_rules::of_application(conn, app).unwrap();
        assert_eq!(
            rows.iter().map(|r| (r.public_id.as_str(), r.counters)).collect::<Vec<_>>(),
            [("fr_1", Counters { matched: 3, hits: 2 })]
        );
        assert_eq!(fault_rules::count_for(conn, app).unwrap(), (1, 1));
        assert_eq!(fault_rules::count_global(conn).unwrap(), 1);
        assert_eq!(fault_rules::ids_of(conn, &["fr_1".to_owned(), "fr_9".to_owned()]).unwrap(), [rule]);
        assert_eq!(fault_rules::delete_all(conn).unwrap(), 2);
    });
}

#[test]
fn due_deliveries_and_pages() {
    on_both(|conn| {
        let (_, app) = application(conn);
        let new = webhooks::NewEndpoint {
            public_id: "we_1",
            url: "https://example.com/hook",
            description: None,
            events: &[EventType::SettlementCreated],
            sealed: Sealed { nonce: vec![1; 12], ciphertext: vec![2; 40] },
            hint: "abcd",
        };
        webhooks::insert(conn, app, new, NOW).unwrap();
        let data = serde_json::json!({});
        for n in 0..3 {
            let (event, _) =
                events::insert(conn, app, EventType::SettlementCreated, "settlement", &format!("s{n}"), &data, NOW)
                    .unwrap();
            webhooks::enqueue(conn, app, event, EventType::SettlementCreated, NOW, 5).unwrap();
        }
        let (due, next) = deliveries::due(conn, NOW, 2).unwrap();
        assert_eq!(due.len(), 2, "at most 2 per endpoint");
        assert!(due.iter().all(|d| d.is_test && d.endpoint_public_id == "we_1"));
        assert_eq!(next, None);

        let (endpoint, _) = webhooks::find(conn, app, "we_1").unwrap().unwrap();
        let first = webhooks::deliveries(conn, endpoint, &PageRequest { limit: 2, before: None }).unwrap();
        assert_eq!(first.data.len(), 2);
        let before = first.data.last().map(|d| d.id.clone());
        let rest = webhooks::deliveries(conn, endpoint, &PageRequest { limit: 2, before }).unwrap();
        assert_eq!(rest.data.len(), 1, "the page after the cursor");

        for email in ["a@x.example", "b@x.example", "c@x.example"] {
            customers::insert(conn, app, &new_customer(email), NOW).unwrap();
        }
        let page = customers::list(conn, app, Some(Kyb::Pending), &PageRequest { limit: 2, before: None }).unwrap();
        assert_eq!(page.data.len(), 2);
        assert!(page.next_cursor.is_some());
        assert_eq!(
            customers::list(conn, app, Some(Kyb::Approved), &PageRequest { limit: 2, before: None })
                .unwrap()
                .data
                .len(),
            0
        );
    });
}

#[test]
fn accounts_wallets_postings_drills_and_the_flows_lists() {
    on_both(|conn| {
        let (partner, app) = application(conn);
        let new = accounts::NewRow {
            purpose: AccountPurpose::Wallet,
            asset: asset::asset("USDC").unwrap(),
            corridor: None,
            network: Some(Network::Base),
            wallet_mode: Some(WalletMode::Mpc),
            address: Some("0xabc"),
            label: Some("ops"),
        };
        let opened = accounts::open(conn, app, &new, NOW).unwrap();
        assert_eq!(accounts::find(conn, app, &opened.id).unwrap().map(|a| a.network), Some(Some(Network::Base)));
        assert_eq!(accounts::list(conn, app, &PageRequest { limit: 5, before: None }).unwrap().data.len(), 1);
        assert_eq!(accounts::balances(conn, app).unwrap().len(), 1);
        let balances = postings::balances(conn, app).unwrap();
        assert_eq!(balances.iter().map(|b| (b.purpose.as_str(), b.balance_minor)).collect::<Vec<_>>(), [("wallet", 0)]);
        assert!(postings::for_account(conn, app, &opened.id, 10).unwrap().is_empty());
        assert!(postings::for_reference(conn, app, "transaction", "t1").unwrap().is_empty());

        assert!(partner_wallets::upsert(conn, partner, Network::Base, WalletRole::Fees, "0x1", NOW).unwrap().0);
        assert!(!partner_wallets::upsert(conn, partner, Network::Base, WalletRole::Fees, "0x1", NOW).unwrap().0);
        assert!(!partner_wallets::upsert(conn, partner, Network::Base, WalletRole::Fees, "0x2", NOW).unwrap().0);
        assert_eq!(partner_wallets::list(conn, partner).unwrap()[0].address, "0x2");

        assert!(!review::drilled_since(conn, app, NOW).unwrap());
        review::start_drill(conn, app, NOW, &["fr_1".to_owned()]).unwrap();
        assert!(review::drilled_since(conn, app, NOW).unwrap());
        assert_eq!(review::latest_drill(conn, app).unwrap().map(|d| d.rules), Some(vec!["fr_1".to_owned()]));
        assert_eq!(review::first_request(conn, app).unwrap(), None);
        assert!(review::requests(conn, app, NOW, None, 10).unwrap().is_empty());
        review::each_attempt(conn, app, NOW, |_| panic!("no attempts")).unwrap();
        assert!(review::subscribed_events(conn, app).unwrap().is_empty());

        // The lists and lookups of the flows and the logs, with every
        // filter set: each statement is typed and run by the database.
        let page = PageRequest { limit: 5, before: Some("zzz".to_owned()) };
        assert!(quotes::find(conn, app, "q_none").unwrap().is_none());
        assert!(transactions::find(conn, Some(app), "t_none").unwrap().is_none());
        assert!(transactions::list(conn, app, &page).unwrap().data.is_empty());
        assert!(payments::find(conn, None, "p_none").unwrap().is_none());
        let filter = payments::Filter { status: None, from: Some(NOW), to: Some(NOW) };
        assert!(payments::list(conn, app, &filter, &page).unwrap().data.is_empty());
        assert!(transfers::find(conn, Some(app), "tr_none").unwrap().is_none());
        assert!(transfers::list(conn, app, None, &page).unwrap().data.is_empty());
        let filter = request_logs::LogFilter {
            method: Some("POST".to_owned()),
            endpoint: Some("/v1/quotes".to_owned()),
            status_code_gte: Some(200),
            status_code_lte: Some(599),
            from: Some(NOW),
            to: Some(NOW),
        };
        assert!(request_logs::list(conn, app, &filter, &page).unwrap().data.is_empty());
        assert!(request_logs::find(conn, app, "log_none").unwrap().is_none());
        assert_eq!(request_logs::body_bytes(conn, partner).unwrap(), 0);
        assert_eq!(request_logs::prune(conn, app, 10).unwrap(), 0);
        assert_eq!(request_logs::prune_exchanges(conn, app, 10).unwrap(), 0);
        assert_eq!(request_logs::prune_exchanges(conn, app, 0).unwrap(), 0);
        let filter = webhooks::DeliveryFilter {
            endpoint: Some("we_1".to_owned()),
            event: Some("settlement.created".to_owned()),
            event_id: Some("evt_1".to_owned()),
            status: Some("pending".to_owned()),
        };
        assert!(webhooks::deliveries_of_application(conn, app, &filter, &page).unwrap().data.is_empty());
    });
}

#[test]
fn failed_sign_ins_count_lock_are_forgotten_and_stay_bounded() {
    on_postgres(|conn| {
        let forget = |now: i64| now - 900_000;
        let t = 1_000_000_000;
        let ann = ["user:ann".to_owned()];
        assert_eq!(login_failures::locked_until(conn, &ann, t, forget(t)).unwrap(), None);
        assert_eq!(login_failures::fail(conn, "user:ann", t, forget(t)).unwrap(), 1);
        assert_eq!(login_failures::fail(conn, "user:ann", t + 1, forget(t + 1)).unwrap(), 2);
        login_failures::lock(conn, "user:ann", t + 5_000).unwrap();
        login_failures::lock(conn, "user:ann", t + 2_000).unwrap();
        assert_eq!(
            login_failures::locked_until(conn, &ann, t + 10, forget(t + 10)).unwrap(),
            Some(t + 5_000),
            "the longer lock holds"
        );
        assert_eq!(login_failures::locked_until(conn, &ann, t + 5_000, forget(t + 5_000)).unwrap(), None, "over");
        // Forgotten a quarter of an hour after the last failure: counting starts again, unlocked.
        let later = t + 900_001;
        assert_eq!(login_failures::fail(conn, "user:ann", later, forget(later)).unwrap(), 1);
        login_failures::clear(conn, "user:ann").unwrap();
        assert_eq!(login_failures::fail(conn, "user:ann", later, forget(later)).unwrap(), 1, "a success clears");
        // The bound: the latest `keep` subjects stay, stale ones go whatever the bound.
        for n in 0..5 {
            login_failures::fail(conn, &format!("client:{n}"), later + n, forget(later + n)).unwrap();
        }
        login_failures::prune(conn, forget(later + 5), 3).unwrap();
        let left: Vec<String> = conn
            .prepare("SELECT subject FROM login_failures ORDER BY subject")
            .unwrap()
            .query_map((), |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(left, ["client:2", "client:3", "client:4"]);
        login_failures::prune(conn, later + 10, 3).unwrap();
        assert_eq!(login_failures::locked_until(conn, &["client:4".to_owned()], later, 0).unwrap(), None);
        let count: i64 = conn.query_row("SELECT COUNT(*) FROM login_failures", (), |r| r.get(0)).unwrap();
        assert_eq!(count, 0, "all stale");
    });
}

#[test]
fn tool_nonces_are_taken_once_and_bounded_per_key() {
    on_postgres(|conn| {
        assert!(tool_nonces::take(conn, 1, "a", 0, 100, 2).unwrap());
        assert!(!tool_nonces::take(conn, 1, "a", 1, 100, 2).unwrap(), "taken once");
        assert!(tool_nonces::take(conn, 1, "b", 1, 100, 2).unwrap());
        assert!(!tool_nonces::take(conn, 1, "c", 2, 100, 2).unwrap(), "the key holds its most");
        assert!(tool_nonces::take(conn, 2, "c", 2, 100, 2).unwrap(), "another key's own bound");
        assert!(tool_nonces::take(conn, 1, "c", 100, 200, 2).unwrap(), "forgotten ones make room");
        assert!(tool_nonces::take(conn, 1, "a", 100, 200, 2).unwrap(), "and may be taken again");
    });
}

#[test]
fn console_messages_wait_in_order_bounded_and_are_forgotten() {
    on_postgres(|conn| {
        let flash = |text: &str| console_flashes::StoredFlash {
            failed: text == "second",
            text: text.to_owned(),
            details: vec![format!("{text}'s detail")],
        };
        let bounds = console_flashes::Bounds { per_session: 2, all: 3, stale_before: 0 };
        for text in ["first", "second", "third"] {
            console_flashes::push(conn, "s1", &flash(text), 1_000, bounds).unwrap();
        }
        console_flashes::push(conn, "s2", &flash("other"), 1_000, bounds).unwrap();
        assert_eq!(
            console_flashes::take(conn, "s1").unwrap(),
            [flash("first"), flash("second")],
            "in order, at most two"
        );
        assert!(console_flashes::take(conn, "s1").unwrap().is_empty(), "taken once");
        // A session that never came back: its messages go when they are stale.
        let later = console_flashes::Bounds { stale_before: 2_000, ..bounds };
        console_flashes::push(conn, "s3", &flash("late"), 5_000, later).unwrap();
        assert!(console_flashes::take(conn, "s2").unwrap().is_empty());
        assert_eq!(console_flashes::take(conn, "s3").unwrap().len(), 1);
        // Every session's together: beyond the bound the oldest go, whoever left them.
        for (session, text) in [("a", "one"), ("b", "two"), ("c", "three"), ("d", "four")] {
            console_flashes::push(conn, session, &flash(text), 6_000, later).unwrap();
        }
        assert!(console_flashes::take(conn, "a").unwrap().is_empty(), "the oldest of four went");
        for session in ["b", "c", "d"] {
            assert_eq!(console_flashes::take(conn, session).unwrap().len(), 1, "{session}");
        }
    });
}
