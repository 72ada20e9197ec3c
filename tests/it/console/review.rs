//! The Go-live review page: the rules a drill installs, listed before it
//! starts and with their hits while it runs; starting and ending it through
//! `/sandbox/drill` as the application; the verdict with each check's
//! evidence linking to the request-log and delivery pages it cites; a
//! chosen `since`; requests made from the console never judged; LIVE
//! applications get no drill.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::{Browser, Page};
use crate::faults::{customer_body, rules};
use crate::support::{TestSandbox, spawn_sandbox};

/// The review as the API answers it to the TEST key.
async fn review(sb: &TestSandbox) -> Value {
    let r = sb.get("/sandbox/review", &sb.test_key()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

fn check<'v>(review: &'v Value, id: &str) -> &'v Value {
    review["checks"].as_array().unwrap().iter().find(|c| c["id"] == id).unwrap_or_else(|| panic!("no {id}"))
}

/// The text of each row's first cell (the fault) of the drill's rule table.
fn listed_faults(page: &Page) -> Vec<String> {
    let at = page.html.find("<table class=\"drill-rules\">").unwrap_or_else(|| panic!("no rule table: {}", page.html));
    let table = &page.html[at..at + page.html[at..].find("</table>").unwrap()];
    table
        .split("<tr>")
        .skip(2)
        .map(|row| {
            let start = row.find("<code>").unwrap() + "<code>".len();
            super::unescape(&row[start..start + row[start..].find("</code>").unwrap()])
        })
        .collect()
}

/// The `<details>` of one check.
fn details<'p>(page: &'p Page, id: &str) -> &'p str {
    let at = page.html.find(&format!("id=\"check-{id}\"")).unwrap_or_else(|| panic!("no {id}: {}", page.html));
    let start = page.html[..at].rfind("<details").unwrap();
    &page.html[start..at + page.html[at..].find("</details>").unwrap()]
}

/// What `Fault::describe` makes of a rule's fault as the API shows it.
fn described(fault: &Value) -> String {
    let mut text = fault["kind"].as_str().unwrap().to_owned();
    for (field, unit) in [("status", ""), ("retry_after", " s Retry-After"), ("delay_ms", " ms"), ("delay_s", " s")] {
        if let Some(n) = fault[field].as_u64() {
            text.push_str(&format!(" {n}{unit}"));
        }
    }
    text
}

