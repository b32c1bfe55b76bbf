"""The board: 31 areas in columns of 4-5-4-5-4-5-4, their names, neighbours, corners, the deal.

Areas are numbered column by column from the left, top to bottom. A short column sits half
an area lower than its long neighbours, so in half-area units an area of column c, row r
has its centre at 2r + (longest - length of c); two areas of neighbouring columns touch
when their centres are one half-area apart, two areas of one column when they follow
each other.
"""

from shared_rules.khaan.dice import TOP30, below30
from shared_rules.khaan.tables import COLUMNS, CORNERS, FERTILITY, SETTLED

SETTLED_TILE = -1  # in a dealt board: a settled land instead of a pasture's fertility


# the areas' names, column by column (a letter each) from the top (tests/rules/test_khaan_board.py
# holds them to COLUMNS): written out, not made at import - each name made was a new string
# looked up among every interned name (py/qstr.c), ~14 ms of a Pico once every game's rules
# were loaded
NAMES = ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "B5", "C1", "C2", "C3", "C4",
         "D1", "D2", "D3", "D4", "D5", "E1", "E2", "E3", "E4", "F1", "F2", "F3", "F4", "F5",
         "G1", "G2", "G3", "G4")


def _layout() -> tuple:
    """(neighbours as bytes per area, neighbour names per area, corners as bytes): the rule
    above, area by area - in its own column the areas above and below it, in a column beside
    it the two whose centres could lie one half-area from its own. (A test of every pair of
    areas, 961, cost a Pico ~25 ms at import.)"""
    first = []  # each column's first area
    n = 0
    for c in range(len(COLUMNS)):
        first.append(n)
        n += COLUMNS[c]
    longest = max(COLUMNS)
    near = []
    by_name = []
    for c in range(len(COLUMNS)):
        for r in range(COLUMNS[c]):
            y = 2 * r + longest - COLUMNS[c]  # its centre
            mine = []
            for d in (c - 1, c, c + 1):  # (so its neighbours come in the order of their numbers)
                if d < 0 or d == len(COLUMNS):
                    continue
                top = longest - COLUMNS[d]  # the centre of the column's first area
                for s in (r - 1, r + 1) if d == c else ((y - 1 - top) // 2, (y + 1 - top) // 2):
                    if 0 <= s < COLUMNS[d] and (d == c or 2 * s + top - y in (1, -1)):
                        mine.append(first[d] + s)
            near.append(bytes(mine))
            by_name.append(tuple(NAMES[j] for j in mine))
    return tuple(near), tuple(by_name), bytes(NAMES.index(n) for n in CORNERS)


# Built once at import (about 1.5 KB): the layout never changes during a game. The ops
# return these tuples as they are (immutable, so sharing them is safe).
NEIGHBOURS, NEIGHBOUR_NAMES, CORNER_AREAS = _layout()
CORNER_NAMES = tuple(NAMES[i] for i in CORNER_AREAS)
SIZE = len(NAMES)
# the face-down areas to deal: each pasture's fertility, then the settled lands
TILES = tuple(int(ch) for ch in FERTILITY) + (SETTLED_TILE,) * SETTLED


def deal(rng, tiles_) -> "tuple[list, list[str]]":
    """The tiles shuffled onto the areas: (fertility by area, None for a settled land; the
    settled lands' names). Fisher-Yates from the end, as in rng.shuffle, but swaps share
    draws as dice do (dice.py): the bounds i, i-1, ... are multiplied while the product
    stays a 30-bit small int, and the mixed-radix digits of one draw below it pick the
    swaps (31 areas: 4 draws, not 30)."""
    items = list(tiles_)
    i = len(items)
    while i > 1:
        product = i
        k = i - 1
        while k > 1 and product <= TOP30 // k:
            product *= k
            k -= 1
        r = below30(rng, product)
        while i > k:
            j = r % i
            r //= i
            i -= 1
            items[j], items[i] = items[i], items[j]
    settled = []
    at = -1
    for _ in range(items.count(SETTLED_TILE)):  # list.index searches in C
        at = items.index(SETTLED_TILE, at + 1)
        items[at] = None
        settled.append(NAMES[at])
    return items, settled
