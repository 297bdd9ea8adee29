//! One repertoire: its positions and the moves between them, merged by
//! position so that a transposition is one node.
//!
//! Each position is kept once, however many move orders reach it (its key
//! is the position without the move counters). A position where the
//! repertoire's side is to move and the repertoire has a move is a
//! **card**; every move the repertoire has there is accepted. The other
//! side's moves are the replies the trainer plays.

use std::collections::HashMap;

use shakmaty::fen::{Epd, Fen};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::notation::san;
use crate::progress::Timestamp;

/// A position's place in a [`Repertoire`].
pub type NodeId = usize;

/// A position's key: the same for every move order that reaches it.
pub(crate) fn key_of(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// A card's name in the review log: its position's EPD (the FEN without
/// its move counters).
#[must_use]
pub fn card_key(pos: &Chess) -> String {
    Epd::from_position(pos, EnPassantMode::Legal).to_string()
}

/// A move of the repertoire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The move.
    pub mv: Move,
    /// Its canonical SAN.
    pub san: String,
    /// The PGN's comment on it, shown once it is played.
    pub comment: Option<String>,
    /// The position it leads to.
    pub to: NodeId,
}

/// A position of the repertoire and its moves, in the order they were
/// added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The position (with the move counters of the first line that
    /// reached it).
    pub pos: Chess,
    /// The moves from here.
    pub moves: Vec<Edge>,
}

/// A PGN file added to a repertoire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    /// The file's name as given.
    pub file: String,
    /// How many of its games were added.
    pub games: usize,
    /// When.
    pub at: Timestamp,
}

/// A move of a line, as the trainer and `show` give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMove {
    /// The move.
    pub mv: Move,
    /// Canonical SAN.
    pub san: String,
    /// UCI.
    pub uci: String,
    /// The full-move number of the position it was played in.
    pub number: u32,
    /// The side that played it.
    pub color: Color,
    /// The PGN's comment on it.
    pub comment: Option<String>,
}

impl LineMove {
    /// "3." or "3..." and the SAN: `3...a6`.
    #[must_use]
    pub fn numbered(&self) -> String {
        self.numbered_in(crate::notation::Lang::EN)
    }

    /// [`LineMove::numbered`] in `lang`'s letters: `3...a6`, `4.Sf3`.
    #[must_use]
    pub fn numbered_in(&self, lang: crate::notation::Lang) -> String {
        let dots = if self.color.is_white() { "." } else { "..." };
        format!("{}{dots}{}", self.number, lang.localize(&self.san))
    }
}

/// Moves as PGN writes them: `1. e4 e5 2. Nf3`, or from Black `3... a6 4. Ba4`.
#[must_use]
pub fn numbered_line(moves: &[LineMove]) -> String {
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        if m.color.is_white() {
            out.push_str(&format!("{}. ", m.number));
        } else if i == 0 {
            out.push_str(&format!("{}... ", m.number));
        }
        out.push_str(&m.san);
    }
    out
}

/// A repertoire: the positions and moves of one side's openings.
#[derive(Clone, Debug)]
pub struct Repertoire {
    name: String,
    side: Color,
    created: Timestamp,
    added: Vec<Added>,
    nodes: Vec<Node>,
    roots: Vec<NodeId>,
    index: HashMap<u64, NodeId>,
    /// How each node was first reached from a root (the shortest line,
    /// roots and moves in order): the node before and its move's place.
    parent: Vec<Option<(NodeId, usize)>>,
    /// The cards in the order the lines were written (depth first).
    order: Vec<NodeId>,
    /// What its stored records held that this version does not know.
    pub(crate) kept: Kept,
}

/// The fields of a repertoire's stored records that this version does not
/// know (`repertoire.json` written by a newer Sancho), kept beside it and
/// written back: its own, each added file's (by its place) and each
/// move's (by the position it is played in and the move).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Kept {
    pub(crate) own: super::disk::Extra,
    pub(crate) added: Vec<super::disk::Extra>,
    pub(crate) moves: HashMap<(NodeId, Move), super::disk::Extra>,
}

