//! `sancho worksheet` (issue 40): the key printed in the PDF is each
//! puzzle's solution (read back from the PDF's text, and with pdftotext
//! where poppler is installed), a pack's order is kept, a seed chooses the
//! same sheet again, the text version, and bad input leaves nothing
//! half-written at the target.

use std::path::{Path, PathBuf};
use std::process::Output;

use sancho::notation::Lang;
use sancho::puzzle::{Puzzle, load_path};
use sancho::worksheet::puzzle_solution;

use crate::support::sancho;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/puzzles")
        .join(name)
}

fn small_pack() -> Vec<Puzzle> {
    load_path(&fixture("lichess_small.csv"))
        .expect("the fixture reads")
        .puzzles
}

/// Runs `sancho worksheet ARGS` with a data directory of its own (and no
/// locale, so the paper is A4 unless asked).
fn worksheet(dir: &Path, args: &[&str]) -> Output {
    sancho()
        .env("SANCHO_DATA_DIR", dir.join("data"))
        .env_remove("LC_ALL")
        .env_remove("LC_PAPER")
        .env_remove("LANG")
        .arg("worksheet")
        .args(args)
        .output()
        .expect("run sancho")
}

fn ok(output: &Output) -> String {
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Fails with exit code 2 (what `main` returns for an error) and says why.
fn refused(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The text a PDF shows, in the order it is drawn: every string shown with
/// `Tj`, and for a figurine the symbol its `/ActualText` says (the
/// invisible letter under it left out). Pages' content streams are not
/// compressed, so this reads the file itself.
fn pdf_text(pdf: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip_next = false;
    let mut i = 0;
    while i < pdf.len() {
        if pdf[i..].starts_with(b"/ActualText <") {
            let start = i + b"/ActualText <".len();
            let end = start + pdf[start..].iter().position(|&b| b == b'>').unwrap();
            let hex = std::str::from_utf8(&pdf[start..end]).unwrap();
            let units: Vec<u16> = (0..hex.len())
                .step_by(4)
                .map(|k| u16::from_str_radix(&hex[k..k + 4], 16).unwrap())
                .collect();
            let text = String::from_utf16(&units).unwrap();
            out.push(text.trim_start_matches('\u{feff}').to_owned());
            skip_next = true;
            i = end;
        } else if pdf[i] == b'(' {
            let (text, end) = literal(pdf, i);
            let rest = &pdf[end..];
            let after = rest
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .unwrap_or(0);
            if rest[after..].starts_with(b"Tj") {
                if skip_next {
                    skip_next = false;
                } else {
                    out.push(text);
                }
            }
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// A PDF literal string starting at `at` (its `(`), decoded as WinAnsi's
/// Latin-1 part, and the index after its `)`.
fn literal(pdf: &[u8], at: usize) -> (String, usize) {
    let mut text = String::new();
    let (mut depth, mut i) = (0, at);
    loop {
        let b = pdf[i];
        match b {
            b'\\' => {
                let next = pdf[i + 1];
                if next.is_ascii_digit() {
                    let digits: Vec<u8> = pdf[i + 1..]
                        .iter()
                        .take(3)
                        .take_while(|d| d.is_ascii_digit())
                        .copied()
                        .collect();
                    let code =
                        u8::from_str_radix(std::str::from_utf8(&digits).unwrap(), 8).unwrap();
                    text.push(char::from(code));
                    i += 1 + digits.len();
                    continue;
                }
                text.push(match next {
                    b'n' => '\n',
                    b'r' => '\r',
                    b't' => '\t',
                    other => char::from(other),
                });
                i += 2;
                continue;
            }
            b'(' => {
                depth += 1;
                if depth > 1 {
                    text.push('(');
                }
            }
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return (text, i + 1);
                }
                text.push(')');
            }
            other => text.push(char::from(other)),
        }
        i += 1;
    }
}

/// Text with every space taken out: the PDF places words where it likes,
/// the letters' order is what counts.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Asserts that each of `lines` appears in `text` (spaces aside), in order.
fn in_order(text: &str, lines: &[String], what: &str) {
    let text = squeezed(text);
    let mut from = 0;
    for line in lines {
        let line = squeezed(line);
        let found = text[from..]
            .find(&line)
            .unwrap_or_else(|| panic!("{what}: {line:?} not found in order in {text:?}"));
        from += found + line.len();
    }
}

/// The key as pdftotext reads it, when poppler-utils is installed (`.ci/run`
/// installs it); `None`, said on stderr, where it is not.
fn pdftotext(path: &Path) -> Option<String> {
    match std::process::Command::new("pdftotext")
        .arg("-layout")
        .arg(path)
        .arg("-")
        .output()
    {
        Ok(out) if out.status.success() => Some(String::from_utf8_lossy(&out.stdout).into_owned()),
        Ok(out) => panic!("pdftotext failed: {}", String::from_utf8_lossy(&out.stderr)),
        Err(_) => {
            eprintln!(
                "pdftotext is not installed (poppler-utils): its check of the key is skipped; the PDF's own text was checked"
            );
            None
        }
    }
}

/// The key's lines as the sheet prints them: number, id, solution.
fn key_lines(puzzles: &[Puzzle], lang: Lang) -> Vec<String> {
    puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}. {} {}", i + 1, p.id, puzzle_solution(p, lang)))
        .collect()
}

#[test]
fn the_key_is_each_puzzles_solution_in_the_packs_order() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.pdf");
    let pack = fixture("lichess_small.csv");
    let said = ok(&worksheet(
        dir.path(),
        &[
            "--pack",
            pack.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    ));
    assert!(
        said.contains("7 puzzles from lichess_small.csv on 2 pages, the key on 1 page (a4)"),
        "{said}"
    );
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"%PDF-1.7"));
    let puzzles = small_pack();
    let expected = key_lines(&puzzles, Lang::EN);
    // The pack's first puzzle: 1... Kh8 set it up, White mates.
    assert_eq!(expected[0], "1. fx001 2. Re8#");
    let text = pdf_text(&bytes).join(" ");
    let key = &text[text.find("answer key").expect("a key page")..];
    in_order(key, &expected, "the PDF's text");
    if let Some(poppler) = pdftotext(&out) {
        let key = &poppler[poppler.find("answer key").expect("a key page")..];
        in_order(key, &expected, "pdftotext");
    }
    // Each diagram is numbered and says whose move it is, after the set-up
    // move.
    in_order(
        &text,
        &[
            "1. White to move: mate in 1".to_owned(),
            "after 1... Kh8".to_owned(),
        ],
        "the first diagram",
    );
}

