"""The conquest search's inner loops in machine code (MicroPython's viper emitter).

search.each_placement looks at every way each available figure may lie over each of the
player's coverable yurts and judges those that fit: on a late board ~200 ms of a Pico's
bytecode, a quarter of it judge(). These functions run the same loops as viper and apply
every test of conquer.judge() that is not about the special cards, so that Python sees only
the placements judge() could allow (search.fast_placements). The plain loops stay in search.py: CPython has no
viper, and they are what tests/rules/test_khan_conquer_fast.py holds this code to.

Importable on CPython too (it then defines nothing): shared_rules/khan/ops.py's NEEDS lists
it before khan.conquer, and a device's first request imports the modules one at a time
(firmware/rulesop.py load_rules) under both interpreters in tests/test_op_imports.py.
Viper has no bounds checks: the callers size every buffer as each function says, and each
write here stays inside what it was given.
"""

import sys

if sys.implementation.name == "micropython":
    from micropython import const  # type: ignore[assignment]
else:  # CPython: the numbers are plain

    def const(x):
        return x


# st, the scan's state and settings (an array("H") of ST_SIZE): where it goes on (the yurt's
# row and column, the plan, the orientation, the anchor cell), then the fixed settings, then
# what the last call did
ST_ROW = const(0)
ST_COL = const(1)
ST_PLAN = const(2)
ST_ORIENT = const(3)
ST_ANCHOR = const(4)
ST_WIDTH = const(5)
ST_HEIGHT = const(6)
ST_ME = const(7)  # the player's yurt byte
ST_PLANS = const(8)  # how many plans (figures available)
ST_BUDGET = const(9)  # placements to look at in one call, at most
ST_CAP = const(10)  # entries of out
ST_LOOKED = const(11)  # (out) placements looked at in the last call
ST_SIZE = const(12)
PLAN = const(3)  # bytes a plan takes in plans: cells, orientations, PLAN_TILE | PLAN_STRAIGHT
PLAN_TILE = const(1)
PLAN_STRAIGHT = const(2)

