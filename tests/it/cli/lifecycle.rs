//! Login, whoami, applications and keys through the binary, JSON parsed.

use super::Home;
use crate::support::Auth;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn login_whoami_logout() {
    let home = Home::initialised().await;
    let login = home
        .run(
            &["login", "--username", &home.sb.ready.username, "--password-stdin"],
            Some(&format!("{}\n", home.sb.ready.password)),
        )
        .await
        .ok();
    assert!(login.stdout.is_empty(), "status goes to stderr");
    assert!(!login.all().contains(&home.sb.ready.password));
    let me = home.run(&["whoami", "-o", "json"], None).await.ok();
    let v = me.json();
    assert_eq!(v["username"], home.sb.ready.username);
    assert_eq!(v["partner"]["id"], home.sb.ready.partner_id);
    assert!(home.credentials().contains("refresh_token"));
    home.run(&["logout"], None).await.ok();
    assert!(!home.credentials().contains("refresh_token"));
    let after = home.run(&["whoami"], None).await;
    assert_eq!(after.code, Some(3));
    assert!(after.stderr.contains("payctl login"), "{}", after.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_access_token_is_refreshed_from_the_stored_refresh_token() {
    let home = Home::logged_in().await;
    // Make the stored access token look expired; the refresh token stays.
    let path = home.dir.path().join("credentials.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let patched: String =
        text.lines()
            .map(|l| {
                if l.starts_with("access_token = \"") {
                    "access_token = \"0 expired\"".to_owned()
                } else {
                    l.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
    std::fs::write(&path, patched).unwrap();
    let me = home.run(&["whoami", "-o", "json"], None).await.ok().json();
    assert_eq!(me["username"], home.sb.ready.username);
    assert!(!home.credentials().contains("0 expired"), "the new access token was stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apps_create_list_get_deactivate() {
    let home = Home::logged_in().await;
    let created = home
        .run(&["apps", "create", "--name", "checkout", "--environment", "test", "-o", "json"], None)
        .await
        .ok()
        .json();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["name"], "checkout");
    assert_eq!(created["environment"], "TEST");
    assert_eq!(created["status"], "active");
    let page = home.run(&["apps", "list", "--limit", "1", "-o", "json"], None).await.ok().json();
    assert_eq!(page["data"].as_array().unwrap().len(), 1);
    assert_eq!(page["data"][0]["id"], id.as_str(), "newest first");
    assert!(page["next_cursor"].is_string());
    let all = home.run(&["apps", "list", "--limit", "1", "--all", "-o", "json"], None).await.ok().json();
    let ids: Vec<&str> = all["data"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 3, "seeded TEST and LIVE apps plus the new one: {ids:?}");
    assert!(ids.contains(&home.sb.ready.test_application_id.as_str()));
    assert!(all["next_cursor"].is_null());
    let got = home.run(&["apps", "get", &id, "-o", "json"], None).await.ok().json();
    assert_eq!(got, created);
    let table = home.run(&["apps", "get", &id, "-o", "table"], None).await.ok();
    assert!(table.stdout.contains("checkout"), "{}", table.stdout);
    let off = home.run(&["apps", "deactivate", &id, "-o", "json"], None).await.ok().json();
    assert_eq!(off["status"], "deactivated");
    let missing = home.run(&["apps", "get", "app_nope"], None).await;
    assert_eq!(missing.code, Some(1));
    assert!(missing.stderr.contains("(correlation id "), "{}", missing.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_create_list_revoke_and_secrets_stay_hidden_unless_asked() {
    let home = Home::logged_in().await;
    let refused = home.run(&["keys", "create"], None).await;
    assert_eq!(refused.code, Some(2));
    assert!(refused.stderr.contains("--save"), "{}", refused.stderr);
    let hidden = home.run(&["keys", "create", "--save", "--name", "ci", "-o", "json"], None).await.ok();
    let key = hidden.json();
    assert_eq!(key["client_secret"], "***");
    assert_eq!(key["type"], "TEST");
    let key_id = key["api_key_id"].as_str().unwrap().to_owned();
    let creds = home.credentials();
    let secret =
        creds.lines().find(|l| l.starts_with("api_key = ")).unwrap().trim_start_matches("api_key = ").trim_matches('"');
    assert!(secret.starts_with(key["prefix"].as_str().unwrap()));
    assert!(!hidden.all().contains(secret));
    let shown = home.run(&["keys", "create", "--show-secret", "-o", "json"], None).await.ok().json();
    let visible = shown["client_secret"].as_str().unwrap();
    assert!(visible.starts_with("sk_test_"), "{visible}");
    assert_eq!(home.sb.get("/sandbox/clock", &Auth::Key(visible.to_owned())).await.status, 200);
    let list = home.run(&["keys", "list", "--all", "-o", "json"], None).await.ok();
    assert!(!list.stdout.contains(visible), "a list never shows secrets");
    let listed = list.json();
    let statuses: Vec<&str> =
        listed["data"].as_array().unwrap().iter().map(|k| k["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["active", "active", "active"]);
    home.run(&["keys", "revoke", &key_id], None).await.ok();
    let after = home.run(&["keys", "list", "-o", "json"], None).await.ok().json();
    let revoked = after["data"].as_array().unwrap().iter().find(|k| k["api_key_id"] == key_id.as_str()).unwrap();
    assert_eq!(revoked["status"], "revoked");
    assert!(!home.credentials().contains(secret), "a revoked profile key is forgotten");
    let again = home.run(&["keys", "revoke", &key_id], None).await;
    assert_eq!(again.code, Some(1));
    assert!(again.stderr.contains("KEY_REVOKED"), "{}", again.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_rotate_switches_the_profile_then_revokes_the_old_key() {
    let home = Home::logged_in().await;
    let old = home.sb.ready.test_api_key.clone();
    assert_eq!(home.run(&["api", "GET", "/sandbox/clock"], None).await.ok().json()["offset_seconds"], 0);
    let rotated = home.run(&["keys", "rotate", "-o", "json"], None).await.ok();
    assert!(rotated.json()["client_secret"] == "***");
    assert_eq!(
        home.sb.get("/sandbox/clock", &Auth::Key(old.clone())).await.assert_error(401, "ATH_0001")["code"],
        "ATH_0001"
    );
    assert!(!home.credentials().contains(&old));
    // The profile now uses the new key, through the CLI and directly.
    home.run(&["api", "GET", "/sandbox/clock"], None).await.ok();
    let creds = home.credentials();
    let new =
        creds.lines().find(|l| l.starts_with("api_key = ")).unwrap().trim_start_matches("api_key = ").trim_matches('"');
    assert_eq!(home.sb.get("/sandbox/clock", &Auth::Key(new.to_owned())).await.status, 200);
    let old_via_cli = home.run(&["--api-key", &old, "api", "GET", "/sandbox/clock"], None).await;
    assert_eq!(old_via_cli.code, Some(3));
    assert!(!old_via_cli.all().contains(&old), "the key is never echoed");
    // A second rotation finds the key by its stored id.
    home.run(&["keys", "rotate", "--show-secret", "-o", "json"], None).await.ok();
    assert_eq!(home.sb.get("/sandbox/clock", &Auth::Key(new.to_owned())).await.status, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_the_server_finds_expired_is_refreshed_once_then_login_is_asked_for() {
    let home = Home::logged_in().await;
    // The sandbox clock moves past the access token's life, not past the
    // refresh token's: the CLI's cached token is refused and renewed.
    home.sb.advance_clock(1200).await;
    let me = home.run(&["whoami", "-o", "json"], None).await.ok().json();
    assert_eq!(me["username"], home.sb.ready.username);
    // Past the refresh token's life too: exit 3 with the way out.
    home.sb.advance_clock(7200).await;
    let expired = home.run(&["whoami"], None).await;
    assert_eq!(expired.code, Some(3), "{}", expired.stderr);
    assert!(expired.stderr.contains("login has expired"), "{}", expired.stderr);
    assert!(expired.stderr.contains("payctl login"), "{}", expired.stderr);
}
