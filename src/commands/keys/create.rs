//! `payctl keys create`: `POST /v1/applications/{id}/keys`.

use payctl_wire::applications::CreateApiKey;

use super::CreateArgs;
use crate::commands::resource::{Cred, Session};
use crate::context::Ctx;
use crate::exit;

/// The API's fields by the flags that set them, so its errors name flags.
const FLAGS: &[(&str, &str)] = &[("expires_at", "--expires-at"), ("name", "--name")];

pub async fn run(ctx: Ctx, args: CreateArgs) -> anyhow::Result<()> {
    // Checked before the call: a secret neither saved nor shown is lost.
    if !args.save && !args.show_secret {
        return Err(exit::usage(
            "the new secret is shown only once: pass --save to store it in the profile, --show-secret to print it, or both",
        ));
    }
    let (app_id, path) = args.app.path(&ctx)?;
    if args.save {
        super::check_can_adopt(&ctx)?;
    }
    let s = Session::open_with(ctx, Cred::Bearer, FLAGS).await?;
    let (key, secret) = super::mint(&s, &path, &CreateApiKey { expires_at: args.expires_at, name: args.name }).await?;
    let mut ctx = s.ctx;
    if args.save {
        super::adopt(&mut ctx, &app_id, &key, &secret)?;
        crate::say!("Created key {} and stored it as the API key of profile {}.", key.api_key_id, ctx.profile);
    } else {
        crate::say!("Created key {}. Keep the secret now: it cannot be read again.", key.api_key_id);
    }
    super::print_created(&ctx, &key, args.show_secret)
}
