//! `payctl sandbox faults add|list|rm|clear` through the binary: a rule
//! made with flags faults the next command the way the API says, the
//! table shows its counters, and the control token reaches one
//! application's rules or the global ones.

use serde_json::Value;

use super::{Home, Run};
use crate::faults::customer_body;

/// Writes the home's sandbox's ready line; answers its path.
fn ready_file(home: &Home) -> String {
    let ready = home.dir.path().join("ready.json");
    std::fs::write(&ready, serde_json::to_string(&home.sb.ready).unwrap()).unwrap();
    ready.to_str().unwrap().to_owned()
}

async fn rules(home: &Home, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["sandbox", "faults", "list", "-o", "json"];
    args.extend_from_slice(extra);
    home.json(&args).await["data"].as_array().unwrap().clone()
}

#[track_caller]
fn failed(run: &Run, code: i32, says: &str) {
    assert_eq!(run.code, Some(code), "stdout: {}\nstderr: {}", run.stdout, run.stderr);
    assert!(run.stderr.contains(says), "expected {says:?} in: {}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rule_added_with_flags_faults_the_next_request_and_is_listed_with_its_counters() {
    let home = Home::initialised().await;
    let added = home
        .run(
            &["sandbox", "faults", "add", "--operation", "createCustomer", "--kind", "drop-response", "--times", "1"],
            None,
        )
        .await
        .ok();
    let rule = added.json();
    let id = rule["id"].as_str().unwrap().to_owned();
    assert!(id.starts_with("flt_"), "{rule}");
    assert_eq!(rule["fault"]["kind"], "drop_response", "`drop-response` is sent as the API spells it");
    assert_eq!(rule["match"]["operation_id"], "createCustomer");
    assert_eq!(rule["application_id"], home.sb.ready.test_application_id.as_str());
    assert!(added.stderr.contains(&format!("payctl sandbox faults rm {id}")), "{}", added.stderr);

    // The next create is handled, then its answer is lost: the CLI says so
    // and sends it again with the same key, and the API replays what it did.
    let body = customer_body().to_string();
    let lost = home.run(&["customers", "create", "--data", &body, "-o", "json"], None).await.ok();
    for said in ["POST /v1/customers: no answer (", "with the same Idempotency-Key and body (retry 1 of 4)"] {
        assert!(lost.stderr.contains(said), "{said:?} missing from {}", lost.stderr);
    }
    let customers = home.sb.get("/v1/customers", &home.sb.test_key()).await;
    let made = customers.body["data"].as_array().unwrap();
    assert_eq!(made.len(), 1, "the work was done once: {}", customers.body);
    assert_eq!(lost.json()["id"], made[0]["id"], "the replayed answer is printed");

    let listed = rules(&home, &[]).await;
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0]["hits"].as_u64(), listed[0]["spent"].as_bool()), (Some(1), Some(true)), "{listed:?}");
    let table = home.run(&["sandbox", "faults", "list", "-o", "table"], None).await.ok();
    let line = table.stdout.lines().find(|l| l.contains(&id)).unwrap_or_else(|| panic!("{}", table.stdout));
    for cell in ["drop_response", "createCustomer", "1/1", "yes"] {
        assert!(line.contains(cell), "{cell} missing from {line:?}\n{}", table.stdout);
    }
    for header in ["KIND", "MATCH", "HITS/TIMES", "SPENT"] {
        assert!(table.stdout.contains(header), "{}", table.stdout);
    }
    // Spent: the next create is answered.
    let body = customer_body().to_string();
    home.run(&["customers", "create", "--data", &body, "-o", "json"], None).await.ok();

    // Every parameter reaches the body, the probability as typed.
    let second = home
        .json(&[
            "sandbox",
            "faults",
            "add",
            "--method",
            "get",
            "--path",
            "/v1/customers/{id}",
            "--kind",
            "rate_limit",
            "--retry-after",
            "9",
            "--skip",
            "2",
            "--times",
            "3",
            "--probability",
            "0.25",
            "--seed",
            "7",
            "-o",
            "json",
        ])
        .await;
    assert_eq!(second["match"], serde_json::json!({"method": "GET", "path": "/v1/customers/{id}"}));
    assert_eq!(second["fault"], serde_json::json!({"kind": "rate_limit", "retry_after": 9}));
    assert_eq!(
        (second["skip"].as_u64(), second["times"].as_u64(), second["seed"].as_u64()),
        (Some(2), Some(3), Some(7))
    );
    assert_eq!(second["probability"], 0.25);
    let table = home.run(&["sandbox", "faults", "list", "-o", "table"], None).await.ok();
    assert!(table.stdout.contains("rate_limit 9 s Retry-After"), "{}", table.stdout);
    assert!(table.stdout.contains("0/3"), "{}", table.stdout);

    // rm one, then clear the rest.
    home.run(&["sandbox", "faults", "rm", &id], None).await.ok();
    let left: Vec<Value> = rules(&home, &[]).await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["id"], second["id"]);
    let gone = home.run(&["sandbox", "faults", "rm", &id], None).await;
    failed(&gone, 1, "payctl sandbox faults list");
    home.run(&["sandbox", "faults", "clear"], None).await.ok();
    assert!(rules(&home, &[]).await.is_empty());
    let empty = home.run(&["sandbox", "faults", "list", "-o", "table"], None).await.ok();
    assert!(empty.stderr.contains("No fault rules"), "{}", empty.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_control_token_adds_global_rules_and_one_applications() {
    let home = Home::initialised().await;
    let r = ready_file(&home);
    let app = home.sb.ready.test_application_id.clone();
    let global = home
        .json(&[
            "sandbox", "faults", "add", "--kind", "error", "--status", "502", "--global", "--ready", &r, "-o", "json",
        ])
        .await;
    assert!(global["application_id"].is_null(), "{global}");
    let own = home
        .json(&[
            "sandbox",
            "faults",
            "add",
            "--operation",
            "listCustomers",
            "--kind",
            "latency",
            "--delay-ms",
            "50",
            "--app",
            &app,
            "--ready",
            &r,
            "-o",
            "json",
        ])
        .await;
    assert_eq!(own["application_id"], app.as_str());
    // The TEST key sees both (they apply to it); the global rule faults its request.
    assert_eq!(rules(&home, &[]).await.len(), 2);
    let listed = home.run(&["customers", "list", "-o", "json"], None).await;
    failed(&listed, 1, "BAD_GATEWAY");
    // A TEST key cannot remove the operator's rule.
    let refused = home.run(&["sandbox", "faults", "rm", global["id"].as_str().unwrap()], None).await;
    failed(&refused, 3, "operator");
    // The control token lists one application's, or every rule.
    let by_app = rules(&home, &["--app", &app, "--ready", &r]).await;
    assert_eq!(by_app.len(), 1);
    assert_eq!(by_app[0]["id"], own["id"]);
    assert_eq!(rules(&home, &["--global", "--ready", &r]).await.len(), 2);
    // Clearing the global rules leaves the application's.
    home.run(&["sandbox", "faults", "clear", "--global", "--ready", &r], None).await.ok();
    let left = rules(&home, &[]).await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["id"], own["id"]);
    home.run(&["customers", "list", "-o", "json"], None).await.ok();
    home.run(&["sandbox", "faults", "rm", own["id"].as_str().unwrap(), "--global", "--ready", &r], None).await.ok();
    assert!(rules(&home, &[]).await.is_empty());
    // Without a control token, --global has nothing to use.
    failed(&home.run(&["sandbox", "faults", "list", "--global"], None).await, 3, "PAYCTL_CONTROL_TOKEN");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_rules_are_refused_naming_the_flag_and_live_keys_get_none() {
    let home = Home::initialised().await;
    failed(&home.run(&["sandbox", "faults", "add", "--kind", "explode"], None).await, 2, "is not a fault kind");
    failed(&home.run(&["sandbox", "faults", "add", "--operation", "createCustomer"], None).await, 2, "--kind");
    failed(
        &home.run(&["sandbox", "faults", "add", "--kind", "error", "--probability", "1.5"], None).await,
        2,
        "0 to 1",
    );
    let status = home.run(&["sandbox", "faults", "add", "--kind", "error", "--status", "200"], None).await;
    failed(&status, 1, "--status");
    let unknown = home.run(&["sandbox", "faults", "add", "--kind", "reset", "--operation", "createWidget"], None).await;
    failed(&unknown, 1, "createTransaction");
    let delivery = home.run(&["sandbox", "faults", "add", "--kind", "duplicate"], None).await;
    failed(&delivery, 1, "match.event");
    let live = home.sb.ready.live_api_key.clone();
    let refused = home.run(&["--api-key", &live, "sandbox", "faults", "add", "--kind", "reset"], None).await;
    failed(&refused, 3, "ATH_0002");
    assert!(rules(&home, &[]).await.is_empty(), "nothing was stored");
}

fn args(line: &[String]) -> Vec<&str> {
    line.iter().map(String::as_str).collect()
}

/// A create whose every answer is lost: the CLI gives up after its retries
/// (exit 4) and says the work may have been done, which it was, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_that_never_gets_an_answer_fails_after_its_retries_saying_it_may_have_been_carried_out() {
    let home = Home::initialised().await;
    home.run(&["sandbox", "faults", "add", "--operation", "createCustomer", "--kind", "drop-response"], None)
        .await
        .ok();
    let body = customer_body().to_string();
    let lost = home.run(&["customers", "create", "--data", &body, "-o", "json"], None).await;
    failed(&lost, 4, "no answer from");
    for said in ["(tried 5 times); the request may have been carried out all the same", "(retry 4 of 4)"] {
        assert!(lost.stderr.contains(said), "{said:?} missing from {}", lost.stderr);
    }
    let customers = home.sb.get("/v1/customers", &home.sb.test_key()).await;
    assert_eq!(customers.body["data"].as_array().unwrap().len(), 1, "done once, not five times: {}", customers.body);
    let listed = rules(&home, &[]).await;
    assert_eq!(listed[0]["hits"].as_u64(), Some(5), "every attempt met the rule: {listed:?}");
}

