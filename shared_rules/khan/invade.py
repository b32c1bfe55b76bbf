"""Where a yurt may go: invasion by card symbol (action A), anywhere (D), and setup.

A terrain card: an empty cell of that region. The Khan joker: any empty cell. The river:
an empty cell with a side touching a river cell. Neighbouring territories: an empty cell
with a side on a board edge that borders them. A card may combine a terrain with
neighbouring territories ("M+border"): both must hold. Sides count, corners do not;
never on the river or off the board.
"""

from shared_rules.errors import bad_args
from shared_rules.khan.position import Position
from shared_rules.khan.tables import ANYWHERE, BORDER, JOKER, OFF, RIVER, RIVER_SYMBOL, TERRAIN_NAMES, TERRAINS

SETUP = "setup"  # setup placement: a region that holds no yurt yet


def parse_symbol(text) -> tuple:
    """A symbol as a tuple (terrain code or 0, needs border, needs river, setup rule)."""
    if text in (JOKER, ANYWHERE):
        return (0, False, False, False)
    if text == SETUP:
        return (0, False, False, True)
    if text == RIVER_SYMBOL:
        return (0, False, True, False)
    if text == BORDER:
        return (0, True, False, False)
    if isinstance(text, str):
        if len(text) == 1 and text in TERRAINS:
            return (TERRAINS.index(text) + 1, False, False, False)
        if len(text) == 8 and text[1:] == "+" + BORDER and text[0] in TERRAINS:
            return (TERRAINS.index(text[0]) + 1, True, False, False)
    raise bad_args("khan.unknown_symbol", text[:20] if isinstance(text, str) else "?")


def _regions_with_yurts(pos: Position) -> bytearray:
    taken = bytearray(8)
    terrain = pos.board.terrain
    for i in range(pos.board.size):
        if pos.yurt[i]:
            taken[terrain[i]] = 1
    return taken


def allowed(pos: Position, i: int, sym: tuple, taken=None) -> bool:
    """May a yurt go on cell i by this symbol?"""
    if not pos.empty(i):
        return False
    board = pos.board
    terrain, border, river, setup = sym
    if terrain and board.terrain[i] != terrain:
        return False
    if border and not board.border[i]:
        return False
    if river and not board.touches_river[i]:
        return False
    if setup:
        if taken is None:
            taken = _regions_with_yurts(pos)
        if taken[board.terrain[i]]:
            return False
    return True


def each(pos: Position, sym: tuple):
    """Yield every cell where a yurt may go by this symbol, in cell order (a generator:
    the device never needs the whole list at once): allowed(), inlined - two calls for
    each cell cost a Pico ~10 ms a request."""
    board = pos.board
    want, border, river, setup = sym
    taken = _regions_with_yurts(pos) if setup else None
    terrain = board.terrain
    edges = board.border
    touches = board.touches_river
    yurt = pos.yurt
    ruler_at = pos.ruler_at
    fig_at = pos.fig_at
    for i in range(board.size):
        t = terrain[i]
        if t == OFF or t == RIVER or yurt[i] or ruler_at[i] or fig_at[i]:
            continue  # (not empty land)
        if (want and t != want) or (border and not edges[i]) or (river and not touches[i]):
            continue
        if taken is not None and taken[t]:
            continue
        yield i


def cells(pos: Position, sym: tuple) -> "list[int]":
    return list(each(pos, sym))


def count(pos: Position, sym: tuple) -> int:
    n = 0
    for _ in each(pos, sym):
        n += 1
    return n


def nth(pos: Position, sym: tuple, k: int) -> int:
    """The k-th cell (from 0) that each() yields."""
    for i in each(pos, sym):
        if not k:
            return i
        k -= 1
    raise IndexError(k)


def why_not(pos: Position, i: int, sym: tuple) -> tuple:
    """Why a yurt may not go on cell i: a message key and its values (empty if it may)."""
    board = pos.board
    terrain, border, river, setup = sym
    name = board.name_of(i)
    if not board.is_land(i):
        return ("khan.yurt_on_river", name)
    if pos.ruler_at[i]:
        return ("khan.cell_has_ruler", name)
    if pos.fig_at[i]:
        return ("khan.cell_covered", name)
    if pos.yurt[i]:
        return ("khan.cell_has_yurt", name)
    if terrain and board.terrain[i] != terrain:
        return ("khan.wrong_terrain", name, TERRAIN_NAMES[terrain - 1])
    if border and not board.border[i]:
        return ("khan.not_border", name)
    if river and not board.touches_river[i]:
        return ("khan.not_river_side", name)
    if setup and _regions_with_yurts(pos)[board.terrain[i]]:
        return ("khan.region_taken", name)
    return ()
