"""Huns final scoring: raids, mercenaries, treasures and curses by player count, the
wagon choice, the stash tie-break, and the huns.score contract."""

from rulestest import raises

from shared_rules import ops
from shared_rules.huns import score


def _score(*camps):
    return ops.call("huns.score", {"camps": list(camps)})


def test_rulebook_wagon_example_three_types_beat_one_type():
    # "Вы отправили 4 повозки: 2 синие, фиолетовую и оранжевую ... 3 ПО ... (Или 2 ПО ...)"
    assert score.wagon_points([1, 1, 0, 2]) == (3, score.TYPES)  # violet, orange, green, blue
    r = _score({"wagons": {"blue": 2, "violet": 1, "orange": 1}}, {})
    assert r["vp"] == [3, 0] and r["breakdown"][0]["wagons"] == 3
    assert r["breakdown"][0]["wagon_choice"] == "types"


def test_one_type_wins_when_a_player_dispatched_many_of_it():
    assert score.wagon_points([0, 5, 1, 0]) == (5, score.ONE_TYPE)
    assert score.wagon_points([2, 2, 0, 0]) == (2, score.TYPES)  # a tie counts as types: same VP
    assert score.wagon_points([0, 0, 0, 0]) == (0, score.TYPES)
    r = _score({"wagons": {"green": 4, "blue": 1}}, {"wagons": {"violet": 1, "orange": 1, "green": 1, "blue": 1}})
    assert r["vp"] == [4, 4]


def test_raids_mercenaries_and_the_stash():
    # +1 a raid, used or not; +1 a full mercenary, -1 one not full; loot in the stash scores nothing
    r = _score({"raids": 3, "mercenaries_full": 2, "mercenaries_partial": 3, "stash": 17}, {"stash": 0})
    assert r["vp"] == [3 + 2 - 3, 0]
    assert r["breakdown"][0] == {"raids": 3, "mercenaries": -1, "treasures": 0, "curses": 0, "wagons": 0,
                                 "wagon_choice": "types"}
    assert r["stash"] == [17, 0]


def test_treasures_and_avoided_curses_are_worth_the_number_of_players():
    for players in (2, 3, 4):
        camps = [{"treasures_met": 2, "curses_avoided": 1}] + [{}] * (players - 1)
        r = ops.call("huns.score", {"camps": camps})
        assert r["vp"][0] == 2 * players - players
        assert r["breakdown"][0]["treasures"] == 2 * players and r["breakdown"][0]["curses"] == -players


def test_most_vp_wins_a_tie_goes_to_the_larger_stash():
    r = _score({"raids": 2, "stash": 3}, {"raids": 2, "stash": 5}, {"raids": 1, "stash": 9})
    assert r["vp"] == [2, 2, 1] and r["winners"] == [1]
    r = _score({"raids": 2, "stash": 5}, {"raids": 2, "stash": 5}, {"raids": 3})
    assert r["winners"] == [2]
    r = _score({"raids": 2, "stash": 5}, {"raids": 2, "stash": 5}, {"raids": 2, "stash": 4})
    assert r["winners"] == [0, 1]  # still tied: both win (our reading)


def test_a_full_camp_by_the_contract():
    camps = [
        {"raids": 2, "mercenaries_full": 1, "mercenaries_partial": 1, "treasures_met": 2, "curses_avoided": 1,
         "wagons": {"violet": 1, "orange": 2, "green": 0, "blue": 3}, "stash": 12},
        {"raids": 4, "mercenaries_full": 0, "mercenaries_partial": 0, "treasures_met": 0, "curses_avoided": 0,
         "wagons": {"violet": 2, "orange": 2, "green": 2, "blue": 2}, "stash": 2},
        {"raids": 0, "mercenaries_full": 3, "mercenaries_partial": 0, "treasures_met": 1, "curses_avoided": 0,
         "wagons": {}, "stash": 0},
    ]
    r = ops.call("huns.score", {"camps": camps})
    assert r["vp"] == [2 + 0 + 6 - 3 + 3, 4 + 4, 3 + 3]  # 8, 8, 6
    assert r["winners"] == [0] and len(r["breakdown"]) == 3  # the stash breaks the tie: 12 against 2


def test_missing_counts_are_zero():
    assert _score({}, {})["vp"] == [0, 0] and _score({}, {})["winners"] == [0, 1]


def test_bad_camps_name_the_field():
    cases = (
        ([{}], "camps"), ([{}] * 5, "camps"), ([{"raids": -1}, {}], "camps[0].raids"),
        ([{}, {"stash": "3"}], "camps[1].stash"), ([{}, {"raid": 3}], "\"raid\""),
        ([{"wagons": {"grey": 1}}, {}], "camps[0].wagons"), ([{"wagons": {"blue": 9}}, {}], "wagons.blue"),
        ([{"wagons": [1]}, {}], "camps[0].wagons"), ([{"mercenaries_full": 7, "mercenaries_partial": 6}, {}],
                                                     "mercenaries"),
        ([{"treasures_met": True}, {}], "treasures_met"), ([{}, 3], "camps[1]"), ([{"curses_avoided": 1.0}, {}],
                                                                                  "curses_avoided"),
    )
    for camps, part in cases:
        e = raises("bad_args", ops.call, "huns.score", {"camps": camps})
        assert part in e.message, (camps, e.message)
    raises("bad_args", ops.call, "huns.score", {})
    raises("bad_args", ops.call, "huns.score", {"camps": {"0": {}}})


def test_the_first_bad_field_is_found_in_a_fixed_order():
    # two bad fields: the message names the one earlier in the fixed order, whatever dict order says
    e = raises("bad_args", ops.call, "huns.score", {"camps": [{"stash": -1, "raids": -1, "zz": 1}, {}]})
    assert "\"zz\"" in e.message
    e = raises("bad_args", ops.call, "huns.score", {"camps": [{"stash": -1, "raids": -1}, {}]})
    assert "camps[0].raids" in e.message
