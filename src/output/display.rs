//! How one value reads in a table: money in major units with its asset and
//! thousands separators (`1,234.56 AED`), nested objects summarised in a
//! few words (a bank account as its kind and masked IBAN), no amount
//! received on a failed movement, and every string made safe for a
//! terminal. JSON output never goes through here: it keeps minor units.

use payctl_domain::{asset, decimal, iban::Iban};
use serde_json::{Map, Value};

use super::safe;

/// The text of `obj[field]` as a person should read it.
pub fn cell(obj: &Map<String, Value>, field: &str) -> String {
    let value = obj.get(field).unwrap_or(&Value::Null);
    if failed(obj) && is_received(field) {
        return "-".to_owned();
    }
    if let Some(code) = field.strip_suffix("_minor").and_then(|base| asset_of(obj, base))
        && let Some(minor) = value.as_str().map(str::to_owned).or_else(|| value.as_i64().map(|n| n.to_string()))
    {
        return money(&minor, &code);
    }
    plain(value)
}

/// The label of a record's field: `source_amount_minor` reads `source_amount`,
/// since the value is shown in major units.
pub fn label(field: &str) -> &str {
    field.strip_suffix("_minor").unwrap_or(field)
}

/// A field a record table leaves out: a decimal twin of a `_minor` field
/// shown next to it (`source_amount` beside `source_amount_minor`).
pub fn is_twin(obj: &Map<String, Value>, field: &str) -> bool {
    !field.ends_with("_minor") && obj.contains_key(&format!("{field}_minor"))
}

/// A transaction or transfer that ended in failure received nothing.
fn failed(obj: &Map<String, Value>) -> bool {
    ["state", "status"]
        .iter()
        .any(|k| obj.get(*k).and_then(Value::as_str).is_some_and(|s| s.eq_ignore_ascii_case("failed")))
}

fn is_received(field: &str) -> bool {
    field.starts_with("destination_amount") || field == "destination"
}

/// The asset an amount field is counted in, from its siblings.
fn asset_of(obj: &Map<String, Value>, base: &str) -> Option<String> {
    let side = if base.starts_with("destination") {
        Some("destination")
    } else if base.starts_with("source") || base.starts_with("net_source") || base.starts_with("fee") {
        Some("source")
    } else {
        None
    };
    let mut keys: Vec<String> = side.map(|s| vec![format!("{s}_asset"), format!("{s}_currency")]).unwrap_or_default();
    keys.extend(["asset", "currency", "source_asset", "source_currency"].map(String::from));
    keys.iter().find_map(|k| obj.get(k).and_then(Value::as_str)).map(str::to_owned)
}

/// `1,234.56 AED` from minor units; an asset without a known number of
/// decimals stays in minor units, saying so.
pub fn money(minor: &str, code: &str) -> String {
    let (sign, digits) = minor.strip_prefix('-').map_or(("", minor), |d| ("-", d));
    match major(digits, code) {
        Some(major) => format!("{sign}{} {code}", group(&major)),
        None => format!("{} minor units of {}", safe::text(minor), safe::text(code)),
    }
}

/// Minor units in major units of the asset, as typed: `123456` AED is
/// `1234.56` (no separators, no code); `None` for a malformed amount or an
/// asset without a known number of decimals.
pub fn major(minor: &str, code: &str) -> Option<String> {
    let (sign, digits) = minor.strip_prefix('-').map_or(("", minor), |d| ("-", d));
    let decimals = asset::asset(code)?.decimals;
    Some(format!("{sign}{}", decimal::format_minor(digits.parse().ok()?, decimals)))
}

/// Thousands separators on the integer part of a decimal string.
fn group(decimal: &str) -> String {
    let (int, frac) = decimal.split_once('.').map_or((decimal, None), |(i, f)| (i, Some(f)));
    let mut out = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    out
}

fn plain(value: &Value) -> String {
    match value {
        Value::Null => "-".to_owned(),
        Value::String(s) => safe::text(s).into_owned(),
        Value::Object(map) => summary(map),
        Value::Array(items) if items.iter().all(Value::is_string) => {
            items.iter().filter_map(Value::as_str).map(safe::text).collect::<Vec<_>>().join(", ")
        }
        Value::Array(items) => format!("{} item(s)", items.len()),
        other => other.to_string(),
    }
}

