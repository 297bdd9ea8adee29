//! The full-screen trainer needs a terminal on both ends: this says so
//! plainly (and points at line mode) instead of an OS error such as
//! "No such device or address".

use std::io::IsTerminal;

/// Which standard stream is not a terminal.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "no terminal: standard {stream} is not a terminal, and the full-screen trainer needs one; \
     use --plain for line mode (e.g. `sancho play --plain`)"
)]
pub struct NoTerminal {
    /// `input` or `output`.
    pub stream: &'static str,
}

/// Checks that standard input and output are both terminals.
///
/// # Errors
/// [`NoTerminal`] naming the first stream that is not one.
pub fn require() -> Result<(), NoTerminal> {
    which_missing(
        std::io::stdin().is_terminal(),
        std::io::stdout().is_terminal(),
    )
}

/// The pure rule behind [`require`].
fn which_missing(stdin: bool, stdout: bool) -> Result<(), NoTerminal> {
    match (stdin, stdout) {
        (false, _) => Err(NoTerminal { stream: "input" }),
        (true, false) => Err(NoTerminal { stream: "output" }),
        (true, true) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_stream_that_is_missing() {
        assert_eq!(which_missing(true, true), Ok(()));
        assert_eq!(which_missing(false, true).unwrap_err().stream, "input");
        assert_eq!(which_missing(false, false).unwrap_err().stream, "input");
        assert_eq!(which_missing(true, false).unwrap_err().stream, "output");
    }
}
