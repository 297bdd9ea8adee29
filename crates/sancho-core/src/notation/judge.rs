//! Judging how a resolved input was written: one [`Diagnostic`] for each
//! departure from the move's canonical SAN.

use shakmaty::san::San;
use shakmaty::{Chess, Move, Role};

use super::diagnostic::{Code, Diagnostic};
use super::parse::{Form, Parsed, WrittenSuffix};
use super::san_strings;
use super::types::{MoveText, role_name};

/// Messages shared with the live hints, which teach them while typing.
pub(crate) const FIGURINE: &str = "figurines are for print: type the piece letter";
pub(crate) const PAWN_LETTER: &str = "pawns have no letter in SAN: leave out the P";
pub(crate) const LOWERCASE_PIECE: &str =
    "piece letters are upper case (a lower-case b would mean the b-file)";
pub(crate) const CASTLING_SPELLING: &str = "castling is written with capital O's joined by hyphens";

/// What a capture written with `X` or `:` is told (the sign named in
/// words, so that the message's own colon stays clear).
pub(crate) fn capture_sign_message(sign: char) -> String {
    let written = match sign {
        ':' => "a colon".to_owned(),
        'X' => "a capital X".to_owned(),
        other => format!("'{other}'"),
    };
    format!("a capture is marked with a lower-case x, not with {written}")
}

/// The diagnostics for `parsed`, which resolved to `text` in `pos`.
pub(crate) fn diagnose(
    pos: &Chess,
    parsed: &Parsed,
    text: &MoveText,
    input: &str,
) -> Vec<Diagnostic> {
    let mut out = Judgement {
        canonical: &text.san,
        out: Vec::new(),
    };
    let form = &parsed.form;
    let written = input.trim();

    if form.surrounding_space {
        out.add(
            Code::SurroundingSpace,
            "spaces around the move were ignored",
        );
    }
    if form.inner_space {
        out.add(Code::InnerSpace, "a move is written without spaces");
    }
    if let Some(glyphs) = &form.annotation {
        out.add(
            Code::Annotation,
            format!("annotation glyphs ({glyphs}) are not part of the move; they were ignored"),
        );
    }
    if form.figurine {
        out.add(Code::Figurine, FIGURINE);
    }
    if form.ep_suffix {
        let msg = if text.mv.is_en_passant() {
            "SAN does not write e.p. (a FIDE scoresheet may): en passant is written like any pawn capture"
        } else if text.mv.is_capture() {
            "e.p. is not written, and this capture is not en passant anyway"
        } else {
            "e.p. marks only an en passant capture, and this move captures nothing"
        };
        out.add(Code::EnPassantSuffix, msg);
    }
    if form.pawn_letter {
        out.add(Code::PawnLetter, PAWN_LETTER);
    }
    if form.lowercase_piece {
        out.add(Code::LowercasePiece, LOWERCASE_PIECE);
    }

    let uci;
    if let Move::Castle { rook, .. } = text.mv {
        judge_castling(&mut out, parsed, rook, written);
        uci = parsed.spec.role.is_none();
    } else {
        let canonical = San::from_move(pos, text.mv);
        uci = judge_form(&mut out, parsed, text.mv, &canonical, written);
        if !uci {
            judge_promotion(&mut out, parsed, text.mv);
            judge_never_occurs(&mut out, pos, parsed, text.mv);
        }
    }
    if !uci {
        judge_suffix(&mut out, form, text);
    }
    out.out
}

struct Judgement<'a> {
    canonical: &'a str,
    out: Vec<Diagnostic>,
}

impl Judgement<'_> {
    /// Adds a diagnostic whose message ends with the canonical form.
    fn add(&mut self, code: Code, message: impl Into<String>) {
        let message = format!("{}: {}", message.into(), self.canonical);
        self.add_whole(code, message);
    }

    /// Adds a diagnostic whose message already names the canonical form.
    fn add_whole(&mut self, code: Code, message: String) {
        self.out
            .push(Diagnostic::new(code, message, self.canonical));
    }
}

fn judge_castling(out: &mut Judgement<'_>, parsed: &Parsed, rook: shakmaty::Square, written: &str) {
    let (spec, form) = (&parsed.spec, &parsed.form);
    if spec.castle.is_some() {
        if form.zero_castling {
            let message = format!(
                "{written} is written {}: castling uses the letter O, not the digit zero",
                out.canonical
            );
            out.add_whole(Code::ZeroCastling, message);
        } else if form.castling_spelling {
            out.add(Code::CastlingSpelling, CASTLING_SPELLING);
        }
    } else if spec.to == Some(rook) {
        out.add(
            Code::CastlingKingTakesRook,
            format!(
                "{written} writes castling as the king taking its own rook; in SAN castling is"
            ),
        );
    } else if spec.role.is_none() {
        out.add(
            Code::Uci,
            format!("{written} is UCI, the engines' notation; in SAN castling is"),
        );
    } else {
        out.add(
            Code::CastlingAsKingMove,
            "castling is not written as a king move; it is",
        );
    }
}

