//! One save: record one attempt into a store that already holds 10,000
//! attempts (reload under the lock, merge, encode, write, fsync, rename);
//! and, for comparison, two stores taking turns (each save then re-parses
//! the document the other wrote, and the figure covers both saves).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use sancho::progress::{
    Attempt, AttemptId, Outcome, PuzzleRef, Source, Store, Timestamp, TypedInput,
};

fn attempt(n: u64) -> Attempt {
    Attempt {
        puzzle: PuzzleRef::new(Source::Lichess, format!("p{n:05}")),
        at: Timestamp(1_700_000_000 + n as i64 * 60),
        outcome: if n.is_multiple_of(3) {
            Outcome::Failed
        } else {
            Outcome::Solved
        },
        time_ms: 12_000 + n % 5000,
        hints: (n % 3) as u8,
        solution_shown: false,
        rating: Some(1200 + (n % 1000) as u16),
        rated: Some(1200 + (n % 1000) as u16).is_some(),
        themes: vec!["fork".to_owned(), "middlegame".to_owned()],
        blind: None,
        wrong_inputs: if n.is_multiple_of(4) {
            vec![TypedInput {
                input: "nxe5".to_owned(),
                codes: vec!["piece-lowercase".to_owned()],
                san: None,
                candidates: Vec::new(),
            }]
        } else {
            vec![]
        },
        slips: Vec::new(),
        replay: false,
    }
}

fn one_save(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = Store::open(dir.path(), Timestamp(0)).expect("open").store;
    store
        .record(|p| {
            for n in 0..10_000 {
                p.insert_attempt(AttemptId::new(Timestamp(n as i64), "seed", n), attempt(n));
            }
        })
        .expect("seed the store");
    let size = std::fs::metadata(store.path()).expect("file").len();
    eprintln!("progress.json with 10,000 attempts: {size} bytes");

    let mut n = 10_000;
    let mut group = c.benchmark_group("progress");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("record_attempt_into_10k", |b| {
        b.iter(|| {
            n += 1;
            black_box(store.record_attempt(attempt(n)).expect("record"));
        });
    });
    // The same save when another process wrote since: the document must be
    // parsed again before merging.
    let mut other = Store::open(dir.path(), Timestamp(0)).expect("open").store;
    group.bench_function("record_attempt_into_10k_after_other_writer", |b| {
        b.iter(|| {
            n += 2;
            other.record_attempt(attempt(n)).expect("record");
            black_box(store.record_attempt(attempt(n + 1)).expect("record"));
        });
    });
    group.finish();
}

/// Reading the document alone: every save after another process wrote
/// parses it again (unknown fields inside records are kept, issue 28).
fn decode(c: &mut Criterion) {
    let mut progress = sancho::progress::Progress::new();
    for n in 0..10_000 {
        progress.insert_attempt(AttemptId::new(Timestamp(n as i64), "seed", n), attempt(n));
    }
    let bytes = sancho::progress::disk::encode(&progress).expect("encode");
    let mut group = c.benchmark_group("progress");
    group.sample_size(20);
    group.bench_function("decode_10k_attempts", |b| {
        b.iter(|| black_box(sancho::progress::disk::decode_document(&bytes).expect("decode")));
    });
    group.finish();
}

criterion_group!(benches, one_save, decode);
criterion_main!(benches);
