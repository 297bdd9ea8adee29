//! A repertoire written back as PGN (`sancho repertoire show`): the first
//! move at each position is the main line, the others follow it as
//! variations in brackets, with move numbers and comments. A position
//! reached again by another move order is written once; where a line
//! transposes into it, `{transposes}` says so and the line stops. Each
//! start position is a game ended by `*`, a set-up one with its `[SetUp]`
//! and `[FEN]` tags, so that the text reads back as the same lines.

use shakmaty::{Chess, Color, Position};

use super::book::{NodeId, Repertoire};
use crate::train::pgn_export::{brace_comment, push_tags};

/// How deep variations are written inside each other before the rest is
/// left out (`(…)`): far deeper than a book's, and the stack stays small.
const MAX_NESTING: usize = 64;

impl Repertoire {
    /// The movetext of each start position (one string per root).
    #[must_use]
    pub fn movetext(&self) -> Vec<String> {
        self.roots()
            .iter()
            .map(|&root| {
                let mut out = String::new();
                self.write_line(root, None, &mut out, 0);
                out
            })
            .collect()
    }

    /// The repertoire as PGN: one game per start position.
    #[must_use]
    pub fn pgn(&self) -> String {
        let mut out = String::new();
        for (&root, movetext) in self.roots().iter().zip(self.movetext()) {
            if self.nodes()[root].pos != Chess::default() {
                let fen = self.root_fen(root);
                push_tags(&mut out, [("SetUp", "1"), ("FEN", fen.as_str())]);
            }
            if !movetext.is_empty() {
                out.push_str(&movetext);
                out.push(' ');
            }
            out.push_str("*\n\n");
        }
        out
    }

    /// Writes the line from `at`: its first move, the others as
    /// variations, then on. `first` is the move to start with (a
    /// variation's own move), else the node's first. A position is written
    /// on from the line that first reaches it ([`Repertoire::line_to`]);
    /// another line reaching it transposes.
    fn write_line(&self, mut at: NodeId, mut first: Option<usize>, out: &mut String, depth: usize) {
        // Whether the next black move needs its number (`3...`).
        let mut numbered = true;
        while let Some(node) = self.node(at) {
            if node.moves.is_empty() {
                return;
            }
            let main = first.take().unwrap_or(0);
            let number = node.pos.fullmoves().get();
            let white = node.pos.turn() == Color::White;
            let edge = &node.moves[main];
            write_move(
                out,
                number,
                white,
                numbered,
                &edge.san,
                edge.comment.as_deref(),
            );
            numbered = edge.comment.is_some();
            if main == 0 {
                for alt in 1..node.moves.len() {
                    if depth >= MAX_NESTING {
                        push_word(out, "(…)");
                        break;
                    }
                    push_word(out, "(");
                    let mut inner = String::new();
                    self.write_line(at, Some(alt), &mut inner, depth + 1);
                    out.push_str(&inner);
                    out.push(')');
                    numbered = true;
                }
            }
            let reached_here = self.parent(edge.to) == Some((at, main));
            let goes_on = self.node(edge.to).is_some_and(|n| !n.moves.is_empty());
            if !reached_here {
                if goes_on {
                    push_word(out, "{transposes}");
                }
                return;
            }
            at = edge.to;
        }
    }
}

/// Appends a word, with a space before it unless after `(`.
fn push_word(out: &mut String, word: &str) {
    if !out.is_empty() && !out.ends_with('(') {
        out.push(' ');
    }
    out.push_str(word);
}

fn write_move(
    out: &mut String,
    number: u32,
    white: bool,
    numbered: bool,
    san: &str,
    comment: Option<&str>,
) {
    if white {
        push_word(out, &format!("{number}."));
    } else if numbered {
        push_word(out, &format!("{number}..."));
    }
    push_word(out, san);
    if let Some(c) = comment {
        push_word(out, &brace_comment(c));
    }
}
