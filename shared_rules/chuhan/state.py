"""Chu and Han state as JSON, both ways: the saved game (a set of cards as JSON: chuhan/sets.py).

The device saves game_json() after every change and undoes by keeping the state before;
game() reads a state back with every field checked (an error names the field), so a bad
backup or a bad op argument is refused before it reaches a game.

state: {"game": "chuhan", "version", "events": "off" | "virtual" | "table", "round",
        "phase": "play" | "round_over" | "over", "vp": {"han", "chu"}, "attacker",
        "edicts": {"han", "chu"}, "deck", "doubled", "open_hand", "used": [abilities],
        "pending": null | {"player", "ability", "counters": [], "vp"}, "out", "last_out",
        "event", "event_deck": [events], "bonus_taken", "winner",
        "earned": {"han": {source: VP}, "chu": {...}} (optional: VP by source, tables.SOURCES)}
"""

from shared_rules.chuhan.game import MODES, OFF, OVER, PHASES, PLAY, ROUND_OVER, STATE_VERSION, ChuHanGame
from shared_rules.chuhan.tables import (ABILITIES, COUNTERS, EDICTS, EVENT_KEYS, EVENTS, FIRST_EVENT,
                                        ONCE_A_ROUND, PLAYERS, SET_ABILITIES, SOURCES, TWOS_MIN, WIN_VP,
                                        end_bonus, event_total)
from shared_rules.errors import bad_args

_KEYS = ("attacker", "bonus_taken", "deck", "doubled", "earned", "edicts", "event", "event_deck", "events", "game",
         "last_out",
         "open_hand", "out", "pending", "phase", "round", "used", "version", "vp", "winner")
_PENDING_KEYS = ("ability", "counters", "player", "vp")
MAX_VP = 999
MAX_ROUND = 1000000
MAX_SET_VP = 9  # eight 2s and the joker
_TOTAL = event_total()
_EVENT_SET = set(EVENT_KEYS)
_REPEATED = tuple(e for e in EVENTS if e[2] > 1)  # events with several cards (the Lull)
_OR_NULL = PLAYERS + (None,)  # _OR_NULL[p]: the player's name, or None for p == -1


# -- writing ------------------------------------------------------------------------------
def game_json(g: ChuHanGame) -> dict:
    """The whole game, as the device saves it after every change."""
    pend = g.pending
    pending = None
    if pend is not None:
        pending = {"player": PLAYERS[pend[0]], "ability": pend[1], "counters": list(COUNTERS[:pend[2]]),
                   "vp": pend[3]}
    return {
        "game": "chuhan", "version": STATE_VERSION, "events": g.events, "round": g.round, "phase": g.phase,
        "vp": {"han": g.vp[0], "chu": g.vp[1]}, "attacker": PLAYERS[g.attacker],
        "edicts": {"han": g.edicts[0], "chu": g.edicts[1]}, "deck": g.deck(), "doubled": _OR_NULL[g.doubled],
        "open_hand": _OR_NULL[g.open_hand], "used": [a for a in ONCE_A_ROUND if a in g.used] if g.used else [],
        "pending": pending, "out": _OR_NULL[g.out], "last_out": _OR_NULL[g.last_out], "event": g.event or None,
        "event_deck": g.event_deck, "bonus_taken": g.bonus_taken, "winner": _OR_NULL[g.winner],
        "earned": {PLAYERS[p]: {SOURCES[k]: g.earned[p][k] for k in range(len(SOURCES))} for p in (0, 1)},
    }


# -- reading ------------------------------------------------------------------------------
# The device reads a state on every action, so the happy path below stays lean: message
# text (field names, limits) is put together only when a field is refused.


def _bad(key: str, what: str):
    return bad_args("state." + key + " must be " + what)


def _player(data: dict, key: str, nullable: bool) -> int:
    v = data.get(key, 0)
    if v == "han":
        return 0
    if v == "chu":
        return 1
    if v is None and nullable:
        return -1
    raise _bad(key, "\"han\" or \"chu\"" + (" or null" if nullable else ""))


def _int(v, lo: int, hi: int) -> bool:
    return type(v) is int and lo <= v <= hi


def _pair(data: dict, key: str, hi: int) -> "list[int]":
    v = data.get(key)
    if type(v) is dict and len(v) == 2:
        han = v.get("han")
        chu = v.get("chu")
        if type(han) is int and type(chu) is int and 0 <= han <= hi and 0 <= chu <= hi:
            return [han, chu]
    raise _bad(key, "{\"han\": n, \"chu\": n} with integers 0.." + str(hi))


