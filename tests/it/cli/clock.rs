//! `payctl sandbox clock` and `clock advance` with human durations, for the
//! key's own application, globally with the control token, and for one
//! application by id.

use super::Home;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_is_shown_and_advanced_in_human_durations() {
    let home = Home::initialised().await;
    let before = home.json(&["sandbox", "clock", "-o", "json"]).await;
    assert!(before["now"].as_str().unwrap().ends_with('Z'), "{before}");
    let offset = before["offset_seconds"].as_i64().unwrap();
    // A quote made now expires once its application's clock has moved 3 minutes.
    let quote = home
        .json(&[
            "quotes",
            "create",
            "--corridor",
            "uae",
            "--from",
            "AED",
            "--amount-minor",
            "10000",
            "--to",
            "EUR",
            "--kind",
            "BANK",
            "-o",
            "json",
        ])
        .await;
    let moved = home.run(&["sandbox", "clock", "advance", "3m", "-o", "json"], None).await.ok();
    assert!(moved.stderr.contains("forward 3m (180 s)"), "{}", moved.stderr);
    let after = moved.json();
    assert_eq!(after["offset_seconds"].as_i64().unwrap(), offset + 180, "{after}");
    let id = quote["id"].as_str().unwrap();
    assert_eq!(home.json(&["quotes", "get", id, "-o", "json"]).await["status"], "EXPIRED");
    // `1h30m` and plain seconds; the table reads as a sentence.
    home.run(&["sandbox", "clock", "advance", "1h30m"], None).await.ok();
    let table = home.run(&["sandbox", "clock", "-o", "table"], None).await.ok();
    assert!(table.stdout.starts_with("Sandbox time "), "{}", table.stdout);
    assert!(table.stdout.contains("ahead of real time; the global offset is"), "{}", table.stdout);
    let shown = home.json(&["sandbox", "clock", "-o", "json"]).await;
    assert_eq!(shown["offset_seconds"].as_i64().unwrap(), offset + 180 + 5400);
    let not_a_duration = "is not a duration: write 90s, 3m, 1h30m, 2d, or a number of seconds";
    for (bad, says) in [
        ("3x", not_a_duration),
        ("0s", "the duration must be at least 1 second"),
        ("3m1h", not_a_duration),
        ("-5m", not_a_duration),
        ("400d", "at most one year (31536000 s) per call"),
    ] {
        let run = home.run(&["sandbox", "clock", "advance", "--", bad], None).await;
        assert_eq!(run.code, Some(2), "{bad}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"));
        assert!(run.stderr.contains(says), "{bad}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("'{bad}'")), "names the value: {}", run.stderr);
    }
    // Nothing moved.
    let unmoved = home.json(&["sandbox", "clock", "-o", "json"]).await;
    assert_eq!(unmoved["offset_seconds"], shown["offset_seconds"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_control_token_moves_every_application_or_one() {
    let home = Home::initialised().await;
    let ready = home.dir.path().join("ready.json");
    std::fs::write(&ready, serde_json::to_string(&home.sb.ready).unwrap()).unwrap();
    let r = ready.to_str().unwrap();
    let global = home.json(&["sandbox", "clock", "--global", "--ready", r, "-o", "json"]).await;
    assert_eq!(global["scope"], "global");
    assert!(global["application_id"].is_null());
    let moved = home.json(&["sandbox", "clock", "advance", "2d", "--global", "--ready", r, "-o", "json"]).await;
    assert_eq!(
        moved["global_offset_seconds"].as_i64().unwrap(),
        global["global_offset_seconds"].as_i64().unwrap() + 172_800
    );
    // The TEST application follows the global offset.
    let mine = home.json(&["sandbox", "clock", "-o", "json"]).await;
    assert!(mine["offset_seconds"].as_i64().unwrap() >= 172_800, "{mine}");
    // One application by id, with the control token.
    let app = home.sb.ready.test_application_id.clone();
    let one =
        home.run(&["sandbox", "clock", "advance", "90s", "--app", &app, "--ready", r, "-o", "json"], None).await.ok();
    assert!(one.stderr.contains(&format!("application {app}'s clock forward 1m30s")), "{}", one.stderr);
    let after = home.json(&["sandbox", "clock", "-o", "json"]).await;
    assert_eq!(after["offset_seconds"].as_i64().unwrap(), mine["offset_seconds"].as_i64().unwrap() + 90);
    // A TEST key reads its application's own clock: that offset moved, not the global one.
    assert_eq!(after["scope"], "application", "{after}");
    assert_eq!(after["application_id"], app.as_str());
    assert_eq!(after["global_offset_seconds"], moved["global_offset_seconds"]);
    // Without a control token there is nothing to use.
    let none = home.run(&["sandbox", "clock", "--global"], None).await;
    assert_eq!(none.code, Some(3), "{}", none.stderr);
    assert!(none.stderr.contains("PAYCTL_CONTROL_TOKEN"), "{}", none.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_control_token_variable_counts_as_unset_everywhere() {
    let home = Home::initialised().await;
    let ready = home.dir.path().join("ready.json");
    std::fs::write(&ready, serde_json::to_string(&home.sb.ready).unwrap()).unwrap();
    let fixture = home.dir.path().join("clock.json");
    let steps = serde_json::json!({"version": 1, "name": "clock", "steps": [
        {"name": "read", "method": "GET", "path": "/sandbox/clock", "auth": "control", "expect": {"status": 200}}]});
    std::fs::write(&fixture, steps.to_string()).unwrap();
    let (r, f) = (ready.to_str().unwrap(), fixture.to_str().unwrap());
    // `sandbox clock` and `fixtures run` take the ready line's token alike.
    for args in [vec!["sandbox", "clock", "--global", "--ready", r], vec!["fixtures", "run", f, "--ready", r]] {
        let mut cmd = home.command(&args);
        cmd.env("PAYCTL_CONTROL_TOKEN", "");
        let out = tokio::task::spawn_blocking(move || cmd.output().unwrap()).await.unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
    // Without a ready line, an empty variable is no token.
    let mut cmd = home.command(&["sandbox", "reset"]);
    cmd.env("PAYCTL_CONTROL_TOKEN", "");
    let out = tokio::task::spawn_blocking(move || cmd.output().unwrap()).await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("no control token"), "{stderr}");
}
