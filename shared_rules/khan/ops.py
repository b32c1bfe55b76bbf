"""Khan ops for the op table: JSON arguments in, JSON results out (docs/ops.md).

Each op imports the rules modules it needs (an import of a module already loaded costs a
Pico ~0.1 ms): the device's first request of a game then loads only its op's share of the
~240 ms of importing all of Khan's rules - khan.flee never loads the game, the board
editor's text reader or the scoring. The scoring's and a whole game's ops are in
khan/ops_game.py, imported by their first request only (NEEDS): one import of the whole
table cost a Pico ~31 ms, a press waiting for it.
"""

from shared_rules import args as A
from shared_rules.errors import ILLEGAL, RulesError, bad_args, describe
from shared_rules.pause import pause
from shared_rules.ops import module
from shared_rules.khan import board as board_mod
from shared_rules.khan.tables import (BONUS, CARD_COUNT, DIRECTIONS, FIGURES, RULERS, SETUP_YURTS, SHAPES,
                                      SPECIAL_TOTALS, SPECIALS_PER_PLAYER, SUPPLY_YURTS, COURT_YURTS, SYMBOLS,
                                      TERRAIN_NAMES, TERRAINS, HAND_SIZE, card_json, figure_vp)


U64 = 0xFFFFFFFFFFFFFFFF  # a seed's bound (khan/ops_game.py's too)


def board_of(args: dict):
    """The op's board (khan/ops_game.py's too): "board", its text or "default"."""
    return board_mod.load(A.get(args, "board", "default", False))


def _pieces(args: dict, board):
    """The op's pieces: packed (what steppe sends: khan/packed.py), or the JSON object -
    khan/load.py, imported for that only (~6.8 KB: a Pico's ~40 ms on an op's first request)."""
    from shared_rules.khan import packed

    data = A.get(args, "pieces")
    pause()  # (the board read: the pieces are the next ~10-20 ms of a Pico, the op's own work after)
    if packed.is_packed(data):
        pos = packed.unpack(board, data)
    else:
        from shared_rules.khan import load

        pos = load.pieces(board, data)
    pause()
    return pos


def _pieces_out(args: dict, pos):
    """pos's pieces in the form the op was given its own: the object, or packed."""
    from shared_rules.khan import packed

    if packed.is_packed(args.get("pieces")):
        return packed.pack(pos)
    from shared_rules.khan import state

    return state.pieces_json(pos)


def board(args: dict) -> dict:
    """Parse and check a board; its size, counts, edges and ruler start cells (a pause after
    the board is read, and after its counts: each ~10 ms a Pico)."""
    from shared_rules.khan import board_text

    b = board_of(args)
    pause()
    border = board_text.border(b)
    counts = board_text.counts(b)
    river = counts.pop("~")
    starts = {}
    for r in b.starts:
        starts[RULERS[r]] = b.name_of(b.starts[r])
    pause()
    return {"width": b.width, "height": b.height, "name": b.name, "regions": counts, "river": river,
            "land": sum(counts[t] for t in counts), "border_cells": border, "rulers": starts, "text": board_text.text(b)}


def tables(args: dict) -> dict:
    """The data tables: rulers, directions, symbols, the 72 cards, figures, special cards
    (a pause after every 12 cards: ~1-2 ms of a Pico a card)."""
    deck = []
    for c in range(CARD_COUNT):
        deck.append(card_json(c))
        if c % 12 == 11:
            pause()
    return {
        "rulers": list(RULERS), "directions": list(DIRECTIONS), "symbols": list(SYMBOLS),
        "terrains": {TERRAINS[k]: TERRAIN_NAMES[k] for k in range(len(TERRAINS))}, "deck": deck,
        "figures": [{"key": f[0], "kind": f[1], "shape": SHAPES[f[2]], "count": f[3], "vp": figure_vp(f[0])}
                    for f in FIGURES],
        "specials": dict(SPECIAL_TOTALS), "bonus": list(BONUS), "hand": HAND_SIZE,
    }


