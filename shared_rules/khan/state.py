"""Khan state as JSON: the pieces and the whole game, as the device saves them after
every change and the ops return them. Reading JSON back, with every field checked, is
khan/load.py (the device loads it only when a game comes back from a file or the host).

pieces: {"rulers": {id: cell}, "home": [ids], "yurts": {cell: player or "neutral"},
         "figures": [[cells] or {"cells", "shape", "owners"}], "courts": {id: n}, "supply": n}
"""

from shared_rules import cjson
from shared_rules.khan.conquer import Protections
from shared_rules.khan.game import STATE_VERSION, VIRTUAL, KhanGame
from shared_rules.khan.position import NO_KEY, Position
from shared_rules.khan.tables import FIGURES, RULERS, TERRAINS
from shared_rules.pause import pause


def pieces_json(pos: Position) -> dict:
    """(A late game's names a cell ~150 times, a new string each: ~15-30 ms of a Pico. A host's
    khan.playout answers with them: a pause every 64 cells of the walk for yurts, after it,
    and every 16 figures lets the box's buttons take their turn - shared_rules/pause.py.)"""
    b = pos.board
    rulers = {}
    home = []
    courts = {}
    for r in range(len(RULERS)):
        if pos.ruler_cell[r] >= 0:
            rulers[RULERS[r]] = b.name_of(pos.ruler_cell[r])
        if pos.home[r]:
            home.append(RULERS[r])
        courts[RULERS[r]] = pos.courts[r]
    yurts = {}
    for i in range(b.size):
        if pos.yurt[i]:
            yurts[b.name_of(i)] = pos.owner_name(pos.yurt[i])
        if i & 63 == 63:
            pause()
    pause()
    figures = []
    for f in range(len(pos.fig_cells)):
        if f & 15 == 15:
            pause()
        cells = [b.name_of(i) for i in pos.fig_cells[f]]
        if pos.fig_plain[f]:
            figures.append(cells)
        else:
            key = pos.fig_key[f]
            figures.append({"cells": cells, "shape": FIGURES[key][0] if key != NO_KEY else None,
                            "owners": pos.owners(f)})
    return {"rulers": rulers, "home": home, "yurts": yurts, "figures": figures, "courts": courts,
            "supply": pos.supply}


def protections_json(prot: Protections) -> dict:
    return {
        "patronage": prot.patronage,
        "gods": [{"player": p, "region": TERRAINS[t - 1] if t else None} for p, t in prot.gods],
        "recon": [{"player": p, "figure": k, "all": a} for p, k, a in prot.recon],
    }


def game_json(g: KhanGame, pieces=None) -> dict:
    """The whole game, as the device saves it after every change. pieces: its pieces in
    another form (packed: khan/packed.py) instead of the pieces object."""
    out = {
        "game": "khan", "version": STATE_VERSION, "board": g.board_ref, "players": list(g.players),
        "mode": g.mode, "phase": g.phase, "step": g.step, "current": g.current, "turn": g.turn,
        "actions": g.actions, "done": g.done, "extra": g.extra, "expel_blocked": g.expel_blocked, "final_next": g.final_next,
        "setup_left": g.setup_left, "pieces": pieces_json(g.pos) if pieces is None else pieces, "stock": dict(g.stock),
        "protections": protections_json(g.prot), "last_used": dict(g.last_used), "specials": {},
        "rng": g.rng.getstate(), "deck": None,
    }
    for p in g.players:
        out["specials"][p] = dict(g.specials[p])
    if g.mode == VIRTUAL:
        hands = {}
        for k in range(len(g.players)):
            hands[g.players[k]] = list(g.hands[k])
        out["deck"] = {"draw": list(g.deck.draw), "discard": list(g.deck.discard), "hands": hands}
    return out


# -- streaming: the same text, written as it is made ---------------------------------------
# A late-game state as dicts takes ~20 KB of the device's RAM, its text 4 KB; the device
# saves after every change, so it writes the text piece by piece instead. The output is
# exactly cjson.dumps(game_json(g)) (a test checks it), keys in sorted order by hand.

