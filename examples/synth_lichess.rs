//! Writes synthetic Lichess puzzle CSV (optionally zstd-compressed).
//!
//! ```text
//! cargo run --release --example synth_lichess -- ROWS OUT.csv[.zst] [SEED] [BAD_EVERY]
//! ```

use std::fs::File;
use std::io::{BufWriter, Write};

use anyhow::{Context, Result, bail};
use sancho::library::synth::{SynthConfig, write_csv};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rows, out, rest @ ..] = args.as_slice() else {
        bail!("usage: synth_lichess ROWS OUT.csv[.zst] [SEED] [BAD_EVERY]");
    };
    let rows: u64 = rows.parse().context("ROWS must be a number")?;
    let seed: u64 = match rest.first() {
        Some(s) => s.parse().context("SEED must be a number")?,
        None => 1,
    };
    let bad_every: Option<u64> = match rest.get(1) {
        Some(s) => Some(s.parse().context("BAD_EVERY must be a number")?),
        None => None,
    };
    let config = SynthConfig {
        rows,
        seed,
        bad_every,
    };
    let file = File::create(out).with_context(|| format!("creating {out}"))?;
    if out.ends_with(".zst") {
        let mut encoder = zstd::stream::write::Encoder::new(file, 9)?;
        write_csv(config, BufWriter::new(&mut encoder))?;
        encoder.finish()?.flush()?;
    } else {
        write_csv(config, BufWriter::new(file))?;
    }
    Ok(())
}
