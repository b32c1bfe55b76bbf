"""A board checked against the rulebook's: cells per terrain, joined regions, playable cards.

check(board) counts the cells of each terrain and of the river against the rulebook's board
(tables.BOARD_CELLS: 132 land cells in six regions of 22/20/22/21/22/25, 22 river cells),
says how many joined pieces each terrain and the river make, and which cards of the deck
(tables.DECK_SYMBOLS) can never be played on the board: their invasion symbol has no cell at all
on it, even with the board empty. findings(result) says each thing that differs as one
sentence (`steppe board check`, the box's board.put, the browser's editor).

A region is the cells of one terrain joined side by side (N, E, S, W: the rules' "touching"
everywhere; corners do not join). The river joins nothing: a terrain on both of its banks
is two pieces, and the rulebook's six regions are one joined area each. The river is
counted the same way.

board: a Board (khan/board.py), or anything with width, height, terrain (a code per cell:
0 no cell, 1-6 the terrains, 7 the river) and border (nonzero: the cell has a side on
neighbouring territories). Small and allocation-light: the box runs it when a board is
saved and while its editor shows the counts.
"""

from shared_rules.khan.tables import (BOARD_CELLS, CARD_COUNT, DIRECTIONS, RIVER, RULERS, SYMBOLS, TERRAIN_NAMES,
                                      TERRAINS, card_direction, card_ruler, card_symbol)

KINDS = TERRAINS + "~"  # the result's keys, in terrain-code order (code = index + 1)


def check(board) -> dict:
    """{"cells": {kind: count}, "rulebook": {kind: count}, "pieces": {kind: joined pieces},
    "dead": [card ids that can never be played], "symbols": [their symbols], "ok": bool}; a
    kind is a terrain letter M G T R S F or "~" for the river; ok: the counts are the
    rulebook's, every kind is one piece and every card can be played."""
    w = board.width
    size = w * board.height
    terrain = board.terrain
    border = board.border
    count = [0] * 8  # by terrain code
    pieces = [0] * 8
    edge = bytearray(8)  # a cell of this terrain borders neighbouring territories
    by_river = 0  # a land cell has a side on the river
    seen = bytearray(size)
    stack = []
    for i in range(size):
        t = terrain[i]
        if not t:
            continue
        count[t] += 1
        if t != RIVER:
            if border[i]:
                edge[t] = 1
            if not by_river:
                x = i % w
                by_river = ((i >= w and terrain[i - w] == RIVER) or (i + w < size and terrain[i + w] == RIVER)
                            or (x and terrain[i - 1] == RIVER) or (x + 1 < w and terrain[i + 1] == RIVER))
        if seen[i]:
            continue
        pieces[t] += 1  # a new piece: every cell joined to it is marked
        seen[i] = 1
        stack.append(i)
        while stack:
            j = stack.pop()
            x = j % w
            for k in (j - w, j + w, j - 1 if x else -1, j + 1 if x + 1 < w else -1):
                if 0 <= k < size and not seen[k] and terrain[k] == t:
                    seen[k] = 1
                    stack.append(k)
    land = 0
    for t in range(1, RIVER):
        land += count[t]
    dead = []
    symbols = []
    for c in range(CARD_COUNT):
        s = card_symbol(c)
        if not _possible(s, count, edge, land, by_river):
            dead.append(c)
            if s not in symbols:
                symbols.append(s)
    cells = {}
    rulebook = {}
    joined = {}
    ok = not dead
    for t in range(1, RIVER + 1):
        k = KINDS[t - 1]
        cells[k] = count[t]
        rulebook[k] = BOARD_CELLS[t - 1]
        joined[k] = pieces[t]
        ok = ok and count[t] == BOARD_CELLS[t - 1] and pieces[t] == 1
    return {"cells": cells, "rulebook": rulebook, "pieces": joined, "dead": dead, "symbols": symbols, "ok": ok}


def _possible(symbol: str, count: list, edge: bytearray, land: int, by_river) -> bool:
    """Whether any cell of an empty board takes a yurt by this card symbol (invade.py's
    rules: a terrain, the joker, the river's side, neighbouring territories, or both)."""
    k = SYMBOLS.index(symbol)
    if k < 6:
        return count[k + 1] > 0
    if symbol == "khan":
        return land > 0
    if symbol == "river":
        return bool(by_river)
    if symbol == "border":
        return any(edge)
    return edge[TERRAINS.index(symbol[0]) + 1] == 1  # a terrain with neighbouring territories


def _kind_name(k: str) -> str:
    return "the river" if k == "~" else TERRAIN_NAMES[TERRAINS.index(k)]


def _no_cell(symbol: str) -> str:
    """What a board lacks for a symbol: "no sand desert cell borders neighbouring territories"."""
    if symbol == "khan":
        return "no land cell"
    if symbol == "river":
        return "no land cell touches the river"
    name = "land" if symbol == "border" else TERRAIN_NAMES[TERRAINS.index(symbol[0])]
    return "no " + name + " cell" + (" borders neighbouring territories" if "border" in symbol else "")


def card_name(c: int) -> str:
    """A card as the players see it: its ruler and its direction, "purple S"."""
    return RULERS[card_ruler(c)] + " " + DIRECTIONS[card_direction(c)]


def findings(result: dict) -> "list[str]":
    """Each thing check() found that is not the rulebook's board, one sentence each: the
    counts, the regions in pieces, then each symbol with no cell and its cards."""
    out = []
    cells = result["cells"]
    for k in KINDS:
        if cells[k] != result["rulebook"][k]:
            out.append(_kind_name(k) + ": " + str(cells[k]) + " cells, the rulebook's board has "
                       + str(result["rulebook"][k]))
    for k in KINDS:
        n = result["pieces"][k]
        if n > 1:
            out.append(_kind_name(k) + " is in " + str(n) + " pieces: the rulebook's "
                       + ("river is one" if k == "~" else "regions are one joined area each"))
    for s in result["symbols"]:
        cards = [card_name(c) for c in result["dead"] if card_symbol(c) == s]
        out.append(_no_cell(s) + ": " + ", ".join(cards) + " (" + s + ") can never be played")
    return out
