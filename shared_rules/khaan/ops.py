"""Rise of the Khaan ops for the op table: JSON arguments in, JSON results out (docs/ops-khaan.md).

Each op imports the rules modules it needs (one already loaded costs a Pico ~0.1 ms):
the device's first request of the game loads only that op's share of them, and the
tables' text needs none of the game's play. The table is three modules - this one, the
phases' ops (khaan/ops_play.py) and the kurultai's and a whole game's (khaan/ops_game.py) -
imported one at a time (firmware/rulesop.py FIRST): one import of all of it cost a Pico
~45 ms, a press waiting for it.
"""

from shared_rules import args as A
from shared_rules.dice import roll_faces
from shared_rules.errors import bad_args, illegal
from shared_rules.khaan.tables import (COLUMNS, DICE, DICE_IN_BOX, GROWTH_BONUS, HERD_DIE, MAX_FERTILITY, MAX_HERD,
                                       MAX_POPULATION, POPULATION_DIE, SETTLED, START_GOLD, START_PASTURES, TRIBES)
from shared_rules.khaan.ops_game import countdown, kurultai, new, play, tables, vote
from shared_rules.khaan.ops_play import combat, diplomacy, plunder, prestige, seeded


def board(args: dict) -> dict:
    """The 31 areas shuffled into their columns: fertility per area (null: a settled land),
    the settled lands, the corners and every area's neighbours."""
    from shared_rules.khaan import board as board_mod

    rng = seeded(args)
    given = args.get("fertility")
    if given is not None:
        need = board_mod.SIZE - SETTLED
        if type(given) is not list or len(given) != need:
            raise bad_args("khaan.tiles", need, MAX_FERTILITY)
        ty = type  # a local: a global lookup per item costs more than the check on the Pico
        it = int
        top = MAX_FERTILITY
        for v in given:
            if ty(v) is not it or v < 0 or v > top:
                raise bad_args("khaan.tiles", need, MAX_FERTILITY)
        tiles = given + [board_mod.SETTLED_TILE] * SETTLED
    else:
        tiles = board_mod.TILES
    fertility, settled = board_mod.deal(rng, tiles)
    return {"columns": COLUMNS, "areas": board_mod.NAMES, "fertility": fertility, "settled": settled,
            "corners": board_mod.CORNER_NAMES, "neighbours": board_mod.NEIGHBOUR_NAMES}


# independent tribes are named tribe-1, tribe-2, ... in the order they pick
TRIBE_NAMES = tuple("tribe-" + str(k + 1) for k in range(TRIBES))


def setup(args: dict) -> dict:
    """Who takes part, the independent tribes, the gold, and the order of picking pastures."""
    from shared_rules.khaan import board as board_mod
    from shared_rules.khaan import state

    players = state.players(args)
    independent = TRIBE_NAMES[:TRIBES - len(players)]
    for p in players:
        if p in independent:
            raise bad_args("khaan.reserved_name", "players", p)
    picks = []
    for k in range(len(players)):
        picks.append(players[k])
        picks.append(independent[k])
    picks.extend(independent[len(players):])
    gold = {}
    for p in players:
        gold[p] = START_GOLD
    picks = tuple(picks)  # the second round picks in the same order
    return {"players": list(players), "independent": independent, "gold": gold, "pastures_each": START_PASTURES,
            "picks": [picks, picks], "corners": board_mod.CORNER_NAMES}


def roll(args: dict) -> dict:
    """Dice by name ("d6", "d4"), rolled with PCG32(seed, stream) in the order given."""
    from shared_rules.khaan import state

    wanted = state.items(A.get(args, "dice"), DICE_IN_BOX, "dice", 1)
    faces = []
    for k in range(len(wanted)):
        d = wanted[k]
        if type(d) is not str or d not in DICE:
            state.choice(d, tuple(sorted(DICE)), "dice", k)
        faces.append(DICE[d])
    return {"rolls": roll_faces(seeded(args), faces)}


def order(args: dict) -> dict:
    """The turn-order roll: highest first, ties re-rolled among the tied players."""
    from shared_rules.khaan import dice
    from shared_rules.khaan import state

    players = state.players(args)
    places, rounds = dice.order(seeded(args), len(players))
    first = []
    for k in places:
        first.append(players[k])
    return {"order": first, "rounds": rounds}


