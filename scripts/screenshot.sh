#!/usr/bin/env bash
# Makes docs/screenshot.png, the README's picture, from the real program:
# the release binary runs in a tmux window of 100×30 on a Lichess puzzle of
# the built-in starter set (O14jU, White's knights on b1 and f3), "Nd2" is
# typed, and the screen, with the live hint saying "ambiguous: Nbd2 or
# Nfd2?", is captured with its colours (`tmux capture-pane -e`) and drawn
# into a PNG by scripts/ansi_to_png.py.
#
# Needs, all from the package registries:
#   apt-get install -y tmux fonts-dejavu-core
#   pip install pyte pillow
#
# Usage: scripts/screenshot.sh [OUT.png]   (default: docs/screenshot.png)
# SANCHO_BIN=path runs that binary instead of building the release one.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-docs/screenshot.png}
columns=100
rows=30
session="sancho-screenshot-$$"

if [[ -z "${SANCHO_BIN:-}" ]]; then
    cargo build --release --locked --bin sancho
    SANCHO_BIN=target/release/sancho
fi
bin=$(realpath "$SANCHO_BIN")

# A fresh data directory and no config file: the picture shows the defaults
# (the dark scheme, a new player's rating).
home=$(mktemp -d)
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$home"' EXIT

tmux new-session -d -s "$session" -x "$columns" -y "$rows" \
    "env TERM=xterm-256color COLORTERM=truecolor SANCHO_DATA_DIR='$home' \
     SANCHO_CONFIG='$home/config.toml' '$bin' play --puzzle O14jU"

# Waits until the screen shows $1 (at most 10 s).
wait_for() {
    for _ in $(seq 100); do
        if tmux capture-pane -t "$session" -p | grep -qF "$1"; then
            return 0
        fi
        sleep 0.1
    done
    echo "screenshot: the screen never showed \"$1\":" >&2
    tmux capture-pane -t "$session" -p >&2
    exit 1
}

wait_for "11... Ne5"            # the opponent's move, played by itself
tmux send-keys -t "$session" -l "Nd2"
wait_for "ambiguous: Nbd2 or Nfd2?"

capture="$home/screen.ans"
tmux capture-pane -t "$session" -e -p >"$capture"
python3 scripts/ansi_to_png.py "$capture" "$columns" "$rows" "$out"
echo "wrote $out"
