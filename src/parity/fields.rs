//! What the API's OpenAPI document says about a field of an answer: its
//! `format` and its `enum`, found by walking the operation's response
//! schema along the field's JSON pointer (through `$ref`, `properties`,
//! `items`, `additionalProperties` and the branches of `allOf`, `oneOf`
//! and `anyOf`). The parity comparison decides from this, not from a list
//! of its own, which values legitimately differ and which are enumerated.

use serde_json::Value;

/// Formats whose values a replay never reproduces: times, addresses of
/// resources and generated ids.
const VARYING_FORMATS: &[&str] =
    &["date-time", "date", "time", "duration", "uri", "uri-reference", "url", "uuid", "password", "byte"];

/// The document, read once.
pub struct Document {
    doc: Value,
}

/// What the document says about one field.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Field {
    /// The document describes the field at all.
    pub described: bool,
    pub format: Option<String>,
    /// The values the document allows, when it enumerates them.
    pub allowed: Option<Vec<Value>>,
}

impl Field {
    /// A value of this field differs between two runs of the same session
    /// by nature (a time, a URL, a generated id).
    pub fn varies(&self) -> bool {
        self.format.as_deref().is_some_and(|f| VARYING_FORMATS.contains(&f))
    }
}

impl Document {
    /// The document the sandbox serves, built from its route table.
    pub fn embedded() -> anyhow::Result<Document> {
        Ok(Document { doc: serde_json::to_value(payctl_sandbox::openapi_document())? })
    }

    #[cfg(test)]
    pub fn from_value(doc: Value) -> Document {
        Document { doc }
    }

    /// The schema of the answer `status` of the operation `method
    /// template` (its own status, else `4XX`/`5XX`, else `default`), as
    /// JSON.
    pub fn answer_schema(&self, method: &str, template: &str, status: u16) -> Option<&Value> {
        let responses = self.doc.get("paths")?.get(template)?.get(method.to_ascii_lowercase())?.get("responses")?;
        let class = format!("{}XX", status / 100);
        let response = [status.to_string(), class, "default".to_owned()].iter().find_map(|k| responses.get(k))?;
        let response = self.resolve(response);
        let content = response.get("content")?.as_object()?;
        content.iter().find(|(media, _)| media.contains("json")).and_then(|(_, c)| c.get("schema"))
    }

    /// The field at `tokens` (a JSON pointer's unescaped tokens) under `schema`.
    pub fn field(&self, schema: Option<&Value>, tokens: &[String]) -> Field {
        let Some(mut at) = schema else { return Field::default() };
        for token in tokens {
            match self.descend(at, token, 0) {
                Some(next) => at = next,
                None => return Field::default(),
            }
        }
        let mut field = Field { described: true, ..Field::default() };
        self.describe(at, &mut field, 0);
        field
    }

    fn resolve<'a>(&'a self, mut schema: &'a Value) -> &'a Value {
        for _ in 0..16 {
            match schema.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix('#')) {
                Some(pointer) => match self.doc.pointer(pointer) {
                    Some(target) => schema = target,
                    None => return schema,
                },
                None => return schema,
            }
        }
        schema
    }

    fn descend<'a>(&'a self, schema: &'a Value, token: &str, depth: usize) -> Option<&'a Value> {
        if depth > 16 {
            return None;
        }
        let schema = self.resolve(schema);
        if let Some(found) = schema.get("properties").and_then(|p| p.get(token)) {
            return Some(found);
        }
        if token.parse::<usize>().is_ok()
            && let Some(items) = schema.get("items")
        {
            return Some(items);
        }
        for branch in ["allOf", "oneOf", "anyOf"] {
            for sub in schema.get(branch).and_then(Value::as_array).into_iter().flatten() {
                if let Some(found) = self.descend(sub, token, depth + 1) {
                    return Some(found);
                }
            }
        }
        schema.get("additionalProperties").filter(|a| a.is_object())
    }

    fn describe(&self, schema: &Value, field: &mut Field, depth: usize) {
        if depth > 16 {
            return;
        }
        let schema = self.resolve(schema);
        if field.format.is_none() {
            field.format = schema.get("format").and_then(Value::as_str).map(str::to_owned);
        }
        if let Some(values) = schema.get("enum").and_then(Value::as_array) {
            field.allowed.get_or_insert_with(Vec::new).extend(values.iter().filter(|v| !v.is_null()).cloned());
        }
        if let Some(value) = schema.get("const") {
            field.allowed.get_or_insert_with(Vec::new).push(value.clone());
        }
        for branch in ["allOf", "oneOf", "anyOf"] {
            for sub in schema.get(branch).and_then(Value::as_array).into_iter().flatten() {
                self.describe(sub, field, depth + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn tokens(pointer: &str) -> Vec<String> {
        pointer.split('/').skip(1).map(str::to_owned).collect()
    }

    #[test]
    fn formats_and_enums_are_found_through_references_and_branches() {
        let doc = Document::from_value(json!({
            "paths": {"/v1/things/{id}": {"get": {"responses": {
                "200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                "4XX": {"$ref": "#/components/responses/Error"}
            }}}},
            "components": {
                "responses": {"Error": {"content": {"application/json": {"schema": {"type": "object", "properties": {"error": {"type": "object", "properties": {"code": {"type": "string"}}}}}}}}},
                "schemas": {
                    "State": {"type": "string", "enum": ["pending", "done"]},
                    "Thing": {"allOf": [{"type": "object", "properties": {
                        "created_at": {"type": "string", "format": "date-time"},
                        "state": {"anyOf": [{"$ref": "#/components/schemas/State"}, {"type": "null"}]},
                        "legs": {"type": "array", "items": {"type": "object", "properties": {"url": {"type": "string", "format": "uri"}}}}
                    }}]}
                }
            }
        }));
        let ok = doc.answer_schema("GET", "/v1/things/{id}", 200);
        assert!(doc.field(ok, &tokens("/created_at")).varies());
        let state = doc.field(ok, &tokens("/state"));
        assert_eq!(state.allowed, Some(vec![json!("pending"), json!("done")]));
        assert!(!state.varies() && state.described);
        assert!(doc.field(ok, &tokens("/legs/3/url")).varies());
        assert!(!doc.field(ok, &tokens("/colour")).described);
        let refused = doc.answer_schema("GET", "/v1/things/{id}", 404);
        assert!(doc.field(refused, &tokens("/error/code")).described);
        assert!(doc.answer_schema("POST", "/v1/things/{id}", 200).is_none());
    }

    #[test]
    fn the_embedded_document_enumerates_states_and_formats_times() {
        let doc = Document::embedded().unwrap();
        let customer = doc.answer_schema("POST", "/v1/customers", 201);
        assert!(customer.is_some());
        let kyb = doc.field(customer, &tokens("/kyb_status"));
        assert!(kyb.allowed.as_ref().is_some_and(|a| a.contains(&json!("pending"))), "{kyb:?}");
        assert!(doc.field(customer, &tokens("/created_at")).varies());
    }
}
