//! Customers (spec 2.5): SQL only. Their verification (KYB) is the state
//! machine `flows::verification`.

use payctl_domain::country::{self, Country};
use payctl_domain::email::Email;
use payctl_domain::states::verification::State;
use payctl_domain::time::Timestamp;
use payctl_wire::customers::{Customer, CustomerType, VerificationLevel};
use payctl_wire::error::{ErrorCode, FieldIssue};
use payctl_wire::page::Page;
use rusqlite::params;

use crate::db::sql::{self, Conn, ErrorKind, OptionalExtension};
use crate::error::ApiError;
use crate::ids;
use crate::store::paging::Listing;
use crate::store::paging::PageRequest;
use crate::store::{NotFound, Owned, sql_text};

/// A validated create request.
pub struct NewCustomer {
    pub customer_type: CustomerType,
    pub legal_name: String,
    pub email: Email,
    pub country: Country,
    pub verification_level: VerificationLevel,
    pub tax_id: String,
}

/// A stored customer with the internal ids that never leave the server.
pub struct Row {
    pub id: i64,
    pub application_id: i64,
    pub status: State,
    pub customer: Customer,
}

const SELECT: &str = "SELECT id, application_id, public_id, type, legal_name, email, country, verification_level,
        tax_id, kyb_status, kyb_decided_at, created_at, updated_at
    FROM customers";

fn from_row(r: &sql::Row<'_>) -> rusqlite::Result<Row> {
    let country: String = r.get(6)?;
    let status: State = r.get(9)?;
    Ok(Row {
        id: r.get(0)?,
        application_id: r.get(1)?,
        status,
        customer: Customer {
            id: r.get(2)?,
            customer_type: r.get(3)?,
            legal_name: r.get(4)?,
            email: r.get(5)?,
            country_name: country::country_name(&country).unwrap_or_default().to_owned(),
            country,
            verification_level: r.get(7)?,
            tax_id: r.get(8)?,
            kyb_status: status,
            kyb_decided_at: super::iso(r.get(10)?),
            created_at: super::iso_at(r.get(11)?),
            updated_at: super::iso_at(r.get(12)?),
        },
    })
}

pub fn duplicate_email() -> ApiError {
    ApiError::conflict(ErrorCode::DuplicateEmail, "a customer of this application already uses this email")
        .with_details(vec![FieldIssue::new("email", "duplicate", "is already used by another customer")])
}

pub fn insert(conn: &Conn<'_>, application_id: i64, new: &NewCustomer, now: Timestamp) -> Result<Row, ApiError> {
    let public_id = ids::uuid();
    conn.execute_cached(
        "INSERT INTO customers (public_id, application_id, type, legal_name, email, email_key, country,
             verification_level, tax_id, kyb_status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?10, ?6, ?7, ?8, ?11, ?9, ?9)",
        params![
            public_id,
            application_id,
            new.customer_type,
            new.legal_name,
            new.email.as_str(),
            new.country.code(),
            new.verification_level,
            new.tax_id,
            now.millis(),
            new.email.uniqueness_key(),
            State::Pending,
        ],
    )
    .map_err(|e| if e.kind() == ErrorKind::UniqueViolation { duplicate_email() } else { e.into() })?;
    find(conn, Some(application_id), &public_id)?.ok_or_else(|| ApiError::internal("customer vanished after insert"))
}

/// A customer by public id, limited to one application unless `None`
/// (the sandbox operator may see every application's customers).
pub fn find(conn: &Conn<'_>, application_id: Option<i64>, public_id: &str) -> Result<Option<Row>, ApiError> {
    // The hottest read of a load test: its text is made once, and the
    // statement stays compiled in the connection's cache.
    let sql = sql_text!("{SELECT} WHERE public_id = ?1 AND (application_id = ?2 OR ?2 IS NULL)");
    Ok(conn.prepare_cached(sql)?.query_row(params![public_id, application_id], from_row).optional()?)
}

impl Owned for Row {
    type Scope = Option<i64>;
    type Found = Row;
    const NOT_FOUND: NotFound = NotFound { code: ErrorCode::CustomerNotFound, noun: "customer" };

    fn find(conn: &Conn<'_>, scope: Option<i64>, id: &str) -> Result<Option<Row>, ApiError> {
        find(conn, scope, id)
    }
}

pub fn list(
    conn: &Conn<'_>,
    application_id: i64,
    status: Option<State>,
    page: &PageRequest,
) -> Result<Page<Customer>, ApiError> {
    static LIST: Listing<2> =
        Listing::new(&[SELECT, " WHERE application_id = ?1 AND (kyb_status = ?2 OR ?2 IS NULL)"], "public_id");
    LIST.page(conn, [&application_id, &status], page, |r| from_row(r).map(|r| r.customer), |c| &c.id)
}

/// Moves a customer's verification from `from` to `to` as of `at`: a
/// decision stamps `kyb_decided_at`, a return to `pending` clears it.
/// False when the customer was elsewhere.
pub fn set_verification(conn: &Conn<'_>, id: i64, from: State, to: State, at: Timestamp) -> Result<bool, ApiError> {
    let changed = conn.execute_cached(
        "UPDATE customers SET kyb_status = ?3, updated_at = ?4,
             kyb_decided_at = CASE WHEN ?3 = ?5 THEN NULL ELSE CAST(?4 AS BIGINT) END
         WHERE id = ?1 AND kyb_status = ?2",
        params![id, from, to, at.millis(), State::Pending],
    )?;
    Ok(changed == 1)
}

/// 404 unless `public_id` is a customer of one of the partner's
/// applications (TEST or LIVE): what the partner's dashboard may price.
pub fn of_partner(conn: &Conn<'_>, partner_id: i64, public_id: &str) -> Result<(), ApiError> {
    let found: bool = conn.query_row_cached(
        "SELECT EXISTS (SELECT 1 FROM customers c JOIN applications a ON a.id = c.application_id
                        WHERE c.public_id = ?1 AND a.partner_id = ?2)",
        params![public_id, partner_id],
        |r| r.get(0),
    )?;
    if found { Ok(()) } else { Err(super::missing::<Row>()) }
}
