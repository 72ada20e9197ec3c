//! `payctl webhooks verify`: checks a captured delivery offline, the way a
//! receiver must, so a developer can tell a wrong secret from a stale or
//! altered delivery.

use std::io::Read;
use std::path::PathBuf;

use clap::Args;

use crate::exit;
use crate::signature::{self, DEFAULT_TOLERANCE_SECS};

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The endpoint's signing secret (whsec_...).
    #[arg(long, env = "PAYCTL_WEBHOOK_SECRET", hide_env_values = true)]
    pub secret: String,
    /// The X-Service-Signature value, or the whole `X-Service-Signature: value` line.
    #[arg(long, value_name = "SIGNATURE")]
    pub header: String,
    /// The raw payload as received: a file, or - for stdin.
    #[arg(long, value_name = "FILE|-")]
    pub payload: PathBuf,
    /// Largest accepted distance in seconds between t and now; 0 accepts any age.
    #[arg(long, default_value_t = DEFAULT_TOLERANCE_SECS, value_name = "SECONDS")]
    pub tolerance: u64,
}

pub fn run(args: VerifyArgs) -> anyhow::Result<()> {
    let body = read_payload(&args.payload)?;
    let tolerance = if args.tolerance == 0 { u64::MAX } else { args.tolerance };
    match signature::verify(&args.secret, &args.header, &body, tolerance, signature::now()) {
        Ok(t) => {
            crate::say!("Valid signature (t={t}, {} payload bytes).", body.len());
            Ok(())
        }
        Err(why) => Err(exit::invalid(format!("invalid signature: {why}"))),
    }
}

fn read_payload(path: &PathBuf) -> anyhow::Result<Vec<u8>> {
    let mut body = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin().read_to_end(&mut body).map_err(|e| exit::usage(format!("cannot read the payload: {e}")))?;
    } else {
        body =
            std::fs::read(path).map_err(|e| exit::usage(format!("cannot read --payload {}: {e}", path.display())))?;
    }
    Ok(body)
}
