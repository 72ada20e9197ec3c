//! The double-entry ledger every movement of value goes through.
//!
//! A movement is an entry of postings that sums to zero per asset: value
//! leaves one account exactly as it arrives in others, so the ledger as a
//! whole always balances. Balances are kept on the account rows, updated in
//! the same transaction as the postings (so reading a balance is one row),
//! and a test checks them against the sum of postings. No account but the
//! `external` one (the world outside the ledger) may go below zero: the
//! database refuses it, and [`post`] answers 422 `INSUFFICIENT_FUNDS` first.
//!
//! Each application has, per asset and created on first use:
//! - a `float` account: the partner's prefunded balance, funded from
//!   `external` with [`PREFUND_UNITS`] whole units when it is created;
//! - an `external` account (may be negative: it mirrors what entered and
//!   left the ledger);
//! - a `fees` account collecting platform fees;
//! - an `in_flight` account holding what unfinished flows have taken in:
//!   a flow moves value there first and out of it when it ends, so a flow
//!   that fails is undone by [`reverse`], whose only debits are `in_flight`
//!   (which holds at least that flow's share) and `external`: a refund can
//!   always be posted;
//!
//! and each customer an account per asset it has held.

use payctl_domain::asset;
use payctl_domain::money::MinorUnit;
use payctl_domain::time::Timestamp;
use payctl_wire::accounts::AccountPurpose;
use payctl_wire::error::ErrorCode;

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::ids;
use crate::store;

pub use crate::store::ledger::Owner;

/// Whole units of every asset a new float account starts with.
pub const PREFUND_UNITS: u64 = 10_000_000;

/// The internal id of an application's account for `owner` and `asset`,
/// created (and for a float, prefunded) on first use.
pub fn account(
    conn: &Conn<'_>,
    application_id: i64,
    owner: Owner,
    asset_code: &str,
    now: Timestamp,
) -> Result<i64, ApiError> {
    let found = store::ledger::find_account(conn, application_id, owner, asset_code)?;
    if let Some(id) = found {
        return Ok(id);
    }
    let id = store::ledger::insert_account(conn, application_id, owner, asset_code, now)?;
    if owner == Owner::Float {
        let decimals = asset::asset(asset_code)
            .ok_or_else(|| ApiError::internal(format!("no asset {asset_code} in the asset table")))?
            .decimals;
        let amount = PREFUND_UNITS
            .checked_mul(10u64.pow(decimals))
            .and_then(|a| MinorUnit::from_u64(a).ok())
            .ok_or_else(|| ApiError::internal("prefund amount overflows"))?;
        let external = account(conn, application_id, Owner::External, asset_code, now)?;
        post(
            conn,
            application_id,
            "prefund",
            ("account", &store::ledger::public_id(conn, id)?),
            &[
                Leg { account_id: external, asset: asset_code, amount: -amount },
                Leg { account_id: id, asset: asset_code, amount },
            ],
            now,
        )?;
    }
    Ok(id)
}

/// An account's balance.
pub fn balance(conn: &Conn<'_>, account_id: i64) -> Result<MinorUnit, ApiError> {
    Ok(store::ledger::balance(conn, account_id)?)
}

/// One posting of an entry: a signed amount on one account.
#[derive(Debug, Clone, Copy)]
pub struct Leg<'a> {
    pub account_id: i64,
    pub asset: &'a str,
    pub amount: MinorUnit,
}

