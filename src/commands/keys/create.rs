//! `payctl keys create`: `POST /v1/applications/{id}/keys`.

use payctl_wire::applications::{CreateApiKey, CreatedApiKey};

use super::CreateArgs;
use crate::commands::session::bearer;
use crate::context::Ctx;
use crate::exit;

pub async fn run(mut ctx: Ctx, args: CreateArgs) -> anyhow::Result<()> {
    // Checked before the call: a secret neither saved nor shown is lost.
    if !args.save && !args.show_secret {
        return Err(exit::usage(
            "the new secret is shown only once: pass --save to store it in the profile, --show-secret to print it, or both",
        ));
    }
    let (app_id, path) = args.app.path(&ctx)?;
    let client = ctx.client()?;
    let auth = bearer(&ctx, &client).await?;
    let body = CreateApiKey { expires_at: args.expires_at, name: args.name };
    let key: CreatedApiKey = client.post(&format!("{path}/keys"), &auth, &body).await?;
    if args.save {
        super::adopt(&mut ctx, &app_id, &key)?;
        eprintln!("Created key {} and stored it as the API key of profile {}.", key.api_key_id, ctx.profile);
    } else {
        eprintln!("Created key {}. Keep the secret now: it cannot be read again.", key.api_key_id);
    }
    super::print_created(&ctx, &key, args.show_secret)
}
