"""A Rise of the Khaan state packed: what steppe sends a device for khaan.play, and what the
device answers it with (host/steppe/wire.py).

{"game": "khaan", "version": 1, "players": [ids], "packed": [integers]} - the players as
they are, everything else a list of integers (version 1):

    [1, round, turn, every, unit, first, khan,
     prestige of each player...,
     d6, d4, n, the last roll's n faces...,
     n, the turn-order roll's n rounds, a face a player each (0: did not roll)...,
     0 | 1, attacker's horde army guard bonus, defender's, the two d6,
     0 | 1, target, fertility, population, n, the plunder's n d4,
     the dice's PCG32: 8 integers]

turn, first and khan are seats (khan -1: none yet), unit an index of INTERVAL_UNITS,
target of plunder.TARGETS. Why: a state as JSON is ~60 strings in nested objects, and on a
Pico every string read is looked for among every name MicroPython has interned (~0.1 ms
each once the rules are loaded), every object a sorted copy to be checked and written:
reading, checking and writing it back was half of khaan.play's request. Integers cost
neither. Every value is checked with the bounds it has in a JSON state (state.game), and
a wrong one is a bad_args naming its place in the list.
"""

from shared_rules.errors import bad_args
from shared_rules.khaan.dice import MAX_ROUNDS, settle
from shared_rules.khaan.tables import DICE_IN_BOX, MAX_PLAYERS
from shared_rules.ops import module
from shared_rules.rng import PCG32

VERSION = 1
KEY = "packed"
# the longest: the head and each player's prestige, a roll of every die, a turn-order roll of
# MAX_ROUNDS rounds, a battle (its flag, two sides, two d6), a plunder (its flag, four, two d4), PCG32
MAX_INTS = 7 + MAX_PLAYERS + 3 + DICE_IN_BOX + 1 + MAX_ROUNDS * MAX_PLAYERS + 11 + 7 + 8
WRAPPER = ("game", "packed", "players", "version")


def is_packed(data) -> bool:
    """Whether a state is the packed form (a dict with "packed")."""
    return type(data) is dict and KEY in data


def pack(g) -> dict:
    """The packed state of a game."""
    gm = module("shared_rules.khaan.game")
    out = [VERSION, g.round, g.turn, g.every, gm.INTERVAL_UNITS.index(g.unit), g.first, g.khan]
    out += g.prestige
    out += g.counts
    out.append(len(g.rolls))
    out += g.rolls
    if g.order is not None and g.rounds is not None:
        out.append(len(g.rounds))
        for row in g.rounds:
            for v in row:
                out.append(v or 0)
    else:
        out.append(0)
    if g.battle is not None:
        a, d, r = g.battle
        out.append(1)
        out += a
        out += d
        out += r
    else:
        out.append(0)
    if g.loot is not None:
        t, f, n, r = g.loot
        out += (1, t, f, n, len(r))
        out += r
    else:
        out.append(0)
    out += g.rng.getstate()
    return {"game": "khaan", "version": gm.STATE_VERSION, "players": list(g.players), KEY: out}


HEAD = ("the version", "the round", "the turn's seat", "the kurultai interval", "the interval's unit",
        "the first seat", "the Great Khan's seat")  # (the first seven integers, in errors)


def _need(ints: list, at: int, k: int, what: str) -> None:
    if at + k > len(ints):
        raise bad_args("state.packed ends before " + what)


def _bad(v: int, lo: int, hi: int, at: int, what: str):
    return bad_args("state.packed[" + str(at) + "] (" + what + ") is " + str(v) + ", not " + str(lo) + ".." + str(hi))


def _faces(ints: list, at: int, k: int, faces: tuple, what: str) -> list:
    out = ints[at:at + k]
    for j in range(k):
        if out[j] not in faces:
            raise bad_args("state.packed[" + str(at + j) + "] (" + what + ") is not a face of the die: "
                           + " ".join(str(f) for f in faces))
    return out


