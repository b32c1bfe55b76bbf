"""A board's tables built in viper (khan/fast_board.py) are the plain loop's (khan/board.py
_tables): under MicroPython each board is built with the kernel loaded and without it, and
both are held to a reference written from the board format's definition; under CPython (no
viper) the plain loop is held to the reference. Boards: the default, one with a river and
no-cell squares inside the frame, and seeded random grids of 1 x 1 to 17 x 15."""

import sys

from rulestest import with_module

from shared_rules.khan import board as board_mod
from shared_rules.khan.board import CELL_CHARS, SIDES, from_lines
from shared_rules.khan.tables import RIVER
from shared_rules.rng import PCG32

MICROPYTHON = sys.implementation.name == "micropython"
FAST = "shared_rules.khan.fast_board"

HOLES = """\
+#+#+#+
#M~T.F#
+G~+#S+
#RR~~~#
#.FF~##
+++#+++
"""


def _reference(frame: "list[str]") -> tuple:
    """terrain, border, side, touches of the grid lines frame, cell by cell from the format's
    rules: a cell's terrain code is its character's place in CELL_CHARS + 1 (0: no cell); side
    k of a cell faces neighbouring territories when the square beyond it is "+"; a neighbour is
    a square on the board that is a cell; a cell touches the river when a neighbour is river."""
    width = len(frame[0]) - 2
    height = len(frame) - 2
    terrain = []
    for y in range(height):
        for x in range(width):
            terrain.append(CELL_CHARS.find(frame[y + 1][x + 1]) + 1)
    border = []
    side = []
    touches = []
    for y in range(height):
        for x in range(width):
            i = y * width + x
            bits = 0
            near = False
            for k in range(4):
                dx, dy = SIDES[k]
                if terrain[i] and frame[y + 1 + dy][x + 1 + dx] == "+":
                    bits |= 1 << k
                nx = x + dx
                ny = y + dy
                j = ny * width + nx
                if 0 <= nx < width and 0 <= ny < height and terrain[j]:
                    side.append(j)
                    near = near or terrain[j] == RIVER
                else:
                    side.append(-1)
            border.append(bits)
            touches.append(1 if near else 0)
    return terrain, border, side, touches


def _tables(board) -> tuple:
    return list(board.terrain), list(board.border), list(board.side), list(board.touches_river)


def _random_frame(rng: PCG32, width: int, height: int) -> "list[str]":
    """A grid of width x height squares: terrain, river, "." and the frame's "+" and "#"
    inside it too, and its frame of "+" and "#"."""
    inside = CELL_CHARS + ".+#" + CELL_CHARS
    lines = []
    for y in range(height + 2):
        line = ""
        for x in range(width + 2):
            edge = y == 0 or y == height + 1 or x == 0 or x == width + 1
            line += "+#"[rng.below(2)] if edge else inside[rng.below(len(inside))]
        lines.append(line)
    return lines


def _boards() -> list:
    frames = [board_mod.DEFAULT_TEXT.split("\n"), HOLES.split("\n")]
    rng = PCG32(20, 11)
    for _ in range(24):
        frames.append(_random_frame(rng, 1 + rng.below(17), 1 + rng.below(15)))
    return frames


def _built(lines, fast: bool):
    """The board of lines, its tables built by khan/fast_board.py (fast, where MicroPython has
    viper) or by board.py's plain loop."""
    return with_module(FAST, fast, lambda: from_lines(lines))


def test_the_board_tables_are_the_formats_in_python_and_in_machine_code():
    for lines in _boards():
        frame = [line for line in lines if line and line[0] in "+#"]
        want = _reference(frame)
        assert _tables(_built(lines, False)) == want, frame
        if MICROPYTHON:
            assert _tables(_built(lines, True)) == want, frame


def test_the_machine_code_is_loaded_where_micropython_has_viper():
    """Not a test that passes by never running the kernel: under MicroPython the module
    defines tables(); under CPython it defines nothing and boards are built in Python."""
    mod = __import__(FAST, None, None, ("tables",))
    assert hasattr(mod, "tables") == MICROPYTHON


def test_a_ragged_grid_is_built_by_the_plain_loop():
    """The kernel reads the grid lines joined, each width + 2 bytes: lines of another length
    (a board the text check would refuse; Board trusts its caller) never reach it."""
    frame = ["+++++", "+MM~+", "+MG~+#", "+++++"]
    assert not board_mod._even([line.encode() for line in frame], 5)
    assert board_mod._even([line.encode() for line in frame[:2]], 5)
    assert _tables(_built(frame, True)) == _reference(frame)
