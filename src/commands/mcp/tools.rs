//! The tool registry: one tool per operation of the API
//! ([`super::operations`]), and the tools that are no operation of it,
//! [`LOCAL`], one entry each. Every call goes through [`Registry::call`],
//! which holds the rules every tool keeps: a LIVE key changes nothing
//! unless `--allow-live` was given, a create's `Idempotency-Key` is made
//! when the agent sends none and is returned, an error is a tool error
//! carrying the API's envelope, and secrets are masked in every result as
//! the CLI masks them (`client::mask_json`). Answers are the API's JSON,
//! compact; lists are the API's pages (`limit`, `cursor`), nothing added.

use futures_util::future::BoxFuture;
use rmcp::model::{CallToolResult, ContentBlock, Tool, ToolAnnotations};
use serde_json::{Map, Value, json};

use super::operations::{self, BodyKind, Issue, Operation};
use super::target::{Failure, Target};
use crate::client::mask_json;

/// What a tool answers: its JSON, or the JSON of its error.
type Outcome = Result<Value, Value>;

/// A tool that is not an operation of the API.
pub struct Local {
    pub name: &'static str,
    pub group: &'static str,
    pub description: &'static str,
    pub schema: fn() -> Value,
    pub mutates: bool,
    pub run: for<'a> fn(&'a Target, &'a Map<String, Value>) -> BoxFuture<'a, Outcome>,
}

/// The tools that are no operation of the API. (A new sandbox operation,
/// such as forking or snapshotting an application, needs no entry: it is
/// a tool as soon as the route table serves it.)
pub const LOCAL: &[Local] = &[Local {
    name: "explain_error",
    group: "errors",
    description: super::explain::DESCRIPTION,
    schema: super::explain::schema,
    mutates: false,
    run: explain_error,
}];

fn explain_error<'a>(_: &'a Target, args: &'a Map<String, Value>) -> BoxFuture<'a, Outcome> {
    Box::pin(async move {
        match args.get("code").and_then(Value::as_str) {
            Some(code) => super::explain::explain(code).map_err(|message| json!({"error": {"message": message}})),
            None => Err(malformed(&[("code".to_owned(), "required", "code is required".to_owned())])),
        }
    })
}

/// The tools this server offers.
pub struct Registry {
    operations: Vec<Operation>,
    local: Vec<&'static Local>,
}

impl Registry {
    /// Every tool, or those of the groups named (an operation's group is
    /// its OpenAPI tag); an unknown group is an error naming the groups.
    pub fn new(groups: &[String]) -> anyhow::Result<Registry> {
        let operations = operations::all();
        let known = Self::groups_of(&operations);
        if let Some(unknown) = groups.iter().find(|g| !known.contains(g)) {
            return Err(crate::exit::usage(format!(
                "--tools {unknown}: no such group of tools; the groups are {}",
                known.join(", ")
            )));
        }
        let wanted = |group: &str| groups.is_empty() || groups.iter().any(|g| g == group);
        Ok(Registry {
            operations: operations.into_iter().filter(|op| wanted(&op.group)).collect(),
            local: LOCAL.iter().filter(|l| wanted(l.group)).collect(),
        })
    }

    fn groups_of(operations: &[Operation]) -> Vec<String> {
        let mut groups: Vec<String> = Vec::new();
        let all = operations.iter().map(|op| op.group.as_str()).chain(LOCAL.iter().map(|l| l.group));
        for group in all {
            if !groups.iter().any(|g| g == group) {
                groups.push(group.to_owned());
            }
        }
        groups
    }

    pub fn list(&self) -> Vec<Tool> {
        let local = self.local.iter().map(|l| {
            let Value::Object(schema) = (l.schema)() else { unreachable!("a tool's schema is an object") };
            Tool::new(l.name, l.description, schema).with_annotations(ToolAnnotations::new().read_only(!l.mutates))
        });
        self.operations.iter().map(|op| op.tool.clone()).chain(local).collect()
    }

    /// Calls the tool `name`; `None` when there is no such tool.
    pub async fn call(&self, name: &str, args: &Map<String, Value>, target: &Target) -> Option<CallToolResult> {
        if let Some(op) = self.operations.iter().find(|op| op.id == name) {
            return Some(operation(op, args, target).await);
        }
        let local = self.local.iter().find(|l| l.name == name)?;
        if local.mutates && target.live && !target.allow_live {
            return Some(error(refused(local.name)));
        }
        Some(match (local.run)(target, args).await {
            Ok(answer) => success(answer, None),
            Err(failure) => error(failure),
        })
    }
}

async fn operation(op: &Operation, args: &Map<String, Value>, target: &Target) -> CallToolResult {
    let request = match op.request(args) {
        Ok(request) => request,
        Err(issues) => return error(malformed(&issues)),
    };
    if op.mutates() && target.live && !target.allow_live {
        return error(refused(&op.id));
    }
    let key = op.keyed.then(|| request.idempotency_key.clone().unwrap_or_else(|| uuid::Uuid::new_v4().to_string()));
    let answer = match op.body {
        Some(BodyKind::Form) => {
            let form: Vec<(String, String)> = request
                .body
                .iter()
                .flat_map(|b| b.as_object().into_iter().flatten())
                .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_owned)))
                .collect();
            target.send_form(&request.path, &form).await
        }
        _ => {
            let method = op.method.clone();
            target.send(op.credential, method, &request.path, request.body.as_ref(), key.as_deref()).await
        }
    };
    match answer {
        Ok(answer) => success(answer, key),
        Err(Failure::Api(status, envelope)) => {
            let mut out = json!({"status": status, "error": envelope["error"]});
            if let Some(key) = key {
                out["idempotency_key"] = key.into();
            }
            error(out)
        }
        Err(Failure::Other(message)) => {
            let mut out = json!({"error": {"message": message}});
            if let Some(key) = key {
                out["idempotency_key"] = key.into();
            }
            error(out)
        }
    }
}

/// The arguments' problems in the API's envelope; nothing was sent, so
/// there is no correlation id.
fn malformed(issues: &[Issue]) -> Value {
    let details: Vec<Value> =
        issues.iter().map(|(field, code, message)| json!({"field": field, "code": code, "message": message})).collect();
    json!({"error": {
        "code": payctl_wire::error::ErrorCode::Validation.as_str(),
        "message": "the tool's arguments are malformed (nothing was sent)",
        "correlation_id": null,
        "details": details,
    }})
}

fn refused(tool: &str) -> Value {
    json!({"error": {"message": format!(
        "refused: {tool} changes data and this server holds a LIVE key; start payctl mcp with --allow-live to let it"
    )}})
}

/// The answer as compact JSON, secrets masked; a create's key after it.
fn success(answer: Value, idempotency_key: Option<String>) -> CallToolResult {
    let mut content = vec![ContentBlock::text(mask_json(answer).to_string())];
    if let Some(key) = idempotency_key {
        content.push(ContentBlock::text(json!({"idempotency_key": key}).to_string()));
    }
    CallToolResult::success(content)
}

fn error(failure: Value) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(mask_json(failure).to_string())])
}
