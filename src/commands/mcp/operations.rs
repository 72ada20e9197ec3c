//! One tool per operation of the API, read from the OpenAPI document the
//! sandbox serves (`payctl_sandbox::openapi_document()`, built from the
//! route table's annotations), so a tool cannot drift from its operation.
//!
//! A tool's name is the `operationId`, its description the operation's
//! summary and description, and its input schema one object: each path and
//! query parameter under its own name, the request body under `body`, and
//! `idempotency_key` where the operation takes an `Idempotency-Key`. The
//! schemas it refers to travel with it under `$defs`, so each tool's schema
//! stands alone.

use reqwest::Method;
use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{Map, Value, json};

/// Where a schema refers to another in the document, and in a tool.
const COMPONENTS: &str = "#/components/schemas/";
const DEFS: &str = "#/$defs/";

/// The credential an operation takes, as its `security` states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    /// `X-API-Key`.
    Key,
    /// The TEST key on its own application, or the control token.
    KeyOrControl,
    /// The control token only.
    Control,
    /// The dashboard login.
    Bearer,
    /// None.
    Public,
}

/// How the request body is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    Json,
    Form,
}

/// An operation as a tool: what the document says, and how to call it.
#[derive(Debug, Clone)]
pub struct Operation {
    pub id: String,
    /// The operation's tag: its group.
    pub group: String,
    pub method: Method,
    /// The path template (`/v1/customers/{id}`).
    pub path: String,
    /// Path and query parameters, in the document's order: (name, in path, required).
    params: Vec<(String, bool, bool)>,
    pub body: Option<BodyKind>,
    /// It takes an `Idempotency-Key`: a create, or another authenticated POST.
    pub keyed: bool,
    pub credential: Credential,
    pub tool: Tool,
}

/// A request built from a tool's arguments.
#[derive(Debug)]
pub struct Request {
    /// The path with its parameters and query string.
    pub path: String,
    pub body: Option<Value>,
    pub idempotency_key: Option<String>,
}