/// The README's two lines that rehearse a lost answer, as written there
/// (`BEN_ID` filled in).
fn readme_rehearsal(beneficiary: &str) -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = &readme[readme.find("### Rehearsing failures").expect("the README's rehearsal")..];
    let block = &section[section.find("```sh\n").unwrap() + 6..];
    let block = &block[..block.find("```").unwrap()];
    block
        .lines()
        .map(|line| {
            let line = line.split(" #").next().unwrap();
            line.split_whitespace().skip(1).map(|w| w.replace("BEN_ID", beneficiary)).collect()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readmes_two_lines_rehearse_a_lost_answer_and_the_rerun_replays_it() {
    let home = Home::initialised().await;
    let beneficiary = super::transfer::bank_beneficiary(&home.sb).await;
    let lines = readme_rehearsal(&beneficiary);
    assert_eq!(lines.len(), 2, "{lines:?}");
    home.run(&args(&lines[0]), None).await.ok();
    let transactions = || async {
        home.sb.get("/v1/transactions?limit=100", &home.sb.test_key()).await.body["data"].as_array().unwrap().clone()
    };
    let lost = home.run(&args(&lines[1]), None).await.ok();
    for said in ["POST /v1/transactions: no answer (", "with the same Idempotency-Key and body (retry 1 of 4)"] {
        assert!(lost.stderr.contains(said), "{said:?} missing from {}", lost.stderr);
    }
    let made = transactions().await;
    assert_eq!(made.len(), 1, "the transaction was created once: {made:?}");
    // The same line again: every step replays, the one transaction is printed.
    let mut again = args(&lines[1]);
    again.extend(["-o", "json"]);
    let rerun = home.run(&again, None).await.ok();
    assert_eq!(rerun.json()["id"], made[0]["id"], "{}", rerun.stderr);
    assert_eq!(transactions().await.len(), 1, "not a second one");
    let rules = rules(&home, &[]).await;
    assert_eq!((rules[0]["hits"].as_u64(), rules[0]["spent"].as_bool()), (Some(1), Some(true)));
}

/// The block after `<!-- receiver-ready-example -->` in sandbox/README.md:
/// its shell lines, and the output its comments show (remarks after `<-`
/// left out).
fn receiver_ready_example() -> (Vec<String>, Vec<String>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("sandbox/README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let after = readme.split("<!-- receiver-ready-example -->").nth(1).expect("sandbox/README.md has the example");
    let block = after.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    let (shown, lines): (Vec<&str>, Vec<&str>) = block.lines().partition(|l| l.starts_with("# "));
    let shown = shown.iter().map(|l| l[2..].split("<-").next().unwrap().trim().to_owned()).collect();
    (lines.into_iter().map(str::to_owned).collect(), shown)
}

/// What the example's `jq` line prints of `webhooks deliveries -o json`.
fn as_jq_prints(listed: &Value) -> Vec<String> {
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_owned);
    let mut all = listed["data"].as_array().unwrap().clone();
    all.reverse();
    all.iter()
        .map(|d| {
            let kind = d["fault"]["kind"].as_str().unwrap_or("-");
            let first = &d["attempts"][0];
            format!(
                "{} {} {kind} {} {}",
                text(&d["role"]),
                text(&d["status"]),
                text(&first["status_code"]),
                text(&first["verdict"])
            )
        })
        .collect()
}

/// The README's "is my receiver ready?" example, run as written with `bash`
/// against a receiver registered as `$ENDPOINT` (its `jq` projection made
/// here, so the test needs no jq): four rules, one event, and the genuine
/// delivery followed by the duplicate and all three probes. A receiver that
/// verifies gets exactly the output the README shows; one that accepts
/// everything gets the verdicts the README says it would.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readmes_receiver_example_sends_every_extra_delivery_for_one_event() {
    use crate::webhooks::faults::{FaultReceiver, Policy, endpoint, settled};
    let (lines, shown) = receiver_ready_example();
    let listing = lines.iter().position(|l| l.starts_with("payctl webhooks deliveries")).unwrap();
    assert!(lines[listing].ends_with("-o json |") && lines[listing + 1].trim_start().starts_with("jq -r"));
    let script = lines[..listing].to_vec();
    let deliveries_line = lines[listing].trim_end_matches(" |").to_owned() + " > deliveries.json";
    let readme = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("sandbox/README.md"));
    let readme = readme.unwrap();
    for policy in [Policy::Verifying, Policy::Naive] {
        let home = Home::initialised().await;
        let receiver = FaultReceiver::start(policy).await;
        let wh = endpoint(&home.sb, &home.sb.test_key(), &receiver, &["settlement.completed"]).await;
        let shell = |script: &[String]| {
            let bin = std::path::Path::new(env!("CARGO_BIN_EXE_payctl")).parent().unwrap().to_owned();
            let out = std::process::Command::new("bash")
                .args(["-c", &format!("set -eo pipefail\n{}\n", script.join("\n"))])
                .current_dir(home.dir.path())
                .env("PATH", format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default()))
                .env("PAYCTL_CONFIG_DIR", home.dir.path())
                .env("PAYCTL_CREDENTIAL_STORE", "file")
                .env_remove("PAYCTL_BASE_URL")
                .env_remove("PAYCTL_API_KEY")
                .env_remove("PAYCTL_PROFILE")
                .env("ENDPOINT", &wh)
                .output()
                .unwrap();
            assert!(out.status.success(), "{script:?}: {}", String::from_utf8_lossy(&out.stderr));
        };
        let dir = home.dir.path().to_owned();
        tokio::task::block_in_place(|| shell(&script));
        // The genuine delivery, the copy and the three probes, each answered.
        settled(&home.sb, &home.sb.test_key(), &wh, 5).await;
        tokio::task::block_in_place(|| shell(std::slice::from_ref(&deliveries_line)));
        let listed: Value = serde_json::from_slice(&std::fs::read(dir.join("deliveries.json")).unwrap()).unwrap();
        let printed = as_jq_prints(&listed);
        assert_eq!(printed.len(), 5, "one event, five deliveries: {printed:?}");
        assert_eq!(printed[0], shown[0], "the genuine delivery first");
        let sorted = |lines: &[String]| {
            let mut l = lines.to_vec();
            l.sort();
            l
        };
        match policy {
            Policy::Verifying => assert_eq!(sorted(&printed), sorted(&shown)),
            Policy::Naive => {
                for said in [
                    "probe succeeded tampered_body 200 accepted_forgery",
                    "probe succeeded stale_timestamp 200 accepted_stale",
                ] {
                    assert!(printed.iter().any(|p| p == said), "{said}: {printed:?}");
                    assert!(readme.contains(&format!("`{said}`")), "the README names {said:?}");
                }
            }
        }
    }
}

