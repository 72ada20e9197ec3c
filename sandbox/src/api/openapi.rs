//! The OpenAPI 3.1 document served at `GET /v1/openapi.json`.
//!
//! Operations are collected from the handlers' `#[utoipa::path]`
//! annotations as the router registers them, so the document cannot list
//! an operation the sandbox does not serve or miss one it does. [`finish`]
//! then adds what every operation shares: the error envelope for each
//! error status an operation can answer, the security schemes, the rules
//! of the shared `limit` and `cursor` query parameters, and the values of
//! the lists the wire crate leaves to the server's tables (countries, asset
//! codes, networks, corridors).

use payctl_wire::accounts::CreateAccount;
use payctl_wire::customers::KybStatus;
use payctl_wire::error::{ErrorBody, ErrorEnvelope, FieldIssue};
use payctl_wire::logs::LogMethod;
use payctl_wire::page::{DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT};
use payctl_wire::payments::PaymentStatus;
use payctl_wire::schema;

use crate::domain::address::Network;
use crate::domain::{asset, country};
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};
use utoipa::{OpenApi as _, ToSchema};

#[derive(utoipa::OpenApi)]
#[openapi(info(
    title = "Cross-border payments API (payctl sandbox)",
    description = "The payments API as served by `payctl sandbox`. Server-to-server operations take an API key in `X-API-Key`; dashboard operations take a bearer token from the token endpoint; `/sandbox/...` operations exist only in the sandbox."
))]
struct Base;

pub fn base() -> OpenApi {
    let mut api = Base::openapi();
    api.info.version = env!("CARGO_PKG_VERSION").to_owned();
    api
}

/// Error statuses every operation of a family may answer, besides its own.
fn common_errors(op: &Operation) -> Vec<(&'static str, &'static str)> {
    let mut errors = vec![("400", "invalid request: see `error.details`"), ("500", "internal error")];
    if op.security.as_ref().is_none_or(|s| !s.is_empty()) {
        errors.push(("401", "missing or invalid credential (ATH_0001)"));
        errors.push(("403", "forbidden (ATH_0002)"));
        errors.push(("429", "rate limited"));
    }
    errors.push(("404", "not found"));
    errors.push(("405", "method not allowed"));
    errors.push(("413", "request body over 1 MiB"));
    errors.push(("415", "request body is not JSON"));
    errors
}

#[cfg(test)]
mod tests;

fn named<T: ToSchema>() -> (String, RefOr<Schema>) {
    (T::name().into_owned(), T::schema())
}

pub fn finish(mut api: OpenApi) -> OpenApi {
    let components = api.components.get_or_insert_with(Default::default);
    // The envelope is added to every operation below; the others are named
    // only by query and path parameters, which do not register schemas.
    for (name, schema) in [
        named::<ErrorEnvelope>(),
        named::<ErrorBody>(),
        named::<FieldIssue>(),
        named::<schema::Uuid>(),
        named::<schema::AssetCode>(),
        named::<schema::NetworkCode>(),
        named::<schema::AmountMinor>(),
        named::<schema::PositiveDecimal>(),
        named::<schema::DateOrDateTime>(),
        named::<KybStatus>(),
        named::<PaymentStatus>(),
        named::<LogMethod>(),
    ] {
        components.schemas.entry(name).or_insert(schema);
    }
    components.schemas.insert(CreateAccount::name().into_owned(), super::accounts::request_schema());
    let assets: Vec<String> = asset::ASSETS.iter().map(|a| a.code.to_owned()).collect();
    let networks: Vec<String> = Network::ALL.iter().map(|n| n.code().to_owned()).collect();
    for (name, values) in [
        ("Country", country::codes().map(str::to_owned).collect()),
        ("AssetCode", assets),
        ("NetworkCode", networks),
        ("CorridorCode", crate::domain::rates::corridor_ids()),
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
                .description(Some("the control_token of the ready line"))
                .build(),
        ),
    );
    for item in api.paths.paths.values_mut() {
        for op in
            [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete].into_iter().flatten()
        {
            page_params(op);
            for (status, description) in common_errors(op) {
                op.responses.responses.entry(status.to_owned()).or_insert_with(|| {
                    ResponseBuilder::new()
                        .description(description)
                        .content(
                            "application/json",
                            ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorEnvelope"))).build(),
                        )
                        .build()
                        .into()
                });
            }
        }
    }
    api
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
