"""Conquest (action C): may this player put this tile or bridge on these cells?

Tiles cover land cells that each hold a yurt (any owner). Bridges must cross the river:
every land cell they cover holds a yurt, and the river cells they cover split those land
cells into at least two groups, one on each bank. Never over a ruler or another figure.
The conqueror needs at least one own yurt under the figure and nobody may have more
(black yurts never count); everyone tied for the most sits on the figure together.
Special cards in play restrict other players: Patronage protects a player's yurts,
Support of the Gods protects black yurts (4 players: in one region), and Land
Reconnaissance reserves figures (2-3 players: the whole shape; 4 players: one figure).
"""

import sys
from array import array

from shared_rules.errors import bad_args, illegal
from shared_rules.khan.position import BLACK, Position
from shared_rules.khan.tables import BRIDGE, FIGURE_KEYS, FIGURES, OFF, RIVER, SHAPES, shape_size
from shared_rules.pause import pause

VIPER = []  # khan/fast.py once looked for (viper): the search's inner loops in machine code, or None


def viper():
    """khan/fast.py where MicroPython has viper, else None. Imported by the first search, not
    with this module: a conquest's own check needs none of it (its machine code is ~4.7 KB of
    a Pico's, some 30 ms of khan.conquer's first request); a game imports it as it begins
    (khan/game.py: a module loaded in the middle of a game may find no room)."""
    if not VIPER:
        fast = None
        if sys.implementation.name == "micropython":
            try:
                from shared_rules.khan import fast
            except (ImportError, ValueError, SyntaxError):  # a port without the viper emitter, or code of another arch
                fast = None
        VIPER.append(fast)
    return VIPER[0]

