//! A pack's puzzle as written ([`RawPuzzle`]) turned into the domain
//! [`Puzzle`], with every problem reported by its field: the FEN, `toMove`,
//! the solution line and its agreement with `solutionMoves`.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use super::{RawLead, RawPuzzle};
use crate::puzzle::finding::{Problem, Severity};
use crate::puzzle::{
    Lead, MAX_LEAD, Puzzle, SolutionError, build_solution, color_word, fen_of, parse_fen,
    to_move_subtitle,
};

fn problem(field: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem {
        field: Some(field.into()),
        severity: Severity::Error,
        message: message.into(),
    }
}

impl RawPuzzle {
    /// Converts to a [`Puzzle`], reporting every problem found on the way.
    ///
    /// The puzzle is `Some` whenever the FEN, `toMove` and a legal,
    /// alternating line are there, even if other fields are in error (so
    /// that `check` can still test its claims); use
    /// [`RawPuzzle::to_valid_puzzle`] to load puzzles for solving.
    /// `source` is recorded as the puzzle's source.
    pub fn to_puzzle(&self, source: &str) -> (Option<Puzzle>, Vec<Problem>) {
        let mut problems = Vec::new();
        let id = match self.id.as_deref().map(str::trim) {
            Some(id) if !id.is_empty() => id.to_owned(),
            _ => {
                problems.push(problem("id", "missing id"));
                String::new()
            }
        };
        let position = match self.fen.as_deref() {
            None => {
                problems.push(problem("fen", "missing fen"));
                None
            }
            Some(fen) => match parse_fen(fen) {
                Ok(p) => Some(p),
                Err(e) => {
                    problems.push(problem("fen", e.to_string()));
                    None
                }
            },
        };
        let user_color = match self.to_move.as_deref().map(str::trim) {
            Some(s) if s.eq_ignore_ascii_case("white") => Some(Color::White),
            Some(s) if s.eq_ignore_ascii_case("black") => Some(Color::Black),
            Some(s) => {
                problems.push(problem(
                    "toMove",
                    format!("toMove must be \"white\" or \"black\", not {s:?}"),
                ));
                None
            }
            None => {
                problems.push(problem("toMove", "missing toMove"));
                None
            }
        };
        let difficulty = match self.difficulty {
            None => None,
            Some(d @ 1..=5) => u8::try_from(d).ok(),
            Some(d) => {
                problems.push(problem(
                    "difficulty",
                    format!("difficulty must be 1 to 5, not {d}"),
                ));
                None
            }
        };
        let line = position
            .as_ref()
            .and_then(|pos| self.line(pos, user_color, &mut problems));
        self.hint_layout(&mut problems);
        let lead = match (&self.lead, &position) {
            (Some(raw), Some(pos)) => raw.to_lead(pos, &mut problems),
            _ => None,
        };
        let (Some(position), Some(user_color), Some(line)) = (position, user_color, line) else {
            return (None, problems);
        };
        let puzzle = Puzzle {
            title: self.title.clone().unwrap_or_else(|| id.clone()),
            title_at_end: self.title_at_end.unwrap_or(false),
            subtitle: self
                .subtitle
                .clone()
                .unwrap_or_else(|| to_move_subtitle(user_color)),
            id,
            fen: self.fen.clone().unwrap_or_default(),
            position,
            user_color,
            themes: self.themes.clone(),
            difficulty,
            rating: None,
            rating_deviation: None,
            popularity: None,
            nb_plays: None,
            opening_tags: Vec::new(),
            game_url: None,
            lead,
            solution: line,
            hints: self.move_hints(),
            success_message: self.success_message.clone(),
            failure_message: self.failure_message.clone(),
            source: source.to_owned(),
        };
        (Some(puzzle), problems)
    }

