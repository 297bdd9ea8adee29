//! The notation engine: from what a user typed to what it means.
//!
//! Pure library code: a position and a string in, a [`Resolved`] move or a
//! [`Rejected`] explanation out.

pub mod diagnostic;
pub mod explain;
pub mod resolve;
pub mod types;
pub mod write;

pub use diagnostic::{Code, Diagnostic};
pub use resolve::resolve;
pub use types::{
    CastlingBan, Illegal, MoveSpec, MoveText, Rejected, ResolveError, Resolved, Strictness,
    SyntaxError, color_name, role_name,
};
pub use write::{lan, move_text, movetext, san, uci};
