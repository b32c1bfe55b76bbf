"""The Rise of the Khaan ops in the op table: reachable, documented shapes, one-line errors."""

from rulestest import raises

from shared_rules import cjson, ops
from shared_rules.khaan.ops import OPS

EXPECTED = ("board", "combat", "countdown", "diplomacy", "growth", "kurultai", "new", "order", "place", "play", "plunder",
            "prestige", "roll", "setup", "tables", "vote")


def test_every_op_is_in_the_table():
    assert tuple(sorted(OPS)) == EXPECTED
    for name in EXPECTED:
        assert ops.lookup("khaan." + name) is OPS[name]


def test_every_op_answers_bad_input_with_one_line():
    for name in EXPECTED:
        for args in ({}, {"seed": "x"}, {"players": 5, "pastures": "x", "votes": 1, "tribe": []}):
            r = ops.reply("khaan." + name, args)
            if not r["ok"]:
                assert r["error"]["code"] in ("bad_args", "illegal"), (name, r)
                assert r["error"]["message"] and "\n" not in r["error"]["message"], name
            cjson.dumps(r)


def test_tables_hold_the_rulebooks_numbers():
    t = ops.call("khaan.tables", {})
    assert t["units"] == [{"unit": "horde", "strength": 1, "tokens": 36}, {"unit": "army", "strength": 2, "tokens": 12},
                          {"unit": "guard", "strength": 3, "tokens": 24}]
    assert t["kurultai"] == {"every": 4, "needed": 8, "issue": 6} and t["tribes"] == 12
    assert cjson.dumps(t["dice"]) == '{"d4":[1,2,3,4],"d6":[1,2,3,4,5,6]}'
    assert t["diplomacy"]["war"] == -3 and list(t["diplomacy"]["alliance"]) == [3, 3]
    assert list(t["diplomacy"]["passage"]) == [2, 2]
    assert len(t["fertility"]) == 24 and t["settled"] == 7 and t["start"] == {"gold": 1, "pastures": 2}


def test_setup_alternates_players_and_independent_tribes():
    r = ops.call("khaan.setup", {"players": ["red", "blue", "green"]})
    assert r["independent"] == ("tribe-1", "tribe-2", "tribe-3", "tribe-4", "tribe-5", "tribe-6", "tribe-7",
                                "tribe-8", "tribe-9")
    first = list(r["picks"][0])
    assert first[:6] == ["red", "tribe-1", "blue", "tribe-2", "green", "tribe-3"] and len(first) == 12
    assert list(r["picks"][1]) == first and r["gold"] == {"red": 1, "blue": 1, "green": 1}
    assert r["pastures_each"] == 2 and list(r["corners"]) == ["A1", "A4", "G1", "G4"]
    raises("bad_args", ops.call, "khaan.setup", {"players": ["tribe-3", "red"]})


def test_countdown_to_the_kurultai_every_4_rounds():
    assert ops.call("khaan.countdown", {"round": 4}) == {"kurultai": True, "rounds_left": 0, "next": 4}
    assert ops.call("khaan.countdown", {"round": 5}) == {"kurultai": False, "rounds_left": 3, "next": 8}
    assert ops.call("khaan.countdown", {"round": 5, "every": 3}) == {"kurultai": False, "rounds_left": 1, "next": 6}
    raises("bad_args", ops.call, "khaan.countdown", {"round": 0})