def _growth_rolls(args: dict, full: bool) -> tuple:
    """(herd roll, population roll or None when every pasture is full and the d4 is skipped)."""
    from shared_rules.khaan import dice
    from shared_rules.khaan import state

    if "rolls" not in args:
        if full:
            return dice.roll(seeded(args), HERD_DIE), None
        got = roll_faces(seeded(args), [DICE[HERD_DIE], DICE[POPULATION_DIE]])
        return got[0], got[1]
    given = state.items(args["rolls"], 2, "rolls", 2)
    herd = state.face(given[0], HERD_DIE, "rolls[0]")
    if full:
        if given[1] is not None:
            raise illegal("khaan.population_full")
        return herd, None
    if given[1] is None:
        raise bad_args("khaan.population_roll", POPULATION_DIE)
    return herd, state.face(given[1], POPULATION_DIE, "rolls[1]")


def _grown(roll, bonus: int) -> int:
    if roll is None:
        return 0
    return roll + bonus if roll + bonus > 0 else 0


def growth(args: dict) -> dict:
    """The growth rolls of a turn (d6 herd; d4 population unless every pasture is full),
    and their placement: our default, or the "plan" given."""
    from shared_rules.khaan import growth as growth_mod
    from shared_rules.khaan import state

    pastures, sums = state.pastures(args)
    herd_bonus = A.integer(args, "herd_bonus", -GROWTH_BONUS, GROWTH_BONUS, 0)
    population_bonus = A.integer(args, "population_bonus", -GROWTH_BONUS, GROWTH_BONUS, 0)
    plan = state.plan(args, len(pastures))
    herd_roll, population_roll = _growth_rolls(args, sums[0] + sums[1] == 0)
    herd = _grown(herd_roll, herd_bonus)
    population = _grown(population_roll, population_bonus)
    after, store, horde = growth_mod.place(pastures, herd, population, plan, sums)
    return {"rolls": [herd_roll, population_roll], "skipped": population_roll is None, "herd": herd,
            "population": population, "pastures": after, "store": store, "horde": horde}


def place(args: dict) -> dict:
    """Herd and population placed on the pastures within the limits: our default or a "plan";
    herd left goes to the central store, population without room becomes Horde."""
    from shared_rules.khaan import growth as growth_mod
    from shared_rules.khaan import state

    pastures, sums = state.pastures(args)
    herd = A.integer(args, "herd", 0, MAX_HERD)
    population = A.integer(args, "population", 0, MAX_POPULATION)
    after, store, horde = growth_mod.place(pastures, herd, population, state.plan(args, len(pastures)), sums)
    return {"pastures": after, "store": store, "horde": horde}


OPS = {
    "tables": tables, "board": board, "setup": setup, "roll": roll, "order": order, "growth": growth,
    "place": place, "combat": combat, "plunder": plunder, "prestige": prestige, "diplomacy": diplomacy,
    "vote": vote, "kurultai": kurultai, "countdown": countdown, "new": new, "play": play,
}

# the rules modules each op needs on its way to an answer as steppe sends it (besides those this
# module imports: firmware/rulesop.py FIRST), leaves first, without "shared_rules.": a device's
# first request of an op imports them one at a time, a pause after each (rulesop.load_rules;
# tests/test_op_imports.py checks the list). A case off that way - an error, its sentence (the
# game's messages) - imports what it needs more there and then. One string, not a dict of
# tuples: ~0.3 KB of a Pico's heap, not ~2 KB, while the game's rules are loaded. READY: the ops
# whose modules are loaded (link.ready)
NEEDS = (";board khaan.dice khaan.board rng"
         ";combat khaan.combat khaan.growth rng khaan.state"
         ";countdown khaan.combat khaan.dice khaan.kurultai khaan.plunder khaan.prestige rng khaan.game"
         ";diplomacy khaan.dice khaan.diplomacy khaan.growth rng khaan.state"
         ";growth khaan.growth rng khaan.state khaan.dice"
         ";kurultai khaan.kurultai khaan.growth rng khaan.state"
         ";new khaan.growth rng khaan.state khaan.combat khaan.dice khaan.kurultai khaan.plunder khaan.prestige khaan.game"
         ";order khaan.dice khaan.growth rng khaan.state"
         ";place khaan.growth rng khaan.state"
         ";play khaan.growth rng khaan.state khaan.combat khaan.dice khaan.kurultai khaan.plunder khaan.prestige khaan.game khaan.actions khaan.packed"
         ";plunder khaan.plunder khaan.growth rng khaan.state"
         ";prestige khaan.prestige khaan.growth rng khaan.state"
         ";roll khaan.growth rng khaan.state"
         ";setup khaan.dice khaan.board khaan.growth rng khaan.state"
         ";tables khaan.dice khaan.board khaan.kurultai"
         ";vote khaan.kurultai khaan.growth rng khaan.state;")
READY = {}
