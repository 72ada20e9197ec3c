//! `explain_error`: an error code's status, meaning, specification section
//! and what to do, from the API's one table of codes
//! (`payctl_wire::error::ErrorCode`), which `sandbox/README.md`'s table of
//! error codes is rendered from (a test holds the two together).

use payctl_wire::error::ErrorCode;
use serde_json::{Value, json};

use super::resources;

/// The explanation of `code` (any case), or the codes there are.
pub fn explain(code: &str) -> Result<Value, String> {
    let wanted = code.trim().to_ascii_uppercase();
    let Some(code) = ErrorCode::parse(&wanted) else {
        let known: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        return Err(format!("{code:?} is not an error code of this API; its codes are {}", known.join(", ")));
    };
    Ok(json!({
        "code": code.as_str(),
        "status": code.status(),
        "meaning": code.meaning(),
        "what_to_do": code.advice(),
        "spec_section": code.spec_section(),
        "docs": {"section": code.docs_section(), "resource": resources::spec_uri(code.docs_section())},
    }))
}

/// The tool's input schema.
pub fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {"code": {"type": "string", "description": "An error code from an error envelope's `code`, such as VAL_0001 or INSUFFICIENT_FUNDS."}},
        "required": ["code"],
        "additionalProperties": false,
    })
}

pub const DESCRIPTION: &str = "Explain an error code of the API: its HTTP status, what it means, the section of the \
                               interface specification and of the sandbox's documentation that defines it, and what to \
                               do about it.";

/// The table of codes as `sandbox/README.md` shows it.
#[cfg(test)]
fn markdown_table() -> String {
    let mut out =
        String::from("| code | status | spec | meaning | what to do | documented in |\n|---|---|---|---|---|---|\n");
    for code in ErrorCode::ALL {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | [{}](#{}) |\n",
            code.as_str(),
            code.status(),
            code.spec_section().unwrap_or("—"),
            code.meaning(),
            code.advice(),
            code.docs_section(),
            resources::slug(code.docs_section()),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_explained_from_the_one_table_in_any_case() {
        let answer = explain(" idm_0001").unwrap();
        assert_eq!(answer["status"], 409);
        assert_eq!(answer["spec_section"], "4.13");
        assert_eq!(answer["docs"]["resource"], "payctl://spec/idempotency");
        assert_eq!(answer["meaning"], ErrorCode::IdempotencyConflict.meaning());
        assert_eq!(explain("NOT_FOUND").unwrap()["spec_section"], Value::Null);
        let unknown = explain("NOPE").unwrap_err();
        assert!(unknown.contains("VAL_0001") && unknown.contains("WEBHOOK_LIMIT"), "{unknown}");
    }

    /// The documentation's table is this table, and every code's section is
    /// one of the documentation's.
    #[test]
    fn the_sandbox_documentation_shows_the_same_table() {
        let readme = include_str!("../../../sandbox/README.md");
        let table = markdown_table();
        assert!(readme.contains(&table), "sandbox/README.md's table of error codes is stale; it is now:\n{table}");
        for code in ErrorCode::ALL {
            let heading = format!("\n## {}\n", code.docs_section());
            assert!(readme.contains(&heading), "{code}: no section {heading:?} in sandbox/README.md");
        }
    }
}
