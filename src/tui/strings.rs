//! Every user-visible string of the terminal interface, in one place for
//! wording reviews and later translation.

use shakmaty::Square;

use crate::drill::DrillKind;
use crate::notation::{Lang, role_name};
use crate::session::{HintRung, Wrong};

/// The application's name as shown in headers.
pub const APP_NAME: &str = "Sancho";
/// The tag line under the name on the home screen.
pub const TAGLINE: &str = "type SAN, get every mistake explained";
/// How a coordinates "Find" exercise is answered on the board.
pub const FIND_KEYS: &str =
    "Move the cursor with the arrows or hjkl and press Enter, or click the square.";
/// The title of the blindfold panel that stands in for the board.
pub const BLINDFOLD_TITLE: &str = " Blindfold ";
/// Under the blindfold position.
pub const BLINDFOLD_NOTE: &str =
    "The moves since are beside. The board is shown once the puzzle ends.";
/// Blind tactics, beside the frozen board: the moves to read from it.
pub fn blind(plies: u8, read: &str) -> String {
    let plies = if plies == 1 {
        "1 ply".to_owned()
    } else {
        format!("{plies} plies")
    };
    format!(
        "Blind: the board is {plies} before the puzzle and stays so. Read {read}, then solve it in your head."
    )
}
/// Status when a puzzle starts.
pub const STATUS_START: &str = "Find the best move and type it.";
/// Status after a retry.
pub const STATUS_RETRY: &str = "Again from the start.";
/// The home screen's notice when no puzzles were loaded.
pub const NO_PUZZLES: &str = "No puzzles loaded: start sancho with a puzzle file.";
/// The home screen's notice after the last puzzle.
pub const ALL_DONE: &str = "That was the last puzzle.";
/// The hint panel when nothing is typed, its examples in `lang`'s letters
/// (German: "Sf3, exd5, O-O, e8=D").
pub fn hint_empty(lang: crate::notation::Lang) -> String {
    format!(
        "Type a move in SAN ({}, exd5, O-O, {}). Tab completes, Enter plays.",
        lang.localize("Nf3"),
        lang.localize("e8=Q")
    )
}
/// The hint panel once the puzzle is over.
pub const HINT_OVER: &str = "←/→ Home/End: step through the solution   Enter or F4: next   F5: retry   Ctrl-P: play out   Esc: menu";
/// The hint panel during a puzzle when the config file turns it off.
pub const HINT_OFF: &str =
    "Live hint off (live_hint = \"off\" in config.toml): type your move and press Enter.";
/// Title of the input box.
pub const INPUT_TITLE: &str = " Your move ";
/// Title of the hint panel.
pub const HINT_TITLE: &str = " Live hint ";
/// Title of the help overlay.
pub const HELP_TITLE: &str = " Keys ";
/// The help overlay's title on the home screen (the modes, the rules, the keys).
pub const HELP_TITLE_HOME: &str = " Help: the modes, the rules, the keys ";
/// Heading of the moves list.
pub const MOVES_HEADING: &str = "Moves";
/// Shown while the opponent's reply is on its way.
pub const WAITING: &str = "opponent to reply…";

/// The home menu's items, in order.
pub const MENU: [&str; 16] = [
    "Puzzles (rated, at your level)",
    "Drills and lessons",
    "Stats",
    "Library",
    "Storm",
    "Streak",
    "My games",
    "Guess the move",
    "Repertoire",
    "Play out (a position against the engine)",
    "Course (the notation packs in order, never rated)",
    "Weakness training (rated, your weakest themes)",
    "History (the puzzles played lately)",
    "Sets (Woodpecker: the same puzzles, faster each cycle)",
    "Help",
    "Quit",
];

/// The home menu, with the library item telling how to import one when
/// there is none, and "My games" how to mine them.
pub fn menu(has_library: bool, has_mined: bool) -> [&'static str; 16] {
    let mut items = MENU;
    if !has_library {
        items[3] = "Library (import one: sancho import FILE)";
    }
    if !has_mined {
        items[6] = "My games (make them: sancho mine GAMES.pgn)";
    }
    items
}

