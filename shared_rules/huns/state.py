"""Huns state as JSON, both ways: whole saved games, colour tables and scoring entries.

The engine works on lists by colour index; this module writes the JSON the device saves and
the ops return, and reads JSON back with every field checked (an error names the field),
so a bad backup or a bad op argument is refused before it reaches a game.

Every op must answer within 5 ms on the Pico, so the readers test the usual input in one
quick pass and join field paths into messages only when something is wrong.
"""

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.huns.game import (END, NO_SEAT, OVER, PHASES, SETUP, STATE_VERSION, TAKE, HunsGame,
                                    setup_loot)
from shared_rules.huns.tables import (CARDS_IN_BOX, CARDS_PER_COLOUR, COLOURS, DIE_FACES, FACE_DIGITS,
                                      LOOT_PER_COLOUR, MAX_FACE, MAX_FACES, MAX_PLAYERS, MIN_PLAYERS, STASH_MAX,
                                      WAGON_TYPES, WAGONS_PER_TYPE)

# A camp of the final scoring, as the engine and a saved game keep it: ten counts.
CAMP_FIELDS = ("raids", "mercenaries_full", "mercenaries_partial", "treasures_met", "curses_avoided", "stash") \
    + WAGON_TYPES
CAMP_TOPS = (CARDS_IN_BOX,) * 5 + (STASH_MAX,) + (WAGONS_PER_TYPE,) * len(WAGON_TYPES)
CAMP_KEYS = ("curses_avoided", "mercenaries_full", "mercenaries_partial", "raids", "stash", "treasures_met",
             "wagons")
# keys of a saved game; current, left and result are written for the reader and ignored
STATE_KEYS = ("current", "decks", "dice", "faces", "final", "first", "game", "left", "phase", "players", "result",
              "rng", "round", "start_loot", "supply", "taken", "version")
MAX_ROUND = 1000

# quick lookups (the tuples above name the keys in messages)
_PHASES = set(PHASES)
_WAGONS = -1
_CAMP_INDEX = {"wagons": _WAGONS}  # a camp's keys -> place in CAMP_FIELDS
_WAGON_INDEX = {}  # wagon types -> place in CAMP_FIELDS
for _c in range(len(CAMP_FIELDS)):
    if _c < len(CAMP_FIELDS) - len(WAGON_TYPES):
        _CAMP_INDEX[CAMP_FIELDS[_c]] = _c
    else:
        _WAGON_INDEX[CAMP_FIELDS[_c]] = _c
_DEFAULT_FACES = {}
COLOUR_INDEX = {}  # colour name -> index
for _c in range(len(COLOURS)):
    _DEFAULT_FACES[COLOURS[_c]] = DIE_FACES[_c]
    COLOUR_INDEX[COLOURS[_c]] = _c


# -- small readers ------------------------------------------------------------------------
def unknown_key(data: dict, keys, where: str) -> None:
    """Refuse the first unknown key, in sorted order (the same one on every port)."""
    for k in data:
        if k not in keys:
            bad = sorted(str(k) for k in data if k not in keys)
            raise bad_args(where + " has an unknown key \"" + bad[0][:20] + "\"; keys are " + ", ".join(keys))


def _int(v, where: str, key: str, lo: int, hi: int) -> int:
    """v if an int lo..hi, else an error naming where.key."""
    if type(v) is not int or v < lo or v > hi:
        raise bad_args(where + "." + key + " must be an integer " + str(lo) + ".." + str(hi))
    return v


def by_colour(data, where: str, lo: int, hi: int) -> "list[int]":
    """{colour: int} with all five colours -> a list in colour order."""
    if not isinstance(data, dict):
        raise bad_args(where + " must be an object {colour: n} with keys " + ", ".join(COLOURS))
    out = []
    for c in COLOURS:
        if c not in data:
            raise bad_args(where + " has no \"" + c + "\"")
        out.append(_int(data[c], where, c, lo, hi))
    if len(data) != len(COLOURS):
        unknown_key(data, COLOURS, where)
    return out


def some_colours(data, where: str, lo: int, hi: int) -> "list[int]":
    """{colour: int} with any of the colours -> a list in colour order, -1 where not given."""
    if not isinstance(data, dict):
        raise bad_args(where + " must be an object {colour: n} with keys among " + ", ".join(COLOURS))
    unknown_key(data, COLOURS, where)
    out = []
    for c in COLOURS:
        out.append(_int(data[c], where, c, lo, hi) if c in data else -1)
    return out


