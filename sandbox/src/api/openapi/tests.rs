//! The document against the server: every schema it names exists, the rules
//! clients and fuzzers read are stated (required fields, enums, formats,
//! shapes), and every value a stated pattern allows is one the server's own
//! checks accept, so a request valid by the document is not refused for it.

use payctl_domain::asset::ASSETS;
use payctl_domain::decimal::Decimal;
use payctl_wire::faults::FaultKind;
use payctl_wire::schema::{EMAIL_PATTERN, POSITIVE_DECIMAL_PATTERN};
use payctl_wire::webhooks::WEBHOOK_URL_PATTERN;
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::api::fields;
use crate::error::Checks;
use payctl_domain::accounts::{FIAT_CORRIDORS, STABLECOIN_NETWORKS};
use payctl_domain::email::is_email;

fn document() -> Value {
    serde_json::to_value(crate::api::openapi()).expect("the document serialises")
}

fn schema<'a>(doc: &'a Value, name: &str) -> &'a Value {
    let found = &doc["components"]["schemas"][name];
    assert!(found.is_object(), "no schema {name}");
    found
}

/// Follows a `$ref` (or a nullable `oneOf` around one) to its schema.
fn resolve<'a>(doc: &'a Value, property: &'a Value) -> &'a Value {
    let reference =
        property["$ref"].as_str().or_else(|| property["oneOf"].as_array()?.iter().find_map(|s| s["$ref"].as_str()));
    match reference {
        Some(r) => schema(doc, r.trim_start_matches("#/components/schemas/")),
        None => property,
    }
}

fn strings(values: &Value) -> Vec<&str> {
    values.as_array().expect("a list").iter().map(|v| v.as_str().expect("a string")).collect()
}

fn parameter<'a>(doc: &'a Value, path: &str, method: &str, name: &str) -> &'a Value {
    let params = doc["paths"][path][method]["parameters"].as_array().expect("parameters");
    params.iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{method} {path} has no {name}"))
}

