//! Notation and drill tests: SAN/UCI parsing properties, the SAN oracle
//! strings, and drill generation and grading. One test crate per area keeps
//! the suite to a few binaries to link (issue 16).

mod drill_content;
mod drill_generators;
mod drill_grading;
mod drill_line;
mod drill_props;
mod language_notes;
mod learner_slips;
mod notation_props;
mod pgn_differential;
mod pgn_fuzz;
mod san_strings;
