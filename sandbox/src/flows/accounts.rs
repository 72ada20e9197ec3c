//! Opening a settlement account or a wallet (`POST /v1/accounts`): the
//! support matrix decides what may be opened (`payctl_domain::accounts`;
//! outside it, 422 `UNSUPPORTED_COMBINATION`), an `mpc` wallet gets an
//! address the sandbox provisions (valid for its network, controlled by no
//! one), and the account is stored `active`. An account has no life beyond
//! that yet (the spec shows no status transitions), so no state machine.

use payctl_domain::accounts;
use payctl_domain::address::{self, Network};
use payctl_domain::asset::Asset;
use payctl_domain::time::Timestamp;
use payctl_wire::accounts::{Account, AccountPurpose, WalletMode};
use payctl_wire::error::ErrorCode;

use crate::db::sql::Conn;
use crate::error::ApiError;
use crate::secrets;
use crate::store::accounts::{self as store, NewRow};

/// Who holds a wallet's keys.
pub enum Custody {
    /// The service: it provisions the address.
    Mpc,
    /// The partner, who brings this address (valid on the network).
    SelfCustody(String),
}

/// A `POST /v1/accounts` request with its fields checked.
pub enum NewAccount {
    Fiat { currency: Asset, corridor: String, label: Option<String> },
    Stablecoin { coin: Asset, network: Network, custody: Custody, label: Option<String> },
}

/// Opens the account: 422 `UNSUPPORTED_COMBINATION` outside the support
/// matrix, 409 `DUPLICATE_ACCOUNT` when the application has one like it.
pub fn open(conn: &Conn<'_>, application_id: i64, new: &NewAccount, now: Timestamp) -> Result<Account, ApiError> {
    let unsupported = |why: String| ApiError::new(ErrorCode::UnsupportedCombination, why);
    let minted;
    let row = match new {
        NewAccount::Fiat { currency, corridor, label } => {
            accounts::fiat_account(*currency, corridor).map_err(unsupported)?;
            NewRow {
                purpose: AccountPurpose::Settlement,
                asset: *currency,
                corridor: Some(corridor),
                network: None,
                wallet_mode: None,
                address: None,
                label: label.as_deref(),
            }
        }
        NewAccount::Stablecoin { coin, network, custody, label } => {
            accounts::stablecoin_wallet(*coin, *network).map_err(unsupported)?;
            let (wallet_mode, address) = match custody {
                Custody::Mpc => {
                    minted = address::generate(*network, &secrets::random_bytes());
                    (WalletMode::Mpc, minted.as_str())
                }
                Custody::SelfCustody(address) => (WalletMode::SelfCustody, address.as_str()),
            };
            NewRow {
                purpose: AccountPurpose::Wallet,
                asset: *coin,
                corridor: None,
                network: Some(*network),
                wallet_mode: Some(wallet_mode),
                address: Some(address),
                label: label.as_deref(),
            }
        }
    };
    store::open(conn, application_id, &row, now)
}
