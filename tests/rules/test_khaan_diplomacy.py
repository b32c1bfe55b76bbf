"""Relations between two tribes: the events, war at -3, alliance at +3 (d4 3-4), right of
passage at +2 (d4 2-4), and how long they last."""

from rulestest import raises

from shared_rules import ops


def _dip(**args) -> dict:
    return ops.call("khaan.diplomacy", args)


def test_every_event_of_the_rulebook():
    changes = {"attack": -1, "same_religion": 1, "other_religion": -1, "trade": 1, "treachery": -2,
               "broken_alliance": -1, "prestige": 1}
    for event in sorted(changes):
        r = _dip(value=0, events=[event])
        assert r["value"] == changes[event] and r["changes"] == [changes[event]], event


def test_war_breaks_out_at_minus_3_and_stops_trade():
    r = _dip(value=-1, events=["treachery"])
    assert r["value"] == -3 and r["war"] is True
    assert _dip(value=-2)["war"] is False
    assert "war" in _refused(value=-3, events=["trade"])
    assert _dip(value=-3, events=["same_religion", "trade"])["value"] == -1  # peace first, then trade


def test_an_alliance_at_plus_3_needs_a_d4_of_3_or_4_and_brings_its_point():
    r = _dip(value=2, events=["trade"], ask="alliance", roll=3)
    assert r["check"] == {"ask": "alliance", "roll": 3, "success": True}
    assert r["alliance"] is True and r["value"] == 4  # +1 trade, +1 for the alliance
    r = _dip(value=2, events=["trade"], ask="alliance", roll=2)
    assert r["check"]["success"] is False and r["alliance"] is False and r["value"] == 3


def test_a_right_of_passage_at_plus_2_needs_a_d4_of_2_to_4():
    r = _dip(value=1, events=["same_religion"], ask="passage", roll=2)
    assert r["check"]["success"] is True and r["passage"] is True and r["value"] == 2
    r = _dip(value=1, events=["same_religion"], ask="passage", roll=1)
    assert r["check"]["success"] is False and r["passage"] is False


def _refused(**args) -> str:
    return raises("illegal", ops.call, "khaan.diplomacy", args).message


def test_asking_needs_a_point_just_gained_at_the_threshold():
    assert _dip(value=2, events=["trade"])["may_ask"] == ["alliance", "passage"]
    assert _dip(value=1, events=["trade"])["may_ask"] == ["passage"]
    assert _dip(value=3)["may_ask"] == []  # no point gained
    assert "just after" in _refused(value=3, ask="alliance", roll=4)
    assert "3 or more" in _refused(value=0, events=["trade"], ask="alliance", roll=4)
    assert "held" in _refused(value=3, alliance=True, events=["trade"], ask="alliance", roll=4)
    assert "asking" in _refused(value=2, events=["alliance"])


def test_alliance_and_passage_last_while_the_relations_stay_at_their_threshold():
    r = _dip(value=3, alliance=True, passage=True, events=["attack"])
    assert r["value"] == 2 and r["alliance"] is False and r["passage"] is True
    r = _dip(value=3, alliance=True, passage=True, events=["attack", "other_religion"])
    assert r["alliance"] is False and r["passage"] is False


def test_the_check_die_follows_the_seed():
    rolls = set()
    for seed in range(30):
        r = _dip(value=2, events=["trade"], ask="alliance", seed=seed)
        rolls.add(r["check"]["roll"])
        assert r["check"]["success"] == (r["check"]["roll"] >= 3)
    assert rolls == {1, 2, 3, 4}


def test_bad_relations():
    assert "events[0]" in raises("bad_args", ops.call, "khaan.diplomacy", dict(events=["war"])).message
    raises("bad_args", ops.call, "khaan.diplomacy", dict(value=1, alliance=True))  # an alliance needs +3
    raises("bad_args", ops.call, "khaan.diplomacy", dict(value=2, passage=True, events=[], ask="truce"))
    raises("bad_args", ops.call, "khaan.diplomacy", dict(value=31))
    raises("bad_args", ops.call, "khaan.diplomacy", dict(value=2, events=["trade"], ask="alliance"))  # no roll, no seed
    raises("bad_args", ops.call, "khaan.diplomacy", dict(value=2, events=["trade"], ask="alliance", roll=5))


def test_relations_stay_within_30():
    r = _dip(value=30, events=["trade"])
    assert r["value"] == 30 and r["changes"] == [0] and r["may_ask"] == []
    assert _dip(value=-29, events=["treachery"])["value"] == -30