/// The home menu's Puzzles with rated training's difficulty: "Puzzles
/// (rated, harder (+300); ← → change)".
pub fn rated_item(difficulty: crate::train::Difficulty, blind: Option<u8>) -> String {
    match blind {
        Some(plies) => format!(
            "Puzzles (rated, {}, blind {plies}; ← → change, b)",
            difficulty.label()
        ),
        None => format!("Puzzles (rated, {}; ← → change)", difficulty.label()),
    }
}

/// Rated training's difficulty in the puzzle screen's header: " ·
/// harder (+300)".
pub fn difficulty_header(difficulty: crate::train::Difficulty) -> String {
    format!(" · {}", difficulty.label())
}

/// The run summary's heading over its failed puzzles.
pub const RUN_FAILED: &str = "Failed (added to your reviews; r replays them, never rated):";

/// The home menu's Weakness training with the themes it trains.
pub fn weak_item(themes: &[String]) -> String {
    format!("Weakness training (rated: {})", themes.join(", "))
}

/// The home menu's Weakness training before any theme is weak.
pub const NO_WEAK: &str = "No weak theme yet: a theme is weak once you have played 5 of its puzzles and do worse in it than overall (Stats shows the dashboard).";

/// The History screen's title.
pub const HISTORY_TITLE: &str = "History";
/// The History screen's columns.
pub const HISTORY_HEAD: &str =
    "When (UTC)        Puzzle       Result                 Rating  Time  Themes";
/// The History screen with nothing played yet.
pub const HISTORY_EMPTY: &str = "No puzzle played yet.";
/// The History screen's last line when some failed.
pub fn history_failed(failed: usize, loaded: usize) -> String {
    let here = if loaded == failed {
        "r replays them".to_owned()
    } else if loaded == 0 {
        "sancho play --replay-failed replays them".to_owned()
    } else {
        format!("r replays the {loaded} loaded here; sancho play --replay-failed all of them")
    };
    format!("{failed} failed: {here} (never rated).")
}
/// The History screen's r when no failed puzzle is loaded here.
pub const HISTORY_NONE_LOADED: &str =
    "None of the failed puzzles is loaded here: sancho play --replay-failed replays them.";

/// The home menu's Course when the trainer was opened without it.
pub const NO_COURSE: &str = "The course is not loaded here: run sancho course.";
/// The home screen's notice when there is no repertoire.
pub const NO_REPERTOIRE: &str =
    "No repertoire yet: add your openings with sancho repertoire add FILE.pgn --side white|black.";
/// The home screen's notice when no repertoire has a card to ask today.
pub const NOTHING_DUE: &str =
    "Nothing to train in your repertoires today: no card is due and today's new cards are learned.";
/// The repertoire trainer's header title.
pub const REPERTOIRE_TITLE: &str = "Repertoire";

/// The home screen's notice when there is no library.
pub const NO_LIBRARY: &str =
    "No puzzle library yet: download lichess_db_puzzle.csv.zst, then run sancho import FILE.";
/// The filter screen's notice when the filter keeps no puzzle.
pub const NOTHING_TO_PLAY: &str = "No puzzle matches this filter.";
/// The filter screen's title.
pub const FILTER_TITLE: &str = "Puzzle library";
/// The filter screen's field labels.
pub const FILTER_FIELDS: [&str; 3] = ["Rating from", "Rating to", "Popularity at least"];
/// The opening line (set from the command line, not edited here).
pub const FILTER_OPENING: &str = "Opening";

/// Beside the highlighted rating row: it can be typed.
pub const FILTER_TYPE_HINT: &str = " type a rating, or ← → by 100";

/// Why a rating typed on the filter screen was not taken.
pub fn rating_range(typed: &str, floor: u16, ceil: u16) -> String {
    format!("{typed} is not a rating here: type one from {floor} to {ceil}")
}
/// A field (or a count) with no value yet.
pub const ANY: &str = "any";
/// The theme table's headings.
pub const FILTER_HEADINGS: [&str; 3] = ["Theme", "Puzzles", "Match"];
/// Shown while the counts are for an older filter.
pub const COUNTING: &str = "counting…";

