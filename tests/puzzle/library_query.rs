//! Choosing puzzles from the library, checked against a brute-force filter
//! over the generated rows.

use std::collections::HashSet;
use std::io::Cursor;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::OnceLock;

use proptest::prelude::*;
use sancho::library::synth::{HEADER, SynthConfig, SynthRow, synth_rows};
use sancho::library::{Filter, Library, LibraryError, import};

const ROWS: u64 = 3000;

/// One library for the whole file (built once; the directory lives as long
/// as the process).
fn fixture() -> &'static (PathBuf, Vec<SynthRow>) {
    static FIXTURE: OnceLock<(PathBuf, Vec<SynthRow>)> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let rows: Vec<SynthRow> = synth_rows(SynthConfig {
            rows: ROWS,
            seed: 99,
            bad_every: Some(50),
        })
        .collect();
        let mut text = format!("{HEADER}\n");
        for r in &rows {
            text.push_str(&r.to_csv());
            text.push('\n');
        }
        let dir = tempfile::tempdir().unwrap().keep();
        let db = dir.join("library.sqlite");
        import(&db, Cursor::new(text), "fixture.csv", |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        let good = rows.into_iter().filter(|r| r.bad.is_none()).collect();
        (db, good)
    })
}

fn brute<'a>(rows: &'a [SynthRow], f: &Filter) -> Vec<&'a SynthRow> {
    rows.iter()
        .filter(|r| {
            let tags: Vec<&str> = r.opening_tags.iter().map(String::as_str).collect();
            let pieces = r
                .fen
                .split(' ')
                .next()
                .map(|board| board.chars().filter(char::is_ascii_alphabetic).count() as u32);
            f.matches_fields(
                &r.themes,
                r.rating_value(),
                Some(r.popularity),
                &tags,
                pieces,
            )
        })
        .collect()
}

fn filter(any: &[&str], all: &[&str], rating: Option<(u16, u16)>) -> Filter {
    Filter {
        themes_any: any.iter().map(|s| s.to_string()).collect(),
        themes_all: all.iter().map(|s| s.to_string()).collect(),
        rating,
        ..Filter::default()
    }
}

#[test]
fn counts_match_a_brute_force_filter() {
    let (db, rows) = fixture();
    let library = Library::open(db).unwrap();
    let table = [
        Filter::default(),
        filter(&["fork"], &[], None),
        filter(&["fork", "pin"], &[], None),
        filter(&[], &["mate", "short"], None),
        filter(&[], &["mate", "short"], Some((1200, 1800))),
        filter(&["skewer", "pin"], &["middlegame"], Some((1000, 2000))),
        filter(&[], &[], Some((1500, 1500))),
        filter(&[], &["MATEIN2"], None),
        Filter {
            opening: Some("sicilian defense".into()),
            ..Filter::default()
        },
        Filter {
            opening: Some("Sicilian_Defense_Main_Line".into()),
            min_popularity: Some(90),
            ..Filter::default()
        },
        Filter {
            min_popularity: Some(-100),
            ..Filter::default()
        },
        Filter {
            pieces: Some((3, 12)),
            ..Filter::default()
        },
        Filter {
            themes_any: vec!["fork".into(), "pin".into()],
            pieces: Some((10, 20)),
            rating: Some((1200, 2000)),
            ..Filter::default()
        },
    ];
    for f in &table {
        let expected = brute(rows, f).len() as u64;
        assert!(expected > 0 || f.rating == Some((1500, 1500)), "{f:?}");
        assert_eq!(library.count(f).unwrap(), expected, "{f:?}");
    }
}

/// Filters as the filter screen makes them (bands from a hundred to a
/// hundred, popularity in tens), plus bands with ragged edges.
fn screen_filters() -> Vec<Filter> {
    let mut out = Vec::new();
    let themes: [(&[&str], &[&str]); 5] = [
        (&[], &[]),
        (&["fork", "pin"], &[]),
        (&[], &["mate", "short"]),
        (&["skewer", "pin"], &["middlegame"]),
        (&["mateIn2"], &["mate"]),
    ];
    let bands = [
        None,
        Some((400, 3200)),
        Some((1300, 1700)),
        Some((1500, 1600)),
        Some((1000, 1099)),
        Some((1250, 1760)),
        Some((1420, 1480)),
        Some((2900, 3200)),
    ];
    for (any, all) in themes {
        for rating in bands {
            for min_popularity in [None, Some(-100), Some(0), Some(80), Some(90)] {
                out.push(Filter {
                    min_popularity,
                    ..filter(any, all, rating)
                });
            }
        }
    }
    out
}

