//! When a fault rule fires: `skip`, `times` and a seeded draw.
//!
//! Which matching requests a rule with a `probability` faults is decided by
//! a counter-based generator: the draw for the n-th matching request is a
//! hash of the seed and n, so the same rules and the same sequence of
//! requests fault the same requests in any fresh sandbox, whatever else
//! happened in between, and no generator state needs keeping.

/// A probability in millionths: 1,000,000 is certain.
pub const CERTAIN: u32 = 1_000_000;

use serde::{Deserialize, Serialize};

/// The counters of a rule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// Matching requests (or deliveries) seen while the rule was not spent.
    pub matched: u64,
    /// How often it fired.
    pub hits: u64,
}

/// How a rule decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Firing {
    pub skip: u64,
    pub times: Option<u64>,
    /// In millionths (see [`CERTAIN`]).
    pub probability: u32,
    pub seed: u64,
}

impl Firing {
    /// Whether the rule fires no more.
    pub fn spent(&self, counters: Counters) -> bool {
        self.times.is_some_and(|times| counters.hits >= times)
    }

    /// Counts one more matching request and says whether the rule fires for
    /// it. A spent rule neither counts nor fires.
    pub fn next(&self, counters: &mut Counters) -> bool {
        if self.spent(*counters) {
            return false;
        }
        counters.matched += 1;
        let n = counters.matched;
        let fires = n > self.skip && draw(self.seed, n) < self.probability;
        if fires {
            counters.hits += 1;
        }
        fires
    }
}

/// A number below [`CERTAIN`] for the n-th draw of `seed` (SplitMix64 of the
/// pair, so neighbouring seeds and counters give unrelated draws).
pub fn draw(seed: u64, n: u64) -> u32 {
    let mut z = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ n.wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    u32::try_from(z % u64::from(CERTAIN)).unwrap_or(0)
}

/// A probability from its decimal text (`1`, `0.3`, `0.000001`, `3e-4`),
/// 0 to 1, in millionths: finer digits are rounded to the nearest
/// millionth (half up), as a client computing `1/3` sends 17 of them. Read
/// from the text, never through a float.
pub fn parse_probability(text: &str) -> Result<u32, &'static str> {
    let message = "must be a number from 0 to 1";
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i32>().map_err(|_| message)?),
        None => (text, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_only = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits_only(whole) || !digits_only(fraction) || (mantissa.ends_with('.')) {
        return Err(message);
    }
    // The value is `digits` × 10^-`scale`.
    let all = format!("{whole}{fraction}");
    let significant = all.trim_start_matches('0').trim_end_matches('0');
    let trailing = all.trim_end_matches('0').len();
    let zeros = i64::try_from(all.len() - trailing).map_err(|_| message)?;
    if significant.is_empty() {
        return Ok(0);
    }
    if significant.len() > 30 {
        return Err(message);
    }
    let digits: u128 = significant.parse().map_err(|_| message)?;
    let scale = i64::try_from(fraction.len()).map_err(|_| message)? - i64::from(exponent) - zeros;
    // Above 1 exactly, however little, is out of range.
    let above_one = match u32::try_from(scale) {
        Ok(scale) if scale <= 30 => digits > 10u128.pow(scale),
        Ok(_) => false,
        Err(_) => true,
    };
    if above_one {
        return Err(message);
    }
    let shift = 6 - scale;
    let millionths = if shift >= 0 {
        digits * 10u128.pow(u32::try_from(shift).map_err(|_| message)?)
    } else {
        match u32::try_from(-shift).ok().and_then(|places| 10u128.checked_pow(places)) {
            Some(divisor) => (digits + divisor / 2) / divisor,
            None => 0,
        }
    };
    u32::try_from(millionths).ok().filter(|v| *v <= CERTAIN).ok_or(message)
}

/// A probability in millionths as the decimal number it stands for.
pub fn probability_value(millionths: u32) -> f64 {
    f64::from(millionths) / f64::from(CERTAIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skip_then_times_then_spent() {
        let rule = Firing { skip: 2, times: Some(3), probability: CERTAIN, seed: 0 };
        let mut c = Counters::default();
        let fired: Vec<bool> = (0..8).map(|_| rule.next(&mut c)).collect();
        assert_eq!(fired, [false, false, true, true, true, false, false, false]);
        assert_eq!(c, Counters { matched: 5, hits: 3 });
        assert!(rule.spent(c));
    }

    #[test]
    fn draws_are_a_function_of_seed_and_count_and_near_the_probability() {
        let rule = Firing { skip: 0, times: None, probability: 300_000, seed: 7 };
        let run = || {
            let mut c = Counters::default();
            (0..10_000).map(|_| rule.next(&mut c)).collect::<Vec<_>>()
        };
        let (a, b) = (run(), run());
        assert_eq!(a, b);
        let fired = a.iter().filter(|f| **f).count();
        assert!((2_700..3_300).contains(&fired), "{fired}");
        let other = Firing { seed: 8, ..rule };
        let mut c = Counters::default();
        let c_run: Vec<bool> = (0..10_000).map(|_| other.next(&mut c)).collect();
        assert_ne!(a, c_run, "another seed, other requests");
        let never = Firing { probability: 0, ..rule };
        let mut c = Counters::default();
        assert!((0..1000).all(|_| !never.next(&mut c)));
    }

    #[test]
    fn probabilities_parse_from_their_text_to_the_nearest_millionth() {
        assert_eq!(parse_probability("1"), Ok(CERTAIN));
        assert_eq!(parse_probability("1.0"), Ok(CERTAIN));
        assert_eq!(parse_probability("0"), Ok(0));
        assert_eq!(parse_probability("0.3"), Ok(300_000));
        assert_eq!(parse_probability("0.000001"), Ok(1));
        assert_eq!(parse_probability("1e-3"), Ok(1_000));
        assert_eq!(parse_probability("3E-6"), Ok(3));
        assert_eq!(parse_probability("0.10e1"), Ok(CERTAIN));
        // Finer than a millionth: rounded, half up.
        assert_eq!(parse_probability("0.35878567530131705"), Ok(358_786));
        assert_eq!(parse_probability("0.0000005"), Ok(1));
        assert_eq!(parse_probability("0.0000004999"), Ok(0));
        assert_eq!(parse_probability("0.9999999"), Ok(CERTAIN));
        assert_eq!(parse_probability("1e-400"), Ok(0));
        for bad in ["1.5", "2", "-0.1", "1.0000000000000002", "1e1", "", ".5", "1.", "abc", "1e", "0.5e+x"] {
            assert!(parse_probability(bad).is_err(), "{bad}");
        }
        assert_eq!(probability_value(300_000), 0.3);
    }
}
