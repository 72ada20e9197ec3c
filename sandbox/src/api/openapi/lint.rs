//! What partners' tools need from the document, checked on every build:
//! unique camelCase operation ids, a summary and description on every
//! operation, one declared tag each, stated security, standard formats,
//! timestamps as `date-time`, no bare `type: null` property, page items by
//! reference, discriminators that name real variants, links to real
//! operations, and error responses that list their codes.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::errors;

fn document() -> Value {
    serde_json::to_value(crate::api::openapi()).expect("the document serialises")
}

/// Every operation: `(method path, operation)`.
fn operations(doc: &Value) -> Vec<(String, &Value)> {
    let paths = doc["paths"].as_object().expect("paths");
    let mut ops = Vec::new();
    for (path, item) in paths {
        for (method, op) in item.as_object().expect("a path item") {
            ops.push((format!("{} {path}", method.to_uppercase()), op));
        }
    }
    assert!(ops.len() > 80, "{}", ops.len());
    ops
}

/// Every JSON object in `value` with the path that leads to it.
fn walk<'a>(value: &'a Value, at: String, out: &mut Vec<(String, &'a serde_json::Map<String, Value>)>) {
    match value {
        Value::Object(map) => {
            out.push((at.clone(), map));
            for (k, v) in map {
                walk(v, format!("{at}/{k}"), out);
            }
        }
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| walk(v, format!("{at}/{i}"), out)),
        _ => {}
    }
}

fn objects(doc: &Value) -> Vec<(String, &serde_json::Map<String, Value>)> {
    let mut out = Vec::new();
    walk(doc, String::new(), &mut out);
    out
}

/// `^[a-z]+([A-Z][a-z0-9]*)+$`: a lower-case verb, then capitalised words.
fn is_verb_noun(id: &str) -> bool {
    let verb_end = id.find(|c: char| c.is_ascii_uppercase()).unwrap_or(0);
    verb_end > 0
        && id[..verb_end].chars().all(|c| c.is_ascii_lowercase())
        && id.chars().all(|c| c.is_ascii_alphanumeric())
}

#[test]
fn operation_ids_are_unique_and_verb_noun() {
    let doc = document();
    let mut seen = BTreeMap::new();
    for (op_name, op) in operations(&doc) {
        let id = op["operationId"].as_str().unwrap_or_else(|| panic!("{op_name} has no operationId"));
        assert!(is_verb_noun(id), "{op_name}: operationId {id} is not camelCase verbNoun");
        if let Some(other) = seen.insert(id.to_owned(), op_name.clone()) {
            panic!("operationId {id} is used by {other} and {op_name}");
        }
    }
}

#[test]
fn every_operation_has_a_summary_a_description_a_declared_tag_and_security() {
    let doc = document();
    let declared: BTreeMap<&str, &str> = doc["tags"]
        .as_array()
        .expect("top-level tags")
        .iter()
        .map(|t| (t["name"].as_str().expect("a name"), t["description"].as_str().expect("a description")))
        .collect();
    let mut used = BTreeSet::new();
    for (op_name, op) in operations(&doc) {
        let summary = op["summary"].as_str().unwrap_or_default();
        assert!(
            !summary.is_empty() && summary.len() <= 60 && !summary.ends_with('.'),
            "{op_name}: summary {summary:?}"
        );
        let description = op["description"].as_str().unwrap_or_default();
        assert!(description.len() > summary.len(), "{op_name}: description {description:?}");
        let tags = op["tags"].as_array().expect("tags");
        assert_eq!(tags.len(), 1, "{op_name}: {tags:?}");
        let tag = tags[0].as_str().expect("a tag");
        assert!(declared.contains_key(tag), "{op_name}: tag {tag} is not declared");
        used.insert(tag);
        assert!(op["security"].is_array(), "{op_name} states no security");
    }
    assert_eq!(used, declared.keys().copied().collect(), "declared tags no operation uses");
    let public: Vec<String> = operations(&doc)
        .into_iter()
        .filter(|(_, op)| op["security"].as_array().is_some_and(Vec::is_empty))
        .map(|(name, _)| name)
        .collect();
    assert_eq!(
        public,
        [
            "POST /auth/realms/sandbox/protocol/openid-connect/token",
            "GET /health",
            "GET /ready",
            "GET /v1/wallets/validate"
        ]
    );
}

#[test]
fn servers_are_the_sandbox_production_and_staging() {
    let doc = document();
    let servers = doc["servers"].as_array().expect("servers");
    let urls: Vec<&str> = servers.iter().map(|s| s["url"].as_str().expect("a url")).collect();
    assert_eq!(urls, ["/", "{base_url}", "{staging_url}"]);
    for (server, variable) in servers[1..].iter().zip(["base_url", "staging_url"]) {
        assert!(server["variables"][variable]["default"].as_str().is_some_and(|d| d.starts_with("https://")));
    }
}