#[test]
fn tallied_counts_equal_a_plain_count_and_brute_force() {
    let (db, rows) = fixture();
    let library = Library::open(db).unwrap();
    for f in screen_filters() {
        let tallied = library.count_from_tallies(&f).unwrap();
        let plain = library.count_scanning(&f).unwrap();
        assert_eq!(tallied, Some(plain), "{f:?}");
        assert_eq!(plain, brute(rows, &f).len() as u64, "{f:?}");
        assert_eq!(library.count(&f).unwrap(), plain, "{f:?}");
    }
    // What the tallies cannot answer exactly is counted from the puzzles.
    let ragged = Filter {
        min_popularity: Some(85),
        ..Filter::default()
    };
    let opening = Filter {
        opening: Some("Sicilian_Defense".into()),
        ..Filter::default()
    };
    for f in [ragged, opening] {
        assert_eq!(library.count_from_tallies(&f).unwrap(), None, "{f:?}");
        assert_eq!(library.count(&f).unwrap(), brute(rows, &f).len() as u64);
    }
}

#[test]
fn tallied_theme_counts_equal_brute_force() {
    let (db, rows) = fixture();
    let library = Library::open(db).unwrap();
    for f in screen_filters().into_iter().step_by(3) {
        let kept = brute(rows, &f);
        for theme in library.theme_counts(&f).unwrap() {
            let expected = kept
                .iter()
                .filter(|r| r.themes.iter().any(|t| *t == theme.name))
                .count() as u64;
            assert_eq!(theme.filtered, expected, "{} under {f:?}", theme.name);
        }
    }
}

fn check_pick(library: &Library, rows: &[SynthRow], f: &Filter, near: u16, limit: usize) {
    // Exclude every third eligible puzzle, as if seen.
    let eligible = brute(rows, f);
    let seen: HashSet<&str> = eligible.iter().step_by(3).map(|r| r.id.as_str()).collect();
    let picked = library
        .pick(f, near, &|id| seen.contains(id), limit)
        .unwrap();
    let unseen: Vec<&&SynthRow> = eligible
        .iter()
        .filter(|r| !seen.contains(r.id.as_str()))
        .collect();
    assert_eq!(picked.len(), limit.min(unseen.len()), "{f:?}");
    let distance = |r: u32| (i64::from(r) - i64::from(near)).abs();
    let ids: HashSet<&str> = picked.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), picked.len(), "duplicates");
    for p in &picked {
        assert!(!seen.contains(p.id.as_str()), "picked a seen puzzle");
        assert!(unseen.iter().any(|r| r.id == p.id), "{} fails {f:?}", p.id);
    }
    let d: Vec<i64> = picked.iter().map(|p| distance(p.rating.unwrap())).collect();
    assert!(
        d.windows(2).all(|w| w[0] <= w[1]),
        "not nearest first: {d:?}"
    );
    if let Some(worst) = d.last() {
        let closer_left_out = unseen
            .iter()
            .filter(|r| !ids.contains(r.id.as_str()))
            .any(|r| distance(r.rating_value().unwrap()) < *worst);
        assert!(!closer_left_out, "a nearer puzzle was left out for {f:?}");
    }
}

