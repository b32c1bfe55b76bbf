"""Seeded random cases of the khaan ops (see cases.py): op name -> function(random.Random) -> args.

Most cases are legal positions of a real table (pastures within their limits, armies of
a few units, a kurultai of 12 tribes with vassals, alliances and relations); about one in
eight is deliberately bad, so the error replies are compared too.
"""

import json
import random

NAMES = ("red", "blue", "green", "yellow", "white", "black")
EVENTS = ("attack", "same_religion", "other_religion", "trade", "treachery", "broken_alliance", "prestige")
ACTIONS = ("plunder_settled", "plunder_pasture", "battle_won", "vassalise_tribe", "vassalise_settled", "plundered",
           "battle_lost", "guard_destroyed", "became_vassal")


def _bad(rnd: random.Random) -> bool:
    return rnd.random() < 0.12


def _seed(rnd: random.Random, args: dict) -> dict:
    args["seed"] = rnd.randrange(2**64) if rnd.random() < 0.3 else rnd.randrange(2**32)
    if rnd.random() < 0.5:
        args["stream"] = rnd.randrange(1000)
    return args


def _players(rnd: random.Random) -> list:
    players = list(NAMES[:rnd.randrange(2, 7)])
    rnd.shuffle(players)
    return players


def _pasture(rnd: random.Random, full: bool = False) -> list:
    f = rnd.randrange(5)
    if full:
        return [f, f, f]
    h = rnd.randrange(f + 1)
    return [f, h, rnd.randrange(1, h + 1) if h else 0]


def _pastures(rnd: random.Random) -> list:
    count = rnd.choice((0, 1, 2, 2, 3, 4, 5, 6, 8, 24)) if rnd.random() < 0.9 else rnd.randrange(25)
    full = rnd.random() < 0.15
    return [_pasture(rnd, full) for _ in range(count)]


def _spoil_pastures(rnd: random.Random, pastures: list) -> None:
    if not pastures:
        pastures.append([7, 0, 0])
        return
    p = pastures[rnd.randrange(len(pastures))]
    how = rnd.randrange(4)
    if how == 0:
        p[1] = p[0] + 1
    elif how == 1:
        p[2] = p[1] + 1
    elif how == 2:
        p[1], p[2] = max(1, p[0]), 0
    else:
        p.append(1)


def _plan(rnd: random.Random, pastures: list) -> list:
    """A plan within the pasture limits (the herd and population totals may not fit)."""
    plan = []
    for f, h, n in pastures:
        add_h = rnd.randrange(f - h + 1)
        add_n = rnd.randrange(h + add_h - n + 1)
        if h + add_h and not n + add_n:
            add_n = 1
        plan.append([add_h, add_n])
    return plan


def _board(rnd):
    args = _seed(rnd, {})
    if rnd.random() < 0.2:
        args["fertility"] = [rnd.randrange(5) for _ in range(24)]
        if _bad(rnd):
            args["fertility"][rnd.randrange(24)] = rnd.choice((5, -1, "2"))
    elif _bad(rnd):
        args["fertility"] = [2] * rnd.choice((23, 25))
    return args


def _setup(rnd):
    players = _players(rnd)
    if _bad(rnd):
        players = rnd.choice((players[:1], players + ["grey"], players + [players[0]], ["tribe-3", "red"], [""]))
    return {"players": players}


def _roll(rnd):
    dice = [rnd.choice(("d6", "d4")) for _ in range(rnd.randrange(1, 9))]
    if _bad(rnd):
        dice = rnd.choice(([], ["d8"], dice + [6]))
    return _seed(rnd, {"dice": dice})


def _order(rnd):
    args = _seed(rnd, {"players": _players(rnd)})
    if _bad(rnd):
        del args["seed"]
    return args


def _growth(rnd):
    pastures = _pastures(rnd)
    args = {"pastures": pastures}
    if rnd.random() < 0.5:
        full = all(p[2] == p[0] for p in pastures)
        args["rolls"] = [rnd.randrange(1, 7), None if full else rnd.randrange(1, 5)]
        if _bad(rnd):
            args["rolls"] = rnd.choice(([7, 2], [3], [3, 5], [3, None if not full else 2]))
    else:
        _seed(rnd, args)
    if rnd.random() < 0.2:
        args["herd_bonus"] = rnd.randrange(-3, 4)
    if rnd.random() < 0.2:
        args["population_bonus"] = rnd.randrange(-3, 4)
    if rnd.random() < 0.15:
        args["plan"] = _plan(rnd, pastures)
    if _bad(rnd):
        _spoil_pastures(rnd, pastures)
    return args


