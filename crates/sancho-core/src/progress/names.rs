//! The one rule for a name the user gives something they keep (a set, a
//! repertoire): 1 to [`MAX_NAME_CHARS`] characters once trimmed, every one
//! seen as itself (no control or formatting character: `s` and `s`
//! followed by a zero-width space look alike, and a right-to-left override
//! shows other text than it holds), and not starting with `-` (it would
//! read as an option). Names read back from a file are held to it too.

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// What is wrong with a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    /// Empty, or only white space.
    #[error("is empty")]
    Empty,
    /// Longer than [`MAX_NAME_CHARS`].
    #[error("is longer than {MAX_NAME_CHARS} characters")]
    TooLong,
    /// A character that is not seen as itself.
    #[error(
        "holds U+{:04X}, {}: a name must read as it is written",
        u32::from(*.0),
        hidden_kind(*.0).unwrap_or("a character that cannot be seen")
    )]
    Hidden(char),
    /// Starts with `-`.
    #[error("starts with '-' (it would read as an option)")]
    Dash,
}

/// What kind of character `c` is when it cannot be seen as itself in a
/// name; `None` for a visible one.
pub(crate) fn hidden_kind(c: char) -> Option<&'static str> {
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
    match c.general_category() {
        GeneralCategory::Control => Some("a control character"),
        GeneralCategory::Format => Some("an invisible formatting character"),
        GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator => {
            Some("a line or paragraph separator")
        }
        GeneralCategory::PrivateUse => Some("a private-use character"),
        GeneralCategory::Unassigned | GeneralCategory::Surrogate => Some("an unassigned character"),
        _ => None,
    }
}

/// Checks a name by the rule above; returns it trimmed.
///
/// # Errors
/// The first [`NameProblem`] found: empty, too long, a hidden character,
/// a leading `-`.
pub fn checked_name(name: &str) -> Result<&str, NameProblem> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameProblem::Empty);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameProblem::TooLong);
    }
    if let Some(c) = name.chars().find(|&c| hidden_kind(c).is_some()) {
        return Err(NameProblem::Hidden(c));
    }
    if name.starts_with('-') {
        return Err(NameProblem::Dash);
    }
    Ok(name)
}

/// Checks a name read back from a file: as [`checked_name`], and with no
/// white space around it (what the commands store is trimmed).
///
/// # Errors
/// As [`checked_name`].
pub fn checked_stored_name(name: &str) -> Result<&str, NameProblem> {
    let trimmed = checked_name(name)?;
    if trimmed.len() != name.len() {
        let c = name.chars().find(|c| c.is_whitespace()).unwrap_or(' ');
        return Err(NameProblem::Hidden(c));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_held_to_one_rule() {
        assert_eq!(checked_name("  forks "), Ok("forks"));
        assert_eq!(checked_name("Ruy López (main)"), Ok("Ruy López (main)"));
        assert_eq!(checked_name(" "), Err(NameProblem::Empty));
        assert_eq!(checked_name(&"x".repeat(41)), Err(NameProblem::TooLong));
        assert_eq!(checked_name("--help"), Err(NameProblem::Dash));
        for (name, c) in [
            ("a\u{202e}b", '\u{202e}'),
            ("s\u{200b}", '\u{200b}'),
            ("\u{1b}[31mred", '\u{1b}'),
            ("a\u{2028}b", '\u{2028}'),
        ] {
            assert_eq!(checked_name(name), Err(NameProblem::Hidden(c)), "{name:?}");
        }
        assert_eq!(
            NameProblem::Hidden('\u{202e}').to_string(),
            "holds U+202E, an invisible formatting character: a name must read as it is written"
        );
        assert_eq!(checked_stored_name("white"), Ok("white"));
        assert!(checked_stored_name(" white").is_err());
    }
}
