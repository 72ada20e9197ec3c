//! Connections that send no complete request: half a request head, nothing
//! at all, or nothing more after an answer on a kept-alive connection. The
//! server closes them after its header-read timeout and keeps serving.

use std::time::{Duration, Instant};

use payctl_sandbox::{Sandbox, SandboxConfig, Storage};
use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{Auth, spawn_opened};

const TIMEOUT: Duration = Duration::from_secs(1);

/// Reads until the server closes the connection (end of stream or a
/// reset); panics if it is still open at `deadline`.
async fn closed_by(stream: &mut TcpStream, deadline: Instant) -> Vec<u8> {
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => panic!("the connection is still open; it sent {:?}", String::from_utf8_lossy(&got)),
            Ok(Ok(0)) | Ok(Err(_)) => return got,
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test]
async fn half_sent_and_idle_connections_are_closed_and_the_server_keeps_serving() {
    let sandbox = Sandbox::open(SandboxConfig::new(Storage::Memory)).await.unwrap().with_header_read_timeout(TIMEOUT);
    let sb = spawn_opened(sandbox).await;
    let opened = Instant::now();
    let mut half = Vec::new();
    for n in 0..500 {
        let mut stream = TcpStream::connect(sb.addr).await.unwrap();
        if n % 5 != 0 {
            // Every fifth sends nothing at all.
            stream.write_all(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").await.unwrap();
        }
        half.push(stream);
    }
    // A kept-alive connection that goes quiet after one answer.
    let mut idle = TcpStream::connect(sb.addr).await.unwrap();
    idle.write_all(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.unwrap();
    let mut buf = [0u8; 4096];
    let n = idle.read(&mut buf).await.unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"), "{:?}", String::from_utf8_lossy(&buf[..n]));
    let answered = Instant::now();

    // The 500 do not stop anyone else.
    assert_eq!(sb.get("/health", &Auth::None).await.status, StatusCode::OK);

    // Closed after the timeout (with a margin for a loaded machine), not before.
    let deadline = opened + TIMEOUT + Duration::from_secs(5);
    for stream in &mut half {
        closed_by(stream, deadline).await;
    }
    assert!(opened.elapsed() >= TIMEOUT, "closed before the timeout");
    closed_by(&mut idle, answered + TIMEOUT + Duration::from_secs(5)).await;
    assert!(answered.elapsed() >= TIMEOUT, "the idle connection was closed early");

    // And it still serves new connections. (A fresh client: the test's own pooled connection went
    // quiet for longer than the timeout too, so the server has closed it as well.)
    let fresh = reqwest::Client::new();
    for _ in 0..3 {
        let health = fresh.get(sb.url("/health")).send().await.unwrap();
        assert_eq!(health.status(), StatusCode::OK);
    }
}
