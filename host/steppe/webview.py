"""What `steppe web`'s page shows, derived here from the rules core: a game's view (Khan's
board and pieces, the courts, the deck, whose turn, the specials in force and the scores as
they stand; the other games' tracks, dice and counts), the story's lines, and the board
editor's grid turned into board text and checked. The page draws what it is given: no
board model or palette of its own (the colours are leds.screen_colours(): the firmware's
palette), so it cannot drift from the box.
"""

from shared_rules import cjson
from shared_rules.errors import RulesError
from shared_rules.games import module, players

TITLES = {"khan": "Khan", "chuhan": "Chu and Han", "huns": "Huns", "khaan": "Rise of the Khaan"}


# -- Khan's board ------------------------------------------------------------------------------
_boards: "dict[str, dict]" = {}


def board_json(board) -> dict:
    """A board as the page draws it: each cell's name, terrain letter ("~" river, "" no
    cell), the sides where a region of another terrain begins (wall) and those that border
    neighbouring territories (edge), bits N E S W = 1 2 4 8; the rulers' start cells."""
    from shared_rules.khan.board import CELL_CHARS
    from shared_rules.khan.tables import OFF, RULERS

    cells = []
    for i in range(board.size):
        t = board.terrain[i]
        wall = 0
        if t != OFF:
            for k in range(4):
                j = board.side[4 * i + k]
                if j < 0 or board.terrain[j] != t:
                    wall |= 1 << k
        cells.append({"n": board.name_of(i), "t": CELL_CHARS[t - 1] if t != OFF else "", "wall": wall,
                      "edge": board.border[i]})
    return {"width": board.width, "height": board.height, "name": board.name, "cells": cells,
            "starts": {RULERS[r]: board.name_of(i) for r, i in sorted(board.starts.items())}}


def _board_of(ref: str, board) -> dict:
    key = ref if len(ref) < 64 else str(hash(ref))
    if key not in _boards:
        if len(_boards) > 8:
            _boards.clear()
        _boards[key] = board_json(board)
    return _boards[key]


# -- a game's view -------------------------------------------------------------------------------
def view(name: str, state: dict, settings=None) -> dict:
    """The page's view of a game in play: {"game", "title", "turn": a line, "scores":
    [{"player", "total", "place", "parts"}], "facts": [[label, text]], and the game's
    own: Khan's "board" and "pieces", "courts"; "tracks" (Chu and Han); "dice" (Huns, Rise
    of the Khaan)}. A state the rules core refuses gives {"error"}."""
    try:
        game = module(name, "state").game(state)
    except RulesError as e:
        return {"game": name, "title": TITLES.get(name, name), "error": "the box's game is not the rules core's: "
                + e.message}
    settings = settings if isinstance(settings, dict) else module(name).settings_of(game)
    summary = module(name, "summary").summary(game, settings)
    breakdown = summary.get("breakdown") or {}
    out = {"game": name, "title": TITLES[name], "players": players(name, settings),
           "scores": [{"player": r["player"], "total": r["total"], "place": r["place"],
                       "parts": breakdown.get(r["player"]) or {}} for r in summary["ranking"]],
           "over": module(name).is_over(game), "facts": []}
    out.update(_VIEWS[name](game, state, out["players"]))
    return out


