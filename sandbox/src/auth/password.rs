//! Dashboard passwords, stored only as Argon2id hashes (PHC strings).

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("cannot hash password: {e}"))
}

/// Constant-time verification against a stored PHC string.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

#[cfg(test)]
mod tests {
    #[test]
    fn hashes_verify_and_hide_the_password() {
        let stored = super::hash("correct horse").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(!stored.contains("correct horse"));
        assert!(super::verify("correct horse", &stored));
        assert!(!super::verify("wrong horse", &stored));
        assert!(!super::verify("correct horse", "not a hash"));
    }
}
