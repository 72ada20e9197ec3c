//! Banner mode has a path to a working key: `payctl sandbox` ends its banner
//! with the exact command that stores its TEST key in a profile, and that
//! command works as printed; `config set api_key` stores a key in hand;
//! errors that need an id name the command that lists them.

use std::io::{BufRead, BufReader};

use super::Home;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_banners_next_command_gives_a_working_profile() {
    let home = Home::new().await;
    let mut sandbox = home.command(&["sandbox", "--in-memory", "--listen", "127.0.0.1:0"]).spawn().unwrap();
    let stderr = sandbox.stderr.take().unwrap();
    let banner = tokio::task::spawn_blocking(move || {
        let mut text = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            text.push_str(&line);
            text.push('\n');
            if line.starts_with("Press Ctrl-C") {
                break;
            }
        }
        text
    })
    .await
    .unwrap();
    let command =
        banner.lines().find(|l| l.trim_start().starts_with("payctl config init")).unwrap_or_else(|| panic!("{banner}"));
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    assert!(
        banner.lines().any(|l| l.trim() == format!("payctl login --username {}", home.sb.ready.username)),
        "{banner}"
    );
    let init = home.run(&args, None).await.ok();
    assert!(init.stderr.contains("Profile default now points at"), "{}", init.stderr);
    let customers = home.json(&["customers", "list", "-o", "json"]).await;
    assert!(customers["data"].is_array());
    let show = home.json(&["config", "show", "-o", "json"]).await;
    assert_eq!(show["environment"], "TEST");
    assert!(show["application_id"].as_str().is_some_and(|a| !a.is_empty()), "{show}");
    let pid = sandbox.id().to_string();
    std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    sandbox.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_in_hand_is_stored_and_ids_name_their_list_command() {
    let home = Home::new().await;
    let base = home.sb.ready.base_url.clone();
    home.run(&["config", "set", "base_url", &base], None).await.ok();
    // Without anything to store, config init says both ways.
    let bare = home.run(&["config", "init"], None).await;
    assert_eq!(bare.code, Some(2));
    assert!(bare.stderr.contains("--from-ready") && bare.stderr.contains("--api-key"), "{}", bare.stderr);
    let key = home.sb.ready.test_api_key.clone();
    let set = home.run(&["config", "set", "api_key", "-"], Some(&key)).await.ok();
    assert!(set.stderr.contains("Stored the API key of profile default"), "{}", set.stderr);
    assert!(!std::fs::read_to_string(home.dir.path().join("config.toml")).unwrap().contains(&key));
    assert_eq!(home.json(&["config", "show", "-o", "json"]).await["environment"], "TEST");
    home.json(&["customers", "list", "-o", "json"]).await;
    // The profile has no application: the error names the command that lists them.
    let password = home.sb.ready.password.clone();
    home.run(&["login", "--username", &home.sb.ready.username, "--password-stdin"], Some(&password)).await.ok();
    let no_app = home.run(&["keys", "create", "--save"], None).await;
    assert_eq!(no_app.code, Some(2));
    assert!(no_app.stderr.contains("--app APP_ID") && no_app.stderr.contains("payctl apps list"), "{}", no_app.stderr);
    let unknown = home.run(&["customers", "get", "0190a0a0-0000-7000-8000-000000000000"], None).await;
    assert_eq!(unknown.code, Some(1));
    assert!(unknown.stderr.contains("`payctl customers list` lists them"), "{}", unknown.stderr);
}
