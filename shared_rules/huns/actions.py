"""JSON actions for the Huns engine: what `huns.play`, the device's link and UI send.

  {"do": "start_loot", "colours": [colours]}          setup: the 3rd (1 cube) and 4th (2) players
  {"do": "roll"}                                       the first player rolls (or + "dice": {colour: value})
  {"do": "take", "die", "action": "cards"}            cards of the die's colour: keep one
  {"do": "take", "die", "action": "loot", "placed"}   loot of the die's colour; placed: cubes kept
  {"do": "end"}                                        end the round: the end check, the token passes
  {"do": "recount", "supply", "decks"}                 after card effects: {colour: n} each
  {"do": "score", "camps": [...]}                      final scoring, as huns.score
"""

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.huns import state
from shared_rules.huns.game import CARDS, LOOT, HunsGame
from shared_rules.huns.tables import CARDS_PER_COLOUR, COLOURS, LOOT_PER_COLOUR, MAX_FACE

DOS = ("start_loot", "roll", "take", "end", "recount", "score")
KEYS = {
    "start_loot": ("colours", "do"),
    "roll": ("dice", "do"),
    "take": ("action", "die", "do", "placed"),
    "end": ("do",),
    "recount": ("decks", "do", "supply"),
    "score": ("camps", "do"),
}


_KEYS = {}  # quick lookups: do -> its keys as a set
for _do in DOS:
    _KEYS[_do] = set(KEYS[_do])


def _colours(values) -> "list[str]":
    return [COLOURS[c] for c in values]


def apply(game: HunsGame, action) -> dict:
    """Apply one JSON action; returns what it did as JSON (its "do" and the details)."""
    if type(action) is not dict:
        raise bad_args("an action must be a JSON object with \"do\"")
    do = action.get("do")
    if not isinstance(do, str) or do not in _KEYS:
        do = A.choice(action, "do", DOS)
    keys = _KEYS[do]
    for k in action:
        if k not in keys:
            state.unknown_key(action, KEYS[do], "the " + do + " action")
    if do == "take":
        return _take(game, action)
    if do == "roll":
        values = None
        if "dice" in action:
            values = state.by_colour(action["dice"], "dice", 1, MAX_FACE)
        return {"do": do, "seat": game.first, "dice": state.colours_json(game.roll(values))}
    if do == "end":
        over, empty_loot, empty_decks = game.end_round()
        return {"do": do, "over": over, "empty_loot": _colours(empty_loot), "empty_decks": _colours(empty_decks),
                "first": game.first, "round": game.round}
    if do == "start_loot":
        picked = A.array(action, "colours", max_len=len(COLOURS))
        seat, colours = game.take_start_loot([state.colour_index(picked[k], "colours[" + str(k) + "]")
                                              for k in range(len(picked))])
        return {"do": do, "seat": seat, "colours": _colours(colours)}
    if do == "recount":
        n = game.players
        supply = state.some_colours(action["supply"], "supply", 0, LOOT_PER_COLOUR[n]) if "supply" in action \
            else None
        decks = state.some_colours(action["decks"], "decks", 0, CARDS_PER_COLOUR[n]) if "decks" in action else None
        game.recount(supply, decks)
        return {"do": do, "supply": list(game.supply), "decks": list(game.decks)}
    result = dict(game.score(state.camps(A.get(action, "camps"), game.players)))  # the game keeps its own
    result["do"] = do
    return result


def _take(game: HunsGame, action: dict) -> dict:
    die = action.get("die")
    colour = state.COLOUR_INDEX.get(die, -1) if type(die) is str else -1
    if colour < 0:
        colour = state.colour_index(A.get(action, "die"), "\"die\"")
    kind = action.get("action")
    if kind != CARDS and kind != LOOT:
        kind = A.choice(action, "action", (CARDS, LOOT))
    placed = -1
    if "placed" in action:
        placed = action["placed"]
        if type(placed) is not int or placed < 0 or placed > MAX_FACE:
            placed = A.integer(action, "placed", 0, MAX_FACE)
    seat, count, placed = game.take(colour, kind, placed)
    out = {"do": "take", "seat": seat, "die": COLOURS[colour], "value": game.dice[colour], "action": kind}
    if kind == CARDS:
        out["drawn"] = count
        out["under_deck"] = count - 1
    else:
        out["taken"] = count
        out["placed"] = placed
        out["returned"] = count - placed
    return out


def draws(action: dict, event: dict):
    """The random draws an action made (for the journal), or None: the dice the box rolled."""
    if event.get("do") == "roll" and "dice" not in action:
        return {"dice": event["dice"]}
    return None
