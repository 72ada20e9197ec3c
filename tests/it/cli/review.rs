//! `payctl review` and `payctl sandbox drill`, and the CLI as a good
//! citizen: under a drill, `payctl fixtures run`, `payctl transfer` and
//! `payctl trigger` meet lost answers, a timeout, a 429 and a 503, and the
//! review finds every client-side check they exercise passed. The JUnit
//! report is parsed the way CI tools read it, and is the same bytes twice.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use super::{Home, Run};
use crate::review::{check, statuses};
use crate::webhooks::ALL;
use crate::webhooks::faults::{FaultReceiver, Policy, endpoint};

/// The client-side checks, which a CLI command can exercise.
const CLIENT_CHECKS: [&str; 5] =
    ["IDEMPOTENCY_KEY_SENT", "IDEMPOTENT_RETRY", "RETRY_AFTER_HONOURED", "BACKOFF_ON_5XX", "REQUEST_ID_SENT"];

/// The notes of a check's evidence, joined.
fn notes(review: &Value, id: &str) -> String {
    check(review, id)["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["note"].as_str().unwrap())
        .collect::<Vec<_>>()
        .join("; ")
}

/// `payctl review -o json`, whatever its verdict (exit 0 or 6).
async fn review_json(home: &Home, args: &[&str]) -> (Run, Value) {
    let mut all = vec!["review", "-o", "json"];
    all.extend_from_slice(args);
    let run = home.run(&all, None).await;
    assert!(matches!(run.code, Some(0 | 6)), "{}", run.all());
    let review = run.json();
    (run, review)
}

/// A JUnit report's test cases as CI tools read them, after checking the
/// structure they rely on: `<testsuites>` with suites whose `tests`,
/// `failures`, `errors` and `skipped` count their test cases, the root's
/// the sum of its suites'. Each case: (name, "passed" | "failure" |
/// "skipped", message, text).
fn junit_cases(xml: &str) -> Vec<(String, &'static str, String, String)> {
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("not XML ({e}): {xml}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let count = |node: roxmltree::Node, name: &str| -> usize {
        node.attribute(name).unwrap_or_else(|| panic!("<{}> lacks {name}", node.tag_name().name())).parse().unwrap()
    };
    let mut cases = Vec::new();
    let mut totals = [0usize; 4];
    let suites: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    assert_eq!(suites.len(), 1, "{xml}");
    for suite in suites {
        assert_eq!(suite.tag_name().name(), "testsuite");
        assert_eq!(suite.attribute("name"), Some("payctl.review"));
        let mut counted = [0usize; 4];
        for child in suite.children().filter(|n| n.is_element()) {
            match child.tag_name().name() {
                "properties" => {
                    assert!(child.children().filter(|n| n.is_element()).all(|p| p.tag_name().name() == "property"
                        && p.attribute("name").is_some()
                        && p.attribute("value").is_some()));
                    continue;
                }
                "testcase" => {}
                other => panic!("unexpected <{other}> in a testsuite"),
            }
            assert_eq!(child.attribute("classname"), Some("payctl.review"));
            let name = child.attribute("name").expect("a test case has a name").to_owned();
            counted[0] += 1;
            let outcomes: Vec<_> = child
                .children()
                .filter(|n| n.is_element() && ["failure", "error", "skipped"].contains(&n.tag_name().name()))
                .collect();
            assert!(outcomes.len() <= 1, "{name}: one outcome at most");
            let case = match outcomes.first() {
                None => (name, "passed", String::new(), String::new()),
                Some(o) if o.tag_name().name() == "failure" => {
                    counted[1] += 1;
                    assert!(o.attribute("type").is_some(), "{name}: a failure has a type");
                    let message = o.attribute("message").expect("a failure has a message").to_owned();
                    (name, "failure", message, o.text().unwrap_or_default().to_owned())
                }
                Some(o) if o.tag_name().name() == "skipped" => {
                    counted[3] += 1;
                    (name, "skipped", o.attribute("message").unwrap_or_default().to_owned(), String::new())
                }
                Some(_) => panic!("the review reports no errors"),
            };
            cases.push(case);
        }
        let declared =
            [count(suite, "tests"), count(suite, "failures"), count(suite, "errors"), count(suite, "skipped")];
        assert_eq!(declared, counted, "the suite's counts are its test cases'");
        for (total, n) in totals.iter_mut().zip(counted) {
            *total += n;
        }
    }
    let declared = [count(root, "tests"), count(root, "failures"), count(root, "errors"), count(root, "skipped")];
    assert_eq!(declared, totals, "the root's counts are the sum of its suites'");
    cases
}

/// `payctl review -o junit` twice: the same bytes (exit `code` both times).
async fn junit_twice(home: &Home, code: i32) -> String {
    let first = home.run(&["review", "-o", "junit"], None).await;
    assert_eq!(first.code, Some(code), "{}", first.all());
    // Time passes between the two; the report does not show it.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let second = home.run(&["review", "-o", "junit"], None).await;
    assert_eq!(second.code, Some(code), "{}", second.all());
    assert_eq!(first.stdout, second.stdout, "two runs over the same session write the same bytes");
    first.stdout
}

/// What the fixture's run printed for one of its steps.
fn step_body<'v>(run: &'v Value, step: &str) -> &'v Value {
    let steps = run[0]["steps"].as_array().unwrap();
    &steps.iter().find(|s| s["step"] == step).unwrap_or_else(|| panic!("no step {step}: {run}"))["response"]["body"]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_passes_every_check_it_meets_under_a_drill() {
    let home = Home::initialised().await;
    let sb = &home.sb;
    let receiver = FaultReceiver::start(Policy::Verifying).await;
    endpoint(sb, &sb.test_key(), &receiver, &ALL).await;

    // A shipped fixture under a drill: each of its retries is said on stderr.
    let drill = home.json(&["sandbox", "drill", "start", "-o", "json"]).await;
    assert_eq!(drill["application_id"], sb.ready.test_application_id.as_str());
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/outbound-aed-eur-payout.json");
    let run = home.run(&["fixtures", "run", fixture, "-o", "json"], None).await.ok();
    for said in [
        "rate limited (429); waiting 2 s",
        "no answer (",
        "the server answered 503",
        "with the same Idempotency-Key and body",
    ] {
        assert!(run.stderr.contains(said), "{said}: {}", run.stderr);
    }
    let beneficiary = step_body(&run.json(), "beneficiary")["id"].as_str().unwrap().to_owned();
    let (_, fixture_review) = review_json(&home, &[]).await;
    assert_eq!(fixture_review["from"], drill["started_at"]);
    let s = statuses(&fixture_review);
    for id in CLIENT_CHECKS {
        assert_eq!(s[id], "pass", "the fixture runner: {id}: {:#}", check(&fixture_review, id));
    }
    assert!(notes(&fixture_review, "IDEMPOTENT_RETRY").contains("got no answer; retried with the same key and body"));
    assert!(notes(&fixture_review, "IDEMPOTENT_RETRY").contains("got 503; retried with the same key and body"));

    // The guided transfer under a new drill, with webhooks coming in.
    home.run(&["sandbox", "drill", "start"], None).await.ok();
    let transfer = home
        .run(
            &[
                "transfer",
                "--corridor",
                "uae",
                "--from",
                "AED",
                "--amount-minor",
                "100000",
                "--to",
                "EUR",
                "--kind",
                "BANK",
                "--beneficiary",
                &beneficiary,
                "--yes",
                "-o",
                "json",
            ],
            None,
        )
        .await
        .ok();
    for said in ["POST /v1/transactions/quote: rate limited (429)", "POST /v1/transactions: no answer ("] {
        assert!(transfer.stderr.contains(said), "{said}: {}", transfer.stderr);
    }
    let txn = transfer.json();
    // One transaction, whatever the retries: the lost answer was replayed.
    let list = sb.request(reqwest::Method::GET, "/v1/transactions?limit=100", &sb.test_key());
    let listed = sb.send(list.header("X-Request-ID", "the-test-itself")).await.body;
    let made: Vec<&Value> =
        listed["data"].as_array().unwrap().iter().filter(|t| t["quote_id"] == txn["quote_id"]).collect();
    assert_eq!(made.len(), 1, "{listed}");
    // Five events or more (kyb approved, two settlements of the trigger's, the
    // transfer's two) meet the drill's delivery faults; moving the clock
    // completes the transfer and lets a held delivery go.
    home.run(&["trigger", "customer.kyb_approved"], None).await.ok();
    home.run(&["trigger", "settlement.completed"], None).await.ok();
    home.run(&["sandbox", "clock", "advance", "6m"], None).await.ok();
    let review = wait_for_webhook_checks(&home).await;
    let s = statuses(&review);
    for id in CLIENT_CHECKS {
        assert_eq!(s[id], "pass", "the CLI: {id}: {:#}", check(&review, id));
    }
    assert!(notes(&review, "IDEMPOTENT_RETRY").contains("POST /v1/transactions got no answer"), "{review:#}");
    assert!(notes(&review, "RETRY_AFTER_HONOURED").contains("after a 429 with Retry-After: 2"), "{review:#}");
    assert!(s.values().all(|status| status != "fail"), "{review:#}");
    assert_eq!(review["verdict"], "pass", "{review:#}");
    let table = home.run(&["review", "-o", "table"], None).await.ok();
    assert!(table.stdout.contains("Verdict: pass: every required check passed."), "{}", table.stdout);

    let xml = junit_twice(&home, 0).await;
    let cases = junit_cases(&xml);
    assert_eq!(cases.len(), 12);
    assert!(cases.iter().all(|(_, outcome, _, _)| *outcome != "failure"), "{xml}");
    assert_eq!(cases[0].0, "IDEMPOTENCY_KEY_SENT", "named by id, in the documented order: {xml}");
}

