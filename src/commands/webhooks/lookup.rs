//! Deliveries found by what they are, not by their endpoint: the API lists
//! deliveries per endpoint only, so these read each of the application's
//! endpoints' deliveries, newest first, down to the first one older than
//! what is sought. Ids grow with time (a delivery's is newer than its
//! event's), so a recent delivery costs one page per endpoint.

use payctl_wire::page::Page;
use payctl_wire::webhooks::{Delivery, WebhookEndpoint};

use crate::cli::ListArgs;
use crate::commands::apps::segment;
use crate::commands::resource::Session;

/// Deliveries `wanted` picks among those no older than `since` (an id:
/// the delivery itself, or the event it delivers), per endpoint newest first.
pub async fn deliveries(s: &Session, since: &str, wanted: impl Fn(&Delivery) -> bool) -> anyhow::Result<Vec<Delivery>> {
    let floor = time_part(since);
    let endpoints = s.client.list::<WebhookEndpoint>("/v1/webhooks", &s.auth, &ListArgs::every()).await?;
    let mut found = Vec::new();
    for endpoint in endpoints.data {
        let path = format!("/v1/webhooks/{}/deliveries", segment(&endpoint.id)?);
        let mut cursor = None;
        'pages: loop {
            let paging = ListArgs { limit: payctl_wire::page::MAX_LIMIT, cursor, all: false };
            let page: Page<Delivery> = s.client.list(&path, &s.auth, &paging).await?;
            for delivery in page.data {
                if floor.as_ref().is_some_and(|floor| time_part(&delivery.id).is_some_and(|at| at < *floor)) {
                    break 'pages;
                }
                if wanted(&delivery) {
                    found.push(delivery);
                }
            }
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => break,
            }
        }
    }
    Ok(found)
}

/// The UUIDv7 of a public id (`dlv_0193…`, `evt_0193…`) in its compact
/// form, which sorts by creation time; `None` for anything else.
fn time_part(id: &str) -> Option<String> {
    let raw = id.rsplit_once('_').map_or(id, |(_, rest)| rest);
    let compact: String = raw.chars().filter(|c| *c != '-').collect::<String>().to_ascii_lowercase();
    (compact.len() == 32 && compact.bytes().all(|b| b.is_ascii_hexdigit())).then_some(compact)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_any_kind_compare_by_creation() {
        let event = time_part("evt_01938a4e7c1a7b329a5e0c7d3f1e2a4b").unwrap();
        let delivery = time_part("dlv_01938a4e7c1b7b329a5e0c7d3f1e2a4b").unwrap();
        assert!(event < delivery);
        assert_eq!(time_part("01938A4E-7C1A-7B32-9A5E-0C7D3F1E2A4B").unwrap(), event);
        assert_eq!(time_part("nonsense"), None);
    }
}
