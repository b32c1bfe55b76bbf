"""Packed Khan pieces' figures read and written in machine code (MicroPython's viper
emitter): khan/packed.py's checks of each figure's bytes and its loop writing them, a
Python loop a cell that cost a Pico ~2 ms of each khan.play request.

A module of its own, apart from the conquest search's kernel (khan/fast.py), which the box's
Khan game holds: this one is loaded for a host's khan.play (khan/ops.py NEEDS) - its machine
code, ~1.8 KB of a Pico's heap, is not the box's game's. Where it is loaded the other ops
with packed pieces use it too (packed.py looks in sys.modules); elsewhere, and on CPython
(where it defines nothing), the plain loops of packed.py run: tests/rules/test_khan_packed.py
holds the two to the same answers. Viper has no bounds checks: each function stays inside
what its caller sized, as it says.
"""

import sys

if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def figures(raw: ptr8, at: int, end: int, terrain: ptr8, fig_at: ptr8, ruler_at: ptr8, size: int, shapes: int,
                players: int) -> int:
        """The figures of packed pieces (khan/packed.py: their count at raw[at], the bytes to
        end) checked as packed._figures checks them, each cell marked in fig_at (figure index
        + 1) as it is taken: how many there are, or -1 when any of them is wrong (fig_at then
        half marked: the caller clears it, and packed._figures' own loop says what is
        wrong). terrain, fig_at, ruler_at: size bytes each."""
        if at >= end:
            return -1
        count = int(raw[at])
        at += 1
        if count > 64:  # (position.MAX_FIGURES)
            return -1
        f = 0
        while f < count:
            if at + 4 > end:
                return -1
            key = int(raw[at])
            owners = int(raw[at + 1])
            plain = int(raw[at + 2])
            cells = int(raw[at + 3])
            at += 4
            if key != 255 and key >= shapes:  # (position.NO_KEY: given by its cells only)
                return -1
            if plain > 1 or (plain != 0 and (key != 255 or owners != 0)):
                return -1
            if (owners >> players) != 0:
                return -1
            if cells < 1 or cells > 8 or at + 2 * cells > end:
                return -1
            f += 1
            k = 0
            while k < cells:
                i = (int(raw[at]) << 8) | int(raw[at + 1])
                at += 2
                if i >= size or terrain[i] == 0 or fig_at[i] != 0 or ruler_at[i] != 0:
                    return -1
                fig_at[i] = f
                k += 1
        if at != end:
            return -1
        return count

    @micropython.viper
    def put_figures(out: ptr8, at: int, fig_cells, keys: ptr8, owners: ptr8, plain: ptr8) -> int:
        """Packed pieces' figures (khan/packed.py pieces_bytes) written into out from at: each
        figure's shape, owners, whether plain, its cell count and its cells (2 bytes each,
        big-endian) - fig_cells a Position's list of cell tuples, keys, owners and plain its
        bytes of as many. out has room for them all (the caller counted). Where it ended."""
        count = int(len(fig_cells))
        f = 0
        while f < count:
            cells = fig_cells[f]
            m = int(len(cells))
            out[at] = keys[f]
            out[at + 1] = owners[f]
            out[at + 2] = plain[f]
            out[at + 3] = m
            at += 4
            k = 0
            while k < m:
                i = int(cells[k])
                out[at] = i >> 8
                out[at + 1] = i & 255
                at += 2
                k += 1
            f += 1
        return at
