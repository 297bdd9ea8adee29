use super::*;
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Color};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("fen");
    fen.clone()
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A spec from a short description: `O-O`, `O-O-O`, SAN-like (`Nd4`,
/// `exd5`, `Rxe1`, `e8=Q`), long algebraic (`Ne2-c3`) or UCI (`e2e4`, `e7e8q`).
fn spec(text: &str) -> MoveSpec {
    match text {
        "O-O" => return castle(CastlingSide::KingSide),
        "O-O-O" => return castle(CastlingSide::QueenSide),
        _ => {}
    }
    let mut spec = MoveSpec::default();
    let mut body = text;
    if let Some((head, piece)) = text.split_once('=') {
        spec.promotion = Role::from_char(piece.chars().next().expect("piece"));
        body = head;
    } else if text.len() == 5 && text.as_bytes()[4].is_ascii_lowercase() {
        spec.promotion = Role::from_char(text.chars().nth(4).expect("piece"));
        body = &text[..4];
    }
    let (head, to) = body.split_at(body.len() - 2);
    spec.to = Some(to.parse().expect("square"));
    for ch in head.chars() {
        match ch {
            'N' | 'B' | 'R' | 'Q' | 'K' => spec.role = Role::from_char(ch),
            'x' => spec.capture = true,
            '-' => {}
            _ => match File::from_char(ch) {
                Some(file) => spec.from_file = Some(file),
                None => spec.from_rank = Rank::from_char(ch),
            },
        }
    }
    spec
}

fn castle(side: CastlingSide) -> MoveSpec {
    MoveSpec {
        castle: Some(side),
        ..MoveSpec::default()
    }
}

fn ban(side: CastlingSide, reason: CastlingBan) -> Illegal {
    Illegal::Castling { side, reason }
}

#[test]
fn spec_helper_reads_each_form() {
    let uci = spec("e7e8q");
    assert_eq!(uci.from_square(), Some(Square::E7));
    assert_eq!(
        (uci.to, uci.promotion),
        (Some(Square::E8), Some(Role::Queen))
    );
    let lan = spec("Ne2-c3");
    assert_eq!(
        (lan.role, lan.from_square()),
        (Some(Role::Knight), Some(Square::E2))
    );
    let san = spec("exd5");
    assert_eq!(
        (san.role, san.from_file, san.capture),
        (None, Some(File::E), true)
    );
}

#[test]
fn table() {
    use CastlingSide::{KingSide as K, QueenSide as Q};
    use Illegal as I;
    #[rustfmt::skip]
    let cases: Vec<(&str, &str, Illegal)> = vec![
        // Game over.
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Kg8", I::GameOver { checkmate: false }),
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "Ke2",
            I::GameOver { checkmate: true },
        ),
        // Castling, each rule.
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", ban(K, CastlingBan::NoRight)),
        ("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "O-O", ban(K, CastlingBan::NoRight)),
        (START, "O-O", ban(K, CastlingBan::Blocked { at: Square::F1 })),
        (START, "O-O-O", ban(Q, CastlingBan::Blocked { at: Square::D1 })),
        ("r3k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "O-O-O", ban(Q, CastlingBan::Blocked { at: Square::B1 })),
        ("4k3/4r3/8/8/8/8/8/4K2R w K - 0 1", "O-O", ban(K, CastlingBan::InCheck)),
        ("4k3/5r2/8/8/8/8/8/4K2R w K - 0 1", "O-O", ban(K, CastlingBan::ThroughCheck { at: Square::F1 })),
        ("4k3/3r4/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", ban(Q, CastlingBan::ThroughCheck { at: Square::D1 })),
        ("4k3/6r1/8/8/8/8/8/4K2R w K - 0 1", "O-O", ban(K, CastlingBan::IntoCheck { at: Square::G1 })),
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", I::CannotMove { role: Role::King, from: Square::E1, to: Square::C1 }),
        // A king's two-square step is read as castling.
        (START, "e1g1", ban(K, CastlingBan::Blocked { at: Square::F1 })),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Kg1", ban(K, CastlingBan::NoRight)),
        ("4k3/8/8/8/8/8/8/K7 w - - 0 1", "Kc1", I::NoPieceReaches { role: Role::King, from_file: None, from_rank: None, to: Square::C1 }),
        // Wrong square or no piece.
        (START, "e3e4", I::EmptySquare { from: Square::E3, color: Color::White }),
        (START, "e7e5", I::EmptySquare { from: Square::E7, color: Color::White }),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", I::NoPiece { color: Color::White, role: Role::Knight }),
        ("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "e5", I::NoPiece { color: Color::Black, role: Role::Pawn }),
        // Geometry.
        (START, "Nd4", I::NoPieceReaches { role: Role::Knight, from_file: None, from_rank: None, to: Square::D4 }),
        (START, "Nbf3", I::NoPieceReaches { role: Role::Knight, from_file: Some(File::B), from_rank: None, to: Square::F3 }),
        (START, "e5", I::NoPieceReaches { role: Role::Pawn, from_file: None, from_rank: None, to: Square::E5 }),
        (START, "g1g3", I::CannotMove { role: Role::Knight, from: Square::G1, to: Square::G3 }),
        (START, "e2e5", I::CannotMove { role: Role::Pawn, from: Square::E2, to: Square::E5 }),
        // Blocked.
        (START, "Ra3", I::Blocked { role: Role::Rook, from: Square::A1, to: Square::A3, blocker: Role::Pawn, at: Square::A2 }),
        (START, "Bc4", I::Blocked { role: Role::Bishop, from: Square::F1, to: Square::C4, blocker: Role::Pawn, at: Square::E2 }),
        ("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e4", I::Blocked { role: Role::Pawn, from: Square::E2, to: Square::E4, blocker: Role::Knight, at: Square::E3 }),
        ("4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "e3xe4", I::Blocked { role: Role::Pawn, from: Square::E3, to: Square::E4, blocker: Role::Pawn, at: Square::E4 }),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "Bc5", I::Blocked { role: Role::Bishop, from: Square::F8, to: Square::C5, blocker: Role::Pawn, at: Square::E7 }),
        ("4k3/8/8/8/8/n7/P7/R3K3 w - - 0 1", "Ra4", I::Blocked { role: Role::Rook, from: Square::A1, to: Square::A4, blocker: Role::Pawn, at: Square::A2 }),
        // Own piece (with a mismatched letter read as the piece there).
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Rxe1", I::OwnPiece { to: Square::E1, role: Role::King }),
        (START, "Nf1-e2", I::OwnPiece { to: Square::E2, role: Role::Pawn }),
        // King safety.
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", I::Pinned { role: Role::Knight, from: Square::E2, pinner_role: Role::Rook, pinner: Square::E7 }),
        ("4k3/4r3/8/8/8/8/8/R3K3 w - - 0 1", "Ra2", I::InCheck { checker_role: Role::Rook, checker: Square::E7, attempt: "Ra2".to_owned() }),
        ("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "Ke2", I::IntoCheck { to: Square::E2, attacker_role: Role::Rook, attacker: Square::A2 }),
        ("4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", "Ke2", I::IntoCheck { to: Square::E2, attacker_role: Role::Rook, attacker: Square::E7 }),
        // One rook blocked, the other pinned: the pin is closer to legal.
        ("4r1k1/8/8/8/8/8/RN2R3/4K3 w - - 0 1", "Rc2", I::Pinned { role: Role::Rook, from: Square::E2, pinner_role: Role::Rook, pinner: Square::E8 }),
        ("4r1k1/8/8/8/8/8/4R1NR/4K3 w - - 0 1", "Rf2", I::Pinned { role: Role::Rook, from: Square::E2, pinner_role: Role::Rook, pinner: Square::E8 }),
        // Pawn captures and en passant.
        ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "exd5", I::NothingToCapture { to: Square::D5 }),
        ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4d5", I::NothingToCapture { to: Square::D5 }),
        ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4xe5", I::NothingToCapture { to: Square::E5 }),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Rxa5", I::NothingToCapture { to: Square::A5 }),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "exd6", I::EnPassant { reason: "the pawn on d5 did not just move two squares".to_owned() }),
        ("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "exd6", I::EnPassant { reason: "it would expose your king to the rook on h5".to_owned() }),
        // Promotion.
        ("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", I::MustPromote { to: Square::E8 }),
        ("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8", I::MustPromote { to: Square::E8 }),
        ("4k3/8/8/8/8/8/7p/K7 b - - 0 1", "h1", I::MustPromote { to: Square::H1 }),
        (START, "e4=Q", I::CannotPromote),
        (START, "Nf3=Q", I::CannotPromote),
        ("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=K", I::CannotPromote),
        // A lower-case b where only the bishop works.
        ("4k3/8/8/8/8/8/8/1B2K3 w - - 0 1", "bc2", I::BishopLetter { suggestion: "Bc2".to_owned() }),
    ];
    for (fen, text, expected) in cases {
        let got = explain(&position(fen), &spec(text), text);
        assert_eq!(got, expected, "{fen} {text}: {got}");
    }
}

#[test]
fn messages_read_well() {
    let cases = [
        (
            "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
            "Nc3",
            "the knight on e2 is pinned to your king by the rook on e7",
        ),
        (
            "4k3/4r3/8/8/8/8/8/R3K3 w - - 0 1",
            "Ra2",
            "your king is in check from the rook on e7, and Ra2 does not answer it",
        ),
        (
            START,
            "Ra3",
            "the rook on a1 cannot reach a3: the pawn on a2 is in the way",
        ),
        (
            "4k3/5r2/8/8/8/8/8/4K2R w K - 0 1",
            "O-O",
            "castling kingside (O-O) is not allowed: the king may not pass through check: f1 is attacked",
        ),
        (
            "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
            "exd6",
            "en passant is not available: it would expose your king to the rook on h5",
        ),
        (START, "Nd4", "no knight can reach d4"),
    ];
    for (fen, text, expected) in cases {
        assert_eq!(
            explain(&position(fen), &spec(text), text).to_string(),
            expected
        );
    }
}

/// A position reached by up to `plies` random legal moves from the start.
fn playout(seed: u64, plies: usize) -> Chess {
    let mut state = seed;
    let mut pos = Chess::default();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let pick = usize::try_from((z ^ (z >> 31)) % moves.len() as u64).expect("index");
        pos.play_unchecked(moves[pick]);
    }
    pos
}

/// Whether `mv` is what `spec` asks for (loosely: the capture mark is ignored).
fn matches(pos: &Chess, spec: &MoveSpec, mv: Move) -> bool {
    if let Some(side) = spec.castle {
        return mv.castling_side() == Some(side);
    }
    let role = match spec.from_square() {
        Some(from) => pos.board().role_at(from).or(spec.role),
        None => Some(spec.role.unwrap_or(Role::Pawn)),
    };
    !mv.is_castle()
        && Some(mv.role()) == role
        && Some(mv.to()) == spec.to
        && spec
            .from_file
            .is_none_or(|f| mv.from().is_some_and(|s| s.file() == f))
        && spec
            .from_rank
            .is_none_or(|r| mv.from().is_some_and(|s| s.rank() == r))
        && spec.promotion == mv.promotion()
}

/// The facts an explanation states about the board are true.
fn check_facts(pos: &Chess, illegal: &Illegal) {
    let (board, turn) = (pos.board(), pos.turn());
    let ours = |sq: Square, role: Role| board.piece_at(sq) == Some(role.of(turn));
    let theirs = |sq: Square, role: Role| board.piece_at(sq) == Some(role.of(!turn));
    match illegal {
        Illegal::GameOver { .. } => assert!(pos.legal_moves().is_empty()),
        Illegal::NoPiece { color, role } => {
            assert!(*color == turn && pos.our(*role).is_empty());
        }
        Illegal::Blocked {
            role,
            from,
            to,
            blocker,
            at,
        } => {
            assert!(ours(*from, *role));
            assert_eq!(board.role_at(*at), Some(*blocker));
            assert!(attacks::between(*from, *to).with(*to).contains(*at));
            assert!((attacks::between(*from, *at) & board.occupied()).is_empty());
        }
        Illegal::OwnPiece { to, role } => assert!(ours(*to, *role)),
        Illegal::Pinned {
            role,
            from,
            pinner_role,
            pinner,
        } => {
            let king = board.king_of(turn).expect("king");
            assert!(ours(*from, *role) && theirs(*pinner, *pinner_role));
            assert!(attacks::between(king, *pinner).contains(*from));
        }
        Illegal::InCheck {
            checker_role,
            checker,
            ..
        } => {
            assert!(pos.checkers().contains(*checker) && theirs(*checker, *checker_role));
        }
        Illegal::IntoCheck {
            attacker_role,
            attacker,
            ..
        } => {
            assert!(theirs(*attacker, *attacker_role));
        }
        Illegal::Castling {
            side,
            reason: CastlingBan::NoRight,
        } => {
            assert!(!pos.castles().has(turn, *side));
        }
        Illegal::Castling {
            reason: CastlingBan::Blocked { at },
            ..
        } => {
            assert!(board.occupied().contains(*at));
        }
        Illegal::Castling {
            reason: CastlingBan::InCheck,
            ..
        } => assert!(pos.is_check()),
        Illegal::EmptySquare { from, color } => {
            assert!(*color == turn && board.color_at(*from) != Some(turn));
        }
        Illegal::CannotMove { role, from, .. } => assert!(ours(*from, *role)),
        Illegal::NothingToCapture { to } => assert!(!board.occupied().contains(*to)),
        _ => {}
    }
}

fn arb_spec() -> impl Strategy<Value = MoveSpec> {
    let role = prop::option::weighted(0.85, prop::sample::select(Role::ALL.to_vec()));
    let file = prop::option::weighted(0.3, prop::sample::select(File::ALL.to_vec()));
    let rank = prop::option::weighted(0.3, prop::sample::select(Rank::ALL.to_vec()));
    let promotion = prop::option::weighted(0.1, prop::sample::select(Role::ALL.to_vec()));
    let castle = prop::option::weighted(
        0.05,
        prop::sample::select(vec![CastlingSide::KingSide, CastlingSide::QueenSide]),
    );
    (role, file, rank, any::<bool>(), 0u32..64, promotion, castle).prop_map(
        |(role, from_file, from_rank, capture, to, promotion, castle)| MoveSpec {
            role,
            from_file,
            from_rank,
            capture,
            to: Some(Square::new(to)),
            promotion,
            castle,
        },
    )
}

/// Every move a piece could make on an empty board, as a long-algebraic spec.
fn geometric_specs(pos: &Chess) -> Vec<MoveSpec> {
    let (board, turn) = (pos.board(), pos.turn());
    let mut specs = Vec::new();
    for from in pos.us() {
        let Some(role) = board.role_at(from) else {
            continue;
        };
        let reach = match role {
            Role::Pawn => {
                let forward = turn.fold_wb(8, -8);
                let mut pushes: Bitboard = from.offset(forward).into_iter().collect();
                if from.rank() == turn.relative_rank(Rank::Second) {
                    pushes.extend(from.offset(2 * forward));
                }
                pushes | attacks::pawn_attacks(turn, from)
            }
            _ => attacks::attacks(from, role.of(turn), Bitboard::EMPTY),
        };
        for to in reach {
            let last = to.rank() == turn.relative_rank(Rank::Eighth);
            specs.push(MoveSpec {
                role: Some(role),
                from_file: Some(from.file()),
                from_rank: Some(from.rank()),
                capture: pos.them().contains(to),
                to: Some(to),
                promotion: (role == Role::Pawn && last).then_some(Role::Queen),
                castle: None,
            });
        }
    }
    specs
}

proptest! {
    /// A move the piece could make on an empty board is never answered
    /// with the vague fallback: some rule is always named.
    #[test]
    fn names_a_rule_for_every_geometric_move(seed in any::<u64>(), plies in 0usize..=80) {
        let pos = playout(seed, plies);
        let legal = pos.legal_moves();
        for spec in geometric_specs(&pos) {
            if legal.iter().any(|&m| matches(&pos, &spec, m)) {
                continue;
            }
            let illegal = explain(&pos, &spec, "the move");
            check_facts(&pos, &illegal);
            let vague = matches!(illegal, Illegal::CannotMove { .. });
            prop_assert!(!vague || legal.is_empty(), "{:?} {:?}", spec, illegal);
        }
    }

    #[test]
    fn explains_every_unmatched_spec(
        seed in any::<u64>(),
        plies in 0usize..=60,
        specs in prop::collection::vec(arb_spec(), 1..16),
    ) {
        let pos = playout(seed, plies);
        for spec in specs {
            if pos.legal_moves().iter().any(|&m| matches(&pos, &spec, m)) {
                continue;
            }
            let illegal = explain(&pos, &spec, "the move");
            prop_assert!(!illegal.to_string().is_empty());
            check_facts(&pos, &illegal);
        }
    }
}
