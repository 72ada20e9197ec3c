//! The API's contract, read from its OpenAPI 3.1 document: which operations
//! exist (method and path template), what each takes (parameters, headers,
//! credentials, a body) and what each answers (statuses and bodies). Used by
//! `payctl proxy` to check a partner's real traffic in both directions.
//!
//! Everything is compiled once, when the contract is loaded: one JSON Schema
//! validator (2020-12, formats checked) per distinct schema, its
//! `#/components/schemas/...` references resolved against the document, so
//! checking an exchange costs a path match and the validations.
//!
//! # Layout
//! - this module: loading, operations and matching a request to one;
//! - [`check`]: the checks of a request and of an answer, as [`Violation`]s.

pub mod check;

use std::collections::HashMap;
use std::sync::Arc;

use anyhow::Context;
use axum::http::Method;
use jsonschema::{Draft, Validator};
use serde_json::Value;

/// The address the document is registered under, so that its own
/// `#/components/...` references resolve inside it.
const DOCUMENT_URI: &str = "https://contract.payctl.invalid/openapi.json";

/// An operation of the document.
pub struct Operation {
    /// `operationId`, else `METHOD template`.
    pub id: String,
    pub method: Method,
    /// The path template as the document writes it (`/v1/customers/{id}`).
    pub template: String,
    segments: Vec<Segment>,
    params: Vec<Param>,
    body: Option<RequestBody>,
    /// Alternatives, any one of which is enough; empty for a public operation.
    security: Vec<Vec<Credential>>,
    /// Status (`201`, `4XX`, `default`) → its bodies (none: no body).
    responses: Vec<(String, Media)>,
}

/// Bodies by media type, each with its schema's validator.
type Media = Vec<(String, Arc<Validator>)>;

enum Segment {
    Literal(String),
    Param,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ParamIn {
    Path,
    Query,
    Header,
}

struct Param {
    name: String,
    location: ParamIn,
    required: bool,
    schema: Option<Arc<Validator>>,
}

struct RequestBody {
    required: bool,
    media: Media,
}

/// A credential a security scheme asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Credential {
    /// An API key in this header.
    Header(String),
    /// `Authorization: Bearer …`.
    Bearer,
}

/// The compiled contract.
pub struct Contract {
    operations: Vec<Operation>,
    /// The error envelope, for error answers the document does not describe.
    envelope: Option<Arc<Validator>>,
    /// What the contract was read from, for messages.
    pub source: String,
}

/// Validators by schema text: most answers share a few schemas (the error
/// envelope above all), so each is compiled once.
struct Compiler<'r> {
    registry: &'r jsonschema::Registry<'r>,
    cache: HashMap<String, Arc<Validator>>,
}

impl Compiler<'_> {
    fn compile(&mut self, schema: &Value) -> anyhow::Result<Arc<Validator>> {
        let mut schema = schema.clone();
        anchor_references(&mut schema);
        let text = schema.to_string();
        if let Some(found) = self.cache.get(&text) {
            return Ok(found.clone());
        }
        let validator = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .with_registry(self.registry)
            .should_validate_formats(true)
            .build(&schema)
            .map_err(|e| anyhow::anyhow!("a schema of the document does not compile: {e}"))?;
        let validator = Arc::new(validator);
        self.cache.insert(text, validator.clone());
        Ok(validator)
    }
}

/// Local references (`#/components/schemas/X`) of a schema taken out of the
/// document point back into it.
fn anchor_references(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                match value {
                    Value::String(target) if key == "$ref" && target.starts_with('#') => {
                        *target = format!("{DOCUMENT_URI}{target}");
                    }
                    other => anchor_references(other),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(anchor_references),
        _ => {}
    }
}

const METHODS: &[&str] = &["get", "put", "post", "delete", "options", "head", "patch", "trace"];

impl Contract {
    /// The document the sandbox serves, embedded in the binary.
    pub fn embedded() -> anyhow::Result<Contract> {
        let document = serde_json::to_value(payctl_sandbox::openapi_document())?;
        Contract::from_document(&document, "the embedded OpenAPI document")
    }

