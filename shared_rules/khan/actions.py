"""JSON actions for the Khan engine: what `khan.play`, the device's link and UI send.

  {"do": "setup_yurt", "cell"}                       setup: a region with no yurt yet
  {"do": "flip"}                                     step 1 (table mode: + "ruler", "direction")
  {"do": "invade", "cell", "card"}                   action A (table mode: "symbol", not "card")
  {"do": "expel", "ruler"}                           action B (table mode: + "direction")
  {"do": "conquer", "figure", "cells", "consent"}    action C and final-phase conquests
  {"do": "double", "cell", "discard": [cards]}       action D: invade anywhere + discard 0-4
  {"do": "skip"}                                     an action when none is possible
  {"do": "special", "card", "region" | "figure"}     step 4: morale, patronage, gods, recon
  {"do": "end"}                                      end the turn
"""

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.khan.conquer import cells_of
from shared_rules.khan.flee import flight_json
from shared_rules.khan.game import TABLE, KhanGame
from shared_rules.khan.position import ruler_index
from shared_rules.khan.tables import (CARD_COUNT, DIRECTIONS, HAND_SIZE, RULERS, SPECIALS, TERRAINS, card_json)

DOS = ("setup_yurt", "flip", "invade", "expel", "conquer", "double", "skip", "special", "end")


def _card_id(v, where: str) -> int:
    if type(v) is not int or v < 0 or v >= CARD_COUNT:
        raise bad_args(where + " must be a card id 0.." + str(CARD_COUNT - 1))
    return v


def _table_card(game: KhanGame, action: dict, names: tuple) -> None:
    """Virtual mode draws the cards itself: naming one is a mistake worth telling."""
    if game.mode != TABLE:
        for k in names:
            if k in action:
                raise bad_args("this game keeps the deck: do not name \"" + k + "\"")


def apply(game: KhanGame, action) -> dict:
    """Apply one JSON action; returns what it did (flights, cards, sharers) as JSON."""
    if not isinstance(action, dict):
        raise bad_args("an action must be a JSON object with \"do\"")
    do = A.choice(action, "do", DOS)
    b = game.board
    if do == "setup_yurt":
        game.setup_yurt(b.cell(A.get(action, "cell"), "cell"))
    elif do == "flip":
        _table_card(game, action, ("ruler", "direction"))
        r = d = -1
        if game.mode == TABLE:
            r = ruler_index(A.get(action, "ruler"), "ruler")
            d = DIRECTIONS.index(A.choice(action, "direction", DIRECTIONS))
        card, skipped, r, flight = game.flip(r, d)
        return {"card": card_json(card), "skipped": [card_json(c) for c in skipped], "ruler": RULERS[r],
                "flight": flight_json(b, flight)}
    elif do == "invade":
        i = b.cell(A.get(action, "cell"), "cell")
        if game.mode == TABLE:
            game.invade(i, -1, A.text(action, "symbol", max_len=20))
        else:
            _table_card(game, action, ("symbol",))
            game.invade(i, _card_id(A.get(action, "card"), "\"card\""))
    elif do == "double":
        i = b.cell(A.get(action, "cell"), "cell")
        discard = [_card_id(c, "\"discard\"") for c in A.array(action, "discard", [], max_len=HAND_SIZE)]
        game.double(i, discard)
    elif do == "expel":
        _table_card(game, action, ("direction",))
        r = ruler_index(A.get(action, "ruler"), "ruler")
        d = DIRECTIONS.index(A.choice(action, "direction", DIRECTIONS)) if game.mode == TABLE else -1
        card, flight = game.expel(r, d)
        return {"card": card_json(card), "ruler": RULERS[r], "flight": flight_json(b, flight)}
    elif do == "conquer":
        from shared_rules.khan.conquer import figure_info

        key = figure_info(A.get(action, "figure"))[0]
        sharers = game.conquer(key, cells_of(b, A.get(action, "cells")), A.flag(action, "consent"))
        return {"sharers": sharers}
    elif do == "special":
        card = A.choice(action, "card", SPECIALS)
        region = 0
        if "region" in action:
            region = TERRAINS.index(A.choice(action, "region", tuple(TERRAINS))) + 1
        key = ""
        if "figure" in action:
            from shared_rules.khan.conquer import figure_info

            key = figure_info(action["figure"])[0]
        elif card == "recon":
            raise bad_args("Land Reconnaissance names the \"figure\" it reserves")
        game.special(card, region, key)
    elif do == "skip":
        game.skip()
    else:
        drawn = game.end()
        if drawn:
            return {"drawn": drawn}
    return {}


def draws(action: dict, event: dict):
    """The random draws an action made (for the journal), or None: the cards flipped or
    drawn from the box's deck."""
    card = event.get("card")
    if card is not None:
        out = {"card": card["id"]}
        skipped = event.get("skipped")
        if skipped:
            out["skipped"] = [c["id"] for c in skipped]
        return out
    if "drawn" in event:
        return {"drawn": event["drawn"]}
    return None


def move_json(board, move: tuple) -> dict:
    """The JSON action for a move tuple of the random player (khan/randplay.py)."""
    do = move[0]
    out = {"do": do}
    if do == "setup_yurt":
        out["cell"] = board.name_of(move[1])
    elif do == "invade":
        out["cell"] = board.name_of(move[1])
        out["card"] = move[2]
    elif do == "expel":
        out["ruler"] = RULERS[move[1]]
    elif do == "conquer":
        out["figure"] = move[1]
        out["cells"] = [board.name_of(i) for i in move[2]]
        out["consent"] = move[3]
    elif do == "double":
        out["cell"] = board.name_of(move[1])
        out["discard"] = list(move[2])
    elif do == "special":
        out["card"] = move[1]
        if move[2]:
            out["region"] = TERRAINS[move[2] - 1]
        if move[3]:
            out["figure"] = move[3]
    return out
