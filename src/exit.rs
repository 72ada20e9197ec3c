//! Exit codes, documented in the README:
//! 0 success, 1 the API answered with an error, 2 usage error,
//! 3 authentication failed or is missing, 4 network failure,
//! 5 anything else (local failure: files, the sandbox failing to start).

// The API client commands use every code; until they land some are unused.
#![allow(dead_code)]

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

/// A usage error (exit 2) with a message that names the flag to fix.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    Exit { code: USAGE, message: message.into() }.into()
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
        let _ = (API_ERROR, AUTH, NETWORK);
    }
}