    /// A document from a file: JSON (YAML is not read).
    pub fn from_file(path: &std::path::Path) -> anyhow::Result<Contract> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let document: Value =
            serde_json::from_str(&text).with_context(|| format!("{} is not a JSON document", path.display()))?;
        Contract::from_document(&document, &path.display().to_string())
    }

    pub fn from_document(document: &Value, source: &str) -> anyhow::Result<Contract> {
        let paths = document["paths"]
            .as_object()
            .ok_or_else(|| anyhow::anyhow!("{source} has no `paths`: not an OpenAPI document"))?;
        let registry = jsonschema::Registry::new()
            .draft(Draft::Draft202012)
            .add(DOCUMENT_URI, document)
            .and_then(|b| b.prepare())
            .map_err(|e| anyhow::anyhow!("{source}: {e}"))?;
        let mut compiler = Compiler { registry: &registry, cache: HashMap::new() };
        let schemes = document["components"]["securitySchemes"].as_object().cloned().unwrap_or_default();
        let mut operations = Vec::new();
        for (template, item) in paths {
            let shared = item["parameters"].as_array().cloned().unwrap_or_default();
            for method in METHODS {
                let Some(op) = item.get(*method) else { continue };
                let at = format!("{} {template}", method.to_uppercase());
                operations.push(
                    operation(document, template, method, op, &shared, &schemes, &mut compiler)
                        .with_context(|| format!("{source}: {at}"))?,
                );
            }
        }
        let envelope = match document.pointer("/components/schemas/ErrorEnvelope") {
            Some(_) => Some(compiler.compile(&serde_json::json!({"$ref": "#/components/schemas/ErrorEnvelope"}))?),
            None => None,
        };
        Ok(Contract { operations, envelope, source: source.to_owned() })
    }

    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// The operation of a request: the method and the path template
    /// matching the most literal segments (`/v1/transactions/quote` before
    /// `/v1/transactions/{id}`). `Err(true)` when the path is known under
    /// other methods only.
    pub fn find(&self, method: &Method, path: &str) -> Result<&Operation, bool> {
        let segments: Vec<&str> = path.split('/').collect();
        let mut best: Option<(&Operation, usize)> = None;
        let mut path_known = false;
        for op in &self.operations {
            let Some(literals) = op.matches(&segments) else { continue };
            path_known = true;
            if op.method == *method && best.is_none_or(|(_, n)| literals > n) {
                best = Some((op, literals));
            }
        }
        best.map(|(op, _)| op).ok_or(path_known)
    }
}

impl Operation {
    /// How many literal segments match, or `None` when the path is not this
    /// template's.
    fn matches(&self, segments: &[&str]) -> Option<usize> {
        if segments.len() != self.segments.len() {
            return None;
        }
        let mut literals = 0;
        for (want, got) in self.segments.iter().zip(segments) {
            match want {
                Segment::Literal(text) if text == got => literals += 1,
                Segment::Literal(_) => return None,
                Segment::Param if got.is_empty() => return None,
                Segment::Param => {}
            }
        }
        Some(literals)
    }

    /// The path parameters' values, by name, percent-decoded.
    fn path_values<'p>(&self, path: &'p str) -> Vec<(&str, std::borrow::Cow<'p, str>)> {
        let names = self.template.split('/').filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')));
        let values = path.split('/').zip(&self.segments).filter(|(_, s)| matches!(s, Segment::Param)).map(|(v, _)| v);
        names.zip(values).map(|(n, v)| (n, percent_encoding::percent_decode_str(v).decode_utf8_lossy())).collect()
    }
}

/// Follows a `$ref` to a component (`#/components/parameters/X`), once.
fn resolved<'d>(document: &'d Value, value: &'d Value) -> &'d Value {
    match value.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix('#')) {
        Some(pointer) => document.pointer(pointer).unwrap_or(value),
        None => value,
    }
}

