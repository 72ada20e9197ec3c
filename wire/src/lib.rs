//! Plain serde types for every request and response body of the payments API.
//!
//! The sandbox serialises these and the CLI deserialises them, so a field
//! renamed here changes both sides at once and neither can drift from the
//! other. Nothing in this crate does I/O or holds behaviour beyond small
//! parsing helpers for enums.
//!
//! # Layout
//! - [`error`]: the error envelope and every error code with its HTTP status.
//! - [`page`]: the two list envelopes (general and transactions).
//! - [`auth`]: the OpenID Connect token endpoint, registration and `auth/me`.
//! - [`applications`]: applications and their API keys.
//! - [`events`]: the event types webhooks deliver.
//! - [`webhooks`]: webhook endpoints, deliveries and the event trigger.
//! - [`sandbox`]: the sandbox-only control API and the ready line.
//! - [`faults`]: fault rules and the faults they inject.
//! - [`logs`]: request logs.
//! - [`transactions`]: transaction quotes and transactions;
//!   [`legacy_quotes`]: the legacy and corridor quote forms.
//! - The other nouns of the API, one module each: [`accounts`]
//!   (settlement accounts and wallets), [`beneficiaries`], [`customers`],
//!   [`compliance`] (KYB requests), [`partners`], [`payments`], [`pricing`] (markups and
//!   the fee simulation), [`transfers`] (every kind, swaps included) and
//!   [`wallets`] (partner wallets and address validation).
//! - [`review`]: the go-live review's drill and checks.
//! - [`schema`]: schema-only types that state in the OpenAPI document the
//!   rules lenient request fields are checked against.

pub mod schema;

pub mod accounts;
pub mod applications;
pub mod auth;
pub mod beneficiaries;
pub mod customers;
pub mod error;
pub mod events;
pub mod faults;
pub mod logs;
pub mod page;
pub mod review;
pub mod sandbox;
pub mod transactions;
pub mod webhooks;

/// Header carrying an API key secret on server-to-server routes.
pub const API_KEY_HEADER: &str = "x-api-key";
/// Header carrying the caller's correlation id; echoed as `correlation_id`.
pub const REQUEST_ID_HEADER: &str = "x-request-id";
/// Header that makes a POST safe to retry.
pub const IDEMPOTENCY_KEY_HEADER: &str = "idempotency-key";
/// `true` on an answer replayed from an earlier request with the same
/// Idempotency-Key.
pub const IDEMPOTENT_REPLAYED_HEADER: &str = "idempotent-replayed";
/// `true` on a replay whose first answer carried a secret shown once (an
/// API key's `client_secret`, a webhook's `secret`): the replay answers the
/// same record with that field null, since the secret is never stored.
pub const SECRET_WITHHELD_HEADER: &str = "secret-withheld";
/// The dashboard client identifier of the identity provider.
pub const DASHBOARD_CLIENT_ID: &str = "partner-console";
pub mod compliance;
pub mod legacy_quotes;
pub mod partners;
pub mod payments;
pub mod pricing;
pub mod transfers;
pub mod wallets;
