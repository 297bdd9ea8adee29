//! The words line mode reads as commands, never as answers.
//!
//! A command is a whole line, in any case (`Solution`, `RETRY`). A line that
//! is a plain word and cannot be move notation (`hello`, `undo`) is answered
//! with the list of commands instead of being graded.

/// A line-mode command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// What to type, and the commands.
    Help,
    /// One hint (a puzzle's next rung; a drill's first clue).
    Hint,
    /// Shows the answer (a puzzle's solution; a drill's expected answer).
    Solution,
    /// Goes on to the next puzzle or exercise.
    Next,
    /// Starts the puzzle (or the drill) again and shows it again.
    Retry,
    /// Shows the board again.
    Board,
    /// Shows the puzzle's themes (a puzzle's only: hidden until it ends).
    Themes,
    /// Stops.
    Quit,
}

/// The commands of a drill, as the help line lists them.
pub const COMMANDS: &str = "help, hint, solution, next, retry, board, quit";

/// The commands of a puzzle: a drill's and `themes`.
pub const PUZZLE_COMMANDS: &str = "help, hint, solution, next, retry, board, themes, quit";

impl Command {
    /// The command a line names, case-insensitively, with its aliases
    /// (`?`, `give up`, `skip`, `exit`).
    pub fn parse(line: &str) -> Option<Command> {
        let word = line.trim().to_ascii_lowercase();
        let word = word.split_whitespace().collect::<Vec<_>>().join(" ");
        Some(match word.as_str() {
            "help" | "?" => Command::Help,
            "hint" => Command::Hint,
            "solution" | "give up" => Command::Solution,
            "next" | "skip" => Command::Next,
            "retry" => Command::Retry,
            "board" => Command::Board,
            "themes" | "theme" => Command::Themes,
            "quit" | "exit" => Command::Quit,
            _ => return None,
        })
    }
}

/// Whether `line` is a word that cannot be move notation or a square: only
/// letters (and spaces), with at least one letter that no move, square or
/// piece uses (`hello`, `undo`, `yes`). `Nd`, `exd` and `Bxe` are not such
/// words: they are moves being written, and the notation engine explains them.
pub fn is_unknown_word(line: &str) -> bool {
    let text = line.trim();
    !text.is_empty()
        && text.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
        && text
            .chars()
            .filter(|c| *c != ' ')
            .any(|c| !"abcdefghxkqrbnpo".contains(c.to_ascii_lowercase()))
}

/// The answer to an unknown word, listing the mode's `commands`.
pub fn unknown_word_text(line: &str, commands: &str) -> String {
    format!(
        "{:?} is not a move or a command. Commands: {commands}.",
        line.trim()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_in_any_case() {
        for (line, command) in [
            ("Solution", Command::Solution),
            ("RETRY", Command::Retry),
            (" help ", Command::Help),
            ("Give  Up", Command::Solution),
            ("Next", Command::Next),
            ("Board", Command::Board),
            ("QUIT", Command::Quit),
            ("Hint", Command::Hint),
            ("Themes", Command::Themes),
        ] {
            assert_eq!(Command::parse(line), Some(command), "{line}");
        }
        for line in ["Nf3", "e4", "helpme", "b", ""] {
            assert_eq!(Command::parse(line), None, "{line}");
        }
    }

    #[test]
    fn unknown_words_are_not_moves() {
        for word in ["hello", "undo", "yes please", "castle"] {
            assert!(is_unknown_word(word), "{word}");
        }
        for text in ["Nd", "exd", "Bxe", "e4", "O-O", "nf3", "g1f3", "Kb", ""] {
            assert!(!is_unknown_word(text), "{text}");
        }
    }
}
