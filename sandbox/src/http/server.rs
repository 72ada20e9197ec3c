//! The HTTP/1.1 server: accepts connections, serves the router on each,
//! and bounds how long a client may hold a connection without sending a
//! request.
//!
//! `axum::serve` has no such bound, so a client that opens a socket and
//! sends half a request head (or nothing) keeps it, and its task, forever:
//! a few thousand of them exhaust the process's descriptors. Here every
//! connection runs hyper's HTTP/1 server with a timer: a request head must
//! be complete within [`HEADER_READ_TIMEOUT`] of the connection opening,
//! and a kept-alive connection waiting for its next request is closed the
//! same time after its last answer (hyper starts the same timer when a
//! connection goes idle). A request body must keep arriving: when no part
//! of it comes for [`BODY_READ_TIMEOUT`], reading it fails, the request is
//! answered 408 `REQUEST_TIMEOUT` and the connection closed
//! ([`super::body::unreadable`]). A request being handled, or a
//! body that keeps coming, is not cut short.
//!
//! Every request carries the peer's address as [`ConnectInfo`] (sign-in
//! throttling counts failures per address), and the handle that cuts its
//! connection ([`super::connection`]). On shutdown the listener
//! closes, idle connections close at once, and requests in flight finish
//! before [`serve`] returns.

use std::future::Future;
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, Request};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tower::ServiceExt;
use tower_http::timeout::TimeoutBody;

use super::connection::Cuttable;

/// How long a client has to send a complete request head, from when the
/// connection opens or its previous answer was sent.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a request body may stop arriving (between two of its parts).
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` until `shutdown` resolves, then waits for
/// requests in flight to finish.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    header_read_timeout: Duration,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    // The same bound for a body that stops arriving as for a head.
    let body_read_timeout = header_read_timeout.min(BODY_READ_TIMEOUT);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(header_read_timeout);
    let connections = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let (stream, cut) = Cuttable::new(stream);
        let service = router.clone().map_request(move |mut request: Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(cut.clone());
            request.map(|body| axum::body::Body::new(TimeoutBody::new(body_read_timeout, body)))
        });
        let connection =
            connections.watch(http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)));
        tokio::spawn(async move {
            // A connection ends with an error when the client goes away or
            // times out; neither is the server's failure.
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection closed");
            }
        });
    }
    drop(listener);
    connections.shutdown().await;
}

/// An accept that failed: a connection reset before it was accepted is
/// the client's business; anything else (out of descriptors) is waited
/// out briefly, so the loop does not spin, and logged.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(e.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        return;
    }
    tracing::warn!(error = %e, "cannot accept a connection; retrying in 100 ms");
    tokio::time::sleep(Duration::from_millis(100)).await;
}
