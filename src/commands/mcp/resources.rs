//! What the server offers to read: the OpenAPI document the tools are built
//! from, the sandbox's specification (`sandbox/README.md`, the contract of
//! what it implements and decides) one `## ` section per resource, and the
//! fixtures shipped in the binary.

use rmcp::model::{Resource, ResourceContents};

const SPEC: &str = include_str!("../../../sandbox/README.md");
const OPENAPI: &str = "payctl://openapi.json";
const SPEC_PREFIX: &str = "payctl://spec/";
const FIXTURE_PREFIX: &str = "payctl://fixtures/";

/// The resource of the specification's section titled `title`.
pub fn spec_uri(title: &str) -> String {
    format!("{SPEC_PREFIX}{}", slug(title))
}

/// A heading's anchor, as GitHub makes it: lower case, spaces as `-`,
/// other punctuation dropped.
pub fn slug(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The specification's sections: (title, text), the introduction first
/// under the document's own title. Headings inside code blocks are text.
fn sections() -> Vec<(String, String)> {
    let mut sections: Vec<(String, String)> = Vec::new();
    let mut fenced = false;
    for line in SPEC.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        let heading = if fenced { None } else { line.strip_prefix("## ").or_else(|| line.strip_prefix("# ")) };
        match heading {
            Some(title) => sections.push((title.trim().to_owned(), format!("{line}\n"))),
            None => match sections.last_mut() {
                Some((_, text)) => {
                    text.push_str(line);
                    text.push('\n');
                }
                None => sections.push((String::new(), format!("{line}\n"))),
            },
        }
    }
    sections
}

/// Every resource, with its name and type.
pub fn list() -> Vec<Resource> {
    let mut out = vec![
        Resource::new(OPENAPI, "openapi.json")
            .with_title("The OpenAPI 3.1 document of the API")
            .with_description("Every operation, schema and error code; the tools are built from it.")
            .with_mime_type("application/json"),
    ];
    for (title, text) in sections() {
        out.push(
            Resource::new(spec_uri(&title), title.clone())
                .with_title(format!("Sandbox specification: {title}"))
                .with_mime_type("text/markdown")
                .with_size(text.len() as u64),
        );
    }
    for (path, text) in crate::fixtures::SHIPPED {
        out.push(
            Resource::new(format!("{FIXTURE_PREFIX}{path}"), format!("fixtures/{path}"))
                .with_description(fixture_description(text))
                .with_mime_type("application/json")
                .with_size(text.len() as u64),
        );
    }
    out
}

/// A fixture's own description, which says what it runs.
fn fixture_description(text: &str) -> String {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v["description"].as_str().map(str::to_owned))
        .unwrap_or_else(|| "A shipped fixture".to_owned())
}

/// A resource's contents, or `None` for an unknown URI.
pub fn read(uri: &str) -> Option<ResourceContents> {
    if uri == OPENAPI {
        let document = serde_json::to_string(&payctl_sandbox::openapi_document()).ok()?;
        return Some(ResourceContents::text(document, uri).with_mime_type("application/json"));
    }
    if let Some(slug_wanted) = uri.strip_prefix(SPEC_PREFIX) {
        let (_, text) = sections().into_iter().find(|(title, _)| slug(title) == slug_wanted)?;
        return Some(ResourceContents::text(text, uri).with_mime_type("text/markdown"));
    }
    let path = uri.strip_prefix(FIXTURE_PREFIX)?;
    let (_, text) = crate::fixtures::SHIPPED.iter().find(|(p, _)| *p == path)?;
    Some(ResourceContents::text(*text, uri).with_mime_type("application/json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specification_is_served_section_by_section_and_whole() {
        let sections = sections();
        assert_eq!(sections[0].0, "The payctl sandbox");
        assert!(sections.iter().any(|(t, text)| t == "Idempotency" && text.starts_with("## Idempotency\n")));
        let joined: String = sections.iter().map(|(_, text)| text.as_str()).collect();
        assert_eq!(joined.trim_end(), SPEC.trim_end(), "no line is lost between sections");
        assert_eq!(slug("Customers (participants, counterparties)"), "customers-participants-counterparties");
        let uris: Vec<String> = list().into_iter().map(|r| r.uri).collect();
        for uri in &uris {
            assert!(read(uri).is_some(), "{uri} cannot be read");
        }
        assert!(uris.contains(&"payctl://fixtures/onboarding.json".to_owned()));
        assert!(read("payctl://spec/nope").is_none() && read("payctl://other").is_none());
    }
}