def event_list(v, where: str) -> "list[str]":
    """A list of event keys, no key more often than the event deck holds it."""
    if type(v) is not list or len(v) > _TOTAL:
        raise bad_args(where + " must be a list of at most " + str(_TOTAL) + " event keys")
    try:
        keys = set(v)
    except TypeError:  # a list or an object in the list
        keys = None
    if keys is None or not keys.issubset(_EVENT_SET):
        raise bad_args(where + " must hold event keys: " + " ".join(EVENT_KEYS))
    repeats = len(v) - len(keys)
    for e in _REPEATED:
        n = v.count(e[0])
        if n > e[2]:
            raise bad_args(where + " holds " + e[0] + " more often than the " + str(e[2]) + " in the deck")
        if n:
            repeats -= n - 1
    if repeats:  # a key of a single card is there twice
        for e in EVENTS:
            if v.count(e[0]) > e[2]:
                raise bad_args(where + " holds " + e[0] + " more often than the " + str(e[2]) + " in the deck")
    return v


def _pending(v) -> list:
    if type(v) is not dict:
        raise _bad("pending", "null or {\"player\", \"ability\", \"counters\", \"vp\"}")
    if len(v) != 4:
        for k in sorted(v):
            if k not in _PENDING_KEYS:
                raise bad_args("state.pending has an unknown key \"" + str(k)[:20] + "\"")
    p = _player(v, "player", False)
    ability = v.get("ability")
    if ability not in ABILITIES and ability not in SET_ABILITIES:
        raise _bad("pending.ability", "one of " + " ".join(ABILITIES + SET_ABILITIES))
    counters = v.get("counters")
    if type(counters) is not list:
        counters = [None] * 3
    n = len(counters)
    if n > 2 or (n and counters[0] != COUNTERS[0]) or (n > 1 and counters[1] != COUNTERS[1]):
        raise _bad("pending.counters", "[], [\"lu_zhi\"] or [\"lu_zhi\", \"xiao_he\"]")
    score = v.get("vp")
    if not _int(score, 0, MAX_SET_VP) or (score and (score < TWOS_MIN or ability not in SET_ABILITIES)):
        raise _bad("pending.vp", "0, or 6..9 for a set of 2s")
    return [p, ability, n, score]


def game(data) -> ChuHanGame:
    """A game from its saved state, fully validated: a bad state raises bad_args."""
    if type(data) is not dict or data.get("game") != "chuhan":
        raise bad_args("state must be a Chu and Han game object with \"game\": \"chuhan\"")
    # every key but "deck" is required, so a count tells whether an unknown one is there
    if len(data) != len(_KEYS) - ("deck" not in data):
        for k in sorted(data):
            if k not in _KEYS:
                raise bad_args("state has an unknown key \"" + str(k)[:20] + "\"")
    if data.get("version") != STATE_VERSION:
        raise _bad("version", str(STATE_VERSION))
    mode = data.get("events")
    if mode not in MODES:
        raise _bad("events", "one of " + ", ".join(MODES))
    g = ChuHanGame(mode)
    rnd = data.get("round")
    if type(rnd) is not int or rnd < 1 or rnd > MAX_ROUND:
        raise _bad("round", "an integer 1.." + str(MAX_ROUND))
    g.round = rnd
    phase = data.get("phase")
    if phase not in PHASES:
        raise _bad("phase", "one of " + ", ".join(PHASES))
    g.phase = phase
    g.vp = _pair(data, "vp", MAX_VP)
    g.attacker = _player(data, "attacker", False)
    g.edicts = _pair(data, "edicts", EDICTS)
    if g.edicts[0] + g.edicts[1] > EDICTS:
        raise bad_args("state.edicts: " + str(EDICTS) + " edicts a round in all")
    if "deck" in data and data["deck"] != g.deck():
        raise _bad("deck", str(g.deck()) + " (16 less 2 per edict)")
    g.doubled = _player(data, "doubled", True)
    g.open_hand = _player(data, "open_hand", True)
    used = data.get("used")
    if type(used) is not list or len(used) > len(ONCE_A_ROUND):
        raise _bad("used", "a list of the rank-6 abilities used this round")
    for a in used:
        if a not in ONCE_A_ROUND or used.count(a) > 1:
            raise bad_args("state.used lists each of " + " ".join(ONCE_A_ROUND) + " at most once")
    g.used = used
    pend = data.get("pending", 0)
    g.pending = None if pend is None else _pending(pend)
    g.out = _player(data, "out", True)
    g.last_out = _player(data, "last_out", True)
    event = data.get("event", 0)
    if event is None:
        g.event = ""
    elif type(event) is str and event in EVENT_KEYS:
        g.event = event
    else:
        raise _bad("event", "null or an event key: " + " ".join(EVENT_KEYS))
    g.event_deck = event_list(data.get("event_deck"), "state.event_deck")
    bonus = data.get("bonus_taken")
    if bonus is not True and bonus is not False:
        raise _bad("bonus_taken", "true or false")
    g.bonus_taken = bonus
    g.winner = _player(data, "winner", True)
    if "earned" in data:  # (a game saved before it was kept has none: its VP came from sources unknown)
        g.earned = _earned(data["earned"], g.vp)
    _consistent(g)
    return g