    /// The hint of each user move, in order: its step's `hint`, else
    /// `hints[k]` (the older form), else empty (no text rung).
    fn move_hints(&self) -> Vec<String> {
        let older = |k: usize| self.hints.get(k).cloned().unwrap_or_default();
        match &self.solution_sequence {
            Some(seq) => seq
                .iter()
                .filter(|s| s.is_user_move)
                .enumerate()
                .map(|(k, s)| s.hint.clone().unwrap_or_else(|| older(k)))
                .collect(),
            None => {
                let n = self.solution_moves.as_ref().map_or(0, Vec::len);
                (0..n.min(self.hints.len())).map(older).collect()
            }
        }
    }

    /// Where the hint of the user's move `k` (0-based) is written: its
    /// step's `hint` when there is one, else `hints[k]`.
    #[must_use]
    pub fn hint_field(&self, k: usize) -> String {
        self.solution_sequence
            .iter()
            .flatten()
            .enumerate()
            .filter(|(_, s)| s.is_user_move)
            .nth(k)
            .filter(|(_, s)| s.hint.is_some())
            .map_or_else(
                || format!("hints[{k}]"),
                |(i, _)| format!("solutionSequence[{i}].hint"),
            )
    }

    /// Which move each hint belongs to: a step's `hint` on an opponent's
    /// move is an error; a `hints[k]` that is never shown (past the last
    /// user move, or under a step's own `hint`) a warning.
    fn hint_layout(&self, problems: &mut Vec<Problem>) {
        let user_steps: Vec<(usize, &super::RawStep)> = match &self.solution_sequence {
            Some(seq) => seq
                .iter()
                .enumerate()
                .filter(|(_, s)| s.is_user_move)
                .collect(),
            None => Vec::new(),
        };
        for (i, step) in self.solution_sequence.iter().flatten().enumerate() {
            if step.hint.is_some() && !step.is_user_move {
                problems.push(problem(
                    format!("solutionSequence[{i}].hint"),
                    "a hint belongs to a user move: it is shown when the user is to play it",
                ));
            }
        }
        let user_moves = match &self.solution_sequence {
            Some(_) => user_steps.len(),
            None => self.solution_moves.as_ref().map_or(0, Vec::len),
        };
        for (k, text) in self.hints.iter().enumerate() {
            if text.trim().is_empty() {
                continue;
            }
            let warn = |message: String| Problem {
                field: Some(format!("hints[{k}]")),
                severity: Severity::Warning,
                message,
            };
            if k >= user_moves {
                problems.push(warn(format!(
                    "hints[{k}] is never shown: hints[k] is the hint of the user's move k+1, and the puzzle has {}",
                    plural(user_moves, "user move")
                )));
            } else if let Some((i, _)) = user_steps.get(k).filter(|(_, s)| s.hint.is_some()) {
                problems.push(warn(format!(
                    "hints[{k}] is never shown: solutionSequence[{i}].hint is the hint of user move {}",
                    k + 1
                )));
            }
        }
    }

    /// Converts to a [`Puzzle`] only when no problem is an error.
    ///
    /// # Errors
    /// Every problem found, when at least one is an error.
    pub fn to_valid_puzzle(&self, source: &str) -> Result<Puzzle, Vec<Problem>> {
        match self.to_puzzle(source) {
            (Some(p), problems) if problems.iter().all(|p| p.severity != Severity::Error) => Ok(p),
            (_, problems) => Err(problems),
        }
    }

