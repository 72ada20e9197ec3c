//! Reading accounts in both shapes of spec 2.10, and opening settlement
//! accounts and wallets. Movements of value live in `ledger`.

use payctl_domain::time::Timestamp;
use payctl_wire::accounts::{Account, LedgerAccount};
use payctl_wire::error::ErrorCode;
use payctl_wire::page::Page;
use rusqlite::{Connection, OptionalExtension, params};

use crate::db::CachedSql;
use crate::error::ApiError;
use crate::http::pagination::PageRequest;
use crate::ids;
use crate::store::paging::Listing;
use crate::store::{NotFound, Owned};

fn ledger_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<LedgerAccount> {
    let balance: i64 = r.get(2)?;
    let status: String = r.get(3)?;
    Ok(LedgerAccount {
        id: r.get(0)?,
        asset: r.get(1)?,
        balance_minor: balance.to_string(),
        status: status.to_ascii_uppercase(),
        purpose: r.get(4)?,
    })
}

const LEDGER_COLUMNS: &str = "public_id, asset, balance_minor, status, purpose";

/// A customer's ledger accounts, oldest first.
pub fn for_customer(conn: &Connection, customer_id: i64) -> Result<Vec<LedgerAccount>, ApiError> {
    let sql = format!("SELECT {LEDGER_COLUMNS} FROM accounts WHERE customer_id = ?1 ORDER BY public_id");
    Ok(conn.prepare_cached(&sql)?.query_map([customer_id], ledger_row)?.collect::<Result<_, _>>()?)
}

/// The application's own balances: float, fees, what unfinished flows
/// hold (`in_flight`), settlement accounts and wallets (not customers', not
/// the external mirror).
pub fn balances(conn: &Connection, application_id: i64) -> Result<Vec<LedgerAccount>, ApiError> {
    let sql = format!(
        "SELECT {LEDGER_COLUMNS} FROM accounts
         WHERE application_id = ?1 AND purpose IN ('float', 'fees', 'in_flight', 'settlement', 'wallet') ORDER BY public_id"
    );
    Ok(conn.prepare_cached(&sql)?.query_map([application_id], ledger_row)?.collect::<Result<_, _>>()?)
}

/// A validated `POST /v1/accounts`.
pub struct NewAccount {
    pub account_type: &'static str,
    pub currency: String,
    pub corridor: Option<String>,
    pub network: Option<String>,
    pub wallet_mode: Option<String>,
    pub address: Option<String>,
    pub label: Option<String>,
}

const SELECT: &str = "SELECT public_id, purpose, status, asset, corridor, network, wallet_mode, address, label,
        balance_minor, created_at FROM accounts";

fn account_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    let purpose: String = r.get(1)?;
    let balance: i64 = r.get(9)?;
    Ok(Account {
        id: r.get(0)?,
        account_type: if purpose == "wallet" { "stablecoin" } else { "fiat" }.to_owned(),
        status: r.get(2)?,
        currency: r.get(3)?,
        corridor: r.get(4)?,
        network: r.get(5)?,
        wallet_mode: r.get(6)?,
        address: r.get(7)?,
        label: r.get(8)?,
        balance_minor: balance.to_string(),
        created_at: super::iso_at(r.get(10)?),
    })
}

pub fn open(conn: &Connection, application_id: i64, new: &NewAccount, now: Timestamp) -> Result<Account, ApiError> {
    let purpose = if new.account_type == "fiat" { "settlement" } else { "wallet" };
    let public_id = ids::prefixed("acc");
    conn.execute_cached(
        "INSERT INTO accounts (public_id, application_id, purpose, asset, status, corridor, network, wallet_mode,
             address, label, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, 'active', ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
        params![
            public_id,
            application_id,
            purpose,
            new.currency,
            new.corridor,
            new.network,
            new.wallet_mode,
            new.address,
            new.label,
            now.millis()
        ],
    )
    .map_err(|e| {
        if super::is_unique_violation(&e) {
            ApiError::conflict(ErrorCode::DuplicateAccount, "an account with the same configuration already exists")
        } else {
            e.into()
        }
    })?;
    find(conn, application_id, &public_id)?.ok_or_else(|| ApiError::internal("account vanished after insert"))
}

pub fn find(conn: &Connection, application_id: i64, public_id: &str) -> Result<Option<Account>, ApiError> {
    let sql = format!("{SELECT} WHERE application_id = ?1 AND public_id = ?2 AND purpose IN ('settlement', 'wallet')");
    Ok(conn.query_row_cached(&sql, params![application_id, public_id], account_row).optional()?)
}

impl Owned for Account {
    type Scope = i64;
    type Found = Account;
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "account" };

    fn find(conn: &Connection, scope: i64, id: &str) -> Result<Option<Account>, ApiError> {
        find(conn, scope, id)
    }
}

pub fn list(conn: &Connection, application_id: i64, page: &PageRequest) -> Result<Page<Account>, ApiError> {
    static LIST: Listing<1> =
        Listing::new(&[SELECT, " WHERE application_id = ?1 AND purpose IN ('settlement', 'wallet')"], "public_id");
    LIST.page(conn, [&application_id], page, account_row, |a| &a.id)
}
