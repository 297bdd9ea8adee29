//! The built-in content this binary embeds (by `build.rs`): the puzzle
//! packs, the lesson pages, the famous games and the endgames, read once by the core's
//! readers and kept for the run. The core itself embeds nothing and opens
//! no file: its readers take the text.

use std::sync::OnceLock;

use sancho_core::drill::{GameBook, Lesson, read_lessons};
use sancho_core::puzzle::{BuiltinError, Pack, read_builtin_packs};
use sancho_core::train::endgame::{Endgame, EndgameError, read_endgames};

/// Every built-in pack file as (file name, text), in file-name order.
pub const BUILTIN_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_packs.rs"));

/// The lesson pages, in order (lesson 1 first).
pub const LESSON_PAGES: &[&str] = include!(concat!(env!("OUT_DIR"), "/lessons.rs"));

/// The famous games as (id, PGN), in file-name order.
pub const GAME_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/games.rs"));

/// The endgame files as (file name, text), in file-name order.
pub const ENDGAME_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/endgames.rs"));

/// The built-in endgames to play out against the engine (`sancho game
/// --endgame`), every file's in file-name order, read once.
///
/// # Errors
/// The first file that does not read (the test suite keeps this from
/// happening: `tests/puzzle` checks every entry).
pub fn endgames() -> Result<&'static [Endgame], EndgameError> {
    static ENDGAMES: OnceLock<Result<Vec<Endgame>, EndgameError>> = OnceLock::new();
    ENDGAMES
        .get_or_init(|| {
            let mut all = Vec::new();
            for (_, text) in ENDGAME_FILES {
                all.extend(read_endgames(text)?);
            }
            Ok(all)
        })
        .as_deref()
        .map_err(Clone::clone)
}

/// The built-in packs, parsed, in file-name order.
///
/// # Errors
/// The first pack that does not read (the test suite keeps this from
/// happening: every built-in pack must pass `sancho check --strict`).
pub fn builtin_packs() -> Result<Vec<Pack>, BuiltinError> {
    read_builtin_packs(BUILTIN_FILES)
}

/// Every lesson, in order.
pub fn lessons() -> &'static [Lesson] {
    static LESSONS: OnceLock<Vec<Lesson>> = OnceLock::new();
    LESSONS.get_or_init(|| read_lessons(LESSON_PAGES))
}

/// The lesson with this number (1-based) or id (`lesson-3`).
pub fn lesson(key: &str) -> Option<&'static Lesson> {
    sancho_core::drill::find_lesson(lessons(), key)
}

/// The famous games (with the positions the drills draw from them).
pub fn game_book() -> &'static GameBook {
    static BOOK: OnceLock<GameBook> = OnceLock::new();
    BOOK.get_or_init(|| GameBook::new(GAME_FILES))
}