def in_colour_order(data, where: str, lo: int, hi: int) -> "list[int]":
    """A list of five ints in colour order (as a saved game keeps them)."""
    if isinstance(data, list) and len(data) == len(COLOURS):
        for v in data:
            if type(v) is not int or v < lo or v > hi:
                break
        else:
            return list(data)
    raise bad_args(where + " must be a list of 5 integers " + str(lo) + ".." + str(hi) + " in colour order: "
                   + ", ".join(COLOURS))


def colour_index(v, where: str) -> int:
    c = COLOUR_INDEX.get(v, -1) if isinstance(v, str) else -1
    if c >= 0:
        return c
    raise bad_args(where + " must be a colour: " + ", ".join(COLOURS))


def colours_json(values) -> dict:
    return {COLOURS[0]: values[0], COLOURS[1]: values[1], COLOURS[2]: values[2], COLOURS[3]: values[3],
            COLOURS[4]: values[4]}


def faces(data, where: str = "faces") -> tuple:
    """{colour: "digits"} with all five dice, a die's faces one digit each -> a tuple of
    strings in colour order."""
    if data == _DEFAULT_FACES:
        return DIE_FACES
    if not isinstance(data, dict):
        raise bad_args(where + " must be an object {colour: \"faces\"} with keys " + ", ".join(COLOURS))
    out = []
    for c in range(len(COLOURS)):
        sides = data.get(COLOURS[c])
        if not isinstance(sides, str) or not sides or len(sides) > MAX_FACES or sides.strip(FACE_DIGITS):
            raise bad_args(where + "." + COLOURS[c] + " must be a string of 1 to " + str(MAX_FACES)
                           + " face values, one digit 1.." + str(MAX_FACE) + " each")
        out.append(sides)
    if len(data) != len(COLOURS):
        unknown_key(data, COLOURS, where)
    return tuple(out)


# -- final scoring entries -------------------------------------------------------------------
def camp(data, k: int) -> "list[int]":
    """One camp of the final scoring entry (a JSON object; missing counts are 0) -> its
    ten counts in CAMP_FIELDS order; k: its place in "camps". One pass over the keys;
    anything amiss goes to the ordered checks, which name the same first bad field on
    every port."""
    kind = type
    whole = int
    if kind(data) is not dict:
        _camp_error(data, k)
    out = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    index = _CAMP_INDEX
    tops = CAMP_TOPS
    for key in data:
        i = index.get(key, -2)
        v = data[key]
        if i >= 0:
            if kind(v) is not whole or v < 0 or v > tops[i]:
                _camp_error(data, k)
            out[i] = v
        elif i == _WAGONS and kind(v) is dict:
            for t in v:
                j = _WAGON_INDEX.get(t, 0)
                w = v[t]
                if not j or kind(w) is not whole or w < 0 or w > tops[j]:
                    _camp_error(data, k)
                out[j] = w
        else:
            _camp_error(data, k)
    if out[1] + out[2] > CARDS_IN_BOX:
        _camp_error(data, k)
    return out


def _camp_error(data, k: int) -> None:
    """Raise the error of a bad camp, checking its fields in a fixed order."""
    where = "camps[" + str(k) + "]"
    if not isinstance(data, dict):
        raise bad_args(where + " must be an object with " + ", ".join(CAMP_KEYS))
    unknown_key(data, CAMP_KEYS, where)
    for key in ("raids", "mercenaries_full", "mercenaries_partial", "treasures_met", "curses_avoided"):
        _int(data.get(key, 0), where, key, 0, CARDS_IN_BOX)
    _int(data.get("stash", 0), where, "stash", 0, STASH_MAX)
    wagons = data.get("wagons", {})
    if type(wagons) is not dict:
        raise bad_args(where + ".wagons must be an object {wagon type: dispatched} with keys among "
                       + ", ".join(WAGON_TYPES))
    unknown_key(wagons, WAGON_TYPES, where + ".wagons")
    for t in WAGON_TYPES:
        _int(wagons.get(t, 0), where + ".wagons", t, 0, WAGONS_PER_TYPE)
    raise bad_args(where + ": a camp holds at most " + str(CARDS_IN_BOX) + " mercenaries")


