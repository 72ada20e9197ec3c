//! The workflows the server offers as prompts: bring an integration to a
//! passing go-live review, and reproduce a partner's ticket from an export.
//! Each names the tools to use and where this server's sandbox is.

use rmcp::model::{GetPromptResult, Prompt, PromptArgument, PromptMessage, Role};
use serde_json::{Map, Value};

use super::target::Target;

pub const GO_LIVE: &str = "go_live_review";
pub const TICKET: &str = "reproduce_ticket";

pub fn list() -> Vec<Prompt> {
    vec![
        Prompt::new(
            GO_LIVE,
            Some(
                "Bring my integration to a passing go-live review: start a drill, run the integration's tests \
                 against the sandbox, read the review, fix what it finds, and repeat until the verdict is pass.",
            ),
            Some(vec![
                PromptArgument::new("test_command")
                    .with_description("The shell command that runs the integration's tests against the sandbox."),
            ]),
        ),
        Prompt::new(
            TICKET,
            Some(
                "Reproduce a partner's ticket from an export (`payctl logs export` or `payctl proxy --record`): \
                 replay it into the sandbox, find where it fails and why, and say what the partner should change.",
            ),
            Some(vec![
                PromptArgument::new("export")
                    .with_description("Path of the export file (a fixture).")
                    .with_required(true),
            ]),
        ),
    ]
}

/// The prompt's messages, or why it cannot be made.
pub fn get(name: &str, args: &Map<String, Value>, target: &Target) -> Result<GetPromptResult, String> {
    let arg = |name: &str| args.get(name).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty());
    let ready = match (&target.ready_file, &target.ready) {
        (Some(file), _) | (None, Some(file)) => {
            format!("The sandbox's ready line (base URL, TEST key, control token) is in {}.", file.display())
        }
        (None, None) => format!(
            "The sandbox is at {}; the integration needs the same base URL and TEST key as this server.",
            target.base_url
        ),
    };
    let text = match name {
        GO_LIVE => {
            let tests = match arg("test_command") {
                Some(command) => format!("Run the integration's tests: `{command}`."),
                None => {
                    "Run the integration's own tests against the sandbox (find out how from the repository).".to_owned()
                }
            };
            format!(
                "Bring this integration to a passing go-live review of the payctl sandbox.\n\n{ready}\n\n\
                 1. Call `startDrill` with body {{}}: it installs the fault rules every check of the review needs \
                 (lost answers, a timeout, a 429, a 503, misbehaving webhook deliveries).\n\
                 2. {tests} The integration must point at the sandbox's base URL with its TEST key, and must \
                 receive webhooks if it has an endpoint.\n\
                 3. Call `getReview`. Each check has a status (pass, fail, not_exercised), advice and evidence; \
                 the verdict fails when a required check failed or was not exercised.\n\
                 4. For each failed check, read its evidence: `listRequestLogs` finds the cited requests, \
                 `listWebhookDeliveries` the cited deliveries and their verdicts, and `explain_error` any error code. \
                 Fix the integration's code (not the tests' expectations) as the advice says.\n\
                 5. A check not exercised needs a test that makes the call it judges (a money-moving create, a \
                 webhook delivery): add one.\n\
                 6. Repeat from step 1 until `getReview` answers verdict pass, then `stopDrill`. Say what you \
                 changed, check by check."
            )
        }
        TICKET => {
            let Some(export) = arg("export") else { return Err("the export argument is required".to_owned()) };
            format!(
                "Reproduce the partner's ticket recorded in {export}.\n\n{ready}\n\n\
                 1. Read {export}: each step is one request the partner made, with the status and error code they \
                 got (`expect`). Note where the first unexpected answer is.\n\
                 2. Replay it into the sandbox with `payctl fixtures run` and the ready line (`--ready FILE`): it \
                 exits 0 when every answer is as the partner got it, else it names the first step that differs.\n\
                 3. Read what happened with `listRequestLogs` (filter by `endpoint`, status or time) and the \
                 records the steps created (`getTransaction`, `getCustomer`...); `explain_error` says what each \
                 error code means and what to do about it; `payctl://spec/...` resources hold the rules.\n\
                 4. If the failure depends on time or on the sandbox failing, use `advanceSandboxClock` and \
                 `createFaultRule`, then replay again.\n\
                 5. Say whether the partner's failure reproduces, which request is wrong and why (the field, the \
                 rule, the section of the specification), and what the partner should change."
            )
        }
        other => return Err(format!("no prompt {other:?}; the prompts are {GO_LIVE} and {TICKET}")),
    };
    let description = list().into_iter().find(|p| p.name == name).and_then(|p| p.description).unwrap_or_default();
    Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]).with_description(description))
}
