//! The console (`/console`), served by the sandbox: every route behind
//! sign-in, every form behind CSRF, every page scoped to the signed-in
//! partner, and every action carried out by the API itself.
//!
//! A [`Browser`] here is an HTTP client that keeps the console's cookies
//! and reads the hidden form fields out of pages, the way a browser would;
//! the journeys in a real browser live in `tests/browser`.

mod actions;
mod auth;
mod csrf;
mod faults;
mod pages;
mod review;
mod scope;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Auth, TestSandbox, spawn_sandbox};

/// What a console request answered.
pub struct Page {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub html: String,
}

impl Page {
    pub fn location(&self) -> &str {
        self.headers.get("location").and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    /// The page's text with the HTML entities maud writes turned back.
    pub fn text(&self) -> String {
        unescape(&self.html)
    }

    /// The value of the first hidden field `name` on the page.
    pub fn field(&self, name: &str) -> Option<String> {
        let marker = format!("name=\"{name}\" value=\"");
        let start = self.html.find(&marker)? + marker.len();
        let end = self.html[start..].find('"')?;
        Some(self.html[start..start + end].to_owned())
    }

    #[track_caller]
    pub fn assert_ok(&self) -> &Page {
        assert_eq!(self.status, StatusCode::OK, "{}", self.html);
        self
    }

    /// A 303 to the sign-in page.
    #[track_caller]
    pub fn assert_sign_in(&self) {
        assert_eq!(self.status, StatusCode::SEE_OTHER, "{}", self.html);
        assert!(self.location().starts_with("/console/sign-in"), "{}", self.location());
    }
}

/// Undoes the escaping of text and attribute values in a page.
pub fn unescape(html: &str) -> String {
    html.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&#39;", "'").replace("&amp;", "&")
}

/// A console user agent: cookies kept by hand, no redirects followed.
pub struct Browser<'a> {
    pub sb: &'a TestSandbox,
    http: reqwest::Client,
    pub cookies: Vec<(String, String)>,
}