/// The review once every webhook check has something to judge (deliveries
/// are answered and recorded just after they arrive).
async fn wait_for_webhook_checks(home: &Home) -> Value {
    let webhook_checks = ["WEBHOOK_SIGNATURE_VERIFIED", "WEBHOOK_REPLAY_WINDOW", "WEBHOOK_ACCEPTS_GENUINE"];
    for _ in 0..50 {
        let (_, review) = review_json(home, &[]).await;
        let s = statuses(&review);
        if webhook_checks.iter().all(|id| s[*id] != "not_exercised") {
            return review;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the webhook checks were never exercised: {:#}", review_json(home, &[]).await.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_review_is_a_junit_report_with_its_evidence_and_exit_6() {
    let home = Home::initialised().await;
    let sb = &home.sb;
    let ready = home.dir.path().join("ready.json");
    std::fs::write(&ready, serde_json::to_string(&sb.ready).unwrap()).unwrap();
    let ready = ready.to_str().unwrap();
    let app = sb.ready.test_application_id.clone();
    // The control token drills one application, named by --app.
    let started =
        home.run(&["sandbox", "drill", "start", "--app", &app, "--ready", ready, "-o", "table"], None).await.ok();
    assert!(started.stdout.contains(&format!("for application {app}: ")), "{}", started.stdout);
    assert!(started.stdout.contains("rate_limit 2 s Retry-After") && started.stdout.contains("once: on the 4th match"));
    // A naive client: no Idempotency-Key, no X-Request-ID, a 429 retried at once.
    let naive = |method, path: &str| sb.request(method, path, &sb.test_key());
    let created = sb.send(naive(reqwest::Method::POST, "/v1/customers").json(&crate::faults::customer_body())).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let limited = sb.send(naive(reqwest::Method::GET, "/v1/customers")).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    let again = sb.send(naive(reqwest::Method::GET, "/v1/customers")).await;
    assert_eq!(again.status, StatusCode::OK);
    // Request logs are written behind the answers: once the review judges
    // the 429's retry, all three are there, and one read (a fourth request
    // the drill might fault) finds them.
    for _ in 0..500 {
        let judged = sb.get(&format!("/sandbox/review?application_id={app}"), &sb.control()).await.body;
        if check(&judged, "RETRY_AFTER_HONOURED")["status"] != "not_exercised" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let logs = sb.get("/v1/logs?limit=10", &sb.test_key()).await.body;
    let log_of = |method: &str, status: u16| -> String {
        let entry = logs["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["method"] == method && l["path"] == "/v1/customers" && l["status_code"] == status);
        entry.unwrap_or_else(|| panic!("no {method} {status}: {logs}"))["id"].as_str().unwrap().to_owned()
    };
    let (post_log, retry_log) = (log_of("POST", 201), log_of("GET", 200));

    let xml = junit_twice(&home, 6).await;
    let cases = junit_cases(&xml);
    let case = |id: &str| cases.iter().find(|(name, ..)| name == id).unwrap();
    let (_, outcome, message, text) = case("IDEMPOTENCY_KEY_SENT");
    assert_eq!(*outcome, "failure");
    let review = home.run(&["review", "-o", "json"], None).await.json();
    let title =
        review["checks"].as_array().unwrap().iter().find(|c| c["id"] == "IDEMPOTENCY_KEY_SENT").unwrap()["title"]
            .as_str()
            .unwrap()
            .to_owned();
    assert!(message.starts_with(&format!("{title}: Send an Idempotency-Key")), "the title, then the advice: {message}");
    assert!(text.contains(&format!("- log {post_log} (request ")), "the evidence: {text}");
    assert!(text.contains("POST /v1/customers carried no Idempotency-Key"), "{text}");
    assert!(case("RETRY_AFTER_HONOURED").3.contains(&retry_log), "{xml}");
    // Nothing to judge: a required check fails the report, a recommended one is skipped.
    assert_eq!(case("WEBHOOK_SIGNATURE_VERIFIED").1, "failure");
    assert!(case("WEBHOOK_SIGNATURE_VERIFIED").2.contains(": Nothing in the window to judge."));
    assert_eq!(case("WEBHOOK_FAST_ANSWER").1, "skipped");
    assert_eq!(case("REQUEST_ID_SENT").1, "failure", "a failed recommended check is a failure too");

    // JSON is the API's answer; the table names each failure's console page.
    let (run, review) = review_json(&home, &[]).await;
    assert_eq!(run.code, Some(6));
    assert!(
        run.stderr.contains(
            "the go-live review failed: 2 required checks (IDEMPOTENCY_KEY_SENT, RETRY_AFTER_HONOURED) failed; 4 \
             required checks (IDEMPOTENT_RETRY, WEBHOOK_SIGNATURE_VERIFIED, WEBHOOK_REPLAY_WINDOW, \
             WEBHOOK_ACCEPTS_GENUINE) had nothing to judge"
        ),
        "{}",
        run.stderr
    );
    let mut api = sb.get("/sandbox/review", &sb.test_key()).await.body;
    api["to"] = review["to"].clone();
    assert_eq!(review, api);
    let by_control = home.run(&["review", "--app", &app, "--ready", ready, "-o", "json"], None).await;
    assert_eq!(by_control.code, Some(6), "{}", by_control.stderr);
    assert_eq!(by_control.json()["checks"], review["checks"]);
    let table = home.run(&["review", "-o", "table"], None).await;
    assert_eq!(table.code, Some(6));
    for shown in [
        "IDEMPOTENCY_KEY_SENT",
        "not exercised",
        &format!("{}/console/apps/{app}/logs/{post_log}", sb.ready.base_url),
        "Verdict: FAIL: 2 required checks (IDEMPOTENCY_KEY_SENT, RETRY_AFTER_HONOURED) failed",
    ] {
        assert!(table.stdout.contains(shown), "{shown}: {}", table.stdout);
    }

    // Mistakes are usage errors, JUnit is the review's alone, and ending the drill removes its rules.
    let bad = home.run(&["review", "--since", "yesterday"], None).await;
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    assert!(bad.stderr.contains("--since \"yesterday\" is not an ISO 8601 date-time"), "{}", bad.stderr);
    let junit_elsewhere = home.run(&["customers", "list", "-o", "junit"], None).await;
    assert_eq!(junit_elsewhere.code, Some(2), "{}", junit_elsewhere.stderr);
    assert!(junit_elsewhere.stderr.contains("--output junit is for `payctl review` only"));
    let stopped = home.run(&["sandbox", "drill", "stop"], None).await.ok();
    assert!(stopped.stderr.contains("No drill runs for this TEST key's application"), "{}", stopped.stderr);
    let rules = sb.get("/sandbox/faults", &sb.test_key()).await.body;
    assert!(rules["data"].as_array().unwrap().is_empty(), "{rules}");
    let since = home.run(&["review", "--since", "2000-01-01T00:00:00Z", "-o", "json"], None).await;
    assert_eq!(since.json()["from"], "2000-01-01T00:00:00.000Z");
    // A relative start counts back from the sandbox clock, as `logs list --from -10m` does, with
    // the value as its own word or after `=`.
    let clock = sb.get("/sandbox/clock", &sb.test_key()).await.body;
    let now = chrono::DateTime::parse_from_rfc3339(clock["now"].as_str().unwrap()).unwrap();
    for args in [["review", "--since", "-10m"].as_slice(), ["review", "--since=-10m"].as_slice()] {
        let run = home.run(&[args, &["-o", "json"]].concat(), None).await;
        let from = run.json()["from"].as_str().unwrap_or_else(|| panic!("{}", run.stderr)).to_owned();
        let back = now - chrono::DateTime::parse_from_rfc3339(&from).unwrap();
        assert!((595..=605).contains(&back.num_seconds()), "{args:?}: from {from}, clock {now}");
    }
}

/// The shell lines of a README's go-live example (the block after its
/// `<!-- go-live-example -->` mark), as written.
fn go_live_example(readme: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(readme);
    let text = std::fs::read_to_string(path).unwrap();
    let after = text.split("<!-- go-live-example -->").nth(1).unwrap_or_else(|| panic!("{readme} has no example"));
    let block = after.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    block.lines().map(str::to_owned).collect()
}

/// Runs example lines in a fresh directory beside a copy of the shipped
/// fixtures' path; (exit code, stderr, review.xml).
fn run_example(lines: &[String]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    #[cfg(unix)]
    std::os::unix::fs::symlink(fixtures, dir.path().join("fixtures")).unwrap();
    let (code, stderr, _) = super::wait::shell(dir.path(), lines);
    let xml = std::fs::read_to_string(dir.path().join("review.xml")).unwrap_or_default();
    (code, stderr, xml)
}

#[cfg(unix)]
#[test]
fn the_readmes_go_live_example_passes_and_fails_the_job_without_a_verifying_receiver() {
    let lines = go_live_example("README.md");
    assert_eq!(lines, go_live_example("sandbox/README.md"), "both READMEs show the same example");
    assert!(lines.last().unwrap().starts_with("payctl review -o junit > review.xml"), "{lines:?}");

    // As written: the fixture meets the drill and does what the review asks; the job passes.
    let (code, stderr, xml) = run_example(&lines);
    assert_eq!(code, 0, "{stderr}");
    for said in [
        "no answer (connection closed before message completed); sending it again in",
        "rate limited (429); waiting 2 s as Retry-After asks",
        "the server answered 503; sending it again",
    ] {
        assert!(stderr.contains(said), "{said:?} missing from {stderr}");
    }
    assert!(xml.contains("tests=\"12\" failures=\"0\" errors=\"0\" skipped=\"2\""), "{xml}");
    let cases = junit_cases(&xml);
    assert!(cases.iter().all(|(_, outcome, ..)| *outcome != "failure"), "{xml}");

    // Without the receiver: the required webhook checks have nothing to judge, exit 6.
    let receiver = |l: &String| l.starts_with("payctl listen") || l.contains("listen.log");
    let unheard: Vec<String> = lines.iter().filter(|l| !receiver(l)).cloned().collect();
    assert_eq!(unheard.len(), lines.len() - 2, "the receiver's two lines");
    let (code, stderr, xml) = run_example(&unheard);
    assert_eq!(code, 6, "{stderr}");
    assert!(
        stderr.contains(
            "the go-live review failed: 3 required checks (WEBHOOK_SIGNATURE_VERIFIED, WEBHOOK_REPLAY_WINDOW, \
             WEBHOOK_ACCEPTS_GENUINE) had nothing to judge"
        ),
        "{stderr}"
    );
    let failed: Vec<String> = junit_cases(&xml)
        .into_iter()
        .filter(|(_, outcome, ..)| *outcome == "failure")
        .map(|(name, ..)| name.split(':').next().unwrap().to_owned())
        .collect();
    assert_eq!(failed, ["WEBHOOK_SIGNATURE_VERIFIED", "WEBHOOK_REPLAY_WINDOW", "WEBHOOK_ACCEPTS_GENUINE"]);
}
