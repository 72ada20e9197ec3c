//! The route table: every operation, declared once, with what the rest of
//! the sandbox needs to know about it.
//!
//! An entry names the handler (whose `#[utoipa::path]` gives the method,
//! the path template and the `operationId`) and its rule: the credential
//! it takes, whether `Idempotency-Key` is required, its error dialect, the
//! successor of a deprecated alias, and what it does ([`Purpose`]). From
//! the table the router stacks each operation's layers
//! ([`super::layers`]), the OpenAPI document states its security,
//! idempotency header, deprecation and error responses, and the fault
//! rules and the go-live review find operations by id or path
//! ([`crate::operation::Operations`]). What an operation is (its
//! credential, purpose, dialect) is [`crate::operation`], below the API, so
//! that the layers beneath the handlers can read it.

use axum::http::Method;
use axum::routing::MethodRouter;
use utoipa::openapi::HttpMethod;

use utoipa_axum::router::UtoipaMethodRouter;
use utoipa_axum::{PathItemExt, routes};

use super::*;
use crate::auth::token_endpoint;
use crate::idempotency;
use crate::operation::{Credential, Dialect, KeyRule, Operation, Purpose};
use crate::state::AppState;

/// An entry of the table: the operation, its handler and its documentation.
pub struct Declared {
    /// Method, path and id from the handler's `#[utoipa::path]`; the rest
    /// from the table.
    pub operation: Operation,
    /// The handler on its method, before its layers.
    pub handler: MethodRouter<AppState>,
    /// The handler's part of the OpenAPI document (its path item and the
    /// schemas it refers to), built only when the document is: the
    /// schemas were most of the sandbox's start-up.
    pub document: fn() -> UtoipaMethodRouter<AppState>,
}

impl Declared {
    /// Flat error codes (accounts, partners).
    fn flat(mut self) -> Declared {
        self.operation.dialect = Dialect::Flat;
        self
    }

    /// `Idempotency-Key` required (400 IDM_0002 without it).
    fn key_required(mut self) -> Declared {
        self.operation.key_rule = KeyRule::Required;
        self
    }

    /// Its handler answers with a [`idempotency::Committed`] write: the
    /// bound is the check, the flag what the table's test reads.
    fn committed<H: idempotency::AnswersCommitted<Args>, Args>(mut self, _handler: H) -> Declared {
        self.operation.commits = true;
        self
    }

    /// Request bodies of up to `limit` bytes rather than the default
    /// [`crate::http::BODY_LIMIT`] (one partner sends one at a time: see
    /// [`crate::http::body`]).
    fn body_limit(mut self, limit: usize) -> Declared {
        self.operation.body_limit = limit;
        self
    }

    /// A deprecated alias of `successor`.
    fn alias_of(mut self, successor: &'static str) -> Declared {
        self.operation.successor = Some(successor);
        self
    }

    /// An entry for `handler`, whose `#[utoipa::path]` is `Doc`: its
    /// method and path are read without building its description.
    fn new<Doc, H, T>(
        handler: H,
        document: fn() -> UtoipaMethodRouter<AppState>,
        credential: Credential,
        purpose: Purpose,
    ) -> Declared
    where
        Doc: utoipa::Path,
        H: axum::handler::Handler<T, AppState>,
        T: 'static,
    {
        let methods = Doc::methods();
        let [method] = methods.as_slice() else { panic!("{} documents one method", Doc::path()) };
        let handler = MethodRouter::new().on(method.to_method_filter(), handler);
        let method = match method {
            HttpMethod::Get => Method::GET,
            HttpMethod::Post => Method::POST,
            HttpMethod::Put => Method::PUT,
            HttpMethod::Patch => Method::PATCH,
            HttpMethod::Delete => Method::DELETE,
            HttpMethod::Head => Method::HEAD,
            HttpMethod::Options => Method::OPTIONS,
            HttpMethod::Trace => Method::TRACE,
        };
        let operation = Operation::new(Doc::operation, method, Doc::path(), credential, purpose);
        Declared { operation, handler, document }
    }
}

/// An operation of the table: its handler, `module::function`, annotated
/// with `#[utoipa::path]`, the credential it takes and what it does.
macro_rules! op {
    ($module:ident :: $function:ident, $credential:ident, $purpose:ident) => {
        utoipa_axum::paste! {
            Declared::new::<$module::[<__path_ $function>], _, _>(
                $module::$function,
                || routes!($module::$function),
                $credential,
                $purpose,
            )
        }
    };
}

/// An operation that changes data: declared like any other, and its
/// handler must answer with an [`idempotency::Committed`] write (checked
/// when the table compiles), so its answer is stored with its work.
macro_rules! committed {
    ($module:ident :: $function:ident, $credential:ident, $purpose:ident) => {
        op!($module::$function, $credential, $purpose).committed($module::$function)
    };
}

