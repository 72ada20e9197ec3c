//! HS256 JSON Web Tokens for the dashboard's bearer auth.
//!
//! The sandbox is both identity provider and API, so a symmetric key
//! (derived from the master key) signs and verifies. Verification accepts
//! only `alg: HS256` (never `none`), compares the MAC in constant time, and
//! checks `exp` against the sandbox clock.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use payctl_domain::time::Timestamp;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    pub iss: String,
    /// Public id of the dashboard user.
    pub sub: String,
    pub aud: String,
    pub azp: String,
    pub typ: String,
    pub iat: i64,
    pub exp: i64,
    pub jti: String,
    pub preferred_username: String,
    pub scope: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JwtError {
    Malformed,
    BadSignature,
    Expired,
}

impl std::fmt::Display for JwtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            JwtError::Malformed => "the bearer token is not a valid JWT",
            JwtError::BadSignature => "the bearer token's signature does not verify",
            JwtError::Expired => "the bearer token has expired; refresh it or log in again",
        })
    }
}

/// The key that signs, then any key still accepted (a rotation).
pub struct JwtKey(Vec<[u8; 32]>);

const HEADER: &str = r#"{"alg":"HS256","typ":"JWT","kid":"sandbox-hs256"}"#;

impl JwtKey {
    /// Signs with `keys[0]`; verifies with any of them.
    pub fn new(keys: Vec<[u8; 32]>) -> Self {
        assert!(!keys.is_empty(), "a JWT key needs a key to sign with");
        JwtKey(keys)
    }

    fn mac(key: &[u8; 32]) -> Hmac<Sha256> {
        <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key length")
    }

    pub fn sign(&self, claims: &Claims) -> String {
        let payload = serde_json::to_vec(claims).unwrap_or_default();
        let mut token = URL_SAFE_NO_PAD.encode(HEADER);
        token.push('.');
        token.push_str(&URL_SAFE_NO_PAD.encode(payload));
        let mut mac = Self::mac(&self.0[0]);
        mac.update(token.as_bytes());
        let signature = mac.finalize().into_bytes();
        token.push('.');
        token.push_str(&URL_SAFE_NO_PAD.encode(signature));
        token
    }

    pub fn verify(&self, token: &str, now: Timestamp) -> Result<Claims, JwtError> {
        if token.len() > 8192 {
            return Err(JwtError::Malformed);
        }
        let mut parts = token.split('.');
        let (Some(header), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(JwtError::Malformed);
        };
        let header_json = URL_SAFE_NO_PAD.decode(header).map_err(|_| JwtError::Malformed)?;
        let header_value: serde_json::Value = serde_json::from_slice(&header_json).map_err(|_| JwtError::Malformed)?;
        if header_value.get("alg").and_then(|a| a.as_str()) != Some("HS256") {
            return Err(JwtError::BadSignature);
        }
        let signature = URL_SAFE_NO_PAD.decode(signature).map_err(|_| JwtError::Malformed)?;
        let signed = &token.as_bytes()[..header.len() + 1 + payload.len()];
        let verifies = |key| {
            let mut mac = Self::mac(key);
            mac.update(signed);
            mac.verify_slice(&signature).is_ok()
        };
        if !self.0.iter().any(verifies) {
            return Err(JwtError::BadSignature);
        }
        let payload = URL_SAFE_NO_PAD.decode(payload).map_err(|_| JwtError::Malformed)?;
        let claims: Claims = serde_json::from_slice(&payload).map_err(|_| JwtError::Malformed)?;
        if claims.typ != "Bearer" {
            return Err(JwtError::Malformed);
        }
        if now.unix_seconds() >= claims.exp {
            return Err(JwtError::Expired);
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(exp: i64) -> Claims {
        Claims {
            iss: "http://127.0.0.1/auth/realms/sandbox".into(),
            sub: "user-1".into(),
            aud: "partner-console".into(),
            azp: "partner-console".into(),
            typ: "Bearer".into(),
            iat: 0,
            exp,
            jti: "j".into(),
            preferred_username: "demo".into(),
            scope: "openid".into(),
        }
    }

    #[test]
    fn signs_and_verifies() {
        let key = JwtKey::new(vec![[7; 32]]);
        let token = key.sign(&claims(100));
        assert_eq!(key.verify(&token, Timestamp::from_millis(99_000)).unwrap().sub, "user-1");
        assert_eq!(key.verify(&token, Timestamp::from_millis(100_000)), Err(JwtError::Expired));
    }

    /// While a key is rotated, tokens of the accepted key verify; new
    /// ones are signed with the current key only.
    #[test]
    fn an_accepted_key_verifies_and_never_signs() {
        let now = Timestamp::from_millis(0);
        let (old, rotated) = (JwtKey::new(vec![[7; 32]]), JwtKey::new(vec![[8; 32], [7; 32]]));
        assert_eq!(rotated.verify(&old.sign(&claims(100)), now).unwrap().sub, "user-1");
        assert_eq!(old.verify(&rotated.sign(&claims(100)), now), Err(JwtError::BadSignature));
    }

    #[test]
    fn rejects_tampering_other_keys_and_alg_none() {
        let key = JwtKey::new(vec![[7; 32]]);
        let token = key.sign(&claims(100));
        let now = Timestamp::from_millis(0);
        let other = JwtKey::new(vec![[8; 32]]);
        assert_eq!(other.verify(&token, now), Err(JwtError::BadSignature));

        let parts: Vec<&str> = token.split('.').collect();
        let forged_payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims(i64::MAX)).unwrap());
        let forged = format!("{}.{}.{}", parts[0], forged_payload, parts[2]);
        assert_eq!(key.verify(&forged, now), Err(JwtError::BadSignature));

        let none_header = URL_SAFE_NO_PAD.encode(r#"{"alg":"none"}"#);
        assert_eq!(key.verify(&format!("{none_header}.{}.", parts[1]), now), Err(JwtError::BadSignature));
        for junk in ["", "a.b", "a.b.c.d", "!!!.???.***"] {
            assert!(key.verify(junk, now).is_err(), "{junk}");
        }
    }
}