def _cells_in_name_order(board):
    """Cell indexes in the order of their names as strings (A1 A10 A11 A2 ... B1 ...)."""
    rows = sorted(range(board.height), key=lambda y: str(y + 1))
    for x in range(board.width):
        for y in rows:
            yield y * board.width + x


def pieces_chunks(pos: Position):
    """pieces_json(pos), canonical, a piece of text at a time (a generator)."""
    b = pos.board
    dumps = cjson.dumps
    yield '{"courts":{'
    first = True
    for r in sorted(range(len(RULERS)), key=lambda k: RULERS[k]):
        yield ("" if first else ",") + '"' + RULERS[r] + '":' + str(pos.courts[r])
        first = False
    yield '},"figures":['
    for f in range(len(pos.fig_cells)):
        cells = [b.name_of(i) for i in pos.fig_cells[f]]
        if pos.fig_plain[f]:
            text = dumps(cells)
        else:
            key = pos.fig_key[f]
            text = dumps({"cells": cells, "shape": FIGURES[key][0] if key != NO_KEY else None, "owners": pos.owners(f)})
        yield ("," + text) if f else text
    yield '],"home":' + dumps([RULERS[r] for r in range(len(RULERS)) if pos.home[r]]) + ',"rulers":{'
    first = True
    for r in sorted(range(len(RULERS)), key=lambda k: RULERS[k]):
        if pos.ruler_cell[r] >= 0:
            yield ("" if first else ",") + '"' + RULERS[r] + '":"' + b.name_of(pos.ruler_cell[r]) + '"'
            first = False
    yield '},"supply":' + str(pos.supply) + ',"yurts":{'
    first = True
    for i in _cells_in_name_order(b):
        if pos.yurt[i]:
            yield ("" if first else ",") + '"' + b.name_of(i) + '":' + dumps(pos.owner_name(pos.yurt[i]))
            first = False
    yield "}}"


def game_chunks(g: KhanGame):
    """game_json(g), canonical, a piece of text at a time (a generator): the device writes a
    snapshot between presses, a piece now and then, so no press waits for it."""
    deck = None
    if g.mode == VIRTUAL:
        hands = {}
        for k in range(len(g.players)):
            hands[g.players[k]] = g.hands[k]
        deck = {"draw": g.deck.draw, "discard": g.deck.discard, "hands": hands}
    specials = {}
    for p in g.players:
        specials[p] = g.specials[p]
    members = (
        ("actions", g.actions), ("board", g.board_ref), ("current", g.current), ("deck", deck),
        ("done", g.done), ("expel_blocked", g.expel_blocked), ("extra", g.extra), ("final_next", g.final_next), ("game", "khan"),
        ("last_used", g.last_used), ("mode", g.mode), ("phase", g.phase), ("pieces", None),
        ("players", g.players), ("protections", protections_json(g.prot)), ("rng", g.rng.getstate()),
        ("setup_left", g.setup_left), ("specials", specials), ("step", g.step), ("stock", g.stock),
        ("turn", g.turn), ("version", STATE_VERSION),
    )
    for k in range(len(members)):
        key, value = members[k]
        yield ("," if k else "{") + '"' + key + '":'
        if key == "pieces":
            yield from pieces_chunks(g.pos)
        else:  # (small: one piece - at C speed where it can - not a generator a number)
            text = cjson.fast_text(value) if isinstance(value, (dict, list)) else None
            yield text if text is not None else cjson.dumps(value)
    yield "}"


def write_pieces(pos: Position, out) -> None:
    """pieces_json(pos), canonical, through out.append."""
    for text in pieces_chunks(pos):
        out.append(text)


def write_game(g: KhanGame, out) -> None:
    """game_json(g), canonical, through out.append (cjson.dump's sink, or a list)."""
    for text in game_chunks(g):
        out.append(text)


def game(data) -> KhanGame:
    """A whole game from its JSON, every field checked (khan/load.py, loaded only for this)."""
    from shared_rules.khan import load

    return load.game(data)
