//! `payctl customers` through the binary: create with flags and `--data`,
//! list with `--status`, get, and the sandbox's approve and reject.

use super::Home;

/// Creates a customer with every field as a flag; answers its JSON.
pub async fn create(home: &Home, email: &str, legal_name: &str) -> serde_json::Value {
    home.json(&[
        "customers",
        "create",
        "--type",
        "business",
        "--legal-name",
        legal_name,
        "--email",
        email,
        "--country",
        "AE",
        "--verification-level",
        "standard",
        "--tax-id",
        "100200300400003",
        "-o",
        "json",
    ])
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_list_get_with_flags_and_data() {
    let home = Home::initialised().await;
    let created = create(&home, "ops@acme.example", "Acme Trading LLC").await;
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["type"], "business");
    assert_eq!(created["legal_name"], "Acme Trading LLC");
    assert_eq!(created["country_name"], "United Arab Emirates");
    assert_eq!(created["kyb_status"], "pending");
    assert!(created["kyb_decided_at"].is_null());
    // --data from a file, a flag overriding one of its fields.
    let file = home.dir.path().join("customer.json");
    let data = serde_json::json!({"type": "individual", "legal_name": "Jane Doe", "email": "jane@x.example",
        "country": "GB", "verification_level": "enhanced", "tax_id": "AB123"});
    std::fs::write(&file, data.to_string()).unwrap();
    let at = format!("@{}", file.display());
    let jane = home.json(&["customers", "create", "--data", &at, "--email", "jane.doe@x.example", "-o", "json"]).await;
    assert_eq!(jane["email"], "jane.doe@x.example");
    assert_eq!(jane["verification_level"], "enhanced");
    let page = home.json(&["customers", "list", "--limit", "1", "--all", "-o", "json"]).await;
    let ids: Vec<&str> = page["data"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [jane["id"].as_str().unwrap(), id.as_str()], "newest first, every page");
    let got = home.json(&["customers", "get", &id, "-o", "json"]).await;
    assert_eq!(got, created);
    let table = home.run(&["customers", "list", "-o", "table"], None).await.ok();
    assert!(table.stdout.contains("Acme Trading LLC"), "{}", table.stdout);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_missing_field_is_reported_and_bad_input_has_its_exit_code() {
    let home = Home::initialised().await;
    let bad = home.run(&["customers", "create", "--type", "business", "--country", "UK"], None).await;
    assert_eq!(bad.code, Some(1), "{}", bad.stderr);
    assert!(bad.stderr.contains("VAL_0001"), "{}", bad.stderr);
    // Named by the flags that set them.
    for flag in ["--legal-name", "--email", "--country", "--verification-level", "--tax-id"] {
        assert!(bad.stderr.contains(&format!("\n  {flag}: ")), "{flag}: {}", bad.stderr);
    }
    let not_json = home.run(&["customers", "create", "--data", "{nope"], None).await;
    assert_eq!(not_json.code, Some(2), "{}", not_json.stderr);
    assert!(not_json.stderr.contains("--data"), "{}", not_json.stderr);
    let status = home.run(&["customers", "list", "--status", "maybe"], None).await;
    assert_eq!(status.code, Some(2));
    let missing = home.run(&["customers", "get", "0190a0a0-0000-7000-8000-000000000000"], None).await;
    assert_eq!(missing.code, Some(1));
    assert!(missing.stderr.contains("CNT_0001"), "{}", missing.stderr);
    let unsafe_id = home.run(&["customers", "get", "../v1/webhooks"], None).await;
    assert_eq!(unsafe_id.code, Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn approve_and_reject_decide_once_and_list_filters_by_status() {
    let home = Home::initialised().await;
    let a = create(&home, "a@x.example", "Alpha").await["id"].as_str().unwrap().to_owned();
    let b = create(&home, "b@x.example", "Beta").await["id"].as_str().unwrap().to_owned();
    let approved = home.run(&["customers", "approve", &a, "-o", "json"], None).await.ok();
    assert_eq!(approved.json()["kyb_status"], "approved");
    assert!(approved.json()["kyb_decided_at"].is_string());
    assert!(approved.stderr.contains("approved"), "{}", approved.stderr);
    let rejected = home.json(&["customers", "reject", &b, "-o", "json"]).await;
    assert_eq!(rejected["kyb_status"], "rejected");
    let again = home.run(&["customers", "approve", &b], None).await;
    assert_eq!(again.code, Some(1));
    assert!(again.stderr.contains("CONFLICT"), "{}", again.stderr);
    let only = home.json(&["customers", "list", "--status", "approved", "-o", "json"]).await;
    let ids: Vec<&str> = only["data"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [a.as_str()]);
    // A LIVE key may not use the simulation routes.
    let live = home.sb.ready.live_api_key.clone();
    let refused = home.run(&["--api-key", &live, "customers", "approve", &a], None).await;
    assert_eq!(refused.code, Some(3), "{}", refused.stderr);
}
