//! Partner scope: a signed-in user sees and acts on their own partner's
//! data only. Another partner's application, or another application's
//! resource, is 404 in a console URL exactly like an id that does not
//! exist, and its data never appears on a page.

use reqwest::StatusCode;

use super::csrf::snapshot;
use super::{Browser, app_pages, forms, other_partner, seeded};

#[tokio::test]
async fn another_partners_pages_and_forms_are_not_found() {
    let s = seeded().await;
    let other = other_partner(&s.sb).await;
    let mut browser = Browser::new(&s.sb);
    browser.sign_in(&other.username, "password-123").await;
    let demo_app = s.sb.ready.test_application_id.clone();
    let secrets = [
        s.sb.ready.partner_id.as_str(),
        &demo_app,
        &s.sb.ready.live_application_id,
        &s.customer,
        &s.endpoint,
        &s.delivery,
        &s.transaction,
        &s.log,
        "Demo Partner",
    ];
    let before = snapshot(&s).await;

    // Its own pages show none of the demo partner's data (checked before the
    // forms below put the demo's ids into its own request log).
    let mut pages = vec!["/console/overview".to_owned(), "/console/pricing".to_owned()];
    pages.extend(
        ["logs", "webhooks", "deliveries", "money", "accounts", "customers", "trigger", "faults", "review"]
            .map(|p| format!("/console/apps/{}/{p}", other.app)),
    );
    for path in pages {
        let got = browser.get(&path).await;
        got.assert_ok();
        for secret in secrets {
            assert!(!got.html.contains(secret), "{path} shows {secret}");
        }
    }
    // The demo application's pages, by its id.
    for page in app_pages(&s) {
        let got = browser.get(&format!("/console/apps/{demo_app}/{page}")).await;
        assert_eq!(got.status, StatusCode::NOT_FOUND, "{page}");
        for secret in secrets {
            assert!(!got.html.contains(secret), "{page} shows {secret}");
        }
    }
    // The demo application's resources, through the other partner's own application.
    for page in app_pages(&s).into_iter().filter(|p| p.contains('/') && !p.ends_with("export")) {
        let got = browser.get(&format!("/console/apps/{}/{page}", other.app)).await;
        assert_eq!(got.status, StatusCode::NOT_FOUND, "{page}");
    }
    // Every form, aimed at the demo application or at its resources.
    for (path, fields) in forms(&s, &demo_app).into_iter().filter(|(p, _)| p.contains("/apps/")) {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(browser.post(&path, &fields).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    for (path, fields) in forms(&s, &other.app).into_iter().filter(|(p, _)| p.contains("/apps/")) {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let page = browser.post(&path, &fields).await;
        // The other application exists: the console (reading within it) or
        // the API (acting as it) finds none of the demo's resources.
        let found = [StatusCode::SEE_OTHER, StatusCode::OK, StatusCode::NOT_FOUND];
        assert!(found.contains(&page.status), "{path}: {}", page.html);
        if page.status == StatusCode::SEE_OTHER && path.contains(&s.customer) {
            assert!(browser.flash(&page).await.contains("404"), "{path}");
        }
    }
    // The markup override named a demo customer: the partner's own pricing
    // keys on the id string (see sandbox/README.md), so it lands in the
    // other partner's pricing, never in the demo partner's.
    let after = snapshot(&s).await;
    for (k, v) in before.as_object().unwrap() {
        assert_eq!(&after[k], v, "{k}");
    }

    // And the demo user sees none of the other partner's.
    let mut demo = Browser::demo(&s.sb).await;
    let overview = demo.get("/console/overview").await;
    assert!(overview.html.contains(&demo_app));
    assert!(!overview.html.contains(&other.app));
    assert_eq!(demo.get(&format!("/console/apps/{}/logs", other.app)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn ids_from_another_application_of_the_same_partner_are_not_found_either() {
    let s = seeded().await;
    let mut browser = Browser::demo(&s.sb).await;
    let live = s.sb.ready.live_application_id.clone();
    for page in [
        format!("customers/{}", s.customer),
        format!("money/transaction/{}", s.transaction),
        format!("deliveries/{}", s.delivery),
        format!("webhooks/{}", s.endpoint),
        format!("logs/{}", s.log),
    ] {
        assert_eq!(browser.get(&format!("/console/apps/{live}/{page}")).await.status, StatusCode::NOT_FOUND, "{page}");
    }
    // Unknown application and unknown kinds.
    assert_eq!(browser.get("/console/apps/nope/logs").await.status, StatusCode::NOT_FOUND);
    let app = &s.sb.ready.test_application_id;
    assert_eq!(browser.get(&format!("/console/apps/{app}/money/quote/x")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(browser.get("/console/no-such-page").await.status, StatusCode::NOT_FOUND);
}
