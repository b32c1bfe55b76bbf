"""`steppe board`: a Khan board typed on the laptop, as board text (shared_rules/khan/board.py's
format), checked by the rules core, drawn and put on the box.

new writes a template to fill (the default board's text, or a blank grid with the format's
legend); check says what is not the rulebook's board, one line each (board_check.py: the
cells of each terrain and of the river, each region one joined area, every card of the deck
with a cell); draw makes a PNG of it, large, with each cell's name, terrain, the river, the
sides on neighbouring territories and the rulers' starts; push makes it the box's own board
(the same as `steppe sync board push`: checked here, and on the box again).
"""

import argparse
import io
import os

from shared_rules.errors import RulesError
from steppe.errors import EXIT_FAILED, EXIT_OK, EXIT_USAGE, StepError

# the drawing's colours, for a screen or paper (the box's own are LED levels: ui/palette.py)
TERRAIN_COLOURS = ("#8c7b6b", "#cfe3f5", "#9bb59b", "#b5653a", "#e8cf7a", "#2f6b2f", "#3a6fd8")  # M G T R S F ~
RULER_COLOURS = ("#8a8a8a", "#5fb4ff", "#ffffff", "#ff8c1a", "#8c3cff", "#ff5a9a", "#7a4a20", "#00b8a0")
NO_CELL = "#f2f2f2"
BORDER = "#ff6a00"  # a side on neighbouring territories
CELL_PX = 64  # a cell's side in the PNG
TITLE = 0.6  # the title's strip, in cells

LEGEND = """\
; A Khan board for the Steppe Companion (steppe board check FILE; steppe board push FILE).
; Cells: M mountains  G glacier  T tundra  R rocky desert  S sand desert  F forest  ~ river
;        . no cell (the board need not be a rectangle)
; The frame (the first and last line, the first and last character of every grid line):
;        + the side of the cell beside it borders neighbouring territories, # it does not
; After the grid: "name TEXT" and a "ruler ID CELL" line for each of the 8 rulers
; (grey lightblue white orange purple pink brown teal); A1 is the north-west corner.
; The rulebook's board: M 22, G 20, T 22, R 21, S 22, F 25 (132 land cells in six regions),
; ~ 22 (river). The box shows at most 15 x 11 cells.
"""


def arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = sub.add_parser("new", help="write a board to fill in: the default board's text, or --blank a grid",
                         description="write FILE, a board to fill in: the default board's text (a "
                                     "reconstruction, not the printed board), or with --blank an empty grid; "
                                     "an existing FILE is kept")
    new.add_argument("file", metavar="FILE")
    new.add_argument("--blank", action="store_true", help="an empty grid with the format's legend")
    new.add_argument("--size", default="14x11", metavar="WxH", help="the blank grid's cells (default 14x11)")
    check = sub.add_parser("check", help="what is not the rulebook's board, one line each (exit 1 if any)",
                           description="check FILE with the rules core: it must be a board the box takes (every "
                                       "line, every ruler's start, at most 15 x 11 cells: exit 2 if not); then "
                                       "each thing that is not the rulebook's board, one line each (exit 1): the "
                                       "cells of each terrain and the river, each region one joined area, every "
                                       "card of the deck with a cell")
    check.add_argument("file", metavar="FILE")
    draw = sub.add_parser("draw", help="a PNG of the board: cell names, terrains, river, edges, rulers",
                          description="draw FILE large as a PNG: each cell with its name and terrain, the river, "
                                      "the sides on neighbouring territories (orange), the rulers' starts")
    draw.add_argument("file", metavar="FILE")
    draw.add_argument("--png", required=True, metavar="OUT", help="the PNG to write")
    push = sub.add_parser("push", help="check FILE and make it the box's own board (= steppe sync board push)",
                          description="check FILE with the rules core and make it the box's own board for new "
                                      "Khan games (the box checks it again; a refused board changes nothing); "
                                      "what is not the rulebook's board is said, not refused")
    push.add_argument("file", metavar="FILE")
    push.add_argument("--port", default="", help="the device (default: the only one attached)")


def run(args) -> int:
    if args.action == "new":
        return _new(args)
    if args.action == "push":
        from steppe import sync

        return sync.push_board(args.file, args.port)
    board = read(args.file, args.action == "check")
    if args.action == "check":
        return _check(args.file, board)
    return _draw(board, args.png)


def read(path: str, playable: bool = True):
    """The board of a board text file (playable: as the box takes it, every ruler placed and
    within its 15 x 11 cells); StepError (exit 2) naming the file, the line and the column."""
    from shared_rules.khan import board_text
    from steppe.sync import read_bytes

    raw = read_bytes(path, board_text.MAX_TEXT + 96)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise StepError("%s: not UTF-8 text (byte %d)" % (path, e.start), EXIT_USAGE)
    try:
        return board_text.playable(text) if playable else board_text.parse(text)
    except RulesError as e:
        raise StepError(path + ": " + e.message, EXIT_USAGE)


def findings(board) -> "list[str]":
    from shared_rules.khan import board_check

    return board_check.findings(board_check.check(board))


