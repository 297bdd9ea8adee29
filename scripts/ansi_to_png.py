#!/usr/bin/env python3
"""Renders a terminal screen captured with `tmux capture-pane -e -p` to a PNG.

Usage: ansi_to_png.py CAPTURE COLUMNS ROWS OUT.png

The capture is replayed through pyte (a VT100 emulator) to get each cell's
character, colours and boldness, and each cell is painted with Pillow in
DejaVu Sans Mono (which has the chess figures). Needs:
`pip install pyte pillow` and the Debian package `fonts-dejavu-core`.
"""

import sys

import pyte
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONT_SIZE = 18
BACKGROUND = (18, 18, 18)
FOREGROUND = (220, 220, 220)
PADDING = 12

# xterm's 16 named colours, by pyte's names.
NAMED = {
    "black": (0, 0, 0),
    "red": (205, 0, 0),
    "green": (0, 205, 0),
    "brown": (205, 205, 0),
    "blue": (0, 0, 238),
    "magenta": (205, 0, 205),
    "cyan": (0, 205, 205),
    "white": (229, 229, 229),
    "brightblack": (127, 127, 127),
    "brightred": (255, 0, 0),
    "brightgreen": (0, 255, 0),
    "brightbrown": (255, 255, 0),
    "brightblue": (92, 92, 255),
    "brightmagenta": (255, 0, 255),
    "brightcyan": (0, 255, 255),
    "brightwhite": (255, 255, 255),
}


# Box-drawing characters drawn as lines (a font's glyphs leave gaps between
# rows): which arms leave the cell's centre (left, right, up, down).
BOX = {
    "─": "lr", "│": "ud", "┌": "rd", "┐": "ld", "└": "ru", "┘": "lu",
    "├": "udr", "┤": "udl", "┬": "lrd", "┴": "lru", "┼": "lrud",
    "╭": "rd", "╮": "ld", "╰": "ru", "╯": "lu",
}


def box(draw, char, x0, y0, w, h, fill):
    """Draws a box-drawing character as lines from the cell's centre."""
    cx, cy = x0 + w // 2, y0 + h // 2
    ends = {"l": (x0, cy), "r": (x0 + w - 1, cy), "u": (cx, y0), "d": (cx, y0 + h - 1)}
    for arm in BOX[char]:
        draw.line([(cx, cy), ends[arm]], fill=fill, width=1)


def colour(value, default):
    """A pyte colour (a name, six hex digits, or "default") as RGB."""
    if value == "default":
        return default
    if value in NAMED:
        return NAMED[value]
    try:
        return tuple(int(value[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return default


def main():
    capture, columns, rows, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    with open(capture, "rb") as f:
        # capture-pane ends lines with a bare newline: return to column 0 too.
        stream.feed(f.read().rstrip(b"\n").replace(b"\n", b"\r\n"))

    regular = ImageFont.truetype(FONT_DIR + "DejaVuSansMono.ttf", FONT_SIZE)
    bold = ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Bold.ttf", FONT_SIZE)
    cell_w = round(regular.getlength("M"))
    ascent, descent = regular.getmetrics()
    cell_h = ascent + descent
    width = columns * cell_w + 2 * PADDING
    height = rows * cell_h + 2 * PADDING
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y in range(rows):
        line = screen.buffer[y]
        for x in range(columns):
            cell = line[x]
            fg = colour(cell.fg, FOREGROUND)
            bg = colour(cell.bg, BACKGROUND)
            if cell.reverse:
                fg, bg = bg, fg
            x0 = PADDING + x * cell_w
            y0 = PADDING + y * cell_h
            draw.rectangle([x0, y0, x0 + cell_w - 1, y0 + cell_h - 1], fill=bg)
            if cell.data in BOX:
                box(draw, cell.data, x0, y0, cell_w, cell_h, fg)
            elif cell.data.strip():
                font = bold if cell.bold else regular
                draw.text((x0, y0), cell.data, font=font, fill=fg)
    image.save(out, optimize=True)


if __name__ == "__main__":
    main()
