"""The prestige ledger: actions as they happen, holdings counted when needed, kumys at a kurultai."""

from rulestest import raises

from shared_rules import ops


def _ledger(**args) -> dict:
    return ops.call("khaan.prestige", args)


def test_every_action_of_the_rulebook():
    gains = {"plunder_settled": 2, "plunder_pasture": 1, "battle_won": 1, "vassalise_tribe": 3,
             "vassalise_settled": 5, "plundered": -1, "battle_lost": -1, "guard_destroyed": -1,
             "became_vassal": -3}
    for action in sorted(gains):
        r = _ledger(ledger=10, actions=[action])
        assert r["ledger"] == 10 + gains[action] and r["changes"] == [gains[action]], action


def test_holdings_aristocracy_2_guard_1_islam_or_buddhism_1():
    r = _ledger(ledger=4, aristocracy=2, guard=3, religion="islam")
    assert r["holdings"] == 2 * 2 + 3 + 1 and r["total"] == 4 + 8
    assert _ledger(religion="buddhism")["holdings"] == 1
    assert _ledger(religion="tengrism")["holdings"] == 0


def test_kumys_counts_only_at_the_kurultai_and_the_ledger_keeps_none_of_it():
    r = _ledger(ledger=5, kumys=3)
    assert r["total"] == 8 and r["ledger"] == 5 and r["kumys"] == 3


def test_prestige_is_lost_as_it_happens_from_the_whole_and_in_any_order():
    """«traci się na bieżąco»: a loss comes off the tribe's whole prestige, its holdings
    included - never below 0 in all - and the order of the actions does not matter."""
    r = _ledger(ledger=2, actions=["became_vassal", "battle_won"])
    assert r["ledger"] == 0 and r["changes"] == [-3, 1] and r["total"] == 0
    r = _ledger(ledger=0, guard=4, actions=["battle_lost"])
    assert r["ledger"] == -1 and r["total"] == r["holdings"] - 1 and r["holdings"] > 0
    one = _ledger(ledger=0, actions=["plundered", "battle_won"])
    other = _ledger(ledger=0, actions=["battle_won", "plundered"])
    assert one["total"] == other["total"] == 0 and one["ledger"] == other["ledger"] == 0
    assert _ledger(ledger=0, actions=["became_vassal"])["total"] == 0  # never below 0


def test_a_ten_crossed_through_holdings_gives_its_relation_point_too():
    """«10 pkt. Prestiżu +1 dla wszystkich»: holdings count as much as actions."""
    assert _ledger(ledger=8, guard=1, was={"guard": 0})["relation_bonus"] == (1 if 8 + _held(1) >= 10 else 0)
    assert _ledger(ledger=9, aristocracy=1, was={})["relation_bonus"] == 1  # 9 -> 11
    assert _ledger(ledger=9, aristocracy=1)["relation_bonus"] == 0  # held before as now: nothing crossed


def _held(guard: int) -> int:
    return ops.call("khaan.prestige", {"guard": guard})["holdings"]


def test_each_ten_of_prestige_reached_gives_a_relation_point_with_everyone():
    assert _ledger(ledger=8, actions=["plunder_settled"])["relation_bonus"] == 1  # 8 -> 10
    assert _ledger(ledger=7, guard=2, actions=["vassalise_settled", "vassalise_settled"])["relation_bonus"] == 1
    assert _ledger(ledger=18, actions=["vassalise_settled", "vassalise_settled", "plunder_pasture"]
                   )["relation_bonus"] == 1  # 18 -> 29: one ten reached
    assert _ledger(ledger=19, actions=["vassalise_settled", "vassalise_settled", "plunder_pasture"]
                   )["relation_bonus"] == 2  # 19 -> 30
    assert _ledger(ledger=10, actions=["battle_lost"])["relation_bonus"] == 0


def test_bad_ledgers():
    assert "actions[1]" in raises("bad_args", ops.call, "khaan.prestige", dict(actions=["battle_won", "feast"])).message
    raises("bad_args", ops.call, "khaan.prestige", dict(ledger=-100000))
    raises("bad_args", ops.call, "khaan.prestige", dict(religion="zoroastrianism"))
    raises("bad_args", ops.call, "khaan.prestige", dict(guard=25))
