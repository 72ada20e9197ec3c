//! The webhook signature check, written independently of the sandbox's
//! signer so that `webhooks verify` and `listen` test what a receiver sees:
//! `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
//!
//! The body is checked as raw bytes before anything parses it, the MAC is
//! compared in constant time (`Mac::verify_slice`), and a timestamp further
//! than the tolerance from now is refused so a captured delivery cannot be
//! replayed later.

use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const HEADER: &str = "X-Service-Signature";
pub const DEFAULT_TOLERANCE_SECS: u64 = 300;

/// Why a delivery does not verify.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    /// The header is not `t=<digits>,v1=<64 hex digits>`.
    Malformed(String),
    /// The timestamp is more than the tolerance away from now.
    Stale { t: i64, now: i64, tolerance: u64 },
    /// No `v1` matches: wrong secret, or the body or timestamp was changed.
    Mismatch,
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Invalid::Malformed(why) => write!(f, "malformed signature header: {why}"),
            Invalid::Stale { t, now, tolerance } => write!(
                f,
                "stale timestamp: t={t} is {}s away from now ({now}), more than the tolerance of {tolerance}s",
                now.abs_diff(*t)
            ),
            Invalid::Mismatch => {
                f.write_str("signature mismatch: wrong secret, or the payload or timestamp was altered")
            }
        }
    }
}

type HmacSha256 = Hmac<Sha256>;

fn mac(secret: &str, t: i64, body: &[u8]) -> HmacSha256 {
    // HMAC takes keys of any length, so this cannot fail.
    let mut mac = HmacSha256::new_from_slice(secret.as_bytes()).expect("HMAC accepts any key length");
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The header value a sender with `secret` would put on `body` at time `t`
/// (the tests play the sender).
#[cfg(test)]
pub fn sign(secret: &str, t: i64, body: &[u8]) -> String {
    let digest = mac(secret, t, body).finalize().into_bytes();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={t},v1={hex}")
}

/// Accepts the bare value or the whole `X-Service-Signature: value` line.
fn value_of(header: &str) -> &str {
    let trimmed = header.trim();
    match trimmed.split_once(':') {
        Some((name, value)) if name.trim().eq_ignore_ascii_case(HEADER) => value.trim(),
        _ => trimmed,
    }
}

/// Checks `header` against the raw `body`; answers the signed timestamp.
pub fn verify(secret: &str, header: &str, body: &[u8], tolerance: u64, now: i64) -> Result<i64, Invalid> {
    let mut t = None;
    let mut candidates = Vec::new();
    for part in value_of(header).split(',') {
        let Some((name, value)) = part.trim().split_once('=') else {
            return Err(Invalid::Malformed(format!("{part:?} is not name=value")));
        };
        match name {
            "t" => {
                if t.is_some() {
                    return Err(Invalid::Malformed("t appears twice".into()));
                }
                if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(Invalid::Malformed(format!("t={value:?} is not Unix seconds")));
                }
                t = Some(value.parse::<i64>().map_err(|_| Invalid::Malformed(format!("t={value:?} is too large")))?);
            }
            "v1" => candidates
                .push(decode_hex(value).ok_or_else(|| Invalid::Malformed("v1 is not 64 hexadecimal digits".into()))?),
            // Other schemes may be added by senders; they are not ours to check.
            _ => {}
        }
    }
    let t = t.ok_or_else(|| Invalid::Malformed("no t= timestamp".into()))?;
    if candidates.is_empty() {
        return Err(Invalid::Malformed("no v1= signature".into()));
    }
    if now.abs_diff(t) > tolerance {
        return Err(Invalid::Stale { t, now, tolerance });
    }
    let expected = mac(secret, t, body);
    if candidates.iter().any(|sig| expected.clone().verify_slice(sig).is_ok()) { Ok(t) } else { Err(Invalid::Mismatch) }
}

fn decode_hex(hex: &str) -> Option<Vec<u8>> {
    // `from_str_radix` alone would take "+f" for 0x0f: a second spelling of
    // the same signature, so every byte is checked to be a digit first.
    if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    hex.as_bytes().chunks(2).map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()).collect()
}