def unpack(data, type=type, int=int, len=len):
    """The game a packed state holds, every value checked with the bounds state.game gives
    it in a JSON state (tests/rules/test_khaan_packed.py holds the two to each other): a
    wrong one raises bad_args naming its place in the list. (The builtins are its locals,
    never given: a builtin's name is looked up in the module's globals, then the builtins'
    - a type() each integer cost the Pico ~18 us so, 1 ms a state.)"""
    gm = module("shared_rules.khaan.game")
    tables = module("shared_rules.khaan.tables")
    for key in data:
        if key not in WRAPPER:
            raise bad_args("a packed state has only " + ", ".join(WRAPPER) + "; not \"" + str(key)[:20] + "\"")
    if data.get("game") != "khaan":
        raise bad_args("khaan.choice", "state.game", "khaan")
    if data.get("version") != gm.STATE_VERSION:
        raise bad_args("khaan.integer", "state.version", gm.STATE_VERSION, gm.STATE_VERSION)
    players = list(gm.check_players(data.get("players"), "state.players"))
    ints = data[KEY]
    if type(ints) is not list or len(ints) > MAX_INTS:
        raise bad_args("state.packed must be a list of at most " + str(MAX_INTS) + " integers")
    for v in ints:
        if type(v) is not int:
            raise bad_args("state.packed must be a list of integers")
    n = len(players)
    _need(ints, 0, 10 + n, "its dice")
    units = gm.INTERVAL_UNITS
    lows = (VERSION, 1, 0, 1, 0, 0, -1)
    highs = (VERSION, gm.MAX_ROUND, n - 1, gm.MAX_EVERY, len(units) - 1, n - 1, n - 1)
    for j in range(7):
        v = ints[j]
        if v < lows[j] or v > highs[j]:
            raise _bad(v, lows[j], highs[j], j, HEAD[j])
    g = gm.KhaanGame(players, None)  # type: ignore[arg-type]  (its PCG32 last, once all else is read)
    g.round = ints[1]
    g.turn = ints[2]
    g.every = ints[3]
    g.unit = units[ints[4]]
    g.first = ints[5]
    g.khan = ints[6]
    top = tables.MAX_PRESTIGE
    g.prestige = ints[7:7 + n]
    for k in range(n):
        if g.prestige[k] < -top or g.prestige[k] > top:
            raise _bad(g.prestige[k], -top, top, 7 + k, "prestige")
    at = 7 + n
    each = gm.EACH
    n6 = ints[at]
    n4 = ints[at + 1]
    k = ints[at + 2]
    if n6 < 0 or n6 > each or n4 < 0 or n4 > each:
        raise _bad(n6, 0, each, at, "the d6 rolled") if n6 < 0 or n6 > each else _bad(n4, 0, each, at + 1, "the d4 rolled")
    if not n6 + n4:
        raise bad_args("state.dice: a roll has at least one die")
    if k and k != n6 + n4:
        raise _bad(k, n6 + n4, n6 + n4, at + 2, "the faces rolled")
    at += 3
    _need(ints, at, k + 1, "its turn-order roll")
    dice = tables.DICE
    g.counts = [n6, n4]
    g.rolls = _faces(ints, at, n6, dice["d6"], "a d6") + _faces(ints, at + n6, n4, dice["d4"], "a d4") if k else []
    at += k
    rounds = ints[at]
    if rounds < 0 or rounds > MAX_ROUNDS:
        raise _bad(rounds, 0, MAX_ROUNDS, at, "the turn-order roll's rounds")
    at += 1
    if rounds:
        _need(ints, at, rounds * n + 1, "its battle")
        order_faces = dice[tables.ORDER_DIE]
        rows = []
        for _ in range(rounds):
            row = ints[at:at + n]
            for q in range(n):
                if not row[q]:
                    row[q] = None
                elif row[q] not in order_faces:
                    _faces(ints, at + q, 1, order_faces, "a turn-order face")
            rows.append(row)
            at += n
        places = settle(rows, n)
        if places is None:
            raise bad_args("state.order.rounds: not a turn-order roll (all roll, then the tied players re-roll)")
        g.order = places
        g.rounds = rows
    _need(ints, at, 1, "its battle")
    on = ints[at]
    if on < 0 or on > 1:
        raise _bad(on, 0, 1, at, "whether a battle is on")
    if on:
        _need(ints, at + 1, 11, "its plunder")
        g.battle = (_side(ints, at + 1, tables), _side(ints, at + 5, tables),
                    _faces(ints, at + 9, 2, dice[tables.COMBAT_DIE], "a battle's d6"))
        at += 10
    at += 1
    _need(ints, at, 1, "its plunder")
    on = ints[at]
    if on < 0 or on > 1:
        raise _bad(on, 0, 1, at, "whether a plunder is on")
    if on:
        plunder = module("shared_rules.khaan.plunder")
        _need(ints, at + 1, 4, "the plunder's d4s")
        t = ints[at + 1]
        f = ints[at + 2]
        p = ints[at + 3]
        top = tables.MAX_FERTILITY
        if t < 0 or t >= len(plunder.TARGETS):
            raise _bad(t, 0, len(plunder.TARGETS) - 1, at + 1, "the plunder's target")
        if f < 0 or f > top or p < 0 or p > top:
            raise _bad(f, 0, top, at + 2, "the plunder's fertility") if f < 0 or f > top else _bad(
                p, 0, top, at + 3, "the plunder's population")
        if p and plunder.TARGETS[t] != plunder.PLAYER:
            raise bad_args("khaan.plunder_population")
        count = 1 if plunder.TARGETS[t] == plunder.SETTLED else 2
        if ints[at + 4] != count:
            raise _bad(ints[at + 4], count, count, at + 4, "the plunder's d4s")
        _need(ints, at + 5, count, "the plunder's d4s")
        g.loot = (t, f, p, _faces(ints, at + 5, count, dice[tables.PLUNDER_DIE], "a plunder's d4"))
        at += 4 + count
    at += 1
    if at + 8 != len(ints):
        raise bad_args("state.packed holds " + str(len(ints)) + " integers: " + str(at + 8) + " for this state")
    try:
        g.rng = PCG32(state=ints[at:])
    except ValueError as e:
        raise bad_args("state.rng: " + str(e))
    return g


SIDE = ("horde", "army", "guard", "bonus")


def _side(ints: list, at: int, tables) -> tuple:
    """(horde, army, guard, bonus) from ints[at], as state.side checks a side."""
    tokens = tables.TOKENS
    bonus = tables.MAX_BONUS
    lows = (0, 0, 0, -bonus)
    highs = (tokens[0], tokens[1], tokens[2], bonus)
    side = tuple(ints[at:at + 4])
    for j in range(4):
        if side[j] < lows[j] or side[j] > highs[j]:
            raise _bad(side[j], lows[j], highs[j], at + j, "a battle side's " + SIDE[j])
    if not side[0] and not side[1] and not side[2]:
        raise bad_args("state.packed[" + str(at) + "]: a battle side has no units")
    return side
