//! Tab on the input line: completion that never gives a check or mate away.

use super::Play;
use crate::notation::{Hint, HintState, Lang};
use crate::spoiler::without_signs;

impl Play {
    /// Tab: completes to the only candidate (without its check or mate
    /// sign: that would give the answer away); else to the candidates'
    /// common prefix when the input is a literal prefix of all of them; else,
    /// when the input already reads as a complete move (`0-0`), rewrites it
    /// in canonical SAN (`O-O`).
    pub fn complete(&mut self) {
        let text = self.input.text();
        let Some(target) = completion(&self.hint, &text, self.lang) else {
            return;
        };
        // Completing must not tell whether the move checks or mates.
        let target = without_signs(&target);
        if target != text {
            self.edit(|line| line.set(&target));
        }
    }
}

/// What Tab makes of `text`, given its live `hint`, in the user's letters:
/// the only candidate; else the candidates' common prefix when `text` is a
/// literal prefix of all of them; else, when `text` already reads as a
/// complete move (`0-0`), that move in canonical SAN (`O-O`). `None`: no
/// move fits. Signs are kept: the puzzle and guess screens take them off.
pub(crate) fn completion(hint: &Hint, text: &str, lang: Lang) -> Option<String> {
    let sans: Vec<String> = hint
        .candidates
        .iter()
        .map(|m| lang.localize(&m.san))
        .collect();
    match sans.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        [first, ..] if !sans.iter().all(|san| san.starts_with(text)) => {
            (hint.state == HintState::CompleteOrLonger).then(|| first.clone())
        }
        many => Some(common_prefix(many.iter().map(String::as_str))),
    }
}

pub(crate) fn common_prefix<'a>(mut words: impl Iterator<Item = &'a str>) -> String {
    let Some(first) = words.next() else {
        return String::new();
    };
    let mut len = first.len();
    for w in words {
        len = first
            .char_indices()
            .zip(w.chars())
            .take_while(|((_, a), b)| a == b)
            .map(|((i, a), _)| i + a.len_utf8())
            .last()
            .unwrap_or(0)
            .min(len);
    }
    first[..len].to_owned()
}
