//! Public identifiers.
//!
//! Every record has an internal integer row id that never leaves the
//! database, and a public id: a UUIDv7, optionally behind a prefix the
//! specification names (`txn_`, `acc_`, `fx_`, `prtnr_`). UUIDv7 strings are
//! monotonic within the process, so ordering by public id is ordering by
//! creation, which is what cursors rely on.

use uuid::Uuid;

/// A new UUIDv7 in its hyphenated form.
pub fn uuid() -> String {
    Uuid::now_v7().hyphenated().to_string()
}

/// A new UUIDv7 behind a prefix, in its compact form: `prtnr_0193…`.
pub fn prefixed(prefix: &str) -> String {
    let mut id = String::with_capacity(prefix.len() + 33);
    id.push_str(prefix);
    id.push('_');
    id.push_str(&Uuid::now_v7().simple().to_string());
    id
}

/// A new id of the same shape as `original`: behind its prefix when it has
/// one (`txn_…`), a hyphenated UUIDv7 otherwise. A fork's records get these.
pub fn like(original: &str) -> String {
    match original.rsplit_once('_') {
        Some((prefix, rest)) if rest.len() == 32 && rest.bytes().all(|b| b.is_ascii_hexdigit()) => prefixed(prefix),
        _ => uuid(),
    }
}

/// Whether `s` is a hyphenated UUID (any version), the shape the
/// specification gives for `customer_id`, `quote_id` and the like.
pub fn is_uuid(s: &str) -> bool {
    s.len() == 36 && Uuid::try_parse(s).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_sort_in_creation_order() {
        let ids: Vec<String> = (0..1000).map(|_| uuid()).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted);
        let p: Vec<String> = (0..1000).map(|_| prefixed("txn")).collect();
        assert!(p.windows(2).all(|w| w[0] < w[1]));
        assert!(p[0].starts_with("txn_") && p[0].len() == 36);
    }

    #[test]
    fn new_ids_keep_the_shape_of_the_old() {
        let txn = prefixed("txn");
        assert!(like(&txn).starts_with("txn_") && like(&txn).len() == txn.len() && like(&txn) != txn);
        assert!(is_uuid(&like(&uuid())));
        assert!(is_uuid(&like("seeded-record")));
    }

    #[test]
    fn recognises_uuids() {
        assert!(is_uuid(&uuid()));
        assert!(!is_uuid("not-a-uuid"));
        assert!(!is_uuid(&prefixed("acc")));
    }
}
