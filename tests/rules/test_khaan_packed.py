"""A Rise of the Khaan state packed (shared_rules/khaan/packed.py): what steppe sends a
device for khaan.play. It holds exactly what the JSON state holds, khaan.play answers in the
form it was given, and every integer is checked with the bounds the JSON state's reader
gives it: no packed state is let in that the JSON reader would refuse."""

from rulestest import raises

from shared_rules import ops
from shared_rules.errors import RulesError
from shared_rules.khaan import packed, state

PLAYERS = ["red", "yellow", "blue", "green"]
# a game through every part a state holds: a roll, the turn-order roll (its first player's
# turn: green), a battle, prestige both ways, a plunder of a settled people and of a player's
# pasture, turns, a kurultai that elects nobody, corrections of the round and interval
ACTIONS = [
    {"do": "roll", "d6": 2, "d4": 3},
    {"do": "order"},
    {"do": "battle", "attacker": {"horde": 3, "army": 1}, "defender": {"guard": 2, "bonus": -2}},
    {"do": "prestige", "player": "blue", "points": 5},
    {"do": "prestige", "player": "red", "points": -2},
    {"do": "plunder", "target": "settled", "fertility": 3},
    {"do": "next_turn"},
    {"do": "plunder", "target": "player", "fertility": 2, "population": 1, "by": "yellow", "owner": "green"},
    {"do": "next_turn"},
    {"do": "next_turn"},
    {"do": "kurultai", "votes": {"red": 3, "yellow": 2}, "ends_round": True},
    {"do": "round", "round": 9},
    {"do": "every", "every": 3},
    {"do": "roll", "d6": 1, "d4": 0},
]


def _states() -> list:
    """The states of a game as it goes, each after one more action (JSON)."""
    s = ops.call("khaan.new", {"players": PLAYERS, "seed": 4, "every": 4})["state"]  # (its order roll: green first)
    out = [s]
    for action in ACTIONS:
        s = ops.call("khaan.play", {"state": s, "action": action})["state"]
        out.append(s)
    return out


def test_a_packed_state_holds_what_its_json_holds():
    states = _states()
    seen = set()
    for s in states:
        g = state.game(s)
        p = packed.pack(g)
        assert sorted(p) == ["game", "packed", "players", "version"] and p["players"] == PLAYERS
        assert all(type(v) is int for v in p["packed"])
        assert state.game_json(packed.unpack(p)) == state.game_json(g) == s
        seen.add((s["order"] is not None, s["battle"] is not None, s["plunder"] is not None, "first" in s))
    # every part of a state was there, and not there
    for k in range(4):
        assert (True in [x[k] for x in seen]) and (False in [x[k] for x in seen]), k


def test_khaan_play_answers_in_the_form_it_was_given():
    states = _states()
    for k in range(len(ACTIONS)):
        given = {"state": states[k], "action": ACTIONS[k]}
        plain = ops.call("khaan.play", given)
        pk = ops.call("khaan.play", {"state": packed.pack(state.game(states[k])), "action": ACTIONS[k]})
        assert packed.is_packed(pk["state"]) and not packed.is_packed(plain["state"])
        assert pk["events"] == plain["events"]
        assert state.game_json(packed.unpack(pk["state"])) == plain["state"]


def _fails(data):
    try:
        return packed.unpack(data)
    except RulesError as e:
        assert e.code == "bad_args" and e.message and "\n" not in e.message, e.message
        return None


def test_no_packed_state_is_let_in_that_the_json_reader_refuses():
    # every integer of a few states changed to values around its bounds: unpack refuses it
    # (bad_args) or gives a game whose JSON the JSON reader takes back as it is
    tried = refused = 0
    for s in _states()[::3]:
        p = packed.pack(state.game(s))
        ints = p["packed"]
        for at in range(len(ints)):
            for v in (-2, -1, 0, 1, 2, 3, 5, 7, 31, 999, 1000, 10001, 65535, 65536):
                if v == ints[at]:
                    continue
                changed = dict(p, packed=ints[:at] + [v] + ints[at + 1:])
                g = _fails(changed)
                tried += 1
                if g is None:
                    refused += 1
                    continue
                j = state.game_json(g)
                assert state.game_json(state.game(j)) == j, (at, v)
    assert tried > 500 and 0 < refused < tried


def test_a_packed_state_cut_short_anywhere_is_refused():
    # (an index past the list's end would be a traceback: each part's length is asked first)
    for s in _states():
        ints = packed.pack(state.game(s))["packed"]
        for k in range(len(ints)):
            assert _fails(dict(packed.pack(state.game(s)), packed=ints[:k])) is None, k


def test_a_packed_state_that_is_not_one_is_refused_naming_why():
    p = packed.pack(state.game(_states()[5]))
    ints = p["packed"]
    cases = [
        (dict(p, packed="1,2"), "list of at most"),
        (dict(p, packed=ints[:-1] + [True]), "list of integers"),
        (dict(p, packed=ints[:3] + [1.5] + ints[4:]), "list of integers"),
        (dict(p, packed=[2] + ints[1:]), "(the version)"),
        (dict(p, packed=ints[:12]), "ends before"),
        (dict(p, packed=ints + [0]), "for this state"),
        (dict(p, packed=ints[:-1]), "for this state"),
        (dict(p, extra=1), "only game, packed, players, version"),
        (dict(p, game="khan"), "khaan"),
        (dict(p, version=2), "state.version"),
        (dict(p, players=["red", "red", "blue", "green"]), "twice"),
        (dict(p, packed=ints[:2] + [4] + ints[3:]), "the turn's seat"),
        (dict(p, packed=ints[:-4] + [2] + ints[-3:]), "increment"),
    ]
    for data, why in cases:
        e = raises("bad_args", packed.unpack, data)
        assert why in e.message, (why, e.message)
    assert raises("bad_args", ops.call, "khaan.play", {"state": cases[4][0], "action": {"do": "next_turn"}})
