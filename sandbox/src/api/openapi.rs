//! The OpenAPI 3.1 document, served at `GET /v1/openapi.json` and
//! `GET /v1/openapi.yaml`.
//!
//! Operations are collected from the handlers' `#[utoipa::path]`
//! annotations as the router registers them, so the document cannot list
//! an operation the sandbox does not serve or miss one it does. [`finish`]
//! then adds what operations share, by one rule each rather than per
//! handler: `security: []` on public operations, the `Idempotency-Key`
//! header on every authenticated POST, the error responses every operation
//! of its kind can answer ([`errors`]), the rules of the shared `limit` and
//! `cursor` parameters, page item schemas by reference, the values of the
//! lists the wire crate leaves to the server's tables (countries, asset
//! codes, networks, corridors), the links of the stateful chains
//! ([`links`]), the examples ([`examples`]), and the characters text may
//! hold ([`text`]). Unused schemas are dropped.

mod errors;
mod examples;
mod links;
#[cfg(test)]
mod lint;
#[cfg(test)]
mod tests;
mod text;

use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::body::Bytes;
use axum::http::Method;
use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::response::IntoResponse;
use axum::routing::get;
use payctl_domain::asset::{self, AssetKind};
use payctl_domain::country;
use payctl_wire::beneficiaries::CreateBeneficiaryAccount;
use payctl_wire::customers::KybStatus;
use payctl_wire::error::{ErrorBody, ErrorEnvelope, FieldIssue};
use payctl_wire::logs::LogMethod;
use payctl_wire::page::{DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT};
use payctl_wire::payments::PaymentStatus;
use payctl_wire::schema;
use payctl_wire::transfers::CreateTransferRequest;
use utoipa::openapi::path::{Operation, ParameterBuilder, ParameterIn, PathItem};
use utoipa::openapi::schema::{ArrayItems, Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{Components, Deprecated, OpenApi, Ref, RefOr, Required};
use utoipa::{OpenApi as _, ToSchema};

use crate::error::ApiError;
use crate::operation::{Credential, KeyRule, Operations};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Cross-border payments API (payctl sandbox)",
        description = "The payments API as served by `payctl sandbox`. Server-to-server operations take an API key in \
                       `X-API-Key`; dashboard operations take a bearer token from the token endpoint; `/sandbox/...` \
                       operations exist only in the sandbox. Every error answers with the `ErrorEnvelope` schema; \
                       each error response lists the codes it can carry. This document is also served as YAML at \
                       `/v1/openapi.yaml`."
    ),
    servers(
        (url = "/", description = "This sandbox: the address that serves this document"),
        (url = "{base_url}", description = "Production, serving TEST and LIVE keys (the key selects the environment)",
            variables(("base_url" = (default = "https://api.payments.invalid",
                description = "The production base address issued at onboarding")))),
        (url = "{staging_url}", description = "Staging",
            variables(("staging_url" = (default = "https://staging.payments.invalid",
                description = "The staging base address issued at onboarding")))),
    ),
    tags(
        (name = "identity", description = "The identity provider's token endpoint: bearer tokens for dashboard operations (OpenID Connect password and refresh grants)."),
        (name = "dashboard", description = "The signed-in dashboard user, and the registration of its company as a partner."),
        (name = "applications", description = "Applications (each in one environment, TEST or LIVE) and their API keys."),
        (name = "partners", description = "Partners and sub-partners. These operations answer with the flat error codes (`VALIDATION_ERROR`, `UNAUTHORIZED`, `FORBIDDEN`, ...)."),
        (name = "customers", description = "Customers: the businesses and people a partner moves money for. A customer is verified (KYB) before it can move money."),
        (name = "participants", description = "The customers, under `/v1/participants`: the same records and rules."),
        (name = "counterparties", description = "Deprecated alias of `/v1/participants`: answers carry `Deprecation: true` and a `Link` to the successor. New clients use `/v1/participants`."),
        (name = "compliance", description = "Business verification (KYB) requests: start, restart after a rejection, or read where a customer stands."),
        (name = "beneficiaries", description = "Who a customer pays out to, each with exactly one payout account: a bank account or a stablecoin wallet."),
        (name = "quotes", description = "Transaction quotes: a price locked for 3 minutes, accepted once, then used by one transaction."),
        (name = "transactions", description = "Transactions: an accepted quote's destination amount paid to a beneficiary, funded from the application's float."),
        (name = "legacy quotes", description = "The legacy quote forms (TEST keys only): the JSON body on `GET /v1/quotes` and the corridor form on `POST /v1/quotes`. Their accepted quotes fund payments."),
        (name = "payments", description = "Payments (TEST keys only): fiat collected on a virtual IBAN for an accepted legacy quote, then settled."),
        (name = "transfers", description = "Transfers of every kind (payin, payout, bridge, on-chain swap) through one door or the granular ones."),
        (name = "accounts", description = "Ledger balances, and the settlement accounts and wallets of `/v1/accounts` (which answer with the flat error codes)."),
        (name = "wallets", description = "Wallet address validation (public) and the partner's own wallets."),
        (name = "pricing", description = "Markups at partner and customer level, the corridors, and the fee simulation."),
        (name = "webhooks", description = "Webhook endpoints and their deliveries. Deliveries are signed in `X-Service-Signature` (`t=<unix>,v1=<hex HMAC-SHA256 of \"t.body\">`), the construction of Stripe's `Stripe-Signature`."),
        (name = "logs", description = "Request logs: one record per API-key request, bodies redacted."),
        (name = "sandbox", description = "Sandbox-only operations: health, the clock, rates, decisions and simulated events. They do not exist in production."),
    )
)]
struct Base;

