"""Rise of the Khaan data as JSON, both ways: pastures, plans, battle sides, dice, tribes.

Reading checks every field and names it in the error; the engine modules then trust what
they get. Checks run in a fixed order (object keys in sorted order), so the first error
is the same on every port. The names of fields ("pastures[3][1]") are built only when an
error is raised: on the Pico, building them for every good field would cost more than
the rules themselves, so hot loops test the common case in one expression and leave the
naming to the careful checks.

pasture: [fertility, herd, population]
side:    {"horde", "army", "guard", "bonus"} (a missing key is 0)
alliance: [[tribe, prestige]], candidates: [[tribe, prestige, relations]], in seat order
"""

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.khaan.growth import check
from shared_rules.khaan.tables import (COMBAT_DIE, DICE, MAX_BONUS, MAX_FERTILITY, MAX_PLAYERS, MAX_PRESTIGE,
                                       MAX_RELATION, MIN_PLAYERS, ORDER_DIE, PLUNDER_DIE, TOKENS, UNITS)
from shared_rules.ops import module
from shared_rules.rng import PCG32

MAX_NAME = 16
MAX_PASTURES = 24
SIDE_KEYS = UNITS + ("bonus",)


def path(where: str, k: int = -1, key: str = "") -> str:
    """A field's name in errors: where[k].key."""
    if k >= 0:
        where += "[" + str(k) + "]"
    return where + "." + key if key else where


def number(v, lo: int, hi: int, where: str, k: int = -1, key: str = "") -> int:
    if type(v) is not int or v < lo or v > hi:
        raise bad_args("khaan.integer", path(where, k, key), lo, hi)
    return v


def field(obj: dict, key: str, lo: int, hi: int, where: str, k: int = -1, default=None) -> int:
    """obj[key], an integer lo..hi; a missing key is the default (None: required)."""
    v = obj.get(key, default)
    if type(v) is not int or v < lo or v > hi:
        if v is None and key not in obj:
            raise bad_args("khaan.missing", path(where, k, key))
        raise bad_args("khaan.integer", path(where, k, key), lo, hi)
    return v


def keys(obj, allowed: tuple, where: str, k: int = -1) -> dict:
    """obj as a dict whose keys are all allowed (the first wrong key in sorted order)."""
    if type(obj) is not dict:
        raise bad_args("khaan.object", path(where, k), ", ".join(allowed))
    for key in obj:
        if key not in allowed:
            for key in sorted(obj):
                if key not in allowed:
                    raise bad_args("khaan.unknown_key", path(where, k), str(key)[:20], ", ".join(allowed))
    return obj


def items(v, hi: int, where: str, lo: int = 0) -> list:
    if type(v) is not list or len(v) < lo or len(v) > hi:
        if lo == hi:
            raise bad_args("khaan.list_n", where, lo)
        raise bad_args("khaan.list", where, lo, hi)
    return v


def choice(v, options: tuple, where: str, k: int = -1) -> int:
    """The index of a keyword among options."""
    if type(v) is not str or v not in options:
        raise bad_args("khaan.choice", path(where, k), ", ".join(options))
    return options.index(v)


def choices(v, options: tuple, where: str, hi: int) -> "list[int]":
    """A list of keywords (at most hi) as indexes into options; an error names the item."""
    data = items(v, hi, where)
    return [choice(data[k], options, where, k) for k in range(len(data))]


def face(v, die: str, where: str, k: int = -1) -> int:
    """A die's result, which must be one of its faces (tables.DICE)."""
    faces = DICE[die]
    if type(v) is not int or v not in faces:
        raise bad_args("khaan.face", path(where, k), die, " ".join(str(f) for f in sorted(set(faces))))
    return v


def name(v, where: str, k: int = -1, key: str = "") -> str:
    if type(v) is not str or not v or len(v) > MAX_NAME:
        raise bad_args("khaan.name", path(where, k, key), MAX_NAME)
    return v