/// The filter screen's always visible line.
pub fn matching(count: Option<u64>, stale: bool) -> String {
    let batch = crate::train::LIBRARY_BATCH as u64;
    let mut out = match count {
        Some(1) => "1 puzzle matches".to_owned(),
        // Why "Puzzle 1 of 100" follows "204 puzzles match".
        Some(n) if n > batch => format!(
            "{} puzzles match; a session plays {batch} of them",
            grouped(n)
        ),
        Some(n) => format!("{} puzzles match", grouped(n)),
        None => "? puzzles match".to_owned(),
    };
    if stale {
        out.push_str(&format!(" ({COUNTING})"));
    }
    out
}

/// A number with thousands separators (`5,512,345`).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Status after a correct move (the puzzle's comment is under the moves,
/// and the notation slips go on their own lines under this one).
pub fn correct(san: &str, alternative: bool) -> String {
    if alternative {
        format!("{san} also mates: correct.")
    } else {
        format!("{san} is correct.")
    }
}

/// One notation slip under the verdict.
pub fn slip(note: &str) -> String {
    format!("note: {note}")
}

/// Why a submitted input was wrong, for the status line.
pub fn wrong(input: &str, wrong: &Wrong) -> String {
    match wrong {
        Wrong::NotLegal(rejected) => format!("{}: {}", input.trim(), rejected.error),
        Wrong::NotSolution { text, note } => match note {
            Some(note) => format!("{} is legal, but not the move here: {note}", text.san),
            None => format!("{} is legal, but not the move here.", text.san),
        },
    }
}

/// The squares a hint rung points at (piece, destination) and its words
/// (the move in `lang`'s letters).
pub fn hint_rung(rung: &HintRung, lang: Lang) -> (Option<Square>, Option<Square>, String) {
    match rung {
        // The pack's words, its moves in the user's letters.
        HintRung::Text(text) => (None, None, format!("Hint: {}", lang.localize_text(text))),
        HintRung::Piece { square, role } => (
            Some(*square),
            None,
            format!("Hint: move the {} on {square}.", role_name(*role)),
        ),
        HintRung::Destination { from, to } => (
            Some(*from),
            Some(*to),
            format!("Hint: from {from} to {to}."),
        ),
        HintRung::Move(text) => {
            let [from, to] = crate::tui::view::board::move_squares(text.mv);
            (
                Some(from),
                Some(to),
                format!("Hint: the move is {}.", lang.localize(&text.san)),
            )
        }
    }
}

/// Status once a puzzle is over.
pub fn finished(message: &str) -> String {
    format!("{message}  Enter: next puzzle, F5: retry.")
}

/// The engine could not say why the first wrong move failed.
pub fn engine_failed(why: &str) -> String {
    format!("(The engine gave no refutation: {why}.)")
}

/// Why the first wrong move failed, shown once the puzzle has ended (the
/// same words as line mode's).
pub fn refuted(refutation: &str) -> String {
    format!("Why your first try failed: {refutation}.")
}

/// The engine was asked about the first wrong move and shows no short
/// refutation (the same words as line mode's).
pub fn unrefuted(text: &str) -> String {
    format!("About your first try: {text}.")
}

/// A lesson not yet passed, with its best score ("best 40%, pass at 80%").
pub fn lesson_best(percent: u32) -> String {
    format!(
        "(best {percent}%, pass at {}%)",
        crate::progress::LESSON_PASS_PERCENT
    )
}

/// Added to the status once a puzzle counts as failed but goes on.
pub fn marked_failed(reason: &str) -> String {
    format!("Failed, keep going ({reason}).")
}

/// The screen shown when the terminal is too small.
pub fn too_small(min_w: u16, min_h: u16, w: u16, h: u16) -> String {
    format!("make the window at least {min_w}×{min_h} (now {w}×{h})")
}

/// The header's puzzle counter: "Puzzle 14 of 245 · 13 solved".
pub fn counter(index: usize, total: usize, solved: usize) -> String {
    format!("Puzzle {} of {total} · {solved} solved", index + 1)
}