pub fn base() -> OpenApi {
    let mut api = Base::openapi();
    api.info.version = env!("CARGO_PKG_VERSION").to_owned();
    api
}

/// The document as served, rendered once, when first asked for: building
/// it (every operation's schemas, error responses and examples) is most of
/// what assembling the router would otherwise cost at start, and its tree is
/// several megabytes of small allocations, too much to keep (or clone per
/// request) for a file that never changes while the sandbox runs. Only its
/// JSON bytes are kept; the YAML form is rendered from them when first asked
/// for. Beside them, the API reference page: Redoc, embedded in the binary,
/// rendering the JSON document, so the page needs nothing from outside the
/// sandbox.
pub fn serve(router: Router<AppState>) -> Router<AppState> {
    let json = Arc::new(OnceLock::new());
    let yaml = Arc::new(OnceLock::new());
    let page =
        ([(CONTENT_TYPE, "text/html; charset=utf-8"), (CONTENT_SECURITY_POLICY, REFERENCE_POLICY)], REFERENCE_PAGE);
    let script = ([(CONTENT_TYPE, "text/javascript; charset=utf-8"), (CACHE_CONTROL, "max-age=3600")], REDOC);
    let json_route = json.clone();
    router
        .route(
            "/v1/openapi.json",
            get(move || async move { ([(CONTENT_TYPE, "application/json")], rendered(&json_route).await) }),
        )
        .route(
            "/v1/openapi.yaml",
            get(move || async move {
                let json = rendered(&json).await;
                match yaml.get_or_init(|| to_yaml(&json)) {
                    Some(yaml) => ([(CONTENT_TYPE, "application/yaml")], yaml.clone()).into_response(),
                    None => ApiError::internal("the document did not render as YAML").into_response(),
                }
            }),
        )
        .route("/reference", get(move || async move { page }))
        .route("/reference/redoc.standalone.js", get(move || async move { script }))
}

/// The document's JSON, built on the blocking pool the first time (tens of
/// milliseconds of work a request must not hold a runtime thread for).
async fn rendered(json: &Arc<OnceLock<Bytes>>) -> Bytes {
    if let Some(bytes) = json.get() {
        return bytes.clone();
    }
    let cell = json.clone();
    let built = tokio::task::spawn_blocking(move || {
        cell.get_or_init(|| Bytes::from(serde_json::to_vec(&super::openapi()).unwrap_or_default())).clone()
    })
    .await;
    built.unwrap_or_default()
}

