//! `payctl webhooks` through the binary: create, list, rotate-secret with a
//! real delivery checked by `webhooks verify`, and verify's exit codes.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::http::HeaderMap;
use hmac::{Hmac, Mac};
use serde_json::json;
use sha2::Sha256;
use tokio::sync::mpsc;

use super::Home;

/// A receiver on 127.0.0.1 that answers 200 and hands over each request.
pub async fn capture() -> (String, mpsc::UnboundedReceiver<(HeaderMap, Bytes)>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let app = axum::Router::new().fallback(move |headers: HeaderMap, body: Bytes| {
        let tx = tx.clone();
        async move {
            let _ = tx.send((headers, body));
            "ok"
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hooks", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, rx)
}

pub async fn next(rx: &mut mpsc::UnboundedReceiver<(HeaderMap, Bytes)>) -> (HeaderMap, Bytes) {
    tokio::time::timeout(Duration::from_secs(10), rx.recv()).await.expect("no delivery within 10 s").unwrap()
}

fn sign(secret: &str, t: u64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.").as_bytes());
    mac.update(body);
    let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    format!("t={t},v1={hex}")
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

async fn verify(home: &Home, secret: &str, header: &str, payload: &str, extra: &[&str]) -> super::Run {
    let mut args = vec!["webhooks", "verify", "--secret", secret, "--header", header, "--payload", payload];
    args.extend_from_slice(extra);
    home.run(&args, None).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_list_rotate_and_the_new_secret_verifies_a_later_delivery() {
    let home = Home::initialised().await;
    let (url, mut rx) = capture().await;
    let refused = home.run(&["webhooks", "create", "--url", &url, "--events", "settlement.completed"], None).await;
    assert_eq!(refused.code, Some(2), "a secret neither shown nor saved would be lost");
    assert!(refused.stderr.contains("--secret-file"), "{}", refused.stderr);
    let file = home.dir.path().join("whsec.txt");
    let created = home
        .run(
            &[
                "webhooks",
                "create",
                "--url",
                &url,
                "--events",
                "settlement.completed,settlement.failed",
                "--secret-file",
                file.to_str().unwrap(),
                "-o",
                "json",
            ],
            None,
        )
        .await
        .ok();
    let endpoint = created.json();
    assert_eq!(endpoint["secret"], "***");
    assert_eq!(endpoint["events"], json!(["settlement.completed", "settlement.failed"]));
    let old = std::fs::read_to_string(&file).unwrap().trim().to_owned();
    assert!(old.starts_with("whsec_") && !created.all().contains(&old));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let id = endpoint["id"].as_str().unwrap().to_owned();
    let list = home.json(&["webhooks", "list", "-o", "json"]).await;
    assert_eq!(list["data"][0]["id"], id.as_str());
    assert!(!list.to_string().contains(&old));
    let rotated = home.json(&["webhooks", "rotate-secret", &id, "--show-secret", "-o", "json"]).await;
    let new = rotated["secret"].as_str().unwrap().to_owned();
    assert_ne!(new, old);
    assert_eq!(
        rotated["masked_secret"].as_str().unwrap().chars().rev().take(4).collect::<String>(),
        new.chars().rev().take(4).collect::<String>()
    );
    // A delivery after the rotation: the new secret verifies it, the old does not.
    let trigger =
        home.sb.post("/sandbox/events/trigger", &home.sb.test_key(), json!({"event": "settlement.completed"})).await;
    assert_eq!(trigger.status, 201);
    let (headers, body) = next(&mut rx).await;
    let header = headers["x-service-signature"].to_str().unwrap().to_owned();
    let payload = home.dir.path().join("payload.json");
    std::fs::write(&payload, &body).unwrap();
    let payload = payload.to_str().unwrap();
    let good = verify(&home, &new, &format!("X-Service-Signature: {header}"), payload, &[]).await.ok();
    assert!(good.stderr.contains("Valid signature"), "{}", good.stderr);
    let stale_old = verify(&home, &old, &header, payload, &[]).await;
    assert_eq!(stale_old.code, Some(1));
    assert!(stale_old.stderr.contains("mismatch"), "{}", stale_old.stderr);
    // The deliveries list shows it; get and update and delete work.
    let deliveries = home.json(&["webhooks", "deliveries", &id, "-o", "json"]).await;
    assert_eq!(deliveries["data"][0]["event_id"], trigger.body["id"]);
    let delivery = deliveries["data"][0]["id"].as_str().unwrap().to_owned();
    let again = home.json(&["webhooks", "redeliver", &id, &delivery, "-o", "json"]).await;
    assert_eq!(again["status"], "pending");
    let (_, resent) = next(&mut rx).await;
    assert_eq!(resent, body, "every attempt sends the same bytes");
    let off = home.json(&["webhooks", "update", &id, "--disable", "--description", "x", "-o", "json"]).await;
    assert_eq!(off["status"], "disabled");
    assert_eq!(off["description"], "x");
    let nothing = home.run(&["webhooks", "update", &id], None).await;
    assert_eq!(nothing.code, Some(2));
    home.run(&["webhooks", "delete", &id], None).await.ok();
    let gone = home.run(&["webhooks", "get", &id], None).await;
    assert_eq!(gone.code, Some(1));
    assert!(gone.stderr.contains("NOT_FOUND"), "{}", gone.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_exit_codes_say_why() {
    let home = Home::new().await;
    let secret = "whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCD";
    let body = br#"{"id":"evt_1","event":"settlement.completed"}"#;
    let file = home.dir.path().join("body.json");
    std::fs::write(&file, body).unwrap();
    let path = file.to_str().unwrap();
    let header = sign(secret, now(), body);
    verify(&home, secret, &header, path, &[]).await.ok();
    // From stdin too.
    let piped = home
        .run(
            &["webhooks", "verify", "--secret", secret, "--header", &header, "--payload", "-"],
            Some(std::str::from_utf8(body).unwrap()),
        )
        .await
        .ok();
    assert!(piped.stderr.contains("Valid"), "{}", piped.stderr);
    let tampered = home.dir.path().join("tampered.json");
    std::fs::write(&tampered, br#"{"id":"evt_2","event":"settlement.completed"}"#).unwrap();
    let old_t = now() - 1000;
    for (secret, header, payload, extra, code, needle) in [
        (secret, header.clone(), tampered.to_str().unwrap(), &[][..], Some(1), "mismatch"),
        ("whsec_wrong", header.clone(), path, &[][..], Some(1), "mismatch"),
        (secret, sign(secret, old_t, body), path, &[][..], Some(1), "stale timestamp"),
        (secret, "t=abc,v1=00".to_owned(), path, &[][..], Some(1), "malformed"),
        (secret, "nothing".to_owned(), path, &[][..], Some(1), "malformed"),
        (secret, header.clone(), "/nonexistent/payload", &[][..], Some(2), "--payload"),
    ] {
        let run = verify(&home, secret, &header, payload, extra).await;
        assert_eq!(run.code, code, "{header}: {}", run.stderr);
        assert!(run.stderr.contains(needle), "{needle}: {}", run.stderr);
    }
    // A wider tolerance accepts the old delivery; 0 accepts any age.
    verify(&home, secret, &sign(secret, old_t, body), path, &["--tolerance", "2000"]).await.ok();
    verify(&home, secret, &sign(secret, old_t, body), path, &["--tolerance", "0"]).await.ok();
}
