//! The Lichess CSV reader: columns by name in any order, extra columns,
//! row errors with line numbers, zstd-compressed files.

use std::fs;
use std::io::{Cursor, Read};
use std::path::Path;

use sancho::puzzle::{
    Content, Format, RowReason, SourceError, check_path, decompress_if_zst, detect_format,
    load_one, load_path, read_lichess, sniff_content,
};
use shakmaty::{Color, Position};

const SMALL: &str = "tests/fixtures/puzzles/lichess_small.csv";

#[test]
fn reads_shuffled_columns_with_an_extra_one() {
    let text = fs::read_to_string(SMALL).unwrap();
    let puzzles: Vec<_> = read_lichess(text.as_bytes(), "small.csv")
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(puzzles.len(), 7);
    let p = &puzzles[1];
    assert_eq!(p.id, "fx002");
    assert_eq!(p.title, "Lichess puzzle fx002");
    assert_eq!(p.subtitle, "White to move");
    assert_eq!(p.user_color, Color::White);
    assert_eq!(p.position.turn(), Color::Black);
    assert_eq!(p.fen, "1k6/8/2K5/8/8/8/8/3R4 b - - 0 1");
    assert!(p.opponent_first());
    assert_eq!(p.user_move_count(), 2);
    let flags: Vec<bool> = p.solution.iter().map(|m| m.is_user).collect();
    assert_eq!(flags, [false, true, false, true]);
    assert_eq!(p.rating, Some(1100));
    assert_eq!(p.rating_deviation, Some(75));
    assert_eq!(p.popularity, Some(90));
    assert_eq!(p.nb_plays, Some(800));
    assert_eq!(
        p.themes,
        ["endgame", "mate", "mateIn2", "quietMove", "short"]
    );
    assert_eq!(p.game_url.as_deref(), Some("https://example.org/g2#20"));
    assert_eq!(p.difficulty, None);
    assert_eq!(p.source, "small.csv");
    assert!(p.position_after(p.solution.len()).is_checkmate());
    // Opening tags, negative popularity, empty URL.
    assert_eq!(
        puzzles[5].opening_tags,
        ["Kings_Gambit", "Kings_Gambit_Accepted"]
    );
    assert_eq!(puzzles[6].popularity, Some(-5));
    assert_eq!(puzzles[2].game_url, None);
    // Promotion, castling and en passant lines.
    let last_uci = |i: usize| sancho::notation::uci(puzzles[i].solution.last().unwrap().mv);
    assert_eq!(last_uci(3), "e5d6");
    assert_eq!(last_uci(4), "b7b8q");
    assert_eq!(last_uci(5), "e1g1");
    assert_eq!(puzzles[0].subtitle, "White to move");
    assert_eq!(puzzles[0].user_start().turn(), Color::White);
}

#[test]
fn row_errors_carry_line_and_reason() {
    let text = fs::read_to_string("tests/fixtures/puzzles/lichess_broken.csv").unwrap();
    let rows: Vec<_> = read_lichess(text.as_bytes(), "broken.csv").collect();
    assert_eq!(rows.len(), 6);
    let errors: Vec<(u64, &str)> = rows
        .iter()
        .filter_map(|r| r.as_ref().err())
        .map(|e| {
            let kind = match e.reason {
                RowReason::Fen(_) => "fen",
                RowReason::Moves(_) => "moves",
                RowReason::TooFewMoves => "too few",
                _ => "other",
            };
            (e.line, kind)
        })
        .collect();
    assert_eq!(errors, [(3, "fen"), (4, "moves"), (6, "too few")]);
    let shown = rows[1].as_ref().unwrap_err().to_string();
    assert!(
        shown.starts_with("line 3: field FEN: field 1 (piece placement): rank 6"),
        "{shown}"
    );
}

#[test]
fn header_without_a_required_column_is_one_error() {
    let text = "PuzzleId,Moves,Rating\nabc,e2e4 e7e5,1000\n";
    let rows: Vec<_> = read_lichess(text.as_bytes(), "x.csv").collect();
    assert_eq!(rows.len(), 1);
    let e = rows[0].as_ref().unwrap_err();
    assert!(matches!(e.reason, RowReason::MissingColumn("FEN")));
    assert_eq!(e.line, 1);
}

#[test]
fn bad_number_is_reported_by_column() {
    let text =
        "PuzzleId,FEN,Moves,Rating\nabc,6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1,g8h8 e1e8,high\n";
    let rows: Vec<_> = read_lichess(text.as_bytes(), "x.csv").collect();
    let e = rows[0].as_ref().unwrap_err();
    assert_eq!(e.column(), Some("Rating"));
    assert_eq!(e.id.as_deref(), Some("abc"));
}