fn references<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                out.push(r);
            }
            map.values().for_each(|v| references(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

#[test]
fn every_reference_resolves() {
    let doc = document();
    let mut refs = Vec::new();
    references(&doc, &mut refs);
    assert!(refs.len() > 100, "{}", refs.len());
    for r in refs {
        match r.strip_prefix("#/components/responses/") {
            Some(name) => assert!(doc["components"]["responses"][name].is_object(), "no response {name}"),
            None => {
                let name = r.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{r} is not a schema"));
                schema(&doc, name);
            }
        }
    }
}

#[test]
fn lenient_bodies_state_their_required_fields_enums_and_formats() {
    let doc = document();
    let customer = schema(&doc, "CreateCustomer");
    assert_eq!(
        strings(&customer["required"]),
        ["type", "legal_name", "email", "country", "verification_level", "tax_id"]
    );
    assert_eq!(strings(&resolve(&doc, &customer["properties"]["type"])["enum"]), ["business", "individual"]);
    assert_eq!(
        customer["properties"]["legal_name"],
        json!({
            "type": "string", "description": "At most 256 characters.", "maxLength": 256,
            "pattern": format!("^{c}*{}{c}*$", super::text::VISIBLE, c = super::text::CHAR)
        })
    );
    let email = resolve(&doc, &customer["properties"]["email"]);
    assert_eq!((email["format"].as_str(), email["pattern"].as_str()), (Some("email"), Some(EMAIL_PATTERN)));
    let countries = strings(&resolve(&doc, &customer["properties"]["country"])["enum"]);
    assert_eq!(countries.len(), 249);
    assert!(countries.contains(&"AE") && !countries.contains(&"UK"));

    let assets = strings(&schema(&doc, "AssetCode")["enum"]);
    assert_eq!(assets, ASSETS.iter().map(|a| a.code).collect::<Vec<_>>());
    assert_eq!(strings(&schema(&doc, "Network")["enum"]).len(), 11);
    assert_eq!(strings(&schema(&doc, "CorridorCode")["enum"]), payctl_domain::rates::corridor_ids());

    let quote = schema(&doc, "CreateTransactionQuote");
    assert_eq!(
        strings(&quote["required"]),
        ["corridor_id", "source_asset", "source_amount_minor", "destination_asset", "destination_kind"]
    );
    assert_eq!(resolve(&doc, &quote["properties"]["source_amount_minor"])["pattern"], documented("AmountMinor", &[]));

    let webhook = &schema(&doc, "CreateWebhook")["properties"];
    assert_eq!(
        (webhook["events"]["minItems"].as_u64(), webhook["events"]["uniqueItems"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(strings(&resolve(&doc, &webhook["events"]["items"])["enum"]).len(), 7);
    assert_eq!(resolve(&doc, &webhook["url"])["pattern"], WEBHOOK_URL_PATTERN);

    // The older form of the transaction body is refused, so not documented.
    let transaction = &schema(&doc, "CreateTransaction")["properties"];
    assert!(transaction.get("amount").is_none() && transaction["quote_id"]["type"] == "string");
}

#[test]
fn conditional_bodies_are_stated_shape_by_shape() {
    let doc = document();
    let markup = strings_by(&schema(&doc, "MarkupRequest")["oneOf"], |variant| {
        let shape = resolve(&doc, variant);
        let kind = strings(&shape["properties"]["kind"]["enum"])[0].to_owned();
        let max = shape["properties"]["value"]["maximum"].as_u64();
        (kind, max, strings(&shape["required"]).contains(&"currency"))
    });
    assert_eq!(markup, [("BPS".into(), Some(10_000), false), ("FLAT".into(), Some(i64::MAX as u64), true)]);

    // The account shapes take the values of the support matrix, and each
    // states its pairs (which no flat schema can).
    let fiat = schema(&doc, "CreateFiatAccount");
    let currencies: Vec<&str> = FIAT_CORRIDORS.iter().map(|(c, _)| *c).collect();
    assert_eq!(strings(&fiat["properties"]["currency"]["enum"]), currencies);
    assert_eq!(strings(&fiat["required"]), ["type", "currency", "corridor"]);
    let coin = schema(&doc, "CreateStablecoinAccount");
    let coins: Vec<&str> = STABLECOIN_NETWORKS.iter().map(|(c, _)| *c).collect();
    assert_eq!(strings(&coin["properties"]["currency"]["enum"]), coins);
    let networks = strings(&coin["properties"]["network"]["enum"]);
    let description = coin["description"].as_str().expect("a description");
    for (coin, issued) in STABLECOIN_NETWORKS {
        let issued: Vec<&str> = issued.iter().map(|n| n.as_str()).collect();
        assert!(issued.iter().all(|n| networks.contains(n)), "{coin}");
        assert!(description.contains(&format!("{coin} on {}", issued.join(", "))), "{description}");
    }
    assert_eq!(strings(&coin["properties"]["wallet_mode"]["enum"]), ["mpc", "self_custody"]);
    assert_eq!(strings(&coin["required"]), ["type", "currency", "network", "wallet_mode"]);

    // Beneficiary accounts and transfers: one closed shape per kind.
    let kinds = |name: &str| -> Vec<(String, bool)> {
        strings_by(&schema(&doc, name)["oneOf"], |variant| {
            let shape = resolve(&doc, variant);
            let kind = shape["properties"]["kind"]["enum"][0].as_str().expect("a kind").to_owned();
            (kind, shape["additionalProperties"] == json!(false))
        })
    };
    let closed = |kinds: &[&str]| kinds.iter().map(|k| (k.to_string(), true)).collect::<Vec<_>>();
    assert_eq!(kinds("CreateBeneficiaryAccount"), closed(&["BANK_ACCOUNT", "STABLECOIN_WALLET"]));
    assert_eq!(kinds("CreateTransferRequest"), closed(&["payin", "payout", "bridge", "onchain_fx"]));
    let bank = schema(&doc, "CreateBankAccount");
    assert_eq!(strings(&bank["required"]), ["kind", "destination_asset", "iban", "bank_name", "bank_country"]);
    let fiat = strings(&resolve(&doc, &bank["properties"]["destination_asset"])["enum"]);
    assert!(fiat.contains(&"EUR") && !fiat.contains(&"USDC"), "{fiat:?}");
    let payout = schema(&doc, "CreatePayout");
    assert_eq!(resolve(&doc, &payout["properties"]["destination"])["oneOf"].as_array().map(Vec::len), Some(2));

    // Fault rules: one for requests, one for deliveries (`match.event`
    // required), each fault a closed shape per kind with the parameters,
    // defaults and ranges the server checks.
    let targets = strings_by(&schema(&doc, "CreateFaultRule")["anyOf"], |variant| {
        let rule = resolve(&doc, variant);
        let fault = resolve(&doc, &rule["properties"]["fault"]);
        let kinds = strings_by(&fault["oneOf"], |v| resolve(&doc, v)["properties"]["kind"]["enum"][0].clone());
        let matcher = resolve(&doc, &rule["properties"]["match"]);
        (kinds, rule["properties"].get("per_endpoint").is_some(), matcher["required"].clone())
    });
    let kinds = |delivery: bool| -> Vec<Value> {
        FaultKind::ALL.iter().filter(|k| k.is_delivery() == delivery).map(|k| json!(k.as_str())).collect()
    };
    assert_eq!(targets, [(kinds(false), false, Value::Null), (kinds(true), true, json!(["event"]))]);
    let latency = schema(&doc, "LatencyFault");
    assert_eq!(latency["required"], json!(["kind", "delay_ms"]));
    assert_eq!(latency["additionalProperties"], json!(false));
    assert_eq!(latency["properties"]["delay_ms"]["maximum"], json!(60_000));
    assert!(latency["properties"].get("status").is_none());
    let timeout = schema(&doc, "TimeoutFault");
    assert_eq!(timeout["required"], json!(["kind"]));
    assert_eq!(timeout["properties"]["commit"]["type"], "boolean");
    assert_eq!(schema(&doc, "ErrorFault")["properties"]["status"]["enum"], json!([500, 502, 503, 504]));
    assert_eq!(schema(&doc, "DelayFault")["properties"]["delay_s"]["minimum"], json!(1));
    assert_eq!(schema(&doc, "DuplicateFault")["properties"]["delay_s"]["minimum"], json!(0));
    let request_match = schema(&doc, "RequestFaultMatch");
    let ids = strings(&request_match["properties"]["operation_id"]["enum"]);
    assert!(ids.contains(&"createTransaction") && !ids.contains(&"forkApplication"), "{ids:?}");
    let events = strings(&schema(&doc, "DeliveryFaultMatch")["properties"]["event"]["enum"]);
    assert!(events[0] == "*" && events.contains(&"settlement.completed"), "{events:?}");
}

fn strings_by<T>(shapes: &Value, f: impl Fn(&Value) -> T) -> Vec<T> {
    shapes.as_array().expect("oneOf").iter().map(f).collect()
}

#[test]
fn parameters_state_their_rules() {
    let doc = document();
    for method in ["get", "put", "delete"] {
        let id = parameter(&doc, "/v1/pricing/customers/{id}/markup", method, "id");
        assert_eq!(resolve(&doc, &id["schema"])["format"], "uuid", "{method}");
    }
    for path in ["/v1/payments", "/v1/transactions"] {
        let key = parameter(&doc, path, "post", "Idempotency-Key");
        assert_eq!(
            (key["required"].as_bool(), key["schema"]["pattern"].as_str()),
            (Some(true), Some("^[!-~]{1,255}$"))
        );
    }
    let status = parameter(&doc, "/v1/customers", "get", "status");
    assert_eq!(strings(&resolve(&doc, &status["schema"])["enum"]), ["pending", "approved", "rejected"]);
    let cursor = parameter(&doc, "/v1/customers", "get", "cursor");
    assert!(cursor["description"].as_str().is_some_and(|d| d.contains("only the API mints them")), "{cursor}");
    let network = parameter(&doc, "/v1/wallets/validate", "get", "network");
    assert_eq!(
        (network["required"].as_bool(), resolve(&doc, &network["schema"])["enum"].as_array().map(Vec::len)),
        (Some(true), Some(11))
    );
    let from = parameter(&doc, "/v1/payments", "get", "from_date");
    let formats: Vec<&Value> =
        resolve(&doc, &from["schema"])["anyOf"].as_array().expect("anyOf").iter().map(|s| &s["format"]).collect();
    assert_eq!(formats, [&json!("date"), &json!("date-time")]);
    let gte = parameter(&doc, "/v1/logs", "get", "status_code_gte");
    assert_eq!((gte["schema"]["minimum"].as_u64(), gte["schema"]["maximum"].as_u64()), (Some(100), Some(599)));
}

/// A pattern's strings, without the anchors the generator does not take
/// (every pattern here is anchored at both ends).
fn matching(pattern: &str) -> impl Strategy<Value = String> {
    let inner = pattern.strip_prefix('^').and_then(|p| p.strip_suffix('$')).expect("an anchored pattern");
    proptest::string::string_regex(inner).expect("a pattern proptest can generate from")
}

/// The `pattern` of a schema of the document, at `path` inside it.
fn documented(name: &str, path: &[&str]) -> &'static str {
    let doc = document();
    let found = path.iter().fold(schema(&doc, name), |v, key| &v[key]);
    found["pattern"].as_str().map(|p| &*p.to_owned().leak()).unwrap_or_else(|| panic!("{name} has no pattern"))
}

fn accepted(check: impl FnOnce(&mut Checks)) -> bool {
    let mut checks = Checks::new();
    check(&mut checks);
    checks.is_ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn documented_emails_are_accepted(email in matching(EMAIL_PATTERN)) {
        // The document's maxLength takes the longer ones out.
        prop_assert!(email.chars().count() > 254 || is_email(&email), "{email}");
    }

    #[test]
    fn documented_decimals_and_amounts_are_accepted(
        rate in matching(POSITIVE_DECIMAL_PATTERN),
        minor in matching(documented("AmountMinor", &[])),
    ) {
        prop_assert!(Decimal::parse_positive(&rate).is_ok(), "{rate}");
        prop_assert!(accepted(|c| { fields::amount_minor(c, "amount", &Some(minor.clone())); }), "{minor}");
    }

    #[test]
    fn documented_fault_rule_paths_name_an_operation(
        path in matching(documented("RequestFaultMatch", &["properties", "path"])),
    ) {
        let table = crate::api::routes::table();
        let named = table.iter().map(|d| &d.operation).any(|op| op.is_partner_api() && op.matches_path(&path));
        prop_assert!(named, "{path}");
    }

    #[test]
    fn documented_webhook_urls_are_accepted(url in matching(WEBHOOK_URL_PATTERN)) {
        prop_assert!(url.chars().count() > 2048 || accepted(|c| crate::webhooks::check_url(c, &url)), "{url}");
    }

    #[test]
    fn documented_text_is_accepted(
        text in matching(&format!("^{}*$", super::text::CHAR)),
        named in matching(&format!("^{c}*{}{c}*$", super::text::VISIBLE, c = super::text::CHAR)),
    ) {
        prop_assert!(payctl_domain::text::forbidden(&text).is_none(), "{text:?}");
        prop_assert!(payctl_domain::text::forbidden(&named).is_none() && !named.trim().is_empty(), "{named:?}");
    }

    #[test]
    fn documented_usernames_are_accepted(name in matching(documented("CreateUser", &["properties", "username"]))) {
        prop_assert!((3..=128).contains(&name.trim().chars().count()), "{name:?}");
        prop_assert!(payctl_domain::text::forbidden(&name).is_none(), "{name:?}");
    }
}
