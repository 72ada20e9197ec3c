//! Reading accounts in both shapes of spec 2.10, and opening settlement
//! accounts and wallets. Movements of value live in `ledger`.

use payctl_domain::address::Network;
use payctl_domain::asset::Asset;
use payctl_domain::time::Timestamp;
use payctl_wire::accounts::{Account, AccountPurpose, AccountStatus, AccountType, LedgerAccount, WalletMode};
use payctl_wire::error::ErrorCode;
use payctl_wire::page::Page;
use rusqlite::params;

use crate::db::sql::{self, Conn, ErrorKind, OptionalExtension};
use crate::error::ApiError;
use crate::ids;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;
use crate::store::{NotFound, Owned, sql_text};

fn ledger_row(r: &sql::Row<'_>) -> rusqlite::Result<LedgerAccount> {
    let balance: i64 = r.get(2)?;
    Ok(LedgerAccount {
        id: r.get(0)?,
        asset: r.get(1)?,
        balance_minor: balance.to_string(),
        status: r.get::<_, AccountStatus>(3)?.into(),
        purpose: r.get(4)?,
    })
}

const LEDGER_COLUMNS: &str = "public_id, asset, balance_minor, status, purpose";

/// A customer's ledger accounts, oldest first.
pub fn for_customer(conn: &Conn<'_>, customer_id: i64) -> Result<Vec<LedgerAccount>, ApiError> {
    let sql = format!("SELECT {LEDGER_COLUMNS} FROM accounts WHERE customer_id = ?1 ORDER BY public_id");
    Ok(conn.prepare_cached(&sql)?.query_map([customer_id], ledger_row)?.collect::<Result<_, _>>()?)
}

/// The application's own balances: float, fees, what unfinished flows
/// hold (`in_flight`), settlement accounts and wallets (not customers', not
/// the external mirror).
pub fn balances(conn: &Conn<'_>, application_id: i64) -> Result<Vec<LedgerAccount>, ApiError> {
    let sql = format!(
        "SELECT {LEDGER_COLUMNS} FROM accounts
         WHERE application_id = ?1 AND purpose NOT IN (?2, ?3) ORDER BY public_id"
    );
    let params = params![application_id, AccountPurpose::Customer, AccountPurpose::External];
    Ok(conn.prepare_cached(&sql)?.query_map(params, ledger_row)?.collect::<Result<_, _>>()?)
}

/// A settlement account or wallet to open, as stored: `Settlement` and
/// `Wallet` are the purposes of what `POST /v1/accounts` opens.
pub struct NewRow<'a> {
    pub purpose: AccountPurpose,
    pub asset: Asset,
    pub corridor: Option<&'a str>,
    pub network: Option<Network>,
    pub wallet_mode: Option<WalletMode>,
    pub address: Option<&'a str>,
    pub label: Option<&'a str>,
}

const SELECT: &str = "SELECT public_id, purpose, status, asset, corridor, network, wallet_mode, address, label,
        balance_minor, created_at FROM accounts";

fn account_row(r: &sql::Row<'_>) -> rusqlite::Result<Account> {
    let purpose: AccountPurpose = r.get(1)?;
    let balance: i64 = r.get(9)?;
    Ok(Account {
        id: r.get(0)?,
        account_type: match purpose {
            AccountPurpose::Wallet => AccountType::Stablecoin,
            _ => AccountType::Fiat,
        },
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

pub fn open(conn: &Conn<'_>, application_id: i64, new: &NewRow<'_>, now: Timestamp) -> Result<Account, ApiError> {
    let public_id = ids::prefixed("acc");
    conn.execute_cached(
        "INSERT INTO accounts (public_id, application_id, purpose, asset, status, corridor, network, wallet_mode,
             address, label, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?11, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
        params![
            public_id,
            application_id,
            new.purpose,
            new.asset,
            new.corridor,
            new.network,
            new.wallet_mode,
            new.address,
            new.label,
            now.millis(),
            AccountStatus::Active
        ],
    )
    .map_err(|e| {
        if e.kind() == ErrorKind::UniqueViolation {
            ApiError::conflict(ErrorCode::DuplicateAccount, "an account with the same configuration already exists")
        } else {
            e.into()
        }
    })?;
    find(conn, application_id, &public_id)?.ok_or_else(|| ApiError::internal("account vanished after insert"))
}

/// The purposes of what `POST /v1/accounts` opens, as the reads' `?N` pair.
const OPENED: [AccountPurpose; 2] = [AccountPurpose::Settlement, AccountPurpose::Wallet];

pub fn find(conn: &Conn<'_>, application_id: i64, public_id: &str) -> Result<Option<Account>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE application_id = ?1 AND public_id = ?2 AND purpose IN (?3, ?4)");
    let params = params![application_id, public_id, OPENED[0], OPENED[1]];
    Ok(conn.query_row_cached(sql, params, account_row).optional()?)
}

impl Owned for Account {
    type Scope = i64;
    type Found = Account;
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::NotFound, noun: "account" };

    fn find(conn: &Conn<'_>, scope: i64, id: &str) -> Result<Option<Account>, ApiError> {
        find(conn, scope, id)
    }
}

pub fn list(conn: &Conn<'_>, application_id: i64, page: &PageRequest) -> Result<Page<Account>, ApiError> {
    static LIST: Listing<3> =
        Listing::new(&[SELECT, " WHERE application_id = ?1 AND purpose IN (?2, ?3)"], "public_id");
    LIST.page(conn, [&application_id, &OPENED[0], &OPENED[1]], page, account_row, |a| &a.id)
}
