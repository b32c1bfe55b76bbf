"""Rise of the Khaan ops for the op table: JSON arguments in, JSON results out (docs/ops-khaan.md).

Each op imports the rules modules it needs (one already loaded costs a Pico ~0.1 ms):
the device's first request of the game loads only that op's share of them, and the
tables' text needs none of the game's play.
"""

from shared_rules import args as A
from shared_rules.dice import roll_faces
from shared_rules.errors import bad_args, illegal
from shared_rules.khaan.tables import (ACTIONS, ALLIANCE_AT, ALLIANCE_ROLL, ARISTOCRACY_PRESTIGE, ARISTOCRACY_TOKENS,
                                       CHECK_DIE, COLUMNS, COMBAT_DIE, DICE, DICE_IN_BOX, EVENTS, GROWTH_BONUS,
                                       GUARD_PRESTIGE, HERD_DIE, KURULTAI_EVERY, MAX_FERTILITY, MAX_HERD, MAX_POPULATION,
                                       MAX_PLAYERS, MAX_PRESTIGE, MAX_RELATION, MIN_PLAYERS, PASSAGE_AT, PASSAGE_ROLL, PLUNDER_DIE,
                                       POPULATION_DIE, PRESTIGE_PER_RELATION, RELIGIONS, SETTLED, SILK_DIVISOR,
                                       START_GOLD, START_PASTURES, STRENGTH, TOKENS, TRIBES, UNITS, WAR_AT)
from shared_rules.ops import module
from shared_rules.pause import pause

MAX_EVENTS = 32  # events or actions in one call
_U64 = 0xFFFFFFFFFFFFFFFF


def _rng(args: dict):
    """PCG32 seeded from "seed" (0..2**64-1) and "stream" (default 0)."""
    from shared_rules.rng import PCG32

    return PCG32(A.integer(args, "seed", 0, _U64), A.integer(args, "stream", 0, _U64, 0))


def tables(args: dict) -> dict:
    """The data tables: board, dice faces, units, prestige, diplomacy and kurultai numbers."""
    from shared_rules.khaan import board as board_mod
    from shared_rules.khaan import kurultai as kur

    return {
        "columns": COLUMNS, "fertility": board_mod.TILES[:board_mod.SIZE - SETTLED], "settled": SETTLED,
        "corners": board_mod.CORNER_NAMES, "tribes": TRIBES, "dice": dict(DICE),
        "units": [{"unit": UNITS[0], "strength": STRENGTH[0], "tokens": TOKENS[0]},
                  {"unit": UNITS[1], "strength": STRENGTH[1], "tokens": TOKENS[1]},
                  {"unit": UNITS[2], "strength": STRENGTH[2], "tokens": TOKENS[2]}],
        "prestige": {"actions": dict(ACTIONS), "aristocracy": ARISTOCRACY_PRESTIGE, "guard": GUARD_PRESTIGE,
                     "religions": dict(RELIGIONS), "per_relation": PRESTIGE_PER_RELATION},
        "diplomacy": {"events": dict(EVENTS), "war": WAR_AT, "alliance": (ALLIANCE_AT, ALLIANCE_ROLL),
                      "passage": (PASSAGE_AT, PASSAGE_ROLL)},
        "kurultai": {"every": KURULTAI_EVERY, "needed": kur.needed(TRIBES), "issue": kur.issue_needed(TRIBES)},
        "plunder": {"silk_divisor": SILK_DIVISOR},
        "start": {"gold": START_GOLD, "pastures": START_PASTURES},
    }


def board(args: dict) -> dict:
    """The 31 areas shuffled into their columns: fertility per area (null: a settled land),
    the settled lands, the corners and every area's neighbours."""
    from shared_rules.khaan import board as board_mod

    rng = _rng(args)
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
    return {"rolls": roll_faces(_rng(args), faces)}