/// Judges the shape (UCI, long algebraic, disambiguation, capture sign).
/// Returns whether the input was UCI, which has no capture, promotion or
/// check signs to judge.
fn judge_form(
    out: &mut Judgement<'_>,
    parsed: &Parsed,
    mv: Move,
    canonical: &San,
    written: &str,
) -> bool {
    let (spec, form) = (&parsed.spec, &parsed.form);
    let San::Normal {
        file: canon_file,
        rank: canon_rank,
        ..
    } = *canonical
    else {
        return false;
    };
    let full = spec.from_square().is_some();
    let canon_square = canon_file.is_some() && canon_rank.is_some();
    if full && spec.role.is_none() && form.separator.is_none() {
        out.add(
            Code::Uci,
            format!("{written} is UCI, the engines' notation; in SAN it is"),
        );
        return true;
    }
    let long = full && form.separator.is_some() && !canon_square;
    if long {
        out.add(
            Code::LongAlgebraic,
            "this is long algebraic notation; SAN names the departure only when two pieces could go there",
        );
    } else if mv.role() == Role::Pawn {
        judge_pawn_departure(out, parsed, mv);
    } else {
        judge_disambiguation(out, parsed, mv, canon_file.is_some(), canon_rank.is_some());
    }
    if form.separator == Some('-') && !long {
        out.add(
            Code::Hyphen,
            "SAN has no hyphen (it joins two squares only in long algebraic notation)",
        );
    }

    let capture = mv.is_capture();
    let sign = form.capture_sign.unwrap_or('x');
    match (capture, form.separator) {
        (true, Some('x')) if sign != 'x' => out.add(Code::CaptureSign, capture_sign_message(sign)),
        (true, Some('x')) | (false, None | Some('-')) => {}
        (true, _) => out.add(Code::MissingCapture, "this move captures: mark it with x"),
        (false, _) => out.add(
            Code::UnneededCapture,
            format!("nothing is captured on {}: leave out the {sign}", mv.to()),
        ),
    }
    false
}

fn judge_pawn_departure(out: &mut Judgement<'_>, parsed: &Parsed, mv: Move) {
    let spec = &parsed.spec;
    let straight = mv.from().is_some_and(|f| f.file() == mv.to().file());
    if straight {
        if spec.from_file.is_some() || spec.from_rank.is_some() {
            out.add(
                Code::UnneededDisambiguation,
                "a pawn moving straight ahead needs no departure",
            );
        }
    } else if spec.from_file.is_none() {
        out.add(
            Code::PawnCaptureFile,
            "a pawn capture always names the file the pawn comes from",
        );
    } else if spec.from_rank.is_some() {
        out.add(
            Code::OverlongDisambiguation,
            "a pawn capture names only the pawn's file",
        );
    }
}

fn judge_disambiguation(
    out: &mut Judgement<'_>,
    parsed: &Parsed,
    mv: Move,
    file: bool,
    rank: bool,
) {
    let spec = &parsed.spec;
    let given = (spec.from_file.is_some(), spec.from_rank.is_some());
    let role = role_name(mv.role());
    match ((file, rank), given) {
        (canon, given) if canon == given => {}
        ((false, false), _) => out.add(
            Code::UnneededDisambiguation,
            format!("only one {role} can go to {}, so nothing else is needed", mv.to()),
        ),
        ((true, false), (false, true)) => out.add(
            Code::DisambiguationPriority,
            format!("the {role}s stand on different files, and the file comes first (file, then rank, then square)"),
        ),
        ((true, false), _) => out.add(
            Code::OverlongDisambiguation,
            "the departure file alone tells the pieces apart",
        ),
        ((false, true), _) => out.add(
            Code::OverlongDisambiguation,
            "the departure rank alone tells the pieces apart",
        ),
        _ => out.add(
            Code::OverlongDisambiguation,
            "more disambiguation than needed",
        ),
    }
}

fn judge_promotion(out: &mut Judgement<'_>, parsed: &Parsed, mv: Move) {
    if !mv.is_promotion() {
        return;
    }
    if let Some(written) = &parsed.form.promotion_form {
        out.add(
            Code::PromotionEquals,
            format!("a promotion is written with =, not {written}"),
        );
    } else if !parsed.form.promotion_equals {
        out.add(Code::PromotionEquals, "a promotion is written with =");
    }
    if parsed.form.promotion_lowercase {
        out.add(
            Code::PromotionCase,
            "the promotion piece is an upper-case letter",
        );
    }
}

