"""Every legal conquest of a player: the search (khan.conquests, "can he conquer?", a random
game's moves, the box's hints). Each way each figure the player may take could lie over
one of his yurts is looked at, and those conquer.judge allows are yielded - its inner
loops in machine code where MicroPython has viper (khan/fast.py), else in plain Python:
the same conquests in the same order.

Apart from khan/conquer.py (a conquest's own check), so that checking one conquest - the
khan.conquer op, a game's action C - does not load the search (~3 KB of bytecode: ~20 ms
of a Pico's first request).
"""

import sys

try:
    from uarray import array  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from array import array

from shared_rules.khan.conquer import Protections, available, cards, judge, orientations
from shared_rules.khan.position import Position
from shared_rules.khan.tables import BRIDGE, FIGURES, OFF, RIVER, shape_size
from shared_rules.pause import pause

VIPER = []  # khan/fast.py once looked for (viper): the search's inner loops in machine code, or None


def viper():
    """khan/fast.py where MicroPython has viper, else None. Imported by the first search, not
    with this module: a conquest's own check (khan/conquer.py) needs none of it (its machine
    code is ~5.9 KB of a Pico's, some 30 ms of a first request); the box's Khan game imports
    it as it begins (firmware/ui/khan.py: a module loaded in the middle of a game may find
    no room)."""
    if not VIPER:
        fast = None
        if sys.implementation.name == "micropython":
            try:
                from shared_rules.khan import fast
            except (ImportError, ValueError, SyntaxError):  # a port without the viper emitter, or code of another arch
                fast = None
        VIPER.append(fast)
    return VIPER[0]


def coverable(pos: Position) -> bytearray:
    """1: uncovered land with a yurt, 2: uncovered river, 0: neither."""
    board = pos.board
    cov = bytearray(board.size)
    for i in range(board.size):
        if pos.fig_at[i]:
            continue
        t = board.terrain[i]
        if t == RIVER:
            cov[i] = 2
        elif t != OFF and pos.yurt[i]:
            cov[i] = 1
    return cov


PAUSE = ("", (), [])  # what each_placement(pauses=True) yields between placements tried: no conquest
FOUND = ("", (), None)  # what each_placement(bare=True) yields for each conquest: nothing of it built
PAUSE_WORK = 120  # placements looked at between two pauses (one: ~20 us a Pico; one judged: ~0.2
# ms, it counts JUDGED): ~5 ms of a Pico's work (a pause with no press waiting costs ~30 us)
JUDGED = 10


def _room(board, cov: bytearray, me: int, yurt: bytearray, top: int) -> bytearray:
    """Per cell of one of the player's coverable yurts, how many cells with cov 1..top
    (1: yurts, for tiles; 2: and the river, for bridges) join up with it side by side, at
    most 255: no figure of more cells can cover it. The others' cells are 0."""
    room = bytearray(board.size)
    side = board.side
    group = []
    for start in range(board.size):
        if room[start] or yurt[start] != me or not cov[start]:
            continue
        group.append(start)
        seen = bytearray(board.size)
        seen[start] = 1
        k = 0
        while k < len(group):
            i = group[k]
            k += 1
            for d in range(4 * i, 4 * i + 4):
                j = side[d]
                if j >= 0 and not seen[j] and 0 < cov[j] <= top:
                    seen[j] = 1
                    group.append(j)
        n = len(group) if len(group) < 255 else 255
        for i in group:
            room[i] = n
        del group[:]
    return room


def each_placement(pos: Position, player: str, stock: dict, prot: Protections, consent: bool, pauses: bool = False,
                   skip: int = 0, bare: bool = False):
    """Yield every legal conquest for the player, each once, in a fixed order, pausing after
    every PAUSE_WORK placements looked at: with pauses, PAUSE is yielded there (the box's
    hints take their steps so: ui/khan_hints.py); else pause() is called (a host's rules op:
    the box's buttons take their turn there).

    A generator, so "can he conquer?" stops at the first one and a random pick needs no
    list of them all: the device has little RAM. The order: the player's yurts by cell, then
    FIGURES, then each figure's orientations and the cell of it over the yurt; a placement
    over several of his yurts is found from the first. Under MicroPython the loops run as
    viper (fast_placements), else as plain Python (plain_placements): the same conquests in
    the same order.

    A random pick (khan/randplay.py) counts them, then takes the nth: with bare, FOUND is
    yielded for each, nothing of it built; with skip, the first skip are passed over unbuilt.
    Built, each is a tuple, its cells and its sharers: ~150 bytes of garbage a conquest, half
    of all a game played out made (a collection of a Pico's heap every ~1,000 of them)."""
    if pos.board.size <= FAST_MAX_CELLS and viper() is not None:
        return fast_placements(pos, player, stock, prot, consent, pauses, skip, bare)
    return plain_placements(pos, player, stock, prot, consent, pauses, skip, bare)