#[tokio::test]
async fn a_drill_started_on_the_page_installs_the_rules_it_listed_and_the_checks_link_their_evidence() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let app = sb.ready.test_application_id.clone();
    let page_path = format!("/console/apps/{app}/review");
    let mut browser = Browser::demo(&sb).await;

    // The application's navigation links to the page.
    let logs = browser.get(&format!("/console/apps/{app}/logs")).await;
    assert!(logs.html.contains(&format!("href=\"{page_path}\"")), "the navigation links to the review");
    assert!(logs.text().contains("Go-live review"));

    // Before any drill: what starting one installs, and a verdict with nothing judged.
    let before = browser.get(&page_path).await;
    let text = before.assert_ok().text();
    assert!(text.contains("No drill has run for this application"), "{text}");
    let planned = listed_faults(&before);
    for fault in [
        "drop_response",
        "timeout 5000 ms",
        "rate_limit 2 s Retry-After",
        "error 503",
        "duplicate 0 s",
        "out_of_order",
        "forged_signature",
        "stale_timestamp",
        "tampered_body",
    ] {
        assert!(planned.iter().any(|f| f == fault), "{fault} not among {planned:?}");
    }
    assert!(text.contains("createTransaction") && text.contains("deliveries of *"), "{text}");
    assert!(text.contains("once: on the 2nd match") && text.contains("once: on the 4th match"), "{text}");
    assert!(before.html.contains(&format!("action=\"{page_path}/drill\"")), "a Start drill form");
    assert!(!before.html.contains(&format!("action=\"{page_path}/drill/end\"")), "nothing to end");
    assert!(text.contains("fail") && text.contains("had nothing to judge"), "{text}");
    assert!(details(&before, "IDEMPOTENCY_KEY_SENT").contains("not exercised"));

    // Start it: the API installs exactly the rules the page listed, in order.
    let started = browser.post(&format!("{page_path}/drill"), &[]).await;
    let flash = browser.flash(&started).await;
    assert!(flash.contains(&format!("Drill started: {} fault rules in force.", planned.len())), "{flash}");
    let installed = rules(&sb, &key).await;
    let kinds: Vec<String> = installed.iter().map(|r| described(&r["fault"])).collect();
    assert_eq!(kinds, planned, "the page listed what a drill installs");
    assert!(installed.iter().all(|r| r["application_id"] == app.as_str() && r["times"] == 1));
    let running = browser.get(&page_path).await;
    let text = running.assert_ok().text();
    assert!(text.contains("A drill is running since") && text.contains("Hits"), "{text}");
    assert!(running.html.contains(&format!("action=\"{page_path}/drill/end\"")), "an End drill form");
    assert_eq!(listed_faults(&running), planned);

    // A naive create: no Idempotency-Key, no X-Request-ID.
    let made = sb.send(sb.request(Method::POST, "/v1/customers", &key).json(&customer_body())).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let judged = review(&sb).await;
    let evidence = &check(&judged, "IDEMPOTENCY_KEY_SENT")["evidence"][0];
    let log = evidence["log_id"].as_str().expect("the create's log entry").to_owned();
    let required_failed = judged["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["severity"] == "required" && c["status"] == "fail")
        .count();
    assert_eq!(required_failed, 1, "{judged:#}");

    // The page says the same, and links the evidence; a live refresh carries it too.
    for page in [browser.get(&page_path).await, browser.get_live(&page_path).await] {
        let text = page.assert_ok().text();
        assert!(text.contains("1 required check failed"), "{text}");
        let key_check = details(&page, "IDEMPOTENCY_KEY_SENT");
        assert!(key_check.starts_with("<details class=\"check\"") && key_check.contains(" open"), "{key_check}");
        assert!(key_check.contains(&format!("href=\"/console/apps/{app}/logs/{log}\"")), "{key_check}");
        assert!(key_check.contains("POST /v1/customers carried no Idempotency-Key"), "{key_check}");
        assert!(details(&page, "REQUEST_ID_SENT").contains(&format!("/logs/{log}\"")));
        assert!(details(&page, "IDEMPOTENT_RETRY").contains(" open"), "required, with nothing to judge: open");
        assert!(!details(&page, "BACKOFF_ON_5XX").contains(" open"), "recommended, with nothing to judge: closed");
    }
    let cited = browser.get(&format!("/console/apps/{app}/logs/{log}")).await;
    let text = cited.assert_ok().text();
    assert!(text.contains("POST") && text.contains("/v1/customers") && text.contains("201"), "{text}");

    // End it: its rules go, and the review still judges from its start.
    let ended = browser.post(&format!("{page_path}/drill/end"), &[]).await;
    assert!(browser.flash(&ended).await.contains("Drill ended: its fault rules are gone."));
    assert!(rules(&sb, &key).await.is_empty());
    let after = browser.get(&page_path).await;
    let text = after.assert_ok().text();
    assert!(text.contains("The last drill ran from"), "{text}");
    assert_eq!(listed_faults(&after), planned, "what a new drill would install");
    assert!(details(&after, "IDEMPOTENCY_KEY_SENT").contains(&format!("/logs/{log}\"")), "judged from its start");

    // The drill's requests went through the API as the console.
    let logged = sb.logs_where(&key, "endpoint=/sandbox/drill", |l| l.len() >= 2).await;
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert!(logged.iter().all(|l| l["api_key_id"] == "console"), "{logged:?}");
}

#[tokio::test]
async fn a_chosen_since_is_judged_from_and_a_bad_one_is_the_apis_refusal() {
    let sb = spawn_sandbox().await;
    let app = sb.ready.test_application_id.clone();
    let mut browser = Browser::demo(&sb).await;
    let chosen = browser.get(&format!("/console/apps/{app}/review?since=2099-01-01T00:00:00Z")).await;
    let text = chosen.assert_ok().text();
    assert!(chosen.html.contains("name=\"since\" value=\"2099-01-01T00:00:00Z\""), "the choice is kept");
    assert!(chosen.html.contains("Judged from <time datetime=\"2099-01-01T00:00:00.000Z\""), "{text}");
    assert!(text.contains("6 required checks had nothing to judge"), "{text}");
    assert!(chosen.html.contains(&format!("href=\"/console/apps/{app}/review\"")), "a way back to the default");
    let bad = browser.get(&format!("/console/apps/{app}/review?since=yesterday")).await;
    let text = bad.assert_ok().text();
    assert!(text.contains("400 VAL_0001") && text.contains("since: must be an ISO 8601 date-time"), "{text}");
}