    /// Builds the line from `solutionSequence` (or `solutionMoves` alone)
    /// and checks it against `toMove`, alternation and `solutionMoves`.
    fn line(
        &self,
        start: &Chess,
        user_color: Option<Color>,
        problems: &mut Vec<Problem>,
    ) -> Option<Vec<crate::puzzle::SolutionMove>> {
        let (field, steps): (&str, Vec<Step<'_>>) = match &self.solution_sequence {
            Some(seq) => (
                "solutionSequence",
                seq.iter()
                    .map(|s| (s.mv.as_str(), s.is_user_move, s.comment.clone()))
                    .collect(),
            ),
            None => (
                "solutionMoves",
                self.solution_moves
                    .iter()
                    .flatten()
                    .map(|m| (m.as_str(), true, None))
                    .collect(),
            ),
        };
        if self.solution_sequence.is_none() && self.solution_moves.is_none() {
            problems.push(problem(
                "solutionMoves",
                "missing solutionMoves (and no solutionSequence)",
            ));
            return None;
        }
        let mut usable = true;
        if self.solution_sequence.is_none() && steps.len() > 1 {
            problems.push(problem(
                "solutionSequence",
                format!(
                    "solutionSequence is missing (or null), and solutionMoves alone gives only the user's moves ({}): the opponent's replies need the whole line in solutionSequence",
                    steps.len()
                ),
            ));
            return None;
        }
        if let Some(i) = steps.windows(2).position(|w| w[0].1 == w[1].1) {
            problems.push(problem(
                format!("{field}[{}].isUserMove", i + 1),
                format!(
                    "user and opponent moves must alternate, but moves {} and {} are both {}",
                    i + 1,
                    i + 2,
                    if steps[i].1 {
                        "the user's"
                    } else {
                        "the opponent's"
                    }
                ),
            ));
            usable = false;
        }
        if !steps.iter().any(|s| s.1) {
            problems.push(problem(field, "the line has no user move"));
            usable = false;
        }
        if let (Some(color), Some(first)) = (user_color, steps.first()) {
            let turn = start.turn();
            let expected_user_first = turn == color;
            if first.1 != expected_user_first {
                let shape = if first.1 {
                    "starts with the user's move"
                } else {
                    "starts with the opponent's move"
                };
                problems.push(problem(
                    "toMove",
                    format!(
                        "toMove is {} but the fen has {} to move and the line {shape}",
                        color_word(color),
                        color_word(turn)
                    ),
                ));
            }
        }
        let line = match build_solution(start, steps.iter().cloned()) {
            Ok(mut line) => {
                if let Some(seq) = &self.solution_sequence {
                    add_after_comments(start, seq, &mut line, problems);
                }
                Some(line)
            }
            Err(e) => {
                let f = match e {
                    SolutionError::Empty => field.to_owned(),
                    ref e => format!(
                        "{field}[{}]{}",
                        e.index().unwrap_or(0),
                        if self.solution_sequence.is_some() {
                            ".move"
                        } else {
                            ""
                        }
                    ),
                };
                problems.push(problem(f, e.to_string()));
                None
            }
        };
        if let (Some(line), Some(seq_moves)) = (&line, &self.solution_moves)
            && self.solution_sequence.is_some()
        {
            compare_solution_moves(start, line, seq_moves, problems);
        }
        if usable { line } else { None }
    }
}

/// Puts each step's `solutionComment` and `otherMoves` on its move of
/// `line` (built from `seq`), reporting other moves that are not UCI, not
/// legal where the step is played, the step's own move, or on an
/// opponent's step.
fn add_after_comments(
    start: &Chess,
    seq: &[super::RawStep],
    line: &mut [crate::puzzle::SolutionMove],
    problems: &mut Vec<Problem>,
) {
    let mut pos = start.clone();
    for (i, (step, m)) in seq.iter().zip(line.iter_mut()).enumerate() {
        m.solution_comment = step
            .solution_comment
            .clone()
            .filter(|c| !c.trim().is_empty());
        if !step.other_moves.is_empty() && !m.is_user {
            problems.push(problem(
                format!("solutionSequence[{i}].otherMoves"),
                "otherMoves belongs to a user move: it says what another try there gets",
            ));
        }
        for (k, other) in step.other_moves.iter().enumerate() {
            let field = format!("solutionSequence[{i}].otherMoves[{k}].move");
            let text = other.mv.trim();
            let Ok(uci) = UciMove::from_ascii(text.as_bytes()) else {
                problems.push(problem(field, format!("{text:?} is not a uci move")));
                continue;
            };
            match uci.to_move(&pos) {
                Err(_) => problems.push(problem(
                    field,
                    format!("{text} is not legal where move {} is played", i + 1),
                )),
                Ok(mv) if mv == m.mv => problems.push(problem(
                    field,
                    format!("{text} is the line's own move, not another one"),
                )),
                Ok(_) if other.comment.trim().is_empty() => problems.push(problem(
                    format!("solutionSequence[{i}].otherMoves[{k}].comment"),
                    format!("other move {text} has nothing to say (an empty comment)"),
                )),
                Ok(mv) => m.other_moves.push(crate::puzzle::OtherMove {
                    uci,
                    mv,
                    comment: other.comment.trim().to_owned(),
                }),
            }
        }
        pos.play_unchecked(m.mv);
    }
}

