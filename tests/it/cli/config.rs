//! Profiles from a ready line, `config set/use/list/show`, precedence.

use super::Home;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn init_from_ready_line_creates_test_and_live_profiles_without_printing_secrets() {
    let home = Home::initialised().await;
    let shown = home.run(&["config", "show", "--output", "json"], None).await.ok();
    let v = shown.json();
    assert_eq!(v["profile"], "default");
    assert_eq!(v["base_url"], home.sb.ready.base_url);
    assert_eq!(v["auth_url"], home.sb.ready.auth_url);
    assert_eq!(v["client_id"], "partner-console");
    assert_eq!(v["environment"], "TEST");
    assert_eq!(v["application_id"], home.sb.ready.test_application_id);
    assert!(v["api_key"].as_str().unwrap().starts_with("stored in"));
    assert!(!shown.all().contains(&home.sb.ready.test_api_key));
    let live = home.run(&["--profile", "default-live", "config", "show", "-o", "json"], None).await.ok().json();
    assert_eq!(live["environment"], "LIVE");
    assert_eq!(live["application_id"], home.sb.ready.live_application_id);
    let creds = home.credentials();
    assert!(creds.contains(&home.sb.ready.test_api_key) && creds.contains(&home.sb.ready.live_api_key));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(home.dir.path().join("credentials.toml")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let config = std::fs::read_to_string(home.dir.path().join("config.toml")).unwrap();
    assert!(!config.contains(&home.sb.ready.test_api_key), "no secret in config.toml");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn set_use_list_and_flag_precedence() {
    let home = Home::initialised().await;
    home.run(&["--profile", "staging", "config", "set", "base_url", "https://staging.example.com/"], None).await.ok();
    let bad = home.run(&["config", "set", "base_url", "not a url"], None).await;
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    let unknown = home.run(&["config", "set", "colour", "blue"], None).await;
    assert_eq!(unknown.code, Some(2));
    assert!(unknown.stderr.contains("known keys"), "{}", unknown.stderr);
    let list = home.run(&["config", "list", "-o", "json"], None).await.ok().json();
    let names: Vec<&str> = list["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["default", "default-live", "staging"]);
    home.run(&["config", "use", "staging"], None).await.ok();
    let shown = home.run(&["config", "show", "-o", "json"], None).await.ok().json();
    assert_eq!(shown["base_url"], "https://staging.example.com");
    assert_eq!(shown["auth_url"], "https://staging.example.com/auth/realms/sandbox");
    // flag > profile; the profile's auth URL does not follow a flag's base URL.
    let flagged =
        home.run(&["--base-url", "http://localhost:9", "config", "show", "-o", "json"], None).await.ok().json();
    assert_eq!(flagged["base_url"], "http://localhost:9");
    assert_eq!(flagged["auth_url"], "http://localhost:9/auth/realms/sandbox");
    assert_eq!(home.run(&["config", "use", "nope"], None).await.code, Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_ready_line_is_a_usage_error() {
    let home = Home::new().await;
    let run = home.run(&["config", "init", "--from-ready", "-"], Some("{\"nope\": 1}")).await;
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("ready line"), "{}", run.stderr);
}
