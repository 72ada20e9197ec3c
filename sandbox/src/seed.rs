//! Demo data, so a fresh sandbox is usable at once.
//!
//! The first start of an empty database creates a dashboard user, its
//! partner, one TEST and one LIVE application, and a key for each. Key
//! secrets are stored only as hashes, so a later start cannot show the old
//! ones again: every start mints a fresh key for each seeded application
//! (older keys stay valid until revoked) and prints the new secrets.

use payctl_domain::time::Timestamp;
use payctl_wire::applications::Environment;
use payctl_wire::auth::PartnerStatus;

use crate::auth::api_keys::{self, StoredKey};
use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::store::{self, partners::NewPartner, settings};

pub const DEMO_USERNAME: &str = "demo@payctl.local";
pub const DEMO_PASSWORD: &str = "payctl-demo-password";
/// Argon2id of [`DEMO_PASSWORD`] with the default parameters and a fixed
/// salt. The password is published, so a fixed salt hides nothing, and
/// shipping the hash spares every fresh sandbox a deliberately slow hash
/// (and its 19 MiB of working memory) at start-up. It also serves as the
/// hash an unknown username is checked against, so such logins cost as
/// much as real ones.
pub const DEMO_PASSWORD_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$cGF5Y3RsLWRlbW8tc2FsdA$9DfE+0QhDIWgc2n8H5bedzSAyleKG/scVnBUgE9/wdE";
pub const DEMO_PARTNER_NAME: &str = "Demo Partner";
pub const DEMO_PARTNER_EMAIL: &str = "partner@payctl.local";

pub struct Seeded {
    pub partner_id: String,
    pub test_application_id: String,
    pub test_api_key: String,
    pub live_application_id: String,
    pub live_api_key: String,
    /// Whether this start seeded the database (it found it empty).
    pub created: bool,
}

/// Seeds an empty database, then mints this start's keys. The demo user's
/// password is set at every start (a start that made it random must not
/// leave it so for the next).
pub fn seed(tx: &Conn<'_>, demo_password_hash: &str, now: Timestamp) -> Result<Seeded, ApiError> {
    let created = settings::get(tx, settings::SEED_USER)?.is_none();
    if !created {
        store::users::set_password_hash(tx, DEMO_USERNAME, demo_password_hash)?;
    } else {
        let user = store::users::insert(tx, DEMO_USERNAME, demo_password_hash, now)?;
        let (partner_id, _) = store::partners::insert(
            tx,
            &NewPartner {
                name: DEMO_PARTNER_NAME,
                email: DEMO_PARTNER_EMAIL,
                business_type: Some("fintech"),
                parent_id: None,
                status: PartnerStatus::Active,
            },
            now,
        )?;
        let (user_id, _, _) =
            store::users::credentials(tx, DEMO_USERNAME)?.ok_or_else(|| ApiError::internal("seed user missing"))?;
        store::users::set_partner(tx, user_id, partner_id)?;
        let (_, test) = store::applications::insert(tx, partner_id, "Demo TEST application", Environment::Test, now)?;
        let (_, live) = store::applications::insert(tx, partner_id, "Demo LIVE application", Environment::Live, now)?;
        settings::set(tx, settings::SEED_USER, &user.id)?;
        settings::set(tx, settings::SEED_TEST_APPLICATION, &test.id)?;
        settings::set(tx, settings::SEED_LIVE_APPLICATION, &live.id)?;
    }
    let test_id = settings::get(tx, settings::SEED_TEST_APPLICATION)?.unwrap_or_default();
    let live_id = settings::get(tx, settings::SEED_LIVE_APPLICATION)?.unwrap_or_default();
    let (test_app, test_key) = mint_key(tx, &test_id, now)?;
    let (_, live_key) = mint_key(tx, &live_id, now)?;
    Ok(Seeded {
        partner_id: test_app.partner_public_id.clone(),
        test_application_id: test_id,
        test_api_key: test_key.0,
        live_application_id: live_id,
        live_api_key: live_key.0,
        created,
    })
}

struct SeedApp {
    partner_public_id: String,
}

fn mint_key(
    tx: &Conn<'_>,
    application_public_id: &str,
    now: Timestamp,
) -> Result<(SeedApp, (String, StoredKey)), ApiError> {
    let (app, partner_public_id) = store::api_keys::application(tx, application_public_id)?;
    let (created, stored) =
        store::api_keys::insert(tx, &app, api_keys::mint(app.environment), Some("sandbox start"), None, now)?;
    Ok((SeedApp { partner_public_id }, (created.client_secret.unwrap_or_default(), stored)))
}

#[cfg(test)]
mod tests {
    use argon2::password_hash::PasswordHash;

    use super::*;
    use crate::auth::password;

    #[test]
    fn the_shipped_demo_hash_matches_the_password_and_the_default_cost() {
        assert!(password::verify(DEMO_PASSWORD, DEMO_PASSWORD_HASH));
        assert!(!password::verify("another password", DEMO_PASSWORD_HASH));
        let shipped = PasswordHash::new(DEMO_PASSWORD_HASH).unwrap();
        let fresh_hash = password::hash("x").unwrap();
        let fresh = PasswordHash::new(&fresh_hash).unwrap();
        assert_eq!((shipped.algorithm, shipped.version), (fresh.algorithm, fresh.version));
        assert_eq!(shipped.params, fresh.params, "an unknown user must cost what a real one does");
    }
}