/// `--per-endpoint` counts each endpoint's deliveries apart: `--times 1`
/// probes the first delivery to every endpoint, one registered after the
/// rule included, where a rule without it probes one delivery in all. The
/// table says so; a request rule cannot take it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_per_endpoint_rule_fires_once_at_every_endpoint() {
    use crate::webhooks::faults::{FaultReceiver, Policy, endpoint, settled, trigger};
    let home = Home::initialised().await;
    let (sb, key) = (&home.sb, home.sb.test_key());
    let add = ["sandbox", "faults", "add", "--event", "*", "--times", "1", "-o", "json"];
    let per = home.json(&[&add[..], &["--kind", "forged-signature", "--per-endpoint"]].concat()).await;
    assert_eq!((&per["per_endpoint"], &per["spent"]), (&Value::Bool(true), &Value::Bool(false)), "{per}");
    let once = home.json(&[&add[..], &["--kind", "stale-timestamp"]].concat()).await;
    assert!(once.get("per_endpoint").is_none(), "false is left out: {once}");
    let table = home.run(&["sandbox", "faults", "list", "-o", "table"], None).await.ok();
    assert!(table.stdout.contains("1 per endpoint"), "{}", table.stdout);

    let first = FaultReceiver::start(Policy::Verifying).await;
    let a = endpoint(sb, &key, &first, &["customer.kyb_approved"]).await;
    trigger(sb, &key, serde_json::json!({"event": "customer.kyb_approved"})).await;
    let kinds = |all: &[Value]| -> Vec<String> {
        let mut k: Vec<String> =
            all.iter().map(|d| d["fault"]["kind"].as_str().unwrap_or(d["role"].as_str().unwrap()).to_owned()).collect();
        k.sort();
        k
    };
    assert_eq!(kinds(&settled(sb, &key, &a, 3).await), ["forged_signature", "genuine", "stale_timestamp"]);
    // A second endpoint meets the per-endpoint rule afresh; the first has had its probe, and the other rule is spent.
    let second = FaultReceiver::start(Policy::Verifying).await;
    let b = endpoint(sb, &key, &second, &["customer.kyb_approved"]).await;
    trigger(sb, &key, serde_json::json!({"event": "customer.kyb_approved"})).await;
    assert_eq!(kinds(&settled(sb, &key, &b, 2).await), ["forged_signature", "genuine"]);
    first.wait_for(4).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(kinds(&settled(sb, &key, &a, 4).await), ["forged_signature", "genuine", "genuine", "stale_timestamp"]);
    let listed = rules(&home, &[]).await;
    let hits: Vec<(Value, Value)> = listed.iter().map(|r| (r["hits"].clone(), r["spent"].clone())).collect();
    assert_eq!(hits, [(2.into(), false.into()), (1.into(), true.into())], "{listed:?}");

    let request_rule = home.run(&["sandbox", "faults", "add", "--kind", "reset", "--per-endpoint"], None).await;
    failed(&request_rule, 2, "--event");
    let refused =
        sb.post("/sandbox/faults", &key, serde_json::json!({"fault": {"kind": "reset"}, "per_endpoint": true})).await;
    refused.assert_error(422, "INVALID_FAULT_RULE");
}