def _khan(game, state: dict, seats: list) -> dict:
    from shared_rules.khan.game import FINAL, OVER, SETUP, VIRTUAL
    from shared_rules.khan.tables import RULERS, card_json

    pieces = state["pieces"]
    courts = []
    for r in RULERS:
        courts.append({"ruler": r, "yurts": pieces.get("courts", {}).get(r, 0), "home": r in pieces.get("home", []),
                       "at": pieces.get("rulers", {}).get(r)})
    who = game.players[game.current]
    if game.phase == SETUP:
        turn = "setup: %s places a yurt (%d to place)" % (who, game.setup_left)
    elif game.phase == OVER:
        turn = "the game is over"
    elif game.phase == FINAL:
        turn = "final phase, turn %d: %s conquers (%d of 2 done)" % (game.turn, who, game.actions)
    else:
        turn = "turn %d: %s, %s" % (game.turn, who, {"flip": "step 1: flip a ruler card",
                                                      "actions": "step 2: %d action%s left" % (
                                                          game.actions, "" if game.actions == 1 else "s"),
                                                      "special": "step 4: a special card, or end the turn",
                                                      "end": "end the turn"}.get(game.step, game.step))
    facts = [["yurts in the supply", str(pieces.get("supply", 0))]]
    deck = state.get("deck")
    if game.mode == VIRTUAL and isinstance(deck, dict):
        facts.append(["deck", "%d to draw, %d discarded" % (len(deck["draw"]), len(deck["discard"]))])
        if deck["discard"]:
            card = card_json(deck["discard"][-1])
            if card:
                facts.append(["last card", "%s %s (%s)" % (card["ruler"], card["direction"], card["symbol"])])
        facts.append(["hands", ", ".join("%s %d" % (p, len(deck["hands"].get(p, []))) for p in game.players)])
    else:
        facts.append(["deck", "on the table (the players flip it)"])
    prot = state.get("protections") or {}
    force = []
    if prot.get("patronage"):
        force.append("the Great Khan's Patronage: " + str(prot["patronage"]))
    for g in prot.get("gods") or []:
        force.append("Support of the Gods: %s%s" % (g["player"], ", region " + g["region"] if g.get("region") else ""))
    for r in prot.get("recon") or []:
        force.append("Land Reconnaissance: %s, %s%s" % (r["player"], r["figure"], " (all)" if r.get("all") else ""))
    facts.append(["specials in force", "; ".join(force) or "none"])
    left = state.get("specials") or {}
    facts.append(["special cards left", ", ".join("%s %d" % (p, sum(left.get(p, {}).values())) for p in game.players)])
    return {"turn": turn, "current": who, "board": _board_of(str(state.get("board")), game.board), "pieces": pieces,
            "courts": courts, "facts": facts}


def _chuhan(game, state: dict, seats: list) -> dict:
    from shared_rules.chuhan.tables import WIN_VP

    vp = state["vp"]
    tracks = [{"label": side.capitalize(), "side": side, "value": vp[side], "max": WIN_VP,
               "edicts": state["edicts"][side]} for side in ("han", "chu")]
    facts = [["round", str(state["round"])], ["attacker", str(state["attacker"])],
             ["edicts", "Han %d, Chu %d" % (state["edicts"]["han"], state["edicts"]["chu"])],
             ["event", str(state.get("event") or "none")], ["cards in the deck", str(state["deck"])]]
    if state.get("doubled"):
        facts.append(["Xiang Yu doubles", str(state["doubled"])])
    if state.get("winner"):
        facts.append(["winner", str(state["winner"])])
    turn = "round %d, %s attacks" % (state["round"], state["attacker"])
    return {"turn": turn, "current": state["attacker"], "tracks": tracks, "facts": facts}


def _huns(game, state: dict, seats: list) -> dict:
    from shared_rules.huns.tables import COLOURS, DECKS

    current = state.get("current")
    who = seats[current] if isinstance(current, int) and 0 <= current < len(seats) else ""
    dice = [{"colour": c, "value": state["dice"][k], "taken": c in state["taken"]} for k, c in enumerate(COLOURS)]
    facts = [["round", str(state["round"])], ["first player", seats[state["first"]] if 0 <= state["first"] < len(seats)
                                               else "-"],
             ["dice left", ", ".join(state.get("left") or []) or "-"],
             ["loot in the supply", ", ".join("%s %d" % (COLOURS[k], n) for k, n in enumerate(state["supply"]))],
             ["cards in the decks", ", ".join("%s %d" % (DECKS[k], n) for k, n in enumerate(state["decks"]))]]
    turn = "round %d, %s: %s" % (state["round"], state["phase"], who + " to act" if who else "")
    return {"turn": turn, "current": who, "dice": dice, "seats": seats, "facts": facts}