def order(args: dict) -> dict:
    """The turn-order roll: highest first, ties re-rolled among the tied players."""
    from shared_rules.khaan import dice
    from shared_rules.khaan import state

    players = state.players(args)
    places, rounds = dice.order(_rng(args), len(players))
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
            return dice.roll(_rng(args), HERD_DIE), None
        got = roll_faces(_rng(args), [DICE[HERD_DIE], DICE[POPULATION_DIE]])
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


def combat(args: dict) -> dict:
    """A battle: attack values, the winner (or a tie) and each side's losses."""
    from shared_rules.khaan import combat as combat_mod
    from shared_rules.khaan import state

    attacker = state.side(args, "attacker")
    defender = state.side(args, "defender")
    given = state.items(A.get(args, "rolls"), 2, "rolls", 2)
    rolls = [state.face(given[0], COMBAT_DIE, "rolls[0]"), state.face(given[1], COMBAT_DIE, "rolls[1]")]
    winner, sa, lost_a, lost_d = combat_mod.battle(attacker, defender, rolls)
    return {"winner": winner, "sa": sa,
            "losses": {"attacker": state.units_json(lost_a), "defender": state.units_json(lost_d)}}


def plunder(args: dict) -> dict:
    """Plunder after a won battle: a pasture of an independent tribe or of another player
    (d4 herd and d4 population, each at most its fertility; half the population flees),
    or a settled people (d4 gold or half as much silk); the prestige it moves."""
    from shared_rules.khaan import plunder as plunder_mod
    from shared_rules.khaan import state

    target = plunder_mod.TARGETS[state.choice(A.get(args, "target"), plunder_mod.TARGETS, "target")]
    count = 1 if target == plunder_mod.SETTLED else 2
    fertility = 0
    population = 0
    if target != plunder_mod.SETTLED:
        fertility = A.integer(args, "fertility", 0, MAX_FERTILITY)
        population = A.integer(args, "population", 0, MAX_FERTILITY, 0)
        if population and target != plunder_mod.PLAYER:
            raise bad_args("khaan.plunder_population")
        if population > fertility:  # the people stand on the pasture: at most its fertility
            raise bad_args("khaan.plunder_pasture", population, fertility)
    if "rolls" in args:
        given = state.items(args["rolls"], count, "rolls", count)
        rolls = [state.face(given[k], PLUNDER_DIE, "rolls[" + str(k) + "]") for k in range(count)]
    else:
        rolls = roll_faces(_rng(args), [DICE[PLUNDER_DIE]] * count)
    if target == plunder_mod.SETTLED:
        out = plunder_mod.settled(rolls[0])
    else:
        out = plunder_mod.pasture(fertility, rolls[0], rolls[1], population)
    out["target"] = target
    out["rolls"] = rolls
    return out


def _holdings(args: dict, religion_key: str) -> int:
    """The points of the aristocracy, Guard and religion given in args."""
    from shared_rules.khaan import prestige as prestige_mod
    from shared_rules.khaan import state

    religion = args.get("religion")
    religion = -1 if religion is None else state.choice(religion, prestige_mod.RELIGION_KEYS, religion_key)
    return prestige_mod.holdings(A.integer(args, "aristocracy", 0, ARISTOCRACY_TOKENS, 0),
                                 A.integer(args, "guard", 0, TOKENS[2], 0), religion)


def prestige(args: dict) -> dict:
    """The prestige ledger after actions, and the points of holdings and kumys."""
    from shared_rules.khaan import prestige as prestige_mod
    from shared_rules.khaan import state

    ledger = A.integer(args, "ledger", -MAX_PRESTIGE, MAX_PRESTIGE, 0)
    actions = state.choices(args.get("actions", []), prestige_mod.ACTION_KEYS, "actions", MAX_EVENTS)
    kumys = A.integer(args, "kumys", 0, MAX_PRESTIGE, 0)
    held = _holdings(args, "religion")
    # the holdings before ("was"): tens crossed through holdings count too
    was = _holdings(A.obj(args, "was"), "was.religion") if "was" in args else held
    after, changes = prestige_mod.record(ledger, actions)
    return {"ledger": after, "changes": changes, "holdings": held, "kumys": kumys,
            "total": prestige_mod.total(after, held, kumys),
            "relation_bonus": prestige_mod.relation_bonus(prestige_mod.total(ledger, was),
                                                          prestige_mod.total(after, held))}


