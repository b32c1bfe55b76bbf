"""The board text format, checked: every error names the line and the column.

Loaded only for boards typed in by an owner; the default board is trusted data. The
format is described in khan/board.py.
"""

from shared_rules.errors import bad_args
from shared_rules.khan.board import CELL_CHARS, Board
from shared_rules.khan.tables import OFF, RIVER, RULERS

MAX_SIDE = 26
SCREEN = (15, 11)  # the most cells (wide, high) the box's Khan screen shows: an own board's limit
MAX_TEXT = 4000
FRAME = "+#"
NO_CELL = ".+#"


def _at(line_no: int, col: int = 0) -> str:
    return "board line " + str(line_no) + (", column " + str(col) if col else "")


def _show(ch: str) -> str:
    return "\"" + ch + "\"" if " " < ch <= "~" else "character " + str(ord(ch))


def parse(text) -> Board:
    if not isinstance(text, str):
        raise bad_args("board must be board text or \"default\"")
    if len(text) > MAX_TEXT:
        raise bad_args("board text is longer than " + str(MAX_TEXT) + " characters")
    grid = []  # (line number, line)
    extra = []
    lines = text.split("\n")
    for n in range(len(lines)):
        line = lines[n].rstrip()
        if not line or line.startswith(";"):  # (line[0] would make a str, looked for among the interned names)
            continue
        if line.startswith("+") or line.startswith("#"):  # (FRAME)
            if extra:
                raise bad_args(_at(n + 1) + ": grid line after the end of the grid")
            grid.append((n + 1, line))
        else:
            extra.append((n + 1, line))
    if not grid:
        raise bad_args("board has no grid: a framed block of lines starting with + or #")
    width = len(grid[0][1]) - 2
    height = len(grid) - 2
    if width < 1 or height < 1:
        raise bad_args(_at(grid[0][0]) + ": a grid needs a frame around at least one cell")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise bad_args(_at(grid[0][0]) + ": a grid is at most " + str(MAX_SIDE) + " cells wide and high")
    # a grid whose every line is right - the loop below would find nothing to say - is proven
    # so at C speed (that loop cost a Pico ~10 ms a board): each line's length, and the frame's
    # characters and the cells' stripped away, nothing left; the land cells counted
    land = -1
    edges = [grid[0][1], grid[-1][1]]
    cells = []
    for n, line in grid:
        if len(line) != width + 2:
            break
        edges.append(line[0] + line[-1])
        cells.append(line[1:-1])
    else:
        cells = "".join(cells[1:-1])
        if not "".join(edges).strip(FRAME) and not cells.strip(CELL_CHARS + NO_CELL):
            land = len(cells) - cells.count("~") - cells.count(".") - cells.count("+") - cells.count("#")
    for gy in range(height + 2 if land < 0 else 0):  # (a grid with something wrong: what, and where)
        n, line = grid[gy]
        if len(line) != width + 2:
            raise bad_args(_at(n) + ": grid line has " + str(len(line)) + " characters, the first has "
                           + str(width + 2))
        for gx in range(width + 2):
            ch = line[gx]
            if gy == 0 or gy == height + 1 or gx == 0 or gx == width + 1:
                if ch not in FRAME:
                    raise bad_args(_at(n, gx + 1) + ": " + _show(ch) + " in the frame; use + (borders "
                                   "neighbouring territories) or #")
            elif ch not in CELL_CHARS and ch not in NO_CELL:
                raise bad_args(_at(n, gx + 1) + ": unknown cell " + _show(ch)
                               + "; use M G T R S F, ~ for river or . for no cell")
    if land <= 0:
        raise bad_args(_at(grid[0][0]) + ": the board has no land cell")
    board = Board([line for _, line in grid], "", {})
    _sections(board, extra)
    return board