# Every shape's distinct rotations and mirror images, packed as x, y bytes (cell k of
# orientation o at [2 * (o * size + k)]), each normalised to its top-left corner and its cells
# sorted. A constant: working them out when a game's first conquest was checked cost a Pico
# ~220 ms; tests/rules/test_khan_conquer.py works them out from SHAPES and compares.
ORIENTATIONS = {
    "I2": b'\x00\x00\x01\x00\x00\x00\x00\x01',
    "I3": b'\x00\x00\x01\x00\x02\x00\x00\x00\x00\x01\x00\x02',
    "L3": b'\x00\x00\x00\x01\x01\x01\x00\x00\x00\x01\x01\x00\x00\x01\x01\x00\x01\x01\x00\x00\x01\x00\x01\x01',
    "I4": b'\x00\x00\x01\x00\x02\x00\x03\x00\x00\x00\x00\x01\x00\x02\x00\x03',
    "O4": b'\x00\x00\x00\x01\x01\x00\x01\x01',
    "T4": b'\x00\x00\x01\x00\x01\x01\x02\x00\x00\x01\x01\x00\x01\x01\x02\x01\x00\x00\x00\x01\x00\x02\x01\x01\x00\x01\x01\x00\x01\x01\x01\x02',
    "S4": b'\x00\x01\x01\x00\x01\x01\x02\x00\x00\x00\x01\x00\x01\x01\x02\x01\x00\x01\x00\x02\x01\x00\x01\x01\x00\x00\x00\x01\x01\x01\x01\x02',
    "L4": b'\x00\x00\x00\x01\x00\x02\x01\x02\x00\x00\x00\x01\x00\x02\x01\x00\x00\x02\x01\x00\x01\x01\x01\x02\x00\x00\x01\x00\x01\x01\x01\x02\x00\x00\x01\x00\x02\x00\x02\x01\x00\x01\x01\x01\x02\x00\x02\x01\x00\x00\x00\x01\x01\x00\x02\x00\x00\x00\x00\x01\x01\x01\x02\x01',
    "F5": b'\x00\x01\x01\x00\x01\x01\x01\x02\x02\x00\x00\x01\x01\x00\x01\x01\x01\x02\x02\x02\x00\x00\x01\x00\x01\x01\x01\x02\x02\x01\x00\x02\x01\x00\x01\x01\x01\x02\x02\x01\x00\x01\x00\x02\x01\x00\x01\x01\x02\x01\x00\x00\x00\x01\x01\x01\x01\x02\x02\x01\x00\x01\x01\x00\x01\x01\x02\x01\x02\x02\x00\x01\x01\x01\x01\x02\x02\x00\x02\x01',
    "I5": b'\x00\x00\x01\x00\x02\x00\x03\x00\x04\x00\x00\x00\x00\x01\x00\x02\x00\x03\x00\x04',
    "L5": b'\x00\x00\x00\x01\x00\x02\x00\x03\x01\x03\x00\x00\x00\x01\x00\x02\x00\x03\x01\x00\x00\x03\x01\x00\x01\x01\x01\x02\x01\x03\x00\x00\x01\x00\x01\x01\x01\x02\x01\x03\x00\x00\x01\x00\x02\x00\x03\x00\x03\x01\x00\x01\x01\x01\x02\x01\x03\x00\x03\x01\x00\x00\x00\x01\x01\x00\x02\x00\x03\x00\x00\x00\x00\x01\x01\x01\x02\x01\x03\x01',
    "N5": b'\x00\x02\x00\x03\x01\x00\x01\x01\x01\x02\x00\x00\x00\x01\x01\x01\x01\x02\x01\x03\x00\x00\x00\x01\x00\x02\x01\x02\x01\x03\x00\x01\x00\x02\x00\x03\x01\x00\x01\x01\x00\x01\x01\x01\x02\x00\x02\x01\x03\x00\x00\x00\x01\x00\x02\x00\x02\x01\x03\x01\x00\x00\x01\x00\x01\x01\x02\x01\x03\x01\x00\x01\x01\x00\x01\x01\x02\x00\x03\x00',
    "P5": b'\x00\x00\x00\x01\x00\x02\x01\x00\x01\x01\x00\x00\x00\x01\x00\x02\x01\x01\x01\x02\x00\x00\x00\x01\x01\x00\x01\x01\x01\x02\x00\x01\x00\x02\x01\x00\x01\x01\x01\x02\x00\x00\x00\x01\x01\x00\x01\x01\x02\x00\x00\x00\x00\x01\x01\x00\x01\x01\x02\x01\x00\x00\x01\x00\x01\x01\x02\x00\x02\x01\x00\x01\x01\x00\x01\x01\x02\x00\x02\x01',
    "T5": b'\x00\x00\x01\x00\x01\x01\x01\x02\x02\x00\x00\x02\x01\x00\x01\x01\x01\x02\x02\x02\x00\x00\x00\x01\x00\x02\x01\x01\x02\x01\x00\x01\x01\x01\x02\x00\x02\x01\x02\x02',
    "U5": b'\x00\x00\x00\x01\x01\x01\x02\x00\x02\x01\x00\x00\x00\x01\x01\x00\x02\x00\x02\x01\x00\x00\x00\x02\x01\x00\x01\x01\x01\x02\x00\x00\x00\x01\x00\x02\x01\x00\x01\x02',
    "V5": b'\x00\x00\x00\x01\x00\x02\x01\x02\x02\x02\x00\x00\x00\x01\x00\x02\x01\x00\x02\x00\x00\x02\x01\x02\x02\x00\x02\x01\x02\x02\x00\x00\x01\x00\x02\x00\x02\x01\x02\x02',
    "W5": b'\x00\x00\x00\x01\x01\x01\x01\x02\x02\x02\x00\x01\x00\x02\x01\x00\x01\x01\x02\x00\x00\x02\x01\x01\x01\x02\x02\x00\x02\x01\x00\x00\x01\x00\x01\x01\x02\x01\x02\x02',
    "X5": b'\x00\x01\x01\x00\x01\x01\x01\x02\x02\x01',
    "Y5": b'\x00\x01\x01\x00\x01\x01\x01\x02\x01\x03\x00\x02\x01\x00\x01\x01\x01\x02\x01\x03\x00\x00\x00\x01\x00\x02\x00\x03\x01\x01\x00\x00\x00\x01\x00\x02\x00\x03\x01\x02\x00\x01\x01\x00\x01\x01\x02\x01\x03\x01\x00\x00\x01\x00\x01\x01\x02\x00\x03\x00\x00\x01\x01\x01\x02\x00\x02\x01\x03\x01\x00\x00\x01\x00\x02\x00\x02\x01\x03\x00',
    "Z5": b'\x00\x00\x01\x00\x01\x01\x01\x02\x02\x02\x00\x02\x01\x00\x01\x01\x01\x02\x02\x00\x00\x00\x00\x01\x01\x01\x02\x01\x02\x02\x00\x01\x00\x02\x01\x01\x02\x00\x02\x01',
}


