//! The board as text: an ASCII drawing and a spoken-style piece list, for
//! screen readers, pipes and tests (the puzzle line mode shares them).

use shakmaty::{Chess, Color, File, Position, Rank, Role, Square};

use crate::notation::Lang;

/// The board drawn in ASCII from `orientation`'s side: capitals for White,
/// lower case for Black, `.` for an empty square, files and ranks labelled.
///
/// ```
/// use sancho::line::board_drawing;
/// let text = board_drawing(&shakmaty::Chess::default(), shakmaty::Color::White);
/// assert!(text.starts_with("8  r  n  b  q  k  b  n  r"));
/// assert!(text.ends_with("   a  b  c  d  e  f  g  h"));
/// ```
pub fn board_drawing(pos: &Chess, orientation: Color) -> String {
    board_drawing_marked(pos, orientation, &[])
}

/// As [`board_drawing`], with `marked` squares in brackets (`[N]`, `[.]`):
/// the highlighted move or square.
pub fn board_drawing_marked(pos: &Chess, orientation: Color, marked: &[Square]) -> String {
    let ranks: Vec<Rank> = match orientation {
        Color::White => Rank::ALL.into_iter().rev().collect(),
        Color::Black => Rank::ALL.into_iter().collect(),
    };
    let files: Vec<File> = match orientation {
        Color::White => File::ALL.into_iter().collect(),
        Color::Black => File::ALL.into_iter().rev().collect(),
    };
    let mut lines = Vec::with_capacity(9);
    for &rank in &ranks {
        let mut line = String::with_capacity(26);
        line.push(rank.char());
        line.push(' ');
        for &file in &files {
            let sq = Square::from_coords(file, rank);
            let ch = pos.board().piece_at(sq).map_or('.', |p| p.char());
            if marked.contains(&sq) {
                line.push('[');
                line.push(ch);
                line.push(']');
            } else {
                line.push(' ');
                line.push(ch);
                line.push(' ');
            }
        }
        lines.push(line.trim_end().to_owned());
    }
    let mut footer = String::from("  ");
    for &file in &files {
        footer.push(' ');
        footer.push(file.char());
        footer.push(' ');
    }
    lines.push(footer.trim_end().to_owned());
    lines.join("\n")
}

/// The pieces in words: `White: Kg1, Re1, Nf3, pawns f2 g2 h2` then the same
/// for Black on a second line. Pieces are listed king, queen, rook, bishop,
/// knight, then pawns; squares from a1 upwards.
///
/// ```
/// use sancho::line::piece_list;
/// let pos = sancho::notation::parse_fen("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1").unwrap();
/// assert_eq!(piece_list(&pos), "White: Kg1, Re1, pawns f2 g2 h2\nBlack: Kg8, pawns f7 g7 h7");
/// ```
pub fn piece_list(pos: &Chess) -> String {
    piece_list_in(pos, Lang::EN)
}

/// [`piece_list`] with the pieces named in `lang`'s letters or figurines
/// (`Weiß` stays `White`: only the pieces change).
pub fn piece_list_in(pos: &Chess, lang: Lang) -> String {
    [Color::White, Color::Black]
        .into_iter()
        .map(|color| side_list(pos, color, lang))
        .collect::<Vec<_>>()
        .join("\n")
}

fn side_list(pos: &Chess, color: Color, lang: Lang) -> String {
    let board = pos.board();
    let mut parts = Vec::new();
    for role in [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ] {
        for sq in board.by_piece(role.of(color)) {
            parts.push(format!("{}{sq}", lang.symbol(role)));
        }
    }
    let pawns: Vec<String> = board
        .by_piece(Role::Pawn.of(color))
        .into_iter()
        .map(|sq| sq.to_string())
        .collect();
    match pawns.len() {
        0 => {}
        1 => parts.push(format!("pawn {}", pawns[0])),
        _ => parts.push(format!("pawns {}", pawns.join(" "))),
    }
    let name = if color == Color::White {
        "White"
    } else {
        "Black"
    };
    format!("{name}: {}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_orientation_flips_ranks_and_files_and_marks_show() {
        let pos = Chess::default();
        let text = board_drawing_marked(&pos, Color::Black, &[Square::E2, Square::E4]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "1  R  N  B  K  Q  B  N  R");
        assert_eq!(lines[1], "2  P  P  P [P] P  P  P  P");
        assert_eq!(lines[3], "4  .  .  . [.] .  .  .  .");
        assert_eq!(lines[8], "   h  g  f  e  d  c  b  a");
    }

    #[test]
    fn piece_list_of_the_start() {
        assert_eq!(
            piece_list(&Chess::default()),
            "White: Ke1, Qd1, Ra1, Rh1, Bc1, Bf1, Nb1, Ng1, pawns a2 b2 c2 d2 e2 f2 g2 h2\n\
             Black: Ke8, Qd8, Ra8, Rh8, Bc8, Bf8, Nb8, Ng8, pawns a7 b7 c7 d7 e7 f7 g7 h7"
        );
    }
}
