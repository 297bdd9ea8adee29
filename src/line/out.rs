//! The writer of line mode's puzzles: each event as text for a reader or
//! as one JSON object per line (shared by puzzles, Storm and Streak).

use std::io::{self, Write};

use shakmaty::{Chess, Color, Move, Position};

use crate::notation::{Lang, MoveText, ResolveError, color_name, role_name};
use crate::progress::Recorded;
use crate::puzzle::{Puzzle, color_word, fen_of};
use crate::session::{DEFAULT_SUCCESS, Event, HintRung, Session, SolutionStep, Wrong};
use crate::train::{sans, solution};

use super::protocol::{
    FailedPuzzle, HintShown, LineEvent, PuzzleShown, Rated, ReadMove, SolvedPuzzle,
};

use super::blindfold::{blind_text, blindfold_text_in};
use super::board_text::{board_drawing, piece_list_in};
use crate::train::blind::Blind;

/// How a puzzle is announced: its place, the count solved, the header
/// ("Puzzle 14 of 245 · 13 solved") and whether it is a due review.
pub(crate) struct Head {
    pub(crate) number: usize,
    pub(crate) of: usize,
    pub(crate) solved_count: usize,
    pub(crate) header: String,
    pub(crate) review: bool,
}

/// The writer, in text or JSON (shared with Storm and Streak, [`super::storm`]).
pub(crate) struct Out<W> {
    pub(crate) w: W,
    pub(crate) json: bool,
    pub(crate) blindfold: bool,
    /// The piece letters text output writes moves in.
    pub(crate) lang: Lang,
    /// Blind tactics: the puzzle under way is played blind (its frozen
    /// board is what `board` shows until the end).
    pub(crate) blind: Option<Blind>,
}

impl<W: Write> Out<W> {
    /// Writes `event` as one JSON line, or `text()` for a reader.
    pub(crate) fn send(
        &mut self,
        event: &LineEvent,
        text: impl FnOnce() -> String,
    ) -> io::Result<()> {
        if self.json {
            serde_json::to_writer(&mut self.w, event)?;
            writeln!(self.w)?;
        } else {
            writeln!(self.w, "{}", text())?;
        }
        self.w.flush()
    }

    pub(crate) fn text(&mut self, text: &str) -> io::Result<()> {
        if !self.json {
            writeln!(self.w, "{text}")?;
        }
        Ok(())
    }

    /// The position as the user is given it: drawn (with the piece list),
    /// or in words only when blindfold and the puzzle is not over.
    pub(crate) fn board(&mut self, session: &Session) -> io::Result<()> {
        if let (Some(blind), false) = (&self.blind, session.is_finished()) {
            if !self.json {
                let since: Vec<MoveText> = session
                    .moves_played()
                    .iter()
                    .skip(blind.lead().len())
                    .map(|(m, _)| m.clone())
                    .collect();
                let side = session.puzzle().user_color;
                writeln!(self.w, "{}", blind_text(blind, side, &since, self.lang))?;
            }
            return Ok(());
        }
        if self.blindfold && !session.is_finished() {
            if !self.json {
                let played: Vec<MoveText> = session
                    .moves_played()
                    .iter()
                    .map(|(m, _)| m.clone())
                    .collect();
                writeln!(
                    self.w,
                    "{}",
                    blindfold_text_in(&session.puzzle().position, &played, self.lang)
                )?;
            }
            return Ok(());
        }
        self.drawing(session.position(), session.puzzle().user_color)
    }

    pub(crate) fn drawing(&mut self, pos: &Chess, side: Color) -> io::Result<()> {
        if !self.json {
            writeln!(self.w, "{}", board_drawing(pos, side))?;
            writeln!(self.w, "{}", piece_list_in(pos, self.lang))?;
        }
        Ok(())
    }