/// The header's Woodpecker set: " · set forks, cycle 3: 5/20".
pub fn set_header(set: &crate::tui::config::SetHeader) -> String {
    format!(
        " · set {}, cycle {}: {}/{}",
        set.name, set.cycle, set.done, set.size
    )
}

/// A set cycle finished by the puzzle just recorded, with the next goal:
/// "Cycle 2 done: 43/50 solved (86%), 12:34 solving, 3 days. Next: within
/// 2 days.".
pub fn cycle_done(summary: &crate::progress::CycleSummary) -> String {
    let goal = crate::progress::goal_after(summary.days);
    let days = if goal == 1 { "day" } else { "days" };
    format!(
        "Cycle {} done: {}. Next cycle: within {goal} {days}.",
        summary.cycle,
        summary.figures()
    )
}

/// The Sets screen's title.
pub const SETS_SCREEN_TITLE: &str = "Woodpecker sets";
/// The Sets screen before the store has answered.
pub const SETS_READING: &str = "Reading your sets…";
/// The Sets screen with no set yet.
pub const SETS_NONE: &str = "No sets yet: n makes one (a name, a size, then which puzzles).";
/// What the Sets screen says when no progress store stands behind it.
pub const SETS_NO_STORE: &str = "sets live in your progress, which could not be opened";
/// The first step of a new set.
pub const SET_NAME_PROMPT: &str = "New set: its name (Enter: next, Esc: back)";
/// The second step of a new set.
pub fn set_size_prompt(default: usize) -> String {
    format!("How many puzzles (Enter alone: {default}; Esc: back)")
}

/// The filter form's title while a new set's puzzles are chosen.
pub fn set_filter_title(name: &str, count: usize) -> String {
    format!("New set {name}: {count} puzzles (Enter makes it)")
}

/// The Sets screen's column heads, the name column `name_w` wide.
pub fn set_head(name_w: usize) -> String {
    format!(
        "{:<name_w$} {:>5} {:>5}  {:<9} Next within",
        "Set", "Size", "Cycle", "Done"
    )
}

/// A set's row on the Sets screen, the name column `name_w` wide: name,
/// size, the cycle under way (or next), done of size, and the goal of the
/// next cycle.
pub fn set_row(set: &crate::progress::SetStats, name_w: usize) -> String {
    let (cycle, done) = match &set.current {
        Some(c) => (c.cycle, c.done),
        None => (set.cycles.len() + 1, 0),
    };
    let goal = match set.goal_days {
        Some(1) => "1 day".to_owned(),
        Some(days) => format!("{days} days"),
        None => "first cycle".to_owned(),
    };
    let done = format!("{done}/{}", set.puzzles);
    format!(
        "{:<name_w$} {:>5} {cycle:>5}  {done:<9} {goal}",
        set.name, set.puzzles
    )
}

/// How many puzzles a new set's filter keeps (it draws the set from them).
pub fn set_matching(count: Option<u64>, stale: bool) -> String {
    let mut out = match count {
        Some(1) => "1 puzzle matches".to_owned(),
        Some(n) => format!("{} puzzles match; the set is drawn from them", grouped(n)),
        None => "? puzzles match".to_owned(),
    };
    if stale {
        out.push_str(&format!(" ({COUNTING})"));
    }
    out
}

/// Said while the store makes a set.
pub fn set_making(name: &str) -> String {
    format!("Making the set {name}…")
}

/// Said once a set is made.
pub fn set_made(name: &str, size: usize, wanted: usize) -> String {
    let puzzles = if size == 1 { "puzzle" } else { "puzzles" };
    if size < wanted {
        format!("Set {name} made: only {size} {puzzles} fit the filters. Enter plays it.")
    } else {
        format!("Set {name} made: {size} {puzzles}. Enter plays it.")
    }
}

/// Said once a set is deleted.
pub fn set_deleted(name: &str) -> String {
    format!("Set {name} deleted (its attempts stay in your progress).")
}

/// The first press of delete on a set.
pub fn set_delete_confirm(name: &str) -> String {
    format!("Delete the set {name} and its cycles? Press delete again.")
}