def plain_placements(pos: Position, player: str, stock: dict, prot: Protections, consent: bool,
                     pauses: bool = False, skip: int = 0, bare: bool = False):
    """each_placement's loops in plain Python (CPython, a port without viper)."""
    board = pos.board
    w = board.width
    h = board.height
    cov = coverable(pos)
    me = pos.player_byte(player)
    yurt = pos.yurt
    # each available figure once, with its orientations' extents worked out here, not for
    # every yurt: (key, kind, tile, 2 x cells, orientations, [(start, max x, max y)], I-shaped)
    plans = []
    for key, kind, shape, _ in FIGURES:
        if available(stock, prot, player, key) <= 0:
            continue
        n2 = 2 * shape_size(shape)
        packed = orientations(shape)
        spans = []
        for o in range(0, len(packed), n2):
            mx = 0
            my = 0
            for k in range(o, o + n2, 2):
                if packed[k] > mx:
                    mx = packed[k]
                if packed[k + 1] > my:
                    my = packed[k + 1]
            spans.append((o, mx, my))
        plans.append((key, kind, kind != BRIDGE, n2, packed, spans, shape[0] == "I"))
    cells = []
    room = (_room(board, cov, me, yurt, 1), _room(board, cov, me, yurt, 2))  # (tiles', bridges')
    work = 0  # placements looked at since the last pause, a judged one counting JUDGED
    for y in range(board.size):
        if yurt[y] != me or not cov[y]:
            continue
        yx = y % w
        yy = y // w
        for key, kind, tile, n2, packed, spans, straight in plans:
            # tiles cover yurt cells only; bridges the river too. A figure is one piece: it
            # fits only where that many such cells join up with this yurt's
            if 2 * room[0 if tile else 1][y] < n2:
                continue
            for o, mx, my in spans:
                for a in range(o, o + n2, 2):
                    ox = yx - packed[a]
                    oy = yy - packed[a + 1]
                    if ox < 0 or oy < 0 or ox + mx >= w or oy + my >= h:
                        continue
                    work += 1
                    if work >= PAUSE_WORK:
                        work = 0
                        if pauses:
                            yield PAUSE
                        else:
                            pause()
                    del cells[:]
                    for k in range(o, o + n2, 2):
                        c = (oy + packed[k + 1]) * w + ox + packed[k]
                        v = cov[c]
                        # the first own yurt of a placement finds it; later ones skip it
                        if not v or (v == 2 and tile) or (c < y and yurt[c] == me):
                            break
                        cells.append(c)
                    if len(cells) * 2 != n2:
                        continue
                    work += JUDGED
                    verdict = judge(pos, player, kind, cells, prot, consent, straight)
                    if not isinstance(verdict, list):
                        continue
                    if bare:
                        yield FOUND
                    elif skip:
                        skip -= 1
                    else:
                        yield (key, tuple(sorted(cells)), verdict)


FAST_MAX_CELLS = 65535  # fast_placements keeps cells and the board's sides in 16 bits (boards are at
# most 26 x 26: board_text.MAX_SIDE)
FAST_OUT = 64  # entries of fast_placements' buffer for the kernel's finds, a record 2 + cells: 9 records
# of five-cell figures (at least one must fit, or the kernel can write none and the search never ends)
FAST_LOOKS = 12  # placements the kernel looks at in the time plain_placements looks at one (~0.09
# against ~1.1 us on the unix port): a scan's budget, PAUSE_WORK of them, is some 1,400 placements


