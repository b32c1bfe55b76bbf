"""Dice by their faces from PCG32, shared draws, and the turn-order roll with re-rolls of ties."""

from rulestest import raises

from shared_rules import dice as shared_dice
from shared_rules import ops
from shared_rules.khaan.tables import DICE
from shared_rules.rng import PCG32

D6 = DICE["d6"]
D4 = DICE["d4"]


def test_below30_stays_below_its_bound_and_reaches_every_value():
    rng = PCG32(9, 9)
    for bound in (1, 2, 6, 7, 1000, 427518000, 0x3FFFFFFF):
        for _ in range(20):
            assert 0 <= shared_dice.below30(rng, bound) < bound
    seen = [0] * 6
    for _ in range(300):
        seen[shared_dice.below30(rng, 6)] += 1
    assert min(seen) > 20  # 50 expected for each face


def test_dice_rolled_together_are_faces_in_order():
    rng = PCG32(1, 2)
    for _ in range(50):
        got = shared_dice.roll_faces(rng, [D6, D4, D6, D4, D6, D6, D6, D6, D6, D6, D6, D6, D6])
        assert len(got) == 13
        for k in range(13):
            assert got[k] in (D4 if k in (1, 3) else D6)


def test_roll_op_follows_seed_and_stream():
    a = ops.call("khaan.roll", {"dice": ["d6", "d4", "d6"], "seed": 7})
    assert a == ops.call("khaan.roll", {"dice": ["d6", "d4", "d6"], "seed": 7, "stream": 0})
    assert a["rolls"][0] in D6 and a["rolls"][1] in D4 and len(a["rolls"]) == 3
    rolls = [tuple(ops.call("khaan.roll", {"dice": ["d6"] * 8, "seed": 1, "stream": s})["rolls"]) for s in range(10)]
    assert len(set(rolls)) == 10


def _check_order(players: list, r: dict) -> None:
    """The order is everyone once, each player ahead of the next by the first roll that
    differs; only tied players re-roll."""
    assert sorted(r["order"]) == sorted(players)
    rounds = r["rounds"]
    assert None not in rounds[0], "everyone rolls first"
    history = {}
    for p in range(len(players)):
        history[players[p]] = [row[p] for row in rounds if row[p] is not None]
    for k in range(len(rounds)):
        for p in range(len(players)):
            if k and rounds[k][p] is not None:
                mine = [row[p] for row in rounds[:k] if row[p] is not None]
                tied = [q for q in range(len(players)) if q != p and
                        [row[q] for row in rounds[:k] if row[q] is not None] == mine]
                assert tied, "only a tied player re-rolls"
    order = r["order"]
    for k in range(len(order) - 1):
        assert history[order[k]] > history[order[k + 1]], (order, history)


def test_turn_order_is_highest_first_with_ties_rerolled():
    players = ["red", "blue", "green", "yellow", "white", "black"]
    rerolls = 0
    for seed in range(40):
        r = ops.call("khaan.order", {"players": players[:2 + seed % 5], "seed": seed})
        _check_order(players[:2 + seed % 5], r)
        rerolls += len(r["rounds"]) - 1
    assert rerolls > 10  # ties happen, and are settled


def test_order_follows_the_seed():
    args = {"players": ["a", "b", "c"], "seed": 123, "stream": 4}
    assert ops.call("khaan.order", args) == ops.call("khaan.order", args)


def test_bad_dice_and_players():
    assert "dice[1]" in raises("bad_args", ops.call, "khaan.roll", {"dice": ["d6", "d8"], "seed": 1}).message
    raises("bad_args", ops.call, "khaan.roll", {"dice": [], "seed": 1})
    raises("bad_args", ops.call, "khaan.roll", {"dice": ["d6"] * 9, "seed": 1})
    raises("bad_args", ops.call, "khaan.roll", {"dice": ["d6"]})
    assert "twice" in raises("bad_args", ops.call, "khaan.order", {"players": ["a", "a"], "seed": 1}).message
    raises("bad_args", ops.call, "khaan.order", {"players": ["a"], "seed": 1})
    raises("bad_args", ops.call, "khaan.order", {"players": ["a", "b", "c", "d", "e", "f", "g"], "seed": 1})
    raises("bad_args", ops.call, "khaan.order", {"players": ["a", ""], "seed": 1})
    raises("bad_args", ops.call, "khaan.order", {"players": ["a", 3], "seed": 1})
