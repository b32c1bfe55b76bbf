"""Rise of the Khaan ops of a round's phases - combat, plunder, prestige, diplomacy - and the
seeded generator every op that draws takes (seeded): a third of the op table (khaan/ops.py OPS
holds them all), in a module of its own so that the device's first request of the game
imports the table in three stretches, not one (firmware/rulesop.py FIRST: this module,
khaan/ops_game.py, khaan/ops.py - one import of the whole table cost a Pico ~45 ms, a press
waiting for it).
"""

from shared_rules import args as A
from shared_rules.dice import roll_faces
from shared_rules.errors import bad_args, illegal
from shared_rules.khaan.tables import (ALLIANCE_AT, ARISTOCRACY_TOKENS, CHECK_DIE, COMBAT_DIE, DICE, MAX_FERTILITY,
                                       MAX_PRESTIGE, MAX_RELATION, PASSAGE_AT, PLUNDER_DIE, TOKENS)

MAX_EVENTS = 32  # events or actions in one call
_U64 = 0xFFFFFFFFFFFFFFFF


def seeded(args: dict):
    """PCG32 seeded from "seed" (0..2**64-1) and "stream" (default 0): every khaan op that draws."""
    from shared_rules.rng import PCG32

    return PCG32(A.integer(args, "seed", 0, _U64), A.integer(args, "stream", 0, _U64, 0))


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
        rolls = roll_faces(seeded(args), [DICE[PLUNDER_DIE]] * count)
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
            die = dice.roll(seeded(args), CHECK_DIE)
        check = {"ask": ask, "roll": die, "success": rel.check(ask, die)}
    return {"value": rel.value, "war": dip.at_war(rel.value), "alliance": rel.alliance, "passage": rel.passage,
            "changes": changes, "may_ask": may_ask, "check": check}