def fast_placements(pos: Position, player: str, stock: dict, prot: Protections, consent: bool,
                    pauses: bool = False, skip: int = 0, bare: bool = False):
    """each_placement's loops as viper (khan/fast.py scan), MicroPython only: the kernel
    goes through the yurts, figures, orientations and anchor cells as plain_placements does
    and hands back, in the same order, only the placements that pass judge()'s tests of
    cells, rivers, banks and majority, with who would sit on them: judge()'s answer (it would
    find the same: most of a late board's search time was judge()). Where a special card of
    another player is in force (Patronage, Support of the Gods), its test (conquer.cards) then
    has the last word on each. Its buffers, ~5 bytes a cell and ~0.3 KB more, are
    this generator's own while it runs, as two searches may be under way at once (a hint's
    steps at a rules op's pause), and are kept for the next search once it has run to its
    end (_scratch)."""
    fast = viper()
    assert fast is not None
    board = pos.board
    size = board.size
    me = pos.player_byte(player)
    yurt = pos.yurt
    figures = []  # the FIGURES entries available, one a plan
    plans = bytearray()  # fast.PLAN bytes a plan: cells, orientations, tile? straight?
    packs = []  # each plan's orientations
    bridges = False
    for f in FIGURES:
        key, kind, shape, _ = f
        if available(stock, prot, player, key) <= 0:
            continue
        n = shape_size(shape)
        packed = orientations(shape)
        plans.append(n)
        plans.append(len(packed) // (2 * n))
        plans.append((fast.PLAN_TILE if kind != BRIDGE else 0) | (fast.PLAN_STRAIGHT if shape[0] == "I" else 0))
        packs.append(packed)
        figures.append(f)
        bridges = bridges or kind == BRIDGE
    scratch = _scratch(fast, size)
    area, queue, out, st = scratch  # coverable(), then the two _room()s; the rooms' queue
    fast.cover(area, pos.fig_at, board.terrain, yurt, size, RIVER)  # type: ignore[arg-type]
    fast.room(area, yurt, board.side, queue, size, me)  # type: ignore[arg-type]
    bank = board.banks() if bridges else area  # (read for bridges only)
    players = pos.players
    pat = prot.patronage
    guarded = pat is not None and pat != player and pat in players
    for g in prot.gods:
        guarded = guarded or g[0] != player
    for k in range(fast.ST_ANCHOR + 1):  # (where the scan goes on: from the start)
        st[k] = 0
    st[fast.ST_WIDTH] = board.width
    st[fast.ST_HEIGHT] = board.height
    st[fast.ST_ME] = me
    st[fast.ST_PLANS] = len(figures)
    st[fast.ST_CAP] = FAST_OUT
    work = PAUSE_WORK  # as in plain_placements, FAST_LOOKS placements looked at counting one; a
    # placement judged or a conquest yielded without judging counts JUDGED (what the caller does
    # with it between two pauses is then no more than before: ops.conquests names its cells).
    # (A pause first: the plans, the cover and the rooms above are ~10 ms of a Pico)
    found = 0  # entries of out the last scan wrote
    i = 0  # the next of them
    while i < found or st[fast.ST_ROW] < board.height:
        if work >= PAUSE_WORK:
            work = 0
            if pauses:
                yield PAUSE
            else:
                pause()
        if i >= found:
            st[fast.ST_BUDGET] = min((PAUSE_WORK - work) * FAST_LOOKS, 65535)
            found = fast.scan(out, st, area, yurt, pos.ruler_at, bank, plans, packs)  # type: ignore[arg-type]
            i = 0
            work += (st[fast.ST_LOOKED] + FAST_LOOKS - 1) // FAST_LOOKS
            continue
        p = out[i]
        bits = out[i + 1]
        at = i + 2  # (its cells: out[at:i])
        i = at + plans[fast.PLAN * p]
        key = figures[p][0]
        cells = ()
        verdict = None
        if guarded:  # (another's card in force: it has the last word, even on one passed over - the
            work += JUDGED  # kernel's sharers are judge()'s but for the cards: conquer.cards)
            cells = tuple(out[at:i])
            verdict = cards(pos, player, cells, [players[b] for b in range(len(players)) if bits >> b & 1], prot,
                            consent)
            if not isinstance(verdict, list):
                continue
        elif bare or skip:  # (a conquest counted or passed over: nothing built)
            work += 1
        else:
            work += JUDGED
        if bare:
            yield FOUND
        elif skip:
            skip -= 1
        else:
            if verdict is None:  # (no card in force: the kernel's sharers are judge()'s answer)
                cells = tuple(out[at:i])
                verdict = [players[b] for b in range(len(players)) if bits >> b & 1]
            yield (key, cells, verdict)
    if KEEP[0] and len(SCRATCH) < 2:
        SCRATCH.append(scratch)


SCRATCH = []  # the buffers of searches run to their end, for the next (fast_placements), while KEEP[0]
KEEP = [False]


def keep_scratch(on: bool) -> None:
    """While a game is played out (randplay.playout: 70-90 searches), each search's buffers
    are kept for the next; then none is. On the box a buffer kept in its own game would be
    pinned wherever it was made, in a heap that game needs whole (a journal's line, a reply)."""
    KEEP[0] = on
    if not on:
        del SCRATCH[:]


def _scratch(fast, size: int) -> tuple:
    """fast_placements' buffers for a board of size cells: kept ones (SCRATCH, keep_scratch)
    if they are large enough, else new - (area: 3 bytes a cell, the rooms' queue: a 16-bit entry a cell,
    out, st). A search made ~3 KB of garbage each time it began: most of a game played out's
    once its conquests were no longer built (each_placement bare); 70-90 searches a game."""
    while SCRATCH:
        kept = SCRATCH.pop()
        if len(kept[1]) >= size:
            return kept
    return (bytearray(3 * size), array("H", bytes(2 * size)), array("H", bytes(2 * FAST_OUT)),
            array("H", bytes(2 * fast.ST_SIZE)))
