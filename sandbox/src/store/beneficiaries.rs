//! Beneficiaries (spec 2.6) with their one payout account, and the rule of
//! one default account per customer and payout asset.

use payctl_domain::address::{self, Network};
use payctl_domain::asset::Asset;
use payctl_domain::country::Country;
use payctl_domain::iban::Iban;
use payctl_domain::time::Timestamp;
use payctl_wire::beneficiaries::{Beneficiary, BeneficiaryAccount, BeneficiaryType, PayoutAccountKind};
use payctl_wire::customers::KybStatus;
use payctl_wire::page::Page;
use rusqlite::params;

use crate::db::sql::{self, Conn, OptionalExtension};
use crate::error::ApiError;
use crate::ids;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;
use crate::store::{NotFound, Owned, sql_text};
use payctl_wire::error::ErrorCode;

/// A validated payout account: a bank account in a fiat currency, or a
/// wallet for a stablecoin on a network, each with what its kind needs.
pub enum NewAccount {
    Bank { asset: Asset, iban: Iban, bank_name: String, bank_country: Country, routing: Option<String> },
    Wallet { asset: Asset, network: Network, address: String },
}

impl NewAccount {
    pub fn kind(&self) -> PayoutAccountKind {
        match self {
            NewAccount::Bank { .. } => PayoutAccountKind::BankAccount,
            NewAccount::Wallet { .. } => PayoutAccountKind::StablecoinWallet,
        }
    }

    /// The asset the account receives.
    pub fn asset(&self) -> Asset {
        match self {
            NewAccount::Bank { asset, .. } | NewAccount::Wallet { asset, .. } => *asset,
        }
    }
}

/// A validated create request, before the customer is looked up.
pub struct NewBeneficiary {
    pub customer_id: String,
    pub beneficiary_type: BeneficiaryType,
    pub full_name: String,
    pub country: Country,
    pub gov_id_ref: Option<String>,
    pub account: NewAccount,
    /// `None` when the request left it out.
    pub is_default: Option<bool>,
}

/// The columns [`from_row`] reads, then `$more` (columns read after them),
/// from a beneficiary joined to its customer.
macro_rules! select {
    ($more:literal) => {
        concat!(
            "SELECT b.public_id, c.public_id, b.type, b.full_name, b.country, b.gov_id_ref,
        b.account_kind, b.destination_asset, b.is_default, b.iban, b.bank_name, b.bank_country, b.routing,
        b.network, b.address, b.created_at, b.updated_at",
            $more,
            "
    FROM beneficiaries b JOIN customers c ON c.id = b.customer_id"
        )
    };
}

const SELECT: &str = select!("");

fn from_row(r: &sql::Row<'_>) -> rusqlite::Result<Beneficiary> {
    let network: Option<Network> = r.get(13)?;
    Ok(Beneficiary {
        id: r.get(0)?,
        customer_id: r.get(1)?,
        beneficiary_type: r.get(2)?,
        full_name: r.get(3)?,
        country: r.get(4)?,
        gov_id_ref: r.get(5)?,
        account: BeneficiaryAccount {
            kind: r.get(6)?,
            destination_asset: r.get(7)?,
            is_default: r.get(8)?,
            iban: r.get(9)?,
            bank_name: r.get(10)?,
            bank_country: r.get(11)?,
            routing: r.get(12)?,
            address_format: network.map(|n| address::format_of(n).as_str().to_owned()),
            network,
            address: r.get(14)?,
        },
        created_at: super::iso_at(r.get(15)?),
        updated_at: super::iso_at(r.get(16)?),
    })
}

/// Stores a beneficiary of the customer (internal id `customer_id`).
///
/// Default rule: `is_default: true` makes this the default for its customer
/// and asset and clears the previous one; left out, it becomes the default
/// only when the customer has no account in that asset yet; `false` never.
pub fn insert(
    conn: &Conn<'_>,
    application_id: i64,
    customer_id: i64,
    new: &NewBeneficiary,
    now: Timestamp,
) -> Result<Beneficiary, ApiError> {
    let a = &new.account;
    let is_default = match new.is_default {
        Some(explicit) => explicit,
        None => !conn.query_row_cached(
            "SELECT EXISTS (SELECT 1 FROM beneficiaries WHERE customer_id = ?1 AND destination_asset = ?2)",
            params![customer_id, a.asset()],
            |r| r.get::<_, bool>(0),
        )?,
    };
    if is_default {
        conn.execute_cached(
            "UPDATE beneficiaries SET is_default = 0, updated_at = ?3
             WHERE customer_id = ?1 AND destination_asset = ?2 AND is_default = 1",
            params![customer_id, a.asset(), now.millis()],
        )?;
    }
    let public_id = ids::uuid();
    let (mut iban, mut bank_name, mut bank_country, mut routing, mut network, mut address) =
        (None, None, None, None, None, None);
    match a {
        NewAccount::Bank { iban: i, bank_name: n, bank_country: c, routing: r, .. } => {
            (iban, bank_name, bank_country, routing) = (Some(i.as_ref()), Some(n), Some(c.code()), r.as_ref());
        }
        NewAccount::Wallet { network: n, address: x, .. } => (network, address) = (Some(*n), Some(x)),
    }
    conn.execute_cached(
        "INSERT INTO beneficiaries (public_id, application_id, customer_id, type, full_name, country, gov_id_ref,
             account_kind, destination_asset, iban, bank_name, bank_country, routing, network, address, is_default,
             created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?17)",
        params![
            public_id,
            application_id,
            customer_id,
            new.beneficiary_type,
            new.full_name,
            new.country.code(),
            new.gov_id_ref,
            a.kind(),
            a.asset(),
            iban,
            bank_name,
            bank_country,
            routing,
            network,
            address,
            is_default,
            now.millis()
        ],
    )?;
    find(conn, application_id, &public_id)?.ok_or_else(|| ApiError::internal("beneficiary vanished after insert"))
}

/// A beneficiary of the application; another application's is `None`.
pub fn find(conn: &Conn<'_>, application_id: i64, public_id: &str) -> Result<Option<Beneficiary>, ApiError> {
    let sql = sql_text!("{SELECT} WHERE b.application_id = ?1 AND b.public_id = ?2");
    Ok(conn.query_row_cached(sql, params![application_id, public_id], from_row).optional()?)
}

impl Owned for Beneficiary {
    type Scope = i64;
    type Found = Beneficiary;
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::BeneficiaryNotFound, noun: "beneficiary" };

    fn find(conn: &Conn<'_>, scope: i64, id: &str) -> Result<Option<Beneficiary>, ApiError> {
        find(conn, scope, id)
    }
}

/// The beneficiaries of one customer (internal id), newest first.
pub fn list(conn: &Conn<'_>, customer_id: i64, page: &PageRequest) -> Result<Page<Beneficiary>, ApiError> {
    static LIST: Listing<1> = Listing::new(&[SELECT, " WHERE b.customer_id = ?1"], "b.public_id");
    LIST.page(conn, [&customer_id], page, from_row, |b| &b.id)
}

/// Every beneficiary of the application, newest first, each with its
/// customer's verification (KYB) status: the console's list.
pub fn list_for_application(
    conn: &Conn<'_>,
    application_id: i64,
    page: &PageRequest,
) -> Result<Page<(Beneficiary, KybStatus)>, ApiError> {
    static LIST: Listing<1> = Listing::new(&[select!(", c.kyb_status"), " WHERE b.application_id = ?1"], "b.public_id");
    LIST.page(conn, [&application_id], page, |r| Ok((from_row(r)?, r.get(17)?)), |(b, _)| &b.id)
}
