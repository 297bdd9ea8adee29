//! The lessons: a page of explanation each, then exercises on real
//! positions, read from the fenced `exercises` block that ends each page
//! (`FEN | prompt | expected SAN`, one a line). The pages are the binary's
//! (`assets/lessons/`), handed in as text.

use shakmaty::{Chess, Move, Position};

use super::DrillKind;
use super::exercise::{Exercise, Expected, Show, fen_of};
use crate::notation::fen::parse_fen;
use crate::notation::{Strictness, resolve, uci};

/// One exercise of a lesson, as written in the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonExercise {
    /// The position.
    pub fen: String,
    /// What to write, in words.
    pub prompt: String,
    /// The expected answer in canonical SAN, as written in the page.
    pub answer: String,
}

/// A lesson: its explanation and its exercises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The stable id recorded by `Store::complete_lesson` (`lesson-3`).
    pub id: String,
    /// 1-based number.
    pub number: usize,
    /// The title (the page's first heading).
    pub title: String,
    /// The explanation (Markdown, without the title and the exercises).
    pub text: String,
    /// The exercises, as written.
    pub exercises: Vec<LessonExercise>,
}

impl Lesson {
    /// The exercises as drill exercises (write the move, graded like a
    /// write drill). An exercise whose position or move does not check out
    /// is left out (a test makes sure none is).
    pub fn drill(&self) -> Vec<Exercise> {
        self.exercises
            .iter()
            .filter_map(LessonExercise::to_exercise)
            .collect()
    }
}

/// Why a lesson exercise does not check out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    /// The FEN is not a legal position.
    #[error("bad fen: {0}")]
    Fen(String),
    /// The expected SAN is not a legal move there.
    #[error("{answer} is not a legal move here: {reason}")]
    Illegal {
        /// The expected answer as written.
        answer: String,
        /// Why.
        reason: String,
    },
}

impl LessonExercise {
    /// The position and the expected move, checked by the engine: the FEN
    /// must parse and the answer must be canonical SAN of a legal move.
    ///
    /// # Errors
    /// [`LessonError`] names the problem.
    pub fn check(&self) -> Result<(Chess, Move), LessonError> {
        let pos = parse_fen(&self.fen).map_err(|e| LessonError::Fen(e.to_string()))?;
        let resolved =
            resolve(&pos, &self.answer, Strictness::Strict).map_err(|e| LessonError::Illegal {
                answer: self.answer.clone(),
                reason: e.to_string(),
            })?;
        Ok((pos, resolved.text.mv))
    }

    fn to_exercise(&self) -> Option<Exercise> {
        let (pos, mv) = self.check().ok()?;
        Some(Exercise {
            kind: DrillKind::Write,
            fen: fen_of(&pos),
            orientation: pos.turn(),
            prompt: format!("{} Write the move in SAN.", self.prompt),
            show: Show::Move { uci: uci(mv) },
            expected: Expected::Move(mv),
            position: pos,
            feature: None,
            disambiguation: None,
        })
    }
}

/// The lessons of `pages` (each page's Markdown, in order: lesson 1 is
/// the first), as the binary embeds `assets/lessons/*.md`.
#[must_use]
pub fn read_lessons(pages: &[&str]) -> Vec<Lesson> {
    pages
        .iter()
        .enumerate()
        .map(|(i, text)| parse_lesson(i + 1, text))
        .collect()
}

/// The lesson of `lessons` with this number (1-based) or id (`lesson-3`).
#[must_use]
pub fn find_lesson<'a>(lessons: &'a [Lesson], key: &str) -> Option<&'a Lesson> {
    let number: usize = key.strip_prefix("lesson-").unwrap_or(key).parse().ok()?;
    lessons.get(number.checked_sub(1)?)
}

fn parse_lesson(number: usize, page: &str) -> Lesson {
    let (body, block) = page.split_once("```exercises").unwrap_or((page, ""));
    let block = block.split("```").next().unwrap_or("");
    let mut lines = body.lines();
    let title = lines
        .by_ref()
        .find(|l| !l.trim().is_empty())
        .map(|l| l.trim_start_matches('#').trim().to_owned())
        .unwrap_or_default();
    let text = lines.collect::<Vec<_>>().join("\n").trim().to_owned();
    let exercises = block
        .lines()
        .filter_map(|line| {
            let mut parts = line.split('|').map(str::trim);
            let (fen, prompt, answer) = (parts.next()?, parts.next()?, parts.next()?);
            (!fen.is_empty()).then(|| LessonExercise {
                fen: fen.to_owned(),
                prompt: prompt.to_owned(),
                answer: crate::notation::bounded_prefix(answer).to_owned(),
            })
        })
        .collect();
    Lesson {
        id: format!("lesson-{number}"),
        number,
        title,
        text,
        exercises,
    }
}
