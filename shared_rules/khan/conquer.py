"""Conquest (action C): may this player put this tile or bridge on these cells?

Tiles cover land cells that each hold a yurt (any owner). Bridges must cross the river:
every land cell they cover holds a yurt, and the river cells they cover split those land
cells into at least two groups, one on each bank. Never over a ruler or another figure.
The conqueror needs at least one own yurt under the figure and nobody may have more
(black yurts never count); everyone tied for the most sits on the figure together.
Special cards in play restrict other players: Patronage protects a player's yurts,
Support of the Gods protects black yurts (4 players: in one region), and Land
Reconnaissance reserves figures (2-3 players: the whole shape; 4 players: one figure).

Every legal conquest of a player - the search - is khan/search.py: a conquest's own check
(khan.conquer, a game's action C) loads none of it.
"""

from shared_rules.errors import bad_args, illegal
from shared_rules.khan.position import BLACK, Position
from shared_rules.khan.tables import BRIDGE, FIGURE_KEYS, FIGURES, RIVER, SHAPES, shape_size

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
    return cards(pos, player, cells, [pos.players[b - 2] for b in range(2, len(pos.players) + 2) if counts[b] == top],
                 prot, consent)


def cards(pos: Position, player: str, cells, sharers: list, prot: Protections, consent: bool):
    """judge()'s last word, the special cards': sharers, the players who would sit on a
    placement otherwise legal, or why another's Patronage or Support of the Gods forbids it
    (a tuple, as judge's). The viper search (search.fast_placements) has the sharers of what
    it finds, and asks only this where such a card is in force."""
    board = pos.board
    pat = prot.patronage
    if pat is not None and pat != player and pat in pos.players:
        mine = pos.players.index(pat) + 2  # (the patron's yurt byte: a yurt of his among the cells?)
        for i in cells:
            if pos.yurt[i] == mine:
                if pat not in sharers:
                    return ("khan.patronage", pat)
                if not consent:
                    return ("khan.patronage_consent", pat)
                break
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