impl<'a> Browser<'a> {
    pub fn new(sb: &'a TestSandbox) -> Browser<'a> {
        let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Browser { sb, http, cookies: Vec::new() }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    fn keep_cookies(&mut self, headers: &reqwest::header::HeaderMap) {
        for value in headers.get_all("set-cookie") {
            let text = value.to_str().unwrap();
            let (pair, _) = text.split_once(';').unwrap_or((text, ""));
            let (name, value) = pair.split_once('=').unwrap();
            self.cookies.retain(|(k, _)| k != name);
            if !value.is_empty() {
                self.cookies.push((name.to_owned(), value.to_owned()));
            }
        }
    }

    async fn send(&mut self, request: reqwest::RequestBuilder) -> Page {
        let response = request.header("cookie", self.cookie_header()).send().await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        self.keep_cookies(&headers);
        Page { status, headers, html: response.text().await.unwrap() }
    }

    pub async fn get(&mut self, path: &str) -> Page {
        let request = self.http.get(self.sb.url(path));
        self.send(request).await
    }

    /// A GET the page's script makes to refresh a live region.
    pub async fn get_live(&mut self, path: &str) -> Page {
        let request = self.http.get(self.sb.url(path)).header("x-console-live", "rows");
        self.send(request).await
    }

    /// Posts form fields exactly as given.
    pub async fn post_raw(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let request = self.http.post(self.sb.url(path)).form(fields);
        self.send(request).await
    }

    /// Posts a form the way the page would: with the session's CSRF token
    /// (read from the overview) and a fresh idempotency key.
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let idem = uuid::Uuid::new_v4().to_string();
        self.post_with_key(path, fields, &idem).await
    }

    /// [`Browser::post`] with a chosen idempotency key (a resubmitted form).
    pub async fn post_with_key(&mut self, path: &str, fields: &[(&str, &str)], idem: &str) -> Page {
        let csrf = self.csrf().await;
        let mut all = vec![("csrf", csrf.as_str()), ("idem", idem)];
        all.extend_from_slice(fields);
        self.post_raw(path, &all).await
    }

    pub async fn csrf(&mut self) -> String {
        self.get("/console/overview").await.field("csrf").expect("a signed-in page carries the CSRF token")
    }

    /// Signs in through the sign-in form; panics unless it worked.
    pub async fn sign_in(&mut self, username: &str, password: &str) {
        let page = self.try_sign_in(username, password).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
        assert_eq!(page.location(), "/console/overview");
    }

    pub async fn try_sign_in(&mut self, username: &str, password: &str) -> Page {
        let form = self.get("/console/sign-in").await;
        let csrf = form.field("csrf").unwrap();
        self.post_raw(
            "/console/sign-in",
            &[("csrf", &csrf), ("username", username), ("password", password), ("next", "/console/overview")],
        )
        .await
    }

    /// The demo partner's user, signed in.
    pub async fn demo(sb: &'a TestSandbox) -> Browser<'a> {
        let mut browser = Browser::new(sb);
        browser.sign_in(&sb.ready.username, &sb.ready.password).await;
        browser
    }

    /// The message an action left for the next page.
    pub async fn flash(&mut self, page: &Page) -> String {
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
        let next = self.get(page.location()).await;
        let start = next.html.find("<div class=\"flash").expect("a message");
        let end = next.html[start..].find("</div>").unwrap();
        next.html[start..start + end].to_owned()
    }
}

/// A receiver that accepts everything, on `customer.kyb_approved`, meeting
/// a forged copy of the next delivery (a rule of the TEST key's), and the
/// event triggered: the receiver and its endpoint's id.
pub async fn forgery_offered(sb: &TestSandbox) -> (crate::webhooks::faults::FaultReceiver, String) {
    use crate::webhooks::faults::{FaultReceiver, Policy, endpoint};
    let key = sb.test_key();
    let receiver = FaultReceiver::start(Policy::Naive).await;
    let wh = endpoint(sb, &key, &receiver, &["customer.kyb_approved"]).await;
    crate::faults::add_rule(
        sb,
        &key,
        json!({"match": {"event": "*"}, "fault": {"kind": "forged_signature"}, "times": 1}),
    )
    .await;
    let r = sb.post("/sandbox/events/trigger", &key, json!({"event": "customer.kyb_approved"})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    (receiver, wh)
}

/// A second partner of a sandbox: its user and its TEST application.
pub struct Other {
    pub username: String,
    pub app: String,
}

pub async fn other_partner(sb: &TestSandbox) -> Other {
    let (username, bearer) = sb.other_partner_user().await;
    let (app, _) = sb.new_app_key(&bearer, "TEST").await;
    Other { username, app }
}

/// A sandbox with one of everything for the demo TEST application: a
/// customer (pending), a webhook endpoint, a delivery, a transaction, and
/// request logs.
pub struct Seeded {
    pub sb: TestSandbox,
    pub customer: String,
    pub endpoint: String,
    pub delivery: String,
    pub transaction: String,
    pub log: String,
}

pub async fn seeded() -> Seeded {
    let sb = spawn_sandbox().await;
    let key = sb.test_key();
    let customer = crate::customers::create_customer(&sb, &key, "seeded@example.com").await;
    let customer = customer["id"].as_str().unwrap().to_owned();
    // Deliveries fail (nothing listens there), which is enough to list them.
    let hook = sb
        .post("/v1/webhooks", &key, json!({"url": "http://127.0.0.1:9/hooks", "events": ["settlement.created"]}))
        .await;
    let endpoint = hook.body["id"].as_str().unwrap().to_owned();
    let transaction = transaction(&sb, &key).await["id"].as_str().unwrap().to_owned();
    let deliveries = sb.get(&format!("/v1/webhooks/{endpoint}/deliveries"), &key).await;
    let delivery = deliveries.body["data"][0]["id"].as_str().unwrap().to_owned();
    let logs = sb.logs_where(&key, "", |l| l.len() >= 3).await;
    let log = logs[0]["id"].as_str().unwrap().to_owned();
    Seeded { sb, customer, endpoint, delivery, transaction, log }
}

/// A transaction of the demo TEST application, PENDING.
pub async fn transaction(sb: &TestSandbox, key: &Auth) -> Value {
    let customer =
        crate::customers::create_customer(sb, key, &format!("tx-{}@example.com", uuid::Uuid::new_v4())).await;
    let id = customer["id"].as_str().unwrap();
    assert_eq!(sb.post(&format!("/sandbox/customers/{id}/approve"), key, json!({})).await.status, 200);
    let beneficiary = sb
        .post(
            "/v1/beneficiaries",
            key,
            json!({"customer_id": id, "type": "business", "full_name": "Payee LLC",
            "country": "AE", "account": {"kind": "STABLECOIN_WALLET", "destination_asset": "USDC",
            "network": "ethereum", "address": "0x52908400098527886E0F7030069857D2E4169EE7"}}),
        )
        .await;
    assert_eq!(beneficiary.status, 201, "{}", beneficiary.body);
    let quote = sb
        .post(
            "/v1/transactions/quote",
            key,
            json!({"corridor_id": "USD-USDC", "source_asset": "USD",
            "source_amount_minor": "1000", "destination_asset": "USDC", "destination_kind": "STABLECOIN"}),
        )
        .await;
    let quote = quote.body["id"].as_str().unwrap().to_owned();
    assert_eq!(sb.post(&format!("/v1/transactions/quote/{quote}/accept"), key, json!({})).await.status, 200);
    let created = sb
        .send(
            sb.request(reqwest::Method::POST, "/v1/transactions", key)
                .header("idempotency-key", uuid::Uuid::new_v4().to_string())
                .json(&json!({"quote_id": quote, "beneficiary_id": beneficiary.body["id"]})),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    created.body
}

/// Every GET page of an application, by path under `/console/apps/{app}/`,
/// with the ids of `s`.
pub fn app_pages(s: &Seeded) -> Vec<String> {
    vec![
        "logs".into(),
        "logs/export".into(),
        format!("logs/{}", s.log),
        "webhooks".into(),
        format!("webhooks/{}", s.endpoint),
        "deliveries".into(),
        format!("deliveries/{}", s.delivery),
        "money".into(),
        "money?kind=payments".into(),
        "money?kind=transfers".into(),
        "money?kind=swaps".into(),
        format!("money/transaction/{}", s.transaction),
        "accounts".into(),
        "customers".into(),
        format!("customers/{}", s.customer),
        "trigger".into(),
        "faults".into(),
        "review".into(),
    ]
}

/// Every form of the console, by path, with fields that would be accepted.
pub fn forms(s: &Seeded, app: &str) -> Vec<(String, Vec<(&'static str, String)>)> {
    let a = |p: &str| format!("/console/apps/{app}/{p}");
    let c = &s.customer;
    vec![
        ("/console/sign-out".into(), vec![]),
        ("/console/register".into(), vec![("company_name", "X".into()), ("email", "x@example.com".into())]),
        ("/console/applications".into(), vec![("name", "Forged".into()), ("environment", "TEST".into())]),
        (a("keys"), vec![("name", "forged".into())]),
        (a("keys/key/revoke"), vec![]),
        (a("clock/advance"), vec![("seconds", "60".into())]),
        (a("webhooks"), vec![("url", "https://example.com/forged".into()), ("events", "settlement.created".into())]),
        (
            a(&format!("webhooks/{}", s.endpoint)),
            vec![("url", "https://example.com/forged".into()), ("events", "settlement.failed".into())],
        ),
        (a(&format!("webhooks/{}/rotate", s.endpoint)), vec![]),
        (a(&format!("webhooks/{}/delete", s.endpoint)), vec![]),
        (a(&format!("deliveries/{}/redeliver", s.delivery)), vec![]),
        (a(&format!("money/transaction/{}/complete", s.transaction)), vec![]),
        (a(&format!("money/transaction/{}/fail", s.transaction)), vec![]),
        (a("money/payment/none/fund"), vec![]),
        (a(&format!("customers/{c}/approve")), vec![]),
        (a(&format!("customers/{c}/reject")), vec![]),
        (a("trigger"), vec![("event", "settlement.created".into())]),
        (a("faults"), vec![("kind", "error".into()), ("operation_id", "getCustomer".into())]),
        (a("faults/flt_0123456789abcdef0123456789abcdef/delete"), vec![]),
        (a("faults/clear"), vec![]),
        (a("review/drill"), vec![]),
        (a("review/drill/end"), vec![]),
        ("/console/pricing/markup".into(), vec![("kind", "BPS".into()), ("value", "25".into())]),
        (
            "/console/pricing/customers/markup".into(),
            vec![("customer_id", c.clone()), ("kind", "BPS".into()), ("value", "5".into())],
        ),
        (format!("/console/pricing/customers/{c}/markup/delete"), vec![]),
        (
            "/console/pricing/wallets".into(),
            vec![
                ("network", "ethereum".into()),
                ("walletRole", "PARTNER_MARGIN".into()),
                ("address", "0x52908400098527886E0F7030069857D2E4169EE7".into()),
            ],
        ),
    ]
}