/// A size out of range.
pub fn set_size_range(typed: &str, max: usize) -> String {
    if typed.is_empty() {
        format!("type how many puzzles: 1 to {max}")
    } else {
        format!("{typed} is not a size: 1 to {max} puzzles")
    }
}

/// The user's rating on the puzzle screen.
pub fn your_rating(rating: &str) -> String {
    format!("Your rating {rating}")
}

/// The first press of a key that would fail a rated puzzle: what a second
/// press does ("Press F2 again for a hint: it fails this rated puzzle").
pub fn confirm_fail(key: crate::tui::play::FailKey, label: &str) -> String {
    let what = match key {
        crate::tui::play::FailKey::Hint => "for a hint",
        crate::tui::play::FailKey::GiveUp => "to see the solution",
    };
    format!(
        "Press {label} again {what}: it fails this rated puzzle and costs rating points \
         (confirm_fail = false in config.toml turns this question off)."
    )
}

/// How the rating moved with a recorded puzzle: "Rating +12, now 1527",
/// or "Rating unchanged at 1527 (only a first attempt ...)", as line mode
/// says it.
pub fn rating_change(recorded: &crate::progress::Recorded) -> String {
    format!("Rating {}", recorded.describe())
}

/// The puzzle's themes line (once shown).
pub fn themes(themes: &[String]) -> String {
    format!("Themes: {}", themes.join(", "))
}

/// The themes line while they are hidden.
pub const THEMES_HIDDEN: &str = "Themes hidden until solved (F7 shows them)";

/// Where the puzzle comes from (a Lichess game).
pub fn game(url: &str) -> String {
    format!("Game: {url}")
}

/// The status line while stepping through the solution.
pub fn step(at: usize, of: usize, san: Option<&str>, comment: Option<&str>) -> String {
    let mut out = match san {
        Some(san) => format!("Solution, move {at} of {of}: {san}."),
        None if of == 1 => "Solution: the start position (1 move).".to_owned(),
        None => format!("Solution: the start position ({of} moves)."),
    };
    if let Some(c) = comment {
        out.push(' ');
        out.push_str(c);
    }
    out
}

/// How many puzzles were loaded.
pub fn loaded(n: usize) -> String {
    match n {
        1 => "1 puzzle loaded".to_owned(),
        n => format!("{n} puzzles loaded"),
    }
}

/// "You play White" / "You play Black".
pub fn you_play(white: bool) -> &'static str {
    if white {
        "You play White"
    } else {
        "You play Black"
    }
}

/// The hint panel's first line for each state.
pub mod hint {
    /// Partial input: how many moves still fit.
    pub fn partial(n: usize) -> String {
        if n == 1 {
            "partial: 1 move fits".to_owned()
        } else {
            format!("partial: {n} moves fit")
        }
    }

    /// Partial input whose moves are not listed during a puzzle: how many
    /// fit ("partial: 12 rook moves fit").
    pub fn count(n: usize, piece: Option<shakmaty::Role>) -> String {
        let moves = if n == 1 { "move" } else { "moves" };
        let fit = if n == 1 { "fits" } else { "fit" };
        match piece {
            Some(role) => format!(
                "partial: {n} {} {moves} {fit}",
                crate::notation::role_name(role)
            ),
            None => format!("partial: {n} {moves} {fit}"),
        }
    }

    /// Complete input.
    pub fn complete(san: &str) -> String {
        format!("complete: {san}, press Enter to play")
    }

    /// Complete input that could still grow into another move.
    pub fn complete_or_longer(san: &str, longer: &[&str]) -> String {
        if longer.is_empty() {
            complete(san)
        } else {
            format!("complete: {san} (or keep typing: {})", longer.join(", "))
        }
    }