def diplomacy(args: dict) -> dict:
    """Relations between two tribes after events; war, alliance and right of passage; the
    d4 check of an alliance or a right of passage asked for."""
    from shared_rules.khaan import dice
    from shared_rules.khaan import diplomacy as dip
    from shared_rules.khaan import state

    value = A.integer(args, "value", -MAX_RELATION, MAX_RELATION, 0)
    held = []
    for key, need in ((dip.ALLIANCE, ALLIANCE_AT), (dip.PASSAGE, PASSAGE_AT)):
        on = A.flag(args, key)
        if on and value < need:
            raise bad_args("khaan.held_low", key, need, value)
        held.append(on)
    events = state.choices(args.get("events", []), dip.EVENT_KEYS, "events", MAX_EVENTS)
    ask = args.get("ask")
    if ask is not None:
        ask = dip.ASKS[state.choice(ask, dip.ASKS, "ask")]
    rel = dip.Relation(value, held[0], held[1])
    changes = [rel.apply(e) for e in events]
    gained = rel.value > value
    may_ask = rel.may_ask(gained)
    check = None
    if ask is not None:
        reason = rel.why_not(ask, gained)
        if reason is not None:
            raise illegal(reason[0], *reason[1:])
        if "roll" in args:
            die = state.face(args["roll"], CHECK_DIE, "roll")
        else:
            die = dice.roll(_rng(args), CHECK_DIE)
        check = {"ask": ask, "roll": die, "success": rel.check(ask, die)}
    return {"value": rel.value, "war": dip.at_war(rel.value), "alliance": rel.alliance, "passage": rel.passage,
            "changes": changes, "may_ask": may_ask, "check": check}


def vote(args: dict) -> dict:
    """How an independent tribe votes at the kurultai: the first of its rules that applies."""
    from shared_rules.khaan import kurultai as kur
    from shared_rules.khaan import state

    tribe = state.name(A.get(args, "tribe"), "tribe")
    lord = args.get("overlord")
    if lord is not None and state.name(lord, "overlord") == tribe:
        raise bad_args("khaan.own_overlord", tribe)
    vassals = A.flag(args, "vassals")
    alliance = state.entries(args, "alliance", 2, TRIBES)
    if alliance and tribe not in [e[0] for e in alliance]:
        raise bad_args("khaan.alliance_without", tribe)
    candidates = state.entries(args, "candidates", 3, TRIBES)
    for e in candidates:
        if e[0] == tribe:
            raise bad_args("khaan.own_candidate", tribe)
    whom, rule = kur.vote(lord is not None, vassals, [e[1] for e in alliance], [(e[1], e[2]) for e in candidates])
    if whom == kur.OVERLORD_VOTE:
        chosen = lord
    elif whom == kur.ITSELF:
        chosen = tribe
    elif whom == kur.NOBODY:
        chosen = None
    else:
        chosen = (alliance if rule == kur.ALLIANCE else candidates)[whom][0]
    return {"vote": chosen, "rule": rule}


