//! API keys: only the SHA-256 of a secret is stored (spec 5.3).

use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{self, Conn, OptionalExtension, Row};
use crate::error::ApiError;
use crate::ids;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;
use crate::store::{NotFound, Owned, sql_text};
use payctl_wire::applications::{ApiKey, ApplicationStatus, CreatedApiKey, Environment, KeyStatus};
use payctl_wire::error::ErrorCode;
use payctl_wire::page::Page;

/// A freshly minted secret.
pub struct NewSecret {
    pub secret: String,
    pub prefix: String,
    pub hash: [u8; 32],
}

/// Who a key speaks for.
#[derive(Debug)]
pub struct KeyIdentity {
    pub key_id: i64,
    pub key_public_id: String,
    pub application_id: i64,
    pub application_public_id: String,
    pub partner_id: i64,
    pub environment: Environment,
}

/// A key as stored, to (re)build the index.
pub struct StoredKey {
    pub prefix: String,
    pub hash: [u8; 32],
    pub expires_at: Option<Timestamp>,
    pub application_active: bool,
    pub identity: KeyIdentity,
}

pub struct KeyApplication {
    pub id: i64,
    pub public_id: String,
    pub partner_id: i64,
    pub environment: Environment,
    pub active: bool,
}

/// The application of public id `public_id`, as a key is minted for it,
/// with its partner's public id.
pub fn application(conn: &Conn<'_>, public_id: &str) -> Result<(KeyApplication, String), ApiError> {
    Ok(conn.query_row_cached(
        "SELECT a.id, a.partner_id, p.public_id, a.environment, a.status
         FROM applications a JOIN partners p ON p.id = a.partner_id WHERE a.public_id = ?1",
        [public_id],
        |r| {
            let app = KeyApplication {
                id: r.get(0)?,
                public_id: public_id.to_owned(),
                partner_id: r.get(1)?,
                environment: r.get(3)?,
                active: r.get::<_, ApplicationStatus>(4)? == ApplicationStatus::Active,
            };
            Ok((app, r.get(2)?))
        },
    )?)
}

/// Stores a new key and returns the one-time creation answer and the entry
/// for the in-memory index.
pub fn insert(
    conn: &Conn<'_>,
    app: &KeyApplication,
    secret: NewSecret,
    name: Option<&str>,
    expires_at: Option<Timestamp>,
    now: Timestamp,
) -> Result<(CreatedApiKey, StoredKey), ApiError> {
    let public_id = ids::uuid();
    let key_id = conn.insert(
        "INSERT INTO api_keys (public_id, application_id, prefix, secret_hash, name, expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            public_id,
            app.id,
            secret.prefix,
            secret.hash.as_slice(),
            name,
            expires_at.map(|t| t.millis()),
            now.millis()
        ],
    )?;
    let created = CreatedApiKey {
        api_key_id: public_id.clone(),
        prefix: secret.prefix.clone(),
        key_type: app.environment,
        expires_at: expires_at.map(|t| t.to_rfc3339()),
        created_at: now.to_rfc3339(),
        name: name.map(str::to_owned),
        client_secret: Some(secret.secret),
    };
    let stored = StoredKey {
        prefix: secret.prefix,
        hash: secret.hash,
        expires_at,
        application_active: app.active,
        identity: KeyIdentity {
            key_id,
            key_public_id: public_id,
            application_id: app.id,
            application_public_id: app.public_id.clone(),
            partner_id: app.partner_id,
            environment: app.environment,
        },
    };
    Ok((created, stored))
}

const SELECT: &str = "SELECT id, public_id, prefix, name, expires_at, created_at, revoked_at FROM api_keys";

fn from_row(r: &sql::Row<'_>, environment: Environment, now: Timestamp) -> rusqlite::Result<(i64, ApiKey)> {
    let expires_at: Option<i64> = r.get(4)?;
    let revoked_at: Option<i64> = r.get(6)?;
    let status = if revoked_at.is_some() {
        KeyStatus::Revoked
    } else if expires_at.is_some_and(|e| e <= now.millis()) {
        KeyStatus::Expired
    } else {
        KeyStatus::Active
    };
    Ok((
        r.get(0)?,
        ApiKey {
            api_key_id: r.get(1)?,
            prefix: r.get(2)?,
            key_type: environment,
            status,
            name: r.get(3)?,
            expires_at: super::iso(expires_at),
            created_at: super::iso_at(r.get(5)?),
            revoked_at: super::iso(revoked_at),
        },
    ))
}