fn operation(
    document: &Value,
    template: &str,
    method: &str,
    op: &Value,
    shared: &[Value],
    schemes: &serde_json::Map<String, Value>,
    compiler: &mut Compiler,
) -> anyhow::Result<Operation> {
    let segments = template
        .split('/')
        .map(|s| if s.starts_with('{') && s.ends_with('}') { Segment::Param } else { Segment::Literal(s.to_owned()) })
        .collect();
    let mut params = Vec::new();
    let own = op["parameters"].as_array().cloned().unwrap_or_default();
    for raw in shared.iter().chain(&own) {
        let p = resolved(document, raw);
        let location = match p["in"].as_str() {
            Some("path") => ParamIn::Path,
            Some("query") => ParamIn::Query,
            Some("header") => ParamIn::Header,
            _ => continue,
        };
        let name = p["name"].as_str().unwrap_or_default().to_owned();
        let schema = p.get("schema").map(|s| compiler.compile(s)).transpose()?;
        let required = location == ParamIn::Path || p["required"].as_bool() == Some(true);
        // An operation's own parameter replaces a shared one of the same name and place.
        params.retain(|q: &Param| !(q.name.eq_ignore_ascii_case(&name) && q.location == location));
        params.push(Param { name, location, required, schema });
    }
    let body = match op.get("requestBody").map(|b| resolved(document, b)) {
        Some(b) => Some(RequestBody { required: b["required"].as_bool() == Some(true), media: media(b, compiler)? }),
        None => None,
    };
    let mut security = Vec::new();
    for alternative in op["security"].as_array().into_iter().flatten() {
        let mut needs = Vec::new();
        for name in alternative.as_object().into_iter().flat_map(|m| m.keys()) {
            let scheme = &schemes.get(name).cloned().unwrap_or_default();
            match (scheme["type"].as_str(), scheme["in"].as_str(), scheme["scheme"].as_str()) {
                (Some("apiKey"), Some("header"), _) => {
                    needs.push(Credential::Header(scheme["name"].as_str().unwrap_or_default().to_owned()))
                }
                (Some("http"), _, Some(s)) if s.eq_ignore_ascii_case("bearer") => needs.push(Credential::Bearer),
                (Some("oauth2" | "openIdConnect"), _, _) => needs.push(Credential::Bearer),
                // Cookies and other schemes are not checked.
                _ => {}
            }
        }
        if needs.is_empty() {
            // `{}` among the alternatives: no credential needed.
            security.clear();
            break;
        }
        security.push(needs);
    }
    let mut responses = Vec::new();
    for (status, response) in op["responses"].as_object().into_iter().flatten() {
        responses.push((status.clone(), media(resolved(document, response), compiler)?));
    }
    let id = op["operationId"].as_str().map_or_else(|| format!("{} {template}", method.to_uppercase()), str::to_owned);
    let method = Method::from_bytes(method.to_uppercase().as_bytes())?;
    Ok(Operation { id, method, template: template.to_owned(), segments, params, body, security, responses })
}

/// The JSON-like bodies of a request body or response object, by media type.
fn media(object: &Value, compiler: &mut Compiler) -> anyhow::Result<Media> {
    let mut out = Vec::new();
    for (media_type, content) in object["content"].as_object().into_iter().flatten() {
        let schema = content.get("schema").cloned().unwrap_or(Value::Bool(true));
        out.push((media_type.to_ascii_lowercase(), compiler.compile(&schema)?));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_document_compiles_and_literal_segments_win() {
        let contract = Contract::embedded().unwrap();
        assert!(contract.operations().len() > 60);
        let quote = contract.find(&Method::POST, "/v1/transactions/quote").unwrap();
        assert_eq!(quote.id, "createTransactionQuote");
        let get = contract.find(&Method::GET, "/v1/transactions/0190f5c4-7a1b-7000-8000-000000000000").unwrap();
        assert_eq!(get.id, "getTransaction");
        assert_eq!(get.path_values("/v1/transactions/a%20b")[0].1, "a b");
        assert!(matches!(contract.find(&Method::PATCH, "/v1/customers"), Err(true)));
        assert!(matches!(contract.find(&Method::GET, "/v1/nothing"), Err(false)));
        assert!(matches!(contract.find(&Method::GET, "/v1/customers/"), Err(false)));
    }
}