def _earned(v, vp: list) -> "list[list[int]]":
    """The VP each player earned by source: no more than his VP."""
    out = []
    for p in (0, 1):
        row = v.get(PLAYERS[p]) if type(v) is dict and len(v) == 2 else None
        if type(row) is not dict or len(row) != len(SOURCES):
            raise _bad("earned", "{\"han\": {source: VP}, \"chu\": {...}} with the sources " + " ".join(SOURCES))
        mine = []
        for key in SOURCES:
            n = row.get(key)
            if type(n) is not int or n < 0 or n > MAX_VP:
                raise _bad("earned." + PLAYERS[p] + "." + key, "an integer 0.." + str(MAX_VP))
            mine.append(n)
        if sum(mine) > vp[p]:
            raise _bad("earned." + PLAYERS[p], "at most the player's VP, " + str(vp[p]))
        out.append(mine)
    return out


def _consistent(g: ChuHanGame) -> None:
    """The fields agree with each other (each refusal names the rule)."""
    if (g.phase == OVER) != (g.winner >= 0):
        raise bad_args("state.winner is set exactly when state.phase is \"over\"")
    if g.phase == ROUND_OVER and g.out < 0:
        raise bad_args("state.out names who went out when the phase is \"round_over\"")
    if g.phase == PLAY and g.out >= 0:
        raise bad_args("state.out must be null while the round is played")
    if (g.round == 1) != (g.last_out < 0):
        raise bad_args("state.last_out names who went out in the round before (null in round 1)")
    pend = g.pending
    if pend is not None:
        if g.phase != PLAY:
            raise bad_args("state.pending must be null once the round is over")
        if pend[1] in ONCE_A_ROUND and pend[1] not in g.used:
            raise bad_args("state.used must list the waiting " + pend[1])
    if g.doubled >= 0 and "xiang_yu" not in g.used:
        raise bad_args("state.doubled needs xiang_yu in state.used")
    if g.open_hand >= 0 and g.edicts_left():
        raise bad_args("state.open_hand needs all 6 edicts taken (Ji Bu on the last 4 cards)")
    if g.events == OFF:
        if g.event or g.event_deck:
            raise bad_args("state.event and state.event_deck are empty without events")
    else:
        left = _TOTAL - g.round if g.round < _TOTAL else 0
        if len(g.event_deck) != left:
            raise bad_args("state.event_deck must hold " + str(left) + " events in round " + str(g.round))
        if (g.event != "") != (g.round <= _TOTAL):
            raise bad_args("state.event is null exactly when the event deck ran out")
        if g.round == 1 and g.event != FIRST_EVENT:
            raise bad_args("state.event of round 1 is " + FIRST_EVENT)
        if g.event and g.event_deck.count(g.event) >= EVENTS[EVENT_KEYS.index(g.event)][2]:
            raise bad_args("state.event " + g.event + " is also in the deck too often")
    if g.bonus_taken and (g.phase == PLAY or not end_bonus(g.event)):
        raise bad_args("state.bonus_taken only after the round of an event with end-of-round VP")
    if g.phase == OVER:
        if g.vp[g.winner] < WIN_VP:
            raise bad_args("state.winner needs " + str(WIN_VP) + " VP")
    elif (g.vp[0] >= WIN_VP or g.vp[1] >= WIN_VP) and not g.check_waits():
        raise bad_args("state.vp: " + str(WIN_VP) + " VP would have ended the game")