#[tokio::test]
async fn requests_made_from_the_console_are_not_judged() {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let app = sb.ready.test_application_id.clone();
    let customer = crate::customers::create_customer(&sb, &key, "console-judged@example.com").await;
    let customer = customer["id"].as_str().unwrap().to_owned();
    let mut browser = Browser::demo(&sb).await;
    browser.post(&format!("/console/apps/{app}/review/drill"), &[]).await;
    let approved = browser.post(&format!("/console/apps/{app}/customers/{customer}/approve"), &[]).await;
    assert!(browser.flash(&approved).await.contains("approved"));
    // A create of the partner API, as a person makes it in the console.
    let endpoint = browser
        .post(
            &format!("/console/apps/{app}/webhooks"),
            &[("url", "https://example.com/hooks"), ("events", "settlement.created")],
        )
        .await;
    assert!(endpoint.assert_ok().html.contains("whsec_"), "the endpoint was created");

    let judged = review(&sb).await;
    for id in ["IDEMPOTENCY_KEY_SENT", "REQUEST_ID_SENT", "NO_BLIND_RETRY_4XX"] {
        assert_eq!(check(&judged, id)["status"], "not_exercised", "{id}: {judged:#}");
    }
    // They were logged, as the console's (read with the drill over, which would limit the reads).
    let ended = sb.send(sb.request(Method::DELETE, "/sandbox/drill", &key)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT);
    let approve = format!("/sandbox/customers/{customer}/approve");
    let console = |l: &[Value], path: &str| l.iter().any(|e| e["path"] == path && e["api_key_id"] == "console");
    let logged = sb.logs_where(&key, "limit=100", |l| console(l, "/v1/webhooks") && console(l, &approve)).await;
    assert!(console(&logged, "/v1/webhooks") && console(&logged, &approve), "{logged:?}");
}

#[tokio::test]
async fn a_delivery_cited_as_evidence_links_to_its_page() {
    let sb = spawn_sandbox().await;
    let app = sb.ready.test_application_id.clone();
    let _receiver = super::forgery_offered(&sb).await;
    let mut probe = None;
    for _ in 0..300 {
        let judged = review(&sb).await;
        let signature = check(&judged, "WEBHOOK_SIGNATURE_VERIFIED");
        if signature["status"] == "fail" {
            probe = signature["evidence"][0]["delivery_id"].as_str().map(str::to_owned);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let probe = probe.expect("the naive receiver's 2xx to a forgery fails the check, citing the probe");
    let mut browser = Browser::demo(&sb).await;
    let page = browser.get(&format!("/console/apps/{app}/review")).await;
    let signature = details(page.assert_ok(), "WEBHOOK_SIGNATURE_VERIFIED");
    assert!(signature.contains(" open"), "{signature}");
    assert!(signature.contains(&format!("href=\"/console/apps/{app}/deliveries/{probe}\"")), "{signature}");
    assert!(signature.contains("forged_signature delivery of customer.kyb_approved was answered 2xx"), "{signature}");
    let delivery = browser.get(&format!("/console/apps/{app}/deliveries/{probe}")).await;
    let text = delivery.assert_ok().text();
    assert!(text.contains("probe") && text.contains("accepted_forgery"), "{text}");
}

#[tokio::test]
async fn a_live_applications_page_says_why_there_is_no_review_and_offers_no_drill() {
    let sb = spawn_sandbox().await;
    let live = sb.ready.live_application_id.clone();
    let mut browser = Browser::demo(&sb).await;
    let page = browser.get(&format!("/console/apps/{live}/review")).await;
    let text = page.assert_ok().text();
    assert!(text.contains("A LIVE application behaves like production: no drill runs on it"), "{text}");
    assert!(!page.html.contains("/review/drill"), "no drill form");
    // Posting one anyway is the API's refusal of a LIVE caller.
    let refused = browser.post(&format!("/console/apps/{live}/review/drill"), &[]).await;
    assert!(browser.flash(&refused).await.contains("403"));
    assert!(rules(&sb, &sb.control()).await.is_empty(), "no rule was installed");
}
