//! The `Host` check: a defence against DNS rebinding.
//!
//! A web page on `attacker.example` can make the browser resolve that name
//! to `127.0.0.1` and then send requests that carry `Host:
//! attacker.example:4242` to a sandbox on the developer's machine, with the
//! page's own origin, so the browser lets the page read the answers (the
//! demo password is published). The name in `Host` is the one thing such a
//! request cannot fake, so a request whose `Host` is not one of this
//! sandbox's names is refused before anything else (403 `HOST_NOT_ALLOWED`):
//!
//! - a loopback name (`localhost`, `*.localhost`) or address (`127.0.0.0/8`,
//!   `[::1]`);
//! - the address the sandbox listens on, or any address when it listens on
//!   every one (`0.0.0.0`, `[::]`): an address cannot be rebound, so naming
//!   one reaches whoever holds it;
//! - a name given with `--allowed-host` (for a name set up on purpose).
//!
//! A request without `Host` (HTTP/1.0) is let through: every browser sends
//! one. Ports are not compared.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use payctl_wire::error::ErrorCode;

use crate::error::ApiError;

/// The names and addresses requests may name a sandbox by.
#[derive(Debug, Clone)]
pub struct AllowedHosts {
    listen: IpAddr,
    /// Lower case, without a trailing dot.
    names: Vec<String>,
}

impl AllowedHosts {
    pub fn new(listen: IpAddr, names: Vec<String>) -> AllowedHosts {
        AllowedHosts { listen, names: names.iter().map(|n| normal(n).to_owned()).collect() }
    }

    /// Whether a `Host` header's value names this sandbox.
    pub fn allows(&self, host: &str) -> bool {
        let Some(name) = host_part(host) else { return false };
        let name = name.as_str();
        if let Ok(ip) = name.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() {
            return ip.is_loopback()
                || ip.to_canonical().is_loopback()
                || ip == self.listen
                || self.listen.is_unspecified();
        }
        let name = normal(name);
        name == "localhost" || name.ends_with(".localhost") || self.names.contains(&name)
    }
}

/// The host of a `Host` value (`name`, `name:port`, `[v6]:port`), or `None`
/// when it is not one.
fn host_part(value: &str) -> Option<String> {
    let authority: axum::http::uri::Authority = value.parse().ok()?;
    if authority.as_str().contains('@') {
        return None;
    }
    Some(authority.host().to_owned())
}

fn normal(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// `router`, with every request's `Host` checked first.
pub fn guard(router: Router, listen: SocketAddr, names: Vec<String>) -> Router {
    let allowed = Arc::new(AllowedHosts::new(listen.ip(), names));
    router.layer(axum::middleware::from_fn(move |request: Request, next: Next| {
        let allowed = allowed.clone();
        async move { check(&allowed, request, next).await }
    }))
}

async fn check(allowed: &AllowedHosts, request: Request, next: Next) -> Response {
    let Some(host) = request.headers().get(header::HOST) else { return next.run(request).await };
    match host.to_str() {
        Ok(host) if allowed.allows(host) => next.run(request).await,
        shown => {
            let shown = shown.map_or_else(|_| "(not text)".to_owned(), |h| h.chars().take(100).collect());
            ApiError::new(
                ErrorCode::HostNotAllowed,
                format!(
                    "this sandbox does not answer to the host {shown:?}: name it by a loopback name or address \
                     (localhost, 127.0.0.1) or the address it listens on. A page that made its own name point at \
                     this machine (DNS rebinding) is refused this way; to use another name on purpose, start the \
                     sandbox with --allowed-host NAME"
                ),
            )
            .into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_the_listen_address_and_allowed_names_only() {
        let here = AllowedHosts::new(IpAddr::from([127, 0, 0, 1]), vec!["Sandbox.Test.".to_owned()]);
        for host in [
            "127.0.0.1:4242",
            "127.0.0.1",
            "127.1.2.3:80",
            "[::1]:4242",
            "localhost:4242",
            "LOCALHOST",
            "localhost.",
            "app.localhost:4242",
            "sandbox.test:4242",
            "SANDBOX.TEST",
        ] {
            assert!(here.allows(host), "{host}");
        }
        for host in [
            "attacker.example:4242",
            "attacker.example",
            "localhost.attacker.example",
            "127.0.0.1.attacker.example",
            "10.0.0.5:4242",
            "[2001:db8::1]:4242",
            "user@127.0.0.1",
            "",
            "sandbox.test.evil",
        ] {
            assert!(!here.allows(host), "{host}");
        }
        let lan = AllowedHosts::new(IpAddr::from([192, 168, 1, 20]), Vec::new());
        assert!(lan.allows("192.168.1.20:4242") && lan.allows("127.0.0.1") && !lan.allows("192.168.1.21"));
        let everywhere = AllowedHosts::new(IpAddr::from([0, 0, 0, 0]), Vec::new());
        assert!(everywhere.allows("10.0.0.5:4242") && everywhere.allows("[2001:db8::1]"));
        assert!(!everywhere.allows("attacker.example"), "names still need to be allowed");
    }
}