#[test]
fn zstd_compressed_file_reads_and_checks_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let plain = fs::read(SMALL).unwrap();
    let zst_path = dir.path().join("small.csv.zst");
    fs::write(
        &zst_path,
        zstd::encode_all(Cursor::new(&plain), 19).unwrap(),
    )
    .unwrap();

    let (findings, summary) = check_path(&zst_path);
    let (plain_findings, plain_summary) = check_path(Path::new(SMALL));
    assert_eq!(summary, plain_summary);
    assert_eq!(findings.len(), plain_findings.len());
    assert_eq!(findings[0].line, plain_findings[0].line);

    let loaded = load_path(&zst_path).unwrap();
    assert_eq!(loaded.puzzles.len(), 7);
    assert!(loaded.skipped.is_empty());

    // The core helper: decompression by name only.
    let boxed: Box<dyn Read> = Box::new(fs::File::open(&zst_path).unwrap());
    let mut out = Vec::new();
    decompress_if_zst(boxed, "small.csv.zst")
        .unwrap()
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);
    let boxed: Box<dyn Read> = Box::new(Cursor::new(plain.clone()));
    let mut same = Vec::new();
    decompress_if_zst(boxed, "small.csv")
        .unwrap()
        .read_to_end(&mut same)
        .unwrap();
    assert_eq!(same, plain);

    // A compressed file without the extension is recognised by its magic.
    let bare = dir.path().join("puzzles.bin");
    fs::copy(&zst_path, &bare).unwrap();
    assert_eq!(load_path(&bare).unwrap().puzzles.len(), 7);
}

#[test]
fn format_detection() {
    let zstd_magic = [0x28, 0xB5, 0x2F, 0xFD, 0];
    let table: [(&str, &[u8], Option<Format>); 9] = [
        ("pack.json", b"", Some(Format::JsonPack)),
        ("PACK.JSON", b"PuzzleId", Some(Format::JsonPack)),
        ("p.csv", b"", Some(Format::LichessCsv { compressed: false })),
        (
            "p.csv.zst",
            b"",
            Some(Format::LichessCsv { compressed: true }),
        ),
        (
            "p",
            &zstd_magic,
            Some(Format::LichessCsv { compressed: true }),
        ),
        ("p", b"  \n [", Some(Format::JsonPack)),
        ("p", b"{\"name\"", Some(Format::JsonPack)),
        (
            "p",
            b"PuzzleId,FEN,Moves",
            Some(Format::LichessCsv { compressed: false }),
        ),
        ("p.txt", b"hello", None),
    ];
    for (name, head, expected) in table {
        assert_eq!(detect_format(name, head), expected, "{name}");
    }
}

#[test]
fn sniffs_what_a_file_holds_from_its_first_bytes() {
    let table: &[(&[u8], Option<Content>)] = &[
        (
            b"[Event \"Casual\"]\n[Site \"?\"]\n\n1. e4 e5 *\n",
            Some(Content::Pgn),
        ),
        (b"\xEF\xBB\xBF\r\n[White  \"Anna\"]", Some(Content::Pgn)),
        (b"1. e4 e5 2. Nf3 *", Some(Content::Pgn)),
        (b"12.Nxe5", Some(Content::Pgn)),
        (b"1.5", None),
        (b"[1, 2]", None),
        (b"[Event]", None),
        (b"[ {\"id\": \"a\"} ]", Some(Content::PuzzlePack)),
        (b"[]", Some(Content::PuzzlePack)),
        (
            b"{\"name\": \"x\", \"puzzles\": []}",
            Some(Content::PuzzlePack),
        ),
        (b"{\"schema\":1,\"attempts\":[]}", Some(Content::Progress)),
        (b"  {\n \"schema\": 1 }", Some(Content::Progress)),
        (b"{\"other\": 1}", None),
        (b"PuzzleId,FEN", None),
        (b"", None),
        (b" \n ", None),
    ];
    for (head, expected) in table {
        assert_eq!(
            sniff_content(head),
            *expected,
            "{}",
            String::from_utf8_lossy(head)
        );
    }
}

