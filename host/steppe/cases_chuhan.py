"""Seeded random cases of the chuhan ops (see cases.py): op name -> function(random.Random) -> args.

Game states come from random games played through the engine (every event mode, many
rounds, abilities waiting for counters, won games), so chuhan.play meets real positions.
A few cases per op are deliberately bad, so the error replies are compared too.
"""

import random

from shared_rules.chuhan import actions, randplay, state
from shared_rules.chuhan.game import OVER, most_cards, new_game
from shared_rules.chuhan.tables import ABILITIES, EVENT_KEYS, EVENTS, PLAYERS, RANK_COUNTS
from shared_rules.errors import RulesError
from shared_rules.rng import PCG32

_SNAPSHOTS = []


def _plain(rnd: random.Random) -> list:
    rank = rnd.randrange(1, 10)
    cards = [rank] * rnd.randint(1, min(4, RANK_COUNTS[rank]))
    if rnd.random() < 0.15:
        cards.append(0)
    return cards


def _random_set(rnd: random.Random) -> dict:
    """Set fields of a "set" action or an answer: mostly well formed, now and then not."""
    kind = rnd.random()
    if kind < 0.3:  # twos, often enough to score
        cards = [2] * rnd.randint(3, 8) + ([0] if rnd.random() < 0.3 else [])
        return {"cards": cards}
    if kind < 0.5:  # Zhongli Mo: distinct ranks
        cards = rnd.sample(range(10), rnd.randint(2, 8))
        if rnd.random() < 0.1:
            cards.append(cards[0])
        return {"cards": cards, "zhongli_mo": True}
    if kind < 0.6:
        return {"cards": [10] + ([0] if rnd.random() < 0.2 else [])}
    if kind < 0.7:
        return {"cards": _plain(rnd), "peng_yue": True}
    if kind < 0.75:
        return {"cards": [rnd.randrange(0, 11) for _ in range(rnd.randint(1, 4))]}
    return {"cards": _plain(rnd)}


def _legal_action(rnd: random.Random, g) -> dict:
    """An action that is (almost always) legal in the game g: the rules core's random table."""
    return randplay.choose(g, PCG32(rnd.randrange(2 ** 32), randplay.CHOOSER_STREAM))


def snapshots() -> list:
    """Saved states taken along a few seeded random games (built once)."""
    if not _SNAPSHOTS:
        rnd = random.Random("chuhan snapshots")
        for k in range(40):
            g = new_game(("off", "virtual", "table")[k % 3], k)
            for _ in range(400):
                if rnd.random() < 0.25:
                    _SNAPSHOTS.append(state.game_json(g))
                if g.phase == OVER:
                    break
                try:
                    actions.apply(g, _legal_action(rnd, g))
                except RulesError:
                    pass
            _SNAPSHOTS.append(state.game_json(g))
    return _SNAPSHOTS


def _broken_state(rnd: random.Random, s: dict) -> dict:
    s = dict(s)
    key = rnd.choice(sorted(s))
    s[key] = rnd.choice((None, -1, "x", 99, [], {"han": 1}, True))
    return s


def _wild_action(rnd: random.Random) -> dict:
    """Any action at all: often illegal now, sometimes malformed."""
    action: dict = {"do": rnd.choice(actions.DOS + ("fly",)), "player": rnd.choice(PLAYERS + ("wei",))}
    if action["do"] == "set":
        action.update(_random_set(rnd))
        if rnd.random() < 0.5:
            action["last"] = _random_set(rnd)
    action["card"] = rnd.choice(ABILITIES + ("lu_zhi", "xiao_he", "ziying"))
    action["cards"] = action.get("cards", rnd.randint(-1, 25))
    if rnd.random() < 0.3:
        action["event"] = rnd.choice(EVENT_KEYS + ("dragon",))
    return action


def _play(rnd: random.Random) -> dict:
    snaps = snapshots()
    s = snaps[rnd.randrange(len(snaps))]
    roll = rnd.random()
    if roll < 0.05:
        return {"state": _broken_state(rnd, s), "action": {"do": "resolve"}}
    g = state.game(s)
    if g.phase == OVER:
        return {"state": s, "action": _wild_action(rnd)}
    if roll < 0.82:
        return {"state": s, "action": _legal_action(rnd, g)}
    if roll < 0.9:
        # a few actions in a row, each chosen for the state the one before leaves
        todo = []
        for _ in range(2):
            a = _legal_action(rnd, g)
            try:
                actions.apply(g, a)
            except RulesError:
                break
            todo.append(a)
            if g.phase == OVER:
                break
        return {"state": s, "actions": todo}
    return {"state": s, "action": _wild_action(rnd)}


def _answer(rnd: random.Random) -> dict:
    args = {}
    if rnd.random() < 0.8:
        last = _random_set(rnd)
        args["last"] = last["cards"] if len(last) == 1 and rnd.random() < 0.5 else last
    answer = _random_set(rnd)
    args["answer"] = answer["cards"] if len(answer) == 1 and rnd.random() < 0.5 else answer
    if rnd.random() < 0.04:
        args["answer"] = rnd.choice(([], "2", {"cards": [2], "joker": True}, [2, 12]))
    return args


def _new(rnd: random.Random) -> dict:
    args = {"events": rnd.choice(("off", "virtual", "table", "virtual")), "seed": rnd.randrange(2**64)}
    if rnd.random() < 0.3:
        args["stream"] = rnd.randrange(2**32)
    if rnd.random() < 0.08:
        args = rnd.choice(({"events": "virtual"}, {"events": "all"}, {"seed": -3}))
    return args


def _events(rnd: random.Random) -> dict:
    roll = rnd.random()
    if roll < 0.3:
        return {}
    if roll < 0.95:
        return {"seed": rnd.randrange(2**64), "stream": rnd.randrange(1000)}
    return {"seed": "x"}


def _going_out(rnd: random.Random) -> dict:
    edicts = rnd.randint(0, 6)
    args = {"cards": rnd.randint(0, most_cards(edicts)), "edicts": edicts, "doubled": rnd.random() < 0.3}
    if rnd.random() < 0.08:
        args[rnd.choice(("cards", "edicts", "doubled"))] = rnd.choice((-1, 40, "2", None))
    return args


def _round(rnd: random.Random) -> dict:
    high = 40 if rnd.random() < 0.2 else 30
    args = {"vp": {"han": rnd.randint(0, high), "chu": rnd.randint(0, high)}, "out": rnd.choice(PLAYERS)}
    if rnd.random() < 0.2:
        args["vp"]["chu"] = args["vp"]["han"]
    if rnd.random() < 0.7:
        pool = []
        for e in EVENTS:
            pool += [e[0]] * e[2]
        args["events"] = rnd.sample(pool, rnd.randint(0, 14))
        args["seed"] = rnd.randrange(2**64)
    if rnd.random() < 0.06:
        args[rnd.choice(("vp", "out", "events"))] = rnd.choice((None, "han", ["dragon"], {"han": -1, "chu": 0}))
    return args


GENERATORS = {
    "chuhan.tables": lambda rnd: {},
    "chuhan.events": _events,
    "chuhan.new": _new,
    "chuhan.play": _play,
    "chuhan.answer": _answer,
    "chuhan.going_out": _going_out,
    "chuhan.round": _round,
}