if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def cover(area: ptr8, fig: ptr8, terrain: ptr8, yurt: ptr8, size: int, river: int):
        """area[i] = search.coverable(pos)[i] for every cell i < size: 1 uncovered land with
        a yurt, 2 uncovered river (terrain code river), 0 neither; area[size:3 * size] zeroed
        for room() (an area is used again by the next search: search._scratch)."""
        for i in range(size):
            area[size + i] = 0
            area[2 * size + i] = 0
            t = terrain[i]
            v = 0
            if fig[i] != 0:
                v = 0
            elif t == river:
                v = 2
            elif t != 0 and yurt[i] != 0:
                v = 1
            area[i] = v

    @micropython.viper
    def room(area: ptr8, yurt: ptr8, side: ptr16, queue: ptr16, size: int, me: int):
        """search._room for both kinds at once: from the coverable marks area[0:size], per
        cell of one of the player's (byte me) coverable yurts, how many cells with a mark of
        1..top join up with it side by side, at most 255 - tiles' (top 1) into area[size:2 *
        size], bridges' (top 2) into area[2 * size:3 * size], both zero when called. side:
        board.side (4 per cell, -1 none: 65535 read so); queue: size entries of scratch, one
        per cell of a group at most."""
        for top in range(1, 3):
            at = top * size
            for start in range(size):
                if area[at + start] != 0 or yurt[start] != me or area[start] == 0:
                    continue
                area[at + start] = 1  # (seen; the group's size is written when it is known)
                queue[0] = start
                end = 1
                k = 0
                while k < end:
                    i = queue[k]
                    k += 1
                    for d in range(4 * i, 4 * i + 4):
                        j = side[d]
                        if j < size:
                            v = area[j]
                            if v != 0 and v <= top and area[at + j] == 0:
                                area[at + j] = 1
                                queue[end] = j
                                end += 1
                n = end if end < 255 else 255
                for q in range(end):
                    area[at + queue[q]] = n

    @micropython.viper
    def scan(out: ptr16, st: ptr16, area: ptr8, yurt: ptr8, ruler: ptr8, bank: ptr8, plans: ptr8, packs) -> int:
        """Go on with search.each_placement's loops where st says, writing each placement
        that judge() could allow into out as one record: the plan's index, who would sit on
        it (a bit per player: yurt byte b is bit b - 2), then its cells in ascending order.
        Stops when the loops are done (st's row = the board's height), when it has looked at
        st's budget of placements, or when out has no room for the next record; st then says
        where to go on and how many it looked at. Returns the entries written.

        area: cover()'s marks and room()'s counts; yurt, ruler: the position's yurt and
        ruler_at; bank: board.banks() (needed only with bridges in the plans); plans: PLAN
        bytes a figure available; packs: each plan's orientations (conquer.ORIENTATIONS).
        A placement is left to the cell it lies on that is the first of the player's yurts
        (search.each_placement): found from a later one, it is skipped."""
        w = st[ST_WIDTH]
        h = st[ST_HEIGHT]
        me = st[ST_ME]
        nplans = st[ST_PLANS]
        budget = st[ST_BUDGET]
        cap = st[ST_CAP]
        size = w * h
        yy = st[ST_ROW]
        yx = st[ST_COL]
        p = st[ST_PLAN]
        o = st[ST_ORIENT]
        a = st[ST_ANCHOR]
        k = 0  # entries written
        looked = 0
        while yy < h:
            y = yy * w + yx
            if yurt[y] == me and area[y] != 0:
                while p < nplans:
                    n = plans[PLAN * p]
                    count = plans[PLAN * p + 1]
                    tile = plans[PLAN * p + 2] & PLAN_TILE
                    straight = plans[PLAN * p + 2] & PLAN_STRAIGHT
                    # a figure is one piece: it fits only where that many cells it may cover
                    # join up with this yurt (room())
                    if tile:
                        joined = area[size + y]
                    else:
                        joined = area[2 * size + y]
                    if joined < n:
                        o = count  # (no orientation of it fits)
                    packed = ptr8(packs[p])
                    while o < count:
                        base = 2 * n * o  # the orientation's cells: x, y at packed[base + 2 * q]
                        end = base + 2 * n
                        mx = 0  # its extent
                        my = 0
                        for e in range(base, end, 2):
                            if packed[e] > mx:
                                mx = packed[e]
                            if packed[e + 1] > my:
                                my = packed[e + 1]
                        while a < n:
                            if looked >= budget or k + 2 + n > cap:
                                st[ST_ROW] = yy
                                st[ST_COL] = yx
                                st[ST_PLAN] = p
                                st[ST_ORIENT] = o
                                st[ST_ANCHOR] = a
                                st[ST_LOOKED] = looked
                                return k
                            ox = yx - packed[base + 2 * a]
                            oy = yy - packed[base + 2 * a + 1]
                            a += 1
                            if ox < 0 or oy < 0 or ox + mx >= w or oy + my >= h:
                                continue
                            looked += 1
                            # the cells, into out after the record's first two entries (kept
                            # only if the placement passes), with what judge() counts
                            s = k + 2
                            t = s
                            rivers = 0
                            first_bank = 0
                            banks = 1
                            e = base
                            while e < end:
                                c = (oy + packed[e + 1]) * w + ox + packed[e]
                                v = area[c]
                                if v == 0 or (v == 2 and tile) or (c < y and yurt[c] == me) or ruler[c] != 0:
                                    break
                                if v == 2:
                                    rivers += 1
                                elif first_bank == 0:
                                    first_bank = bank[c]
                                elif bank[c] != first_bank:
                                    banks = 2
                                out[t] = c
                                t += 1
                                e += 2
                            if e < end:
                                continue
                            if not tile and (rivers == 0 or banks < 2 or (straight and rivers > 1)):
                                continue
                            # the most yurts one player has under it (black ones never count)
                            # and who has that many: the player must be one of them
                            most = 0
                            sharers = 0
                            for t in range(s, s + n):
                                b = yurt[out[t]]
                                if b < 2 or area[out[t]] != 1:
                                    continue
                                same = 0
                                for t2 in range(s, s + n):
                                    if yurt[out[t2]] == b and area[out[t2]] == 1:
                                        same += 1
                                if same > most:
                                    most = same
                                    sharers = 1 << (b - 2)
                                elif same == most:
                                    sharers |= 1 << (b - 2)
                            if not (sharers >> (me - 2)) & 1:
                                continue
                            for t in range(s + 1, s + n):  # the cells in ascending order
                                c = out[t]
                                t2 = t
                                while t2 > s and out[t2 - 1] > c:
                                    out[t2] = out[t2 - 1]
                                    t2 -= 1
                                out[t2] = c
                            out[k] = p
                            out[k + 1] = sharers
                            k = s + n
                        a = 0
                        o += 1
                    o = 0
                    p += 1
            p = 0
            yx += 1
            if yx == w:
                yx = 0
                yy += 1
        st[ST_ROW] = h
        st[ST_COL] = 0
        st[ST_PLAN] = 0
        st[ST_ORIENT] = 0
        st[ST_ANCHOR] = 0
        st[ST_LOOKED] = looked
        return k