/// A nested object in a few words, by its shape.
fn summary(obj: &Map<String, Value>) -> String {
    let s = |k: &str| obj.get(k).and_then(Value::as_str).map(|v| safe::text(v).into_owned());
    if let (Some(kind), Some(iban)) = (s("kind"), s("iban")) {
        return format!("{kind} {}", masked_iban(&iban));
    }
    if let (Some(kind), Some(network), Some(address)) = (s("kind"), s("network"), s("address")) {
        return format!("{kind} {network} {}", short_address(&address));
    }
    if let (Some(method), Some(iban)) = (s("method"), s("iban")) {
        // Collection instructions: the payer needs the whole IBAN.
        let amount = cell(obj, "amount_minor");
        let reference = s("reference").unwrap_or_default();
        return format!("{method} {iban}, {amount}, reference {reference}");
    }
    if obj.contains_key("amount_minor") && obj.contains_key("asset") {
        let mut out = cell(obj, "amount_minor");
        if let (Some(network), Some(address)) = (s("network"), s("address")) {
            out.push_str(&format!(" on {network} {}", short_address(&address)));
        } else if let Some(network) = s("network") {
            out.push_str(&format!(" on {network}"));
        }
        if let Some(beneficiary) = s("beneficiary_id") {
            out.push_str(&format!(" to beneficiary {beneficiary}"));
        }
        return out;
    }
    if let (Some(name), Some(id)) = (s("name"), s("id")) {
        return format!("{name} ({id})");
    }
    obj.iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| format!("{}: {}", safe::text(k), plain(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every id in a cell (the whole cell, or a segment of a path) cut to its
/// last eight characters (`…3f1e2a4b`, `evt_…3f1e2a4b`): enough to tell
/// rows apart (the start of a time-ordered id is the same for a whole
/// page), short enough to leave room for what a narrow terminal must show.
pub fn short_ids(cell: &str) -> String {
    let short = |part: &str| -> String {
        if !payctl_domain::log_export::is_id(part) {
            return part.to_owned();
        }
        let tail: String = part.chars().rev().take(8).collect::<Vec<_>>().into_iter().rev().collect();
        match part.split_once('_') {
            Some((prefix, _)) if !part.contains('-') => format!("{prefix}_…{tail}"),
            _ => format!("…{tail}"),
        }
    };
    // Paths and queries: ids are whole segments between `/`, `?`, `&` and `=`.
    let mut out = String::new();
    let mut part = String::new();
    for c in cell.chars() {
        if matches!(c, '/' | '?' | '&' | '=' | ' ') {
            out.push_str(&short(&part));
            part.clear();
            out.push(c);
        } else {
            part.push(c);
        }
    }
    out.push_str(&short(&part));
    out
}

/// Country, check digits and the last four: `DE89••••3000`.
fn masked_iban(iban: &str) -> String {
    match Iban::parse(iban) {
        Ok(parsed) => parsed.masked(),
        Err(_) if iban.chars().count() > 8 => {
            let chars: Vec<char> = iban.chars().collect();
            format!(
                "{}••••{}",
                chars[..4].iter().collect::<String>(),
                chars[chars.len() - 4..].iter().collect::<String>()
            )
        }
        Err(_) => iban.to_owned(),
    }
}

/// `0x5290…9EE7`: enough to recognise an address, short enough for a cell.
fn short_address(address: &str) -> String {
    let chars: Vec<char> = address.chars().collect();
    if chars.len() <= 14 {
        return address.to_owned();
    }
    format!("{}…{}", chars[..6].iter().collect::<String>(), chars[chars.len() - 4..].iter().collect::<String>())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn money_reads_in_major_units_with_its_asset() {
        assert_eq!(money("123456", "AED"), "1,234.56 AED");
        assert_eq!(money("5", "AED"), "0.05 AED");
        assert_eq!(money("1234567890123", "USDC"), "1,234,567.890123 USDC");
        assert_eq!(money("-100000", "EUR"), "-1,000.00 EUR");
        assert_eq!(money("1500", "JPY"), "1,500 JPY");
        assert_eq!(money("7", "XYZ"), "7 minor units of XYZ");
        assert_eq!(money("100000", "AED"), "1,000.00 AED");
        assert_eq!(money("12500000", "USDC"), "12.500000 USDC");
        assert_eq!(money("5", "JPY"), "5 JPY");
        assert_eq!(major("123456", "AED").as_deref(), Some("1234.56"));
        assert_eq!(major("1234567890123", "USDC").as_deref(), Some("1234567.890123"));
        assert_eq!(major("-5", "AED").as_deref(), Some("-0.05"));
        assert_eq!(major("7", "XYZ"), None);
        assert_eq!(major("1.5", "AED"), None);
        let quote = obj(json!({"source_asset": "AED", "destination_asset": "EUR", "source_amount_minor": "100000",
            "fee_minor": "1500", "net_source_minor": "98500", "destination_amount_minor": "24548"}));
        assert_eq!(cell(&quote, "fee_minor"), "15.00 AED");
        assert_eq!(cell(&quote, "net_source_minor"), "985.00 AED");
        assert_eq!(cell(&quote, "destination_amount_minor"), "245.48 EUR");
        let balance = obj(json!({"asset": "USDC", "balance_minor": "2500000"}));
        assert_eq!(cell(&balance, "balance_minor"), "2.500000 USDC");
        assert_eq!(label("balance_minor"), "balance");
    }

    #[test]
    fn ids_shorten_to_their_end_and_other_text_stays() {
        assert_eq!(short_ids("01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a4b"), "…3f1e2a4b");
        assert_eq!(short_ids("evt_01938a4e7c1a7b329a5e0c7d3f1e2a4b"), "evt_…3f1e2a4b");
        assert_eq!(
            short_ids(
                "/v1/customers/01938a4e-7c1a-7b32-9a5e-0c7d3f1e2a4b/accounts?x=evt_01938a4e7c1a7b329a5e0c7d3f1e2a4b"
            ),
            "/v1/customers/…3f1e2a4b/accounts?x=evt_…3f1e2a4b"
        );
        for kept in ["/v1/customers", "COMPLETED", "1,234.56 AED", "-", "settlement.created"] {
            assert_eq!(short_ids(kept), kept);
        }
    }

    #[test]
    fn a_failed_movement_received_nothing() {
        let failed = obj(json!({"state": "FAILED", "destination_asset": "EUR", "destination_amount_minor": "24548",
            "source_asset": "AED", "source_amount_minor": "100000"}));
        assert_eq!(cell(&failed, "destination_amount_minor"), "-");
        assert_eq!(cell(&failed, "source_amount_minor"), "1,000.00 AED");
    }

    #[test]
    fn nested_objects_are_summarised() {
        let ben = obj(
            json!({"account": {"kind": "BANK_ACCOUNT", "iban": "DE89370400440532013000", "destination_asset": "EUR"},
            "wallet": {"kind": "STABLECOIN_WALLET", "network": "ethereum", "address": "0x52908400098527886E0F7030069857D2E4169EE7"},
            "side": {"asset": "USDC", "amount_minor": "100000000", "network": "polygon", "amount": "100.000000"},
            "partner": {"id": "prtnr_1", "name": "Acme"}, "events": ["a", "b"]}),
        );
        assert_eq!(cell(&ben, "account"), "BANK_ACCOUNT DE89••••••••3000");
        assert_eq!(cell(&ben, "wallet"), "STABLECOIN_WALLET ethereum 0x5290…9EE7");
        assert_eq!(cell(&ben, "side"), "100.000000 USDC on polygon");
        assert_eq!(cell(&ben, "partner"), "Acme (prtnr_1)");
        assert_eq!(cell(&ben, "events"), "a, b");
        assert_eq!(cell(&ben, "missing"), "-");
        let named = obj(json!({"legal_name": "Evil\u{1b}[31m Corp"}));
        assert_eq!(cell(&named, "legal_name"), "Evil\\x1b[31m Corp");
    }
}