def setup(args: dict) -> dict:
    """What each player takes at setup for a player count."""
    n = A.integer(args, "players", 2, 4)
    return {"yurts_each": SETUP_YURTS[n], "specials_each": dict(SPECIALS_PER_PLAYER[n]), "hand": HAND_SIZE,
            "court_yurts": COURT_YURTS, "supply_yurts": SUPPLY_YURTS}


def flee(args: dict) -> dict:
    """Where the ruler flees; the pieces afterwards."""
    from shared_rules.khan import flee as flee_mod
    from shared_rules.khan.position import ruler_index

    b = board_of(args)
    pos = _pieces(args, b)
    r = ruler_index(A.get(args, "ruler"), "ruler")
    d = DIRECTIONS.index(A.choice(args, "direction", DIRECTIONS))
    source = A.choice(args, "source", (flee_mod.COURT, flee_mod.SUPPLY))
    out = flee_mod.flight_json(b, flee_mod.flee(pos, r, d, source))
    out["pieces"] = _pieces_out(args, pos)
    return out


def flip(args: dict) -> dict:
    """Step 1's flip: cards of rulers at home are skipped; an empty pile is refilled from
    the discards, shuffled by PCG32(seed, stream)."""
    from shared_rules.khan.deck import Deck
    from shared_rules.khan.position import ruler_index
    from shared_rules.rng import PCG32

    rng = PCG32(A.integer(args, "seed", 0, U64), A.integer(args, "stream", 0, U64, 0))
    seen = bytearray(CARD_COUNT)
    piles = []
    for name in ("draw", "discard"):
        pile = []
        for c in A.array(args, name, max_len=CARD_COUNT):
            if type(c) is not int or c < 0 or c >= CARD_COUNT or seen[c]:
                raise bad_args("\"" + name + "\" must hold distinct card ids 0.." + str(CARD_COUNT - 1))
            seen[c] = 1
            pile.append(c)
        piles.append(pile)
    home = bytearray(len(RULERS))
    for rid in A.array(args, "home", [], max_len=len(RULERS)):
        home[ruler_index(rid, "home")] = 1
    deck = Deck(piles[0], piles[1])
    card, skipped = deck.flip(rng, home)
    return {"card": card_json(card), "skipped": [card_json(c) for c in skipped], "draw": deck.draw,
            "discard": deck.discard}


def invasions(args: dict) -> dict:
    """Cells where a yurt may go by a symbol; with "cell", whether that one may."""
    from shared_rules.khan import invade

    b = board_of(args)
    pos = _pieces(args, b)
    sym = invade.parse_symbol(A.get(args, "symbol"))
    out: dict = {"cells": [b.name_of(i) for i in invade.cells(pos, sym)]}
    if "cell" in args:
        pause()  # (the cells counted over the board: one cell's reasons after)
        reason = invade.why_not(pos, b.cell(args["cell"], "cell"), sym)
        out["legal"] = not reason
        out["reason"] = describe(*reason) if reason else None
    return out


def _conquest_args(args: dict, b, pos):
    from shared_rules.khan import conquer
    from shared_rules.khan.position import check_player_id
    from shared_rules.khan.protections import protections

    player = check_player_id(A.get(args, "player"), "player")
    prot = protections(args.get("protections"))
    stock = conquer.stock_after(pos)
    if "stock" in args:
        given = A.obj(args, "stock")
        for key in sorted(given):
            n = given[key]
            info = conquer.figure_info(key)
            if type(n) is not int or n < 0 or n > info[3]:
                raise bad_args("stock." + key + " must be an integer 0.." + str(info[3]))
            stock[key] = n
    return player, prot, stock, A.flag(args, "consent")