pub fn list(
    conn: &Conn<'_>,
    application_id: i64,
    environment: Environment,
    page: &PageRequest,
    now: Timestamp,
) -> Result<Page<ApiKey>, ApiError> {
    static LIST: Listing<1> = Listing::new(&[SELECT, " WHERE application_id = ?1"], "public_id");
    LIST.page(conn, [&application_id], page, |r| from_row(r, environment, now).map(|(_, k)| k), |k| &k.api_key_id)
}

pub fn find(
    conn: &Conn<'_>,
    application_id: i64,
    environment: Environment,
    public_id: &str,
    now: Timestamp,
) -> Result<Option<(i64, ApiKey)>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE application_id = ?1 AND public_id = ?2");
    Ok(conn.query_row_cached(sql, params![application_id, public_id], |r| from_row(r, environment, now)).optional()?)
}

/// Keys are an application's; the scope also names the application's environment and the moment the key's status is read at.
impl Owned for ApiKey {
    type Scope = (i64, Environment, Timestamp);
    type Found = (i64, ApiKey);
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "API key" };

    fn find(
        conn: &Conn<'_>,
        scope: (i64, Environment, Timestamp),
        id: &str,
    ) -> Result<Option<(i64, ApiKey)>, ApiError> {
        let (application_id, environment, now) = scope;
        find(conn, application_id, environment, id, now)
    }
}

pub fn revoke(conn: &Conn<'_>, key_id: i64, now: Timestamp) -> sql::Result<bool> {
    Ok(conn.execute_cached(
        "UPDATE api_keys SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL",
        params![key_id, now.millis()],
    )? == 1)
}

/// The columns [`stored_key`] reads, from `api_keys k JOIN applications a`.
const STORED_KEY: &str = "k.id, k.public_id, k.prefix, k.secret_hash, k.expires_at,
                a.id, a.public_id, a.partner_id, a.environment, a.status, a.clock_offset_millis";

fn stored_key(r: &Row<'_>) -> rusqlite::Result<StoredKey> {
    let hash: Vec<u8> = r.get(3)?;
    let environment: String = r.get(8)?;
    let status: ApplicationStatus = r.get(9)?;
    Ok(StoredKey {
        prefix: r.get(2)?,
        hash: hash.as_slice().try_into().unwrap_or([0; 32]),
        expires_at: r.get::<_, Option<i64>>(4)?.map(Timestamp::from_millis),
        application_active: status == ApplicationStatus::Active,
        identity: KeyIdentity {
            key_id: r.get(0)?,
            key_public_id: r.get(1)?,
            application_id: r.get(5)?,
            application_public_id: r.get(6)?,
            partner_id: r.get(7)?,
            environment: Environment::parse(&environment).unwrap_or(Environment::Test),
        },
    })
}

/// Every unrevoked key, to build the authentication index at start.
pub fn all_usable(conn: &Conn<'_>) -> sql::Result<Vec<StoredKey>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {STORED_KEY} FROM api_keys k JOIN applications a ON a.id = k.application_id
         WHERE k.revoked_at IS NULL"
    ))?;
    let rows = stmt.query_map([], stored_key)?;
    rows.collect()
}

/// The unrevoked key whose secret hashes to `hash`, with its application's
/// own clock offset: how a process that shares its database authenticates.
pub fn usable_by_hash(conn: &Conn<'_>, hash: &[u8; 32]) -> sql::Result<Option<(StoredKey, i64)>> {
    conn.query_row_cached(
        &format!(
            "SELECT {STORED_KEY} FROM api_keys k JOIN applications a ON a.id = k.application_id
             WHERE k.secret_hash = ?1 AND k.revoked_at IS NULL"
        ),
        [hash.as_slice()],
        |r| Ok((stored_key(r)?, r.get(10)?)),
    )
    .optional()
}
