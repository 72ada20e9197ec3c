//! The Faults page: rules added, listed with their counters and removed
//! through `/sandbox/faults` as the application; faulted requests marked in
//! the request logs with their kind and rule; LIVE applications get none.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{Browser, Page};
use crate::faults::{add_rule, customer_body, rules};
use crate::support::{TestSandbox, spawn_sandbox};

fn by_id<'a>(list: &'a [Value], id: &str) -> &'a Value {
    list.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("no rule {id} in {list:?}"))
}

/// The newest rule the TEST key sees.
async fn newest(sb: &TestSandbox) -> Value {
    rules(sb, &sb.test_key()).await.last().cloned().expect("a rule")
}

/// The row of the rules table that names `id`.
fn row<'a>(page: &'a Page, id: &str) -> &'a str {
    let at = page.html.find(&format!("title=\"{id}\"")).unwrap_or_else(|| panic!("{id} not listed: {}", page.html));
    let start = page.html[..at].rfind("<tr>").unwrap();
    let end = at + page.html[at..].find("</tr>").unwrap();
    &page.html[start..end]
}

#[tokio::test]
async fn rules_of_every_kind_are_added_listed_with_their_counters_and_removed() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let app = sb.ready.test_application_id.clone();
    let faults = format!("/console/apps/{app}/faults");
    let mut browser = Browser::demo(&sb).await;

    let empty = browser.get(&faults).await;
    empty.assert_ok();
    assert!(empty.text().contains("No fault rules apply to this application"), "{}", empty.html);
    // The form offers every kind, and the operations rules apply to.
    for kind in [
        "error",
        "rate_limit",
        "latency",
        "timeout",
        "reset",
        "drop_response",
        "duplicate",
        "delay",
        "out_of_order",
        "drop",
        "forged_signature",
        "stale_timestamp",
        "tampered_body",
    ] {
        assert!(empty.html.contains(&format!("<option value=\"{kind}\"")), "no {kind} in the form");
    }
    assert!(empty.html.contains("<option value=\"createTransaction\">"));
    assert!(!empty.html.contains("<option value=\"createFaultRule\">"), "no /sandbox/ operation");
    // The application's navigation links to the page.
    let logs = browser.get(&format!("/console/apps/{app}/logs")).await;
    assert!(logs.html.contains(&format!("href=\"{faults}\"")), "the navigation links to Faults");

    // A lost answer, as a browser without the script sends it: every field,
    // those of other kinds included (they are left out).
    let added = browser
        .post(
            &faults,
            &[
                ("kind", "drop_response"),
                ("operation_id", "createCustomer"),
                ("method", ""),
                ("path", ""),
                ("event", "*"),
                ("endpoint_id", ""),
                ("status", "503"),
                ("retry_after", ""),
                ("delay_ms", ""),
                ("delay_s", ""),
                ("skip", ""),
                ("times", "1"),
                ("probability", ""),
                ("seed", ""),
            ],
        )
        .await;
    let flash = browser.flash(&added).await;
    let lost = newest(&sb).await;
    let lost_id = lost["id"].as_str().unwrap().to_owned();
    assert!(flash.contains(&format!("Fault rule {lost_id} added.")), "{flash}");
    assert_eq!(lost["match"], json!({"operation_id": "createCustomer"}));
    assert_eq!(lost["fault"], json!({"kind": "drop_response"}));
    assert_eq!(lost["times"], 1);
    assert_eq!(lost["application_id"], app.as_str());

    // It fires on the partner's own request, and the page counts it.
    let cut = sb.try_send(sb.request(Method::POST, "/v1/customers", &key).json(&customer_body())).await;
    assert!(cut.is_err(), "the answer was dropped");
    let page = browser.get(&faults).await;
    let listed = row(&page, &lost_id);
    assert!(listed.contains("drop_response") && listed.contains("createCustomer"), "{listed}");
    assert!(listed.contains("1 / 1"), "hits against times: {listed}");
    assert!(listed.contains(">spent<"), "{listed}");

    // Parameters reach the API as numbers, the probability as typed.
    browser
        .post(
            &faults,
            &[
                ("kind", "error"),
                ("method", "GET"),
                ("path", "/v1/customers/{id}"),
                ("status", "502"),
                ("skip", "1"),
                ("probability", "0.25"),
                ("seed", "7"),
            ],
        )
        .await;
    let error = newest(&sb).await;
    assert_eq!(error["fault"], json!({"kind": "error", "status": 502}));
    assert_eq!(error["match"], json!({"method": "GET", "path": "/v1/customers/{id}"}));
    assert_eq!(
        (error["skip"].as_u64(), error["seed"].as_u64(), error["probability"].as_f64()),
        (Some(1), Some(7), Some(0.25))
    );
    assert!(error["times"].is_null(), "no limit");
    for (kind, param, value, want) in [
        ("rate_limit", "retry_after", "9", json!({"kind": "rate_limit", "retry_after": 9})),
        ("latency", "delay_ms", "800", json!({"kind": "latency", "delay_ms": 800})),
        ("timeout", "delay_ms", "1500", json!({"kind": "timeout", "delay_ms": 1500})),
        ("reset", "status", "503", json!({"kind": "reset"})),
    ] {
        browser.post(&faults, &[("kind", kind), ("operation_id", "getCustomer"), (param, value)]).await;
        assert_eq!(newest(&sb).await["fault"], want, "{kind}");
    }
    // timeout's "Commit first" box; the "Per endpoint" box is a delivery rule's, left out here.
    for name in ["commit", "per_endpoint"] {
        assert!(empty.html.contains(&format!("type=\"checkbox\" name=\"{name}\"")), "the form's {name} box");
    }
    let commit = [("kind", "timeout"), ("operation_id", "createCustomer"), ("delay_ms", "800")];
    browser.post(&faults, &[&commit[..], &[("commit", "true"), ("per_endpoint", "true")]].concat()).await;
    let slow_commit = newest(&sb).await;
    assert_eq!(slow_commit["fault"], json!({"kind": "timeout", "delay_ms": 800, "commit": true}), "{slow_commit}");
    assert!(slow_commit["per_endpoint"].is_null(), "{slow_commit}");
    // A delivery kind: the event and endpoint match, the request fields do not.
    let added = browser
        .post(
            &faults,
            &[
                ("kind", "duplicate"),
                ("event", "settlement.created"),
                ("delay_s", "30"),
                ("operation_id", "getCustomer"),
                ("commit", "true"),
                ("per_endpoint", "true"),
                ("times", "1"),
            ],
        )
        .await;
    assert!(browser.flash(&added).await.contains("added"));
    let duplicate = newest(&sb).await;
    assert_eq!(duplicate["match"], json!({"event": "settlement.created"}));
    assert_eq!(duplicate["fault"], json!({"kind": "duplicate", "delay_s": 30}));
    assert_eq!((&duplicate["per_endpoint"], &duplicate["spent"]), (&json!(true), &json!(false)), "{duplicate}");
    let page = browser.get(&faults).await;
    let per_endpoint = row(&page, duplicate["id"].as_str().unwrap());
    assert!(per_endpoint.contains("0 / 1") && per_endpoint.contains("per endpoint"), "{per_endpoint}");

    // The API's refusals come back as they are; a malformed number never leaves the console.
    let count = rules(&sb, &key).await.len();
    let refused = browser.post(&faults, &[("kind", "latency")]).await;
    let flash = browser.flash(&refused).await;
    assert!(flash.contains("400 VAL_0001") && flash.contains("fault.delay_ms"), "{flash}");
    let refused = browser.post(&faults, &[("kind", "reset"), ("operation_id", "createWidget")]).await;
    assert!(browser.flash(&refused).await.contains("422 INVALID_FAULT_RULE"));
    let refused = browser.post(&faults, &[("kind", "reset"), ("skip", "a few")]).await;
    let flash = super::unescape(&browser.flash(&refused).await);
    assert!(flash.contains("Skip: \"a few\" is not a whole number"), "{flash}");
    assert_eq!(rules(&sb, &key).await.len(), count, "nothing was added");

    // The operator's global rule is listed, not removable here.
    let global = add_rule(
        &sb,
        &sb.control(),
        json!({"match": {"operation_id": "getBeneficiary"},
        "fault": {"kind": "error"}}),
    )
    .await;
    let page = browser.get(&faults).await;
    let global_row = row(&page, global["id"].as_str().unwrap());
    assert!(global_row.contains("global") && global_row.contains("the operator"), "{global_row}");
    assert!(!global_row.contains("Remove"), "{global_row}");

    // Remove one, then clear the application's: the global one stays.
    let removed = browser.post(&format!("{faults}/{lost_id}/delete"), &[]).await;
    assert!(browser.flash(&removed).await.contains("Fault rule removed."));
    assert!(rules(&sb, &key).await.iter().all(|r| r["id"] != lost_id.as_str()));
    let twice = browser.post(&format!("{faults}/{lost_id}/delete"), &[]).await;
    assert!(browser.flash(&twice).await.contains("404"), "already gone");
    let cleared = browser.post(&format!("{faults}/clear"), &[]).await;
    assert!(browser.flash(&cleared).await.contains("were removed"));
    let left = rules(&sb, &key).await;
    assert_eq!(left.len(), 1);
    by_id(&left, global["id"].as_str().unwrap());

    // Each change went through the API as the console.
    // (Adds, two refusals, removals and the clear; the test's own reads are the TEST key's GETs.)
    let changes = |l: &[Value]| l.iter().filter(|x| x["method"] != "GET").cloned().collect::<Vec<_>>();
    let logged = sb.logs_where(&key, "endpoint=/sandbox/faults&limit=100", |l| changes(l).len() >= 13).await;
    let logged = changes(&logged);
    assert_eq!(logged.len(), 13, "{logged:?}");
    assert!(logged.iter().all(|l| l["api_key_id"] == "console"), "{logged:?}");
    assert!(logged.iter().any(|l| l["method"] == "DELETE" && l["path"] == format!("/sandbox/faults/{lost_id}")));
}

