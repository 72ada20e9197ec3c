//! Worked examples and property tests of the domain rules: the money
//! arithmetic, and the parsers that take untrusted input.

mod parsers;
mod pricing_examples;
mod properties;
