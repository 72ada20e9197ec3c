//! The console's stylesheet and script, compiled into the binary: no CDN,
//! no web fonts, no JavaScript toolchain to build. Served with an `ETag`
//! (their hash) so a browser revalidates with one cheap 304.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

const FILES: &[(&str, &str, &str)] = &[
    ("console.css", "text/css; charset=utf-8", include_str!("assets/console.css")),
    ("console.js", "text/javascript; charset=utf-8", include_str!("assets/console.js")),
    ("favicon.svg", "image/svg+xml", include_str!("assets/favicon.svg")),
];

fn etags() -> &'static Vec<String> {
    static TAGS: OnceLock<Vec<String>> = OnceLock::new();
    TAGS.get_or_init(|| {
        FILES
            .iter()
            .map(|(_, _, text)| {
                let hash = crate::secrets::sha256(text.as_bytes());
                format!("\"{}\"", hash[..8].iter().map(|b| format!("{b:02x}")).collect::<String>())
            })
            .collect()
    })
}

/// The URL of an asset, versioned by its hash so a new build is fetched.
pub fn href(name: &str) -> String {
    let version = FILES
        .iter()
        .position(|(n, _, _)| *n == name)
        .map(|i| etags()[i].trim_matches('"').to_owned())
        .unwrap_or_default();
    format!("{}/assets/{name}?v={version}", super::CONSOLE)
}

pub async fn serve(Path(name): Path<String>, headers: HeaderMap) -> Response {
    let Some(i) = FILES.iter().position(|(n, _, _)| *n == name) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let (_, content_type, text) = FILES[i];
    let etag = &etags()[i];
    let cache = [
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (header::ETAG, HeaderValue::from_str(etag).unwrap_or(HeaderValue::from_static("\"\""))),
    ];
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (cache, [(header::CONTENT_TYPE, content_type)], text).into_response()
}
