//! Notation engine benchmarks: resolve (canonical and tolerant input), one
//! live-hint keystroke, building a position's hint table, and the
//! `--batch` workload (FEN parse + resolve + JSON line) beside a raw
//! shakmaty program doing the least the same job needs.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sancho::notation::batch::{self, BatchOptions};
use sancho::notation::{HintEngine, Lang, Strictness, parse_fen, play_movetext, resolve};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, EnPassantMode, Position};

/// Morphy's Opera Game (Paris, 1858).
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
    Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
/// Anderssen–Kieseritzky, the Immortal Game (London, 1851).
const IMMORTAL: &str = "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 \
    g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 \
    Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#";

/// Every (position, canonical SAN) pair of the two games.
fn game_moves() -> Vec<(Chess, String)> {
    let mut out = Vec::new();
    for game in [OPERA, IMMORTAL] {
        let mut pos = Chess::default();
        for san in game.split_whitespace() {
            let r = resolve(&pos, san, Strictness::Strict).expect("games replay");
            out.push((pos.clone(), r.text.san.clone()));
            pos.play_unchecked(r.text.mv);
        }
    }
    out
}

/// The same moves typed loosely: UCI, lower case, no check signs.
fn tolerant_moves(moves: &[(Chess, String)]) -> Vec<(Chess, String)> {
    moves
        .iter()
        .enumerate()
        .map(|(i, (pos, san))| {
            let r = resolve(pos, san, Strictness::Strict).expect("replays");
            let loose = match i % 3 {
                0 => r.text.uci.clone(),
                1 => san.trim_end_matches(['+', '#']).to_lowercase(),
                _ => r.text.lan.clone(),
            };
            (pos.clone(), loose)
        })
        .collect()
}

fn bench_resolve(c: &mut Criterion) {
    let canonical = game_moves();
    let tolerant = tolerant_moves(&canonical);
    let mut group = c.benchmark_group("resolve");
    group.throughput(Throughput::Elements(canonical.len() as u64));
    group.bench_function("canonical SAN, per game move", |b| {
        b.iter(|| {
            for (pos, san) in &canonical {
                black_box(resolve(pos, san, Strictness::Lenient).is_ok());
            }
        })
    });
    group.bench_function("tolerant input (UCI, lower case, LAN)", |b| {
        b.iter(|| {
            for (pos, input) in &tolerant {
                black_box(resolve(pos, input, Strictness::Lenient).is_ok());
            }
        })
    });
    group.finish();
}

fn bench_hint(c: &mut Criterion) {
    let (pos, _) = play_movetext(
        &Chess::default(),
        "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+",
    )
    .expect("line plays");
    let engine = HintEngine::new(&pos);
    let mut group = c.benchmark_group("hint");
    group.bench_function("one keystroke (Nb -> Nbd)", |b| {
        b.iter(|| black_box(engine.hint(black_box("Nbd"))))
    });
    group.bench_function("one keystroke, impossible (Qx)", |b| {
        b.iter(|| black_box(engine.hint(black_box("Qx"))))
    });
    group.bench_function("one keystroke, every piece move (N)", |b| {
        b.iter(|| black_box(engine.hint(black_box("N"))))
    });
    let knights = parse_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").expect("fen");
    let knights = HintEngine::new(&knights);
    group.bench_function("one keystroke with an ambiguity group (Nd)", |b| {
        b.iter(|| {
            let hint = knights.hint(black_box("Nd"));
            black_box(hint.groups().len())
        })
    });
    group.bench_function("new position (build the table)", |b| {
        b.iter(|| black_box(HintEngine::new(black_box(&pos))))
    });
    group.finish();
}

/// `FEN<TAB>SAN` lines: one per move of the two games (every FEN differs),
/// and every legal move of each of their positions (runs of lines share a
/// FEN, as in a script that checks all moves of a position).
fn batch_lines() -> (String, String) {
    let mut game = String::new();
    let mut every = String::new();
    for (pos, san) in game_moves() {
        let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        game.push_str(&format!("{fen}\t{san}\n"));
        for mv in pos.legal_moves() {
            let san = SanPlus::from_move(pos.clone(), mv);
            every.push_str(&format!("{fen}\t{san}\n"));
        }
    }
    (game, every)
}

/// Issue 11's yardstick: the least a program can do with shakmaty alone
/// (parse the FEN, parse the SAN, find the move, write UCI and SAN as a
/// JSON line), for every line of `lines`. The same program is
/// `examples/batch_baseline.rs`.
fn baseline(lines: &str, out: &mut Vec<u8>) {
    #[derive(serde::Serialize)]
    struct Line<'a> {
        input: &'a str,
        uci: String,
        san: String,
    }
    for line in lines.lines() {
        let (fen, input) = line.split_once('\t').expect("tab");
        let fen: Fen = fen.parse().expect("fen");
        let pos: Chess = fen
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("position");
        let san = SanPlus::from_ascii(input.as_bytes()).expect("san");
        let mv = san.san.to_move(&pos).expect("legal");
        let line = Line {
            input,
            uci: mv.to_uci(shakmaty::CastlingMode::Standard).to_string(),
            san: SanPlus::from_move(pos, mv).to_string(),
        };
        serde_json::to_writer(&mut *out, &line).expect("json");
        out.push(b'\n');
    }
}

fn bench_batch(c: &mut Criterion) {
    let (game, every) = batch_lines();
    let options = BatchOptions {
        strictness: Strictness::Lenient,
        lang: Lang::EN,
        local: None,
    };
    let mut group = c.benchmark_group("batch");
    for (name, lines) in [("game moves", &game), ("every legal move", &every)] {
        group.throughput(Throughput::Elements(lines.lines().count() as u64));
        let mut out = Vec::with_capacity(1 << 20);
        // Sancho's figure over the baseline's, on the same lines, is the
        // ratio the issue asks for (at least 0.8).
        group.bench_function(format!("sancho resolve --batch, {name}"), |b| {
            b.iter(|| {
                out.clear();
                batch::run(&mut lines.as_bytes(), &mut out, &options).expect("batch");
                black_box(out.len())
            })
        });
        group.bench_function(format!("raw shakmaty baseline, {name}"), |b| {
            b.iter(|| {
                out.clear();
                baseline(lines, &mut out);
                black_box(out.len())
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench_resolve, bench_hint, bench_batch
}
criterion_main!(benches);
