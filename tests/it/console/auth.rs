//! Signing in and out: every page and form needs a session; the session
//! lives server-side as a hash behind an HttpOnly, SameSite=Strict cookie;
//! sign-in is the identity provider's password grant.

use payctl_sandbox::Storage;
use reqwest::StatusCode;
use sha2::{Digest, Sha256};

use super::{Browser, app_pages, forms, seeded};
use crate::support::spawn_with;

#[tokio::test]
async fn every_page_and_form_needs_a_session() {
    let s = seeded().await;
    let app = &s.sb.ready.test_application_id;
    let mut anonymous = Browser::new(&s.sb);
    let mut paths: Vec<String> = vec!["/console/overview".into(), "/console/pricing".into()];
    paths.extend(app_pages(&s).iter().map(|p| format!("/console/apps/{app}/{p}")));
    for path in &paths {
        let page = anonymous.get(path).await;
        page.assert_sign_in();
        // Back to the page asked for once signed in.
        let next: String = path
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b"*-._".contains(&b) {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        assert_eq!(page.location(), format!("/console/sign-in?next={next}"), "{path}");
    }
    // A made-up session id is no session.
    anonymous.cookies.push(("payctl_console".into(), "ab".repeat(32)));
    for (path, fields) in forms(&s, app) {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let page = anonymous.post_raw(&path, &fields).await;
        page.assert_sign_in();
        assert_eq!(page.location(), "/console/sign-in", "{path}");
    }
    // Nothing happened: the customer is still pending, the endpoint still there.
    let key = s.sb.test_key();
    assert_eq!(s.sb.get(&format!("/v1/customers/{}", s.customer), &key).await.body["kyb_status"], "pending");
    assert_eq!(s.sb.get(&format!("/v1/webhooks/{}", s.endpoint), &key).await.status, 200);
    // The sign-in page and the assets are public.
    assert_eq!(anonymous.get("/console/sign-in").await.status, StatusCode::OK);
    assert_eq!(anonymous.get("/console/assets/console.css").await.status, StatusCode::OK);
    assert_eq!(anonymous.get("/console").await.location(), "/console/overview");
}

#[tokio::test]
async fn a_session_is_a_hash_behind_a_strict_http_only_cookie_and_sign_out_ends_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_with(Storage::File(db.clone())).await;
    let mut browser = Browser::new(&sb);
    let form = browser.get("/console/sign-in").await;
    let csrf = form.field("csrf").unwrap();
    let signed_in = browser
        .post_raw(
            "/console/sign-in",
            &[("csrf", &csrf), ("username", &sb.ready.username), ("password", &sb.ready.password)],
        )
        .await;
    assert_eq!(signed_in.status, StatusCode::SEE_OTHER);
    let set: Vec<&str> = signed_in.headers.get_all("set-cookie").iter().map(|v| v.to_str().unwrap()).collect();
    let session = set.iter().find(|c| c.starts_with("payctl_console=")).expect("a session cookie");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/console"] {
        assert!(session.split("; ").any(|a| a == attribute), "{session}");
    }
    let id = session.trim_start_matches("payctl_console=").split(';').next().unwrap().to_owned();
    assert_eq!(id.len(), 64);
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));

    // The database holds the id's SHA-256, never the id.
    let rows: Vec<(Vec<u8>, String)> = {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let mut stmt = conn
            .prepare("SELECT s.token_hash, u.username FROM console_sessions s JOIN users u ON u.id = s.user_id")
            .unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect()
    };
    assert_eq!(rows, vec![(Sha256::digest(id.as_bytes()).to_vec(), sb.ready.username.clone())]);
    let file = std::fs::read(&db).unwrap();
    assert!(!file.windows(id.len()).any(|w| w == id.as_bytes()), "the session id is not stored");

    let overview = browser.get("/console/overview").await;
    overview.assert_ok();
    assert!(overview.html.contains(&format!("Signed in as <strong>{}</strong>", sb.ready.username)));
    // Pages are never cached: one may show a secret.
    assert_eq!(overview.headers["cache-control"], "no-store");
    // Advancing the sandbox clock signs no one out (sessions run on real time).
    sb.advance_clock(30 * 24 * 3600).await;
    browser.get("/console/overview").await.assert_ok();

    let csrf = overview.field("csrf").unwrap();
    let out = browser.post_raw("/console/sign-out", &[("csrf", &csrf)]).await;
    assert_eq!(out.location(), "/console/sign-in");
    assert!(browser.cookies.iter().all(|(k, _)| k != "payctl_console"), "the cookie is cleared");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let left: i64 = conn.query_row("SELECT COUNT(*) FROM console_sessions", [], |r| r.get(0)).unwrap();
    assert_eq!(left, 0);
    // The old cookie, replayed, is no session any more.
    browser.cookies.push(("payctl_console".into(), id));
    browser.get("/console/overview").await.assert_sign_in();
}

