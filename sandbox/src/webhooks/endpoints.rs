//! Registering and changing webhook endpoints: at most [`MAX_ENDPOINTS`]
//! per application (409 `WEBHOOK_LIMIT`), a fresh signing secret minted
//! for each registration and rotation and sealed before it is stored (shown
//! once, in the answer), and changes kept to the rules of registration.
//! What a request may hold is checked where it is parsed (`check_url`,
//! `check_events`, `check_status`).

use payctl_domain::time::Timestamp;
use payctl_wire::error::ErrorCode;
use payctl_wire::events::EventType;
use payctl_wire::webhooks::{WebhookEndpoint, WebhookStatus, WebhookWithSecret};

use super::{MAX_ENDPOINTS, hint, new_secret, seal};
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::secrets::MasterKey;
use crate::store::{self, webhooks::NewEndpoint};

/// A registration with its fields checked.
pub struct NewWebhook {
    pub url: String,
    /// Trimmed; `None` when absent or empty.
    pub description: Option<String>,
    pub events: Vec<EventType>,
}

/// A change with its fields checked: `None` leaves a field as it is.
pub struct WebhookChange {
    pub url: Option<String>,
    /// `Some(None)` clears the description.
    pub description: Option<Option<String>>,
    pub events: Option<Vec<EventType>>,
    pub status: Option<WebhookStatus>,
}

/// Registers an endpoint of application `app`, with its secret shown once.
pub fn register(
    conn: &Conn<'_>,
    master: &MasterKey,
    app: i64,
    new: &NewWebhook,
    now: Timestamp,
) -> Result<WebhookWithSecret, ApiError> {
    if store::webhooks::count(conn, app)? >= MAX_ENDPOINTS {
        return Err(ApiError::conflict(
            ErrorCode::WebhookLimit,
            format!("an application may have at most {MAX_ENDPOINTS} webhook endpoints; delete one first"),
        ));
    }
    let public_id = crate::ids::prefixed("wh");
    let secret = new_secret();
    let new = NewEndpoint {
        public_id: &public_id,
        url: &new.url,
        description: new.description.as_deref(),
        events: &new.events,
        sealed: seal(master, &public_id, &secret),
        hint: &hint(&secret),
    };
    let endpoint = store::webhooks::insert(conn, app, new, now)?;
    Ok(WebhookWithSecret { endpoint, secret: Some(secret) })
}

/// Replaces the endpoint's secret; the old one signs nothing from now on.
pub fn rotate(
    conn: &Conn<'_>,
    master: &MasterKey,
    app: i64,
    id: &str,
    now: Timestamp,
) -> Result<WebhookWithSecret, ApiError> {
    let (internal_id, _) = store::owned::<WebhookEndpoint>(conn, app, id)?;
    let secret = new_secret();
    store::webhooks::set_secret(conn, internal_id, &seal(master, id, &secret), &hint(&secret), now)?;
    let endpoint = store::owned::<WebhookEndpoint>(conn, app, id)?.1;
    Ok(WebhookWithSecret { endpoint, secret: Some(secret) })
}

/// Applies `change` to the endpoint and answers it as it now is.
pub fn change(
    conn: &Conn<'_>,
    app: i64,
    id: &str,
    change: WebhookChange,
    now: Timestamp,
) -> Result<WebhookEndpoint, ApiError> {
    let (internal_id, mut endpoint) = store::owned::<WebhookEndpoint>(conn, app, id)?;
    let WebhookChange { url, description, events, status } = change;
    endpoint.url = url.unwrap_or(endpoint.url);
    endpoint.description = description.unwrap_or(endpoint.description);
    endpoint.events = events.unwrap_or(endpoint.events);
    endpoint.status = status.unwrap_or(endpoint.status);
    store::webhooks::update(conn, internal_id, &endpoint, now)?;
    Ok(store::owned::<WebhookEndpoint>(conn, app, id)?.1)
}
