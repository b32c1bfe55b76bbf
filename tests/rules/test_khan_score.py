"""End scoring: shared figures rounded up, territories, the 10/6/3 bonus, the winner."""

from rulestest import position

from shared_rules import ops
from shared_rules.khan import score
from shared_rules.khan.game import score_position

# the rulebook's two examples of the territory bonus
EXAMPLE_A = {"red": [37, 12, 8, 3, 3, 2], "yellow": [32, 20, 8, 4, 3, 2, 2],
             "blue": [32, 18, 12, 3, 3, 3, 2, 2], "green": [32, 10, 7, 5, 5, 4]}
EXAMPLE_B = {"red": [24, 20, 17, 8, 5, 2, 2, 2], "yellow": [24, 20, 17, 8, 5, 2, 2, 2],
             "blue": [20, 20, 14, 12, 11], "green": [20, 18, 7, 5, 5, 4]}
PLAYERS = ["red", "yellow", "blue", "green"]


def test_rulebook_bonus_example_a():
    assert score.bonus(PLAYERS, EXAMPLE_A) == {"red": 10, "yellow": 6, "blue": 3, "green": 0}


def test_rulebook_bonus_example_b_identical_lists_share_and_the_next_places_follow():
    assert score.bonus(PLAYERS, EXAMPLE_B) == {"red": 10, "yellow": 10, "blue": 6, "green": 3}


def test_bonus_op_gives_zero_without_territory_and_sorts_sizes():
    r = ops.call("khan.bonus", {"territories": {"red": [3, 12], "blue": [], "green": [12, 2]}})
    assert r == {"bonus": {"red": 10, "green": 6, "blue": 0}}


def test_a_missing_territory_counts_as_zero():
    assert score.bonus(["a", "b"], {"a": [5, 3], "b": [5, 3, 1]}) == {"a": 6, "b": 10}


def test_shared_figures_are_split_rounding_up():
    assert score.share(5, 2) == 3 and score.share(4, 2) == 2 and score.share(5, 3) == 2 and score.share(2, 4) == 1
    pos = position("default", {"figures": [
        {"cells": ["A1", "B1", "C1", "D1", "E1"], "shape": "tile-I5", "owners": ["red", "blue"]},
        {"cells": ["A3", "B3"], "shape": "tile-I2", "owners": ["blue"]}]})
    s = score_position(pos, ["red", "blue"])
    assert s["vp"] == {"red": 3, "blue": 5}


def test_territories_join_side_to_side_across_figures_and_the_river():
    pos = position("default", {"figures": [
        {"cells": ["I1", "J1", "K1"], "shape": "bridge-I3", "owners": ["red"]},  # J1 is river
        {"cells": ["L1", "L2"], "shape": "tile-I2", "owners": ["red", "blue"]},
        {"cells": ["K2", "K3"], "shape": "tile-I2", "owners": ["red"]},  # joins K1 by its side
        {"cells": ["M3", "M4"], "shape": "tile-I2", "owners": ["red"]},  # only a corner touches L2
        {"cells": ["A5", "A6"], "shape": "tile-I2", "owners": ["blue"]}]})
    s = score_position(pos, ["red", "blue"])
    assert s["territories"] == {"red": [7, 2], "blue": [2, 2]}
    assert s["bonus"] == {"red": 10, "blue": 6}
    assert s["total"] == {"red": 3 + 1 + 2 + 2 + 10, "blue": 1 + 2 + 6}
    assert s["winners"] == ["red"]


def test_winner_ties_are_broken_by_the_largest_territory():
    totals = {"a": 20, "b": 20, "c": 9}
    lists = {"a": [6, 2], "b": [7], "c": [3]}
    assert score.winners(["a", "b", "c"], totals, lists) == ["b"]
    assert score.winners(["a", "b"], {"a": 5, "b": 5}, {"a": [3], "b": [3]}) == ["a", "b"]
