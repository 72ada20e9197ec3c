//! Held connections: the sandbox raises its limit on open files to the
//! hard limit at start; the requests one partner holds open with `latency`
//! and `timeout` faults are bounded (past the bound: 429 at once, and the
//! connection closed); and a request body that stops arriving is timed
//! out like a request head. Each test lowers the child's own limit so a
//! few hundred sockets exhaust it.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::start_with_open_files;
use crate::support::{Auth, TestSandbox};

/// Whether `sb` answers `GET /health` within `within`.
async fn answers(sb: &TestSandbox, within: Duration) -> bool {
    let http = reqwest::Client::builder().timeout(within).build().unwrap();
    http.get(sb.url("/health")).send().await.is_ok_and(|r| r.status() == StatusCode::OK)
}

/// Reads until the server closes the connection; what it sent, or `None`
/// when it is still open at `deadline`.
async fn closed_by(stream: &mut TcpStream, deadline: Instant) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(got),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// 150 sign-ins that send half their form and stop, with no credentials at
/// all, against a sandbox started with a soft limit of 64 open files: the
/// limit is raised to the hard one at start, so everyone else is served
/// meanwhile; and each such body is timed out (10 s), its connection
/// closed.
#[tokio::test]
async fn partial_bodies_neither_exhaust_descriptors_nor_stay_open() {
    let running = start_with_open_files(&[], 64, 512);
    let sb = &running.sb;
    assert_eq!(running.open_files_limit(), 512, "the soft limit is raised to the hard one at start");
    let opened = Instant::now();
    let mut partial = Vec::new();
    for _ in 0..150 {
        let mut stream = TcpStream::connect(sb.addr).await.unwrap();
        let head = format!(
            "POST /auth/realms/sandbox/protocol/openid-connect/token HTTP/1.1\r\nHost: {}\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\ngrant_type=pass",
            sb.addr
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        partial.push(stream);
    }
    assert!(answers(sb, Duration::from_secs(3)).await, "another client is served while 150 bodies hang");

    // A JSON body that stops arriving is answered 408 in the envelope, then closed.
    let mut json = TcpStream::connect(sb.addr).await.unwrap();
    let key = match sb.test_key() {
        Auth::Key(k) => k,
        _ => unreachable!(),
    };
    let head = format!(
        "POST /v1/customers HTTP/1.1\r\nHost: {}\r\nX-API-Key: {key}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"type\": ",
        sb.addr
    );
    json.write_all(head.as_bytes()).await.unwrap();

    let deadline = opened + Duration::from_secs(10 + 8);
    for stream in &mut partial {
        assert!(closed_by(stream, deadline).await.is_some(), "a body that stopped arriving still holds its connection");
    }
    let answer = closed_by(&mut json, deadline + Duration::from_secs(2)).await.expect("the connection stays open");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.contains("REQUEST_TIMEOUT") && answer.to_ascii_lowercase().contains("connection: close"),
        "{answer}"
    );
    assert!(opened.elapsed() >= Duration::from_secs(9), "not before the timeout");
    assert!(answers(sb, Duration::from_secs(3)).await);
}

/// One partner holds 160 requests open with a `latency` fault (a minute
/// each) against a sandbox whose limit is 128 open files: it holds 64, the
/// rest are refused at once with 429 and their connections closed, and
/// another partner's request is answered at once.
#[tokio::test]
async fn one_partners_held_requests_are_bounded() {
    let running = start_with_open_files(&["--rate-limit", "off"], 128, 128);
    let sb = &running.sb;
    let other = sb.other_partner().await;
    let (_, other_key) = sb.new_app_key(&other, "TEST").await;
    let key = match sb.test_key() {
        Auth::Key(k) => k,
        _ => unreachable!(),
    };
    let held: Vec<_> = (0..160)
        .map(|_| {
            // A client of its own each: one connection per request.
            let http = reqwest::Client::builder().timeout(Duration::from_secs(90)).build().unwrap();
            let request = http
                .get(sb.url("/v1/customers"))
                .header("X-API-Key", &key)
                .header("X-Sandbox-Fault", "latency; delay_ms=60000");
            tokio::spawn(async move { request.send().await.map(|r| (r.status(), r.headers().clone())) })
        })
        .collect();
    // Those over the bound are answered at once.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let finished = held.iter().filter(|h| h.is_finished()).count();
    assert_eq!(finished, 160 - 64, "all but the partner's 64 held requests are answered at once");

    let started = Instant::now();
    let r = sb.get("/v1/customers", &Auth::Key(other_key)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(started.elapsed() < Duration::from_secs(2), "another partner waited {:?}", started.elapsed());
    assert!(answers(sb, Duration::from_secs(2)).await);

    let mut refused = 0;
    for handle in held.into_iter().filter(|h| h.is_finished()) {
        let (status, headers) = handle.await.unwrap().unwrap();
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(headers.get("retry-after").unwrap(), "1");
        assert_eq!(headers.get("connection").unwrap(), "close");
        refused += 1;
    }
    assert_eq!(refused, 96);
}