/// The same document as YAML, transcoded as it streams so every key keeps
/// its place (a `serde_json::Value` would sort them).
fn to_yaml(json: &[u8]) -> Option<Bytes> {
    let mut yaml = Vec::new();
    let mut from = serde_json::Deserializer::from_slice(json);
    serde_transcode::transcode(&mut from, &mut serde_norway::Serializer::new(&mut yaml)).ok()?;
    Some(Bytes::from(yaml))
}

/// Redoc's standalone bundle (see `sandbox/assets/redoc/README.md`).
const REDOC: &[u8] = include_bytes!("../../assets/redoc/redoc.standalone.js");

const REFERENCE_PAGE: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cross-border payments API reference (payctl sandbox)</title>
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="/v1/openapi.json" expand-responses="200,201" path-in-middle-panel="true"></redoc>
<script src="/reference/redoc.standalone.js"></script>
</body>
</html>
"#;

/// The page loads only from the sandbox itself; Redoc builds its styles
/// and its search worker at run time.
const REFERENCE_POLICY: &str = "default-src 'self'; script-src 'self' blob:; worker-src 'self' blob:; \
                                style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:";

fn named<T: ToSchema>() -> (String, RefOr<Schema>) {
    (T::name().into_owned(), T::schema())
}

/// Every operation of a path item, with its method.
fn operations(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    [
        ("GET", &mut item.get),
        ("POST", &mut item.post),
        ("PUT", &mut item.put),
        ("PATCH", &mut item.patch),
        ("DELETE", &mut item.delete),
    ]
    .into_iter()
    .filter_map(|(method, op)| op.as_mut().map(|op| (method, op)))
}

/// Completes the generated document: each operation as the route table
/// declares it (security, `Idempotency-Key`, deprecation, error responses
/// in its dialect), then what every operation shares.
pub fn finish(mut api: OpenApi, table: &Operations) -> OpenApi {
    components(api.components.get_or_insert_with(Default::default));
    let shared = &mut api.components.get_or_insert_with(Default::default).responses;
    for (path, item) in api.paths.paths.iter_mut() {
        for (method, op) in operations(item) {
            let Some(declared) = table.all().iter().find(|d| d.path == *path && d.method.as_str() == method) else {
                continue;
            };
            op.security = Some(
                declared
                    .credential
                    .schemes()
                    .iter()
                    .map(|scheme| SecurityRequirement::new(*scheme, Vec::<String>::new()))
                    .collect(),
            );
            if declared.method == Method::POST && declared.credential != Credential::Public {
                idempotency_key(op, declared.key_rule);
            }
            if declared.successor.is_some() {
                op.deprecated = Some(Deprecated::True);
            }
            page_params(op);
            errors::complete(op, declared.dialect, shared);
        }
    }
    let components = api.components.get_or_insert_with(Default::default);
    page_items(components);
    table_values(components, table);
    text::state(&mut api);
    links::add(&mut api);
    examples::add(&mut api);
    prune(&mut api);
    api
}

/// Drops the schemas nothing refers to (the wire types' own schemas that
/// [`components`] replaced, and what only they named), so generators do
/// not build types no operation uses. A schema is used when the document
/// outside the schemas refers to it, or a used schema does.
fn prune(api: &mut OpenApi) {
    let mut document = serde_json::to_value(&*api).unwrap_or_default();
    let schemas = document.pointer_mut("/components/schemas").map(serde_json::Value::take).unwrap_or_default();
    let mut used = BTreeSet::new();
    let mut pending = Vec::new();
    references(&document, &mut pending);
    while let Some(name) = pending.pop() {
        if used.insert(name.clone())
            && let Some(schema) = schemas.get(&name)
        {
            references(schema, &mut pending);
        }
    }
    if let Some(components) = api.components.as_mut() {
        components.schemas.retain(|name, _| used.contains(name));
    }
}