def _khaan(game, state: dict, seats: list) -> dict:
    left = game.left()
    unit = state["unit"]
    facts = [["round", str(state["round"])], ["Great Khan", str(state.get("khan") or "none yet")],
             ["kurultai", "at the end of this %s" % unit if left == 0 else
              "after %d more %s%s (every %d)" % (left, unit, "s" if left != 1 else "", state["every"])],
             ["dice to roll", "%d d6, %d d4" % (state["dice"]["d6"], state["dice"]["d4"])]]
    order = state.get("order")
    if order:
        facts.append(["turn order", ", ".join(order["order"])])
    battle = state.get("battle")
    if battle:
        facts.append(["battle", "attacker %s against defender %s" % (
            cjson.dumps(battle["attacker"]), cjson.dumps(battle["defender"]))])
    rolls = state["dice"].get("rolls") or []
    dice = [{"colour": "white", "value": v, "taken": False} for v in rolls]
    prestige = [{"label": p, "side": p, "value": state["prestige"][p]} for p in seats]
    return {"turn": "round %d, %s's turn" % (state["round"], state["turn"]), "current": state["turn"],
            "dice": dice, "prestige": prestige, "facts": facts}


_VIEWS = {"khan": _khan, "chuhan": _chuhan, "huns": _huns, "khaan": _khaan}


# -- the board editor ----------------------------------------------------------------------------
def canvas() -> dict:
    """The editor's canvas: {"max": [width, height] the box takes, "names": each cell's
    name on it, row-major, "terrains": {letter: what it is}, "." no cell}."""
    from shared_rules.khan.board import Board
    from shared_rules.khan.board_text import SCREEN
    from shared_rules.khan.tables import TERRAIN_NAMES, TERRAINS

    w, h = SCREEN
    board = Board(["#" * (w + 2)] + ["#" + "M" * w + "#"] * h + ["#" * (w + 2)], "", {})
    terrains = {t: TERRAIN_NAMES[k] for k, t in enumerate(TERRAINS)}
    terrains.update({"~": "river", ".": "no cell"})
    return {"max": [w, h], "names": [board.name_of(i) for i in range(board.size)], "terrains": terrains}


def grid_of(text: str) -> dict:
    """A board text as the editor's canvas: {"width", "height", "cells": a letter a cell
    ("." no cell), "edge": "1" where a cell's sides to the outside border neighbouring
    territories, "starts", "name"}."""
    from shared_rules.khan.board import CELL_CHARS
    from shared_rules.khan.board_text import parse
    from shared_rules.khan.tables import OFF, RULERS

    board = parse(text)
    return {"width": board.width, "height": board.height, "name": board.name,
            "cells": "".join(CELL_CHARS[t - 1] if t != OFF else "." for t in board.terrain),
            "edge": "".join("1" if b else "0" for b in board.border),
            "starts": {RULERS[r]: board.name_of(i) for r, i in sorted(board.starts.items())}}


def text_of(grid) -> str:
    """The editor's canvas as board text, made as the box's own editor makes it
    (board_text.grid_lines); ValueError naming what is malformed."""
    from shared_rules.khan.board import CELL_CHARS
    from shared_rules.khan.board_text import SCREEN, grid_lines
    from shared_rules.khan.tables import OFF, RULERS

    if not isinstance(grid, dict):
        raise ValueError("the board must be an object")
    w, h = grid.get("width"), grid.get("height")
    if type(w) is not int or type(h) is not int or not (1 <= w <= SCREEN[0] and 1 <= h <= SCREEN[1]):
        raise ValueError("the canvas is 1-%d cells wide and 1-%d high" % SCREEN)
    cells, edge = grid.get("cells"), grid.get("edge")
    if not isinstance(cells, str) or len(cells) != w * h or any(c not in CELL_CHARS + "." for c in cells):
        raise ValueError("cells must be %d letters of %s or ." % (w * h, CELL_CHARS))
    if not isinstance(edge, str) or len(edge) != w * h or any(c not in "01" for c in edge):
        raise ValueError("edge must be %d of 0 and 1" % (w * h))
    codes = bytearray(OFF if c == "." else CELL_CHARS.index(c) + 1 for c in cells)
    lines = grid_lines(codes, bytearray(int(c) for c in edge), w, h)
    name = grid.get("name") or ""
    if not isinstance(name, str) or "\n" in name or len(name) > 40:
        raise ValueError("the name is one line of at most 40 characters")
    if name.strip():
        lines.append("name " + name.strip())
    starts = grid.get("starts") or {}
    if not isinstance(starts, dict):
        raise ValueError("starts must be an object {ruler: cell}")
    for r in RULERS:
        cell = starts.get(r)
        if isinstance(cell, str) and cell:
            lines.append("ruler %s %s" % (r, cell[:4]))
    return "\n".join(lines) + "\n"


