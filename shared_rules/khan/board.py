"""Khan boards: cells, their names and neighbours, and the default 14x11 board.

The board text format (parsed with full checks in khan/board_text.py): lines starting
with ";" are comments. The grid is a framed block of lines; the first and last grid lines
and the first and last character of every grid line are the frame: "+" borders
neighbouring territories, "#" does not. Inside the frame a cell is M G T R S F
(mountains, glacier, tundra, rocky desert, sand desert, forest), "~" river, or "." for
no cell, so boards need not be rectangles ("+" and "#" may stand inside the frame too, as
no-cell squares that do or do not border neighbouring territories). After the grid:
"name TEXT" and "ruler ID CELL" lines. Cells are named column letter + row number:
A1 is the north-west corner, rows grow southwards.
"""

import sys

try:
    from uarray import array  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from array import array

from shared_rules.errors import bad_args
from shared_rules.khan.tables import DX, DY, OFF, RIVER, RULERS, TERRAINS

_FAST = "shared_rules.khan.fast_board"  # the tables built in machine code, where loaded
CELL_CHARS = TERRAINS + "~"  # terrain code = index + 1

# side bits of Board.border: which sides of a cell face neighbouring territories
SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W; bit 1 << k


class Board:
    """A board built from its grid lines (frame included), trusted to be well formed."""

    def __init__(self, frame: "list[str]", name: str, starts: dict) -> None:
        width = len(frame[0]) - 2
        height = len(frame) - 2
        size = width * height
        self.width = width
        self.height = height
        self.size = size
        self.frame = frame  # the grid lines as typed
        self.name = name
        self.starts = starts  # ruler index -> cell index
        # the grid lines as bytes: indexing one is O(1) and makes no object (a str's index
        # walks its characters and makes a one-character str: a 14 x 11 board cost a Pico ~40 ms)
        lines = [line.encode() for line in frame]
        code = bytearray(256)  # a grid character's terrain code: OFF (0), 1..6 (TERRAINS), RIVER
        for k in range(len(CELL_CHARS)):
            code[ord(CELL_CHARS[k])] = k + 1
        terrain = bytearray(size)
        border = bytearray(size)  # bit k: side SIDES[k] faces neighbouring territories
        side = array("h", b"\xff" * (8 * size))  # per cell, 4 entries (N, E, S, W): the cell on that side, or -1
        touches = bytearray(size)  # 1: a side touches a river cell
        fast = sys.modules.get(_FAST)  # (khan/fast_board.py: the same loops in machine code, where loaded)
        build = getattr(fast, "tables", None) if fast is not None else None
        if build is not None and _even(lines, width + 2):
            build(b"".join(lines), width, height, code, terrain, border, side, touches, RIVER)
        else:
            _tables(lines, width, height, code, terrain, border, side, touches)
        self.terrain = terrain
        self.border = border
        self.side = side
        self.touches_river = touches
        self._banks = None  # built on first use: banks()
        self._water = None  # the cells that are not land (river, off the board): water()
        # a cell's name is its column's letter and its row's number: both made once
        self.cols = tuple(chr(65 + x) for x in range(width))
        self.rows = tuple(str(y + 1) for y in range(height))

    def banks(self) -> bytearray:
        """Per cell, the bank of the river it lies on (1, 2...; 0 for river and no cell):
        the land regions the river separates. Two land cells are on the same bank when
        land cells side by side join them without crossing a river cell."""
        bank = self._banks
        if bank is None:
            bank = bytearray(self.size)
            n = 0
            for start in range(self.size):
                if bank[start] or self.terrain[start] in (OFF, RIVER):
                    continue
                n += 1
                bank[start] = n
                stack = [start]
                while stack:
                    i = stack.pop()
                    for k in range(4):
                        j = self.side[4 * i + k]
                        if j >= 0 and not bank[j] and self.terrain[j] != RIVER:
                            bank[j] = n
                            stack.append(j)
            self._banks = bank
        return bank

    def name_of(self, i: int) -> str:
        return self.cols[i % self.width] + self.rows[i // self.width]

    def water(self) -> "tuple[int, ...]":
        """The cells that are not land, in order (few: a check that no piece stands on
        water looks at these, not at every cell)."""
        if self._water is None:
            self._water = tuple(i for i in range(self.size) if not self.is_land(i))
        return self._water

    def index_or_none(self, name: str):
        """The index of a cell name on this board, or None. (Read character by character:
        a game coming back from its JSON names a hundred cells, and slices and int() of
        each cost the Pico more than the rest of the reading.)"""
        n = len(name)
        if n != 2 and n != 3:
            return None
        col = ord(name[0]) - 65
        first = ord(name[1]) - 48  # the row's first digit: 1-9
        if first < 1 or first > 9:
            return None
        row = first - 1
        if n == 3:
            units = ord(name[2]) - 48
            if units < 0 or units > 9:
                return None
            row = 10 * first + units - 1
        if col < 0 or col >= self.width or row >= self.height:
            return None
        i = row * self.width + col
        return i if self.terrain[i] != OFF else None

    def cell(self, name, what: str = "cell") -> int:
        """The index of a named cell, or a bad_args error naming the field and the name."""
        i = self.index_or_none(name) if isinstance(name, str) else None
        if i is None:
            shown = name[:12] if isinstance(name, str) else "?"
            raise bad_args("khan.no_cell", what, shown, chr(64 + self.width), self.height)
        return i

    def step(self, i: int, direction: int) -> int:
        """The cell one step from i in a compass direction, or -1 off the board."""
        x = i % self.width + DX[direction]
        y = i // self.width + DY[direction]
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return -1
        j = y * self.width + x
        return j if self.terrain[j] != OFF else -1

    def is_land(self, i: int) -> bool:
        t = self.terrain[i]
        return t != OFF and t != RIVER


def _even(lines: list, stride: int) -> bool:
    """Whether every grid line is stride bytes (khan/fast_board.py reads them joined)."""
    for line in lines:
        if len(line) != stride:
            return False
    return True


def _tables(lines: list, width: int, height: int, code, terrain, border, side, touches) -> None:
    """Board's tables from its grid lines (as bytes: indexing one is O(1) and makes no
    object - a str's index walks its characters and makes a one-character str), in Python:
    khan/fast_board.py's tables() where that is loaded."""
    for y in range(height):
        row = lines[y + 1]
        at = y * width
        for x in range(width):
            terrain[at + x] = code[row[x + 1]]
    river = RIVER
    # (the four sides written out, and a side's cell looked at only when it is on the board:
    # OFF is 0; "+" is 43)
    i = 0
    for y in range(height):
        above = lines[y]
        row = lines[y + 1]
        below = lines[y + 2]
        for x in range(width):
            if terrain[i]:
                border[i] = ((above[x + 1] == 43) | (row[x + 2] == 43) << 1 | (below[x + 1] == 43) << 2
                             | (row[x] == 43) << 3)
            k = 4 * i
            if y:
                t = terrain[i - width]
                if t:
                    side[k] = i - width
                    if t == river:
                        touches[i] = 1
            if x + 1 < width:
                t = terrain[i + 1]
                if t:
                    side[k + 1] = i + 1
                    if t == river:
                        touches[i] = 1
            if y + 1 < height:
                t = terrain[i + width]
                if t:
                    side[k + 2] = i + width
                    if t == river:
                        touches[i] = 1
            if x:
                t = terrain[i - 1]
                if t:
                    side[k + 3] = i - 1
                    if t == river:
                        touches[i] = 1
            i += 1


def from_lines(lines) -> Board:
    """A board from the lines of a board text already known to be good: grid lines,
    then "name" and "ruler" lines; comments and blank lines are skipped."""
    frame = []
    name = ""
    starts = {}
    for line in lines:
        line = line.rstrip()  # (a str with nothing to strip is given back, not copied)
        if not line or line.startswith(";"):  # (line[0] would make a str, looked for among the interned names)
            continue
        if line.startswith("+") or line.startswith("#"):
            frame.append(line)
        elif line.startswith("name "):
            name = line[5:].strip()
        else:
            words = line.split()
            starts[RULERS.index(words[1])] = words[2]
    board = Board(frame, name, {})
    for r in starts:
        board.starts[r] = board.index_or_none(starts[r])
    return board


# The default board: not the printed board (we have no picture of it), but the same
# counts: 132 land cells in 6 regions (M 22, G 20, T 22, R 21, S 22, F 25), 22 river
# cells, and edge cells that all border neighbouring territories except 4 mountain,
# 3 sand-desert and 4 forest cells. The river runs from the north edge to the south edge
# with bends, so straight and L-shaped bridges both have places to go.
DEFAULT_TEXT = """\
; Steppe Companion default Khan board, 14 x 11 (not the printed board: same counts)
; M mountains  G glacier  T tundra  R rocky desert  S sand desert  F forest  ~ river
; frame: + borders neighbouring territories, # does not
++++####++++++++
+MMMMMMMMM~GGGG+
+MMMMMMMMM~GGGG+
+MMMMR~~~~~GGGG+
+RRRRR~GGGGGGGG+
+RRRRR~TTTTTTTT+
+RRRRR~~~~~~TTT+
+RRRRRSSSSS~~TT+
+FFFFFFSSSSS~TT+
+FFFFFFSSSSS~TT+
+FFFFFFSSSS~~TT+
+FFFFFFFSSS~TTT+
+++####+###+++++
name Steppe Companion default
ruler grey F2
ruler lightblue A8
ruler white M8
ruler orange C5
ruler purple J4
ruler pink M2
ruler brown E9
ruler teal I9
"""

_default = []


def default_board() -> Board:
    if not _default:
        _default.append(from_lines(DEFAULT_TEXT.split("\n")))
    return _default[0]


def load(text) -> Board:
    """A board from op arguments: board text (fully checked) or "default"."""
    if text == "default":
        return default_board()
    from shared_rules.khan.board_text import parse

    return parse(text)