/// Two repertoires are equal when they are written the same: the same
/// positions and moves however their nodes are numbered.
impl PartialEq for Repertoire {
    fn eq(&self, other: &Self) -> bool {
        super::disk::record_of(self) == super::disk::record_of(other)
    }
}

impl Repertoire {
    /// An empty repertoire of `side`, made `at`.
    #[must_use]
    pub fn new(name: &str, side: Color, at: Timestamp) -> Repertoire {
        Repertoire {
            name: name.to_owned(),
            side,
            created: at,
            added: Vec::new(),
            nodes: Vec::new(),
            roots: Vec::new(),
            index: HashMap::new(),
            parent: Vec::new(),
            order: Vec::new(),
            kept: Kept::default(),
        }
    }

    /// Its name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The side it plays.
    #[must_use]
    pub fn side(&self) -> Color {
        self.side
    }

    /// When it was made.
    #[must_use]
    pub fn created(&self) -> Timestamp {
        self.created
    }

    /// The files added to it, in order.
    #[must_use]
    pub fn added(&self) -> &[Added] {
        &self.added
    }

    /// Every position.
    #[must_use]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The position at `id`.
    #[must_use]
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id)
    }

    /// Where the lines start (the initial position, or a PGN's `[FEN]`).
    #[must_use]
    pub fn roots(&self) -> &[NodeId] {
        &self.roots
    }

    /// The node holding `pos` (reached by any move order).
    #[must_use]
    pub fn find(&self, pos: &Chess) -> Option<NodeId> {
        self.index.get(&key_of(pos)).copied()
    }

    /// Whether `id` is a card: the repertoire's side to move, with a move.
    #[must_use]
    pub fn is_card(&self, id: NodeId) -> bool {
        self.nodes
            .get(id)
            .is_some_and(|n| n.pos.turn() == self.side && !n.moves.is_empty())
    }

    /// The cards, in the order their lines were written.
    #[must_use]
    pub fn cards(&self) -> &[NodeId] {
        &self.order
    }

    /// How many lines the repertoire holds: the ends it reaches, where a
    /// line ends at a position with no move or where it comes back to a
    /// position it passed through (`1. Nf3 Nf6 2. Ng1 Ng8` is one line). A
    /// line that transposes into another goes on along it.
    #[must_use]
    pub fn line_count(&self) -> usize {
        #[derive(Clone, Copy, PartialEq, Eq)]
        enum Seen {
            Not,
            OnPath,
            Done,
        }
        let mut seen = vec![Seen::Not; self.nodes.len()];
        let mut ends = 0;
        for &root in &self.roots {
            if seen[root] != Seen::Not {
                continue;
            }
            seen[root] = Seen::OnPath;
            // Depth first: each position on the path with its next move.
            let mut path: Vec<(NodeId, usize)> = vec![(root, 0)];
            while let Some(top) = path.last_mut() {
                let (at, next) = *top;
                let moves = &self.nodes[at].moves;
                if moves.is_empty() {
                    ends += 1;
                }
                match moves.get(next) {
                    Some(edge) => {
                        top.1 += 1;
                        match seen[edge.to] {
                            Seen::Not => {
                                seen[edge.to] = Seen::OnPath;
                                path.push((edge.to, 0));
                            }
                            Seen::OnPath => ends += 1,
                            Seen::Done => {}
                        }
                    }
                    None => {
                        seen[at] = Seen::Done;
                        path.pop();
                    }
                }
            }
        }
        ends
    }

    /// How `id` is first reached (the line [`Repertoire::line_to`]
    /// follows): the position before it and the move's place there.
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<(NodeId, usize)> {
        self.parent.get(id).copied().flatten()
    }

    /// The moves from a root to `id`, along the line that first reaches it.
    #[must_use]
    pub fn line_to(&self, id: NodeId) -> Vec<LineMove> {
        let mut steps = Vec::new();
        let mut at = id;
        while let Some(Some((from, edge))) = self.parent.get(at) {
            steps.push((*from, *edge));
            at = *from;
        }
        steps
            .into_iter()
            .rev()
            .map(|(from, edge)| self.line_move(from, edge))
            .collect()
    }

    /// The move at `edge` of node `from`, as a line gives it.
    #[must_use]
    pub fn line_move(&self, from: NodeId, edge: usize) -> LineMove {
        let node = &self.nodes[from];
        let e = &node.moves[edge];
        LineMove {
            mv: e.mv,
            san: e.san.clone(),
            uci: crate::notation::uci(e.mv),
            number: node.pos.fullmoves().get(),
            color: node.pos.turn(),
            comment: e.comment.clone(),
        }
    }

    /// The card key of `id`'s position.
    #[must_use]
    pub fn key(&self, id: NodeId) -> String {
        self.nodes
            .get(id)
            .map(|n| card_key(&n.pos))
            .unwrap_or_default()
    }

    /// A root for `pos`, made if it is not one yet.
    pub(crate) fn root(&mut self, pos: &Chess) -> NodeId {
        let id = self.intern(pos);
        if !self.roots.contains(&id) {
            self.roots.push(id);
        }
        id
    }

    /// The node of `pos`, made if the repertoire has no such position.
    pub(crate) fn intern(&mut self, pos: &Chess) -> NodeId {
        let key = key_of(pos);
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            pos: pos.clone(),
            moves: Vec::new(),
        });
        self.index.insert(key, id);
        id
    }

    /// Adds move `mv` (legal at `from`) with `comment`; returns the node it
    /// leads to and whether the move is new there. A comment is kept where
    /// the move had none.
    pub(crate) fn add_move(
        &mut self,
        from: NodeId,
        mv: Move,
        comment: Option<&str>,
    ) -> (NodeId, bool) {
        if let Some(edge) = self.nodes[from].moves.iter_mut().find(|e| e.mv == mv) {
            if edge.comment.is_none() {
                edge.comment = comment.map(str::to_owned);
            }
            return (edge.to, false);
        }
        let pos = &self.nodes[from].pos;
        let written = san(pos, mv);
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let to = self.intern(&after);
        self.nodes[from].moves.push(Edge {
            mv,
            san: written,
            comment: comment.map(str::to_owned),
            to,
        });
        (to, true)
    }

    /// Notes a file added.
    pub(crate) fn note_added(&mut self, added: Added) {
        self.added.push(added);
    }

    /// Sets what was read from disk.
    pub(crate) fn restore(&mut self, created: Timestamp, added: Vec<Added>) {
        self.created = created;
        self.added = added;
    }

    /// Computes the lines to each position and the cards' order again
    /// (after moves were added).
    pub(crate) fn reindex(&mut self) {
        let n = self.nodes.len();
        // Breadth first: each node's line is a shortest one.
        let mut parent = vec![None; n];
        let mut seen = vec![false; n];
        let mut queue = std::collections::VecDeque::new();
        for &root in &self.roots {
            if !seen[root] {
                seen[root] = true;
                queue.push_back(root);
            }
        }
        while let Some(at) = queue.pop_front() {
            for (i, edge) in self.nodes[at].moves.iter().enumerate() {
                if !seen[edge.to] {
                    seen[edge.to] = true;
                    parent[edge.to] = Some((at, i));
                    queue.push_back(edge.to);
                }
            }
        }
        self.parent = parent;
        // Depth first, moves in order: the cards as the lines were written.
        let mut order = Vec::new();
        let mut visited = vec![false; n];
        let mut stack: Vec<NodeId> = self.roots.iter().rev().copied().collect();
        while let Some(at) = stack.pop() {
            if std::mem::replace(&mut visited[at], true) {
                continue;
            }
            if self.is_card(at) {
                order.push(at);
            }
            stack.extend(self.nodes[at].moves.iter().rev().map(|e| e.to));
        }
        self.order = order;
    }

    /// The FEN of a root, as the file keeps it.
    pub(crate) fn root_fen(&self, id: NodeId) -> String {
        Fen::from_position(&self.nodes[id].pos, EnPassantMode::Legal).to_string()
    }
}