def shape_cells(shape: str) -> "list[tuple[int, int]]":
    return [(int(w[0]), int(w[1])) for w in SHAPES[shape].split()]


def orientations(shape: str) -> bytes:
    """A shape's orientations (ORIENTATIONS)."""
    return ORIENTATIONS[shape]


def figure_info(key) -> tuple:
    for f in FIGURES:
        if f[0] == key:
            return f
    raise bad_args("khan.unknown_figure", str(key)[:20])


class Protections:
    """Special cards in play: who is protected and what is reserved, and by whom."""

    def __init__(self) -> None:
        self.patronage: "str | None" = None  # player whose yurts no one else may cover
        self.gods: "list[tuple[str, int]]" = []  # (player, terrain code or 0 for every region)
        self.recon: "list[tuple[str, str, bool]]" = []  # (player, figure key, whole shape?)

    def without(self, owners) -> "Protections":
        """These protections as they stand once the cards of `owners` have lapsed (a card
        lapses when its owner's next turn begins)."""
        out = Protections()
        out.patronage = None if self.patronage in owners else self.patronage
        out.gods = [g for g in self.gods if g[0] not in owners]
        out.recon = [r for r in self.recon if r[0] not in owners]
        return out


_FULL = {f[0]: f[3] for f in FIGURES}


def full_stock() -> dict:
    """Every figure beside the board: a copy of one dict built once (one block of RAM; 23
    keys set one at a time cost a Pico ~0.5 ms of each khan.play)."""
    return _FULL.copy()


def stock_after(pos: Position) -> dict:
    """The figures left beside the board when only the ones on it were taken."""
    stock = full_stock()
    for k in pos.fig_key:
        if k < len(FIGURES) and stock[FIGURES[k][0]] > 0:
            stock[FIGURES[k][0]] -= 1
    return stock


def available(stock: dict, prot: Protections, player: str, key: str) -> int:
    """How many figures of this key the player may take, after others' reservations."""
    n = stock.get(key, 0)
    for p, k, whole in prot.recon:
        if p != player and k == key:
            if whole:
                return 0
            n -= 1
    return n if n > 0 else 0


def _banks(board, cells) -> int:
    """The banks of the river a figure's land cells lie on: two land cells are on the same
    bank when land cells side by side join them without crossing the river (board.banks)."""
    bank = board.banks()
    seen = []
    for i in cells:
        b = bank[i]
        if b and b not in seen:
            seen.append(b)
    return len(seen)