#[tokio::test]
async fn an_expired_session_signs_in_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.db");
    let sb = spawn_with(Storage::File(db.clone())).await;
    let mut browser = Browser::demo(&sb).await;
    browser.get("/console/overview").await.assert_ok();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE console_sessions SET expires_at = created_at", []).unwrap();
    browser.get("/console/overview").await.assert_sign_in();
}

#[tokio::test]
async fn sign_in_goes_through_the_password_grant_and_refuses_what_it_should() {
    let sb = crate::support::spawn_sandbox().await;
    let mut browser = Browser::new(&sb);
    let wrong = browser.try_sign_in(&sb.ready.username, "not-the-password").await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert!(wrong.html.contains("Wrong username or password."), "{}", wrong.html);
    let unknown = browser.try_sign_in("nobody@example.com", "whatever-password").await;
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert!(browser.cookies.iter().all(|(k, _)| k != "payctl_console"));

    // The sign-in form's token is bound to its own cookie.
    let form = browser.get("/console/sign-in").await;
    let csrf = form.field("csrf").unwrap();
    let fields = [("csrf", csrf.as_str()), ("username", &sb.ready.username), ("password", &sb.ready.password)];
    let mut elsewhere = Browser::new(&sb);
    assert_eq!(elsewhere.post_raw("/console/sign-in", &fields).await.status, StatusCode::FORBIDDEN);
    let forged =
        [("csrf", "0".repeat(64)), ("username", sb.ready.username.clone()), ("password", sb.ready.password.clone())];
    let forged: Vec<(&str, &str)> = forged.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(browser.post_raw("/console/sign-in", &forged).await.status, StatusCode::FORBIDDEN);
    let blank = browser.post_raw("/console/sign-in", &[("csrf", &csrf), ("username", ""), ("password", "")]).await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
    // Not a form at all.
    let json = sb.http.post(sb.url("/console/sign-in")).json(&serde_json::json!({})).send().await.unwrap();
    assert_eq!(json.status(), StatusCode::BAD_REQUEST);

    // `next` leads back to a console page, never elsewhere.
    for (next, lands) in [
        ("/console/pricing", "/console/pricing"),
        ("//evil.example/console/", "/console/overview"),
        ("https://evil.example/", "/console/overview"),
        ("/console/..//evil.example", "/console/overview"),
        ("/console/pricing\r\nSet-Cookie: x=y", "/console/overview"),
        ("/console/\\evil.example", "/console/overview"),
    ] {
        let mut b = Browser::new(&sb);
        let csrf = b.get("/console/sign-in").await.field("csrf").unwrap();
        let page = b
            .post_raw(
                "/console/sign-in",
                &[("csrf", &csrf), ("username", &sb.ready.username), ("password", &sb.ready.password), ("next", next)],
            )
            .await;
        assert_eq!(page.location(), lands, "{next}");
    }
}