    /// Ambiguous input.
    pub fn ambiguous(sans: &[&str]) -> String {
        let list = match sans {
            [] => String::new(),
            [one] => (*one).to_owned(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        };
        format!("ambiguous: {list}?")
    }

    /// Impossible input, with the engine's reason.
    pub fn impossible(reason: &crate::notation::Impossible) -> String {
        format!("impossible: {reason}")
    }
}

/// The drills menu's title.
pub const DRILLS_TITLE: &str = "Drills";
/// The lesson list's title.
pub const LESSONS_TITLE: &str = "Lessons";
/// The stats screen's title.
pub const STATS_TITLE: &str = "Stats";
/// The notice when a drill could not make any exercise.
pub const NO_EXERCISES: &str = "No exercises could be made for this drill.";
/// Title of the drill's input box.
pub const ANSWER_TITLE: &str = " Your answer ";
/// Above the previous answer's verdict, shown beside the next exercise.
pub const PREVIOUS_ANSWER: &str = "Your last answer:";
/// Under the last verdict.
pub const TO_SUMMARY: &str = "Enter: the summary.";
/// The lesson page's last line.
pub const LESSON_START: &str = "Enter: start the exercises.   Esc: back to the lessons.";
/// The summary's last line.
pub const SUMMARY_BACK: &str = "Enter or Esc: back to the menu.";
/// The stats screen with nothing recorded yet.
pub const STATS_EMPTY: &str =
    "No results yet. Solve a puzzle or finish a drill, and your figures will appear here.";
/// Heading of the rating chart.
pub const RATING_TITLE: &str = " Rating ";
/// Heading of the theme bars.
pub const THEMES_TITLE: &str = " Themes: first try (%), performance ";
/// Heading of the mistakes list.
pub const MISTAKES_TITLE: &str = " Notation mistakes ";
/// The Stats screen's Woodpecker sets panel.
pub const SETS_TITLE: &str = " Woodpecker sets ";
/// The themes block with no puzzle attempted.
pub const NO_THEMES: &str = "No puzzle attempted yet.";
/// The mistakes block with none made.
pub const NO_MISTAKES: &str = "No notation mistakes recorded.";
/// The rating block before any rated attempt.
pub const NO_RATING: &str = "No rated attempt yet.";

/// A drills menu item's label.
pub fn drill_entry(kind: Option<DrillKind>, timed: bool) -> &'static str {
    match (kind, timed) {
        (None, _) => "Lessons",
        (Some(_), true) => "Coordinates, 30 seconds",
        (Some(kind), false) => drill_name(kind),
    }
}

/// One line on what a drills menu entry is (`None`: the lessons).
pub fn drill_about(kind: Option<DrillKind>, timed: bool) -> &'static str {
    match (kind, timed) {
        (None, _) => "every rule of SAN: a page, then exercises",
        (Some(_), true) => "as many squares as 30 seconds allow",
        (Some(kind), false) => match kind {
            DrillKind::Write => "a move is shown on the board: write its SAN",
            DrillKind::Read => "a SAN is shown: type its squares (e2e4)",
            DrillKind::Disambiguation => "moves that need a file, a rank or a square",
            DrillKind::Coordinates => "name the marked square, or find a named one",
            DrillKind::Transcribe => "replay a famous game move by move in SAN",
            DrillKind::Review => "your notation slips, those due first",
            DrillKind::SquareColour => "is f6 light or dark? No board to look at",
            DrillKind::Vision => "a SAN on a position: name its two squares",
        },
    }
}

/// The drills menu's scoresheet entry and what it is.
pub const SCORESHEET_ENTRY: (&str, &str) =
    ("Scoresheet", "write down a famous game as it is played");

/// The home help's modes: each menu item and what it is.
pub const HOME_MODES: &[(&str, &str)] = &[
    (
        "Puzzles",
        "rated, near your rating; ← → difficulty, b blind tactics",
    ),
    (
        "Drills",
        "notation practice: write, read, coordinates, vision; lessons",
    ),
    (
        "Stats",
        "your rating, streaks, slips, drills and Woodpecker sets",
    ),
    (
        "Library",
        "filter the Lichess puzzles you imported (sancho import)",
    ),
    (
        "Storm",
        "as many puzzles as 3 minutes allow; a wrong move costs 10 s",
    ),
    (
        "Streak",
        "puzzles of rising rating until the first mistake; one skip",
    ),
    (
        "My games",
        "puzzles found in your own games (sancho mine GAMES.pgn)",
    ),
    (
        "Guess",
        "a master's game played to your move: guess the move played",
    ),
    (
        "Repertoire",
        "your openings from your PGN, asked move by move",
    ),
    (
        "Play out",
        "a position against the engine, typed in SAN; needs an engine",
    ),
    (
        "Course",
        "the notation packs in teaching order, never rated",
    ),
    ("Weakness", "rated puzzles on your weakest themes"),
    (
        "History",
        "the puzzles you played; r replays the failed ones",
    ),
    (
        "Sets",
        "Woodpecker sets: make one (n), play it faster each cycle",
    ),
];

