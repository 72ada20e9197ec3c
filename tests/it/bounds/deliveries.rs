//! Webhook dispatch is fair across partners: one partner with many
//! applications, four endpoints each at a receiver that never accepts, and
//! a backlog at every one of them, holds at most its own share of the
//! attempts in flight; another partner's delivery to a healthy receiver
//! leaves within a second of being due.

use std::time::{Duration, Instant};

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::json;

use super::start;
use crate::support::Auth;
use crate::webhooks::{Receiver, create};

/// More applications than the sandbox-wide pool of attempts takes, at one
/// application's share each: 20 × 16 = 320 attempts wanted against 256.
const APPLICATIONS: usize = 20;
const ENDPOINTS: usize = 4;
/// Events per application: each endpoint gets as many due deliveries, so
/// every endpoint could fill its own share.
const EVENTS: usize = 5;

#[tokio::test]
async fn another_partners_delivery_leaves_on_time_behind_one_partners_many_hanging_receivers() {
    let running = start(&["--rate-limit", "off"]);
    let sb = &running.sb;
    // A port that never accepts: connections wait in its backlog until the
    // dispatcher gives up on them.
    let hanging = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let hanging_url = format!("http://{}/hook", hanging.local_addr().unwrap());

    // Partner A: the demo partner, with many TEST applications.
    let a = sb.login().await;
    let keys = join_all((0..APPLICATIONS).map(|_| sb.new_app_key(&a, "TEST"))).await;
    join_all(keys.iter().map(|(_, key)| async {
        let key = Auth::Key(key.clone());
        for _ in 0..ENDPOINTS {
            create(sb, &key, &hanging_url, &["settlement.created"]).await;
        }
    }))
    .await;
    join_all(keys.iter().map(|(_, key)| async {
        let key = Auth::Key(key.clone());
        for _ in 0..EVENTS {
            let r = sb.post("/sandbox/events/trigger", &key, json!({"event": "settlement.created"})).await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            assert_eq!(r.body["deliveries"], ENDPOINTS);
        }
    }))
    .await;
    // A's attempts are out and hanging (each for the dispatcher's 10 s).
    tokio::time::sleep(Duration::from_secs(2)).await;

    // Partner B, with a receiver that answers at once.
    let b_bearer = sb.other_partner().await;
    let (_, b_key) = sb.new_app_key(&b_bearer, "TEST").await;
    let b = Auth::Key(b_key);
    let receiver = Receiver::start().await;
    create(sb, &b, &receiver.url, &["settlement.completed"]).await;
    for n in 0..3 {
        let r = sb.post("/sandbox/events/trigger", &b, json!({"event": "settlement.completed"})).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let due = Instant::now();
        let arrived = receiver.wait_for(n + 1).await[n].instant;
        let late = arrived.saturating_duration_since(due);
        assert!(
            late < Duration::from_secs(1),
            "partner B's delivery {n} left {late:?} after it was due, behind partner A's {} hanging endpoints",
            APPLICATIONS * ENDPOINTS
        );
    }
    drop(hanging);
}