def camps(data, players: int = 0) -> list:
    """The "camps" list of a final scoring: 2 to 4 camps (exactly `players` if given)."""
    lo = players or MIN_PLAYERS
    hi = players or MAX_PLAYERS
    if not isinstance(data, list) or len(data) < lo or len(data) > hi:
        if lo == hi:
            raise bad_args("\"camps\" must be a list of " + str(lo) + " camps, one per player")
        raise bad_args("\"camps\" must be a list of " + str(lo) + " to " + str(hi) + " camps, one per player")
    out = []
    for k in range(len(data)):
        out.append(camp(data[k], k))
    return out


def _final(data, players: int) -> list:
    """A saved game's final scoring entry: per camp its ten counts in CAMP_FIELDS order."""
    kind = type
    whole = int
    tops = CAMP_TOPS
    if kind(data) is list and len(data) == players:
        out = []
        for counts in data:
            if kind(counts) is not list or len(counts) != len(tops):
                break
            k = 0
            for v in counts:
                if kind(v) is not whole or v < 0 or v > tops[k]:
                    break
                k += 1
            if k < len(tops) or counts[1] + counts[2] > CARDS_IN_BOX:
                break
            out.append(list(counts))
        else:
            return out
    raise bad_args("state.final must hold, per camp, the ten counts " + " ".join(CAMP_FIELDS))


# -- whole games -------------------------------------------------------------------------------
def game_json(g: HunsGame, copy: bool = True) -> dict:
    """The whole game, as the device saves it after every change. Tables by colour are
    lists in colour order (tables.COLOURS); "current", "left" and "result" are for the reader.
    copy=False shares the game's lists: for a game that is thrown away next (an op's reply)."""
    phase = g.phase
    taken = []
    for c in g.taken:
        taken.append(COLOURS[c])
    left = []
    if phase == TAKE:
        for c in COLOURS:
            if c not in taken:
                left.append(c)
    current = g.current
    out = {
        "game": "huns", "version": STATE_VERSION, "players": g.players, "phase": phase, "round": g.round,
        "first": g.first, "current": current if current != NO_SEAT else None, "dice": g.dice,
        "taken": taken, "left": left, "supply": g.supply, "decks": g.decks, "start_loot": [],
        "faces": dict(_DEFAULT_FACES) if g.faces is DIE_FACES else colours_json(g.faces), "rng": g.rng,
        "final": None, "result": None,
    }
    if copy:
        out["dice"] = list(g.dice)
        out["supply"] = list(g.supply)
        out["decks"] = list(g.decks)
        out["rng"] = list(g.rng)
    if g.start_loot:
        out["start_loot"] = [[s, n] for s, n in g.start_loot]
    if g.final is not None:
        out["final"] = [list(e) for e in g.final]
        out["result"] = g.result()
    return out


def game(data) -> HunsGame:
    """A game from its saved state, fully validated: a bad state raises bad_args.
    Each field gets one quick test; a field that fails it goes to the reader that names
    what is wrong, in a fixed order."""
    kind = type  # builtins as locals: a global lookup of a builtin costs twice on MicroPython
    whole = int
    if kind(data) is not dict or data.get("game") != "huns":
        raise bad_args("state must be a Huns game object with \"game\": \"huns\"")
    get = data.get
    if get("version") != STATE_VERSION:
        raise bad_args("state version must be " + str(STATE_VERSION))
    # 13 keys are read below (a missing one is named there); any other must be one of the
    # four optional keys
    if len(data) != 13 + ("final" in data) + ("current" in data) + ("left" in data) + ("result" in data):
        unknown_key(data, STATE_KEYS, "state")
    n = get("players")
    if kind(n) is not whole or n < MIN_PLAYERS or n > MAX_PLAYERS:
        n = A.integer(data, "players", MIN_PLAYERS, MAX_PLAYERS)
    first = get("first")
    if kind(first) is not whole or first < 0 or first >= n:
        first = A.integer(data, "first", 0, n - 1)
    rng = _rng(get("rng"))
    sides = get("faces")
    sides = DIE_FACES if sides == _DEFAULT_FACES else faces(A.get(data, "faces"), "state.faces")
    supply = get("supply")
    decks = get("decks")
    values = get("dice")
    counts = _counts(supply, decks, values, LOOT_PER_COLOUR[n], CARDS_PER_COLOUR[n])
    if counts is None:
        counts = (in_colour_order(supply, "state.supply", 0, LOOT_PER_COLOUR[n]),
                  in_colour_order(decks, "state.decks", 0, CARDS_PER_COLOUR[n]),
                  in_colour_order(values, "state.dice", 0, MAX_FACE))
    g = HunsGame(n, rng, sides, first, counts[0], counts[1], counts[2], [])
    phase = get("phase")
    if phase not in _PHASES:
        phase = A.choice(data, "phase", PHASES)
    g.phase = phase
    r = get("round")
    if kind(r) is not whole or r < 1 or r > MAX_ROUND:
        r = A.integer(data, "round", 1, MAX_ROUND)
    g.round = r
    pending = get("start_loot")
    if pending != [] or phase == SETUP:
        _start_loot(g, pending)
    _round(g, get("taken"))
    final = get("final")
    if phase == OVER:
        g.final = _final(final, n)
    elif final is not None:
        raise bad_args("state.final must be null until the game is scored")
    return g


