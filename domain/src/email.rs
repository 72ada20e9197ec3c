//! E-mail addresses as partners expect them checked: one `@`, a local part
//! of 1 to 64 characters that does not start or end with a dot, and a
//! dotted domain of letter-digit-hyphen labels whose last one is
//! alphabetic; at most 254 characters, no spaces. The OpenAPI document
//! states the same rule as `payctl_wire::schema::EMAIL_PATTERN`.

use crate::text;

/// A syntactically valid e-mail address, as sent (case kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(s: &str) -> Option<Email> {
        is_email(s).then(|| Email(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What makes two spellings of one address the same address (case and
    /// Unicode forms folded): what uniqueness is checked on.
    pub fn uniqueness_key(&self) -> String {
        text::uniqueness_key(&self.0)
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether `s` is an e-mail address by the rule above.
pub fn is_email(s: &str) -> bool {
    if s.len() > 254 || s.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    if local.is_empty() || local.len() > 64 || domain.contains('@') || local.starts_with('.') || local.ends_with('.') {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_syntax() {
        for ok in ["a@b.co", "first.last+tag@sub.example.com", "x@y-z.ae"] {
            assert!(is_email(ok), "{ok}");
            assert_eq!(Email::parse(ok).unwrap().as_str(), ok);
        }
        for bad in ["", "a", "a@", "@b.co", "a@b", "a b@c.co", "a@b..co", "a@-b.co", "a@@b.co", "a@b.c0", ".a@b.co"] {
            assert!(!is_email(bad), "{bad}");
            assert!(Email::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn two_spellings_of_one_address_share_a_key() {
        let a = Email::parse("Ops@Example.com").unwrap();
        let b = Email::parse("ops@example.COM").unwrap();
        assert_eq!(a.uniqueness_key(), b.uniqueness_key());
        assert_eq!(a.as_str(), "Ops@Example.com", "the address is kept as sent");
    }
}
