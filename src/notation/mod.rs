//! The notation engine: from what a user typed to what it means.
//!
//! Pure library code: a position and a string in, a [`Resolved`] move or a
//! [`Rejected`] explanation out. Live hints answer partial input; writing
//! gives canonical SAN, LAN and UCI; [`san_strings`] knows every SAN that
//! can ever occur; [`fen`] explains a broken FEN field by field.

pub mod batch;
pub mod diagnostic;
pub mod explain;
pub mod fen;
pub mod hint;
mod judge;
pub mod lang;
pub mod line;
pub mod parse;
pub mod report;
pub mod resolve;
pub mod san_strings;
pub mod translate;
pub mod types;
pub mod write;

pub use diagnostic::{Code, Diagnostic};
pub use hint::{Group, Hint, HintEngine, HintState, hint};
pub use lang::{Lang, hint_in, resolve_in};
pub use line::{LineError, play_line};
pub use parse::{MAX_INPUT_LEN, bounded_prefix};
pub use resolve::resolve;
pub use types::{
    CastlingBan, Illegal, MoveSpec, MoveText, Rejected, ResolveError, Resolved, Strictness,
    SyntaxError, color_name, role_name,
};
pub use write::{lan, move_text, movetext, san, uci};
