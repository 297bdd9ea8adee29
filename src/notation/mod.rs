//! Chess notation: FEN parsing with field-by-field messages and the list of every possible SAN string.

pub mod fen;
pub mod san_strings;
