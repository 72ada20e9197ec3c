//! Exit codes, documented in the README:
//! 0 success, 1 the API answered with an error (or a check the command
//! made failed: an invalid address or signature), 2 usage error,
//! 3 authentication failed or is missing, 4 network failure,
//! 5 anything else (local failure: files, the sandbox failing to start).
//!
//! Scripts branch on these codes, so every failure path picks one on purpose
//! through the constructors below rather than falling through to 5.

pub const API_ERROR: u8 = 1;
pub const USAGE: u8 = 2;
pub const AUTH: u8 = 3;
pub const NETWORK: u8 = 4;
pub const FAILURE: u8 = 5;

/// An error that knows its exit code; other errors exit with [`FAILURE`].
#[derive(Debug)]
pub struct Exit {
    pub code: u8,
    pub message: String,
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Exit {}

fn with(code: u8, message: impl Into<String>) -> anyhow::Error {
    Exit { code, message: message.into() }.into()
}

/// A usage error (exit 2) with a message that names the flag to fix.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    with(USAGE, message)
}

/// The API refused the request or answered something unusable (exit 1).
pub fn api(message: impl Into<String>) -> anyhow::Error {
    with(API_ERROR, message)
}

/// A check the command itself made failed: `wallets validate` on an invalid
/// address, `webhooks verify` on a bad signature (exit 1, like a refusal).
pub fn invalid(message: impl Into<String>) -> anyhow::Error {
    with(API_ERROR, message)
}

/// A secret shown once is missing from an answer: the API replayed an
/// earlier answer (`Secret-Withheld: true`) and never shows a secret twice
/// (exit 1).
pub fn secret_withheld(what: &str) -> anyhow::Error {
    api(format!(
        "the answer has no {what}: it is shown only once, to the first request with this Idempotency-Key; \
         revoke or rotate it and create a new one"
    ))
}

/// Credentials are missing, wrong or expired (exit 3).
pub fn auth(message: impl Into<String>) -> anyhow::Error {
    with(AUTH, message)
}

/// The server could not be reached (exit 4).
pub fn network(message: impl Into<String>) -> anyhow::Error {
    with(NETWORK, message)
}

pub fn code_for(err: &anyhow::Error) -> u8 {
    err.chain().find_map(|e| e.downcast_ref::<Exit>()).map_or(FAILURE, |e| e.code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_survive_context() {
        let err = usage("bad flag").context("while parsing");
        assert_eq!(code_for(&err), USAGE);
        assert_eq!(code_for(&anyhow::anyhow!("other")), FAILURE);
        assert_eq!(code_for(&api("x")), API_ERROR);
        assert_eq!(code_for(&auth("x")), AUTH);
        assert_eq!(code_for(&network("x")), NETWORK);
    }
}
