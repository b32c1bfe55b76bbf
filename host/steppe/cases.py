"""Seeded random cases for every op: the differential tests and `steppe verify` use them.

Positions come from random games played to varied depths, so the cases look like real
tables (rulers among yurts and figures, rulers at home, nearly full boards) and reach the
rare rules (last court yurt, no cell anywhere, the final phase). A few cases per op are
deliberately bad, so the error replies are compared too.
"""

import random

from shared_rules.khan import actions, load, randplay, state
from shared_rules.khan.tables import DIRECTIONS, FIGURE_KEYS, RULERS, SYMBOLS, TERRAINS

_SNAPSHOTS = {}


def snapshots(seed: int) -> list:
    """Game states (game JSON) taken along a few random games; cached per seed."""
    if seed not in _SNAPSHOTS:
        taken = []
        rnd = random.Random(seed)

        def take(game, move):
            if rnd.random() < 0.15:
                taken.append(state.game_json(game))

        for k in range(6):
            randplay.playout(seed * 100 + k, 2 + k % 3, None, take)
        _SNAPSHOTS[seed] = taken
    return _SNAPSHOTS[seed]


def _players(pieces: dict) -> list:
    names = sorted(set(v for v in pieces["yurts"].values() if v != "neutral"))
    return names or ["red"]


def _protections(rnd: random.Random, players: list) -> dict:
    prot = {"patronage": None, "gods": [], "recon": []}
    if rnd.random() < 0.3:
        prot["patronage"] = rnd.choice(players)
    if rnd.random() < 0.3:
        prot["gods"].append({"player": rnd.choice(players), "region": rnd.choice([None] + list(TERRAINS))})
    if rnd.random() < 0.3:
        prot["recon"].append({"player": rnd.choice(players), "figure": rnd.choice(FIGURE_KEYS),
                              "all": rnd.random() < 0.5})
    return prot


def _flee(rnd, snap):
    pieces = snap["pieces"]
    in_play = sorted(pieces["rulers"])
    ruler = rnd.choice(in_play) if in_play and rnd.random() < 0.95 else rnd.choice(RULERS)
    if rnd.random() < 0.1 and ruler in pieces["courts"]:
        pieces = dict(pieces)
        courts = dict(pieces["courts"])
        courts[ruler] = rnd.choice((0, 1, 1, 2))
        pieces["courts"] = courts
    if rnd.random() < 0.05:
        pieces = dict(pieces)
        pieces["supply"] = 0
    return {"board": "default", "pieces": pieces, "ruler": ruler, "direction": rnd.choice(DIRECTIONS),
            "source": rnd.choice(("court", "supply"))}


def _invasions(rnd, snap):
    args = {"pieces": snap["pieces"], "symbol": rnd.choice(SYMBOLS + ("any", "setup"))}
    if rnd.random() < 0.5:
        args["cell"] = chr(65 + rnd.randrange(14)) + str(1 + rnd.randrange(11))
    return args


def _conquests(rnd, snap):
    players = _players(snap["pieces"])
    return {"pieces": snap["pieces"], "player": rnd.choice(players), "consent": rnd.random() < 0.5,
            "protections": _protections(rnd, players), "limit": 3}


def _conquer(rnd, snap):
    args = _conquests(rnd, snap)
    del args["limit"]
    key = rnd.choice(FIGURE_KEYS)
    x = rnd.randrange(12)
    y = rnd.randrange(9)
    args["figure"] = key
    args["cells"] = [chr(65 + x + dx) + str(1 + y + dy) for dx, dy in ((0, 0), (1, 0), (1, 1), (2, 1), (0, 1))]
    n = 2 if key.endswith("2") else 3 if key.endswith("3") else 4 if key.endswith("4") else 5
    args["cells"] = args["cells"][:n]
    return args


def _score(rnd, snap):
    figures = [f for f in snap["pieces"]["figures"] if isinstance(f, dict)]
    return {"figures": figures, "players": snap["players"]}


