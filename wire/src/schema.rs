//! Schema-only types: what the OpenAPI document says a lenient field accepts.
//!
//! Request bodies keep their fields as optional strings so the server can
//! check every field and list every problem in one 400; the Rust types
//! therefore say nothing about which strings are valid. A field names one of
//! these types with `#[schema(value_type = ...)]` so the document states the
//! rule the server enforces (an enum, a format, a pattern) while the wire
//! JSON and the runtime checks stay as they are. Enumerations declare their
//! values here once, and the server validates against the same `VALUES`.
//!
//! Some lists live with the server's domain tables (countries, asset codes,
//! networks); their types here carry the shape, and the sandbox adds the
//! values when it assembles the document.

use utoipa::openapi::schema::{
    AdditionalProperties, AnyOfBuilder, Discriminator, KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat,
    SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr, Schema};

/// A string out of a fixed list, matched exactly.
pub fn string_enum(values: &[&str], doc: &[&str]) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(values.iter().copied()))
        .description(Some(description(doc)))
        .into()
}

/// Doc comment lines as a description, the way the derive writes them.
pub fn description(doc: &[&str]) -> String {
    doc.iter().map(|line| line.strip_prefix(' ').unwrap_or(line)).collect::<Vec<_>>().join("\n")
}

/// Declares a closed vocabulary: a real enum whose variants are named by
/// their text, with `ALL`, `VALUES`, `as_str`, `parse` (exact), `Display`,
/// `FromStr`, [`Vocabulary`] and, with the calling crate's `sql` feature,
/// `ToSql`/`FromSql` as the same text. What a client reads is declared with
/// `one_of!`, which adds serde and the OpenAPI schema; a vocabulary that is
/// only stored (`payctl_domain`'s) uses this alone.
#[macro_export]
macro_rules! vocabulary {
    ($(#[doc = $doc:expr])+ $name:ident = [$($(#[doc = $vdoc:expr])* $variant:ident = $value:literal),+ $(,)?]) => {
        $(#[doc = $doc])+
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[doc = $vdoc])* $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub const VALUES: &'static [&'static str] = &[$($value),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $value),+
                }
            }

            pub fn parse(s: &str) -> Option<$name> {
                match s {
                    $($value => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::schema::Vocabulary for $name {
            const VALUES: &'static [&'static str] = $name::VALUES;

            fn parse(s: &str) -> Option<$name> {
                $name::parse(s)
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::schema::NotOneOf;

            fn from_str(s: &str) -> Result<$name, $crate::schema::NotOneOf> {
                $name::parse(s).ok_or_else(|| $crate::schema::NotOneOf { seen: s.to_owned(), allowed: $name::VALUES })
            }
        }

        $crate::stored_as_text!($name);
    };
}

/// `ToSql`/`FromSql` as its text (`as_str`/`parse`), under the calling
/// crate's `sql` feature: a stored value outside the vocabulary is a
/// damaged row, never a silent `None`. `vocabulary!` applies it; a
/// vocabulary declared by hand (its variants carry docs or a serde
/// default) names it itself.
#[macro_export]
macro_rules! stored_as_text {
    ($($name:ident),+ $(,)?) => {$(
        #[cfg(feature = "sql")]
        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                Ok(rusqlite::types::ToSqlOutput::from(self.as_str()))
            }
        }

        #[cfg(feature = "sql")]
        impl rusqlite::types::FromSql for $name {
            fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<$name> {
                let s = value.as_str()?;
                $name::parse(s).ok_or_else(|| {
                    rusqlite::types::FromSqlError::Other(format!("{s:?} is not a {}", stringify!($name)).into())
                })
            }
        }
    )+};
}

