//! The proxy's receiver side (`--receiver URL`): the service's webhook
//! deliveries come here instead of to the partner's receiver (the partner
//! points its webhook endpoint at this address), each is relayed
//! unchanged (method, path and query under the receiver's URL, headers but
//! the connection's own, the raw body, so its signature still verifies)
//! and the receiver's answer is returned to the service as it came. While
//! recording, each delivery's event type (`X-Service-Event`, else the
//! payload's `event`) goes to the recording, once per event id: a retried
//! delivery is relayed again but not listed again. No header value, body
//! or secret is recorded.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::forward::{BODY_LIMIT, Proxy};
use super::report::Message;

/// The header a delivery names its event type in (spec section 6).
const EVENT_HEADER: &str = "x-service-event";

pub struct Receiver {
    /// The partner's own receiver.
    pub url: reqwest::Url,
    pub client: reqwest::Client,
    pub proxy: Arc<Proxy>,
}

impl Receiver {
    pub fn new(url: reqwest::Url, timeout: Duration, proxy: Arc<Proxy>) -> anyhow::Result<Receiver> {
        let client = reqwest::Client::builder().timeout(timeout).redirect(reqwest::redirect::Policy::none()).build()?;
        Ok(Receiver { url, client, proxy })
    }

    /// Where a delivery to `path_and_query` goes: under the receiver's URL.
    fn target(&self, path_and_query: &str) -> String {
        let base = self.url.as_str().split(['?', '#']).next().unwrap_or("");
        match path_and_query {
            "/" | "" => self.url.as_str().to_owned(),
            rest => format!("{}{rest}", base.trim_end_matches('/')),
        }
    }
}

/// The axum handler for every path of the receiver side.
pub async fn relay(State(receiver): State<Arc<Receiver>>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let body = match axum::body::to_bytes(body, BODY_LIMIT).await {
        Ok(body) => body,
        Err(e) => {
            return (StatusCode::PAYLOAD_TOO_LARGE, format!("the delivery could not be read: {e}")).into_response();
        }
    };
    let target = receiver.target(parts.uri.path_and_query().map_or("/", |p| p.as_str()));
    let mut forward = receiver.client.request(parts.method.clone(), &target).body(body.clone());
    for (name, value) in &parts.headers {
        if !matches!(name.as_str(), "host" | "content-length" | "connection" | "transfer-encoding" | "keep-alive") {
            forward = forward.header(name, value);
        }
    }
    let answer = forward.send().await;
    // The service delivered the event whatever the receiver makes of it.
    record(&receiver.proxy, &parts.headers, &body);
    match answer {
        Ok(answer) => {
            let status = StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
            let mut headers = HeaderMap::new();
            for (name, value) in answer.headers() {
                if !matches!(name.as_str(), "content-length" | "transfer-encoding" | "connection" | "keep-alive") {
                    headers.append(name.clone(), value.clone());
                }
            }
            match answer.bytes().await {
                Ok(bytes) => (status, headers, Body::from(bytes)).into_response(),
                Err(e) => (StatusCode::BAD_GATEWAY, format!("the receiver's answer broke off: {e}")).into_response(),
            }
        }
        Err(e) => {
            let why = crate::client::root_cause(&e);
            crate::say!(
                "webhook delivery: the receiver {} did not answer: {why}",
                super::report::shown_url(&receiver.url)
            );
            (StatusCode::BAD_GATEWAY, format!("payctl proxy could not reach the receiver: {why}")).into_response()
        }
    }
}

/// Sends the delivery's event type and id to the recording.
fn record(proxy: &Proxy, headers: &HeaderMap, body: &Bytes) {
    let payload = serde_json::from_slice::<Value>(body).ok();
    let event_type = headers
        .get(EVENT_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .or_else(|| payload.as_ref()?.get("event")?.as_str().map(str::to_owned));
    let Some(event_type) = event_type else { return };
    let id = payload.as_ref().and_then(|p| p.get("id")?.as_str().map(str::to_owned));
    proxy.send(Message::Event { id, event_type });
}