def _place(rnd):
    pastures = _pastures(rnd)
    args = {"pastures": pastures, "herd": rnd.randrange(8), "population": rnd.randrange(6)}
    if rnd.random() < 0.4:
        plan = _plan(rnd, pastures)
        args["plan"] = plan
        args["herd"] = sum(p[0] for p in plan) + rnd.choice((0, 0, 1, 3))
        args["population"] = sum(p[1] for p in plan) + rnd.choice((0, 0, 0, 1))
    if _bad(rnd):
        rnd.choice((_spoil_pastures, lambda r, p: args.update({"herd": -1}),
                    lambda r, p: args.update({"plan": [[1]]})))(rnd, pastures)
    return args


def _side(rnd):
    side = {}
    for unit, hi in (("horde", 6), ("army", 3), ("guard", 3)):
        if rnd.random() < 0.7:
            side[unit] = rnd.randrange(hi + 1)
    if not any(side.values()):
        side["horde"] = rnd.randrange(1, 4)
    if rnd.random() < 0.4:
        side["bonus"] = rnd.randrange(-2, 5)
    return side


def _combat(rnd):
    args = {"attacker": _side(rnd), "defender": _side(rnd), "rolls": [rnd.randrange(1, 7), rnd.randrange(1, 7)]}
    if _bad(rnd):
        how = rnd.randrange(5)
        if how == 0:
            args["rolls"] = [rnd.randrange(1, 7)]
        elif how == 1:
            args["rolls"][1] = 7
        elif how == 2:
            args["defender"] = {"horde": 0}
        elif how == 3:
            args["attacker"]["cavalry"] = 2
        else:
            args["attacker"]["guard"] = 25
    return args


def _plunder(rnd):
    target = rnd.choice(("tribe", "player", "settled"))
    args = {"target": target}
    if target != "settled":
        args["fertility"] = rnd.randrange(5)
        if target == "player":
            args["population"] = rnd.randrange(args["fertility"] + 1)
    if rnd.random() < 0.5:
        args["rolls"] = [rnd.randrange(1, 5) for _ in range(1 if target == "settled" else 2)]
    else:
        _seed(rnd, args)
    if _bad(rnd):
        rnd.choice((lambda: args.update({"target": "city"}), lambda: args.update({"rolls": [5, 1]}),
                    lambda: args.pop("target"), lambda: args.update({"fertility": 5})))()
    return args


def _prestige(rnd):
    args = {}
    if rnd.random() < 0.8:
        args["ledger"] = rnd.randrange(30)
    args["actions"] = [rnd.choice(ACTIONS) for _ in range(rnd.randrange(6))]
    for key, hi in (("aristocracy", 5), ("guard", 6), ("kumys", 4)):
        if rnd.random() < 0.5:
            args[key] = rnd.randrange(hi)
    if rnd.random() < 0.5:
        args["religion"] = rnd.choice(("tengrism", "islam", "buddhism", "christianity", None))
    if _bad(rnd):
        rnd.choice((lambda: args.update({"religion": "zoroastrianism"}), lambda: args.update({"ledger": -2}),
                    lambda: args.update({"actions": ["battle_won", "feast"]})))()
    return args


def _diplomacy(rnd):
    value = rnd.randrange(-4, 5)
    args = {"value": value, "events": [rnd.choice(EVENTS) for _ in range(rnd.randrange(4))]}
    if value >= 3 and rnd.random() < 0.3:
        args["alliance"] = True
    if value >= 2 and rnd.random() < 0.3:
        args["passage"] = True
    if value <= -3 and "trade" in args["events"]:
        args["events"].remove("trade")
    if rnd.random() < 0.3 and value >= 1:
        args["events"].append("trade")
        args["ask"] = rnd.choice(("alliance", "passage"))
        if args["ask"] in args:
            del args[args["ask"]]
        if rnd.random() < 0.5:
            args["roll"] = rnd.randrange(1, 5)
        else:
            _seed(rnd, args)
    if _bad(rnd):
        rnd.choice((lambda: args.update({"events": ["war"]}), lambda: args.update({"alliance": True, "value": 1}),
                    lambda: args.update({"ask": "alliance", "value": 0, "events": []}),
                    lambda: args.update({"value": -3, "events": ["trade"]})))()
    return args


