"""Huns ops for the op table: JSON arguments in, JSON results out (docs/ops-huns.md).

Each op imports the rules modules it needs (one already loaded costs a Pico ~0.1 ms):
the device's first request of the game loads only that op's share of them, and the
tables' text needs none of the game's play.
"""

from shared_rules import args as A
from shared_rules.huns.tables import (CARDS_IN_BOX, CARDS_PER_COLOUR, COLOURS, DECKS, DIE_FACES, LOOT_IN_BOX,
                                      LOOT_PER_COLOUR, MAX_PLAYERS, MERCENARY_FULL_VP, MERCENARY_PARTIAL_VP,
                                      MIN_PLAYERS, RAID_VP, REMOVED_MARKS, START_LOOT, WAGON_TYPE_VP, WAGON_TYPES,
                                      WAGON_VP, WAGONS_EACH, WAGONS_FACE_UP, WAGONS_PER_TYPE)
from shared_rules.ops import module
from shared_rules.pause import applied
from shared_rules.rng import PCG32

_U64 = 0xFFFFFFFFFFFFFFFF


def _players(args: dict) -> int:
    return A.integer(args, "players", MIN_PLAYERS, MAX_PLAYERS)


def _faces(args: dict):
    from shared_rules.huns import state

    return state.faces(args["faces"]) if "faces" in args else DIE_FACES


def tables(args: dict) -> dict:
    """The data tables: colours and decks, dice faces, setup by player count, wagons, scoring."""
    from shared_rules.huns import state

    setups = {}
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        setups[str(n)] = _setup(n)
    return {
        "colours": list(COLOURS), "decks": state.colours_json(DECKS), "faces": state.colours_json(DIE_FACES),
        "cards_in_box": CARDS_IN_BOX, "loot_in_box": LOOT_IN_BOX, "setup": setups,
        "wagons": {"types": list(WAGON_TYPES), "per_type": WAGONS_PER_TYPE, "face_up": WAGONS_FACE_UP,
                   "each": WAGONS_EACH},
        "scoring": {"raid": RAID_VP, "mercenary_full": MERCENARY_FULL_VP, "mercenary_partial": MERCENARY_PARTIAL_VP,
                    "treasure_met": "players", "curse_avoided": "-players", "wagon_type": WAGON_TYPE_VP,
                    "wagon_of_one_type": WAGON_VP},
    }


def _setup(n: int) -> dict:
    from shared_rules.huns import dice

    cubes = START_LOOT[n]
    start = [{"place": k + 1, "cubes": cubes[k]} for k in range(n) if cubes[k]]
    return {"players": n, "cards_per_colour": CARDS_PER_COLOUR[n], "removed_marks": list(REMOVED_MARKS[n]),
            "loot_per_colour": LOOT_PER_COLOUR[n], "start_loot": start, "wagons_face_up": WAGONS_FACE_UP,
            "wagons_each": WAGONS_EACH,
            "wagon_deck": WAGONS_PER_TYPE * len(WAGON_TYPES) - WAGONS_FACE_UP - WAGONS_EACH * n,
            "takes_by_place": dice.takes(n, 0)}


def setup(args: dict) -> dict:
    """What the table holds and each player takes at setup for a player count; with
    "first", the seats that take the setup loot."""
    from shared_rules.huns import dice

    n = _players(args)
    out = _setup(n)
    if "first" in args:
        first = A.integer(args, "first", 0, n - 1)
        for entry in out["start_loot"]:
            entry["seat"] = dice.taker(n, first, entry["place"] - 1)
    return out


def roll(args: dict) -> dict:
    """The five action dice rolled with PCG32(seed, stream), by colour."""
    from shared_rules.huns import dice
    from shared_rules.huns import state

    faces = _faces(args)
    rng = PCG32(A.integer(args, "seed", 0, _U64), A.integer(args, "stream", 0, _U64, 0))
    return {"dice": state.colours_json(dice.roll(rng, faces))}


def turns(args: dict) -> dict:
    """Who takes each die of a round in turn, dice per seat, and the next first player."""
    from shared_rules.huns import dice

    n = _players(args)
    first = A.integer(args, "first", 0, n - 1)
    return {"turns": [dice.taker(n, first, k) for k in range(dice.DICE)], "takes": dice.takes(n, first),
            "next_first": dice.next_first(n, first)}


def end_check(args: dict) -> dict:
    """The end-of-round check: does an empty loot colour or an empty deck end the game?"""
    from shared_rules.huns import game as game_mod
    from shared_rules.huns import state

    supply = state.by_colour(A.get(args, "supply"), "supply", 0, LOOT_IN_BOX)
    decks = state.by_colour(A.get(args, "decks"), "decks", 0, CARDS_IN_BOX)
    empty_loot, empty_decks = game_mod.end_check(supply, decks)
    return {"over": bool(empty_loot or empty_decks), "empty_loot": [COLOURS[c] for c in empty_loot],
            "empty_decks": [COLOURS[c] for c in empty_decks]}


def score(args: dict) -> dict:
    """Final scoring: VP of each camp, the winners (ties: more loot in the stash), a breakdown."""
    score_mod = module("shared_rules.huns.score")
    return score_mod.score(module("shared_rules.huns.state").camps(A.get(args, "camps")))


def new(args: dict) -> dict:
    """A new game: supply and decks for the player count, the first player (random unless
    given), the setup loot to take."""
    from shared_rules.huns import game as game_mod
    from shared_rules.huns import state

    n = _players(args)
    first = A.integer(args, "first", 0, n - 1) if "first" in args else game_mod.NO_SEAT
    g = game_mod.new_game(n, A.integer(args, "seed", 0, _U64), A.integer(args, "stream", 0, _U64, 0), first,
                          _faces(args))
    return {"state": state.game_json(g, False)}


def play(args: dict) -> dict:
    """Apply actions to a saved game: the new state and what each action did. It pauses
    after each action (shared_rules/pause.py: the box's buttons take their turn)."""
    state = module("shared_rules.huns.state")
    apply = module("shared_rules.huns.actions").apply

    g = state.game(A.obj(args, "state"))
    events = applied(apply, g, A.actions(args, 200))
    return {"state": state.game_json(g, False), "events": events}


OPS = {
    "tables": tables, "setup": setup, "roll": roll, "turns": turns, "end_check": end_check, "score": score,
    "new": new, "play": play,
}

# the rules modules each op needs on its way to an answer as steppe sends it (besides those this
# module imports: firmware/rulesop.py FIRST), leaves first, without "shared_rules.": a device's
# first request of an op imports them one at a time, a pause after each (rulesop.load_rules;
# tests/test_op_imports.py checks the list). A case off that way - an error, its sentence (the
# game's messages) - imports what it needs more there and then. One string, not a dict of
# tuples: ~0.3 KB of a Pico's heap, not ~2 KB, while the game's rules are loaded. READY: the ops
# whose modules are loaded (link.ready)
NEEDS = (";end_check dice huns.dice huns.score huns.game huns.state"
         ";new dice huns.dice huns.score huns.game huns.state"
         ";play dice huns.dice huns.score huns.game huns.state huns.actions"
         ";roll dice huns.dice huns.score huns.game huns.state"
         ";score huns.score dice huns.dice huns.game huns.state"
         ";setup dice huns.dice"
         ";tables dice huns.dice huns.score huns.game huns.state"
         ";turns dice huns.dice;")
READY = {}
