//! Transfers: see the module written next.
