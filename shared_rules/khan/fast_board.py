"""A Khan board's tables built in machine code (MicroPython's viper emitter).

khan/board.Board reads its grid a cell at a time: each cell's terrain, the sides of it that
face neighbouring territories, its four neighbours and whether one of them is river - a
Python loop of ~150 bytecodes a cell, 27 ms of a Pico for the 14 x 11 default board, most of
a game's first khan.board request after its imports, and of every board text a host sends
(khan.new, khan.play on a board of its own). tables() runs the same loop as viper.

Loaded with Khan's host ops (firmware/rulesop.py FIRST) before khan/board.py, which uses it
where it is loaded (board.Board looks in sys.modules) and runs its own plain loop elsewhere
and on CPython (where this module defines nothing): tests/rules/test_khan_board_fast.py holds
the two to the same tables. Viper has no bounds checks: the caller sizes every buffer as
tables() says, and each write stays inside them.
"""

import sys

if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def tables(grid: ptr8, width: int, height: int, code: ptr8, terrain: ptr8, border: ptr8, side: ptr16,
               touches: ptr8, river: int):
        """The tables of a board (board.Board) from its grid: the frame lines joined, each
        exactly width + 2 bytes (height + 2 of them); code maps a grid byte to its terrain
        code (256 bytes). terrain, border, touches: width * height bytes, zeroed; side: 4 *
        width * height entries, each 0xFFFF (-1 in the array("h")): per cell N, E, S, W, the
        cell on that side when it is on the board."""
        stride = width + 2
        i = 0
        for y in range(height):
            at = (y + 1) * stride + 1
            for x in range(width):
                terrain[i] = code[grid[at + x]]
                i += 1
        i = 0
        for y in range(height):
            row = (y + 1) * stride  # the cell's line, its frame character first
            for x in range(width):
                if terrain[i] != 0:
                    b = 0
                    if grid[row - stride + x + 1] == 43:  # "+" above
                        b |= 1
                    if grid[row + x + 2] == 43:  # right
                        b |= 2
                    if grid[row + stride + x + 1] == 43:  # below
                        b |= 4
                    if grid[row + x] == 43:  # left
                        b |= 8
                    border[i] = b
                k = 4 * i
                if y > 0:
                    t = terrain[i - width]
                    if t != 0:
                        side[k] = i - width
                        if t == river:
                            touches[i] = 1
                if x + 1 < width:
                    t = terrain[i + 1]
                    if t != 0:
                        side[k + 1] = i + 1
                        if t == river:
                            touches[i] = 1
                if y + 1 < height:
                    t = terrain[i + width]
                    if t != 0:
                        side[k + 2] = i + width
                        if t == river:
                            touches[i] = 1
                if x > 0:
                    t = terrain[i - 1]
                    if t != 0:
                        side[k + 3] = i - 1
                        if t == river:
                            touches[i] = 1
                i += 1
