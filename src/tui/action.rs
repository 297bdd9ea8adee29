//! Everything a user can ask for, as one enum (not `Copy`: a paste carries
//! its text): keys, the help overlay and the tests all speak in
//! [`Action`]s. The outside world's answers come back as
//! [`Reply`](super::Reply)s instead.

use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::context::KeyContext;

/// One intent of the user (or of time passing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Type a character into the input line.
    Insert(char),
    /// Delete the character before the cursor.
    Backspace,
    /// Delete the character under the cursor.
    Delete,
    /// Move the cursor one character left.
    Left,
    /// Move the cursor one character right.
    Right,
    /// Move the cursor to the start of the line.
    Home,
    /// Move the cursor to the end of the line.
    End,
    /// Clear the input line (Ctrl-U).
    ClearLine,
    /// Delete the word before the cursor (Ctrl-W).
    DeleteWord,
    /// Put the last submitted input back on the line (Up).
    RecallLast,
    /// Complete the input when one candidate remains (Tab).
    Complete,
    /// Play the typed move; on a finished puzzle, go to the next one (Enter).
    Submit,
    /// Ask for the next hint rung.
    Hint,
    /// Give up and show the solution.
    ShowSolution,
    /// Go to the next puzzle.
    Next,
    /// Start the puzzle over.
    Retry,
    /// Turn the board around.
    FlipBoard,
    /// Show or hide the puzzle's themes (hidden while it is unsolved).
    ToggleThemes,
    /// Leave the current screen (or close the help overlay).
    Back,
    /// A game: hide or show the board (blindfold play).
    ToggleBoard,
    /// A game: show or hide the position in words.
    Words,
    /// A finished puzzle: play its position out against the engine.
    PlayOut,
    /// Show or hide the help overlay.
    ToggleHelp,
    /// Large pieces on or off (where a square is wide enough for them).
    TogglePieces,
    /// Leave Sancho.
    Quit,
    /// Choose the highlighted menu item.
    Select,
    /// Move the menu highlight up.
    Up,
    /// Move the menu highlight down.
    Down,
    /// Scroll a page up.
    ScrollUp,
    /// Scroll a page down.
    ScrollDown,
    /// Filter screen: put the highlighted theme into (or out of) "all of".
    ToggleAll,
    /// Filter screen: clear every choice.
    ResetFilter,
    /// Filter screen: play the puzzles the filter keeps.
    PlayFiltered,
    /// Puzzle screen, rated training: the next puzzle one difficulty
    /// harder (after the hardest, the easiest).
    CycleDifficulty,
    /// Home screen, on Puzzles: blind tactics on or off.
    ToggleBlind,
    /// Sets screen: make a new set.
    New,
    /// Sets screen: delete the highlighted set (a second press confirms).
    Remove,
    /// Text pasted into the terminal (bracketed paste): its first line goes
    /// to the input line, as far as the line's bound allows.
    Paste(String),
    /// A mouse click (left button) at this column and row of the terminal.
    Click(u16, u16),
    /// Time passed, in milliseconds (drives the opponent's delayed reply).
    Tick(u64),
    /// The terminal now has this many columns and rows.
    Resize(u16, u16),
}

/// Maps a mouse event to an action on `screen`: a left click is a
/// [`Action::Click`] (the screen decides what is under it); the wheel
/// moves through a page or a list a line at a time, as the arrow keys do,
/// and means nothing where the arrows edit or play (the puzzle, a drill's
/// answer, the board cursor). `None` for everything else.
pub fn mouse_action(mouse: MouseEvent, screen: &KeyContext) -> Option<Action> {
    let wheel = matches!(
        screen,
        KeyContext::Home | KeyContext::Menu | KeyContext::Page
    );
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Action::Click(mouse.column, mouse.row)),
        MouseEventKind::ScrollUp if wheel => Some(Action::Up),
        MouseEventKind::ScrollDown if wheel => Some(Action::Down),
        _ => None,
    }
}