#[test]
fn every_authenticated_post_takes_an_idempotency_key() {
    let doc = document();
    for (op_name, op) in operations(&doc) {
        let key = op["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| p["name"] == "Idempotency-Key" && p["in"] == "header");
        let authenticated = op["security"].as_array().is_some_and(|s| !s.is_empty());
        match (op_name.starts_with("POST ") && authenticated, key) {
            (true, Some(key)) => {
                let required = ["POST /v1/transactions", "POST /v1/payments"].contains(&op_name.as_str());
                assert_eq!(key["required"].as_bool(), Some(required), "{op_name}");
            }
            (true, None) => panic!("{op_name} has no Idempotency-Key"),
            (false, Some(_)) => panic!("{op_name} documents an Idempotency-Key it ignores"),
            (false, None) => {}
        }
    }
}

/// Formats of the OpenAPI format registry and JSON Schema that generators know.
const STANDARD_FORMATS: &[&str] = &[
    "int32",
    "int64",
    "float",
    "double",
    "byte",
    "binary",
    "date",
    "date-time",
    "time",
    "duration",
    "password",
    "email",
    "uuid",
    "uri",
    "uri-reference",
    "hostname",
    "ipv4",
    "ipv6",
    "regex",
];

#[test]
fn formats_are_standard_and_timestamps_are_date_times() {
    let doc = document();
    for (at, object) in objects(&doc) {
        if let Some(Value::String(format)) = object.get("format") {
            assert!(STANDARD_FORMATS.contains(&format.as_str()), "{at}: format {format}");
        }
        let Some(Value::Object(properties)) = object.get("properties") else { continue };
        for (name, property) in properties {
            let timestamp = name.ends_with("_at") || name.ends_with("At") || ["now", "pay_by"].contains(&name.as_str());
            if timestamp {
                let formats: Vec<&Value> = std::iter::once(property)
                    .chain(property["oneOf"].as_array().into_iter().flatten())
                    .filter_map(|s| s.get("format"))
                    .collect();
                assert_eq!(formats, [&Value::from("date-time")], "{at}/properties/{name}: {property}");
            }
        }
    }
}

#[test]
fn no_property_is_a_bare_null() {
    let doc = document();
    for (at, object) in objects(&doc) {
        let Some(Value::Object(properties)) = object.get("properties") else { continue };
        for (name, property) in properties {
            let mut shape = property.as_object().cloned().unwrap_or_default();
            shape.remove("description");
            assert_ne!(Value::Object(shape), serde_json::json!({"type": "null"}), "{at}/properties/{name}");
        }
    }
}

#[test]
fn page_items_are_references() {
    let doc = document();
    let schemas = doc["components"]["schemas"].as_object().expect("schemas");
    let pages: Vec<&String> =
        schemas.keys().filter(|n| n.starts_with("Page_") || n.starts_with("TransactionPage_")).collect();
    assert!(pages.len() >= 10, "{pages:?}");
    for name in pages {
        let item = name.split_once('_').expect("a page name").1;
        assert_eq!(
            schemas[name]["properties"]["data"]["items"]["$ref"],
            format!("#/components/schemas/{item}"),
            "{name}"
        );
        assert!(schemas.contains_key(item), "{name}: no schema {item}");
    }
}

#[test]
fn discriminators_name_their_variants() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    let mut unions = Vec::new();
    for (at, object) in objects(&doc) {
        let Some(discriminator) = object.get("discriminator") else { continue };
        let property = discriminator["propertyName"].as_str().expect("propertyName");
        let mapping = discriminator["mapping"].as_object().expect("a mapping");
        let variants: Vec<&str> =
            object["oneOf"].as_array().expect("oneOf").iter().map(|v| v["$ref"].as_str().expect("$ref")).collect();
        assert_eq!(
            mapping.values().map(|v| v.as_str().unwrap()).collect::<BTreeSet<_>>(),
            variants.iter().copied().collect()
        );
        for (value, reference) in mapping {
            let variant = &schemas[reference.as_str().unwrap().trim_start_matches("#/components/schemas/")];
            // A variant is an object, or (accounts) a oneOf of objects, each
            // with the property as a required enum of this value.
            let shapes: Vec<&Value> = match variant["oneOf"].as_array() {
                Some(shapes) => shapes.iter().collect(),
                None => vec![variant],
            };
            for shape in shapes {
                assert_eq!(shape["properties"][property]["enum"], serde_json::json!([value]), "{at}: {reference}");
                assert!(
                    shape["required"].as_array().is_some_and(|r| r.contains(&property.into())),
                    "{at}: {reference}"
                );
            }
        }
        unions.push(at);
    }
    for union in [
        "CreateBeneficiaryAccount",
        "BeneficiaryAccountDetails",
        "CreateTransferRequest",
        "CreateAccount",
        "MarkupRequest",
    ] {
        assert!(unions.contains(&format!("/components/schemas/{union}")), "{union} is not discriminated: {unions:?}");
    }
}

