//! Reading and validating Lichess CSV rows, generated in memory from a few
//! constructed positions (no Lichess data is committed or read).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sancho::puzzle::{check_csv, mate_in, parse_fen, read_lichess};

/// (FEN, Moves, Themes): opponent's move first, as in the Lichess export.
const TEMPLATES: [(&str, &str, &str); 6] = [
    (
        "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1",
        "g8h8 e1e8",
        "backRankMate endgame mate mateIn1 oneMove",
    ),
    (
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "c2c3 g8f6 d2d4 e5d4 c3d4 c5b4",
        "opening advantage long",
    ),
    (
        "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
        "d7d5 e5d6",
        "enPassant endgame pawnEndgame oneMove",
    ),
    (
        "8/1P6/8/8/8/2k5/8/K7 b - - 0 1",
        "c3b4 b7b8q",
        "advancedPawn endgame promotion oneMove",
    ),
    (
        "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1",
        "a8b8 e1g1",
        "castling oneMove",
    ),
    (
        "1k6/8/2K5/8/8/8/8/3R4 b - - 0 1",
        "b8c8 c6b6 c8b8 d1d8",
        "endgame mate mateIn2 quietMove short",
    ),
];

/// 10,000 rows under `cargo bench`; 50 under `cargo test`, which runs each
/// benchmark once only to show it works (issue 16: no full-size work there).
fn rows() -> usize {
    if std::env::args().any(|arg| arg == "--bench") {
        10_000
    } else {
        50
    }
}

fn csv(rows: usize, templates: &[(&str, &str, &str)]) -> String {
    let mut out = String::from(
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n",
    );
    for i in 0..rows {
        let (fen, moves, themes) = templates[i % templates.len()];
        out.push_str(&format!(
            "b{i:05},{fen},{moves},{},75,90,{},{themes},https://lichess.org/abcdefgh#{},\n",
            1000 + i % 1500,
            100 + i,
            i % 80
        ));
    }
    out
}

fn bench(c: &mut Criterion) {
    let rows = rows();
    let mixed = csv(rows, &TEMPLATES);
    let mut group = c.benchmark_group("lichess_csv");
    group.throughput(Throughput::Elements(rows as u64));
    group.sample_size(20);
    group.bench_function("read_10k_rows", |b| {
        b.iter(|| {
            let ok = read_lichess(black_box(mixed.as_bytes()), "bench")
                .filter(Result::is_ok)
                .count();
            assert_eq!(ok, rows);
        })
    });
    group.bench_function("check_10k_rows_mixed", |b| {
        b.iter(|| {
            let summary = check_csv(black_box(mixed.as_bytes()), "bench", |f| {
                black_box(f);
            });
            assert_eq!(summary.passed, rows);
        })
    });
    let no_solver = csv(rows, &TEMPLATES[..5]);
    group.bench_function("check_10k_rows_without_mate_in_2", |b| {
        b.iter(|| {
            let summary = check_csv(black_box(no_solver.as_bytes()), "bench", |f| {
                black_box(f);
            });
            assert_eq!(summary.passed, rows);
        })
    });
    group.finish();

    // The solver on a middlegame-sized position with no mate: the worst case
    // for a false claim (every move must be refuted).
    let italian = parse_fen("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
        .expect("valid fen");
    let mut solver = c.benchmark_group("mate_in");
    solver.sample_size(10);
    for n in [1, 2, 3] {
        solver.bench_function(format!("italian_no_mate_in_{n}"), |b| {
            b.iter(|| assert!(mate_in(black_box(&italian), n).is_empty()))
        });
    }
    solver.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