/// A problem with one argument: (argument, code, message), in the API's
/// `details` vocabulary.
pub type Issue = (String, &'static str, String);

impl Operation {
    /// Whether calling it can change anything: every method but GET, and a
    /// GET with a body (the legacy quote's creation).
    pub fn mutates(&self) -> bool {
        self.method != Method::GET || self.body.is_some()
    }

    /// The request the arguments ask for; every problem with them at once.
    pub fn request(&self, args: &Map<String, Value>) -> Result<Request, Vec<Issue>> {
        let mut issues = Vec::new();
        let mut path = self.path.clone();
        let mut query = Vec::new();
        for (name, in_path, required) in &self.params {
            match (args.get(name).filter(|v| !v.is_null()), required) {
                (None, true) => issues.push((name.clone(), "required", format!("{name} is required"))),
                (None, false) => {}
                (Some(value), _) => match scalar(value) {
                    Some(text) if *in_path && text.is_empty() => {
                        issues.push((name.clone(), "invalid", format!("{name} must not be empty")))
                    }
                    Some(text) if *in_path => {
                        path = path.replace(&format!("{{{name}}}"), &crate::client::url_escape(&text))
                    }
                    Some(text) => query.push(format!("{name}={}", crate::client::url_escape(&text))),
                    None => {
                        issues.push((name.clone(), "invalid", format!("{name} must be a string, number or boolean")))
                    }
                },
            }
        }
        let body = args.get("body").filter(|v| !v.is_null()).cloned();
        if body.is_some() && self.body.is_none() {
            issues.push(("body".to_owned(), "not_allowed", format!("{} takes no body", self.id)));
        }
        if self.body == Some(BodyKind::Form) && body.as_ref().is_some_and(|b| b.as_object().is_none()) {
            issues.push(("body".to_owned(), "invalid", "body must be an object of form fields".to_owned()));
        }
        let idempotency_key = match args.get("idempotency_key").filter(|v| !v.is_null()) {
            Some(Value::String(key)) if self.keyed => Some(key.clone()),
            Some(_) if self.keyed => {
                issues.push(("idempotency_key".to_owned(), "invalid", "idempotency_key must be a string".to_owned()));
                None
            }
            Some(_) => {
                let message = format!("{} takes no idempotency_key", self.id);
                issues.push(("idempotency_key".to_owned(), "not_allowed", message));
                None
            }
            None => None,
        };
        for name in args.keys() {
            let known = name == "body" || name == "idempotency_key" || self.params.iter().any(|(p, ..)| p == name);
            if !known {
                let accepted = self.accepted().join(", ");
                issues.push((name.clone(), "unknown_field", format!("{} takes {accepted}", self.id)));
            }
        }
        if !issues.is_empty() {
            return Err(issues);
        }
        if !query.is_empty() {
            path = format!("{path}?{}", query.join("&"));
        }
        Ok(Request { path, body, idempotency_key })
    }

    /// The argument names it takes.
    fn accepted(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.params.iter().map(|(n, ..)| n.as_str()).collect();
        if self.body.is_some() {
            names.push("body");
        }
        if self.keyed {
            names.push("idempotency_key");
        }
        if names.is_empty() {
            names.push("no arguments");
        }
        names
    }
}

/// A query or path value as text.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Every operation of the document, in its order.
pub fn all() -> Vec<Operation> {
    let document = serde_json::to_value(payctl_sandbox::openapi_document()).unwrap_or_default();
    let components = document.pointer("/components/schemas").and_then(Value::as_object).cloned().unwrap_or_default();
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().into_iter().flatten() {
        for (method, op) in item.as_object().into_iter().flatten() {
            let Ok(method) = method.to_ascii_uppercase().parse::<Method>() else { continue };
            if let Some(operation) = from_document(path, method, op, &components) {
                operations.push(operation);
            }
        }
    }
    operations
}

fn from_document(path: &str, method: Method, op: &Value, components: &Map<String, Value>) -> Option<Operation> {
    let id = op["operationId"].as_str()?.to_owned();
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut params = Vec::new();
    let mut keyed = false;
    for param in op["parameters"].as_array().into_iter().flatten() {
        let name = param["name"].as_str().unwrap_or_default();
        let location = param["in"].as_str().unwrap_or_default();
        if location == "header" && name.eq_ignore_ascii_case(payctl_wire::IDEMPOTENCY_KEY_HEADER) {
            keyed = true;
            continue;
        }
        if location != "path" && location != "query" {
            continue;
        }
        let mut schema = param["schema"].clone();
        if let (Some(description), Some(object)) = (param["description"].as_str(), schema.as_object_mut()) {
            object.insert("description".to_owned(), description.into());
        }
        let is_required = param["required"].as_bool().unwrap_or(false);
        if is_required {
            required.push(Value::from(name));
        }
        properties.insert(name.to_owned(), schema);
        params.push((name.to_owned(), location == "path", is_required));
    }
    let content = &op["requestBody"]["content"];
    let body = if let Some(schema) = content.get("application/json").map(|c| &c["schema"]) {
        properties.insert("body".to_owned(), described(schema.clone(), "The JSON request body."));
        Some(BodyKind::Json)
    } else if let Some(schema) = content.get("application/x-www-form-urlencoded").map(|c| &c["schema"]) {
        properties.insert("body".to_owned(), described(schema.clone(), "The form fields of the request body."));
        Some(BodyKind::Form)
    } else {
        None
    };
    if body.is_some() && op["requestBody"]["required"].as_bool().unwrap_or(false) {
        required.push("body".into());
    }
    if keyed {
        properties.insert(
            "idempotency_key".to_owned(),
            json!({"type": "string", "pattern": r"^[!-~]{1,255}$", "description": IDEMPOTENCY_KEY}),
        );
    }
    let mut schema = json!({"type": "object", "properties": properties, "additionalProperties": false});
    if !required.is_empty() {
        schema["required"] = Value::Array(required);
    }
    let defs = closure(&schema, components);
    if !defs.is_empty() {
        schema["$defs"] = Value::Object(defs);
    }
    strip_examples(&mut schema);
    refer_to_defs(&mut schema);
    let summary = op["summary"].as_str().unwrap_or_default();
    let description = match op["description"].as_str().filter(|d| !d.is_empty()) {
        Some(more) => format!("{summary}\n\n{more}"),
        None => summary.to_owned(),
    };
    let Value::Object(schema) = schema else { return None };
    let mutates = method != Method::GET || body.is_some();
    let annotations = match method {
        _ if !mutates => ToolAnnotations::new().read_only(true),
        Method::DELETE => ToolAnnotations::new().read_only(false).destructive(true).idempotent(true),
        Method::PUT => ToolAnnotations::new().read_only(false).destructive(false).idempotent(true),
        _ => ToolAnnotations::new().read_only(false).destructive(false),
    };
    let tool = Tool::new(id.clone(), description, schema).with_annotations(annotations);
    let credential = credential(&op["security"]);
    let group = op["tags"][0].as_str().unwrap_or("other").to_owned();
    Some(Operation { id, group, method, path: path.to_owned(), params, body, keyed, credential, tool })
}

const IDEMPOTENCY_KEY: &str = "Idempotency-Key; made and returned when left out. Resend it to retry.";

/// The schema with a description, unless it has one.
fn described(mut schema: Value, description: &str) -> Value {
    if let Some(object) = schema.as_object_mut() {
        object.entry("description").or_insert_with(|| description.into());
    }
    schema
}

/// The credential from the operation's `security`: any one requirement
/// will do, an empty list is public.
fn credential(security: &Value) -> Credential {
    let schemes: Vec<&str> = security
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|requirement| requirement.as_object()?.keys().next().map(String::as_str))
        .collect();
    match (schemes.contains(&"api_key"), schemes.contains(&"control"), schemes.contains(&"bearer")) {
        (true, true, _) => Credential::KeyOrControl,
        (true, false, _) => Credential::Key,
        (false, true, _) => Credential::Control,
        (false, false, true) => Credential::Bearer,
        (false, false, false) => Credential::Public,
    }
}