def _check(path: str, board) -> int:
    said = findings(board)
    for line in said:
        print(path + ": " + line)
    if said:
        return EXIT_FAILED
    print("%s: good: a Khan board of %d x %d cells%s: the rulebook's counts, each region one joined area, a cell "
          "for every card of the deck" % (path, board.width, board.height, ", \"%s\"" % board.name if board.name else ""))
    return EXIT_OK


def _size(text: str) -> "tuple[int, int]":
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise StepError("--size must be WxH, e.g. 14x11", EXIT_USAGE)
    if not (1 <= w <= 15 and 1 <= h <= 11):
        raise StepError("--size: the box shows at most 15 x 11 cells", EXIT_USAGE)
    return w, h


def template(blank: bool, w: int = 14, h: int = 11) -> str:
    """A board to fill in: the default board's text, or a w x h grid of no cells."""
    if not blank:
        from shared_rules.khan.board import DEFAULT_TEXT

        return LEGEND + "; The default board below is a reconstruction, not the printed board: type yours over it.\n" \
            + DEFAULT_TEXT
    from shared_rules.khan.tables import RULERS

    grid = ["+" * (w + 2)] + ["+" + "." * w + "+" for _ in range(h)] + ["+" * (w + 2)]
    rulers = ["; ruler %s CELL" % r for r in RULERS]
    return LEGEND + "\n".join(grid + ["name My board"] + rulers) + "\n"


def _new(args) -> int:
    from steppe.sync import write_atomic

    w, h = _size(args.size) if args.blank else (14, 11)
    if os.path.exists(args.file):
        raise StepError(args.file + ": exists, and is kept: name another file", EXIT_USAGE)
    write_atomic(args.file, template(args.blank, w, h), "utf-8")
    print("%s: %s to fill in; then steppe board check %s" % (
        args.file, "a blank %d x %d grid" % (w, h) if args.blank else "the default board", args.file))
    return EXIT_OK


def _draw(board, out: str) -> int:
    from steppe.sync import write_atomic

    write_atomic(out, picture(board))
    print("%s: the board drawn, %d x %d cells" % (out, board.width, board.height))
    return EXIT_OK


def picture(board) -> bytes:
    """The board as a PNG: a square of CELL_PX a cell, a title strip above."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure
        from matplotlib.patches import Circle, Rectangle
    except ImportError:
        raise StepError("drawing needs matplotlib: pip install matplotlib", EXIT_USAGE)
    from shared_rules.khan.tables import RIVER, RULERS, TERRAIN_NAMES, TERRAINS

    w, h = board.width, board.height
    dpi = 100
    fig = Figure(figsize=(w * CELL_PX / dpi, (h + TITLE) * CELL_PX / dpi), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, h / (h + TITLE)))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.axis("off")
    middle = 1 - TITLE / (h + TITLE) / 2
    fig.text(0.01, middle, "%s  (%d x %d cells)" % (board.name or "Khan board", w, h), va="center", fontsize=12)
    fig.text(0.99, middle, "  ".join("%d %s" % (r + 1, RULERS[r]) for r in range(len(RULERS))), va="center",
             ha="right", fontsize=7)
    starts = {board.starts[r]: r for r in board.starts}
    for i in range(board.size):
        x, y = i % w, i // w
        t = board.terrain[i]
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=TERRAIN_COLOURS[t - 1] if t else NO_CELL,
                               edgecolor="#505050" if t else NO_CELL, linewidth=0.5))
        if not t:
            continue
        ink = "white" if t in (1, 6, RIVER) or t == 4 else "black"
        ax.text(x + 0.1, y + 0.1, board.name_of(i), va="top", ha="left", fontsize=8, color=ink)
        ax.text(x + 0.9, y + 0.1, "~" if t == RIVER else TERRAINS[t - 1], va="top", ha="right", fontsize=8,
                color=ink)
        if t != RIVER and i not in starts:
            ax.text(x + 0.5, y + 0.62, TERRAIN_NAMES[t - 1].split()[0], va="center", ha="center", fontsize=6,
                    color=ink)
        b = board.border[i]
        e = 0.04  # (the line just inside the cell: the board's outer sides are the picture's edges)
        for k, ((x0, y0), (x1, y1)) in enumerate((((0, e), (1, e)), ((1 - e, 0), (1 - e, 1)), ((0, 1 - e), (1, 1 - e)),
                                                  ((e, 0), (e, 1)))):
            if b >> k & 1:
                ax.plot((x + x0, x + x1), (y + y0, y + y1), color=BORDER, linewidth=5, solid_capstyle="butt")
        if i in starts:
            r = starts[i]
            ax.add_patch(Circle((x + 0.5, y + 0.58), 0.27, facecolor=RULER_COLOURS[r], edgecolor="black", linewidth=1))
            ax.text(x + 0.5, y + 0.58, str(r + 1), va="center", ha="center", fontsize=9,
                    color="black" if RULERS[r] in ("white", "lightblue", "grey") else "white")
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi)
    return out.getvalue()

