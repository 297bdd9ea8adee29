#!/usr/bin/env python3
"""The python-chess side of issue 11's comparison with `sancho resolve --batch`.

For every `FEN<TAB>SAN` line of stdin: `Board(fen).parse_san(san)`, then one
JSON line with the UCI and the SAN, as `resolve --batch` writes. Needs
python-chess (`pip install chess`); the tests never run it.

    cargo build --release --example batch_baseline
    target/release/examples/batch_baseline lines > /tmp/game.tsv
    time python3 examples/python_chess_batch.py < /tmp/game.tsv > /dev/null
    time target/release/sancho resolve --batch /tmp/game.tsv > /dev/null

docs/PERFORMANCE.md has the figures.
"""

import json
import sys

import chess


def main() -> None:
    out = sys.stdout
    for line in sys.stdin:
        fen, _, san = line.rstrip("\n").partition("\t")
        try:
            board = chess.Board(fen)
            move = board.parse_san(san)
            out.write(json.dumps({"input": san, "uci": move.uci(), "san": board.san(move)}))
        except ValueError as error:
            out.write(json.dumps({"input": san, "error": str(error)}))
        out.write("\n")


if __name__ == "__main__":
    main()
