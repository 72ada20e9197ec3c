//! What an operation of the API is, as every layer beneath the handlers
//! sees it: the credential it takes, what it does, its error dialect and
//! its `Idempotency-Key` rule, and the lookup of the operations by id or by
//! path. The route table (`api::routes`) declares each operation once with
//! these; idempotency, the request log, rate limits, faults and the review
//! read them from here, so none of them depends on the handlers' module.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use axum::http::Method;

/// The credential an operation takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    /// `X-API-Key`, TEST or LIVE.
    ApiKey,
    /// `X-API-Key` of a TEST application; a LIVE key gets 403 before its
    /// request is read (spec 5.9).
    TestKey,
    /// The control token, or a TEST key acting on its own application.
    ControlOrTestKey,
    /// As [`Credential::ControlOrTestKey`], or a dashboard user's bearer
    /// token acting on its partner's TEST applications.
    ControlTestKeyOrBearer,
    /// A dashboard user's bearer token.
    Bearer,
    /// The control token only.
    Control,
    /// None.
    Public,
}

impl Credential {
    /// Whether an API key can make the request, so that it is rate limited
    /// and logged under that key.
    pub fn takes_api_key(self) -> bool {
        matches!(
            self,
            Credential::ApiKey
                | Credential::TestKey
                | Credential::ControlOrTestKey
                | Credential::ControlTestKeyOrBearer
        )
    }

    /// The security schemes the document states, any one of which will do.
    pub fn schemes(self) -> &'static [&'static str] {
        match self {
            Credential::ApiKey | Credential::TestKey => &["api_key"],
            Credential::ControlOrTestKey => &["control", "api_key"],
            Credential::ControlTestKeyOrBearer => &["control", "api_key", "bearer"],
            Credential::Bearer => &["bearer"],
            Credential::Control => &["control"],
            Credential::Public => &[],
        }
    }
}

/// The error codes an operation answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `VAL_0001`, `ATH_0001`, `ATH_0002`...
    Numbered,
    /// `VALIDATION_ERROR`, `UNAUTHORIZED`, `FORBIDDEN` for those (accounts
    /// and partners, spec 4.6 and 4.7).
    Flat,
}

/// What an operation does, as the go-live review and the drill see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Read,
    /// Creates a record that moves no money (a customer, a webhook endpoint,
    /// a quote).
    Create,
    /// Creates a record that moves money (a transaction, a payment, a
    /// transfer of any kind).
    MoveMoney,
    /// Changes, acts on or deletes an existing record.
    Change,
    /// Sandbox-only: the clock, rates, decisions, simulated events, faults.
    Simulate,
    /// The identity provider, the dashboard user and the service's health.
    Session,
}

/// The `Idempotency-Key` rule of a POST (spec 4.13); other methods ignore
/// the header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRule {
    Optional,
    Required,
}

/// One operation of the API.
#[derive(Debug, Clone)]
pub struct Operation {
    /// The document's `operationId`, read from the annotation when first
    /// asked for ([`Operation::id`]).
    id: OnceLock<String>,
    /// The annotation's description of the operation.
    annotation: fn() -> utoipa::openapi::path::Operation,
    pub method: Method,
    /// The document's path template (`/v1/customers/{id}`).
    pub path: String,
    pub credential: Credential,
    pub purpose: Purpose,
    pub dialect: Dialect,
    pub key_rule: KeyRule,
    /// For a deprecated alias, the path of what replaces it.
    pub successor: Option<&'static str>,
    /// Its answer is stored with its work (`idempotency::Committed`).
    pub commits: bool,
    /// The largest request body it reads, in bytes (413 above it).
    pub body_limit: usize,
}

impl Operation {
    /// An operation that takes `credential` and does `purpose`, with the
    /// numbered dialect, an optional `Idempotency-Key`, no successor, an
    /// uncommitted answer and the default body limit (the route table's
    /// builders change those).
    pub fn new(
        annotation: fn() -> utoipa::openapi::path::Operation,
        method: Method,
        path: String,
        credential: Credential,
        purpose: Purpose,
    ) -> Operation {
        Operation {
            id: OnceLock::new(),
            annotation,
            method,
            path,
            credential,
            purpose,
            dialect: Dialect::Numbered,
            key_rule: KeyRule::Optional,
            successor: None,
            commits: false,
            body_limit: crate::http::BODY_LIMIT,
        }
    }

    /// The document's `operationId`. The annotation that states it builds
    /// the operation's whole description (parameters, responses, examples),
    /// so it is read on first use, not for every operation at start, where
    /// that code and its strings held about 0.8 MB of an idle sandbox's
    /// memory (BENCHMARKS.md). Every annotation states one (a test holds
    /// them to it); the label stands in otherwise.
    pub fn id(&self) -> &str {
        self.id.get_or_init(|| (self.annotation)().operation_id.unwrap_or_else(|| self.label()))
    }

    /// A partner's integration calls it with an API key, and it exists in
    /// production too (not a `/sandbox/...` route): what fault rules apply
    /// to and the review judges.
    pub fn is_partner_api(&self) -> bool {
        self.credential.takes_api_key() && self.purpose != Purpose::Simulate
    }

    /// Whether a concrete request path is one of this operation's.
    pub fn matches_path(&self, path: &str) -> bool {
        template_matches(&self.path, path)
    }

    /// `POST /v1/transactions`.
    pub fn label(&self) -> String {
        format!("{} {}", self.method, self.path)
    }
}

/// A path template's segments against a concrete path's: `{param}` takes
/// any one non-empty segment. A template also matches itself.
pub fn template_matches(template: &str, path: &str) -> bool {
    let (mut t, mut p) = (template.split('/'), path.split('/'));
    loop {
        match (t.next(), p.next()) {
            (None, None) => return true,
            (Some(t), Some(p)) if t.starts_with('{') && t.ends_with('}') => {
                if p.is_empty() {
                    return false;
                }
            }
            (Some(t), Some(p)) if t == p => {}
            _ => return false,
        }
    }
}

/// The table's operations, found by id or by path.
#[derive(Debug)]
pub struct Operations {
    all: Vec<Arc<Operation>>,
    /// Made on the first lookup by id, which reads every id.
    by_id: OnceLock<HashMap<String, usize>>,
}

impl Operations {
    pub fn new(all: Vec<Arc<Operation>>) -> Operations {
        Operations { all, by_id: OnceLock::new() }
    }

    pub fn all(&self) -> &[Arc<Operation>] {
        &self.all
    }

    pub fn by_id(&self, id: &str) -> Option<&Arc<Operation>> {
        let by_id =
            self.by_id.get_or_init(|| self.all.iter().enumerate().map(|(i, op)| (op.id().to_owned(), i)).collect());
        by_id.get(id).map(|&i| &self.all[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_match_their_own_paths_and_only_those() {
        assert!(template_matches("/v1/customers/{id}", "/v1/customers/abc"));
        assert!(template_matches("/v1/customers/{id}", "/v1/customers/{id}"));
        assert!(!template_matches("/v1/customers/{id}", "/v1/customers/"));
        assert!(!template_matches("/v1/customers/{id}", "/v1/customers"));
        assert!(!template_matches("/v1/customers/{id}", "/v1/customers/a/b"));
        assert!(template_matches("/v1/customers", "/v1/customers"));
        assert!(!template_matches("/v1/customers", "/v1/customer"));
    }
}