/// The component schemas `schema` refers to, and those they refer to.
fn closure(schema: &Value, components: &Map<String, Value>) -> Map<String, Value> {
    let mut defs = Map::new();
    let mut pending = Vec::new();
    references(schema, &mut pending);
    while let Some(name) = pending.pop() {
        if defs.contains_key(&name) {
            continue;
        }
        if let Some(found) = components.get(&name) {
            references(found, &mut pending);
            defs.insert(name, found.clone());
        }
    }
    defs.sort_keys();
    defs
}

fn references(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(name) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix(COMPONENTS)) {
                out.push(name.to_owned());
            }
            map.values().for_each(|v| references(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

/// References to the document's components point into the tool's `$defs`
/// (`$ref`s, and a discriminator's mapping).
fn refer_to_defs(value: &mut Value) {
    match value {
        Value::String(s) => {
            if let Some(name) = s.strip_prefix(COMPONENTS) {
                *s = format!("{DEFS}{name}");
            }
        }
        Value::Object(map) => map.values_mut().for_each(refer_to_defs),
        Value::Array(items) => items.iter_mut().for_each(refer_to_defs),
        _ => {}
    }
}

/// Drops schema examples (the description says what a value is; the
/// examples are in the OpenAPI document), keeping a property that happens
/// to be named `example`.
fn strip_examples(value: &mut Value) {
    strip(value, false);
    fn strip(value: &mut Value, is_properties: bool) {
        match value {
            Value::Object(map) => {
                if !is_properties {
                    map.remove("example");
                    map.remove("examples");
                }
                for (key, v) in map.iter_mut() {
                    strip(v, !is_properties && (key == "properties" || key == "$defs"));
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|v| strip(v, false)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(id: &str) -> Operation {
        all().into_iter().find(|op| op.id == id).unwrap_or_else(|| panic!("{id} is a tool"))
    }

    #[test]
    fn every_operation_of_the_document_is_a_tool_whose_schema_stands_alone() {
        let operations = all();
        let document = serde_json::to_value(payctl_sandbox::openapi_document()).unwrap();
        let ids: Vec<&str> = document["paths"]
            .as_object()
            .unwrap()
            .values()
            .flat_map(|item| item.as_object().unwrap().values().filter_map(|op| op["operationId"].as_str()))
            .collect();
        assert_eq!(operations.iter().map(|op| op.id.as_str()).collect::<Vec<_>>(), ids);
        for op in &operations {
            let text = serde_json::to_string(&op.tool.input_schema).unwrap();
            assert!(!text.contains(COMPONENTS), "{} refers outside itself", op.id);
            let mut refs = Vec::new();
            let schema = Value::Object((*op.tool.input_schema).clone());
            collect_defs_refs(&schema, &mut refs);
            for name in refs {
                assert!(schema["$defs"].get(&name).is_some(), "{}: $defs lacks {name}", op.id);
            }
        }
    }

    fn collect_defs_refs(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                if let Some(name) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix(DEFS)) {
                    out.push(name.to_owned());
                }
                map.values().for_each(|v| collect_defs_refs(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| collect_defs_refs(v, out)),
            _ => {}
        }
    }

    #[test]
    fn arguments_become_the_path_the_query_the_body_and_the_key() {
        let op = find("listBeneficiaries");
        let args = json!({"customer_id": "c 1", "limit": 5}).as_object().unwrap().clone();
        let request = op.request(&args).unwrap();
        assert_eq!(request.path, "/v1/beneficiaries?customer_id=c%201&limit=5");
        let op = find("rotateWebhookSecret");
        let request = op.request(json!({"id": "a/b", "idempotency_key": "k1"}).as_object().unwrap()).unwrap();
        assert_eq!(
            (request.path.as_str(), request.idempotency_key.as_deref()),
            ("/v1/webhooks/a%2Fb/secret/rotate", Some("k1"))
        );
        assert_eq!(op.credential, Credential::Key);
        assert!(op.mutates() && op.keyed);
        let create = find("createCustomer");
        let request = create.request(json!({"body": {"legal_name": "x"}}).as_object().unwrap()).unwrap();
        assert_eq!(request.body, Some(json!({"legal_name": "x"})));
        assert_eq!(find("getSandboxClock").credential, Credential::KeyOrControl);
        assert_eq!(find("resetSandbox").credential, Credential::Control);
        assert_eq!(find("listApplications").credential, Credential::Bearer);
        assert_eq!(find("getHealth").credential, Credential::Public);
        assert_eq!(find("createToken").body, Some(BodyKind::Form));
        assert!(find("createLegacyQuote").mutates() && !find("simulatePricing").mutates());
    }

    #[test]
    fn bad_arguments_are_every_one_named() {
        let op = find("getCustomer");
        let issues = op.request(json!({"idd": "x", "body": {}}).as_object().unwrap()).unwrap_err();
        let named: Vec<(&str, &str)> = issues.iter().map(|(f, c, _)| (f.as_str(), *c)).collect();
        assert_eq!(named, [("id", "required"), ("body", "not_allowed"), ("idd", "unknown_field")]);
        let issues = find("getCustomer").request(json!({"id": ""}).as_object().unwrap()).unwrap_err();
        assert_eq!(issues[0].1, "invalid");
    }
}