#[test]
fn the_key_writes_the_languages_letters_and_figurines() {
    let dir = tempfile::tempdir().unwrap();
    let pack = fixture("lichess_small.csv");
    let puzzles = small_pack();
    for (flags, lang) in [
        (vec!["--lang", "de"], "de".parse::<Lang>().unwrap()),
        (vec!["--figurine"], Lang::EN.with_figurines(true)),
    ] {
        let out = dir.path().join("sheet.pdf");
        let mut args = vec![
            "--pack",
            pack.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend(flags);
        ok(&worksheet(dir.path(), &args));
        let expected = key_lines(&puzzles, lang);
        assert!(
            expected.iter().any(|l| l.contains('T') || l.contains('♖')),
            "a rook move is in the key: {expected:?}"
        );
        let bytes = std::fs::read(&out).unwrap();
        let text = pdf_text(&bytes).join(" ");
        let key = &text[text.find("answer key").unwrap()..];
        in_order(key, &expected, "the PDF's text");
        if let Some(poppler) = pdftotext(&out) {
            let key = &poppler[poppler.find("answer key").unwrap()..];
            in_order(key, &expected, "pdftotext");
        }
    }
}

#[test]
fn the_text_version_is_the_same_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let pack = fixture("lichess_small.csv");
    let output = worksheet(
        dir.path(),
        &[
            "--pack",
            pack.to_str().unwrap(),
            "--count",
            "3",
            "--title",
            "Endings",
            "--out",
            "-",
        ],
    );
    let text = ok(&output);
    insta::assert_snapshot!("worksheet_text", text);
}

#[test]
fn a_seed_chooses_the_same_sheet_again() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str, seed: &str, extra: &[&str]| {
        let out = dir.path().join(name);
        let mut args = vec![
            "--count",
            "8",
            "--seed",
            seed,
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        ok(&worksheet(dir.path(), &args));
        std::fs::read(out).unwrap()
    };
    let builtin = ["--source", "builtin", "--theme", "mateIn2"];
    let a = run("a.pdf", "9", &builtin);
    let b = run("b.pdf", "9", &builtin);
    let c = run("c.pdf", "10", &builtin);
    assert_eq!(a, b, "the same seed, the same bytes");
    assert_ne!(a, c, "another seed, other puzzles");
    let text = pdf_text(&a).join(" ");
    assert!(
        text.contains("8 puzzles from the built-in puzzles (theme mateIn2), seed 9"),
        "{text}"
    );
    for drill in ["write", "read", "disambiguation", "coordinates"] {
        let d = ["--drill", drill];
        assert_eq!(run("d1.pdf", "3", &d), run("d2.pdf", "3", &d), "{drill}");
    }
}

