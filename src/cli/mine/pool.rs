//! One engine per core: the games of a PGN stream mined by a pool of
//! workers, each with its own engine, and handed back in the file's order
//! (so that the pack and the messages are the same whatever the number of
//! workers).
//!
//! A reader thread feeds the games into a short queue; each worker takes
//! the next game, mines it with its engine and sends the outcome back; the
//! caller's thread puts the outcomes back in order. When the caller stops
//! (an error, or an engine that failed), the workers end after their
//! current game and the reader after its next one.

use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};

use sancho::drill::{PgnError, PgnGame, ReadGame};
use sancho::engine::{Engine, EngineError, Limit};
use sancho::mine::{GameMined, Look, MULTIPV, mine_game, mine_game_two_pass, sides_for};
use sancho::puzzle::fen_of;

/// How every game is searched.
#[derive(Clone, Debug)]
pub struct Search {
    /// Mine only this player's moves.
    pub player: Option<String>,
    /// The full search.
    pub full: Limit,
    /// The cheap first pass, if any (else every position gets the full
    /// search).
    pub scan: Option<Limit>,
}

/// What became of one game.
#[derive(Debug)]
pub enum Outcome {
    /// The game could not be read (the parser's message).
    Unreadable(String),
    /// The named player did not play it.
    WithoutPlayer,
    /// Mined.
    Mined(GameMined),
    /// The engine failed on it (the worker has stopped).
    Failed(EngineError),
    /// The file could not be read from here on.
    ReadFailed(std::io::Error),
}

/// One game's outcome, with where it is in the file.
#[derive(Debug)]
pub struct Done {
    /// 0-based, in file order.
    pub index: usize,
    /// The 1-based line where the game starts.
    pub line: usize,
    /// The first line that was not UTF-8 (read as Latin-1).
    pub not_utf8: Option<usize>,
    /// The game's size in bytes (for the progress bar).
    pub bytes: u64,
    /// What became of it.
    pub outcome: Outcome,
}

/// A game handed to a worker.
struct Job {
    index: usize,
    game: ReadGame,
}

/// Mines `games` with one worker per engine of `engines`. `arrived` is
/// called with each game's size as soon as any worker finishes it (the
/// progress bar); `each` gets the outcomes in file order and may stop the
/// run with an error, which is returned.
///
/// # Errors
/// The first error of `each`.
pub fn mine_all<I>(
    engines: Vec<Engine>,
    games: I,
    search: &Search,
    mut arrived: impl FnMut(u64),
    mut each: impl FnMut(Done) -> anyhow::Result<()>,
) -> anyhow::Result<()>
where
    I: Iterator<Item = std::io::Result<ReadGame>> + Send,
{
    let queue = engines.len().max(1) * 2;
    let (job_tx, job_rx) = sync_channel::<Job>(queue);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = channel::<Done>();
    std::thread::scope(|scope| {
        for engine in engines {
            let jobs = Arc::clone(&job_rx);
            let done = done_tx.clone();
            scope.spawn(move || work(engine, &jobs, &done, search));
        }
        // Only the workers hold the queue's receiver: when they have all
        // stopped, the reader's next send fails and it stops too.
        drop(job_rx);
        let done = done_tx.clone();
        scope.spawn(move || read(games, &job_tx, &done));
        drop(done_tx);
        collect(&done_rx, &mut arrived, &mut each)
    })
}

/// The caller's side: outcomes put back in file order.
fn collect(
    done_rx: &Receiver<Done>,
    arrived: &mut impl FnMut(u64),
    each: &mut impl FnMut(Done) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for done in done_rx {
        arrived(done.bytes);
        waiting.insert(done.index, done);
        while let Some(done) = waiting.remove(&next) {
            next += 1;
            each(done)?;
        }
    }
    // Every outcome after a missing one waits for it: a game no worker
    // handed back (a worker that stopped) is said, never passed over.
    if !waiting.is_empty() {
        anyhow::bail!(
            "game {} of the file was never mined (a worker stopped): it and the {} mined after it are not in the pack",
            next + 1,
            waiting.len()
        );
    }
    Ok(())
}

/// The reader: every game of the stream, numbered, into the queue.
fn read(
    games: impl Iterator<Item = std::io::Result<ReadGame>>,
    jobs: &SyncSender<Job>,
    done: &std::sync::mpsc::Sender<Done>,
) {
    for (index, game) in games.enumerate() {
        let sent = match game {
            Ok(game) => jobs.send(Job { index, game }).is_ok(),
            Err(e) => {
                let _ = done.send(Done {
                    index,
                    line: 0,
                    not_utf8: None,
                    bytes: 0,
                    outcome: Outcome::ReadFailed(e),
                });
                false
            }
        };
        if !sent {
            return;
        }
    }
}

/// A worker: games from the queue, mined with its own engine, until the
/// queue ends, the caller stops listening or the engine fails.
fn work(
    mut engine: Engine,
    jobs: &Mutex<Receiver<Job>>,
    done: &std::sync::mpsc::Sender<Done>,
    search: &Search,
) {
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(Job { index, game }) = job else {
            return;
        };
        let outcome = mine_one(&mut engine, game.game, search);
        let failed = matches!(outcome, Outcome::Failed(_));
        let sent = done.send(Done {
            index,
            line: game.line,
            not_utf8: game.not_utf8,
            bytes: game.bytes,
            outcome,
        });
        if sent.is_err() || failed {
            return;
        }
    }
}

/// Mines one game read with `engine`.
fn mine_one(engine: &mut Engine, game: Result<PgnGame, PgnError>, search: &Search) -> Outcome {
    let game = match game {
        Ok(game) => game,
        Err(e) => return Outcome::Unreadable(e.to_string()),
    };
    let Some(sides) = sides_for(&game, search.player.as_deref()) else {
        return Outcome::WithoutPlayer;
    };
    if let Err(e) = engine.new_game() {
        return Outcome::Failed(e);
    }
    let named = search.player.is_some();
    let mined = match search.scan {
        Some(scan) => mine_game_two_pass(&game, sides, named, |pos, look| {
            let limit = match look {
                Look::Scan => scan,
                Look::Full => search.full,
            };
            engine.analyse(&fen_of(pos), MULTIPV, limit)
        }),
        None => mine_game(&game, sides, named, |pos| {
            engine.analyse(&fen_of(pos), MULTIPV, search.full)
        }),
    };
    match mined {
        Ok(mined) => Outcome::Mined(mined),
        Err(e) => Outcome::Failed(e),
    }
}
