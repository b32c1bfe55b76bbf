"""Seeded random cases of the huns ops (see cases.py): op name -> function(random.Random) -> args.

Games come from seeded random tables (shared_rules/huns/randplay.py), so huns.play sees
real states at every phase: setup loot, rolls, takes, ends of rounds, recounts, scoring.
About one case in six or seven is deliberately bad, so the error replies are compared too.
"""

import random

from shared_rules.huns import randplay, state
from shared_rules.huns.tables import COLOURS, WAGON_TYPES

_MOVES = []  # (state JSON, the random table's action), from a few whole games


def moves() -> list:
    """(state, action) pairs taken along random games of 2, 3 and 4 players; cached."""
    if not _MOVES:
        for k in range(9):
            g, _ = randplay.playout(700 + k, 2 + k % 3, lambda g, a: _MOVES.append((state.game_json(g), a)))
            _MOVES.append((state.game_json(g), {"do": "end"}))  # a scored game: nothing more to do
    return _MOVES


def _bad(rnd: random.Random) -> bool:
    return rnd.random() < 0.15


def _players(rnd: random.Random):
    if rnd.random() < 0.08:
        return rnd.choice((1, 5, "3", None, 2.5, True))
    return rnd.randrange(2, 5)


def _digits(rnd: random.Random) -> str:
    return "".join(rnd.choice("1123456789") for _ in range(rnd.randrange(1, 9)))


def _faces(rnd: random.Random) -> dict:
    faces = {}
    for c in COLOURS:
        faces[c] = rnd.choice(("112233", "123456", "111", "2", _digits(rnd)))
    if rnd.random() < 0.2:
        faces[rnd.choice(COLOURS)] = rnd.choice(("", "0", "12a", 3, [1, 2], "1" * 21))
    if rnd.random() < 0.05:
        faces["white"] = "1"
    if rnd.random() < 0.05:
        del faces[rnd.choice(COLOURS)]
    return faces


def _tables(rnd: random.Random) -> dict:
    return {}


def _seat(rnd: random.Random, players):
    """Mostly a seat at the table; now and then one that is not."""
    if _bad(rnd) or type(players) is not int or not 2 <= players <= 4:
        return rnd.choice((-1, 4, "0", None))
    return rnd.randrange(players)


def _setup(rnd: random.Random) -> dict:
    args = {"players": _players(rnd)}
    if rnd.random() < 0.5:
        args["first"] = _seat(rnd, args["players"])
    return args


def _roll(rnd: random.Random) -> dict:
    args = {"seed": rnd.randrange(2**64) if not _bad(rnd) else rnd.choice((-1, 2**64, "7")),
            "stream": rnd.randrange(2**32)}
    if rnd.random() < 0.3:
        args["faces"] = _faces(rnd)
    return args


def _turns(rnd: random.Random) -> dict:
    players = _players(rnd)
    return {"players": players, "first": _seat(rnd, players)}


