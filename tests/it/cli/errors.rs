//! Every error class has its exit code and a clear message, never a panic.

use std::io::{Read, Write};

use super::Home;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn usage_errors_exit_2() {
    let home = Home::initialised().await;
    for args in [
        &["apps", "list", "--limit", "0"][..],
        &["apps", "create", "--name", "x", "--environment", "staging"],
        &["nope"],
        &["--base-url", "ftp://x", "whoami"],
    ] {
        let run = home.run(args, None).await;
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
    // Without a terminal, a missing value names its flag instead of prompting.
    let no_password = home.run(&["login", "--username", "u"], None).await;
    assert_eq!(no_password.code, Some(2));
    assert!(no_password.stderr.contains("--password-stdin"), "{}", no_password.stderr);
    let fresh = Home::new().await;
    let no_user = fresh.run(&["login", "--password-stdin"], Some("x")).await;
    assert_eq!(no_user.code, Some(2));
    assert!(no_user.stderr.contains("--username"), "{}", no_user.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_password_exits_3_and_api_errors_exit_1_with_the_envelope() {
    let home = Home::initialised().await;
    let wrong = home.run(&["login", "--password-stdin"], Some("not-the-password")).await;
    assert_eq!(wrong.code, Some(3), "{}", wrong.stderr);
    assert!(wrong.stderr.contains("invalid_grant"), "{}", wrong.stderr);
    assert!(!wrong.all().contains("not-the-password"));
    let password = home.sb.ready.password.clone();
    home.run(&["login", "--password-stdin"], Some(&password)).await.ok();
    let bad =
        home.run(&["--request-id", "req-cli-1", "apps", "create", "--name", "", "--environment", "test"], None).await;
    assert_eq!(bad.code, Some(1), "{}", bad.stderr);
    assert!(bad.stderr.starts_with("error: VAL_0001: "), "{}", bad.stderr);
    assert!(bad.stderr.contains("(correlation id req-cli-1)"), "{}", bad.stderr);
    assert!(bad.stderr.contains("name"), "{}", bad.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_server_exits_4_naming_the_url() {
    let home = Home::new().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("http://127.0.0.1:{port}");
    let run = home.run(&["--base-url", &url, "login", "--username", "u", "--password-stdin"], Some("pw")).await;
    assert_eq!(run.code, Some(4), "{}", run.stderr);
    assert!(run.stderr.contains(&format!("127.0.0.1:{port}")), "{}", run.stderr);
    let api = home.run(&["--base-url", &url, "--api-key", "sk_test_x", "api", "GET", "/health"], None).await;
    assert_eq!(api.code, Some(4));
}

/// A server that answers 200 with a body that is not JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_exits_1_without_a_panic() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        if let Ok((mut stream, _)) = listener.accept() {
            let mut buf = [0u8; 4096];
            let _ = stream.read(&mut buf);
            let body = "{not json";
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    let home = Home::new().await;
    let run = home
        .run(&["--base-url", &format!("http://127.0.0.1:{port}"), "--api-key", "k", "api", "GET", "/health"], None)
        .await;
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("malformed JSON"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verbose_logs_requests_with_secrets_masked() {
    let home = Home::logged_in().await;
    let run = home.run(&["-v", "keys", "create", "--save", "-o", "json"], None).await.ok();
    assert!(run.stderr.contains("> POST "), "{}", run.stderr);
    assert!(run.stderr.contains("authorization: Bearer ***"), "{}", run.stderr);
    assert!(run.stderr.contains("\"client_secret\":\"***\""), "{}", run.stderr);
    let creds = home.credentials();
    for line in creds.lines().filter(|l| l.contains(" = \"")) {
        let secret = line.split(" = ").nth(1).unwrap().trim_matches('"');
        let secret = secret.rsplit(' ').next().unwrap();
        assert!(!run.all().contains(secret), "secret leaked: {line}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_speak_the_clis_language() {
    let home = Home::initialised().await;
    // The flag, not the API field.
    let from = home.run(&["logs", "list", "--from", "yesterday"], None).await;
    assert_eq!(from.code, Some(1), "{}", from.stderr);
    assert!(from.stderr.contains("--from: must be"), "{}", from.stderr);
    assert!(!from.stderr.contains("from_date"), "{}", from.stderr);
    // Said once: the one field is not repeated below the message.
    assert_eq!(from.stderr.matches("must be an ISO 8601").count(), 1, "{}", from.stderr);
    // A negative amount is a clear usage error.
    let negative = home.run(&["quotes", "create", "--amount-minor", "-5"], None).await;
    assert_eq!(negative.code, Some(2), "{}", negative.stderr);
    assert!(
        negative.stderr.contains("'-5'") && negative.stderr.contains("positive whole number of minor units"),
        "{}",
        negative.stderr
    );
    // Local files exit 5 (with something logged to export).
    home.json(&["customers", "list", "-o", "json"]).await;
    home.sb.logs_where(&home.sb.test_key(), "", |l| l.iter().any(|r| r["path"] == "/v1/customers")).await;
    let missing = home.dir.path().join("nope.json");
    let data = home.run(&["customers", "create", "--data", &format!("@{}", missing.display())], None).await;
    assert_eq!(data.code, Some(5), "{}", data.stderr);
    let export =
        home.run(&["logs", "export", "--file", home.dir.path().join("no/dir/x.json").to_str().unwrap()], None).await;
    assert_eq!(export.code, Some(5), "{}", export.stderr);
    // No message is printed twice.
    for run in [&from, &negative, &data, &export] {
        let lines: Vec<&str> = run.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        let mut unique = lines.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), lines.len(), "{}", run.stderr);
    }
}