/// The schema names `value` refers to.
fn references(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            if let Some(serde_json::Value::String(r)) = map.get("$ref") {
                out.push(schema_name(r).to_owned());
            }
            map.values().for_each(|v| references(v, out));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

/// Schemas no operation names by type, the account shapes, the values of
/// the server's tables, and the security schemes.
fn components(components: &mut Components) {
    // The envelope is added to every operation by `errors`; the others are
    // named only by query and path parameters, which do not register schemas.
    for (name, schema) in [
        named::<ErrorEnvelope>(),
        named::<ErrorBody>(),
        named::<FieldIssue>(),
        named::<schema::Uuid>(),
        named::<schema::AssetCode>(),
        named::<schema::Network>(),
        named::<schema::AmountMinor>(),
        named::<schema::PositiveDecimal>(),
        named::<schema::DateOrDateTime>(),
        named::<KybStatus>(),
        named::<PaymentStatus>(),
        named::<LogMethod>(),
    ] {
        components.schemas.entry(name).or_insert(schema);
    }
    // The closed request unions are registered last: a granular transfer
    // door names its variant directly, and that registration is not closed.
    let mut closed = super::accounts::request_schemas();
    CreateTransferRequest::schemas(&mut closed);
    CreateBeneficiaryAccount::schemas(&mut closed);
    for (name, schema) in closed {
        components.schemas.insert(name, schema);
    }
    let assets = |kind: Option<AssetKind>| -> Vec<String> {
        asset::ASSETS.iter().filter(|a| kind.is_none_or(|k| a.kind == k)).map(|a| a.code.to_owned()).collect()
    };
    for (name, values) in [
        ("Country", country::codes().map(str::to_owned).collect()),
        ("AssetCode", assets(None)),
        ("FiatCode", assets(Some(AssetKind::Fiat))),
        ("StablecoinCode", assets(Some(AssetKind::Stablecoin))),
        ("CorridorCode", payctl_domain::rates::corridor_ids()),
    ] {
        if let Some(RefOr::T(Schema::Object(schema))) = components.schemas.get_mut(name) {
            schema.pattern = None;
            schema.enum_values = Some(values.into_iter().map(Into::into).collect());
        }
    }
    components.add_security_scheme("api_key", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-API-Key"))));
    components.add_security_scheme(
        "bearer",
        SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
    );
    components.add_security_scheme(
        "control",
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .description(Some(
                    "The control_token of the ready line: the sandbox's operator. An operation under `/sandbox` that \
                     acts on one application (the drill, the review, a fork, a snapshot, a triggered event) needs \
                     `application_id` with this token, naming a TEST application; with a TEST key it acts on the \
                     key's own application and `application_id` may be left out. Operations that also have a \
                     global scope (the clock, rates, fault rules) act globally without it.",
                ))
                .build(),
        ),
    );
}

/// The values only the route table and the server know: the operations a
/// fault rule may name, and the snapshot formats and schema versions this
/// sandbox reads.
fn table_values(components: &mut Components, table: &Operations) {
    let faultable: Vec<&crate::operation::Operation> =
        table.all().iter().map(AsRef::as_ref).filter(|op| op.is_partner_api()).collect();
    if let Some(operation_id) = property(components, "RequestFaultMatch", "operation_id") {
        operation_id.enum_values = Some(faultable.iter().map(|op| op.id().into()).collect());
    }
    if let Some(path) = property(components, "RequestFaultMatch", "path") {
        // A template, or a concrete path of one: `{param}` takes any one
        // non-empty segment, as `operation::template_matches` reads it.
        let mut templates: Vec<String> = faultable
            .iter()
            .map(|op| {
                let segments = op.path.split('/').map(|segment| {
                    if segment.starts_with('{') && segment.ends_with('}') {
                        "[^/]+".to_owned()
                    } else {
                        regex::escape(segment)
                    }
                });
                segments.collect::<Vec<_>>().join("/")
            })
            .collect();
        templates.dedup();
        path.pattern = Some(format!("^({})$", templates.join("|")));
    }
    if let Some(format) = property(components, "Snapshot", "format") {
        let formats = (1..=crate::snapshot::FORMAT_VERSION).map(|v| format!("payctl-snapshot/{v}").into());
        format.enum_values = Some(formats.collect());
    }
    if let Some(schema) = property(components, "Snapshot", "schema") {
        schema.minimum = Some(1.into());
        schema.maximum = Some(crate::db::LATEST_VERSION.into());
    }
}

/// The inline schema of a property of a component schema.
fn property<'a>(components: &'a mut Components, schema: &str, name: &str) -> Option<&'a mut Object> {
    match components.schemas.get_mut(schema) {
        Some(RefOr::T(Schema::Object(object))) => match object.properties.get_mut(name) {
            Some(RefOr::T(Schema::Object(property))) => Some(property),
            _ => None,
        },
        _ => None,
    }
}

