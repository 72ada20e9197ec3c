//! The go-live review of a window of requests with long URLs: what the log
//! keeps of a path and a query is bounded (its start and a digest, so equal
//! URLs still compare equal), the review holds no more than it must however
//! long the window, and reviews of one application asked at once agree.

use futures::future::join_all;
use reqwest::StatusCode;

use super::start;
use crate::support::Auth;

const REQUESTS: usize = 1_000;
/// Half the URL in the path, half in the query: 60 KB in all.
const HALF: usize = 30_000;

#[tokio::test]
async fn a_window_of_long_urls_is_kept_bounded_and_reviewed_in_bounded_memory() {
    let running = start(&["--rate-limit", "off"]);
    let sb = &running.sb;
    let key = sb.test_key();
    let long = "a".repeat(HALF);
    let http = reqwest::Client::new();
    for chunk in (0..REQUESTS).collect::<Vec<_>>().chunks(50) {
        join_all(chunk.iter().map(|n| {
            let url = sb.url(&format!("/v1/customers/{n}{long}?note={long}"));
            let key = match &key {
                Auth::Key(k) => k.clone(),
                _ => unreachable!(),
            };
            let http = http.clone();
            async move {
                let r = http.get(url).header("X-API-Key", key).send().await.unwrap();
                assert_ne!(r.status(), StatusCode::OK);
            }
        }))
        .await;
    }

    // What the log keeps of each URL is bounded.
    let logs = sb.get("/v1/logs?limit=5", &key).await;
    assert_eq!(logs.status, StatusCode::OK, "{}", logs.body);
    for record in logs.body["data"].as_array().unwrap() {
        let path = record["path"].as_str().unwrap();
        let query = record["query"].as_str().unwrap();
        assert!(path.len() <= 1_024 && query.len() <= 1_024, "kept {} and {} bytes", path.len(), query.len());
        assert!(path.starts_with("/v1/customers/") && path.contains("[sha256:"), "{path}");
    }

    // Four reviews at once, as a looping client would ask: one at a time,
    // the same answer, and memory that does not grow with the window.
    let before = running.status_kb("VmRSS");
    running.reset_peak();
    let reviews = join_all((0..4).map(|_| sb.get("/sandbox/review", &key))).await;
    let grown_mb = running.status_kb("VmHWM").saturating_sub(before) / 1024;
    for r in &reviews {
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(r.body["checks"], reviews[0].body["checks"], "reviews of one window agree");
    }
    let request_ids =
        reviews[0].body["checks"].as_array().unwrap().iter().find(|c| c["id"] == "REQUEST_ID_SENT").unwrap();
    assert_eq!(request_ids["status"], "fail");
    let evidence = request_ids["evidence"].as_array().unwrap();
    let more: usize = evidence.last().unwrap()["note"]
        .as_str()
        .unwrap()
        .trim_start_matches("and ")
        .trim_end_matches(" more")
        .parse()
        .unwrap();
    assert!(more + 19 >= REQUESTS, "every request was judged: {evidence:?}");
    assert!(grown_mb < 64, "reviewing {REQUESTS} requests of 60 KB URLs grew the sandbox by {grown_mb} MB");
}

/// A review's answer is the log read back: its record is kept, its
/// exchange (headers and a 14 KB answer per review) is not, so a partner
/// looping on reviews gives the log writer, which every partner's writes
/// wait for, no more work than a plain read does. Another request's
/// exchange is kept as before.
#[tokio::test]
async fn a_reviews_answer_is_not_kept_in_the_log() {
    let sb = crate::support::spawn_sandbox().await;
    let key = sb.test_key();
    assert_eq!(sb.get("/v1/customers", &key).await.status, StatusCode::OK);
    let review = sb.get("/sandbox/review", &key).await;
    assert_eq!(review.status, StatusCode::OK, "{}", review.body);
    let logs = sb.logs_where(&key, "", |l| l.iter().any(|r| r["path"] == "/sandbox/review")).await;
    let id_of = |path: &str| logs.iter().find(|r| r["path"] == path).unwrap()["id"].as_str().unwrap().to_owned();
    let app = sb.ready.test_application_id.clone();
    let mut browser = crate::console::Browser::demo(&sb).await;
    let read = browser.get(&format!("/console/apps/{app}/logs/{}", id_of("/v1/customers"))).await.text();
    assert!(read.contains("\"next_cursor\": null"), "a read's answer is kept: {read}");
    let reviewed = browser.get(&format!("/console/apps/{app}/logs/{}", id_of("/sandbox/review"))).await.text();
    assert!(!reviewed.contains("\"verdict\""), "the review's answer is not: {reviewed}");
    assert!(reviewed.contains("No body, or not kept."), "{reviewed}");
}
