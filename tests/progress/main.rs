//! Progress tests: the rating and review model, and the on-disk store with
//! its edge cases. One test crate per area keeps the suite to a few binaries
//! to link (issue 16).

mod progress_model;
mod progress_store;
mod progress_store_edges;
mod repertoire;
mod repertoire_pgn;
mod review_fsrs;
mod unknown_fields;
mod woodpecker;