/// The home help's Puzzles line, with the key that turns blind tactics
/// on as it is bound.
pub fn puzzles_mode(blind_key: &str) -> String {
    format!("rated, near your rating; ← → difficulty, {blind_key} blind tactics")
}

/// The home help's rules: what counts as solved, what moves the rating,
/// with the keys of the hint and of the solution as they are bound.
pub fn home_rules(hint: &str, solution: &str) -> String {
    format!(
        "Solved: every move found at the first try. A wrong legal move, a hint \
         ({hint}) or the solution ({solution}) fails the puzzle (you may play it \
         out); a typo never does. Rating: only a first attempt at a rated puzzle \
         moves it; the course, replays, Storm and Streak do not."
    )
}

/// A drill kind's name.
pub fn drill_name(kind: DrillKind) -> &'static str {
    match kind {
        DrillKind::Write => "Write the move",
        DrillKind::Read => "Read the move",
        DrillKind::Disambiguation => "Disambiguation",
        DrillKind::Coordinates => "Coordinates",
        DrillKind::Transcribe => "Transcribe a game",
        DrillKind::Review => "Review your weak spots",
        DrillKind::SquareColour => "Square colours",
        DrillKind::Vision => "Move vision",
    }
}

/// The drill screen's header title.
pub fn drill_title(kind: DrillKind, timed: bool) -> String {
    if timed {
        format!("{}, timed", drill_name(kind))
    } else {
        drill_name(kind).to_owned()
    }
}

/// A lesson's title as in the list and the header.
pub fn lesson_title(number: usize, title: &str) -> String {
    format!("Lesson {number}: {title}")
}

/// The header's exercise counter.
pub fn exercise_counter(number: usize, total: usize) -> String {
    format!("Exercise {number} of {total}")
}

/// Milliseconds as seconds with one decimal (`12.3 s`).
pub fn seconds(ms: u64) -> String {
    format!("{}.{} s", ms / 1000, (ms % 1000) / 100)
}

/// A ratio as a whole percentage.
pub fn percent(ratio: f64) -> String {
    format!("{:.0}%", ratio * 100.0)
}

pub mod game;
pub mod run;
pub use run::{DRAWING, LOADING_MINED, MINED_EMPTY, NO_MINED, mined_unreadable, run_notice};

/// Said on every screen's last line while finished results wait to be
/// saved (a write failed; they are kept and tried again with the next
/// result and when the user leaves). Short: the error is what is cut on a
/// narrow screen.
pub fn unsaved(count: usize, error: &str) -> String {
    let results = if count == 1 { "result" } else { "results" };
    format!("{count} {results} not saved (kept, will retry): {error}")
}

/// Why the session ends in an error: what could not be saved even on
/// leaving.
pub fn not_saved(count: usize, error: &str) -> String {
    let results = if count == 1 { "result" } else { "results" };
    format!("{count} finished {results} could not be saved: {error}")
}

/// The progress store's thread is gone (it never should be).
pub const STORE_GONE: &str = "the progress store's thread stopped: nothing more can be saved";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solution_steps_are_counted_in_words() {
        assert_eq!(
            step(0, 1, None, None),
            "Solution: the start position (1 move)."
        );
        assert_eq!(
            step(0, 3, None, None),
            "Solution: the start position (3 moves)."
        );
        assert_eq!(
            step(1, 3, Some("Rd8+"), Some("Forced.")),
            "Solution, move 1 of 3: Rd8+. Forced."
        );
    }
}
