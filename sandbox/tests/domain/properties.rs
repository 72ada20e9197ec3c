//! Property tests: the invariants clients rely on must hold for every input
//! an HTTP request can carry, not just the worked examples.

use payctl_domain::asset::{ASSETS, Asset};
use payctl_domain::decimal::{Decimal, DecimalError, format_minor};
use payctl_domain::pricing::{Markup, MarkupKind, PricingError, convert_minor, fee_minor, simulate};
use proptest::prelude::*;

fn amount() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..1_000_000_000, any::<u64>(), Just(u64::MAX), Just(0),]
}

/// Any rate `parse` could produce, biased towards realistic small ones.
fn rate() -> impl Strategy<Value = Decimal> {
    let mantissa = prop_oneof![
        1u128..1_000_000_000,
        0u128..10u128.pow(38),
        Just(10u128.pow(38) - 1),
        (1u128..1_000_000, 0u32..20).prop_map(|(m, z)| m * 10u128.pow(z)),
    ];
    (mantissa, 0u32..=18).prop_filter_map("within parse limits", |(m, s)| Decimal::new(m, s).ok())
}

fn asset() -> impl Strategy<Value = Asset> {
    prop::sample::select(ASSETS)
}

/// Valid markups only: `min_fee <= max_fee`, BPS within range, flat fees in
/// the source currency (AED, the one `simulate` is called with below).
fn markup() -> impl Strategy<Value = Markup> {
    let kind = prop_oneof![
        (0u64..=10_000).prop_map(|v| (MarkupKind::Bps, v, None)),
        amount().prop_map(|v| (MarkupKind::Flat, v, Some("AED".to_string()))),
    ];
    let bounds = (prop::option::of(amount()), prop::option::of(amount())).prop_map(|(a, b)| match (a, b) {
        (Some(a), Some(b)) => (Some(a.min(b)), Some(a.max(b))),
        other => other,
    });
    (kind, bounds).prop_map(|((kind, value, currency), (min_fee, max_fee))| Markup {
        kind,
        value,
        currency,
        min_fee,
        max_fee,
    })
}

fn aed() -> Asset {
    ASSETS[0]
}

