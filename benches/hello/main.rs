//! A bare axum "hello" server: the baseline `benches/run.sh` measures the
//! sandbox against, on the same machine in the same run, so the reported
//! ratio says what the sandbox's own work costs over the framework's.
//!
//! It runs on the same runtime shape as `payctl` (two worker threads) and
//! prints `http://ADDR` once it listens.

use axum::Router;
use axum::routing::get;

fn main() -> std::io::Result<()> {
    let listen = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:0".to_owned());
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?.block_on(async {
        let listener = tokio::net::TcpListener::bind(&listen).await?;
        println!("http://{}", listener.local_addr()?);
        let app = Router::new().route("/", get(|| async { "hello" }));
        axum::serve(listener, app).await
    })
}