/// Declares a closed vocabulary a client reads (a status, kind, type or
/// method): [`vocabulary!`] with serde as the text and the OpenAPI schema
/// (a string enum carrying the doc comment). A lenient request field may
/// still be a `String` naming it with `#[schema(value_type = ...)]` until
/// it is parsed; a typed field holds the enum from the edge to the
/// database and back.
macro_rules! one_of {
    ($(#[doc = $doc:expr])+ $name:ident = [$($variant:ident = $value:literal),+ $(,)?]) => {
        $crate::vocabulary! { $(#[doc = $doc])+ $name = [$($variant = $value),+] }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                let s = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                $name::parse(&s).ok_or_else(|| serde::de::Error::unknown_variant(&s, $name::VALUES))
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
                $crate::schema::string_enum(Self::VALUES, &[$($doc),+])
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

/// What every `one_of!` vocabulary is: its values as text, and the value a
/// text names (matched exactly), so a lenient request field can be parsed
/// into the enum by one generic check.
pub trait Vocabulary: Sized + Copy {
    const VALUES: &'static [&'static str];
    fn parse(s: &str) -> Option<Self>;
}

/// A string that is not one of a vocabulary's values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotOneOf {
    pub seen: String,
    pub allowed: &'static [&'static str],
}

impl std::fmt::Display for NotOneOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} is not one of {}", self.seen, self.allowed.join(", "))
    }
}

impl std::error::Error for NotOneOf {}

pub(crate) use one_of;