def board_checks(board):
    """The rules core's checks of a whole board (issue 21: cells per terrain against the
    rulebook's, each terrain one joined region, cards of the deck that can never be played
    on it), where the rules core has them (shared_rules/khan/board_check.py), else None:
    {"ok", "findings": a sentence for each thing that is not the rulebook's board, "cells"
    and "rulebook": cells per terrain letter and "~"}. THE one place the editor's live
    checks plug into that module."""
    try:
        from shared_rules.khan import board_check  # type: ignore[attr-defined]
    except ImportError:
        return None
    result = board_check.check(board)  # type: ignore[attr-defined]
    told = getattr(board_check, "findings", None)
    return {"ok": bool(result.get("ok")), "findings": list(told(result)) if told else [],
            "cells": result.get("cells"), "rulebook": result.get("rulebook")}


def check_grid(grid) -> dict:
    """The editor's canvas checked as the box will check it: {"text", "ok": a board the box
    takes as its own, "error": the first thing the rules core refuses (its line and
    column), "counts": cells per terrain letter, "size", "checks": board_checks()}."""
    from shared_rules.khan import board_text

    text = text_of(grid)
    out = {"text": text, "ok": False, "error": "", "counts": None, "size": "", "checks": None}
    try:
        board = board_text.parse(text)
    except RulesError as e:
        out["error"] = e.message
        return out
    out["counts"] = board_text.counts(board)
    out["size"] = "%d x %d" % (board.width, board.height)
    out["checks"] = board_checks(board)
    try:
        board_text.playable(text)
    except RulesError as e:
        out["error"] = e.message
        return out
    out["ok"] = True
    return out


# -- the story -----------------------------------------------------------------------------------
def story_lines(said: "list[str]", undone) -> "list[dict]":
    """The story for the page, newest first: {"n": the journal line, "text": its sentence
    (story.Story.feed's), "undone": an action taken back that redo brings back}.
    said: the sentence of every line after the header; undone: their indexes undone."""
    out = []
    for k in range(len(said) - 1, -1, -1):
        out.append({"n": k + 2, "text": said[k], "undone": k in undone})
    return out


# -- the history ---------------------------------------------------------------------------------
def history_rows(db) -> "list[dict]":
    """steppe history list for the page: each game's id, date, title, players (their
    names), winners, scores and length, oldest first."""
    from steppe import history

    out = []
    for g in history.games(db):
        named = history.names(db, g)
        out.append({"id": g.id, "date": history.when(g), "title": history.TITLES[g.game], "game": g.game,
                    "players": [{"colour": c, "name": named[c]} for c in g.colours()],
                    "winners": [named.get(w, w) for w in history.winners(g)],
                    "scores": [{"player": named.get(r["player"], r["player"]), "colour": r["player"],
                                "total": r["total"]} for r in g.summary.get("ranking", [])],
                    "actions": g.actions, "minutes": g.summary.get("minutes")})
    return out


def history_game(db, gid: str) -> dict:
    """steppe history show ID for the page: the story of every journal line, the summary."""
    from steppe import history
    from steppe.story import tell

    g = history.find(db, gid)
    named = history.names(db, g)
    return {"id": g.id, "title": history.TITLES[g.game], "date": history.when(g),
            "players": [{"colour": c, "name": named[c]} for c in g.colours()],
            "story": [{"n": n, "text": t} for n, t in tell(g.journal)], "summary": history.summary_lines(g, named)}
