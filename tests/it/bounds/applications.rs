//! Forks and snapshot loads are bounded per partner: a partner holding 100
//! TEST applications is refused another (409 `APPLICATION_LIMIT`, nothing
//! made) while another partner forks on; deleting one makes room again.

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::json;

use super::start;

const PER_PARTNER: usize = 100;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forks_and_loads_stop_at_the_partners_bound_and_deletes_make_room() {
    let running = start(&["--rate-limit", "off"]);
    let sb = &running.sb;
    let control = sb.control();
    let original = json!({"application_id": sb.ready.test_application_id});
    // The ready line's TEST application is the partner's first.
    let mut made = Vec::new();
    for chunk in (1..PER_PARTNER).collect::<Vec<_>>().chunks(33) {
        for r in join_all(chunk.iter().map(|_| sb.post("/sandbox/fork", &control, original.clone()))).await {
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            made.push(r.body["application"]["id"].as_str().unwrap().to_owned());
        }
    }
    let bearer = sb.login().await;

    let refused = sb.post("/sandbox/fork", &control, original.clone()).await;
    let error = refused.assert_error(409, "APPLICATION_LIMIT");
    assert!(error["message"].as_str().unwrap().contains("100"), "{error}");
    let snapshot = sb.get("/sandbox/snapshot", &sb.test_key()).await.body;
    sb.post("/sandbox/snapshot", &sb.test_key(), snapshot.clone()).await.assert_error(409, "APPLICATION_LIMIT");

    // Another partner is not held by this one's bound.
    let other = sb.other_partner().await;
    let (app, _) = sb.new_app_key(&other, "TEST").await;
    let theirs = sb.post("/sandbox/fork", &control, json!({"application_id": app})).await;
    assert_eq!(theirs.status, StatusCode::CREATED, "{}", theirs.body);

    // A fork deleted makes room for exactly one more: the refusals made nothing.
    let gone = sb.delete(&format!("/sandbox/applications/{}", made[0]), &bearer).await;
    assert_eq!(gone.status, StatusCode::OK, "{}", gone.body);
    let again = sb.post("/sandbox/snapshot", &sb.test_key(), snapshot).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    sb.post("/sandbox/fork", &control, original).await.assert_error(409, "APPLICATION_LIMIT");
}