#[test]
fn a_pgn_or_a_progress_file_given_as_a_pack_is_named() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, kind) in [
        ("games.pgn", "[Event \"x\"]\n\n1. e4 *\n", Content::Pgn),
        ("games.json", "[Event \"x\"]\n\n1. e4 *\n", Content::Pgn),
        (
            "progress.json",
            "{\"schema\":1,\"attempts\":[]}",
            Content::Progress,
        ),
    ] {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        match load_path(&path) {
            Err(SourceError::WrongKind { kind: found, .. }) => assert_eq!(found, kind, "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
    // A path the shell would split is quoted in the suggested command.
    for (path, word) in [
        ("my games.pgn", "'my games.pgn'"),
        ("it's.pgn", r"'it'\''s.pgn'"),
        ("dir/g-1_x.pgn", "dir/g-1_x.pgn"),
    ] {
        let advice = Content::Pgn.what_to_do(path);
        assert!(advice.contains(&format!("sancho mine {word}`")), "{advice}");
    }
    // A CSV is taken for what its name says, whatever it starts with.
    let csv = dir.path().join("x.csv");
    fs::write(&csv, "[Event \"x\"]\n").unwrap();
    assert!(!matches!(
        load_path(&csv),
        Err(SourceError::WrongKind { .. })
    ));
}

const HEADER: &str =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n";

fn good_row(id: &str) -> String {
    format!("{id},6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1,g8h8 e1e8,600,80,95,1200,mate mateIn1,,\n")
}

/// (line, column) of every bad row, and the ids of the good ones.
fn outcome(text: &[u8]) -> (Vec<(u64, Option<&'static str>)>, Vec<String>) {
    let mut bad = Vec::new();
    let mut good = Vec::new();
    for row in read_lichess(text, "x.csv") {
        match row {
            Ok(p) => good.push(p.id),
            Err(e) => bad.push((e.line, e.column())),
        }
    }
    (bad, good)
}

#[test]
fn a_quote_or_a_line_break_in_a_field_spoils_only_its_own_rows() {
    // Ten rows; row 3 opens a quote that is never closed, row 6 quotes a
    // field across two lines: each line is reported, the others survive.
    let mut text = HEADER.to_owned();
    for i in 0..10 {
        let id = format!("q{i:04}");
        match i {
            3 => text.push_str(&format!(
                "{id},\"6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1,g8h8 e1e8,600,,,,,,\n"
            )),
            6 => text.push_str(&format!(
                "{id},6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1,g8h8 e1e8,600,,,,\"mate\nmateIn1\",,\n"
            )),
            _ => text.push_str(&good_row(&id)),
        }
    }
    let (bad, good) = outcome(text.as_bytes());
    assert_eq!(
        bad,
        [(5, Some("FEN")), (8, Some("Themes")), (9, Some("PuzzleId"))],
        "line 9 is the quoted field's second half"
    );
    assert_eq!(good.len(), 8);
    assert!(good.iter().all(|id| id.len() == 5), "{good:?}");
    let shown = read_lichess(text.as_bytes(), "x.csv")
        .find_map(Result::err)
        .unwrap()
        .to_string();
    assert!(shown.contains("never quotes"), "{shown}");
}

#[test]
fn an_id_that_is_not_a_lichess_id_is_a_bad_row() {
    let mut text = HEADER.to_owned();
    text.push_str(&good_row("ok001"));
    text.push_str(&good_row("has space"));
    text.push_str(&good_row(&"x".repeat(1013)));
    text.push_str(&good_row(""));
    text.push_str(&good_row("ok002"));
    let (bad, good) = outcome(text.as_bytes());
    assert_eq!(
        bad,
        [
            (3, Some("PuzzleId")),
            (4, Some("PuzzleId")),
            (5, Some("PuzzleId"))
        ]
    );
    assert_eq!(good, ["ok001", "ok002"]);
}

#[test]
fn records_are_bounded_in_size() {
    // A 100 KB line is one bad row; the next one is read as usual.
    let mut text = HEADER.to_owned().into_bytes();
    text.extend(good_row("ok001").bytes());
    text.extend(std::iter::repeat_n(b'a', 100_000));
    text.push(b'\n');
    text.extend(b"\xFF\xFE,bad utf-8\r\n");
    text.extend(good_row("ok002").bytes());
    let (bad, good) = outcome(&text);
    assert_eq!(bad, [(3, None), (4, None)]);
    assert_eq!(good, ["ok001", "ok002"]);
    let reasons: Vec<String> = read_lichess(&text[..], "x.csv")
        .filter_map(Result::err)
        .map(|e| e.reason.to_string())
        .collect();
    assert!(reasons[0].contains("longer than 64 KiB"), "{reasons:?}");
    assert!(reasons[1].contains("utf-8"), "{reasons:?}");

    // An endless stream of NUL bytes (`/dev/zero`) is a bad header, at once.
    let rows: Vec<_> = read_lichess(std::io::repeat(0), "zero").collect();
    assert_eq!(rows.len(), 1);
    let e = rows[0].as_ref().unwrap_err();
    assert!(e.is_header(), "{e}");
    assert_eq!(e.line, 1);
}

#[test]
fn a_damaged_zstd_file_is_one_clear_file_error_for_check_and_play() {
    let dir = tempfile::tempdir().unwrap();
    // With a checksum, as the zstd tool (and so the Lichess file) writes.
    let mut encoder = zstd::stream::Encoder::new(Vec::new(), 19).unwrap();
    encoder.include_checksum(true).unwrap();
    std::io::Write::write_all(&mut encoder, &fs::read(SMALL).unwrap()).unwrap();
    let whole = encoder.finish().unwrap();
    let mut flipped = whole.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0xFF;
    let cases: [(&str, Vec<u8>); 4] = [
        ("cut.csv.zst", whole[..whole.len() / 2].to_vec()),
        ("flipped.csv.zst", flipped),
        ("empty.csv.zst", Vec::new()),
        (
            "random.csv.zst",
            (0..3000u32).map(|i| (i * 7919 % 251) as u8).collect(),
        ),
    ];
    for (name, bytes) in cases {
        let path = dir.path().join(name);
        fs::write(&path, bytes).unwrap();
        // Damage the frame checksum finds only at the end may first yield
        // garbage rows; the file error comes last either way.
        let (findings, summary) = check_path(&path);
        assert_eq!(summary.file_errors, 1, "{name}: {findings:#?}");
        let last = findings.last().unwrap();
        assert!(last.line.is_some_and(|l| l >= 1), "{name}");
        assert!(last.message.contains("zstd"), "{name}: {}", last.message);
        assert_eq!(summary.passed, 0, "{name}");
        let error = load_path(&path).unwrap_err().to_string();
        assert!(error.contains("zstd"), "{name}: {error}");
    }

    // An empty plain CSV says so too.
    let empty = dir.path().join("empty.csv");
    fs::write(&empty, b"").unwrap();
    assert!(load_path(&empty).unwrap_err().to_string().contains("empty"));
}

#[test]
fn check_and_play_count_the_same_bad_rows() {
    let broken = Path::new("tests/fixtures/puzzles/lichess_broken.csv");
    let (findings, summary) = check_path(broken);
    let loaded = load_path(broken).unwrap();
    // Every row play skips, check fails, at the same line; check fails more
    // (claims such as a false mate theme, repeated ids) but reads the same rows.
    for skipped in &loaded.skipped {
        assert!(
            findings
                .iter()
                .any(|f| f.line == skipped.line && f.puzzle_id == skipped.puzzle_id),
            "{skipped}"
        );
    }
    assert_eq!(loaded.skipped.len(), 3);
    assert_eq!(
        summary.passed + summary.failed,
        loaded.puzzles.len() + loaded.skipped.len()
    );
}

#[test]
fn a_file_error_names_the_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().display().to_string();
    let (findings, _) = check_path(dir.path());
    let shown = findings[0].to_string();
    assert_eq!(shown.matches(&name).count(), 1, "{shown}");
    let missing = dir.path().join("missing.csv");
    let (findings, _) = check_path(&missing);
    let shown = findings[0].to_string();
    assert_eq!(shown.matches("missing.csv").count(), 1, "{shown}");
}

#[test]
fn load_one_stops_at_the_wanted_row() {
    // A valid row, then the wanted one, then bytes that are not a row of
    // any kind (a full read reports them): `load_one` never gets there.
    let dir = tempfile::tempdir().unwrap();
    let mut text = fs::read_to_string(SMALL).unwrap();
    text.push_str("garbage,not a fen,zz\n");
    let path = dir.path().join("big.csv.zst");
    fs::write(&path, zstd::encode_all(Cursor::new(text), 3).unwrap()).unwrap();
    assert!(!load_path(&path).unwrap().skipped.is_empty());

    let loaded = load_one(&path, "fx002").unwrap();
    let ids: Vec<&str> = loaded.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["fx002"]);
    assert!(loaded.skipped.is_empty(), "{:?}", loaded.skipped);

    let absent = load_one(&path, "absent").unwrap();
    assert!(absent.puzzles.is_empty() && absent.skipped.is_empty());

    // A JSON pack is read whole and kept to the id.
    let pack = load_one(Path::new("tests/fixtures/puzzles/good_pack.json"), "m1-002").unwrap();
    let ids: Vec<&str> = pack.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["m1-002"]);
}