def players(args: dict, key: str = "players") -> "list[str]":
    """Player ids, distinct, MIN_PLAYERS..MAX_PLAYERS of them, in seat order (the list
    given, read only)."""
    out = items(A.get(args, key), MAX_PLAYERS, key, MIN_PLAYERS)
    for k in range(len(out)):
        v = out[k]
        if type(v) is not str or not v or len(v) > MAX_NAME:
            name(v, key)
        if out.index(v) < k:
            raise bad_args("khaan.twice", key, v)
    return out


# -- pastures -----------------------------------------------------------------------------
def pastures(args: dict, key: str = "pastures") -> "tuple[list, tuple[int, int]]":
    """([[fertility, herd, population]], each pasture within the placement limits, the
    lists given used as they are (read only); (room for population beside the herd,
    spare grass for more herd) summed over them, as growth.room gives it)."""
    data = items(A.get(args, key), MAX_PASTURES, key)
    ty = type  # locals: a global lookup per field costs more than the checks on the Pico
    it = int
    li = list
    top = MAX_FERTILITY
    beside = 0
    spare = 0
    for k in range(len(data)):
        p = data[k]
        # the common case in one test; anything else takes the careful way, which names it
        if ty(p) is not li or len(p) != 3:
            raise bad_args("khaan.pasture", path(key, k))
        f, h, n = p
        if ty(f) is not it or ty(h) is not it or ty(n) is not it or not 0 <= n <= h <= f <= top or (h and not n):
            number(f, 0, top, path(key, k) + "[0]")
            number(h, 0, top, path(key, k) + "[1]")
            number(n, 0, top, path(key, k) + "[2]")
            check([p], path(key, k), bad_args, False)
        beside += h - n
        spare += f - h
    return data, (beside, spare)


def plan(args: dict, count: int):
    """The placement plan: per pasture [herd, population] added, or None (our default).
    Returned as two lists: herd added, population added."""
    data = args.get("plan")
    if data is None:
        return None
    items(data, count, "plan", count)
    herd = [0] * count
    population = [0] * count
    ty = type
    it = int
    top = MAX_FERTILITY
    for k in range(count):
        p = data[k]
        if ty(p) is not list or len(p) != 2:
            raise bad_args("khaan.plan_entry", path("plan", k))
        h, n = p
        if ty(h) is not it or ty(n) is not it or not 0 <= h <= top or not 0 <= n <= top:
            number(h, 0, top, path("plan", k) + "[0]")
            number(n, 0, top, path("plan", k) + "[1]")
        herd[k] = h
        population[k] = n
    return herd, population


# -- battles ------------------------------------------------------------------------------
def side(args: dict, key: str) -> tuple:
    """(horde, army, guard, bonus); units up to the tokens in the box, at least one."""
    s = A.get(args, key)
    if type(s) is dict:  # the common case in one test
        horde = s.get("horde", 0)
        army = s.get("army", 0)
        guard = s.get("guard", 0)
        bonus = s.get("bonus", 0)
        ty = type
        it = int
        if ty(horde) is it and ty(army) is it and ty(guard) is it and ty(bonus) is it \
                and 0 <= horde <= TOKENS[0] and 0 <= army <= TOKENS[1] and 0 <= guard <= TOKENS[2] \
                and -MAX_BONUS <= bonus <= MAX_BONUS and (horde or army or guard) \
                and len(s) == ("horde" in s) + ("army" in s) + ("guard" in s) + ("bonus" in s):
            return horde, army, guard, bonus
    # the careful way, in sorted key order (army, bonus, guard, horde), naming the field
    s = keys(s, SIDE_KEYS, key)
    army = field(s, UNITS[1], 0, TOKENS[1], key, -1, 0)
    bonus = field(s, "bonus", -MAX_BONUS, MAX_BONUS, key, -1, 0)
    guard = field(s, UNITS[2], 0, TOKENS[2], key, -1, 0)
    horde = field(s, UNITS[0], 0, TOKENS[0], key, -1, 0)
    if not horde and not army and not guard:
        raise bad_args("khaan.no_units", key)
    return horde, army, guard, bonus