/// Declares a schema-only string type built by `$build` (an `ObjectBuilder`).
macro_rules! string_type {
    ($(#[doc = $doc:expr])+ $name:ident => $build:expr) => {
        $(#[doc = $doc])+
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
                let build: utoipa::openapi::schema::ObjectBuilder = $build;
                build
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .description(Some($crate::schema::description(&[$($doc),+])))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}
pub(crate) use string_type;

/// An ISO 8601 date (`2026-01-31`) or date-time with an offset
/// (`2026-01-31T10:00:00Z`), for filters that take either.
pub struct DateOrDateTime;

impl utoipa::PartialSchema for DateOrDateTime {
    fn schema() -> RefOr<Schema> {
        let format = |f| ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(f)));
        AnyOfBuilder::new()
            .item(format(KnownFormat::Date))
            .item(format(KnownFormat::DateTime))
            .description(Some("An ISO 8601 date (`2026-01-31`) or date-time with an offset (`2026-01-31T10:00:00Z`)."))
            .into()
    }
}

impl utoipa::ToSchema for DateOrDateTime {}

string_type! {
    /// A hyphenated UUID (`0190f3b2-7c1e-7d44-9a51-3f0c2f6c9e10`).
    Uuid => ObjectBuilder::new().format(Some(SchemaFormat::Custom("uuid".to_owned())))
}

string_type! {
    /// An e-mail address: a local part of 1 to 64 characters that does not
    /// start or end with a dot, `@`, and a domain of at least two
    /// letter-digit-hyphen labels whose last one is alphabetic (`example.com`).
    /// At most 254 characters.
    Email => ObjectBuilder::new()
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
        .max_length(Some(254))
        .pattern(Some(EMAIL_PATTERN))
}

/// The rule of [`Email`] as a regular expression (ASCII local part).
pub const EMAIL_PATTERN: &str = r"^[!#-'*+/-9=?A-Z^-~-](?:[!#-'*+./-9=?A-Z^-~-]{0,62}[!#-'*+/-9=?A-Z^-~-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$";

string_type! {
    /// An ISO 3166-1 alpha-2 country code in upper case (`AE`).
    Country => ObjectBuilder::new().pattern(Some("^[A-Z]{2}$"))
}

string_type! {
    /// An asset code the API knows, in upper case (`AED`, `USDC`).
    AssetCode => ObjectBuilder::new().pattern(Some("^[A-Z]{3,5}$"))
}

one_of! {
    /// A blockchain network, by its exact lower-case code (spec 1): the
    /// eleven networks stablecoins move on.
    Network = [
        Ethereum = "ethereum", Avalanche = "avalanche", Arbitrum = "arbitrum", Base = "base", Polygon = "polygon",
        Tron = "tron", Stellar = "stellar", Solana = "solana", Xrpl = "xrpl", Algorand = "algorand", Sui = "sui",
    ]
}

string_type! {
    /// A positive whole number of minor units, as a string of digits
    /// (`"1050"` is 10.50 of a two-decimal asset); the document asks for at
    /// most 18 significant digits, the server takes up to 2^63 - 1.
    AmountMinor => ObjectBuilder::new().pattern(Some("^0*[1-9][0-9]{0,17}$"))
}

string_type! {
    /// A positive exact decimal (`"3.6725"`): digits, optionally a point and
    /// 1 to 18 decimals; no sign, exponent or grouping.
    PositiveDecimal => ObjectBuilder::new().pattern(Some(POSITIVE_DECIMAL_PATTERN))
}

/// The rule of [`PositiveDecimal`] as a regular expression.
pub const POSITIVE_DECIMAL_PATTERN: &str = r"^(0*[1-9][0-9]{0,19}(\.[0-9]{1,18})?|0+\.[0-9]{0,17}[1-9])$";

string_type! {
    /// A fiat currency code the API knows, in upper case (`AED`, `EUR`).
    FiatCode => ObjectBuilder::new().pattern(Some("^[A-Z]{3}$"))
}

string_type! {
    /// A stablecoin code, in upper case (`USDC`, `USDT`).
    StablecoinCode => ObjectBuilder::new().pattern(Some("^[A-Z]{4,5}$"))
}

/// States that an object schema takes no field it does not name.
pub fn close(schema: &mut RefOr<Schema>) {
    if let RefOr::T(Schema::Object(object)) = schema
        && object.schema_type == SchemaType::Type(Type::Object)
    {
        object.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
    }
}

/// A `oneOf` of named schemas told apart by the value of `property`, which
/// each variant has as a required single-value enum. Generators build a
/// tagged union from it instead of trying every variant in turn.
pub fn discriminated(property: &str, variants: &[(&str, String)], doc: &[&str]) -> RefOr<Schema> {
    let mut discriminator = Discriminator::new(property);
    let mut union = OneOfBuilder::new().description(Some(description(doc)));
    for (value, name) in variants {
        union = union.item(Ref::from_schema_name(name.as_str()));
        discriminator.mapping.insert((*value).to_owned(), format!("#/components/schemas/{name}"));
    }
    union.discriminator(Some(discriminator)).into()
}

/// Declares a schema-only tagged union of `ToSchema` variants, told apart
/// by `$property`; the variants' schemas are registered with it. A request
/// union is declared `closed`: the wire type behind it refuses unknown
/// fields, so every object schema its variants register says so.
macro_rules! tagged_union {
    ($(#[doc = $doc:expr])+ $name:ident by $property:literal { $($value:literal => $variant:ty),+ $(,)? }) => {
        $crate::schema::tagged_union!(@ $(#[doc = $doc])+ $name by $property, false, { $($value => $variant),+ });
    };
    ($(#[doc = $doc:expr])+ $name:ident by $property:literal closed { $($value:literal => $variant:ty),+ $(,)? }) => {
        $crate::schema::tagged_union!(@ $(#[doc = $doc])+ $name by $property, true, { $($value => $variant),+ });
    };
    (@ $(#[doc = $doc:expr])+ $name:ident by $property:literal, $closed:expr, { $($value:literal => $variant:ty),+ }) => {
        $(#[doc = $doc])+
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
                let variants = [$(($value, <$variant as utoipa::ToSchema>::name().into_owned())),+];
                $crate::schema::discriminated($property, &variants, &[$($doc),+])
            }
        }

        impl utoipa::ToSchema for $name {
            fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::Schema>)>) {
                let start = schemas.len();
                $(
                    schemas.push((<$variant as utoipa::ToSchema>::name().into_owned(), <$variant as utoipa::PartialSchema>::schema()));
                    <$variant as utoipa::ToSchema>::schemas(schemas);
                )+
                if $closed {
                    schemas[start..].iter_mut().for_each(|(_, schema)| $crate::schema::close(schema));
                }
            }
        }
    };
}
pub(crate) use tagged_union;
