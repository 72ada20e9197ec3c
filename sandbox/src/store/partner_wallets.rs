//! Partner wallets: one address per (partner, network, role) (spec 2.14).

use payctl_domain::time::Timestamp;
use rusqlite::params;

use crate::db::sql::{Conn, OptionalExtension, Row};
use crate::error::ApiError;
use crate::ids;
use crate::store::sql_text;
use payctl_wire::schema::Network;
use payctl_wire::wallets::{PartnerWallet, WalletRole};

const SELECT: &str = "SELECT public_id, network, wallet_role, address, created_at, updated_at FROM partner_wallets WHERE partner_id = ?1";

fn from_row(r: &Row<'_>) -> rusqlite::Result<PartnerWallet> {
    Ok(PartnerWallet {
        id: r.get(0)?,
        network: r.get(1)?,
        wallet_role: r.get(2)?,
        address: r.get(3)?,
        created_at: super::iso_at(r.get(4)?),
        updated_at: super::iso_at(r.get(5)?),
    })
}

/// Every wallet of the partner, by network then role.
pub fn list(conn: &Conn<'_>, partner_id: i64) -> Result<Vec<PartnerWallet>, ApiError> {
    let mut stmt = conn.prepare_cached(sql_text!("{SELECT} ORDER BY network, wallet_role"))?;
    Ok(stmt.query_map([partner_id], from_row)?.collect::<Result<Vec<_>, _>>()?)
}

fn find(
    conn: &Conn<'_>,
    partner_id: i64,
    network: Network,
    role: WalletRole,
) -> Result<Option<PartnerWallet>, ApiError> {
    let sql = sql_text!("{SELECT} AND network = ?2 AND wallet_role = ?3");
    Ok(conn.query_row_cached(sql, params![partner_id, network, role], from_row).optional()?)
}

/// Inserts or replaces the address of the wallet keyed by network and role.
/// `updated_at` moves only when the address really changes, so repeating a
/// PUT leaves the record exactly as it was. Returns whether it was created.
pub fn upsert(
    conn: &Conn<'_>,
    partner_id: i64,
    network: Network,
    role: WalletRole,
    address: &str,
    now: Timestamp,
) -> Result<(bool, PartnerWallet), ApiError> {
    let created = match find(conn, partner_id, network, role)? {
        Some(existing) if existing.address == address => return Ok((false, existing)),
        Some(_) => {
            conn.execute_cached(
                "UPDATE partner_wallets SET address = ?4, updated_at = ?5
                 WHERE partner_id = ?1 AND network = ?2 AND wallet_role = ?3",
                params![partner_id, network, role, address, now.millis()],
            )?;
            false
        }
        None => {
            conn.execute_cached(
                "INSERT INTO partner_wallets
                     (public_id, partner_id, network, wallet_role, address, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
                params![ids::uuid(), partner_id, network, role, address, now.millis()],
            )?;
            true
        }
    };
    let wallet = find(conn, partner_id, network, role)?
        .ok_or_else(|| ApiError::internal("partner wallet vanished after upsert"))?;
    Ok((created, wallet))
}
