//! The game as PGN with the user's guesses as comments (`sancho guess
//! --out FILE`): the game's tags, an `Annotator` tag, the game's own
//! comments, and after each guessed move `{guess: Nc3 (differs)}`.

use crate::notation::move_text;

use super::game::GuessGame;
use super::{Judgement, Verdict};
use crate::train::pgn_export::{brace_comment, push_movetext, push_tags};

/// The PGN of `game` with `judgements` as comments.
pub(super) fn write(game: &GuessGame, judgements: &[Judgement]) -> String {
    let mut out = String::new();
    let mut tags = game.tags.clone();
    tags.retain(|(name, _)| name != "Annotator");
    tags.push(("Annotator".to_owned(), "Sancho guess the move".to_owned()));
    push_tags(&mut out, tags.iter().map(|(n, v)| (n.as_str(), v.as_str())));
    let mut tokens: Vec<String> = Vec::new();
    let mut after_comment = true;
    for (ply, (pos, mv)) in game.moves.iter().enumerate() {
        let number = ply / 2 + 1;
        let san = move_text(pos, *mv).san;
        if ply % 2 == 0 {
            tokens.push(format!("{number}. {san}"));
        } else if after_comment {
            tokens.push(format!("{number}... {san}"));
        } else {
            tokens.push(san);
        }
        after_comment = false;
        if let Some(comment) = game.comments.get(ply).cloned().flatten() {
            tokens.push(brace_comment(&comment));
            after_comment = true;
        }
        if let Some(j) = judgements.iter().find(|j| j.ply == ply) {
            tokens.push(brace_comment(&guess_comment(j)));
            after_comment = true;
        }
    }
    tokens.push(game.result.clone().unwrap_or_else(|| "*".to_owned()));
    push_movetext(&mut out, &tokens);
    out
}

/// `guess: Nc3 (differs)`, with the engine's figures and reason.
fn guess_comment(j: &Judgement) -> String {
    let verdict = match j.verdict {
        Verdict::GameMove => "the game's move",
        Verdict::BetterThanGame => "better than the game",
        Verdict::AlsoGood => "also good",
        Verdict::Differs => "differs",
        Verdict::LosesMaterial => "loses material",
    };
    let mut text = format!("guess: {} ({verdict}, {} points", j.guess.san, j.points);
    match j.below_game_cp.filter(|_| j.verdict != Verdict::GameMove) {
        Some(cp) if cp >= 0 => text.push_str(&format!(", {cp} cp below the game's move")),
        Some(cp) => text.push_str(&format!(", {} cp above the game's move", -cp)),
        None => {}
    }
    text.push(')');
    if let Some(reason) = &j.reason {
        text.push_str(&format!(": {reason}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::super::{Guess, GuessOptions, GuessSide};
    use super::*;
    use crate::drill::parse_game;

    #[test]
    fn the_guesses_become_comments_and_the_pgn_reads_back() {
        let text = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n\n\
                    1. e4 e5 2. Nf3 {develops} Nc6 3. Bc4 1-0\n";
        let game = GuessGame::from_pgn(text).unwrap().remove(0);
        let options = GuessOptions {
            side: GuessSide::Black,
            ..GuessOptions::default()
        };
        let (mut g, _) = Guess::new(game, options).unwrap();
        g.submit("e5");
        g.submit("d6");
        let pgn = g.pgn();
        assert!(
            pgn.contains("[Annotator \"Sancho guess the move\"]"),
            "{pgn}"
        );
        let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "1. e4 e5 {guess: e5 (the game's move, 3 points)} 2. Nf3 {develops} 2... Nc6 {guess: d6 (differs, 0 points)} 3. Bc4 1-0"
            ),
            "{pgn}"
        );
        assert!(
            pgn.lines()
                .all(|l| l.len() <= crate::train::pgn_export::WIDTH)
        );
        let back = parse_game(&pgn).unwrap();
        assert_eq!(back.moves, ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
        assert_eq!(back.comment_after(2).as_deref(), Some("develops"));
    }
}