def units_json(units) -> dict:
    return {UNITS[0]: units[0], UNITS[1]: units[1], UNITS[2]: units[2]}


# -- the kurultai --------------------------------------------------------------------------
def entries(args: dict, key: str, size: int, hi: int) -> "list[list]":
    """A list of [name, prestige] or [name, prestige, relations] entries (size 2 or 3),
    names distinct, at most hi of them."""
    data = items(args.get(key, []), hi, key)
    ty = type
    it = int
    most = MAX_PRESTIGE
    far = MAX_RELATION
    seen = {}
    for j in range(len(data)):
        e = data[j]
        if ty(e) is not list or len(e) != size or ty(e[0]) is not str or not e[0] or len(e[0]) > MAX_NAME \
                or ty(e[1]) is not it or e[1] < 0 or e[1] > most \
                or (size == 3 and (ty(e[2]) is not it or e[2] < -far or e[2] > far)):
            _entry(e, key, j, size)
        if e[0] in seen:
            raise bad_args("khaan.twice", key, e[0])
        seen[e[0]] = j
    return data


def _entry(e, key: str, j: int, size: int) -> None:
    """The careful checks of an entry that failed the quick test: raise naming the field."""
    if type(e) is not list or len(e) != size:
        raise bad_args("khaan.entry", path(key, j), "[tribe, prestige]" if size == 2 else
                       "[tribe, prestige, relations]")
    name(e[0], key, j)
    number(e[1], 0, MAX_PRESTIGE, path(key, j) + "[1]")
    if size == 3:
        number(e[2], -MAX_RELATION, MAX_RELATION, path(key, j) + "[2]")


# -- the game ------------------------------------------------------------------------------
# {"game": "khaan", "version", "players", "round", "turn": player, "every", "unit", "prestige": {player: n}, "khan",
#  "dice": {"d6", "d4", "rolls"}, "order": null | {"order", "rounds"},
#  "battle": null | {"attacker", "defender", "rolls"},
#  "plunder": null | {"target", "fertility", "population", "rolls"}, "rng"}
STATE_KEYS = ("battle", "dice", "every", "first", "game", "khan", "order", "players", "plunder", "prestige", "rng", "round",
              "turn", "unit", "version")  # turn, unit: absent in a game saved before, which counted rounds


def side_json(side) -> dict:
    return {"horde": side[0], "army": side[1], "guard": side[2], "bonus": side[3]}


def game_json(g) -> dict:
    """The whole game, as the device saves it in a snapshot."""
    version = module("shared_rules.khaan.game").STATE_VERSION  # (an import statement: ~0.3 ms of a Pico)
    targets = module("shared_rules.khaan.plunder").TARGETS

    p = g.players
    out: dict = {
        "game": "khaan", "version": version, "players": list(p), "round": g.round, "turn": p[g.turn], "every": g.every,
        "unit": g.unit,
        "prestige": {p[k]: g.prestige[k] for k in range(len(p))},
        "khan": p[g.khan] if g.khan >= 0 else None,
        "dice": {"d6": g.counts[0], "d4": g.counts[1], "rolls": list(g.rolls)},
        "order": None, "battle": None, "plunder": None, "rng": g.rng.getstate(),
    }
    if g.first:  # (the first seat began unless a turn-order roll said otherwise)
        out["first"] = p[g.first]
    if g.order is not None and g.rounds is not None:
        out["order"] = {"order": [p[k] for k in g.order], "rounds": [list(r) for r in g.rounds]}
    if g.battle is not None:
        a, d, r = g.battle
        out["battle"] = {"attacker": side_json(a), "defender": side_json(d), "rolls": list(r)}
    if g.loot is not None:
        t, f, n, r = g.loot
        out["plunder"] = {"target": targets[t], "fertility": f, "population": n, "rolls": list(r)}
    return out


