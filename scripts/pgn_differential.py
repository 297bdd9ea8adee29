#!/usr/bin/env python3
"""Builds tests/fixtures/pgn/differential.json: PGN texts and how python-chess
splits them (how many games, each game's main line in UCI).

The texts are hand-written edge cases and random PGN-shaped files made from
random legal games (seeded, so the table is the same on every run) with the
noise a real file holds: comments of both kinds with braces inside, stray
closing braces, escape lines, NAGs and glyphs, nested variations, move
numbers, tags with escaped quotes, set-up positions, CRLF ends and a byte
order mark. Games are separated by blank lines, where python-chess and the
standard agree; where they differ (python-chess reads games that only a
result separates as one game), the case is left out and Sancho's own unit
tests hold the standard's reading.

The test (tests/notation/pgn_differential.rs) reads the table without
Python. To rebuild it:

    python3 -m venv /tmp/pc && /tmp/pc/bin/pip install chess==1.11.2
    /tmp/pc/bin/python scripts/pgn_differential.py > tests/fixtures/pgn/differential.json
"""

import io
import json
import random

import chess
import chess.pgn

SEED = 38
RANDOM_CASES = 240

HAND = [
    ("stray closing brace", "1. e4 } e5 2. Nf3 }} Nc6 *\n"),
    ("open brace inside a comment", "1. e4 {a { b} e5 *\n"),
    (
        "open brace inside a semicolon comment",
        '[Event "a"]\n\n1. e4 ; wins { a pawn\ne5 *\n\n[Event "b"]\n\n1. d4 ; } \nd5 *\n',
    ),
    ("byte order mark", '\ufeff[Event "a"]\n1. e4 e5 2. Nf3 *\n'),
    ("escape lines", "% made by X\n1. e4\n%e5\nc5 *\n"),
    (
        "games without tags, blank lines between",
        "1. e4 e5 1-0\n\n1. d4 d5 0-1\n\n1. c4 c5 *\n",
    ),
    (
        "a comment after the result",
        "1. e4 e5 1-0 {White won}\n\n1. d4 *\n",
    ),
    (
        "blank lines inside a comment",
        '[Event "a"]\n\n1. e4 {one\n\n\ntwo} e5 2. Nf3 *\n',
    ),
    (
        "a game without a result ended by a blank line",
        "1. e4 e5\n\n1. d4 d5\n",
    ),
    (
        "variations and NAGs",
        "1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 $1 Nc6 !? 3. Bb5 a6 *\n",
    ),
    (
        "CRLF line ends",
        '[Event "a"]\r\n\r\n1. e4 {x\r\ny} e5 *\r\n\r\n[Event "b"]\r\n\r\n1. d4 *\r\n',
    ),
    (
        "a set-up position",
        '[SetUp "1"]\n[FEN "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"]\n\n1. Qg7# 1-0\n',
    ),
]


def split(text):
    """How python-chess reads `text`: each game's main line in UCI."""
    handle = io.StringIO(text, newline="")
    games = []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return games
        if game.errors:
            raise ValueError(f"python-chess found errors: {game.errors}")
        games.append([move.uci() for move in game.mainline_moves()])


WORDS = ["a", "good", "move", "Nf3?", "(idea)", "[%clk 0:01:02]", "1-0", "*", "{", "$1", ";", "%"]


def comment(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(0, 5))]
    if rng.random() < 0.3:
        words.insert(rng.randint(0, len(words)), "\n")
    return "{" + " ".join(words) + "}"


def semicolon_comment(rng):
    words = [rng.choice(WORDS + ["}", "{", "("]) for _ in range(rng.randint(0, 4))]
    return ";" + " ".join(words) + "\n"


def random_line(rng, board, depth, plies):
    """A line of `plies` random legal moves from `board`, as tokens, with
    noise and variations (a variation replaces the move before it)."""
    tokens = []
    first = True
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        number = board.fullmove_number
        if board.turn == chess.WHITE:
            tokens.append(f"{number}." if rng.random() < 0.8 else f"{number}. ")
        elif first or rng.random() < 0.1:
            tokens.append(f"{number}...")
        first = False
        san = board.san(move)
        if rng.random() < 0.1:
            san += rng.choice(["!", "?", "!?", "??"])
        tokens.append(san)
        if rng.random() < 0.1:
            tokens.append(f"${rng.randint(1, 140)}")
        if rng.random() < 0.15:
            tokens.append(comment(rng))
        if rng.random() < 0.05:
            tokens.append(semicolon_comment(rng))
        if rng.random() < 0.05:
            tokens.append("}")
        if depth < 3 and rng.random() < 0.08:
            alt = board.copy()
            tokens.append("(")
            tokens.extend(random_line(rng, alt, depth + 1, rng.randint(1, 4)))
            tokens.append(")")
        board.push(move)
    return tokens


def layout(rng, tokens):
    """Tokens as lines: wrapped at random, with escape lines between."""
    lines = []
    line = ""
    for token in tokens:
        if token.endswith("\n"):
            lines.append((line + " " + token.rstrip("\n")).strip())
            line = ""
            continue
        if token.startswith("{") and "\n" in token:
            token = token.replace("\n", "\n")
        sep = "" if line == "" or line.endswith(".") and rng.random() < 0.5 else " "
        line += sep + token
        if len(line) > rng.randint(20, 80):
            lines.append(line)
            line = ""
            if rng.random() < 0.05:
                lines.append("% escaped { line")
    if line:
        lines.append(line)
    return "\n".join(lines)


def random_game(rng, index):
    board = chess.Board()
    tags = []
    if rng.random() < 0.8:
        tags.append(f'[Event "Game {index} \\"quoted\\""]')
        tags.append(f'[White "W{index}"]')
        if rng.random() < 0.2:
            for _ in range(rng.randint(1, 12)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            board = chess.Board(board.fen())
            tags.append('[SetUp "1"]')
            tags.append(f'[FEN "{board.fen()}"]')
        if rng.random() < 0.1:
            tags.append("; a comment between tags { }")
    tokens = random_line(rng, board, 0, rng.randint(1, 30))
    result = rng.choice(["1-0", "0-1", "1/2-1/2", "*", None])
    if result:
        tokens.append(result)
        if rng.random() < 0.1:
            tokens.append(comment(rng).replace("\n", " "))
    text = "\n".join(tags)
    if tags:
        text += "\n" + ("\n" if rng.random() < 0.7 else "")
    return text + layout(rng, tokens) + "\n"


def random_file(rng, number):
    games = [random_game(rng, i) for i in range(rng.randint(1, 5))]
    text = "\n".join(games)
    if rng.random() < 0.1:
        text = "\ufeff" + text
    if rng.random() < 0.2:
        text = text.replace("\n", "\r\n")
    return f"random {number}", text


def main():
    rng = random.Random(SEED)
    rows = []
    for name, text in HAND + [random_file(rng, i) for i in range(RANDOM_CASES)]:
        try:
            games = split(text)
        except ValueError:
            continue
        # Leave out what python-chess reads as a game without moves (a
        # chapter of comments): Sancho names it as empty instead.
        if any(not g for g in games):
            continue
        rows.append({"name": name, "pgn": text, "games": games})
    # One row a line: the table's diffs stay readable.
    print("[\n" + ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\n]")


if __name__ == "__main__":
    main()