def kurultai(args: dict) -> dict:
    """The tally of a kurultai: the votes of every tribe taking part, the votes the Great
    Khan needs (two thirds) and who is elected; issues pass with half the votes."""
    from shared_rules.khaan import kurultai as kur
    from shared_rules.khaan import state

    votes = A.obj(args, "votes")
    n = len(votes)
    if n < 1 or n > TRIBES:
        raise bad_args("khaan.voters", TRIBES)
    tally = {}
    longest = state.MAX_NAME
    for tribe in sorted(votes):  # sorted: the first bad entry is the same on every port
        whom = votes[tribe]
        if type(tribe) is not str or not tribe or len(tribe) > longest:
            state.name(tribe, "votes")
        if whom is not None:
            if type(whom) is not str or whom not in votes:
                raise bad_args("khaan.unknown_tribe", "votes." + tribe, str(whom)[:longest])
            tally[whom] = tally.get(whom, 0) + 1
    need = kur.needed(n)
    elected = None
    for whom in tally:  # at most one tribe can hold two thirds: dict order cannot matter
        if tally[whom] >= need:
            elected = whom
    out = {"tally": tally, "voters": n, "needed": need, "issue_needed": kur.issue_needed(n), "elected": elected}
    if "issues" in args:
        issue = kur.issue_needed(n)
        out["passed"] = [state.number(v, 0, n, "issues", k) >= issue
                         for k, v in enumerate(state.items(args["issues"], 16, "issues"))]
    return out


def countdown(args: dict) -> dict:
    """Rounds (or players' turns) to the next kurultai: one is held at the end of every
    "every"-th round, or with "unit": "turn" of every "every"-th turn ("turn": the seat
    whose turn it is, 1..players; «co określoną ilość tur (najczęściej 4)»)."""
    from shared_rules.khaan.game import INTERVAL_UNITS, MAX_EVERY, MAX_ROUND, left_after

    rnd = A.integer(args, "round", 1, MAX_ROUND)
    every = A.integer(args, "every", 1, MAX_EVERY, KURULTAI_EVERY)
    if A.choice(args, "unit", INTERVAL_UNITS, "round") == "round":
        left = left_after(rnd - 1, every)
        return {"kurultai": left == 0, "rounds_left": left, "next": rnd + left}
    n = A.integer(args, "players", MIN_PLAYERS, MAX_PLAYERS)
    seat = A.integer(args, "turn", 1, n)
    played = (rnd - 1) * n + seat - 1
    left = left_after(played, every)
    at = played + left  # the turn (counted from 0) at whose end the kurultai is held
    return {"kurultai": left == 0, "turns_left": left, "next": {"round": at // n + 1, "turn": at % n + 1}}


def new(args: dict) -> dict:
    """A new game as the box keeps it: the players in seat order, round 1, no prestige yet,
    the dice's generator seeded; a kurultai every "every" (4) of "unit" ("turn": players'
    turns, as the rulebook reads, or "round")."""
    from shared_rules.khaan import state

    from shared_rules.khaan.game import INTERVAL_UNITS, MAX_EVERY
    from shared_rules.khaan.game import new as new_game

    settings = {"players": list(state.players(args)), "every": A.integer(args, "every", 1, MAX_EVERY, KURULTAI_EVERY),
                "unit": A.choice(args, "unit", INTERVAL_UNITS, "turn")}
    g = new_game(settings, A.integer(args, "seed", 0, 0xFFFFFFFFFFFFFFFF))
    return {"state": state.game_json(g)}


def play(args: dict) -> dict:
    """Apply actions to a saved game: the new state and what each action did, the state in
    the form it was given (packed: khaan/packed.py). It pauses after each action
    (shared_rules/pause.py: the box's buttons take their turn)."""
    state = module("shared_rules.khaan.state")
    apply = module("shared_rules.khaan.actions").apply

    given = A.obj(args, "state")
    packed = module("shared_rules.khaan.packed") if "packed" in given else None  # (steppe's: wire.py)
    g = packed.unpack(given) if packed is not None else state.game(given)
    pause()
    events = []
    for action in A.actions(args, MAX_EVENTS):
        events.append(apply(g, action))
        pause()
    return {"state": packed.pack(g) if packed is not None else state.game_json(g), "events": events}


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