def judge(pos: Position, player: str, kind: str, cells, prot: Protections, consent: bool, straight: bool = False):
    """The sharers (a list) of a placement whose shape is right, or why it is illegal:
    a tuple of message key and values (see shared_rules/messages.py). straight: the
    figure is a straight bridge, which crosses one river cell only (docs/rules-decisions.md)."""
    board = pos.board
    rivers = 0
    counts = [0] * (len(pos.players) + 3)
    for i in cells:
        if pos.fig_at[i]:
            return ("khan.cell_covered", board.name_of(i))
        if pos.ruler_at[i]:
            return ("khan.cover_ruler", board.name_of(i))
        if board.terrain[i] == RIVER:
            if kind != BRIDGE:
                return ("khan.tile_on_river", board.name_of(i))
            rivers += 1
            continue
        y = pos.yurt[i]
        if not y:
            return ("khan.no_yurt", board.name_of(i))
        counts[y] += 1
    if kind == BRIDGE:
        if not rivers:
            return ("khan.bridge_no_river",)
        if _banks(board, cells) < 2:
            return ("khan.bridge_one_bank",)
        if straight and rivers > 1:  # a bend of the river: only an L-shaped bridge crosses it
            return ("khan.bridge_straight_bend",)
    me = pos.player_byte(player)
    top = 0
    for b in range(2, len(counts)):
        if counts[b] > top:
            top = counts[b]
    if counts[me] == 0:
        return ("khan.no_own_yurt", player)
    if counts[me] < top:
        return ("khan.outnumbered", player)
    sharers = [pos.players[b - 2] for b in range(2, len(pos.players) + 2) if counts[b] == top]
    pat = prot.patronage
    if pat is not None and pat != player and pat in pos.players and counts[pos.players.index(pat) + 2]:
        if pat not in sharers:
            return ("khan.patronage", pat)
        if not consent:
            return ("khan.patronage_consent", pat)
    for gp, region in prot.gods:
        if gp == player:
            continue
        for i in cells:
            if pos.yurt[i] == BLACK and (not region or board.terrain[i] == region):
                if gp not in sharers:
                    return ("khan.gods", gp, board.name_of(i))
                if not consent:
                    return ("khan.gods_consent", gp)
    return sharers


def check(pos: Position, player: str, key: str, cells: "list[int]", stock: dict, prot: Protections,
          consent: bool) -> tuple:
    """The conquest (figure key, covered cells, sharers), or an illegal error saying why."""
    info = figure_info(key)
    if available(stock, prot, player, key) < 1:
        raise illegal("khan.reserved" if stock.get(key, 0) > 0 else "khan.no_figure_left", key)
    if not _fits(pos.board, info[2], cells):
        raise illegal("khan.wrong_shape", key)
    verdict = judge(pos, player, info[1], cells, prot, consent, info[2][0] == "I")
    if isinstance(verdict, tuple):
        raise illegal(*verdict)
    return (key, tuple(sorted(cells)), verdict)