#[test]
fn picks_are_unseen_matching_and_nearest_the_rating() {
    let (db, rows) = fixture();
    let library = Library::open(db).unwrap();
    let table = [
        (Filter::default(), 1500, 10),
        (filter(&["fork", "pin"], &[], Some((1400, 1600))), 1500, 10),
        (filter(&[], &["mate", "short"], Some((1200, 1800))), 1900, 7),
        (filter(&[], &["mate", "short"], Some((1200, 1800))), 900, 7),
        (filter(&["fork"], &["endgame"], None), 2500, 25),
        (filter(&[], &["crushing"], None), 400, 3),
        (filter(&[], &["zugzwang"], None), 1500, 1000),
        (
            Filter {
                opening: Some("Italian_Game".into()),
                rating: Some((1300, 1900)),
                themes_any: vec!["fork".into(), "crushing".into()],
                ..Filter::default()
            },
            1450,
            12,
        ),
    ];
    for (f, near, limit) in &table {
        check_pick(&library, rows, f, *near, *limit);
    }
    assert!(
        library
            .pick(&Filter::default(), 1500, &|_| false, 0)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn theme_counts_give_totals_and_what_the_filter_leaves() {
    let (db, rows) = fixture();
    let library = Library::open(db).unwrap();
    let f = filter(&["fork", "pin"], &[], Some((1300, 1700)));
    let kept = brute(rows, &f);
    let counts = library.theme_counts(&f).unwrap();
    assert!(counts.windows(2).all(|w| w[0].total >= w[1].total));
    for c in &counts {
        let total = rows
            .iter()
            .filter(|r| r.themes.contains(&c.name.as_str()))
            .count();
        let filtered = kept
            .iter()
            .filter(|r| r.themes.contains(&c.name.as_str()))
            .count();
        assert_eq!(
            (c.total, c.filtered),
            (total as u64, filtered as u64),
            "{}",
            c.name
        );
    }
    let names: HashSet<&str> = rows.iter().flat_map(|r| r.themes.iter().copied()).collect();
    assert_eq!(counts.len(), names.len());
}

#[test]
fn stats_sum_up_the_library() {
    let (db, rows) = fixture();
    let stats = Library::open(db).unwrap().stats().unwrap();
    assert_eq!(stats.puzzles, rows.len() as u64);
    assert_eq!(
        stats.ratings.iter().map(|b| b.count).sum::<u64>(),
        rows.len() as u64
    );
    let b = &stats.ratings[3];
    let in_band = rows
        .iter()
        .filter(|r| (b.from..=b.to).contains(&r.rating_value().unwrap()))
        .count();
    assert_eq!(b.count, in_band as u64);
    assert_eq!(
        stats.themes["fork"],
        brute(rows, &filter(&["fork"], &[], None)).len() as u64
    );
    let with_opening = rows.iter().filter(|r| !r.opening_tags.is_empty()).count();
    assert_eq!(stats.with_opening, with_opening as u64);
    assert_eq!(stats.imports.len(), 1);
    assert_eq!(stats.imports[0].skipped, ROWS / 50);
    let json = serde_json::to_value(&stats).unwrap();
    assert_eq!(json["puzzles"], rows.len() as u64);
    assert!(json["ratings"][0]["from"].is_number());
}

#[test]
fn an_unknown_theme_is_an_error_not_an_empty_list() {
    let (db, _) = fixture();
    let library = Library::open(db).unwrap();
    let err = library.count(&filter(&["forkk"], &[], None)).unwrap_err();
    assert!(
        matches!(err, LibraryError::UnknownTheme(ref t) if t == "forkk"),
        "{err}"
    );
}

const THEMES: &[&str] = &[
    "fork",
    "pin",
    "mate",
    "short",
    "long",
    "endgame",
    "middlegame",
    "crushing",
    "skewer",
    "sacrifice",
    "mateIn2",
    "advantage",
];

fn arb_filter() -> impl Strategy<Value = Filter> {
    let names = prop::collection::vec(prop::sample::select(THEMES), 0..3);
    let band = prop::option::of((400u16..3000, 0u16..800).prop_map(|(a, w)| (a, a + w)));
    let opening = prop::option::of(prop::sample::select(vec![
        "Sicilian_Defense",
        "french defense",
        "Ruy_Lopez_Main_Line",
    ]));
    (
        names.clone(),
        names,
        band,
        opening,
        prop::option::of(-100i8..=100),
        prop::option::of((2u8..32, 0u8..12).prop_map(|(a, w)| (a, a.saturating_add(w)))),
    )
        .prop_map(
            |(any, all, rating, opening, min_popularity, pieces)| Filter {
                themes_any: any.into_iter().map(str::to_owned).collect(),
                themes_all: all.into_iter().map(str::to_owned).collect(),
                rating,
                opening: opening.map(str::to_owned),
                min_popularity,
                pieces,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_filter_counts_and_picks_like_brute_force(
        f in arb_filter(),
        near in 400u16..3000,
        limit in 1usize..40,
    ) {
        let (db, rows) = fixture();
        let library = Library::open(db).unwrap();
        prop_assert_eq!(library.count(&f).unwrap(), brute(rows, &f).len() as u64);
        check_pick(&library, rows, &f, near, limit);
    }
}
