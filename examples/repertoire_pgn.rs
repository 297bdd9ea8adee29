//! Writes a synthetic repertoire PGN (chapters with variations and
//! comments) for `sancho repertoire add`'s speed figure.
//!
//! ```text
//! cargo run --release --example repertoire_pgn -- GAMES [SEED] > rep.pgn
//! ```

use anyhow::{Context, Result};
use sancho::repertoire::synth::synth_pgn;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args
        .first()
        .context("usage: repertoire_pgn GAMES [SEED]")?
        .parse()
        .context("GAMES must be a number")?;
    let seed: u64 = match args.get(1) {
        Some(s) => s.parse().context("SEED must be a number")?,
        None => 1,
    };
    print!("{}", synth_pgn(games, seed));
    Ok(())
}