/// Records one balanced entry and updates the balances it touches.
/// `reference` names what caused it, e.g. `("transaction", "<id>")`.
/// Fails without writing anything if the legs do not sum to zero per asset,
/// if an account belongs to another application or holds another asset,
/// or if a balance other than `external` would go below zero.
pub fn post(
    conn: &Conn<'_>,
    application_id: i64,
    kind: &str,
    reference: (&str, &str),
    legs: &[Leg<'_>],
    now: Timestamp,
) -> Result<String, ApiError> {
    check_balanced(legs)?;
    // Legs on one account (a float paid and charged in one entry) count as
    // their sum, so the overdraft check sees what the entry really does.
    let mut merged: Vec<Leg<'_>> = Vec::with_capacity(legs.len());
    for leg in legs {
        match merged.iter_mut().find(|m| m.account_id == leg.account_id) {
            Some(m) => m.amount = m.amount.checked_add(leg.amount).map_err(|_| ApiError::internal("leg overflow"))?,
            None => merged.push(*leg),
        }
    }
    let legs = merged.as_slice();
    for leg in legs {
        let store::ledger::Holder { application_id: owner_app, asset: asset_code, purpose, balance } =
            store::ledger::holder(conn, leg.account_id)?;
        if owner_app != application_id || asset_code != leg.asset {
            return Err(ApiError::internal("ledger leg names an account of another application or asset"));
        }
        let after = balance.checked_add(leg.amount.get()).ok_or_else(|| ApiError::internal("balance overflow"))?;
        if after < 0 && purpose != AccountPurpose::External {
            return Err(ApiError::new(
                ErrorCode::InsufficientFunds,
                format!(
                    "insufficient funds: the {purpose} account in {asset_code} holds {}; this needs {}",
                    MinorUnit::new(balance).describe(&asset_code),
                    MinorUnit::new(leg.amount.get().saturating_neg()).describe(&asset_code)
                ),
            ));
        }
    }
    let public_id = ids::prefixed("le");
    let entry_id = store::ledger::insert_entry(conn, &public_id, application_id, kind, reference, now)?;
    for leg in legs.iter().filter(|l| l.amount != MinorUnit::ZERO) {
        store::ledger::insert_posting(conn, entry_id, leg.account_id, leg.asset, leg.amount, now)?;
    }
    Ok(public_id)
}

/// Undoes every posting made for `reference` with one entry of `kind`: each
/// account gets back exactly what the reference's entries moved. Nothing to
/// undo posts nothing. Returns whether an entry was posted.
pub fn reverse(
    conn: &Conn<'_>,
    application_id: i64,
    kind: &str,
    reference: (&str, &str),
    now: Timestamp,
) -> Result<bool, ApiError> {
    let net = store::ledger::net_of_reference(conn, application_id, reference)?;
    if net.is_empty() {
        return Ok(false);
    }
    let mut legs = Vec::with_capacity(net.len());
    for (account_id, asset, amount) in &net {
        let amount = amount.checked_neg().map_err(|_| ApiError::internal("reversal overflow"))?;
        legs.push(Leg { account_id: *account_id, asset: asset.as_str(), amount });
    }
    post(conn, application_id, kind, reference, &legs, now)?;
    Ok(true)
}

fn check_balanced(legs: &[Leg<'_>]) -> Result<(), ApiError> {
    let mut sums: Vec<(&str, i128)> = Vec::new();
    for leg in legs {
        match sums.iter_mut().find(|(a, _)| *a == leg.asset) {
            Some((_, sum)) => *sum += i128::from(leg.amount.get()),
            None => sums.push((leg.asset, i128::from(leg.amount.get()))),
        }
    }
    if legs.len() < 2 || sums.iter().any(|(_, s)| *s != 0) {
        return Err(ApiError::internal("ledger entry does not balance"));
    }
    Ok(())
}

/// Whether every entry balances per asset and every balance equals the sum
/// of its postings: the invariant tests and the resilience suite check.
pub fn verify(conn: &Conn<'_>) -> Result<(), String> {
    let (unbalanced, drifted, negative) = store::ledger::faults(conn).map_err(|e| e.to_string())?;
    if unbalanced > 0 {
        return Err(format!("{unbalanced} entries do not balance"));
    }
    if drifted > 0 {
        return Err(format!("{drifted} balances differ from their postings"));
    }
    if negative > 0 {
        return Err(format!("{negative} accounts are below zero"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{Db, Storage};

    fn balance(conn: &Conn<'_>, id: i64) -> i64 {
        conn.query_row_cached("SELECT balance_minor FROM accounts WHERE id = ?1", [id], |r| r.get(0)).unwrap()
    }

    /// Moves `amount_minor` of one asset from one account to another.
    #[allow(clippy::too_many_arguments)]
    fn transfer(
        conn: &Conn<'_>,
        application_id: i64,
        kind: &str,
        reference: (&str, &str),
        asset_code: &str,
        from: i64,
        to: i64,
        amount: MinorUnit,
        now: Timestamp,
    ) -> Result<String, ApiError> {
        post(
            conn,
            application_id,
            kind,
            reference,
            &[
                Leg { account_id: from, asset: asset_code, amount: -amount },
                Leg { account_id: to, asset: asset_code, amount },
            ],
            now,
        )
    }

    #[tokio::test]
    async fn float_is_prefunded_from_external_and_ledger_balances() {
        let (db, _t) = Db::open(&Storage::Memory).unwrap();
        let app = crate::store::applications::bare(&db).await;
        let now = Timestamp::from_millis(0);
        db.write(move |tx| {
            let tx: &Conn<'_> = tx;
            let float = account(tx, app, Owner::Float, "AED", now)?;
            assert_eq!(account(tx, app, Owner::Float, "AED", now)?, float, "created once");
            assert_eq!(balance(tx, float), 1_000_000_000);
            let usdc = account(tx, app, Owner::Float, "USDC", now)?;
            assert_eq!(balance(tx, usdc), 10_000_000_000_000);
            let external = account(tx, app, Owner::External, "AED", now)?;
            assert_eq!(balance(tx, external), -1_000_000_000);
            verify(tx).map_err(ApiError::internal)?;
            Ok(())
        })
        .await
        .unwrap();
    }

    #[tokio::test]
    async fn overdrafts_and_unbalanced_entries_are_refused_without_writing() {
        let (db, _t) = Db::open(&Storage::Memory).unwrap();
        let app = crate::store::applications::bare(&db).await;
        let now = Timestamp::from_millis(0);
        let result = db
            .write(move |tx| {
                let tx: &Conn<'_> = tx;
                let fees = account(tx, app, Owner::Fees, "EUR", now)?;
                let float = account(tx, app, Owner::Float, "EUR", now)?;
                let e = transfer(tx, app, "test", ("t", "1"), "EUR", fees, float, MinorUnit::new(1), now).unwrap_err();
                assert_eq!(e.code, ErrorCode::InsufficientFunds);
                let e = post(
                    tx,
                    app,
                    "test",
                    ("t", "2"),
                    &[Leg { account_id: float, asset: "EUR", amount: MinorUnit::new(-5) }],
                    now,
                )
                .unwrap_err();
                assert_eq!(e.code, ErrorCode::Internal);
                transfer(tx, app, "test", ("t", "3"), "EUR", float, fees, MinorUnit::new(250), now)?;
                assert_eq!(balance(tx, fees), 250);
                let entries: i64 =
                    tx.query_row_cached("SELECT COUNT(*) FROM ledger_entries WHERE kind = 'test'", [], |r| r.get(0))?;
                assert_eq!(entries, 1, "only the valid transfer was recorded");
                verify(tx).map_err(ApiError::internal)?;
                Ok(())
            })
            .await;
        result.unwrap();
    }
}