#[test]
fn a_seed_draws_from_a_pack_and_keeps_its_order() {
    let dir = tempfile::tempdir().unwrap();
    let pack = fixture("lichess_small.csv");
    let ids = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["--pack", pack.to_str().unwrap(), "--out", "-"];
        all.extend_from_slice(args);
        let text = ok(&worksheet(dir.path(), &all));
        let key = text.split("Answer key\n").nth(1).unwrap().to_owned();
        key.lines()
            .filter_map(|l| Some(l.split_once(". ")?.1.split_once(':')?.0.to_owned()))
            .collect()
    };
    assert_eq!(ids(&["--count", "3"]), ["fx001", "fx002", "fx003"]);
    let drawn = ids(&["--count", "4", "--seed", "5"]);
    assert_eq!(drawn.len(), 4);
    let mut sorted = drawn.clone();
    sorted.sort();
    assert_eq!(drawn, sorted, "the pack's order (its ids are in order)");
    assert_eq!(drawn, ids(&["--count", "4", "--seed", "5"]));
}

#[test]
fn bad_input_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let pack = fixture("lichess_small.csv");
    let pack = pack.to_str().unwrap();
    let target = dir.path().join("sheet.pdf");
    let target_s = target.to_str().unwrap();
    // More than fit.
    let err = refused(&worksheet(
        dir.path(),
        &["--pack", pack, "--count", "8", "--out", target_s],
    ));
    assert!(err.contains("only 7 puzzles"), "{err}");
    assert!(err.contains("--count 7 or fewer"), "{err}");
    // None fits.
    let err = refused(&worksheet(
        dir.path(),
        &[
            "--source",
            "builtin",
            "--rating",
            "3900-4000",
            "--out",
            target_s,
        ],
    ));
    assert!(
        err.contains("no puzzle of the built-in puzzles fits"),
        "{err}"
    );
    let err = refused(&worksheet(
        dir.path(),
        &["--pack", pack, "--theme", "noSuchTheme", "--out", target_s],
    ));
    assert!(err.contains("noSuchTheme"), "{err}");
    assert!(!target.exists(), "nothing written");
    // An existing sheet is left as it was when the new one fails.
    std::fs::write(&target, b"the old sheet").unwrap();
    refused(&worksheet(
        dir.path(),
        &["--pack", pack, "--count", "9", "--out", target_s],
    ));
    assert_eq!(std::fs::read(&target).unwrap(), b"the old sheet");
    // A directory that is not there; a directory where the file would go.
    let nowhere = dir.path().join("no/such/dir/sheet.pdf");
    let err = refused(&worksheet(
        dir.path(),
        &["--pack", pack, "--out", nowhere.to_str().unwrap()],
    ));
    assert!(err.contains("cannot write"), "{err}");
    assert!(!nowhere.exists());
    let err = refused(&worksheet(
        dir.path(),
        &["--pack", pack, "--out", dir.path().to_str().unwrap()],
    ));
    assert!(
        err.contains("is a directory, not a regular file: nothing was written"),
        "{err}"
    );
    // No temporary file is left beside the target.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "sheet.pdf" && n != "data")
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // Options that do not go together, or make no sense.
    for (args, says) in [
        (vec!["--per-page", "5"], "[possible values: 4, 6, 9]"),
        (vec!["--paper", "a5"], "[possible values: a4, letter]"),
        (
            vec!["--drill", "transcribe"],
            "[possible values: write, read, disambiguation, coordinates]",
        ),
        (
            vec!["--drill", "write", "--theme", "fork"],
            "cannot be used with",
        ),
        (vec!["--scoresheet", "--count", "3"], "cannot be used with"),
        (vec!["--count", "0"], "0 is not in 1..=500"),
    ] {
        let mut all = vec!["--out", target_s];
        all.extend(args.iter().copied());
        let err = refused(&worksheet(dir.path(), &all));
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert_eq!(std::fs::read(&target).unwrap(), b"the old sheet");
}