/// Checks that `solutionMoves` names the user's moves of the sequence,
/// comparing moves (so `e1g1` equals `e1h1`), not strings.
fn compare_solution_moves(
    start: &Chess,
    line: &[crate::puzzle::SolutionMove],
    solution_moves: &[String],
    problems: &mut Vec<Problem>,
) {
    let mut pos = start.clone();
    let mut user: Vec<(Chess, Move)> = Vec::new();
    for m in line {
        if m.is_user {
            user.push((pos.clone(), m.mv));
        }
        pos.play_unchecked(m.mv);
    }
    if user.len() != solution_moves.len() {
        problems.push(problem(
            "solutionMoves",
            format!(
                "solutionMoves has {} but solutionSequence has {} user {}",
                plural(solution_moves.len(), "move"),
                user.len(),
                if user.len() == 1 { "move" } else { "moves" }
            ),
        ));
        return;
    }
    for (i, ((pos, mv), text)) in user.iter().zip(solution_moves).enumerate() {
        let same = UciMove::from_ascii(text.trim().as_bytes())
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .is_some_and(|m| m == *mv);
        if !same {
            problems.push(problem(
                format!("solutionMoves[{i}]"),
                format!(
                    "solutionMoves[{i}] is {text:?} but the sequence's user move {} is {}",
                    i + 1,
                    crate::notation::uci(*mv)
                ),
            ));
        }
    }
}

/// One move of a line as written: UCI text, whether the user plays it, comment.
type Step<'a> = (&'a str, bool, Option<String>);

impl RawLead {
    /// The lead, when its start is a position, its moves are legal and
    /// they end at `puzzle` (the puzzle's own position; the move counters
    /// may differ); otherwise the problems, by field.
    fn to_lead(&self, puzzle: &Chess, problems: &mut Vec<Problem>) -> Option<Lead> {
        let Some(fen) = self.fen.as_deref() else {
            problems.push(problem(
                "lead.fen",
                "the lead has no fen (where its moves start)",
            ));
            return None;
        };
        let start = match parse_fen(fen) {
            Ok(start) => start,
            Err(e) => {
                problems.push(problem("lead.fen", format!("the lead's fen: {e}")));
                return None;
            }
        };
        if self.moves.len() > MAX_LEAD {
            problems.push(problem(
                "lead.moves",
                format!(
                    "the lead has {} moves; at most {MAX_LEAD} are read",
                    self.moves.len()
                ),
            ));
            return None;
        }
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let field = format!("lead.moves[{i}]");
            let Ok(uci) = text.parse::<UciMove>() else {
                problems.push(problem(
                    field,
                    format!("lead move {} ({text:?}) is not a uci move", i + 1),
                ));
                return None;
            };
            let Ok(mv) = uci.to_move(&pos) else {
                problems.push(problem(
                    field,
                    format!(
                        "lead move {} ({text}) is not legal in {}",
                        i + 1,
                        fen_of(&pos)
                    ),
                ));
                return None;
            };
            pos.play_unchecked(mv);
            moves.push(mv);
        }
        if !same_position(&pos, puzzle) {
            problems.push(problem(
                "lead",
                format!(
                    "the lead ends at {}, not at the puzzle's fen {}",
                    fen_of(&pos),
                    fen_of(puzzle)
                ),
            ));
            return None;
        }
        Some(Lead { start, moves })
    }
}

/// The same position, whatever the move counters say.
fn same_position(a: &Chess, b: &Chess) -> bool {
    let without_counters =
        |pos: &Chess| fen_of(pos).split(' ').take(4).collect::<Vec<_>>().join(" ");
    without_counters(a) == without_counters(b)
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}
