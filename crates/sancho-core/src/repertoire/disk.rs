//! The on-disk format of `repertoire.json` (schema 1), kept apart from the
//! repertoire's types.
//!
//! Each repertoire keeps its positions as the moves between them: the
//! roots (a FEN each) are positions `0..roots`, and each move goes from a
//! position already known to one known or to the next new one, so that a
//! reader rebuilds every position by playing the moves in order. A move is
//! written in UCI; its SAN is written again when read.
//!
//! Every object keeps the fields this version does not know (the
//! document's, a repertoire's, an added file's, a move's) and writes them
//! back; a repertoire whose stored name breaks the rule of names
//! ([`checked_stored_name`]: empty, hidden characters, too long, `-…`) is
//! held aside as it was written, never shown and written back unchanged.
//!
//! ```json
//! {"schema":1,
//!  "repertoires":[{"name":"white","side":"white","created":1700000000,
//!    "added":[{"file":"e4.pgn","games":12,"at":1700000000}],
//!    "roots":["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
//!    "moves":[{"from":0,"uci":"e2e4","to":1},
//!             {"from":1,"uci":"e7e5","to":2,"comment":"The open game."}]}]}
//! ```

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use shakmaty::Color;
use shakmaty::uci::UciMove;

use super::book::{Added, NodeId, Repertoire};
use crate::notation::parse_fen;
use crate::progress::{Damage, NameProblem, Timestamp, checked_stored_name};

/// Fields of an object that this version does not know.
pub type Extra = serde_json::Map<String, Value>;

/// The schema version this build reads and writes.
pub const SCHEMA: u32 = 1;

/// The whole document; each repertoire is read on its own (see [`decode`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RepertoireFile {
    /// The schema version ([`SCHEMA`]).
    pub schema: u32,
    /// The repertoires.
    #[serde(default)]
    pub repertoires: Vec<Value>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// What `repertoire.json` holds, read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Document {
    /// The repertoires.
    pub repertoires: Vec<Repertoire>,
    /// Those whose name breaks the rule, kept as written.
    pub held: Vec<Held>,
    /// The document's fields this version does not know.
    pub unknown: Extra,
}

/// A repertoire whose stored name breaks the rule of names: not read,
/// kept as it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Held {
    /// Its name as stored.
    pub name: String,
    /// What is wrong with it.
    pub problem: NameProblem,
    /// The record, unchanged.
    pub record: Value,
}

/// One repertoire on disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RepertoireRecord {
    /// Its name.
    pub name: String,
    /// `white` or `black`.
    pub side: SideRecord,
    /// When it was made.
    pub created: i64,
    /// The files added to it.
    #[serde(default)]
    pub added: Vec<AddedRecord>,
    /// The start positions, as FEN.
    pub roots: Vec<String>,
    /// The moves, in an order that makes each position before it is left.
    pub moves: Vec<MoveRecord>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// A side on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideRecord {
    /// White.
    White,
    /// Black.
    Black,
}

/// A file added, on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddedRecord {
    /// The file's name.
    pub file: String,
    /// Games added from it.
    pub games: usize,
    /// When.
    pub at: i64,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// A move on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The position it is played in.
    pub from: usize,
    /// The move, in UCI.
    pub uci: String,
    /// The position it leads to.
    pub to: usize,
    /// The PGN's comment on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Fields this version does not know, kept.
    #[serde(flatten)]
    pub unknown: Extra,
}

/// Just the schema version, read first to recognise a newer document.
#[derive(Deserialize)]
struct Head {
    schema: u32,
}

/// Why a document could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// The bytes are damaged.
    Damaged(Damage),
    /// A newer Sancho wrote it, with this schema version.
    Newer(u32),
}

/// Writes the repertoires as one document, with those held aside and the
/// document's unknown fields as they were read.
///
/// # Errors
/// Only if serde_json fails, which plain strings and numbers never make it do.
pub fn encode(document: &Document) -> Result<Vec<u8>, serde_json::Error> {
    /// A repertoire as written: read (and perhaps changed), or held as it was.
    #[derive(Serialize)]
    #[serde(untagged)]
    enum Stored<'a> {
        Read(RepertoireRecord),
        Held(&'a Value),
    }
    #[derive(Serialize)]
    struct Written<'a> {
        schema: u32,
        repertoires: Vec<Stored<'a>>,
        #[serde(flatten)]
        unknown: Extra,
    }
    let repertoires = document
        .repertoires
        .iter()
        .map(|rep| Stored::Read(record_of(rep)))
        .chain(document.held.iter().map(|held| Stored::Held(&held.record)))
        .collect();
    let mut unknown = document.unknown.clone();
    unknown.retain(|key, _| key != "schema" && key != "repertoires");
    serde_json::to_vec(&Written {
        schema: SCHEMA,
        repertoires,
        unknown,
    })
}