#[tokio::test]
async fn the_consoles_own_actions_are_never_faulted() {
    let sb = spawn_sandbox().await;
    let app = sb.ready.test_application_id.clone();
    add_rule(&sb, &sb.test_key(), json!({"fault": {"kind": "error", "status": 500}})).await;
    // Every partner request fails now...
    sb.get("/v1/webhooks", &sb.test_key()).await.assert_error(500, "INTERNAL_ERROR");
    // ...but the console's create of an endpoint (the same operation) is its own.
    let mut browser = Browser::demo(&sb).await;
    let page = browser
        .post(
            &format!("/console/apps/{app}/webhooks"),
            &[("url", "https://example.com/hooks"), ("events", "settlement.created")],
        )
        .await;
    page.assert_ok();
    assert!(page.html.contains("whsec_"), "the endpoint was created: {}", page.html);
    assert_eq!(rules(&sb, &sb.test_key()).await[0]["hits"], 1, "only the partner's request was faulted");
}

#[tokio::test]
async fn faulted_requests_are_marked_in_the_log_list_and_the_detail_shows_the_fault() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let app = sb.ready.test_application_id.clone();
    let rule = add_rule(
        &sb,
        &key,
        json!({"match": {"operation_id": "createCustomer"},
        "fault": {"kind": "drop_response"}, "times": 1}),
    )
    .await;
    let rule_id = rule["id"].as_str().unwrap();
    let _ = sb.try_send(sb.request(Method::POST, "/v1/customers", &key).json(&customer_body())).await;
    let _ =
        sb.try_send(sb.request(Method::GET, "/v1/customers?limit=2", &key).header("X-Sandbox-Fault", "reset")).await;
    let r = sb.send(sb.request(Method::GET, "/v1/customers?limit=3", &key)).await;
    assert_eq!(r.status, StatusCode::OK);
    let logs = sb.logs_where(&key, "endpoint=/v1/customers", |l| l.len() >= 3).await;
    let (plain, reset, dropped) = (&logs[0], &logs[1], &logs[2]);
    assert_eq!((reset["status_code"].as_u64(), dropped["status_code"].as_u64()), (Some(0), Some(201)));

    let mut browser = Browser::demo(&sb).await;
    let list = browser.get(&format!("/console/apps/{app}/logs")).await;
    list.assert_ok();
    let text = list.text();
    assert!(text.contains("fault: drop_response"), "{}", list.html);
    assert!(text.contains(rule_id), "the rule is named");
    assert!(text.contains("fault: reset") && text.contains("X-Sandbox-Fault header"), "{}", list.html);
    assert!(text.contains("no answer"), "status 0 reads as no answer");
    assert_eq!(text.matches("fault: ").count(), 2, "the plain request is not marked");

    let detail = browser.get(&format!("/console/apps/{app}/logs/{}", dropped["id"].as_str().unwrap())).await;
    let text = detail.assert_ok().text();
    assert!(text.contains("Fault") && text.contains(&format!("Fault rule {rule_id} injected drop_response")), "{text}");
    assert!(text.contains("the handler answered 201"), "{text}");
    assert!(detail.html.contains(&format!("href=\"/console/apps/{app}/faults\"")));
    let detail = browser.get(&format!("/console/apps/{app}/logs/{}", reset["id"].as_str().unwrap())).await;
    let text = detail.assert_ok().text();
    assert!(text.contains("The request's own X-Sandbox-Fault header injected reset"), "{text}");
    assert!(text.contains("no answer was sent (logged with status 0)"), "{text}");
    let detail = browser.get(&format!("/console/apps/{app}/logs/{}", plain["id"].as_str().unwrap())).await;
    assert!(!detail.assert_ok().text().contains("injected"), "a plain request has no fault");
}

#[tokio::test]
async fn a_live_applications_page_says_rules_never_apply_and_offers_no_form() {
    let sb = spawn_sandbox().await;
    let mut browser = Browser::demo(&sb).await;
    let page = browser.get(&format!("/console/apps/{}/faults", sb.ready.live_application_id)).await;
    let text = page.assert_ok().text();
    assert!(text.contains("Fault rules never apply to a LIVE application"), "{text}");
    assert!(!page.html.contains("name=\"kind\""), "no form");
    // Posting one anyway is the API's refusal of a LIVE caller.
    let refused =
        browser.post(&format!("/console/apps/{}/faults", sb.ready.live_application_id), &[("kind", "reset")]).await;
    assert!(browser.flash(&refused).await.contains("403"));
    assert!(rules(&sb, &sb.control()).await.is_empty());
}