def _sections(board: Board, extra: list) -> None:
    for n, line in extra:
        words = line.split()
        if words[0] == "name":
            board.name = line[4:].strip()[:40]
            continue
        if words[0] != "ruler":
            raise bad_args(_at(n) + ": unknown line \"" + words[0][:12] + "\"; after the grid use "
                           "\"ruler ID CELL\" or \"name TEXT\"")
        if len(words) != 3:
            raise bad_args(_at(n) + ": expected \"ruler ID CELL\", e.g. \"ruler grey C4\"")
        if words[1] not in RULERS:
            raise bad_args(_at(n) + ": unknown ruler \"" + words[1][:12] + "\"; rulers are " + " ".join(RULERS))
        r = RULERS.index(words[1])
        if r in board.starts:
            raise bad_args(_at(n) + ": ruler " + words[1] + " is placed twice")
        i = board.index_or_none(words[2])
        if i is None:
            raise bad_args(_at(n) + ": \"" + words[2][:12] + "\" is not a cell of this board")
        if board.terrain[i] == RIVER:
            raise bad_args(_at(n) + ": ruler " + words[1] + " cannot start on the river at " + words[2])
        for other in board.starts:
            if board.starts[other] == i:
                raise bad_args(_at(n) + ": " + words[2] + " already holds ruler " + RULERS[other])
        board.starts[r] = i


def playable(text, width: int = SCREEN[0], height: int = SCREEN[1]) -> Board:
    """A board for new games on the box (its own board, khanboard.txt): the text with every
    check of parse(), a start cell for every ruler, and at most width x height cells (the
    matrix); bad_args says what is wrong."""
    board = parse(text)
    missing = [RULERS[r] for r in range(len(RULERS)) if r not in board.starts]
    if missing:
        raise bad_args("khan.no_start", " ".join(missing))
    if board.width > width or board.height > height:
        raise bad_args("khan.board_too_big", board.width, board.height, width, height)
    return board


def grid_lines(cells: bytearray, edge: bytearray, width: int, height: int) -> "list[str]":
    """The grid lines (frame included) of cells painted on a width x height canvas: cells
    holds terrain codes (OFF for no cell, 1-6, RIVER), edge 1 for a cell whose sides to the
    outside (the frame, or a no-cell square) border neighbouring territories. The canvas's
    empty columns on the right and rows at the bottom are left out; a frame corner is "+"
    when a side beside it is."""
    w = 0
    h = 0
    for i in range(width * height):
        if cells[i] != OFF:
            w = max(w, i % width + 1)
            h = max(h, i // width + 1)
    w = max(w, 1)
    h = max(h, 1)
    rows = []
    for gy in range(h + 2):
        row = bytearray(b"#" * (w + 2))
        if 0 < gy <= h:
            for x in range(w):
                t = cells[(gy - 1) * width + x]
                row[x + 1] = ord(CELL_CHARS[t - 1]) if t != OFF else 46  # "."
        rows.append(row)
    for y in range(h):
        for x in range(w):
            i = y * width + x
            if cells[i] == OFF or not edge[i]:
                continue
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                row = rows[y + 1 + dy]
                c = row[x + 1 + dx]
                if c == 35 or c == 46:  # "#" or ".": not a cell
                    row[x + 1 + dx] = 43  # "+"
    for gy in (0, h + 1):
        for gx in (0, w + 1):
            ny = 1 if gy == 0 else h
            nx = 1 if gx == 0 else w
            if rows[gy][nx] == 43 or rows[ny][gx] == 43:
                rows[gy][gx] = 43
    return [bytes(r).decode() for r in rows]


def text(board: Board) -> str:
    """The board back in its text format (comments dropped)."""
    lines = list(board.frame)
    if board.name:
        lines.append("name " + board.name)
    starts = board.starts
    for r in range(len(RULERS)):
        if r in starts:
            lines.append("ruler " + RULERS[r] + " " + board.name_of(starts[r]))
    lines.append("")  # (the last line's newline, joined with the rest: no copy to add it)
    return "\n".join(lines)


def counts(board: Board) -> dict:
    """Cells per terrain letter, and "~" for river (each counted at C speed: a loop over the
    cells cost a Pico ~5 ms)."""
    out = {}
    terrain = board.terrain
    for k in range(len(CELL_CHARS)):
        out[CELL_CHARS[k]] = terrain.count(bytes((k + 1,)))
    return out


def border(board: Board) -> "list[str]":
    """The names of the land cells on the border: a side of theirs faces a neighbouring
    territory (khan.board's border_cells)."""
    out = []
    edge = board.border
    terrain = board.terrain
    cols = board.cols  # (name_of's parts: a call for each of ~30 cells cost a Pico ~2 ms)
    i = 0
    for row in board.rows:
        for col in cols:
            if edge[i]:
                t = terrain[i]
                if t != OFF and t != RIVER:
                    out.append(col + row)
            i += 1
    return out
