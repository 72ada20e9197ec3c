//! The shapes of the secrets the API mints: what each starts with and how
//! many random alphanumerics follow. The sandbox mints by these shapes,
//! the CLI tells a TEST key from a LIVE one by them, and redaction finds a
//! secret in any text by them, so the three can never disagree.

/// A secret's shape: a fixed prefix, then `random` alphanumerics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub prefix: &'static str,
    pub random: usize,
}

impl Shape {
    /// How a secret of this shape is shown once it cannot be shown whole:
    /// the prefix, dots, and the last characters kept as its `hint`.
    pub fn masked(&self, hint: &str) -> String {
        format!("{}••••{hint}", self.prefix)
    }
}

/// A TEST application's API key (`sk_test_` and 32 alphanumerics).
pub const TEST_KEY: Shape = Shape { prefix: "sk_test_", random: 32 };
/// A LIVE application's API key.
pub const LIVE_KEY: Shape = Shape { prefix: "sk_live_", random: 32 };
/// The public part of an API key shown in lists: the marker and six random
/// characters, which identify a key without revealing it.
pub const KEY_PREFIX_LEN: usize = 14;
/// A webhook endpoint's signing secret (~238 bits).
pub const WEBHOOK_SECRET: Shape = Shape { prefix: "whsec_", random: 40 };
/// The sandbox operator's control token, new on every start.
pub const CONTROL_TOKEN: Shape = Shape { prefix: "ctl_", random: 40 };
/// A dashboard user's refresh token.
pub const REFRESH_TOKEN: Shape = Shape { prefix: "rt_", random: 48 };

/// Every shape the API mints.
pub const MINTED: [Shape; 5] = [TEST_KEY, LIVE_KEY, WEBHOOK_SECRET, CONTROL_TOKEN, REFRESH_TOKEN];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_prefixes_fit_the_shown_part_and_no_prefix_starts_another() {
        assert!(TEST_KEY.prefix.len() < KEY_PREFIX_LEN && LIVE_KEY.prefix.len() < KEY_PREFIX_LEN);
        for a in MINTED {
            for b in MINTED {
                assert!(a == b || !a.prefix.starts_with(b.prefix), "{} starts {}", b.prefix, a.prefix);
            }
        }
    }
}