def _bonus(rnd, snap):
    terr = {}
    for p in ("red", "yellow", "blue", "green")[:rnd.randrange(1, 5)]:
        terr[p] = [rnd.choice((2, 2, 3, 5, 8, 12, 20)) for _ in range(rnd.randrange(0, 6))]
    if rnd.random() < 0.3 and len(terr) > 1:
        names = sorted(terr)
        terr[names[1]] = list(terr[names[0]])
    return {"territories": terr}


def _flip(rnd, snap):
    cards = list(range(72))
    rnd.shuffle(cards)
    cut = rnd.randrange(0, 6)
    home = sorted(rnd.sample(RULERS, rnd.randrange(0, 6)))
    return {"seed": rnd.randrange(2**32), "stream": rnd.randrange(100), "draw": cards[:cut], "discard": cards[cut:60],
            "home": home}


def _board(rnd, snap):
    if rnd.random() < 0.2:
        return {"board": "default"}
    w = rnd.randrange(2, 9)
    h = rnd.randrange(2, 7)
    rows = ["".join(rnd.choice("+#") for _ in range(w + 2))]
    for _ in range(h):
        rows.append(rnd.choice("+#") + "".join(rnd.choice("MGTRSF~~..") for _ in range(w)) + rnd.choice("+#"))
    rows.append("".join(rnd.choice("+#") for _ in range(w + 2)))
    if rnd.random() < 0.1:
        rows[1] = rows[1][:1] + "Q" + rows[1][2:]
    return {"board": "\n".join(rows) + "\nruler grey A1\n"}


def _play(rnd, snap):
    from shared_rules.khan.game import OVER
    from shared_rules.rng import PCG32

    if snap["phase"] == OVER:
        return {"state": snap, "action": {"do": "end"}}
    game = load.game(snap)
    move = randplay.choose(game, PCG32(rnd.randrange(2**32), 1))
    return {"state": snap, "action": actions.move_json(game.board, move)}


def _rng(rnd, snap):
    return {"seed": rnd.randrange(2**64), "stream": rnd.randrange(2**64), "count": rnd.randrange(1, 20),
            "bound": rnd.choice((1, 2, 6, 52, 72, 1000, 40000, 2**31 + 5)), "n": rnd.randrange(0, 60)}


# Khan ops whose cases start from a game position (a snapshot of a random game)
_FROM_POSITIONS = {
    "khan.flee": _flee, "khan.invasions": _invasions, "khan.conquests": _conquests, "khan.conquer": _conquer,
    "khan.score": _score, "khan.bonus": _bonus, "khan.flip": _flip, "khan.board": _board, "khan.play": _play,
    "rng.draw": _rng, "rng.below": _rng, "rng.shuffle": _rng,
}


def _khan_new(rnd):
    return {"players": ["red", "blue", "green"][:rnd.randrange(1, 4)], "seed": rnd.randrange(2**32),
            "mode": rnd.choice(("virtual", "table"))}


# ops whose cases need only a random generator; each game adds its own (cases_<game>.py)
_PLAIN = {
    "khan.tables": lambda rnd: {},
    "khan.setup": lambda rnd: {"players": rnd.choice((2, 3, 4, 5))},
    "khan.new": _khan_new,
}


def generators() -> dict:
    """op name -> function(random.Random) -> arguments, for every op that has cases."""
    from steppe import cases_chuhan, cases_huns, cases_khaan

    out = dict(_PLAIN)
    for module in (cases_chuhan, cases_huns, cases_khaan):
        out.update(module.GENERATORS)
    return out


def generate(op: str, count: int, seed: int = 1) -> list:
    """count argument objects for op, the same for the same seed on every machine."""
    rnd = random.Random(op + ":" + str(seed))
    if op == "khan.playout":
        return [{"seed": seed * 1000 + k, "players": 2 + k % 3} for k in range(count)]
    if op in _FROM_POSITIONS:
        snaps = snapshots(seed)
        make = _FROM_POSITIONS[op]
        return [make(rnd, snaps[rnd.randrange(len(snaps))]) for _ in range(count)]
    make = generators()[op]
    return [make(rnd) for _ in range(count)]
