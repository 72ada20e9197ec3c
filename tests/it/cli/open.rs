//! `payctl open`: the console page in the browser, signed in through a
//! one-time link. The browser here is a script (`$BROWSER`) that keeps the
//! URL it was given; the test then opens it as a browser would.

use reqwest::StatusCode;
use serde_json::json;

use super::Home;

/// A `$BROWSER` that writes the URL it is given to `opened.txt` beside it.
fn browser(home: &Home) -> (String, std::path::PathBuf) {
    let script = home.dir.path().join("browser.sh");
    let opened = home.dir.path().join("opened.txt");
    std::fs::write(&script, format!("#!/bin/sh\nprintf '%s' \"$1\" > '{}'\n", opened.display())).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    (script.display().to_string(), opened)
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_signs_the_browser_in_once_and_shows_the_page() {
    let home = Home::logged_in().await;
    let (script, opened) = browser(&home);
    let out = home.command(&["open", "logs"]).env("BROWSER", &script).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let app = &home.sb.ready.test_application_id;
    assert!(stderr.contains(&format!("Opened /console/apps/{app}/logs in the browser ($BROWSER:")), "{stderr}");
    assert!(stderr.contains("signed in as demo@payctl.local"), "{stderr}");
    let url = std::fs::read_to_string(&opened).unwrap();
    assert!(url.starts_with(&format!("{}/console/link/", home.sb.ready.base_url)), "{url}");

    // Opened: a session cookie and the page, without a sign-in form.
    let http = no_redirects();
    let first = http.get(&url).send().await.unwrap();
    assert_eq!(first.status(), StatusCode::SEE_OTHER);
    assert_eq!(first.headers()["location"], format!("/console/apps/{app}/logs").as_str());
    let cookie = first.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    assert!(cookie.starts_with("payctl_console="), "{cookie}");
    let page = http.get(home.sb.url(&format!("/console/apps/{app}/logs"))).header("cookie", &cookie).send().await;
    let page = page.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("<h1>Request logs</h1>") && html.contains("Signed in as"), "{html}");
    // Once only.
    let again = http.get(&url).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::BAD_REQUEST);
    assert!(again.text().await.unwrap().contains("used already or has expired"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_prints_the_link_when_asked_or_with_no_browser_and_needs_a_login() {
    let home = Home::logged_in().await;
    let printed = home.run(&["open", "money", "--print"], None).await.ok();
    let url = printed.stdout.trim();
    assert!(url.contains("/console/link/"), "{}", printed.stdout);
    assert!(printed.stderr.contains("to open within 60 s"), "{}", printed.stderr);
    // The go-live review is one of an application's pages.
    let review = home.run(&["open", "review", "--print"], None).await.ok();
    let opened = no_redirects().get(review.stdout.trim()).send().await.unwrap();
    let app = &home.sb.ready.test_application_id;
    assert_eq!(opened.headers()["location"], format!("/console/apps/{app}/review").as_str());
    // No browser to start (a bare PATH, no $BROWSER): the link, and why.
    let out = home.command(&["open"]).env("PATH", "/nonexistent").env_remove("BROWSER").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("No browser could be started"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("/console/link/"));
    // The link's page must be a console page; an API key cannot make one.
    let bearer = home.sb.login().await;
    let away = home.sb.post("/console/sign-in-links", &bearer, json!({"next": "https://example.com/"})).await;
    away.assert_error(400, "VAL_0001");
    let keyed = home.sb.post("/console/sign-in-links", &home.sb.test_key(), json!({})).await;
    assert_eq!(keyed.status, StatusCode::UNAUTHORIZED);
    // Without a login: exit 3, saying so.
    let fresh = Home::initialised().await;
    let refused = fresh.run(&["open"], None).await;
    assert_eq!(refused.code, Some(3), "{}", refused.stderr);
    assert!(refused.stderr.contains("payctl login"), "{}", refused.stderr);
}