def _by_colour(rnd: random.Random, top: int) -> dict:
    out = {}
    for c in COLOURS:
        out[c] = rnd.choice((0, 1, 2, top // 2, top)) if rnd.random() < 0.15 else rnd.randrange(1, top + 1)
    return out


def _end_check(rnd: random.Random) -> dict:
    args = {"supply": _by_colour(rnd, 24), "decks": _by_colour(rnd, 12)}
    if _bad(rnd):
        where = args[rnd.choice(("supply", "decks"))]
        how = rnd.randrange(4)
        if how == 0:
            del where[rnd.choice(COLOURS)]
        elif how == 1:
            where["purple"] = 3
        elif how == 2:
            where[rnd.choice(COLOURS)] = rnd.choice((-1, 99, "2", None, 1.5))
        else:
            del args[rnd.choice(("supply", "decks"))]
    return args


def _camp(rnd: random.Random) -> dict:
    full = rnd.randrange(0, 4)
    camp = {"raids": rnd.randrange(0, 5), "mercenaries_full": full, "mercenaries_partial": rnd.randrange(0, 3),
            "treasures_met": rnd.randrange(0, 3), "curses_avoided": rnd.choice((0, 0, 0, 1, 2)),
            "wagons": {}, "stash": rnd.randrange(0, 25)}
    for t in WAGON_TYPES:
        if rnd.random() < 0.6:
            camp["wagons"][t] = rnd.randrange(0, 5)
    for key in ("raids", "treasures_met", "stash"):
        if rnd.random() < 0.1:
            del camp[key]
    return camp


def _score(rnd: random.Random) -> dict:
    camps = [_camp(rnd) for _ in range(rnd.randrange(2, 5))]
    if rnd.random() < 0.25 and len(camps) > 1:  # a tie on VP, maybe on the stash too
        camps[1] = dict(camps[0])
        if rnd.random() < 0.5:
            camps[1]["stash"] = rnd.randrange(0, 25)
    if _bad(rnd):
        how = rnd.randrange(6)
        camp = camps[rnd.randrange(len(camps))]
        if how == 0:
            camps = camps[:1]
        elif how == 1:
            camps = camps + camps[:2] + [{}]
        elif how == 2:
            camp["wagons"] = {"grey": 1}
        elif how == 3:
            camp["mercenaries_full"] = 9
            camp["mercenaries_partial"] = 9
        elif how == 4:
            camp["raid"] = 2
        else:
            camp[rnd.choice(("raids", "stash", "curses_avoided"))] = rnd.choice((-2, "1", None, 500, False))
    return {"camps": camps}


def _new(rnd: random.Random) -> dict:
    args = {"players": _players(rnd), "seed": rnd.randrange(2**32)}
    if rnd.random() < 0.3:
        args["first"] = _seat(rnd, args["players"])
    if rnd.random() < 0.2:
        args["faces"] = _faces(rnd)
    if rnd.random() < 0.3:
        args["stream"] = rnd.randrange(2**64)
    return args


def _wrong_action(rnd: random.Random, snap: dict):
    """An action the rules may well refuse in this state, or a malformed one."""
    colour = rnd.choice(COLOURS)
    return rnd.choice((
        {"do": "roll"}, {"do": "end"}, {"do": "take", "die": colour, "action": "cards"},
        {"do": "take", "die": colour, "action": "loot", "placed": rnd.randrange(0, 5)},
        {"do": "take", "die": colour, "action": "cards", "placed": 1},
        {"do": "take", "die": colour, "action": "loot", "placed": -1},
        {"do": "take", "die": colour, "action": "steal"}, {"do": "take", "die": "white", "action": "loot"},
        {"do": "start_loot", "colours": [colour, colour]}, {"do": "start_loot", "colours": [colour]},
        {"do": "roll", "dice": {"blue": 1, "red": 2, "green": 3, "black": 4, "yellow": 1}},
        {"do": "recount", "supply": {colour: rnd.randrange(0, 30)}},
        {"do": "recount", "decks": {colour: rnd.randrange(0, 14), "white": 1}},
        {"do": "recount", "decks": {colour: "2"}}, {"do": "score", "camps": [{}, {}]},
        {"do": "dance"}, {"do": "take", "die": colour, "action": "loot", "plcaed": 1}, ["roll"],
    ))


def _broken_state(rnd: random.Random, snap: dict) -> dict:
    snap = dict(snap)
    how = rnd.randrange(8)
    if how == 0:
        snap["supply"] = snap["supply"][:4]
    elif how == 1:
        snap["phase"] = "dinner"
    elif how == 2:
        snap["dice"] = [7, 7, 7, 7, 7]
    elif how == 3:
        snap["taken"] = ["red", "red"]
    elif how == 4:
        snap["rng"] = rnd.choice(("0" * 32, "0" * 31, [1] * 8))
    elif how == 5:
        snap["decks"] = [99] * 5
    elif how == 6:
        snap["start_loot"] = [[0, 2]]
    else:
        snap["horde"] = 1
    return snap


def _play(rnd: random.Random) -> dict:
    every = moves()
    if rnd.random() < 0.12:  # setup loot, final scoring and scored games are rare in a game: ask more
        every = [m for m in every if m[0]["phase"] in ("setup", "scoring", "over")]
    snap, action = rnd.choice(every)
    if rnd.random() < 0.12:
        action = _wrong_action(rnd, snap)
    elif rnd.random() < 0.04:
        snap = _broken_state(rnd, snap)
    return {"state": snap, "action": action}


GENERATORS = {
    "huns.tables": _tables, "huns.setup": _setup, "huns.roll": _roll, "huns.turns": _turns,
    "huns.end_check": _end_check, "huns.score": _score, "huns.new": _new, "huns.play": _play,
}
