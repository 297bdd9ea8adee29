//! Issue 11's yardstick for `sancho resolve --batch`: the least a program
//! can do with shakmaty alone. For every `FEN<TAB>SAN` line of stdin it
//! parses the FEN, parses the SAN (`SanPlus`), finds the move (`to_move`)
//! and writes UCI and SAN as a JSON line. No tolerance, no explanations:
//! a line it cannot read stops it.
//!
//! With `lines` it writes a workload instead, from the built-in games
//! (`assets/games`): one line per move played, or with `lines --every` one
//! line per legal move of every position (runs of lines share a FEN).
//!
//! ```text
//! cargo build --release --example batch_baseline
//! B=target/release/examples/batch_baseline
//! $B lines --every > /tmp/every.tsv
//! time $B < /tmp/every.tsv > /dev/null
//! time target/release/sancho resolve --batch /tmp/every.tsv > /dev/null
//! ```
//!
//! docs/PERFORMANCE.md has the figures and the ratio.

use std::io::{self, BufRead, BufWriter, Write};

use sancho::drill::game_book;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

#[derive(serde::Serialize)]
struct Line<'a> {
    input: &'a str,
    uci: String,
    san: String,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match args.first().map(String::as_str) {
        Some("lines") => lines(&mut out, args.iter().any(|a| a == "--every"))?,
        None => baseline(io::stdin().lock(), &mut out)?,
        Some(other) => {
            return Err(
                format!("unknown argument {other:?}: use `lines [--every]` or none").into(),
            );
        }
    }
    out.flush()?;
    Ok(())
}

/// The raw shakmaty program.
fn baseline(input: impl BufRead, out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    for line in input.lines() {
        let line = line?;
        let (fen, input) = line.split_once('\t').ok_or("a line without a tab")?;
        let pos: Chess = fen.parse::<Fen>()?.into_position(CastlingMode::Standard)?;
        let san = SanPlus::from_ascii(input.as_bytes())?;
        let mv = san.san.to_move(&pos)?;
        let line = Line {
            input,
            uci: mv.to_uci(CastlingMode::Standard).to_string(),
            san: SanPlus::from_move(pos, mv).to_string(),
        };
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The workload: the built-in games' moves, or every legal move of their
/// positions, as `FEN<TAB>SAN` lines.
fn lines(out: &mut impl Write, every: bool) -> Result<(), Box<dyn std::error::Error>> {
    for game in game_book().games() {
        for (pos, mv) in game.positions() {
            let fen = Fen::from_position(&pos, EnPassantMode::Legal);
            let moves = if every {
                pos.legal_moves().to_vec()
            } else {
                vec![mv]
            };
            for mv in moves {
                writeln!(out, "{fen}\t{}", SanPlus::from_move(pos.clone(), mv))?;
            }
        }
    }
    Ok(())
}