    pub(crate) fn puzzle(&mut self, p: &Puzzle, head: &Head, session: &Session) -> io::Result<()> {
        let (header, review) = (head.header.clone(), head.review);
        let shown = shown_puzzle(
            p,
            head.number,
            head.of,
            head.solved_count,
            header.clone(),
            review,
        );
        self.send(&LineEvent::Puzzle(shown), || {
            let mut head = format!("\n{header}: {} ({})", p.shown_title(false), p.id);
            if review {
                head.push_str("\nA review: you failed this one before.");
            }
            if !p.subtitle.is_empty() {
                head.push_str(&format!("\n{}", p.subtitle));
            }
            head
        })?;
        if let Some(blind) = &self.blind {
            let lang = self.lang;
            let moves = blind
                .lead()
                .iter()
                .map(|m| ReadMove {
                    uci: m.uci.clone(),
                    san: m.san.clone(),
                    words: describe(m),
                    local: local(lang, &m.san),
                })
                .collect();
            let event = LineEvent::Blind {
                plies: blind.plies(),
                fen: fen_of(blind.frozen()),
                to_move: color_word(blind.frozen().turn()).to_owned(),
                moves,
            };
            // Text: the frozen board and the lead, through `board`.
            if self.json {
                return self.send(&event, String::new);
            }
        }
        // The board the user first sees, after the opponent's opening move
        // (blind: the frozen board and the moves to read).
        self.board(session)
    }

    /// The puzzle's themes: said when it ends, or on the `themes` command
    /// (text keeps them hidden until then; a JSON client has them in the
    /// `puzzle` event and hides them itself).
    pub(crate) fn themes(&mut self, p: &Puzzle) -> io::Result<()> {
        let event = LineEvent::Themes {
            themes: p.themes.clone(),
        };
        self.send(&event, || {
            if p.themes.is_empty() {
                "This puzzle has no themes.".to_owned()
            } else {
                format!("Themes: {}", p.themes.join(", "))
            }
        })
    }

    pub(crate) fn prompt(&mut self, session: &Session) -> io::Result<()> {
        let side = color_name(session.position().turn());
        writeln!(
            self.w,
            "You play {side}. Your move (or hint, solution, help):"
        )?;
        self.w.flush()
    }

    /// Writes the session's events; `before` is the position before them.
    pub(crate) fn events(&mut self, before: &Chess, events: Vec<Event>) -> io::Result<()> {
        let lang = self.lang;
        let mut pos = before.clone();
        for event in events {
            match event {
                Event::Started { .. } => {}
                Event::OpponentMoved { text, comment } => {
                    let words = describe(&text);
                    pos.play_unchecked(text.mv);
                    let event = LineEvent::OpponentMove {
                        uci: text.uci.clone(),
                        san: text.san.clone(),
                        words: words.clone(),
                        comment: comment.clone(),
                        local: local(lang, &text.san),
                    };
                    self.send(&event, || {
                        with_comment(
                            format!("The opponent plays {}: {words}.", lang.localize(&text.san)),
                            &comment,
                            lang,
                        )
                    })?;
                }
                Event::Correct {
                    text,
                    comment,
                    alternative,
                    diagnostics,
                } => {
                    pos.play_unchecked(text.mv);
                    let event = LineEvent::Correct {
                        uci: text.uci.clone(),
                        san: text.san.clone(),
                        comment: comment.clone(),
                        alternative,
                        diagnostics: diagnostics.clone(),
                        local: local(lang, &text.san),
                    };
                    self.send(&event, || {
                        let mut s = with_comment(
                            format!("Correct: {}.", lang.localize(&text.san)),
                            &comment,
                            lang,
                        );
                        if alternative {
                            s.push_str(
                                " Also mates: not the book's move, but proven to mate as fast.",
                            );
                        }
                        for d in &diagnostics {
                            s.push_str(&format!("\n  Note: {}", lang.note(d)));
                        }
                        s
                    })?;
                }
                Event::Wrong { input, wrong } => self.wrong(&input, &wrong)?,
                Event::Hint(rung) => self.hint(&rung)?,
                Event::MarkedFailed {
                    reason, message, ..
                } => self.send(
                    &LineEvent::FailedKeepGoing {
                        reason: reason.as_str(),
                        message: message.clone(),
                    },
                    || {
                        format!(
                            "Failed, keep going: {}, so this puzzle counts as failed; \
                             finish it all the same. {message}",
                            reason.describe()
                        )
                    },
                )?,
                Event::Solved { .. } | Event::Failed { .. } | Event::GaveUp { .. } => {}
            }
        }
        Ok(())
    }