def _rng(data) -> "list[int]":
    """A PCG32 state as getstate() gives it (checked as PCG32.setstate checks it)."""
    kind = type
    whole = int
    if kind(data) is list and len(data) == 8:
        for v in data:
            if kind(v) is not whole or v < 0 or v > 0xFFFF:
                break
        else:
            if data[4] & 1:  # the increment is odd
                return list(data)
    raise bad_args("state.rng must be a PCG32 state: 8 integers 0..65535, the 5th odd")


def _counts(supply, decks, values, loot: int, cards: int):
    """The quick test of the supply, the decks and the dice, five ints in range each:
    copies of the three, or None (the readers then name what is wrong)."""
    kind = type  # builtins as locals: a global lookup of a builtin costs twice on MicroPython
    whole = int
    if kind(supply) is not list or kind(decks) is not list or kind(values) is not list or len(supply) != 5 \
            or len(decks) != 5 or len(values) != 5:
        return None
    for v in supply:
        if kind(v) is not whole or v < 0 or v > loot:
            return None
    for v in decks:
        if kind(v) is not whole or v < 0 or v > cards:
            return None
    for v in values:
        if kind(v) is not whole or v < 0 or v > MAX_FACE:
            return None
    return list(supply), list(decks), list(values)


def _start_loot(g: HunsGame, pending) -> None:
    """The setup loot still to take: the last entries of the player count's list."""
    expected = setup_loot(g.players, g.first)
    if not isinstance(pending, list) or not 0 < len(pending) <= len(expected) or g.phase != SETUP or g.round != 1:
        pending = None
    else:
        expected = expected[len(expected) - len(pending):]
        for k in range(len(pending)):
            entry = pending[k]
            if type(entry) is not list or len(entry) != 2 or type(entry[0]) is not int \
                    or type(entry[1]) is not int or entry[0] != expected[k][0] or entry[1] != expected[k][1]:
                pending = None
                break
    if pending is None:
        raise bad_args("state.start_loot must list the setup loot still to take ([seat, cubes] of the "
                       "third and fourth players), and only in the setup phase")
    g.start_loot = expected


def _round(g: HunsGame, taken) -> None:
    """The dice of the round: rolled in the take and end phases, all 0 otherwise."""
    kind = type
    if kind(taken) is not list or len(taken) > len(COLOURS):
        raise bad_args("state.taken must be a list of the colours of the dice taken this round")
    mine = g.taken
    index = COLOUR_INDEX
    for v in taken:
        c = index.get(v, -1) if kind(v) is str else -1
        if c < 0 or c in mine:
            raise bad_args("state.taken must list distinct colours: " + ", ".join(COLOURS))
        mine.append(c)
    phase = g.phase
    rolled = phase == TAKE or phase == END
    values = g.dice
    if rolled:
        digits = FACE_DIGITS
        sides = g.faces
        for c in range(5):
            v = values[c]
            if not v or digits[v - 1] not in sides[c]:
                raise bad_args("state.dice: " + str(v) + " is not a face of the " + COLOURS[c] + " die")
        if (len(mine) == len(COLOURS)) != (phase == END):
            raise bad_args("state.taken must list the dice taken this round: some in the take phase, all in the "
                           "end phase")
    elif max(values) or mine:
        raise bad_args("state.dice must all be 0 and state.taken empty in the " + phase + " phase (no dice "
                       "rolled)")


def camp_json(counts) -> dict:
    """A camp's ten counts (CAMP_FIELDS order) as the JSON object camp() reads."""
    plain = len(CAMP_FIELDS) - len(WAGON_TYPES)
    out = {}
    for k in range(plain):
        out[CAMP_FIELDS[k]] = counts[k]
    wagons = {}
    for k in range(plain, len(CAMP_FIELDS)):
        wagons[CAMP_FIELDS[k]] = counts[k]
    out["wagons"] = wagons
    return out
