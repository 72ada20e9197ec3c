//! One-time secrets are never lost: every destination (`--secret-file`, the
//! profile's store and config) is checked before the API mints the secret,
//! so a refused destination leaves the old secret working and creates
//! nothing.

use serde_json::json;

use super::Home;
use super::webhooks::{capture, next};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_existing_secret_file_stops_rotate_and_create_before_the_api_is_called() {
    let home = Home::initialised().await;
    let (url, mut rx) = capture().await;
    let file = home.dir.path().join("whsec.txt");
    let f = file.to_str().unwrap();
    let created = home
        .run(
            &[
                "webhooks",
                "create",
                "--url",
                &url,
                "--events",
                "customer.kyb_approved",
                "--secret-file",
                f,
                "-o",
                "json",
            ],
            None,
        )
        .await
        .ok();
    let id = created.json()["id"].as_str().unwrap().to_owned();
    let old_secret = std::fs::read_to_string(&file).unwrap().trim().to_owned();
    let before = home.sb.get(&format!("/v1/webhooks/{id}"), &home.sb.test_key()).await.body["masked_secret"].clone();

    // Rotating into a file that exists fails first (exit 5, a local file), and the secret is not rotated.
    let rotate = home.run(&["webhooks", "rotate-secret", &id, "--secret-file", f], None).await;
    assert_eq!(rotate.code, Some(5), "{}", rotate.stderr);
    assert!(rotate.stderr.contains("already exists"), "{}", rotate.stderr);
    let after = home.sb.get(&format!("/v1/webhooks/{id}"), &home.sb.test_key()).await.body["masked_secret"].clone();
    assert_eq!(before, after, "the secret was not rotated");
    // The old secret still signs what the endpoint receives.
    let r =
        home.sb.post("/sandbox/events/trigger", &home.sb.test_key(), json!({"event": "customer.kyb_approved"})).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let (headers, body) = next(&mut rx).await;
    let payload = home.dir.path().join("body.json");
    std::fs::write(&payload, &body).unwrap();
    let sig = headers["x-service-signature"].to_str().unwrap().to_owned();
    home.run(
        &["webhooks", "verify", "--secret", &old_secret, "--header", &sig, "--payload", payload.to_str().unwrap()],
        None,
    )
    .await
    .ok();

    // Creating into a file that exists creates no endpoint nobody has the secret of.
    let count =
        || async { home.sb.get("/v1/webhooks", &home.sb.test_key()).await.body["data"].as_array().unwrap().len() };
    let endpoints = count().await;
    let create = home
        .run(&["webhooks", "create", "--url", &url, "--events", "customer.kyb_approved", "--secret-file", f], None)
        .await;
    assert_eq!(create.code, Some(5), "{}", create.stderr);
    assert_eq!(count().await, endpoints);
    // A directory that does not exist is found out first too.
    let nowhere = home.dir.path().join("no/such/dir/whsec.txt");
    let create = home
        .run(
            &[
                "webhooks",
                "create",
                "--url",
                &url,
                "--events",
                "customer.kyb_approved",
                "--secret-file",
                nowhere.to_str().unwrap(),
            ],
            None,
        )
        .await;
    assert_eq!(create.code, Some(5), "{}", create.stderr);
    assert_eq!(count().await, endpoints);
    // A successful rotation writes a new file with only the new secret, and leaves no temporary file.
    let fresh = home.dir.path().join("whsec2.txt");
    home.run(&["webhooks", "rotate-secret", &id, "--secret-file", fresh.to_str().unwrap()], None).await.ok();
    let new_secret = std::fs::read_to_string(&fresh).unwrap();
    assert!(new_secret.starts_with("whsec_") && new_secret.trim() != old_secret, "{new_secret}");
    let leftovers: Vec<_> = std::fs::read_dir(home.dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_create_save_checks_the_profile_can_keep_the_key_before_creating_it() {
    let home = Home::logged_in().await;
    let app = home.sb.ready.test_application_id.clone();
    let keys = || async {
        home.json(&["keys", "list", "--app", &app, "--all", "-o", "json"]).await["data"].as_array().unwrap().len()
    };
    let before = keys().await;
    // The config file cannot be replaced: its temporary file's place is taken by a directory.
    let blocker = home.dir.path().join("config.toml.tmp");
    std::fs::create_dir(&blocker).unwrap();
    let run = home.run(&["keys", "create", "--save"], None).await;
    assert_eq!(run.code, Some(5), "{}", run.stderr);
    std::fs::remove_dir(&blocker).unwrap();
    assert_eq!(keys().await, before, "no key was created only to be lost");
    home.run(&["keys", "create", "--save"], None).await.ok();
    assert_eq!(keys().await, before + 1);
}
