//! The notation engine: from what a user typed to what it means.
//!
//! Pure library code: a position and a string in, a [`Resolved`] move or a
//! [`Rejected`] explanation out. Live hints answer partial input; writing
//! gives canonical SAN, LAN and UCI; [`san_strings`] knows every SAN that
//! can ever occur; [`fen`] explains a broken FEN field by field.

pub mod batch;
pub(crate) mod diagnostic;
pub(crate) mod explain;
pub(crate) mod fen;
pub(crate) mod hint;
mod judge;
pub(crate) mod lang;
pub(crate) mod movetext;
pub(crate) mod parse;
pub(crate) mod report;
pub(crate) mod resolve;
pub(crate) mod san_strings;
pub(crate) mod slip;
pub(crate) mod translate;
pub(crate) mod types;
pub(crate) mod write;

pub use diagnostic::{Code, Diagnostic};
pub use fen::{FenError, parse_fen};
pub use hint::{DeadEnd, Group, Hint, HintEngine, HintState, Impossible, hint};
pub use lang::{Lang, hint_in, resolve_in};
pub use movetext::{MovetextError, play_movetext};
pub use parse::{MAX_INPUT_LEN, bounded_prefix};
pub use report::{HintReport, MoveReport, ResolveReport};
pub use resolve::resolve;
pub use san_strings::{is_possible, san_strings, san_strings_with_suffixes, why_impossible};
pub use slip::Slip;
pub use translate::{Target, move_label, numbered, translate};
pub use types::{
    CastlingBan, Illegal, MoveSpec, MoveText, Rejected, ResolveError, Resolved, Strictness,
    SyntaxError, color_name, role_name,
};
pub use write::{lan, move_text, movetext, san, uci};
