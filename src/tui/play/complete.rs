//! Tab on the input line: completion that never gives a check or mate away.

use super::Play;
use crate::notation::HintState;
use crate::spoiler::without_signs;

impl Play {
    /// Tab: completes to the only candidate (without its check or mate
    /// sign: that would give the answer away); else to the candidates'
    /// common prefix when the input is a literal prefix of all of them; else,
    /// when the input already reads as a complete move (`0-0`), rewrites it
    /// in canonical SAN (`O-O`).
    pub fn complete(&mut self) {
        let text = self.input.text();
        let sans: Vec<String> = self
            .hint
            .candidates
            .iter()
            .map(|m| self.lang.localize(&m.san))
            .collect();
        let target = match sans.as_slice() {
            [] => return,
            [one] => one.clone(),
            [first, ..] if !sans.iter().all(|san| san.starts_with(&text)) => {
                if self.hint.state != HintState::CompleteOrLonger {
                    return;
                }
                first.clone()
            }
            many => common_prefix(many.iter().map(String::as_str)),
        };
        // Completing must not tell whether the move checks or mates.
        let target = without_signs(&target);
        if target != text {
            self.edit(|line| line.set(&target));
        }
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