/// Every authenticated POST takes `Idempotency-Key` (one layer serves them
/// all); it is required where the route table requires it.
fn idempotency_key(op: &mut Operation, rule: KeyRule) {
    let params = op.parameters.get_or_insert_with(Vec::new);
    if params.iter().any(|p| p.name.eq_ignore_ascii_case(payctl_wire::IDEMPOTENCY_KEY_HEADER)) {
        return;
    }
    let required = rule == KeyRule::Required;
    let rule = if required { "Required" } else { "Optional" };
    params.push(
        ParameterBuilder::new()
            .name("Idempotency-Key")
            .parameter_in(ParameterIn::Header)
            .required(if required { Required::True } else { Required::False })
            .description(Some(format!(
                "{rule}: 1 to 255 printable ASCII characters, a fresh UUID per operation. A repeat with the same key \
                 within 24 hours answers the stored response (with `Idempotent-Replayed: true`) and runs nothing \
                 again; the same key with another body is 409 IDM_0001."
            )))
            .schema(Some(ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"^[!-~]{1,255}$"))))
            .build(),
    );
}

/// Every list takes `limit` and `cursor` as text so a bad value is
/// reported in the envelope rather than by the deserialiser; the document
/// states what is accepted: an integer from `MIN_LIMIT` to `MAX_LIMIT`, and
/// only a cursor the API minted.
fn page_params(op: &mut Operation) {
    for param in op.parameters.iter_mut().flatten().filter(|p| p.parameter_in == ParameterIn::Query) {
        match param.name.as_str() {
            "limit" => {
                param.schema = Some(
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .minimum(Some(MIN_LIMIT))
                        .maximum(Some(MAX_LIMIT))
                        .default(Some(DEFAULT_LIMIT.into()))
                        .into(),
                );
            }
            "cursor" => {
                param.description = Some(CURSOR.to_owned());
            }
            _ => {}
        }
    }
}

/// No schema can say which cursors exist, so the rule is stated in words.
const CURSOR: &str = "The `next_cursor` of the previous page, passed back unchanged. Cursors are opaque and only the \
                      API mints them: any other value is 400 VAL_0001 (`cursor`, `invalid`). Empty or absent: the \
                      first page.";

/// Page envelopes (`Page_X`, `TransactionPage_X`) name their item schema
/// by reference, so generators build one item type rather than one per
/// list. A generic's item schema arrives inline; it moves to the
/// components under its own name when no operation put it there.
fn page_items(components: &mut Components) {
    let pages: Vec<(String, String)> = components
        .schemas
        .keys()
        .filter_map(|name| {
            let (envelope, item) = name.split_once('_')?;
            ["Page", "TransactionPage"].contains(&envelope).then(|| (name.clone(), item.to_owned()))
        })
        .collect();
    for (page, item) in pages {
        let Some(RefOr::T(Schema::Object(envelope))) = components.schemas.get_mut(&page) else { continue };
        let Some(RefOr::T(Schema::Array(data))) = envelope.properties.get_mut("data") else { continue };
        let reference = ArrayItems::RefOrSchema(Box::new(Ref::from_schema_name(item.as_str()).into()));
        if let ArrayItems::RefOrSchema(inline) = std::mem::replace(&mut data.items, reference)
            && let RefOr::T(inline) = *inline
        {
            components.schemas.entry(item).or_insert(RefOr::T(inline));
        }
    }
}

fn schema_name(reference: &str) -> &str {
    reference.trim_start_matches("#/components/schemas/")
}

/// The operation with this `operationId`.
fn find_operation<'a>(api: &'a mut OpenApi, id: &str) -> Option<&'a mut Operation> {
    api.paths
        .paths
        .values_mut()
        .flat_map(|item| operations(item).map(|(_, op)| op))
        .find(|op| op.operation_id.as_deref() == Some(id))
}