#[test]
fn links_lead_to_operations_and_their_parameters() {
    let doc = document();
    let ops: BTreeMap<&str, &Value> =
        operations(&doc).into_iter().map(|(_, op)| (op["operationId"].as_str().unwrap(), op)).collect();
    let mut count = 0;
    for op in ops.values() {
        for response in op["responses"].as_object().unwrap().values() {
            for (name, link) in response["links"].as_object().into_iter().flatten() {
                let target = ops[link["operationId"].as_str().unwrap_or_else(|| panic!("{name}: no operationId"))];
                for param in link["parameters"].as_object().into_iter().flatten().map(|(p, _)| p) {
                    let known = target["parameters"].as_array().into_iter().flatten().any(|p| p["name"] == *param);
                    assert!(known, "link {name}: {} has no parameter {param}", target["operationId"]);
                }
                count += 1;
            }
        }
    }
    assert!(count >= 20, "{count} links");
    let accept = &ops["acceptTransactionQuote"]["responses"]["200"]["links"]["CreateTransaction"];
    assert!(accept["description"].as_str().is_some_and(|d| d.contains("`quote_id`")), "{accept}");
}

#[test]
fn error_responses_list_their_codes_in_the_envelope() {
    let doc = document();
    let mut unlisted = Vec::new();
    for (op_name, op) in operations(&doc) {
        for (status, response) in op["responses"].as_object().unwrap() {
            let code: u16 = status.parse().expect("a status");
            if code < 400 {
                continue;
            }
            // Shared responses are referred to by name.
            let response = match response["$ref"].as_str() {
                Some(r) => &doc["components"]["responses"][r.trim_start_matches("#/components/responses/")],
                None => response,
            };
            let content = &response["content"]["application/json"];
            if content["schema"]["$ref"] != "#/components/schemas/ErrorEnvelope" {
                assert_eq!(op_name, "POST /auth/realms/sandbox/protocol/openid-connect/token", "{status}");
                continue;
            }
            let description = response["description"].as_str().unwrap();
            let Some(listed) = errors::listed(description) else {
                unlisted.push(format!("{op_name} {status}: {description}"));
                continue;
            };
            for (error, _) in &listed {
                assert_eq!(error.status(), code, "{op_name} {status}: {error}");
                assert!(content["examples"][error.as_str()]["value"]["error"]["code"] == error.as_str(), "{op_name}");
            }
        }
    }
    // An operation on one resource says what answers when there is none.
    for (op_name, op) in operations(&doc) {
        if op_name.contains('{') && op["responses"].get("404").is_none() {
            unlisted.push(format!("{op_name}: no 404"));
        }
    }
    assert!(
        unlisted.is_empty(),
        "descriptions not of the form `CODE: meaning; CODE: meaning`:\n{}",
        unlisted.join("\n")
    );
}

/// Every shared response is referred to, and a status two common codes
/// share (a key's 403 and the Host check's) lists both.
#[test]
fn shared_responses_are_used_and_keep_every_code_of_their_status() {
    let doc = document();
    let text = doc.to_string();
    for name in doc["components"]["responses"].as_object().unwrap().keys() {
        assert!(text.contains(&format!("\"#/components/responses/{name}\"")), "{name} is never used");
    }
    let forbidden = &doc["paths"]["/v1/customers"]["post"]["responses"]["403"];
    let forbidden = match forbidden["$ref"].as_str() {
        Some(r) => &doc["components"]["responses"][r.trim_start_matches("#/components/responses/")],
        None => forbidden,
    };
    let listed: Vec<&str> = errors::listed(forbidden["description"].as_str().unwrap())
        .unwrap()
        .into_iter()
        .map(|(code, _)| code.as_str())
        .collect();
    assert!(listed.contains(&"ATH_0002") && listed.contains(&"HOST_NOT_ALLOWED"), "{listed:?}");
}

#[test]
fn the_yaml_form_is_the_same_document_in_the_same_order() {
    let json = serde_json::to_vec(&crate::api::openapi()).expect("the document serialises");
    let yaml = super::to_yaml(&json).expect("the document renders as YAML");
    let text = std::str::from_utf8(&yaml).expect("UTF-8");
    assert!(text.starts_with("openapi: 3.1.0\ninfo:\n"), "{}", &text[..80]);
    let back: Value = serde_norway::from_slice(&yaml).expect("YAML that parses");
    assert_eq!(back, serde_json::from_slice::<Value>(&json).expect("JSON"));
}