/// Reads a document (a UTF-8 byte order mark before it is accepted).
///
/// # Errors
/// [`DecodeError::Newer`] for a schema above [`SCHEMA`], otherwise
/// [`DecodeError::Damaged`] for anything that is not a whole document
/// whose moves are all legal.
pub fn decode(bytes: &[u8]) -> Result<Document, DecodeError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.trim_ascii().is_empty() {
        return Err(DecodeError::Damaged(Damage::Empty));
    }
    let file = match serde_json::from_slice::<RepertoireFile>(bytes) {
        Ok(file) => file,
        Err(error) => {
            if let Ok(head) = serde_json::from_slice::<Head>(bytes)
                && head.schema > SCHEMA
            {
                return Err(DecodeError::Newer(head.schema));
            }
            return Err(DecodeError::Damaged(if error.is_eof() {
                Damage::Truncated
            } else {
                Damage::Corrupt(error.to_string())
            }));
        }
    };
    if file.schema > SCHEMA {
        return Err(DecodeError::Newer(file.schema));
    }
    if file.schema != SCHEMA {
        return Err(DecodeError::Damaged(Damage::Corrupt(format!(
            "unknown schema {}",
            file.schema
        ))));
    }
    let mut document = Document {
        unknown: file.unknown,
        ..Document::default()
    };
    for (i, value) in file.repertoires.into_iter().enumerate() {
        let Some(name) = value.get("name").and_then(Value::as_str).map(str::to_owned) else {
            return Err(DecodeError::Damaged(Damage::Corrupt(format!(
                "repertoire {} has no name",
                i + 1
            ))));
        };
        if let Err(problem) = checked_stored_name(&name) {
            document.held.push(Held {
                name,
                problem,
                record: value,
            });
            continue;
        }
        if document.repertoires.iter().any(|r| r.name() == name) {
            return Err(corrupt(&name, "the name is used twice".to_owned()));
        }
        let record = serde_json::from_value::<RepertoireRecord>(value)
            .map_err(|e| corrupt(&name, e.to_string()))?;
        document
            .repertoires
            .push(from_record(record).map_err(|why| corrupt(&name, why))?);
    }
    Ok(document)
}

fn corrupt(name: &str, why: String) -> DecodeError {
    DecodeError::Damaged(Damage::Corrupt(format!("repertoire {name:?}: {why}")))
}

pub(crate) fn record_of(rep: &Repertoire) -> RepertoireRecord {
    // Positions are numbered as a reader makes them: the roots, then each
    // position the first time a move reaches it, depth first.
    let mut number: HashMap<NodeId, usize> = HashMap::new();
    for &root in rep.roots() {
        let next = number.len();
        number.entry(root).or_insert(next);
    }
    let mut moves = Vec::new();
    let mut stack: Vec<NodeId> = rep.roots().iter().rev().copied().collect();
    let mut done = vec![false; rep.nodes().len()];
    while let Some(at) = stack.pop() {
        if std::mem::replace(&mut done[at], true) {
            continue;
        }
        let node = &rep.nodes()[at];
        for edge in &node.moves {
            let next = number.len();
            let to = *number.entry(edge.to).or_insert(next);
            moves.push(MoveRecord {
                from: number[&at],
                uci: crate::notation::uci(edge.mv),
                to,
                comment: edge.comment.clone(),
                unknown: rep
                    .kept
                    .moves
                    .get(&(at, edge.mv))
                    .cloned()
                    .unwrap_or_default(),
            });
        }
        stack.extend(node.moves.iter().rev().map(|e| e.to));
    }
    RepertoireRecord {
        name: rep.name().to_owned(),
        side: match rep.side() {
            Color::White => SideRecord::White,
            Color::Black => SideRecord::Black,
        },
        created: rep.created().0,
        added: rep
            .added()
            .iter()
            .enumerate()
            .map(|(i, a)| AddedRecord {
                file: a.file.clone(),
                games: a.games,
                at: a.at.0,
                unknown: rep.kept.added.get(i).cloned().unwrap_or_default(),
            })
            .collect(),
        roots: rep.roots().iter().map(|&r| rep.root_fen(r)).collect(),
        moves,
        unknown: rep.kept.own.clone(),
    }
}

fn from_record(record: RepertoireRecord) -> Result<Repertoire, String> {
    let side = match record.side {
        SideRecord::White => Color::White,
        SideRecord::Black => Color::Black,
    };
    let mut rep = Repertoire::new(&record.name, side, Timestamp(record.created));
    // The file's numbers to the repertoire's nodes.
    let mut nodes: Vec<NodeId> = Vec::new();
    for fen in &record.roots {
        let pos = parse_fen(fen).map_err(|e| format!("root {fen:?}: {e}"))?;
        nodes.push(rep.root(&pos));
    }
    for (i, m) in record.moves.iter().enumerate() {
        let at = *nodes
            .get(m.from)
            .ok_or_else(|| format!("move {} starts from a position not made yet", i + 1))?;
        let pos = rep.nodes()[at].pos.clone();
        let mv = m
            .uci
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
            .ok_or_else(|| format!("move {} ({}) is not legal there", i + 1, m.uci))?;
        let (to, _) = rep.add_move(at, mv, m.comment.as_deref());
        if !m.unknown.is_empty() {
            rep.kept.moves.insert((at, mv), m.unknown.clone());
        }
        match m.to.cmp(&nodes.len()) {
            std::cmp::Ordering::Less if nodes[m.to] == to => {}
            std::cmp::Ordering::Equal => nodes.push(to),
            _ => return Err(format!("move {} ({}) leads elsewhere", i + 1, m.uci)),
        }
    }
    rep.kept.own = record.unknown;
    rep.kept.added = record.added.iter().map(|a| a.unknown.clone()).collect();
    rep.restore(
        Timestamp(record.created),
        record
            .added
            .into_iter()
            .map(|a| Added {
                file: a.file,
                games: a.games,
                at: Timestamp(a.at),
            })
            .collect(),
    );
    rep.reindex();
    Ok(rep)
}