/// A SAN-shaped input that no game could ever need (`Kee2`).
fn judge_never_occurs(out: &mut Judgement<'_>, pos: &Chess, parsed: &Parsed, mv: Move) {
    let spec = &parsed.spec;
    // Pawn forms have codes of their own (pawn-capture-file and the like).
    let Some(role) = spec.role.filter(|&r| r != Role::Pawn) else {
        return;
    };
    if parsed.form.separator == Some('-') || spec.to.is_none() {
        return;
    }
    let mut body = String::with_capacity(8);
    body.push(role.upper_char());
    if let Some(f) = spec.from_file {
        body.push(f.char());
    }
    if let Some(r) = spec.from_rank {
        body.push(r.char());
    }
    if mv.is_capture() || spec.capture {
        body.push('x');
    }
    body.push_str(&mv.to().to_string());
    if let Some(why) = san_strings::why_impossible(&body) {
        // The stronger lesson replaces the milder one about disambiguation.
        out.out.retain(|d| {
            !matches!(
                d.code,
                Code::UnneededDisambiguation | Code::OverlongDisambiguation
            )
        });
        let message = if spec.from_file.is_some() && spec.from_rank.is_some() {
            // The whole square where a file or a rank is always enough:
            // say what this position needs.
            let role = role_name(role);
            let enough = match San::from_move(pos, mv) {
                San::Normal {
                    file: Some(_),
                    rank: None,
                    ..
                } => "the file alone is enough".to_owned(),
                San::Normal {
                    file: None,
                    rank: Some(_),
                    ..
                } => "the rank alone is enough".to_owned(),
                _ => format!(
                    "no other {role} can go to {}, so nothing else is needed",
                    mv.to()
                ),
            };
            format!(
                "{body} names the whole square, which a {role} making this move never needs; {enough}"
            )
        } else {
            format!("{body} can never occur in any game ({why})")
        };
        out.add(Code::NeverOccurs, message);
    }
}

fn judge_suffix(out: &mut Judgement<'_>, form: &Form, text: &MoveText) {
    let actual = match text.san.chars().last() {
        Some('#') => WrittenSuffix::Mate,
        Some('+') => WrittenSuffix::Check,
        _ => WrittenSuffix::None,
    };
    use WrittenSuffix::{Check, DoubleCross, Mate, None};
    let c = out.canonical.to_owned();
    if let Some(word) = &form.check_word {
        let (code, message) = match (form.suffix, actual) {
            (_, None) => (
                Code::UnneededCheck,
                format!("this move gives no check: leave out \"{word}\" ({c})"),
            ),
            (Mate, Check) => (
                Code::NotMate,
                format!("this is check, not mate: write + rather than \"{word}\" ({c})"),
            ),
            (_, Check) => (
                Code::CheckSign,
                format!("SAN writes check as +, not \"{word}\" ({c})"),
            ),
            (Mate, _) => (
                Code::CheckSign,
                format!("SAN writes mate as #, not \"{word}\" ({c})"),
            ),
            (_, _) => (
                Code::MissingMate,
                format!("this is mate: write # rather than \"{word}\" ({c})"),
            ),
        };
        out.add_whole(code, message);
        return;
    }
    let (code, message) = match (form.suffix, actual) {
        (None, Check) => (
            Code::MissingCheck,
            format!("this move gives check: write + ({c})"),
        ),
        (None, Mate) => (Code::MissingMate, format!("this is mate: write # ({c})")),
        (Check, Mate) => (
            Code::MissingMate,
            format!("this is mate: write # rather than + ({c})"),
        ),
        (Mate, Check) => (
            Code::NotMate,
            format!("this is check, not mate: write + ({c})"),
        ),
        (Check | Mate | DoubleCross, None) => (
            Code::UnneededCheck,
            format!("this move gives no check: leave out the sign ({c})"),
        ),
        (DoubleCross, Check) => (
            Code::CheckSign,
            format!("check is written with a single +, even a double check ({c})"),
        ),
        (DoubleCross, Mate) => (Code::CheckSign, format!("mate is written #, not ++ ({c})")),
        (Mate, Mate) => match &form.odd_signs {
            Some(signs) => (
                Code::CheckSign,
                format!("mate is written with a single #, not {signs} ({c})"),
            ),
            Option::None => return,
        },
        _ => return,
    };
    out.add_whole(code, message);
}