def _fits(board, shape: str, cells: list) -> bool:
    n = shape_size(shape)
    if len(cells) != n:
        return False
    w = board.width
    mx = min(i % w for i in cells)
    my = min(i // w for i in cells)
    norm = bytearray()
    for x, y in sorted((i % w - mx, i // w - my) for i in cells):
        norm.append(x)
        norm.append(y)
    packed = orientations(shape)
    for o in range(0, len(packed), 2 * n):
        if packed[o:o + 2 * n] == norm:
            return True
    return False


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


def each_placement(pos: Position, player: str, stock: dict, prot: Protections, consent: bool, pauses: bool = False):
    """Yield every legal conquest for the player, each once, in a fixed order, pausing after
    every PAUSE_WORK placements looked at: with pauses, PAUSE is yielded there (the box's
    hints take their steps so: ui/khan_hints.py); else pause() is called (a host's rules op:
    the box's buttons take their turn there).

    A generator, so "can he conquer?" stops at the first one and a random pick needs no
    list of them all: the device has little RAM. The order: the player's yurts by cell, then
    FIGURES, then each figure's orientations and the cell of it over the yurt; a placement
    over several of his yurts is found from the first. Under MicroPython the loops run as
    viper (fast_placements), else as plain Python (plain_placements): the same conquests in
    the same order."""
    if pos.board.size <= FAST_MAX_CELLS and viper() is not None:
        return fast_placements(pos, player, stock, prot, consent, pauses)
    return plain_placements(pos, player, stock, prot, consent, pauses)


def plain_placements(pos: Position, player: str, stock: dict, prot: Protections, consent: bool,
                     pauses: bool = False):
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
                    if isinstance(verdict, list):
                        yield (key, tuple(sorted(cells)), verdict)


FAST_MAX_CELLS = 65535  # fast_placements keeps cells and the board's sides in 16 bits (boards are at
# most 26 x 26: board_text.MAX_SIDE)
FAST_OUT = 64  # entries of fast_placements' buffer for the kernel's finds, a record 2 + cells: 9 records
# of five-cell figures (at least one must fit, or the kernel can write none and the search never ends)
FAST_LOOKS = 12  # placements the kernel looks at in the time plain_placements looks at one (~0.09
# against ~1.1 us on the unix port): a scan's budget, PAUSE_WORK of them, is some 1,400 placements


def fast_placements(pos: Position, player: str, stock: dict, prot: Protections, consent: bool,
                    pauses: bool = False):
    """each_placement's loops as viper (khan/fast.py scan), MicroPython only: the kernel
    goes through the yurts, figures, orientations and anchor cells as plain_placements does
    and hands back, in the same order, only the placements that pass judge()'s tests of
    cells, rivers, banks and majority, with who would sit on them. Where a special card of
    another player is in force (Patronage, Support of the Gods), judge() then has the last
    word on each; else those sharers are judge()'s answer (it would find the same: most of
    a late board's search time was judge()). Per call ~5 bytes a cell and ~0.3 KB more: the
    buffers are this generator's own, as two searches may be under way at once (a hint's
    steps at a rules op's pause)."""
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
    area = bytearray(3 * size)  # coverable(), then the two _room()s
    fast.cover(area, pos.fig_at, board.terrain, yurt, size, RIVER)  # type: ignore[arg-type]
    fast.room(area, yurt, board.side, array("H", bytes(2 * size)), size, me)  # type: ignore[arg-type]
    bank = board.banks() if bridges else area  # (read for bridges only)
    players = pos.players
    pat = prot.patronage
    guarded = pat is not None and pat != player and pat in players
    for g in prot.gods:
        guarded = guarded or g[0] != player
    out = array("H", bytes(2 * FAST_OUT))
    st = array("H", bytes(2 * fast.ST_SIZE))
    st[fast.ST_WIDTH] = board.width
    st[fast.ST_HEIGHT] = board.height
    st[fast.ST_ME] = me
    st[fast.ST_PLANS] = len(figures)
    st[fast.ST_CAP] = FAST_OUT
    work = 0  # as in plain_placements, FAST_LOOKS placements looked at counting one; a placement
    # judged or a conquest yielded without judging counts JUDGED (what the caller does with it
    # between two pauses is then no more than before: ops.conquests names its cells)
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
        n = plans[fast.PLAN * p]
        cells = tuple(out[i + 2:i + 2 + n])
        i += 2 + n
        key, kind, shape, _ = figures[p]
        work += JUDGED
        if guarded:
            verdict = judge(pos, player, kind, cells, prot, consent, shape[0] == "I")
            if isinstance(verdict, list):
                yield (key, cells, verdict)
        else:
            yield (key, cells, [players[b] for b in range(len(players)) if bits >> b & 1])


def place(pos: Position, conquest: tuple, stock: dict) -> None:
    """Put the figure on the board: it carries one yurt of every sharer.
    A conquest is a tuple (figure key, covered cells, sharers)."""
    key, cells, sharers = conquest
    pos.add_figure(cells, FIGURE_KEYS.index(key), list(sharers))
    stock[key] -= 1


def cells_of(board, names) -> "list[int]":
    if not isinstance(names, list) or len(names) > 8:
        raise bad_args("\"cells\" must be a list of up to 8 cell names")
    cells = []
    for name in names:
        i = board.cell(name, "cells")
        if i in cells:
            raise bad_args("\"cells\" lists " + name + " twice")
        cells.append(i)
    return cells
