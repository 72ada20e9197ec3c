//! Correlation ids.
//!
//! A caller's `X-Request-ID` is echoed as the response header and as
//! `correlation_id` in error bodies; without one (or with one that is not
//! 1 to 128 printable ASCII characters) the sandbox generates a UUID. The
//! id is kept in a task-local for the life of the request so that any error,
//! wherever it is raised, can name it.

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

tokio::task_local! {
    static CORRELATION_ID: String;
}

/// The current request's correlation id ("" outside a request).
pub fn current() -> String {
    CORRELATION_ID.try_with(Clone::clone).unwrap_or_default()
}

/// The correlation id a request carries, as the middleware stored it.
#[derive(Debug, Clone)]
pub struct CorrelationId(pub String);

/// The middleware, for routes outside the API's layers (the console's).
pub async fn middleware(request: Request, next: Next) -> Response {
    scoped(request, |request| next.run(request)).await
}

/// Runs `run` on the request with its correlation id known, and echoes the
/// id on the answer.
pub async fn scoped<F, Fut>(mut request: Request, run: F) -> Response
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    let id = request
        .headers()
        .get(crate::http::headers::REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| is_acceptable(v))
        .map(str::to_owned)
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    request.extensions_mut().insert(CorrelationId(id.clone()));
    let header = HeaderValue::from_str(&id).ok();
    let mut response = CORRELATION_ID.scope(id, run(request)).await;
    if let Some(header) = header {
        response.headers_mut().insert(crate::http::headers::REQUEST_ID, header);
    }
    response
}

fn is_acceptable(id: &str) -> bool {
    (1..=128).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_graphic())
}

#[cfg(test)]
mod tests {
    #[test]
    fn acceptable_ids() {
        assert!(super::is_acceptable("req-123_ABC"));
        assert!(!super::is_acceptable(""));
        assert!(!super::is_acceptable("has space"));
        assert!(!super::is_acceptable(&"a".repeat(129)));
    }
}