proptest! {
    #[test]
    fn fee_stays_within_clamps(m in markup(), source in amount()) {
        prop_assert_eq!(m.validate(), Ok(()));
        let fee = fee_minor(&m, source);
        prop_assert!(fee.is_ok(), "{:?}", fee);
        let fee = fee.unwrap_or_default();
        prop_assert!(fee <= source);
        if let Some(max) = m.max_fee {
            prop_assert!(fee <= max);
        }
        if let Some(min) = m.min_fee {
            // The source cap wins over the minimum.
            prop_assert!(fee >= min.min(source));
        }
    }

    #[test]
    fn bps_fee_rounds_half_up(source in amount(), value in 0u64..=10_000) {
        let m = Markup { kind: MarkupKind::Bps, value, currency: None, min_fee: None, max_fee: None };
        let fee = u128::from(fee_minor(&m, source).unwrap_or(u64::MAX));
        let exact = u128::from(source) * u128::from(value);
        // exact - 5000 < fee × 10000 <= exact + 5000
        prop_assert!(fee * 10_000 + 5_000 > exact);
        prop_assert!(fee * 10_000 <= exact + 5_000);
    }

    #[test]
    fn simulate_is_deterministic_and_balanced(
        m in prop::option::of(markup()), source in amount(), to in asset(), r in rate(),
    ) {
        let first = simulate(m.as_ref(), source, aed(), to, &r);
        let second = simulate(m.as_ref(), source, aed(), to, &r);
        prop_assert_eq!(&first, &second);
        match first {
            Ok(q) => {
                prop_assert_eq!(q.fee_minor + q.net_source_minor, source);
                prop_assert_eq!(q.source_amount_minor, source);
                prop_assert_eq!(q.exchange_rate, r);
            }
            Err(PricingError::Overflow) => {}
            Err(PricingError::ZeroRate) => prop_assert!(r.is_zero()),
            Err(e) => prop_assert!(false, "unexpected {:?}", e),
        }
    }

    #[test]
    fn extreme_inputs_are_ok_or_overflow(
        source in prop_oneof![Just(u64::MAX), any::<u64>()],
        from in 0u32..=40, to in 0u32..=40, r in rate(),
    ) {
        let result = convert_minor(source, from, to, &r);
        prop_assert!(matches!(result, Ok(_) | Err(PricingError::Overflow)), "{:?}", result);
    }

    #[test]
    fn conversion_is_exact_floor(
        net in 0u64..(1 << 40), m in 0u128..1_000_000_000_000, s in 0u32..=8,
        from in 0u32..=6, to in 0u32..=6,
    ) {
        let r = Decimal::new(m, s);
        prop_assert!(r.is_ok());
        let r = r.unwrap_or(Decimal::from_minor(0, 0));
        // Small enough ranges that the naive formula fits in a u128.
        let numerator = u128::from(net) * m * 10u128.pow(to);
        let denominator = 10u128.pow(s + from);
        match convert_minor(net, from, to, &r) {
            Ok(dest) => {
                let dest = u128::from(dest);
                prop_assert!(dest * denominator <= numerator);
                prop_assert!(numerator < (dest + 1) * denominator);
            }
            Err(e) => {
                prop_assert_eq!(e, PricingError::Overflow);
                prop_assert!(numerator / denominator > u128::from(u64::MAX));
            }
        }
    }

    #[test]
    fn destination_is_monotonic(
        a in amount(), b in amount(), from in asset(), to in asset(), r in rate(),
    ) {
        let (lo, hi) = (a.min(b), a.max(b));
        let lo_quote = simulate(None, lo, from, to, &r).map(|q| q.destination_amount_minor);
        let hi_quote = simulate(None, hi, from, to, &r).map(|q| q.destination_amount_minor);
        match (lo_quote, hi_quote) {
            (Ok(x), Ok(y)) => prop_assert!(x <= y),
            (Ok(_), Err(e)) => prop_assert_eq!(e, PricingError::Overflow),
            (Err(e), other) => {
                prop_assert_eq!(&e, &PricingError::Overflow);
                prop_assert_eq!(other, Err(e));
            }
        }
    }

    #[test]
    fn rate_one_between_equal_decimals_is_identity(
        source in amount(), decimals in 0u32..=40, s in 0u32..=18,
    ) {
        let one = Decimal::new(10u128.pow(s), s);
        prop_assert!(one.is_ok());
        let one = one.unwrap_or(Decimal::from_minor(1, 0));
        prop_assert_eq!(convert_minor(source, decimals, decimals, &one), Ok(source));
    }

    #[test]
    fn display_parses_back(r in rate()) {
        prop_assert_eq!(Decimal::parse(&r.to_string()), Ok(r));
    }

    #[test]
    fn parse_never_panics(chars in prop::collection::vec(
        prop::sample::select(vec!['0', '1', '9', '.', '-', '+', 'e', ' ', 'é']), 0..45,
    )) {
        let s: String = chars.into_iter().collect();
        if let Ok(d) = Decimal::parse(&s) {
            prop_assert!(d.scale() <= 18);
            prop_assert_eq!(Decimal::parse(&d.to_string()), Ok(d));
        }
    }

    #[test]
    fn minor_units_round_trip(amount in amount(), decimals in 0u32..=18, extra in 0u32..=20) {
        let d = Decimal::from_minor(amount, decimals);
        prop_assert_eq!(d.to_minor(decimals), Ok(amount));
        prop_assert_eq!(format_minor(amount, decimals), d.to_string());
        let widened = d.to_minor(decimals + extra);
        let expected = u128::from(amount)
            .checked_mul(10u128.pow(extra))
            .and_then(|v| u64::try_from(v).ok());
        prop_assert_eq!(widened, expected.ok_or(DecimalError::Overflow));
    }
}