def game(data):
    """A game from its JSON, every field checked (bad_args names the field)."""
    dice = module("shared_rules.khaan.dice")  # (import statements: ~1 ms of a Pico, each request)
    plunder = module("shared_rules.khaan.plunder")
    gm = module("shared_rules.khaan.game")

    data = keys(data, STATE_KEYS, "state")
    if data.get("game") != "khaan":
        raise bad_args("khaan.choice", "state.game", "khaan")
    field(data, "version", gm.STATE_VERSION, gm.STATE_VERSION, "state")
    players = gm.check_players(data.get("players"), "state.players")
    names = tuple(players)
    try:
        rng = PCG32(state=data.get("rng") or [])
    except ValueError as e:
        raise bad_args("state.rng: " + str(e))
    g = gm.KhaanGame(list(players), rng)
    g.round = field(data, "round", 1, gm.MAX_ROUND, "state")
    g.every = field(data, "every", 1, gm.MAX_EVERY, "state")
    if "unit" in data:
        g.unit = gm.INTERVAL_UNITS[choice(data["unit"], gm.INTERVAL_UNITS, "state.unit")]
    if "turn" in data:
        g.turn = choice(data["turn"], names, "state.turn")
    if "first" in data:
        g.first = choice(data["first"], names, "state.first")
    held = keys(data.get("prestige"), names, "state.prestige")
    g.prestige = [field(held, p, -MAX_PRESTIGE, MAX_PRESTIGE, "state.prestige") for p in players]
    if data.get("khan") is not None:
        g.khan = choice(data["khan"], names, "state.khan")
    d = keys(data.get("dice"), ("d4", "d6", "rolls"), "state.dice")
    n6 = field(d, "d6", 0, gm.EACH, "state.dice")
    n4 = field(d, "d4", 0, gm.EACH, "state.dice")
    if not n6 + n4:
        raise bad_args("state.dice: a roll has at least one die")
    rolls = items(d.get("rolls"), n6 + n4, "state.dice.rolls")
    if rolls:
        items(rolls, n6 + n4, "state.dice.rolls", n6 + n4)
    g.counts = [n6, n4]
    g.rolls = [face(rolls[k], "d6" if k < n6 else "d4", "state.dice.rolls", k) for k in range(len(rolls))]
    o = data.get("order")
    if o is not None:
        o = keys(o, ("order", "rounds"), "state.order")
        rounds = items(o.get("rounds"), dice.MAX_ROUNDS, "state.order.rounds", 1)
        for j in range(len(rounds)):
            row = items(rounds[j], len(players), "state.order.rounds", len(players))
            for k in range(len(row)):
                if row[k] is not None:
                    face(row[k], ORDER_DIE, "state.order.rounds[" + str(j) + "]", k)
        places = dice.settle(rounds, len(players))
        if places is None:
            raise bad_args("state.order.rounds: not a turn-order roll (all roll, then the tied players re-roll)")
        if o.get("order") != [players[k] for k in places]:
            raise bad_args("state.order.order is not the order its rounds give")
        g.order = places
        g.rounds = [list(row) for row in rounds]
    b = data.get("battle")
    if b is not None:
        b = keys(b, ("attacker", "defender", "rolls"), "state.battle")
        r = items(b.get("rolls"), 2, "state.battle.rolls", 2)
        g.battle = (side(b, "attacker"), side(b, "defender"),
                    [face(r[0], COMBAT_DIE, "state.battle.rolls", 0), face(r[1], COMBAT_DIE, "state.battle.rolls", 1)])
    p = data.get("plunder")
    if p is not None:
        p = keys(p, ("fertility", "population", "rolls", "target"), "state.plunder")
        t = choice(p.get("target"), plunder.TARGETS, "state.plunder.target")
        f = field(p, "fertility", 0, MAX_FERTILITY, "state.plunder")
        n = field(p, "population", 0, MAX_FERTILITY, "state.plunder")
        if n and plunder.TARGETS[t] != plunder.PLAYER:
            raise bad_args("khaan.plunder_population")
        count = 1 if plunder.TARGETS[t] == plunder.SETTLED else 2
        r = items(p.get("rolls"), count, "state.plunder.rolls", count)
        g.loot = (t, f, n, [face(r[k], PLUNDER_DIE, "state.plunder.rolls", k) for k in range(count)])
    return g