def _vote(rnd):
    """One independent tribe at a kurultai: sometimes a vassal or an overlord, sometimes
    allied, mostly choosing among 1 to 6 candidates by prestige and relations."""
    tribe = "tribe-" + str(rnd.randrange(1, 11))
    players = _players(rnd)
    args: dict = {"tribe": tribe}
    if rnd.random() < 0.15:
        args["overlord"] = rnd.choice(players)
    if rnd.random() < 0.1:
        args["vassals"] = True
    if rnd.random() < 0.3:
        members = [tribe] + rnd.sample(players, rnd.randrange(0, 3))
        rnd.shuffle(members)
        args["alliance"] = [[m, rnd.randrange(20)] for m in members]
    if rnd.random() < 0.95:
        args["candidates"] = [[p, rnd.choice((3, 8, 8, 12, 15)), rnd.randrange(-3, 5)] for p in players]
    if _bad(rnd):
        rnd.choice((lambda: args.update({"overlord": tribe}), lambda: args.update({"alliance": [["red", 3]]}),
                    lambda: args.update({"candidates": [[tribe, 3, 1]]}),
                    lambda: args.update({"candidates": [["red", -1, 0]]}),
                    lambda: args.update({"vassals": "yes"})))()
    return args


def _kurultai(rnd):
    n = 12 if rnd.random() < 0.8 else rnd.randrange(1, 13)
    tribes = list(NAMES[:min(n, rnd.randrange(2, 7))])
    tribes += ["tribe-" + str(k + 1) for k in range(n - len(tribes))]
    favourite = rnd.choice(tribes)
    votes = {}
    for t in tribes:
        r = rnd.random()
        votes[t] = favourite if r < 0.55 else None if r < 0.6 else rnd.choice(tribes)
    args: dict = {"votes": votes}
    if rnd.random() < 0.3:
        args["issues"] = [rnd.randrange(n + 1) for _ in range(rnd.randrange(1, 4))]
    if _bad(rnd):
        rnd.choice((lambda: votes.update({tribes[0]: "nobody"}), lambda: args.update({"votes": {}}),
                    lambda: args.update({"issues": [n + 1]})))()
    return args


def _countdown(rnd):
    args = {"round": rnd.randrange(1, 40)}
    if rnd.random() < 0.3:
        args["every"] = rnd.randrange(1, 7)
    if _bad(rnd):
        args["round"] = rnd.choice((0, -1, "3"))
    return args


GENERATORS = {
    "khaan.tables": lambda rnd: {},
    "khaan.board": _board,
    "khaan.setup": _setup,
    "khaan.roll": _roll,
    "khaan.order": _order,
    "khaan.growth": _growth,
    "khaan.place": _place,
    "khaan.combat": _combat,
    "khaan.plunder": _plunder,
    "khaan.prestige": _prestige,
    "khaan.diplomacy": _diplomacy,
    "khaan.vote": _vote,
    "khaan.kurultai": _kurultai,
    "khaan.countdown": _countdown,
}


_GAMES: list = []  # states along seeded random games (built once)


def _games() -> list:
    """Saved states taken along a few seeded random games of the rules core's random table."""
    if not _GAMES:
        from shared_rules.khaan import randplay, state

        rnd = random.Random("khaan games")

        def keep(game, action) -> None:
            if rnd.random() < 0.3:
                _GAMES.append(state.game_json(game))

        for k in range(12):
            randplay.playout(k, 2 + k % 5, keep)
    return _GAMES


def _new(rnd):
    args = _seed(rnd, {"players": _players(rnd)})
    if _bad(rnd):
        args["players"] = rnd.choice((args["players"][:1], args["players"] + [args["players"][0]], [""], "red"))
    return args


def _play(rnd):
    from shared_rules.khaan import randplay, state
    from shared_rules.rng import PCG32

    s = rnd.choice(_games())
    g = state.game(json.loads(json.dumps(s)))
    chooser = PCG32(rnd.randrange(2 ** 32), 1)
    actions = []
    for _ in range(rnd.randrange(1, 4)):
        a = randplay.choose(g, chooser)
        if a is None:
            break
        actions.append(a)
    if _bad(rnd) or not actions:
        actions.append(rnd.choice(({"do": "fly"}, {"do": "roll", "d6": 9}, {"do": "prestige", "player": "pink",
                                                                               "points": 1},
                                   {"do": "kurultai", "votes": {"red": 13}}, {"do": "round", "round": 0},
                                   {"do": "battle", "attacker": {"horde": 0}, "defender": {"horde": 1}})))
    args = {"state": s, "actions": actions}
    if rnd.random() < 0.03:
        args["state"] = dict(s, round=0)
    return args


GENERATORS["khaan.new"] = _new
GENERATORS["khaan.play"] = _play
