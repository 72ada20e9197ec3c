//! The endpoint `payctl listen` receives on, one per profile, kept across
//! runs with its signing secret, as `stripe listen` keeps one: an app
//! configured with the secret once keeps verifying what every later run
//! forwards. The endpoint's id is in the profile (`listen_webhook_id`),
//! its secret in the profile's secret store.
//!
//! A run points the kept endpoint at its own address and enables it; on
//! the way out it disables it, so no delivery is queued for a receiver that
//! is gone. An endpoint deleted since, or of another application, is
//! replaced by a new one; a secret rotated since (`webhooks rotate-secret`)
//! is rotated again here so the kept one is the one that signs.

use payctl_wire::webhooks::{CreateWebhook, UpdateWebhook, WebhookEndpoint, WebhookWithSecret};
use reqwest::Method;

use crate::commands::apps::segment;
use crate::commands::resource::Session;
use crate::credentials::Secret;
use crate::exit;

/// The profile's listen endpoint and the secret that signs its deliveries.
pub struct Kept {
    pub endpoint: WebhookEndpoint,
    pub secret: String,
    /// Whether it was made by this run (not kept from an earlier one).
    pub new: bool,
}

const DESCRIPTION: &str = "payctl listen";

/// The kept endpoint, pointed at `url` for `events` and enabled or not;
/// a new one (then kept) when there is none to reuse.
pub async fn take(s: &mut Session, url: &str, events: Vec<String>, enabled: bool) -> anyhow::Result<Kept> {
    let store = s.ctx.store()?;
    let profile = s.ctx.profile.clone();
    let kept_id = s.ctx.profile().listen_webhook_id;
    let kept_secret = store.get(&profile, Secret::ListenSigning)?;
    if let (Some(id), Some(secret)) = (kept_id, kept_secret)
        && let Ok(found) =
            s.call::<WebhookEndpoint>(Method::GET, &format!("/v1/webhooks/{}", segment(&id)?), None).await
    {
        let change = UpdateWebhook {
            url: Some(url.to_owned()),
            description: None,
            events: Some(events),
            status: Some(if enabled { "enabled" } else { "disabled" }.to_owned()),
        };
        let path = format!("/v1/webhooks/{}", segment(&found.id)?);
        let endpoint: WebhookEndpoint = s.call(Method::PATCH, &path, Some(&serde_json::to_value(change)?)).await?;
        let last_four: String = secret.chars().rev().take(4).collect();
        if endpoint.masked_secret.chars().rev().take(4).collect::<String>() == last_four {
            return Ok(Kept { endpoint, secret, new: false });
        }
        // Rotated elsewhere since: the kept secret signs nothing any more.
        let rotated: WebhookWithSecret = s.call(Method::POST, &format!("{path}/secret/rotate"), None).await?;
        let secret = keep(s, &rotated)?;
        return Ok(Kept { endpoint: rotated.endpoint, secret, new: false });
    }
    // Checked before the secret is minted: it is shown once.
    store.check_writable(&profile)?;
    let body = CreateWebhook { url: url.to_owned(), description: Some(DESCRIPTION.to_owned()), events };
    let created: WebhookWithSecret = s.call(Method::POST, "/v1/webhooks", Some(&serde_json::to_value(body)?)).await?;
    let secret = keep(s, &created)?;
    let mut endpoint = created.endpoint;
    if !enabled {
        endpoint = disable(s, &endpoint.id).await?;
    }
    Ok(Kept { endpoint, secret, new: true })
}

/// Stores the endpoint and its secret as the profile's.
fn keep(s: &mut Session, answer: &WebhookWithSecret) -> anyhow::Result<String> {
    let remedy = "run `payctl listen` again";
    let secret = crate::commands::secret::one_time(answer.secret.as_deref(), "secret", remedy)?.to_owned();
    let store = s.ctx.store()?;
    store.set(&s.ctx.profile.clone(), Secret::ListenSigning, &secret)?;
    let profile = s.ctx.profile_mut();
    profile.listen_webhook_id = Some(answer.endpoint.id.clone());
    profile.credential_store = Some(store.kind());
    s.ctx.save()?;
    Ok(secret)
}

/// Stops deliveries to the endpoint until the next run enables it.
pub async fn disable(s: &Session, id: &str) -> anyhow::Result<WebhookEndpoint> {
    let change = UpdateWebhook { url: None, description: None, events: None, status: Some("disabled".to_owned()) };
    s.call(Method::PATCH, &format!("/v1/webhooks/{}", segment(id)?), Some(&serde_json::to_value(change)?))
        .await
        .map_err(|e| {
            let hint = exit::code_for(&e);
            exit::Exit {
                code: hint,
                message: format!(
                    "could not disable webhook endpoint {id}, which goes on receiving deliveries; run \
                     `payctl webhooks update {id} --disable`: {e:#}"
                ),
            }
            .into()
        })
}
