//! Field rules shared by the lenient request bodies (customers,
//! beneficiaries): every field arrives as an optional string so all of them
//! can be checked before answering, and these helpers turn each into a
//! validated value or an entry in `Checks`.

use payctl_domain::asset::{ASSETS, Asset};
use payctl_domain::country::Country;
use payctl_domain::email::Email;
use payctl_domain::money::{AmountError, MinorUnit};
use payctl_wire::schema::Vocabulary;

use crate::error::Checks;

/// A present, non-blank value, trimmed; otherwise a `required` issue.
pub fn required<'a>(checks: &mut Checks, field: &str, value: &'a Option<String>) -> Option<&'a str> {
    match value.as_deref().map(str::trim) {
        Some(v) if !v.is_empty() => Some(v),
        _ => {
            checks.push(field, "required", "is required");
            None
        }
    }
}

/// A required amount string, exactly as sent: spaces around it are refused
/// rather than trimmed, since an amount is digits (and a point) only.
fn amount_text<'a>(checks: &mut Checks, field: &str, value: &'a Option<String>) -> Option<&'a str> {
    let trimmed = required(checks, field, value)?;
    if value.as_deref().is_some_and(|raw| raw.len() != trimmed.len()) {
        checks.push(field, "invalid", "must be an amount without spaces around it");
        return None;
    }
    Some(trimmed)
}

/// A required text of at most `max` characters.
pub fn text(checks: &mut Checks, field: &str, value: &Option<String>, max: usize) -> Option<String> {
    let v = required(checks, field, value)?;
    if v.chars().count() > max {
        checks.push(field, "too_long", format!("must be at most {max} characters"));
        return None;
    }
    Some(v.to_owned())
}

/// A required value of a vocabulary, matched exactly.
pub fn one_of<T: Vocabulary>(checks: &mut Checks, field: &str, value: &Option<String>) -> Option<T> {
    let v = required(checks, field, value)?;
    let parsed = T::parse(v);
    if parsed.is_none() {
        checks.push(field, "invalid", format!("must be one of: {}", T::VALUES.join(", ")));
    }
    parsed
}

/// An optional list filter of a vocabulary: `None` when absent.
pub fn filter<T: Vocabulary>(checks: &mut Checks, field: &str, value: Option<&str>) -> Option<T> {
    let v = value?;
    let parsed = T::parse(v);
    if parsed.is_none() {
        checks.push(field, "invalid", format!("'{v}' is not one of: {}", T::VALUES.join(", ")));
    }
    parsed
}

/// A required ISO 3166-1 alpha-2 code in its canonical upper case.
pub fn country(checks: &mut Checks, field: &str, value: &Option<String>) -> Option<Country> {
    let v = required(checks, field, value)?;
    let parsed = Country::parse(v);
    if parsed.is_none() {
        checks.push(field, "invalid", "must be an ISO 3166-1 alpha-2 country code in upper case, e.g. AE");
    }
    parsed
}

/// A required e-mail address of at most 254 characters, with no invisible
/// characters.
pub fn email(checks: &mut Checks, field: &str, value: &Option<String>) -> Option<Email> {
    let v = text(checks, field, value, 254)?;
    if !checks.visible(field, &v) {
        return None;
    }
    let parsed = Email::parse(&v);
    if parsed.is_none() {
        checks.push(field, "invalid", "is not an email address");
    }
    parsed
}

/// A field that must be absent in this context (e.g. a wallet's `iban`).
pub fn absent<T>(checks: &mut Checks, field: &str, value: &Option<T>, why: &str) {
    if value.is_some() {
        checks.push(field, "not_allowed", why.to_owned());
    }
}

/// A required, known asset code (at most `max` characters).
pub fn asset(checks: &mut Checks, field: &str, value: &Option<String>, max: usize) -> Option<Asset> {
    let code = text(checks, field, value, max)?;
    let found = payctl_domain::asset::asset(&code);
    if found.is_none() {
        let known: Vec<&str> = ASSETS.iter().map(|a| a.code).collect();
        checks.push(field, "invalid", format!("must be one of {}", known.join(", ")));
    }
    found
}

/// A required positive decimal display string (`"1000.50"`) in minor units
/// of `asset`; more decimals than the asset has is refused, not rounded.
/// Without a known asset only the shape is checked.
pub fn decimal_amount(
    checks: &mut Checks,
    field: &str,
    value: &Option<String>,
    asset: Option<payctl_domain::asset::Asset>,
) -> Option<MinorUnit> {
    let v = amount_text(checks, field, value)?;
    let parsed = payctl_domain::decimal::Decimal::parse_positive(v)
        .and_then(|d| asset.map(|a| d.to_minor(a.decimals)).transpose().map(|m| (d, m)));
    match parsed {
        Ok((_, minor)) => match minor.map(MinorUnit::from_u64).transpose() {
            Ok(amount) => amount,
            Err(e) => {
                checks.push(field, "out_of_range", e.to_string());
                None
            }
        },
        Err(e) => {
            checks.push(field, "invalid", format!("must be a positive decimal amount: {e}"));
            None
        }
    }
}

/// A required hyphenated UUID.
pub fn uuid(checks: &mut Checks, field: &str, value: &Option<String>) -> Option<String> {
    let v = required(checks, field, value)?;
    if crate::ids::is_uuid(v) {
        Some(v.to_owned())
    } else {
        checks.push(field, "invalid", "must be a UUID");
        None
    }
}

/// A required positive integer in minor units, sent as a string of ASCII
/// digits (no sign, space or decimal point) that fits the ledger's 64-bit
/// amounts.
pub fn amount_minor(checks: &mut Checks, field: &str, value: &Option<String>) -> Option<MinorUnit> {
    let raw = amount_text(checks, field, value)?;
    match MinorUnit::parse_amount(raw) {
        Ok(amount) => Some(amount),
        Err(e) => {
            let code = match e {
                AmountError::Zero | AmountError::TooLarge => "out_of_range",
                AmountError::NotDigits | AmountError::HasDecimals => "invalid",
            };
            checks.push(field, code, e.to_string());
            None
        }
    }
}

/// An optional uuid (`customer_id` and the like); `None` when absent.
pub fn optional_uuid(checks: &mut Checks, field: &str, value: &Option<String>) -> Option<String> {
    let v = value.as_deref()?.trim();
    if crate::ids::is_uuid(v) {
        Some(v.to_owned())
    } else {
        checks.push(field, "invalid", "must be a uuid");
        None
    }
}
