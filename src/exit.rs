//! Exit codes, documented in the README:
//! 0 success, 1 the API answered with an error (or a check the command
//! made failed: an invalid address or signature), 2 usage error,
//! 3 authentication failed or is missing, 4 network failure,
//! 5 anything else (local failure: files, the keyring, the sandbox failing
//! to start), 6 the go-live review's verdict is fail (`payctl review`),
//! 7 a replay answered differently from its recording (`payctl parity`),
//! 130 interrupted with Ctrl-C at a prompt.
//!
//! Scripts branch on these codes, so every failure path picks one on purpose
//! through the constructors below rather than falling through to 5.

pub const API_ERROR: u8 = 1;
pub const USAGE: u8 = 2;
pub const AUTH: u8 = 3;
pub const NETWORK: u8 = 4;
pub const FAILURE: u8 = 5;
/// `payctl review` got its review, and the verdict is fail: apart from 1
/// (no review to judge by), so CI can tell "not ready" from "not run".
pub const REVIEW_FAILED: u8 = 6;
/// `payctl parity` compared the replay, and something answered
/// differently from the recording: apart from 1 (could not compare), so
/// CI can tell "drifted" from "not run".
pub const PARITY_DIFFERS: u8 = 7;
/// 128 + SIGINT, what a shell reports for a command stopped by Ctrl-C.
pub const INTERRUPTED: u8 = 130;

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

/// A secret shown once is missing from an answer (`field`): the API
/// replayed an earlier answer (`Secret-Withheld: true`) and never shows a
/// secret twice, so nothing was printed or stored (exit 1). `remedy` says
/// how to get a new one.
pub fn secret_withheld(field: &str, remedy: &str) -> anyhow::Error {
    api(format!(
        "the API answered without the secret (`{field}`): an answer replayed for a repeated Idempotency-Key \
         withholds it, so nothing was printed or stored; {remedy}"
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

/// A local file could not be read or written (exit 5).
pub fn local(message: impl Into<String>) -> anyhow::Error {
    with(FAILURE, message)
}

/// An error that keeps the exit code of the failure it tells more about.
pub fn with_code(code: u8, message: impl Into<String>) -> anyhow::Error {
    with(code, message)
}

/// This very command line, to run again with `flag VALUE` (replacing the
/// flag if it was given), quoted for a POSIX shell. A secret given on the
/// command line (`--api-key`) is shown as the environment variable that
/// can carry it instead, so the line never prints it.
pub fn command_line_with(flag: &str, value: &str) -> String {
    let mut args = std::env::args();
    let program = args.next().map_or_else(
        || "payctl".to_owned(),
        |p| {
            let name = std::path::Path::new(&p).file_name().map(|n| n.to_string_lossy().into_owned());
            if name.as_deref() == Some("payctl") { "payctl".to_owned() } else { p }
        },
    );
    let mut words = vec![program];
    let mut rest = args.peekable();
    while let Some(arg) = rest.next() {
        if arg == flag {
            rest.next();
        } else if arg.starts_with(&format!("{flag}=")) {
        } else if arg == "--api-key" {
            rest.next();
            words.push("--api-key".to_owned());
            words.push("\"$PAYCTL_API_KEY\"".to_owned());
        } else if arg.starts_with("--api-key=") {
            words.push("--api-key".to_owned());
            words.push("\"$PAYCTL_API_KEY\"".to_owned());
        } else {
            words.push(shell_quote(&arg));
        }
    }
    words.push(flag.to_owned());
    words.push(shell_quote(value));
    words.join(" ")
}

/// `word` as a POSIX shell reads it back: bare when it is safe, else in
/// single quotes.
pub fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_./:=@,+%".contains(&b));
    if safe { word.to_owned() } else { format!("'{}'", word.replace('\'', "'\\''")) }
}

/// The go-live review's verdict is fail (exit 6).
pub fn review_failed(message: impl Into<String>) -> anyhow::Error {
    with(REVIEW_FAILED, message)
}

/// A replay answered differently from its recording (exit 7).
pub fn parity_differs(message: impl Into<String>) -> anyhow::Error {
    with(PARITY_DIFFERS, message)
}

/// Ctrl-C at a prompt (exit 130).
pub fn interrupted() -> anyhow::Error {
    with(INTERRUPTED, "interrupted")
}

/// The reader of standard output went away (`payctl ... | head -1`): the
/// command stops writing and exits 0 without a word, as `rg` and `cat` do.
#[derive(Debug)]
pub struct ClosedPipe;

impl std::fmt::Display for ClosedPipe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for ClosedPipe {}

pub fn is_closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.downcast_ref::<ClosedPipe>().is_some())
}

pub fn code_for(err: &anyhow::Error) -> u8 {
    for e in err.chain() {
        if let Some(exit) = e.downcast_ref::<Exit>() {
            return exit.code;
        }
        if let Some(api) = e.downcast_ref::<crate::client::ApiError>() {
            return api.exit_code();
        }
    }
    FAILURE
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
        assert_eq!(code_for(&local("x")), FAILURE);
        assert_eq!(code_for(&interrupted()), INTERRUPTED);
        assert_eq!(code_for(&review_failed("x")), REVIEW_FAILED);
        assert_eq!(code_for(&parity_differs("x")), PARITY_DIFFERS);
        assert!(is_closed_pipe(&anyhow::Error::new(ClosedPipe).context("printing")));
    }

    #[test]
    fn words_are_quoted_for_the_shell() {
        assert_eq!(shell_quote("--kind"), "--kind");
        assert_eq!(shell_quote(r#"{"a": 1}"#), r#"'{"a": 1}'"#);
        assert_eq!(shell_quote("it's"), r#"'it'\''s'"#);
        assert_eq!(shell_quote(""), "''");
    }
}
