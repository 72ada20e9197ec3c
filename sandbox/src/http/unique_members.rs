//! JSON documents read as `serde_json::Value`, except that an object naming
//! a member twice is refused.
//!
//! `serde_json` keeps the last of two members with one name, so
//! `{"legal_name":"First","legal_name":"Second"}` would store `Second`
//! while a proxy, a log or the partner's own tooling may read `First`.
//! Refusing the document is the only answer every reader agrees on, as for
//! unknown members.

use std::cell::RefCell;
use std::fmt::{self, Write as _};

use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Why a document could not be read.
pub enum Refused {
    /// A member named twice: its path (`account.iban`, `items[2].name`).
    Duplicate(String),
    /// Not JSON at all (or nested too deep).
    Json(serde_json::Error),
}

/// Reads `bytes` as one JSON document whose objects name each member once.
pub fn parse(bytes: &[u8]) -> Result<Value, Refused> {
    let duplicate = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let root = Member { parent: None, segment: Segment::Root, duplicate: &duplicate };
    let read = root.deserialize(&mut de).and_then(|v| {
        de.end()?;
        Ok(v)
    });
    match (read, duplicate.into_inner()) {
        (_, Some(path)) => Err(Refused::Duplicate(path)),
        (Ok(value), None) => Ok(value),
        (Err(e), None) => Err(Refused::Json(e)),
    }
}

/// One value of the document. Its path is built only when a duplicate is
/// found there: a large document (a snapshot) has hundreds of thousands of
/// values, and a path per value was a large part of reading one.
struct Member<'a> {
    parent: Option<&'a Member<'a>>,
    segment: Segment<'a>,
    /// Where the first duplicate was found; reading stops there.
    duplicate: &'a RefCell<Option<String>>,
}

/// Where a value sits in its parent.
#[derive(Clone, Copy)]
enum Segment<'a> {
    Root,
    Index(usize),
    Name(&'a str),
}

impl<'a> Member<'a> {
    fn child(&'a self, segment: Segment<'a>) -> Self {
        Member { parent: Some(self), segment, duplicate: self.duplicate }
    }

    /// `account.iban`, `items[2].name`, `[0].x`.
    fn path(&self) -> String {
        let mut path = self.parent.map(Member::path).unwrap_or_default();
        match self.segment {
            Segment::Root => {}
            Segment::Index(i) => {
                let _ = write!(path, "[{i}]");
            }
            Segment::Name(name) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(name);
            }
        }
        path
    }
}

impl<'de> DeserializeSeed<'de> for Member<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Member<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.child(Segment::Index(items.len())))? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut members = Map::new();
        while let Some(name) = map.next_key::<String>()? {
            if members.contains_key(&name) {
                *self.duplicate.borrow_mut() = Some(self.child(Segment::Name(&name)).path());
                return Err(A::Error::custom("a member is named twice"));
            }
            let value = map.next_value_seed(self.child(Segment::Name(&name)))?;
            members.insert(name, value);
        }
        Ok(Value::Object(members))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duplicate(json: &str) -> Option<String> {
        match parse(json.as_bytes()) {
            Err(Refused::Duplicate(path)) => Some(path),
            _ => None,
        }
    }

    #[test]
    fn a_member_named_twice_is_found_with_its_path() {
        assert_eq!(duplicate(r#"{"legal_name":"First","legal_name":"Second"}"#).as_deref(), Some("legal_name"));
        assert_eq!(duplicate(r#"{"account":{"iban":"A","kind":"B","iban":"C"}}"#).as_deref(), Some("account.iban"));
        assert_eq!(duplicate(r#"{"items":[{"a":1},{"b":1,"b":2}]}"#).as_deref(), Some("items[1].b"));
        assert_eq!(duplicate(r#"[{"x":1,"x":1}]"#).as_deref(), Some("[0].x"));
    }

    #[test]
    fn everything_else_reads_as_serde_json_reads_it() {
        let text = r#"{"a":[1,-2,3.5,"x",null,true,{"k":{}}],"b":{"a":1},"c":18446744073709551615}"#;
        assert_eq!(parse(text.as_bytes()).ok(), serde_json::from_str::<Value>(text).ok());
        assert!(matches!(parse(b"{\"a\":1} trailing"), Err(Refused::Json(_))));
        assert!(matches!(parse(b"{\"a\":"), Err(Refused::Json(_))));
        assert!(matches!(parse("[".repeat(100_000).as_bytes()), Err(Refused::Json(_))));
    }
}
