//! Worked examples and property tests of the money arithmetic.

mod pricing_examples;
mod properties;