/// The pages of a PDF: each `/Type /Page` object and its media box.
fn media_boxes(pdf: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/MediaBox [")
        .map(|(i, _)| {
            let rest = &text[i + "/MediaBox [".len()..];
            rest[..rest.find(']').unwrap()].to_owned()
        })
        .collect()
}

#[test]
fn paper_and_diagrams_per_page_set_the_pages() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.pdf");
    let out_s = out.to_str().unwrap();
    let pages = |args: &[&str], env: Option<&str>| {
        let mut command = sancho();
        command
            .env("SANCHO_DATA_DIR", dir.path().join("data"))
            .env_remove("LC_ALL")
            .env_remove("LC_PAPER")
            .env_remove("LANG");
        if let Some(lang) = env {
            command.env("LANG", lang);
        }
        let output = command
            .args([
                "worksheet",
                "--source",
                "builtin",
                "--seed",
                "1",
                "--out",
                out_s,
            ])
            .args(args)
            .output()
            .unwrap();
        ok(&output);
        media_boxes(&std::fs::read(&out).unwrap())
    };
    let a4 = "0 0 595.28 841.89";
    let letter = "0 0 612 792";
    // Nine puzzles, four a page: three pages, and the key.
    assert_eq!(
        pages(&["--count", "9", "--per-page", "4"], None),
        vec![a4; 4]
    );
    assert_eq!(
        pages(&["--count", "9", "--per-page", "9"], None),
        vec![a4; 2]
    );
    assert_eq!(pages(&["--count", "7", "--no-key"], None), vec![a4; 2]);
    assert_eq!(
        pages(&["--count", "6", "--paper", "letter"], None),
        vec![letter; 2]
    );
    assert_eq!(
        pages(&["--count", "6"], Some("en_US.UTF-8")),
        vec![letter; 2]
    );
    assert_eq!(pages(&["--count", "6"], Some("de_DE.UTF-8")), vec![a4; 2]);
    let text = pdf_text(&std::fs::read(&out).unwrap()).join(" ");
    assert!(
        text.contains("page 1 of 2") && text.contains("page 2 of 2"),
        "{text}"
    );
}

#[test]
fn a_blank_scoresheet_has_the_fields_sixty_moves_and_the_signatures() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("score.pdf");
    let said = ok(&worksheet(
        dir.path(),
        &[
            "--scoresheet",
            "--date",
            "12 March 2026",
            "--out",
            out.to_str().unwrap(),
        ],
    ));
    assert!(said.contains("a scoresheet on 1 page (a4)"), "{said}");
    let text = pdf_text(&std::fs::read(&out).unwrap());
    for field in [
        "Event",
        "Date",
        "12 March 2026",
        "Round",
        "Board",
        "Result",
        "White",
        "Black",
        "Rating",
    ] {
        assert!(text.iter().any(|t| t == field), "{field}: {text:?}");
    }
    let numbers: Vec<u32> = text.iter().filter_map(|t| t.parse().ok()).collect();
    assert_eq!(numbers, (1..=60).collect::<Vec<_>>());
    for signature in [
        "White's signature",
        "Black's signature",
        "Arbiter's signature",
    ] {
        assert!(text.iter().any(|t| t == signature), "{signature}");
    }
    let plain = ok(&worksheet(dir.path(), &["--scoresheet", "--out", "-"]));
    assert!(
        plain.contains(" 30. __________   __________      60. __________"),
        "{plain}"
    );
    assert!(plain.contains("Arbiter's signature: "), "{plain}");
}

#[test]
fn drill_sheets_key_every_exercise() {
    let dir = tempfile::tempdir().unwrap();
    for drill in ["write", "read", "disambiguation", "coordinates"] {
        let text = ok(&worksheet(
            dir.path(),
            &[
                "--drill", drill, "--count", "5", "--seed", "4", "--out", "-",
            ],
        ));
        let key = text.split("Answer key\n").nth(1).expect("a key");
        let numbered: Vec<&str> = key.lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(numbered.len(), 5, "{drill}: {key}");
        for (i, line) in numbered.iter().enumerate() {
            assert!(line.starts_with(&format!("{}. ", i + 1)), "{drill}: {line}");
        }
    }
    // Coordinates: the board's edges carry no names to read the answer from.
    let text = ok(&worksheet(
        dir.path(),
        &[
            "--drill",
            "coordinates",
            "--count",
            "2",
            "--seed",
            "4",
            "--out",
            "-",
        ],
    ));
    assert!(!text.contains("a  b  c"), "{text}");
}

#[test]
fn letters_the_fonts_lack_are_said_and_printed_as_question_marks() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.pdf");
    let output = worksheet(
        dir.path(),
        &[
            "--scoresheet",
            "--title",
            "Turniej w Łodzi",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    ok(&output);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("the PDF's standard fonts have no Ł (--title): printed as ?"),
        "{err}"
    );
    let text = pdf_text(&std::fs::read(&out).unwrap());
    assert!(text.iter().any(|t| t == "Turniej w ?odzi"), "{text:?}");
    // The text version has every letter.
    let plain = ok(&worksheet(
        dir.path(),
        &["--scoresheet", "--title", "Turniej w Łodzi", "--out", "-"],
    ));
    assert!(plain.starts_with("Turniej w Łodzi\n"), "{plain}");
}
