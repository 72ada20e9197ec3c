//! Every error, including the framework's own rejections, answers with the
//! envelope; X-Request-ID is echoed.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::support::{Auth, spawn_sandbox};

#[tokio::test]
async fn framework_rejections_use_the_envelope() {
    let sb = spawn_sandbox().await;
    let bearer = sb.login().await;

    sb.get("/no/such/route", &Auth::None).await.assert_error(404, "NOT_FOUND");
    sb.send(sb.request(Method::PUT, "/v1/applications", &bearer)).await.assert_error(405, "METHOD_NOT_ALLOWED");
    sb.send(sb.request(Method::DELETE, "/health", &Auth::None)).await.assert_error(405, "METHOD_NOT_ALLOWED");

    let malformed = sb
        .send(
            sb.request(Method::POST, "/v1/applications", &bearer)
                .header("content-type", "application/json")
                .body("{\"name\":"),
        )
        .await;
    malformed.assert_error(400, "VAL_0001");
    assert_eq!(malformed.detail_fields(), vec!["body"]);
    assert_eq!(malformed.body["error"]["details"][0]["code"], "malformed");

    let not_json = sb
        .send(sb.request(Method::POST, "/v1/applications", &bearer).header("content-type", "text/plain").body("hi"))
        .await;
    not_json.assert_error(415, "UNSUPPORTED_MEDIA_TYPE");
    let no_type = sb.send(sb.request(Method::POST, "/v1/applications", &bearer).body("{}")).await;
    no_type.assert_error(415, "UNSUPPORTED_MEDIA_TYPE");

    let huge = "x".repeat(2 * 1024 * 1024);
    let too_large = sb.post("/v1/applications", &bearer, json!({"name": huge, "environment": "TEST"})).await;
    too_large.assert_error(413, "PAYLOAD_TOO_LARGE");

    let invalid_utf8 = sb
        .send(
            sb.request(Method::POST, "/v1/applications", &bearer)
                .header("content-type", "application/json")
                .body(vec![b'{', 0xff, 0xfe, b'}']),
        )
        .await;
    invalid_utf8.assert_error(400, "VAL_0001");

    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let r = sb
        .send(
            sb.request(Method::POST, "/v1/applications", &bearer).header("content-type", "application/json").body(deep),
        )
        .await;
    r.assert_error(400, "VAL_0001");

    let wrong_type = sb.post("/v1/applications", &bearer, json!(["not", "an", "object"])).await;
    wrong_type.assert_error(400, "VAL_0001");
}

#[tokio::test]
async fn request_ids_are_echoed_or_generated() {
    let sb = spawn_sandbox().await;
    let mine = sb.send(sb.request(Method::GET, "/nowhere", &Auth::None).header("X-Request-ID", "trace-42")).await;
    assert_eq!(mine.header("x-request-id"), Some("trace-42"));
    assert_eq!(mine.body["error"]["correlation_id"], "trace-42");

    let ok = sb.send(sb.request(Method::GET, "/health", &Auth::None).header("X-Request-ID", "trace-43")).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.header("x-request-id"), Some("trace-43"));

    let generated = sb.get("/nowhere", &Auth::None).await;
    let id = generated.header("x-request-id").unwrap().to_owned();
    assert_eq!(id.len(), 36);
    assert_eq!(generated.body["error"]["correlation_id"], id.as_str());
    let other = sb.get("/nowhere", &Auth::None).await;
    assert_ne!(other.header("x-request-id").unwrap(), id);

    let too_long = "x".repeat(200);
    let replaced =
        sb.send(sb.request(Method::GET, "/nowhere", &Auth::None).header("X-Request-ID", too_long.as_str())).await;
    assert_ne!(replaced.header("x-request-id"), Some(too_long.as_str()));
}

#[tokio::test]
async fn health_and_openapi() {
    let sb = spawn_sandbox().await;
    let health = sb.get("/health", &Auth::None).await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.body["status"], "ok");

    let doc = sb.get("/v1/openapi.json", &Auth::None).await;
    assert_eq!(doc.status, StatusCode::OK);
    assert!(doc.body["openapi"].as_str().unwrap().starts_with("3.1"));
    let paths = doc.body["paths"].as_object().unwrap();
    for (path, method) in [
        ("/auth/realms/sandbox/protocol/openid-connect/token", "post"),
        ("/v1/auth/register", "post"),
        ("/v1/auth/me", "get"),
        ("/v1/applications", "post"),
        ("/v1/applications", "get"),
        ("/v1/applications/{id}", "get"),
        ("/v1/applications/{id}/deactivate", "post"),
        ("/v1/applications/{id}/keys", "post"),
        ("/v1/applications/{id}/keys", "get"),
        ("/v1/applications/{id}/keys/{key_id}", "delete"),
        ("/sandbox/users", "post"),
        ("/sandbox/clock", "get"),
        ("/sandbox/clock/advance", "post"),
        ("/health", "get"),
    ] {
        let op = &paths.get(path).unwrap_or_else(|| panic!("{path} missing"))[method];
        assert!(op.is_object(), "{method} {path} missing");
        assert!(op["responses"].as_object().unwrap().contains_key("400"), "{method} {path} has no error responses");
    }
    let schemes = doc.body["components"]["securitySchemes"].as_object().unwrap();
    assert!(schemes.contains_key("api_key") && schemes.contains_key("bearer") && schemes.contains_key("control"));
}

#[tokio::test]
async fn the_clock_only_moves_forward() {
    let sb = spawn_sandbox().await;
    let before = sb.get("/sandbox/clock", &sb.control()).await.body.clone();
    assert_eq!(before["offset_seconds"], 0);
    let after = sb.post("/sandbox/clock/advance", &sb.control(), json!({"seconds": 3600})).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_eq!(after.body["offset_seconds"], 3600);
    let t0 = chrono::DateTime::parse_from_rfc3339(before["now"].as_str().unwrap()).unwrap();
    let t1 = chrono::DateTime::parse_from_rfc3339(after.body["now"].as_str().unwrap()).unwrap();
    assert!((t1 - t0).num_seconds() >= 3600);
    for bad in [
        json!({"seconds": 0}),
        json!({"seconds": -5}),
        json!({"seconds": 40_000_000}),
        json!({"seconds": "1"}),
        json!({}),
    ] {
        sb.post("/sandbox/clock/advance", &sb.control(), bad).await.assert_error(400, "VAL_0001");
    }
    sb.post("/sandbox/clock/advance", &sb.live_key(), json!({"seconds": 1})).await.assert_error(403, "ATH_0002");
    sb.post("/sandbox/clock/advance", &Auth::None, json!({"seconds": 1})).await.assert_error(401, "ATH_0001");
}
