//! Worked pricing examples, written against the public API so they double as
//! the numbers quoted in the sandbox documentation.

use payctl_domain::asset::{Asset, asset};
use payctl_domain::decimal::Decimal;
use payctl_domain::pricing::{
    Breakdown, Markup, MarkupError, MarkupKind, PricingError, convert_minor, fee_minor, simulate,
};

fn a(code: &str) -> Asset {
    asset(code).unwrap_or_else(|| panic!("{code} is in the table"))
}

fn rate(s: &str) -> Decimal {
    Decimal::parse_positive(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn bps(value: u64) -> Markup {
    Markup { kind: MarkupKind::Bps, value, currency: None, min_fee: None, max_fee: None }
}

fn flat(value: u64, currency: &str) -> Markup {
    Markup { kind: MarkupKind::Flat, value, currency: Some(currency.to_string()), min_fee: None, max_fee: None }
}

#[test]
fn fifty_bps_on_one_thousand_aed() {
    // 1,000.00 AED is 100_000 minor; 0.5 % of it is 5.00 AED.
    assert_eq!(fee_minor(&bps(50), 100_000), Ok(500));
}

#[test]
fn bps_rounds_half_up() {
    assert_eq!(fee_minor(&bps(1), 4_999), Ok(0)); // 0.4999
    assert_eq!(fee_minor(&bps(1), 5_000), Ok(1)); // 0.5
    assert_eq!(fee_minor(&bps(1), 15_000), Ok(2)); // 1.5
    assert_eq!(fee_minor(&bps(1), 24_999), Ok(2)); // 2.4999
    assert_eq!(fee_minor(&bps(10_000), u64::MAX), Ok(u64::MAX));
    assert_eq!(fee_minor(&bps(0), u64::MAX), Ok(0));
}

#[test]
fn clamps_apply_in_order() {
    let with = |min_fee, max_fee| Markup { min_fee, max_fee, ..bps(50) };
    // 10.00 AED at 50 bps is 5 minor, raised to the minimum.
    assert_eq!(fee_minor(&with(Some(100), None), 1_000), Ok(100));
    // 500 minor, lowered to the maximum.
    assert_eq!(fee_minor(&with(None, Some(300)), 100_000), Ok(300));
    assert_eq!(fee_minor(&with(Some(100), Some(300)), 100_000), Ok(300));
    assert_eq!(fee_minor(&with(Some(100), Some(300)), 40_000), Ok(200));
    // The source amount caps everything, even the minimum.
    assert_eq!(fee_minor(&with(Some(100), Some(300)), 50), Ok(50));
    assert_eq!(fee_minor(&with(Some(100), Some(100)), 0), Ok(0));
    // Clamps apply to flat fees too.
    let capped_flat = Markup { max_fee: Some(200), ..flat(250, "AED") };
    assert_eq!(fee_minor(&capped_flat, 100_000), Ok(200));
    assert_eq!(fee_minor(&flat(250, "AED"), 100), Ok(100));
}

#[test]
fn aed_to_eur_with_one_percent_fee() {
    let quote = simulate(Some(&bps(100)), 100_000, a("AED"), a("EUR"), &rate("0.2477"));
    // 990.00 AED × 0.2477 = 245.223 EUR, rounded down to 245.22.
    assert_eq!(
        quote,
        Ok(Breakdown {
            source_amount_minor: 100_000,
            fee_minor: 1_000,
            net_source_minor: 99_000,
            exchange_rate: rate("0.2477"),
            destination_amount_minor: 24_522,
        })
    );
}

#[test]
fn flat_fee_in_source_currency() {
    let quote = simulate(Some(&flat(250, "AED")), 100_000, a("AED"), a("EUR"), &rate("0.2477"));
    let quote = quote.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(quote.fee_minor, 250);
    assert_eq!(quote.net_source_minor, 99_750);
    // 997.50 × 0.2477 = 247.08075
    assert_eq!(quote.destination_amount_minor, 24_708);
}

#[test]
fn flat_fee_in_other_currency_is_refused() {
    let quote = simulate(Some(&flat(250, "EUR")), 100_000, a("AED"), a("EUR"), &rate("0.2477"));
    assert_eq!(
        quote,
        Err(PricingError::FlatCurrencyMismatch { markup_currency: "EUR".to_string(), source_currency: "AED" })
    );
}

#[test]
fn usdc_to_aed() {
    // 100 USDC (6 decimals) at 3.6725 is exactly 367.25 AED.
    let quote = simulate(None, 100_000_000, a("USDC"), a("AED"), &rate("3.6725"));
    assert_eq!(quote.map(|q| (q.fee_minor, q.destination_amount_minor)), Ok((0, 36_725)));
    // 1.234567 USDC × 3.6725 = 4.5339472... AED, rounded down to 4.53.
    assert_eq!(convert_minor(1_234_567, 6, 2, &rate("3.6725")), Ok(453));
    // Below one fils after conversion: the customer gets nothing, never a rounded-up unit.
    assert_eq!(convert_minor(2_000, 6, 2, &rate("3.6725")), Ok(0));
}

#[test]
fn aed_to_usdc_gains_digits() {
    // 10.00 AED at 0.272294 USDC per AED is 2.722940 USDC.
    assert_eq!(convert_minor(1_000, 2, 6, &rate("0.272294")), Ok(2_722_940));
}

#[test]
fn aed_to_jpy_and_back() {
    // 1,000.00 AED at 40.85 is 40,850 JPY.
    assert_eq!(convert_minor(100_000, 2, 0, &rate("40.85")), Ok(40_850));
    // 123.45 AED × 40.85 = 5042.9325 JPY, rounded down.
    let quote = simulate(None, 12_345, a("AED"), a("JPY"), &rate("40.85"));
    assert_eq!(quote.map(|q| q.destination_amount_minor), Ok(5_042));
    // 5,000 JPY at 0.02448 is 122.40 AED.
    assert_eq!(convert_minor(5_000, 0, 2, &rate("0.02448")), Ok(12_240));
}

#[test]
fn conversion_edges() {
    assert_eq!(convert_minor(u64::MAX, 2, 2, &rate("1")), Ok(u64::MAX));
    assert_eq!(convert_minor(u64::MAX, 2, 2, &rate("2")), Err(PricingError::Overflow));
    assert_eq!(convert_minor(u64::MAX, 2, 2, &rate("1.000000000000000000")), Ok(u64::MAX));
    assert_eq!(convert_minor(0, 0, u32::MAX, &rate("5")), Ok(0));
    assert_eq!(convert_minor(1, 0, u32::MAX, &rate("5")), Err(PricingError::Overflow));
    assert_eq!(convert_minor(u64::MAX, u32::MAX, 0, &rate("5")), Ok(0));
    assert_eq!(convert_minor(1, u32::MAX, u32::MAX, &rate("5")), Ok(5));
    let big = rate(&"9".repeat(38));
    assert_eq!(convert_minor(u64::MAX, 0, 0, &big), Err(PricingError::Overflow));
    // Trailing zeros in the rate do not eat headroom.
    // Unstripped, 100 × 10^37 would exceed u128::MAX; the true value is 10^15.
    let padded = rate("10000000000000000000.000000000000000000");
    assert_eq!(padded.mantissa(), 10u128.pow(37));
    assert_eq!(convert_minor(100, 6, 0, &padded), Ok(1_000_000_000_000_000));
}

#[test]
fn zero_rate_and_zero_amount() {
    let zero = Decimal::from_minor(0, 4);
    assert_eq!(simulate(None, 100, a("AED"), a("EUR"), &zero), Err(PricingError::ZeroRate));
    assert_eq!(convert_minor(100, 2, 2, &zero), Ok(0));
    let quote = simulate(Some(&bps(50)), 0, a("AED"), a("EUR"), &rate("0.2477"));
    assert_eq!(quote.map(|q| (q.fee_minor, q.destination_amount_minor)), Ok((0, 0)));
}

#[test]
fn validate_reports_every_problem() {
    let markup = Markup {
        kind: MarkupKind::Bps,
        value: 10_001,
        currency: Some("AED".to_string()),
        min_fee: Some(10),
        max_fee: Some(5),
    };
    let errors = markup.validate().err().unwrap_or_default();
    assert_eq!(
        errors,
        vec![
            MarkupError::BpsTooLarge { value: 10_001 },
            MarkupError::CurrencyOnlyForFlat,
            MarkupError::MinAboveMax { min_fee: 10, max_fee: 5 },
        ]
    );
    let fields: Vec<_> = errors.iter().map(MarkupError::field).collect();
    assert_eq!(fields, ["value", "currency", "min_fee"]);

    let no_currency = Markup { currency: None, ..flat(1, "AED") };
    assert_eq!(no_currency.validate(), Err(vec![MarkupError::FlatNeedsCurrency]));
    assert_eq!(flat(1, "aed").validate(), Err(vec![MarkupError::UnknownCurrency { code: "aed".to_string() }]));
    assert_eq!(bps(10_000).validate(), Ok(()));
    assert_eq!(flat(0, "USDC").validate(), Ok(()));
    // Flat values are not limited: clamps and the source cap bound the fee.
    assert_eq!(flat(u64::MAX, "JPY").validate(), Ok(()));
}

#[test]
fn invalid_markup_is_refused_everywhere() {
    let bad = bps(20_000);
    let want = Err(PricingError::InvalidMarkup(vec![MarkupError::BpsTooLarge { value: 20_000 }]));
    assert_eq!(fee_minor(&bad, 100), want);
    assert_eq!(simulate(Some(&bad), 100, a("AED"), a("EUR"), &rate("1")).map(|q| q.fee_minor), want);
}

#[test]
fn error_messages_name_the_field() {
    let err =
        PricingError::InvalidMarkup(vec![MarkupError::BpsTooLarge { value: 20_000 }, MarkupError::FlatNeedsCurrency]);
    assert_eq!(
        err.to_string(),
        "invalid markup: value: basis points must be at most 10000; \
         currency: a flat markup needs a currency"
    );
    assert_eq!(MarkupError::MinAboveMax { min_fee: 2, max_fee: 1 }.field(), "min_fee");
}