/// Seconds since the Unix epoch, as senders stamp `t`.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_0123456789abcdefghijABCDEFGHIJ0123456789";
    const BODY: &[u8] = br#"{"id":"evt_1","event":"settlement.completed"}"#;
    const NOW: i64 = 1_800_000_000;

    #[test]
    fn a_good_signature_verifies_bare_or_as_a_header_line() {
        let header = sign(SECRET, NOW, BODY);
        assert_eq!(verify(SECRET, &header, BODY, 300, NOW), Ok(NOW));
        assert_eq!(verify(SECRET, &format!("X-Service-Signature: {header}"), BODY, 300, NOW + 300), Ok(NOW));
        assert_eq!(verify(SECRET, &format!("x-service-signature:{header}"), BODY, 300, NOW - 10), Ok(NOW));
    }

    #[test]
    fn a_known_vector_matches_the_documented_construction() {
        // HMAC-SHA256 keyed "key" over "1.x", computed with another implementation.
        assert_eq!(sign("key", 1, b"x"), "t=1,v1=fc4913c41a7bf793267e2a384f3261c9436ec2cd097bd745e7b0d99113f510ec");
    }

    #[test]
    fn a_tampered_body_or_wrong_secret_is_a_mismatch() {
        let header = sign(SECRET, NOW, BODY);
        assert_eq!(
            verify(SECRET, &header, br#"{"id":"evt_2","event":"settlement.completed"}"#, 300, NOW),
            Err(Invalid::Mismatch)
        );
        assert_eq!(verify("whsec_other", &header, BODY, 300, NOW), Err(Invalid::Mismatch));
        // Moving t invalidates the MAC too.
        let moved = header.replacen(&format!("t={NOW}"), &format!("t={}", NOW + 1), 1);
        assert_eq!(verify(SECRET, &moved, BODY, 300, NOW), Err(Invalid::Mismatch));
    }

    #[test]
    fn a_stale_timestamp_is_refused_either_way() {
        let header = sign(SECRET, NOW, BODY);
        assert_eq!(
            verify(SECRET, &header, BODY, 300, NOW + 301),
            Err(Invalid::Stale { t: NOW, now: NOW + 301, tolerance: 300 })
        );
        assert!(matches!(verify(SECRET, &header, BODY, 300, NOW - 301), Err(Invalid::Stale { .. })));
        assert_eq!(verify(SECRET, &header, BODY, 1000, NOW + 301), Ok(NOW));
        // The distance is taken without overflow at the ends of the clock.
        let stale = verify(SECRET, &header, BODY, 300, i64::MIN).unwrap_err();
        assert!(stale.to_string().contains(&format!("{}s away", NOW.abs_diff(i64::MIN))), "{stale}");
    }

    #[test]
    fn malformed_headers_say_what_is_wrong() {
        let good = sign(SECRET, NOW, BODY);
        let v1 = good.split_once(",v1=").unwrap().1;
        for (header, needle) in [
            ("", "not name=value"),
            ("garbage", "not name=value"),
            (&format!("v1={v1}") as &str, "no t="),
            (&format!("t={NOW}"), "no v1="),
            (&format!("t=abc,v1={v1}"), "Unix seconds"),
            (&format!("t=-5,v1={v1}"), "Unix seconds"),
            (&format!("t={NOW},v1=xyz"), "64 hexadecimal"),
            (&format!("t={NOW},v1={}", &v1[..62]), "64 hexadecimal"),
            // A sign is not a digit, even where it would parse to the same byte.
            (&format!("t={NOW},v1=+{}", &v1[1..]), "64 hexadecimal"),
            (&format!("t={NOW},t={NOW},v1={v1}"), "twice"),
        ] {
            match verify(SECRET, header, BODY, 300, NOW) {
                Err(Invalid::Malformed(why)) => assert!(why.contains(needle), "{header:?}: {why}"),
                other => panic!("{header:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn any_matching_v1_is_enough() {
        let good = sign(SECRET, NOW, BODY);
        let other = sign("whsec_old", NOW, BODY);
        let both = format!("{},{}", other, good.split_once(',').unwrap().1);
        assert_eq!(verify(SECRET, &both, BODY, 300, NOW), Ok(NOW));
    }
}

/// Properties over every input a receiver can be sent: the header, the body
/// and the clock are all the sender's to choose.
#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use super::*;

    /// Arbitrary text, and text shaped closely enough like a header to get
    /// past the first checks.
    fn header() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<String>(),
            "[tv1=, :+-]{0,12}[0-9a-fA-F]{0,70}",
            "(X-Service-Signature: ?)?t=[0-9]{1,20},v1=[0-9a-fA-F]{64}(,v1=[0-9a-f]{64})?",
            "t=[+-]?[0-9]{1,20},v1=[+ 0-9a-f]{64}",
        ]
    }

    fn now() -> impl Strategy<Value = i64> {
        prop_oneof![any::<i64>(), Just(i64::MIN), Just(i64::MAX), 1_700_000_000i64..1_900_000_000]
    }

    fn tolerance() -> impl Strategy<Value = u64> {
        prop_oneof![0u64..=1_000, Just(DEFAULT_TOLERANCE_SECS), any::<u64>(), Just(u64::MAX)]
    }

    /// The case of a hex letter does not change the bytes it stands for.
    fn same_hex_digit(a: char, b: char) -> bool {
        a.is_ascii_hexdigit() && a.eq_ignore_ascii_case(&b)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn verifying_is_total_and_garbage_never_verifies(
            secret in any::<String>(),
            header in header(),
            body in any::<Vec<u8>>(),
            tolerance in tolerance(),
            now in now(),
        ) {
            let verdict = verify(&secret, &header, &body, tolerance, now);
            // Rendering the reason must not panic either: it is what the user sees.
            let shown = verdict.as_ref().map_err(ToString::to_string);
            prop_assert!(verdict.is_err(), "{header:?} verified: {shown:?}");
        }

        #[test]
        fn a_signed_delivery_verifies_exactly_within_the_tolerance(
            secret in any::<String>(),
            body in any::<Vec<u8>>(),
            t in prop_oneof![0i64..=i64::MAX, 1_700_000_000i64..1_900_000_000],
            offset in prop_oneof![-2_000i64..=2_000, any::<i64>()],
            tolerance in tolerance(),
        ) {
            let now = t.saturating_add(offset);
            let verdict = verify(&secret, &sign(&secret, t, &body), &body, tolerance, now);
            if now.abs_diff(t) <= tolerance {
                prop_assert_eq!(verdict, Ok(t));
            } else {
                prop_assert_eq!(verdict, Err(Invalid::Stale { t, now, tolerance }));
            }
        }

        #[test]
        fn any_single_byte_change_of_the_body_fails(
            secret in any::<String>(),
            body in prop::collection::vec(any::<u8>(), 1..200),
            at in any::<prop::sample::Index>(),
            flip in 1u8..=255,
            t in 0i64..=i64::MAX,
        ) {
            let header = sign(&secret, t, &body);
            let mut changed = body.clone();
            changed[at.index(body.len())] ^= flip;
            prop_assert_eq!(verify(&secret, &header, &changed, u64::MAX, t), Err(Invalid::Mismatch));
        }

        #[test]
        fn any_single_character_change_of_the_header_fails(
            secret in any::<String>(),
            body in any::<Vec<u8>>(),
            t in prop_oneof![0i64..=i64::MAX, 0i64..100],
            at in any::<prop::sample::Index>(),
            with in prop_oneof![any::<char>(), prop::char::range('0', 'z'), Just('+'), Just(' ')],
        ) {
            let header = sign(&secret, t, &body);
            let at = at.index(header.len());
            let was = char::from(header.as_bytes()[at]);
            let in_signature = at > header.find(",v1=").expect("sign writes v1") + 3;
            prop_assume!(with != was && !(in_signature && same_hex_digit(was, with)));
            let mut changed = header.clone();
            changed.replace_range(at..=at, with.encode_utf8(&mut [0; 4]));
            // The largest tolerance: a moved timestamp must fail on its MAC, not only on age.
            let verdict = verify(&secret, &changed, &body, u64::MAX, t);
            prop_assert!(verdict.is_err(), "{changed:?} verified");
        }

        #[test]
        fn a_moved_timestamp_is_a_mismatch_even_inside_the_tolerance(
            secret in any::<String>(),
            body in any::<Vec<u8>>(),
            t in 1_000i64..=i64::MAX - 1_000,
            by in prop_oneof![-1_000i64..0, 1i64..=1_000],
        ) {
            let header = sign(&secret, t, &body);
            let moved = header.replacen(&format!("t={t}"), &format!("t={}", t + by), 1);
            prop_assert_eq!(verify(&secret, &moved, &body, 1_000, t), Err(Invalid::Mismatch));
        }

        #[test]
        fn another_secret_never_verifies(
            secret in any::<String>(),
            other in any::<String>(),
            body in any::<Vec<u8>>(),
            t in 0i64..=i64::MAX,
        ) {
            prop_assume!(secret != other);
            prop_assert_eq!(verify(&other, &sign(&secret, t, &body), &body, 0, t), Err(Invalid::Mismatch));
        }
    }
}