    /// Writes the event that ends a puzzle, with what the save did.
    pub(crate) fn result(
        &mut self,
        event: Event,
        session: &Session,
        recorded: Option<&Recorded>,
    ) -> io::Result<()> {
        let lang = self.lang;
        let rating_text = match recorded {
            Some(r) => format!("\nRating: {}.", r.describe()),
            None => "\nNot saved: there is no progress store this time.".to_owned(),
        };
        let puzzle = session.puzzle();
        // A title kept for the end (it names the pattern) is said now.
        // (The themes follow the result, for every puzzle.)
        let title_text = if puzzle.title_at_end {
            format!("\nThe puzzle: {}.", puzzle.title.trim_end_matches('.'))
        } else {
            String::new()
        };
        match event {
            Event::Solved { id, message } => {
                // What the pack keeps for after the end is said now too.
                let after = puzzle.solution.iter().any(|m| m.solution_comment.is_some());
                let steps = session.solution_line();
                let event = LineEvent::Solved(rated(
                    SolvedPuzzle {
                        id,
                        message: message.clone(),
                        title: puzzle.title.clone(),
                        line: after.then(|| solution(session)),
                    },
                    recorded,
                ));
                self.send(&event, || {
                    let mut s = if message == DEFAULT_SUCCESS {
                        message.clone()
                    } else {
                        format!("Solved! {message}")
                    };
                    s.push_str(&title_text);
                    if after {
                        s.push_str(&solution_text(&steps, lang));
                    }
                    s.push_str(&rating_text);
                    s
                })
            }
            Event::Failed { id, message, .. } | Event::GaveUp { id, message, .. } => {
                // The whole solution, user's moves and replies, in both shells.
                let line = solution(session);
                let all = sans(&line);
                let steps = session.solution_line();
                let event = LineEvent::Failed(rated(
                    FailedPuzzle {
                        id,
                        message: message.clone(),
                        gave_up: session.outcome().is_some_and(|o| o.solution_shown),
                        reason: session.failure().map(|f| f.as_str()),
                        game_url: session.game_url().map(str::to_owned),
                        local: lang
                            .is_local()
                            .then(|| all.iter().map(|s| lang.localize(s)).collect()),
                        solution: all,
                        line,
                        title: puzzle.title.clone(),
                    },
                    recorded,
                ));
                self.send(&event, || {
                    // The message names the moves shown; the steps add the comments.
                    let mut s = lang.localize_text(&message);
                    s.push_str(&title_text);
                    s.push_str(&solution_text(&steps, lang));
                    if let Some(url) = session.game_url() {
                        s.push_str(&format!("\nFrom the game {url}"));
                    }
                    s.push_str(&rating_text);
                    s
                })
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn wrong(&mut self, input: &str, wrong: &Wrong) -> io::Result<()> {
        let lang = self.lang;
        let (reason, legal, diagnostics, candidates) = match wrong {
            Wrong::NotSolution { text, note } => (
                match note {
                    Some(note) => format!(
                        "{} is legal, but not the solution: {}",
                        self.lang.localize(&text.san),
                        lang.localize_text(note.trim_end_matches('.'))
                    ),
                    None => format!(
                        "{} is legal, but not the solution",
                        self.lang.localize(&text.san)
                    ),
                },
                true,
                Vec::new(),
                Vec::new(),
            ),
            Wrong::NotLegal(rejected) => {
                let candidates: Vec<String> = match &rejected.error {
                    ResolveError::Ambiguous { candidates } => {
                        candidates.iter().map(|c| c.san.clone()).collect()
                    }
                    _ => Vec::new(),
                };
                (
                    rejected.error.to_string(),
                    false,
                    rejected.diagnostics.clone(),
                    candidates,
                )
            }
        };
        let event = LineEvent::Wrong {
            input: input.to_owned(),
            reason: reason.clone(),
            legal,
            diagnostics: diagnostics.clone(),
            candidates,
        };
        self.send(&event, || {
            let mut s = format!(
                "Not accepted: {}.",
                lang.localize_moves(&reason, candidates_san(wrong))
            );
            for d in &diagnostics {
                s.push_str(&format!("\n  Note: {}", lang.note(d)));
            }
            s
        })
    }

    pub(crate) fn hint(&mut self, rung: &HintRung) -> io::Result<()> {
        let lang = self.lang;
        let mut shown = HintShown {
            rung: rung.number(),
            text: String::new(),
            square: None,
            role: None,
            from: None,
            to: None,
            san: None,
            uci: None,
            local: None,
        };
        let text = match rung {
            HintRung::Text(t) => {
                shown.text.clone_from(t);
                format!("Hint: {}", lang.localize_text(t))
            }
            HintRung::Piece { square, role } => {
                shown.text = format!("move the {} on {square}", role_name(*role));
                shown.square = Some(square.to_string());
                shown.role = Some(role_name(*role));
                format!("Hint: move the {} on {square}.", role_name(*role))
            }
            HintRung::Destination { from, to } => {
                shown.text = format!("from {from} to {to}");
                shown.from = Some(from.to_string());
                shown.to = Some(to.to_string());
                format!("Hint: from {from} to {to}.")
            }
            HintRung::Move(m) => {
                shown.text = format!("play {}", m.san);
                shown.san = Some(m.san.clone());
                shown.uci = Some(m.uci.clone());
                shown.local = local(lang, &m.san);
                format!("Hint: play {}.", lang.localize(&m.san))
            }
        };
        self.send(&LineEvent::Hint(shown), || text)
    }
}

/// The SAN in `lang`'s letters or figurines when they differ from
/// English (the JSON `local` key).
pub(super) fn local(lang: Lang, san: &str) -> Option<String> {
    lang.is_local().then(|| lang.localize(san))
}

/// A puzzle's result with what saving it did to the rating.
fn rated<T>(result: T, recorded: Option<&Recorded>) -> Rated<T> {
    Rated {
        result,
        rated: recorded.is_some_and(|r| r.rated),
        rating_before: recorded.map(|r| r.rating_before.round() as i64),
        rating_after: recorded.map(|r| r.rating_after.round() as i64),
        saved: recorded.is_some(),
    }
}

/// The `puzzle` event of `p`.
pub(super) fn shown_puzzle(
    p: &Puzzle,
    number: usize,
    of: usize,
    solved_count: usize,
    header: String,
    review: bool,
) -> PuzzleShown {
    PuzzleShown {
        id: p.id.clone(),
        fen: p.fen.clone(),
        to_move: color_word(p.user_color),
        title: p.shown_title(false).to_owned(),
        subtitle: p.subtitle.clone(),
        themes: p.themes.clone(),
        difficulty: p.difficulty,
        rating: p.rating,
        number,
        of,
        solved_count,
        header,
        review,
    }
}

/// The solution move by move, with the pack's comments: "1. Kb6 Takes b7 ...".
pub(super) fn solution_text(steps: &[SolutionStep], lang: Lang) -> String {
    let mut s = String::from("\nMove by move:");
    for step in steps {
        let mover = if step.by_user { "You" } else { "They" };
        s.push_str(&format!("\n  {mover}: {}", lang.localize(&step.text.san)));
        if let Some(c) = &step.comment {
            s.push_str(&format!(" ({})", lang.localize_text(c)));
        }
    }
    s
}

/// `s` and the pack's comment after it, the comment's moves written in the
/// user's letters (packs write comments in English SAN).
pub(super) fn with_comment(mut s: String, comment: &Option<String>, lang: Lang) -> String {
    if let Some(c) = comment {
        s.push(' ');
        s.push_str(&lang.localize_text(c));
    }
    s
}

/// A move in words: "knight from f6 takes the pawn on e4, check".
pub fn describe(text: &MoveText) -> String {
    let mut words = match text.mv {
        Move::Castle { king, rook } => if rook.file() < king.file() {
            "castles queenside"
        } else {
            "castles kingside"
        }
        .to_owned(),
        Move::EnPassant { from, to } => format!("pawn from {from} takes en passant on {to}"),
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let mut s = format!("{} from {from}", role_name(role));
            match capture {
                Some(c) => s.push_str(&format!(" takes the {} on {to}", role_name(c))),
                None => s.push_str(&format!(" to {to}")),
            }
            if let Some(p) = promotion {
                s.push_str(&format!(" and promotes to a {}", role_name(p)));
            }
            s
        }
        Move::Put { role, to } => format!("{} dropped on {to}", role_name(role)),
    };
    if text.san.ends_with('#') {
        words.push_str(", checkmate");
    } else if text.san.ends_with('+') {
        words.push_str(", check");
    }
    words
}

/// The moves a rejection names (an ambiguous input's candidates), to write
/// them in the user's letters.
fn candidates_san(wrong: &Wrong) -> Vec<&str> {
    match wrong {
        Wrong::NotLegal(rejected) => match &rejected.error {
            ResolveError::Ambiguous { candidates } => {
                candidates.iter().map(|c| c.san.as_str()).collect()
            }
            _ => Vec::new(),
        },
        Wrong::NotSolution { .. } => Vec::new(),
    }
}
