//! Transfers storage.