/// The operations of a path item with their methods.
#[cfg(test)]
fn methods(
    item: &utoipa::openapi::path::PathItem,
) -> impl Iterator<Item = (Method, &utoipa::openapi::path::Operation)> {
    [
        (Method::GET, &item.get),
        (Method::POST, &item.post),
        (Method::PUT, &item.put),
        (Method::PATCH, &item.patch),
        (Method::DELETE, &item.delete),
    ]
    .into_iter()
    .filter_map(|(method, op)| op.as_ref().map(|op| (method, op)))
}

/// Every operation the sandbox serves.
pub fn table() -> Vec<Declared> {
    use Credential::*;
    use Purpose::*;
    const PARTICIPANTS: &str = "/v1/participants";
    vec![
        // Customers, participants (the same records) and the deprecated alias.
        committed!(customers::create_customer, ApiKey, Create),
        op!(customers::list_customers, ApiKey, Read),
        op!(customers::get_customer, ApiKey, Read),
        committed!(customers::create_participant, ApiKey, Create),
        op!(customers::list_participants, ApiKey, Read),
        op!(customers::get_participant, ApiKey, Read),
        committed!(customers::create_counterparty, ApiKey, Create).alias_of(PARTICIPANTS),
        op!(customers::list_counterparties, ApiKey, Read).alias_of(PARTICIPANTS),
        op!(customers::get_counterparty, ApiKey, Read).alias_of(PARTICIPANTS),
        committed!(compliance::start, ApiKey, Change),
        committed!(beneficiaries::create, ApiKey, Create),
        op!(beneficiaries::list, ApiKey, Read),
        op!(beneficiaries::get, ApiKey, Read),
        // Money.
        committed!(transaction_quotes::create, ApiKey, Create),
        op!(transaction_quotes::get, ApiKey, Read),
        committed!(transaction_quotes::accept, ApiKey, Change),
        committed!(transactions::create, ApiKey, MoveMoney).key_required(),
        op!(transactions::list, ApiKey, Read),
        op!(transactions::get, ApiKey, Read),
        op!(legacy_quotes::create_legacy, TestKey, Create),
        committed!(legacy_quotes::create_corridor, TestKey, Create),
        op!(legacy_quotes::get, TestKey, Read),
        committed!(legacy_quotes::accept, TestKey, Change),
        committed!(payments::create, TestKey, MoveMoney).key_required(),
        op!(payments::list, TestKey, Read),
        op!(payments::get, TestKey, Read),
        committed!(transfers::create_transfer, ApiKey, MoveMoney),
        op!(transfers::get_transfer, ApiKey, Read),
        committed!(transfers::create_payin, ApiKey, MoveMoney),
        committed!(transfers::create_payout, ApiKey, MoveMoney),
        committed!(transfers::create_bridge, ApiKey, MoveMoney),
        committed!(transfers::create_swap, ApiKey, MoveMoney),
        op!(transfers::get_swap, ApiKey, Read),
        // Accounts, balances and partners.
        op!(accounts::for_customer, ApiKey, Read),
        op!(accounts::balances, ApiKey, Read),
        committed!(accounts::create, ApiKey, Create).flat(),
        op!(accounts::list, ApiKey, Read).flat(),
        op!(accounts::get, ApiKey, Read).flat(),
        committed!(partners::create, ApiKey, Create).flat(),
        op!(partners::get, ApiKey, Read).flat(),
        op!(partners::update, ApiKey, Change).flat(),
        // Webhooks and logs.
        committed!(webhooks::create, ApiKey, Create),
        op!(webhooks::list, ApiKey, Read),
        op!(webhooks::get, ApiKey, Read),
        op!(webhooks::update, ApiKey, Change),
        op!(webhooks::delete, ApiKey, Change),
        committed!(webhooks::rotate, ApiKey, Change),
        op!(webhooks::deliveries, ApiKey, Read),
        committed!(webhooks::redeliver, ApiKey, Change),
        op!(logs::list, ApiKey, Read),
        // The dashboard.
        committed!(dashboard::register, Bearer, Create),
        op!(dashboard::me, Bearer, Session),
        committed!(applications::create, Bearer, Create),
        op!(applications::list, Bearer, Read),
        op!(applications::get, Bearer, Read),
        committed!(applications::deactivate, Bearer, Change),
        committed!(keys::create, Bearer, Create),
        op!(keys::list, Bearer, Read),
        op!(keys::revoke, Bearer, Change),
        op!(wallets::list, Bearer, Read),
        op!(wallets::put, Bearer, Change),
        op!(pricing::get_markup, Bearer, Read),
        op!(pricing::put_markup, Bearer, Change),
        op!(pricing::list_customers, Bearer, Read),
        op!(pricing::get_customer_markup, Bearer, Read),
        op!(pricing::put_customer_markup, Bearer, Change),
        op!(pricing::delete_customer_markup, Bearer, Change),
        op!(pricing::corridors, Bearer, Read),
        op!(pricing::simulate, Bearer, Read),
        // The sandbox's own operations.
        committed!(control::create_user, Control, Simulate),
        committed!(reset::reset, Control, Simulate),
        op!(control::get_clock, ControlOrTestKey, Simulate),
        committed!(control::advance_clock, ControlOrTestKey, Simulate),
        op!(rates::list, ControlOrTestKey, Simulate),
        op!(rates::set, ControlOrTestKey, Simulate),
        op!(rates::clear, ControlOrTestKey, Simulate),
        committed!(customers::approve, ControlOrTestKey, Simulate),
        committed!(customers::reject, ControlOrTestKey, Simulate),
        committed!(trigger::trigger, ControlOrTestKey, Simulate),
        committed!(transactions::complete, ControlOrTestKey, Simulate),
        committed!(transactions::fail, ControlOrTestKey, Simulate),
        committed!(payments::fund, ControlOrTestKey, Simulate),
        committed!(faults::create, ControlOrTestKey, Simulate),
        op!(faults::list, ControlOrTestKey, Simulate),
        op!(faults::delete, ControlOrTestKey, Simulate),
        op!(faults::clear, ControlOrTestKey, Simulate),
        committed!(review::start_drill, ControlOrTestKey, Simulate),
        op!(review::stop_drill, ControlOrTestKey, Simulate),
        op!(review::review, ControlOrTestKey, Simulate),
        committed!(fork::fork, ControlOrTestKey, Simulate),
        op!(snapshot::save, ControlOrTestKey, Simulate),
        committed!(snapshot::load, ControlTestKeyOrBearer, Simulate).body_limit(crate::snapshot::BODY_LIMIT),
        op!(fork::delete, ControlTestKeyOrBearer, Simulate),
        // Public.
        op!(health::health, Public, Session),
        op!(health::ready, Public, Session),
        op!(token_endpoint::token, Public, Session),
        op!(wallets::validate, Public, Read),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_is_declared_once_with_a_unique_id() {
        let ops: Vec<Operation> = table().into_iter().map(|declared| declared.operation).collect();
        let mut ids: Vec<&str> = ops.iter().map(|op| op.id()).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before, "operation ids repeat");
        let mut routes: Vec<String> = ops.iter().map(Operation::label).collect();
        routes.sort_unstable();
        routes.dedup();
        assert_eq!(routes.len(), before, "a method and path is declared twice");
        // A required key only makes sense where the layer reads it.
        for op in &ops {
            if op.key_rule == KeyRule::Required {
                assert_eq!(op.method, Method::POST, "{}", op.id());
            }
            assert_eq!(op.purpose == Purpose::Simulate, op.path.starts_with("/sandbox/"), "{}", op.id());
        }
    }

    /// What the table reads of a handler at start (method, path, id) is
    /// what its documentation says, so the router serves the document's
    /// operations and nothing else.
    #[test]
    fn the_table_serves_each_operation_where_its_documentation_puts_it() {
        for declared in table() {
            let (_, paths, _) = (declared.document)();
            let documented: Vec<(String, Method, Option<String>)> = paths
                .paths
                .iter()
                .flat_map(|(path, item)| {
                    methods(item).map(|(method, op)| (path.clone(), method, op.operation_id.clone()))
                })
                .collect();
            let op = declared.operation;
            let id = op.id().to_owned();
            assert_eq!(documented, vec![(op.path, op.method, Some(id))]);
        }
    }

    /// Every POST a caller makes with a credential changes data and takes an
    /// `Idempotency-Key`, so its answer must be stored with its work: its
    /// handler answers `Committed` (which `committed!` checks as it compiles).
    /// The token endpoint (public, a form body, nothing stored) is the
    /// exception; the legacy quote's creation is a GET.
    #[test]
    fn every_post_that_writes_answers_a_committed_write() {
        let ops: Vec<Operation> = table().into_iter().map(|declared| declared.operation).collect();
        let loose: Vec<&str> = ops
            .iter()
            .filter(|op| op.method == Method::POST && op.credential != Credential::Public && !op.commits)
            .map(|op| op.id())
            .collect();
        assert!(loose.is_empty(), "POST operations whose answer is not committed with their work: {loose:?}");
        assert!(ops.iter().filter(|op| op.commits).all(|op| op.method == Method::POST));
        assert!(ops.iter().filter(|op| op.commits).count() >= 35);
    }
}
