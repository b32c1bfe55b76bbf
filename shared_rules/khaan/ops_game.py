"""Rise of the Khaan ops of the kurultai - the vote, the kurultai, the countdown -, of a
whole game (new, play) and the tables' text: a third of the op table (khaan/ops.py OPS holds them all), in a
module of its own so that the device's first request of the game imports the table in three
stretches, not one (firmware/rulesop.py FIRST: khaan/ops_play.py, this one, khaan/ops.py -
one import of the whole table cost a Pico ~45 ms, a press waiting for it).
"""

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.khaan.tables import (ACTIONS, ALLIANCE_AT, ALLIANCE_ROLL, ARISTOCRACY_PRESTIGE, COLUMNS, DICE,
                                       EVENTS, GUARD_PRESTIGE, KURULTAI_EVERY, MAX_PLAYERS, MIN_PLAYERS, PASSAGE_AT,
                                       PASSAGE_ROLL, PRESTIGE_PER_RELATION, RELIGIONS, SETTLED, SILK_DIVISOR,
                                       START_GOLD, START_PASTURES, STRENGTH, TOKENS, TRIBES, UNITS, WAR_AT)
from shared_rules.ops import module
from shared_rules.pause import applied
from shared_rules.khaan.ops_play import MAX_EVENTS


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
    events = applied(apply, g, A.actions(args, MAX_EVENTS))
    return {"state": packed.pack(g) if packed is not None else state.game_json(g), "events": events}