def conquer_op(args: dict) -> dict:
    """May the player put this figure on these cells? Who shares it; the pieces after."""
    from shared_rules.khan import conquer

    b = board_of(args)
    pos = _pieces(args, b)
    player, prot, stock, consent = _conquest_args(args, b, pos)
    key = conquer.figure_info(A.get(args, "figure"))[0]
    try:
        verdict = conquer.check(pos, player, key, conquer.cells_of(b, A.get(args, "cells")), stock, prot, consent)
    except RulesError as e:
        if e.code != ILLEGAL:
            raise
        return {"legal": False, "reason": e.message, "sharers": [], "pieces": None}
    pause()  # (the verdict: the figure placed and the pieces written after)
    conquer.place(pos, verdict, stock)
    return {"legal": True, "reason": None, "sharers": verdict[2], "pieces": _pieces_out(args, pos)}


def conquests(args: dict) -> dict:
    """Every legal conquest of a player (the first "limit" listed) and how many there are.
    (The search pauses now and then: search.each_placement.)"""
    from shared_rules.khan import search

    b = board_of(args)
    pos = _pieces(args, b)
    player, prot, stock, consent = _conquest_args(args, b, pos)
    pause()  # (the stock counted over the figures: the search after)
    limit = A.integer(args, "limit", 0, 1000, 50)
    listed = []
    count = 0
    for c in search.each_placement(pos, player, stock, prot, consent):
        count += 1
        if len(listed) < limit:
            listed.append({"figure": c[0], "cells": [b.name_of(i) for i in c[1]], "sharers": c[2]})
    return {"count": count, "placements": listed}


def _game_ops():
    """khan/ops_game.py: the scoring's and a whole game's ops, imported at their first call."""
    return module("shared_rules.khan.ops_game")


def score_op(args: dict) -> dict:
    """End scoring of the figures on a board (khan/ops_game.py)."""
    return _game_ops().score_op(args)


def bonus(args: dict) -> dict:
    """The 10/6/3 territory bonus (khan/ops_game.py)."""
    return _game_ops().bonus(args)


def new(args: dict) -> dict:
    """A new game (khan/ops_game.py)."""
    return _game_ops().new(args)


def play(args: dict) -> dict:
    """Actions applied to a saved game (khan/ops_game.py)."""
    return _game_ops().play(args)


def playout(args: dict) -> dict:
    """A game played out (khan/ops_game.py)."""
    return _game_ops().playout(args)


OPS = {
    "board": board, "tables": tables, "setup": setup, "flee": flee, "flip": flip, "invasions": invasions,
    "conquer": conquer_op, "conquests": conquests, "score": score_op, "bonus": bonus, "new": new, "play": play,
    "playout": playout,
}

# the rules modules each op needs on its way to an answer as steppe sends it (besides those this
# module imports: firmware/rulesop.py FIRST), leaves first, without "shared_rules.": a device's
# first request of an op imports them one at a time, a pause after each (rulesop.load_rules;
# tests/test_op_imports.py checks the list). A case off that way - an error, its sentence (the
# game's messages), pieces or a state given as JSON (steppe packs them: khan/load.py, khan/state.py)
# - imports what it needs more there and then. One string, not a dict of tuples: ~0.3 KB of a
# Pico's heap, not ~2 KB, while the game's rules are loaded. READY: the ops whose modules are
# loaded (link.ready)
NEEDS = (";board khan.board_text"
         ";bonus khan.score khan.position khan.ops_game"
         ";conquer khan.position khan.conquer khan.packed khan.protections"
         ";conquests khan.position khan.fast khan.conquer khan.search khan.packed khan.protections"
         ";flee khan.position khan.flee khan.packed"
         ";flip khan.position fast_rng rng khan.deck"
         ";invasions khan.position khan.invade khan.packed"
         ";new khan.position khan.conquer khan.flee khan.invade fast_rng rng khan.deck khan.game_turns khan.game khan.state khan.ops_game"
         ";play khan.position khan.conquer khan.flee khan.invade fast_rng rng khan.deck khan.game_turns khan.game khan.fast_pieces khan.packed khan.actions khan.packed_state khan.ops_game"
         ";playout khan.position khan.fast khan.conquer khan.search khan.flee khan.invade fast_rng rng khan.deck khan.game_turns khan.game khan.state khan.actions khan.randplay khan.score khan.ops_game"
         ";score khan.position khan.packed khan.load khan.score khan.ops_game;")
READY = {}
