"""Chu and Han through the op table: the rulebook's worked examples step by step, and every op."""

from rulestest import raises

from shared_rules import cjson, ops


def _play(s: dict, **action) -> tuple:
    """One action through chuhan.play, as the device sends it: (new state, its event)."""
    r = ops.call("chuhan.play", {"state": s, "action": action})
    return r["state"], r["events"][0]


def _start(han: int, chu: int, events: str = "off") -> dict:
    s = ops.call("chuhan.new", {"events": events})["state"]
    s["vp"] = {"han": han, "chu": chu}
    return s


def test_worked_example_1_xiao_ying_gives_chu_31_before_han_goes_out():
    s = _start(30, 28)
    # Chu has 2 cards and plays Ziying (rank 9)
    s, ev = _play(s, do="set", player="chu", cards=[9])
    assert ev["rank"] == 9 and ev["gains"] == []
    # Han plays his last card, Xiao Ying: he becomes the attacker and Chu gains 3...
    s, ev = _play(s, do="ability", player="han", card="xiao_ying")
    assert ev["waiting"] == "xiao_ying" and s["vp"] == {"han": 30, "chu": 28}
    # ...Chu does not cancel it; Han's hand is empty, Chu holds one card
    s, ev = _play(s, do="out", player="han", cards=1)
    assert ev["resolved"] == {"player": "han", "ability": "xiao_ying", "cancelled": False, "counters": 0}
    assert ev["gains"] == [{"player": "chu", "vp": 3, "source": "xiao_ying", "doubled": False}]
    assert ev["winner"] == "chu" and s["phase"] == "over" and s["vp"] == {"han": 30, "chu": 31}
    e = raises("illegal", ops.call, "chuhan.play", {"state": s, "action": {"do": "next_round"}})
    assert e.message == "the game is over: chu won"


def _example_2_start() -> dict:
    s = _start(23, 24)
    for _ in range(3):  # Chu holds 3 edicts
        s, ev = _play(s, do="edict", player="chu")
    assert s["edicts"] == {"han": 0, "chu": 3} and s["deck"] == 10
    return s


def test_worked_example_2_zhongli_mo_cancelled_and_restored_then_han_goes_out():
    s = _example_2_start()
    # Chu uses Zhongli Mo with 2, 4, 5, 6, 7, 8 (six "2"s), keeping one card
    s, ev = _play(s, do="set", player="chu", cards=[2, 4, 5, 6, 7, 8], zhongli_mo=True)
    assert ev["rank"] == 2 and ev["scores"] == 6 and ev["waiting"] == "zhongli_mo" and ev["gains"] == []
    # Han cancels it with his last card, Lu Zhi
    s, ev = _play(s, do="counter", player="han", card="lu_zhi")
    assert s["pending"]["counters"] == ["lu_zhi"]
    # Chu plays Xiao He, his last card, cancelling Lu Zhi
    s, ev = _play(s, do="counter", player="chu", card="xiao_he")
    # Han emptied his hand first: he went out; Chu holds no card
    s, ev = _play(s, do="out", player="han", cards=0)
    assert ev["resolved"] == {"player": "chu", "ability": "zhongli_mo", "cancelled": False, "counters": 2}
    assert [(g["player"], g["vp"], g["source"]) for g in ev["gains"]] == [("chu", 6, "twos"), ("han", 3, "out")]
    assert s["vp"] == {"han": 26, "chu": 30} and s["phase"] == "round_over" and ev["winner"] is None
    # no winner: the next round, Han has fewer VP and attacks
    s, ev = _play(s, do="next_round")
    assert ev["attacker"] == "han" and s["round"] == 2 and s["last_out"] == "han" and s["deck"] == 16


def test_worked_example_2_had_xiao_he_joined_the_set_han_wins_31_24():
    s = _example_2_start()
    s, ev = _play(s, do="set", player="chu", cards=[2, 3, 4, 5, 6, 7, 8], zhongli_mo=True)
    assert ev["scores"] == 7  # 24 + 7 would win...
    s, ev = _play(s, do="counter", player="han", card="lu_zhi")
    # ...but Lu Zhi cancels it: the 7 cards go back to Chu's hand, and Han went out
    s, ev = _play(s, do="out", player="han", cards=7)
    assert ev["resolved"]["cancelled"] is True
    assert ev["gains"] == [{"player": "han", "vp": 8, "source": "out", "doubled": False}]
    assert ev["winner"] == "han" and s["vp"] == {"han": 31, "chu": 24}


def test_rulebook_trick_with_han_xin():
    s = _start(0, 1)
    s, ev = _play(s, do="set", player="han", cards=[1, 1, 1])
    s, ev = _play(s, do="set", player="chu", cards=[5, 5, 5], last=[1, 1, 1])
    s, ev = _play(s, do="set", player="han", cards=[7, 7, 7], last=[5, 5, 5])
    # Chu cannot beat three 7s: Han Xin skips his answer, Han gains 1
    s, ev = _play(s, do="ability", player="chu", card="han_xin")
    s, ev = _play(s, do="resolve")
    assert s["vp"] == {"han": 1, "chu": 1}
    e = raises("illegal", ops.call, "chuhan.play",
               {"state": s, "action": {"do": "set", "player": "chu", "cards": [6, 6, 6], "last": [7, 7, 7]}})
    assert e.message == "rank 6 does not beat rank 7"


def test_play_takes_a_list_of_actions_and_refuses_bad_ones_by_name():
    s = _start(0, 1)
    r = ops.call("chuhan.play", {"state": s, "actions": [{"do": "edict", "player": "han"},
                                                         {"do": "out", "player": "chu", "cards": 17}]})
    assert r["state"]["vp"] == {"han": 0, "chu": 7} and len(r["events"]) == 2
    for action, part in (({"do": "fly"}, "\"do\""), ({"do": "edict"}, "\"player\""),
                         ({"do": "edict", "player": "wei"}, "\"player\""), ({"do": "ability", "player": "han"}, "card"),
                         ({"do": "out", "player": "han", "cards": "3"}, "\"cards\""),
                         ({"do": "set", "player": "han", "cards": [2, "2"]}, "cards")):
        e = raises("bad_args", ops.call, "chuhan.play", {"state": s, "action": action})
        assert part in e.message, (action, e.message)
    raises("bad_args", ops.call, "chuhan.play", {"state": {"game": "khan"}, "action": {"do": "resolve"}})
    raises("bad_args", ops.call, "chuhan.play", {"state": s, "action": [1]})


def test_new_game_modes_and_seeds():
    s = ops.call("chuhan.new", {"events": "virtual", "seed": 99, "stream": 3})["state"]
    assert s["event"] == "lull" and len(s["event_deck"]) == 14 and s["events"] == "virtual"
    deck = ops.call("chuhan.events", {"seed": 99, "stream": 3})["deck"]
    assert deck == ["lull"] + s["event_deck"]
    assert "\"seed\"" in raises("bad_args", ops.call, "chuhan.new", {"events": "virtual"}).message
    assert "events" in raises("bad_args", ops.call, "chuhan.new", {"events": "some"}).message
    t = ops.call("chuhan.new", {"events": "table"})["state"]
    assert sorted(t["event_deck"]) == sorted(s["event_deck"])


def test_events_table_fifteen_cards_five_lulls_and_the_known_effects():
    r = ops.call("chuhan.events", {})
    assert r["deck"] is None and r["first"] == "lull"
    table = r["table"]
    assert sum(e["count"] for e in table) == 15 and len(table) == 11 and table[0]["count"] == 5
    late = sorted(e["key"] for e in table if e["late_win"])
    assert late == ["good_advice", "stability"]
    assert [e["end_bonus"] for e in table if e["key"] == "hangu_pass"] == [3]


def test_going_out_op():
    assert ops.call("chuhan.going_out", {"cards": 7, "edicts": 3}) == \
        {"vp": 8, "cards_vp": 5, "edicts_vp": 3, "doubled": False}
    assert ops.call("chuhan.going_out", {"cards": 2, "edicts": 0, "doubled": True})["vp"] == 4
    e = raises("bad_args", ops.call, "chuhan.going_out", {"cards": 20, "edicts": 1})
    assert e.message == "\"cards\" must be between 0 and 18"


def test_round_op_attacker_winner_and_the_event_flip():
    r = ops.call("chuhan.round", {"vp": {"han": 20, "chu": 18}, "out": "han"})
    assert r == {"winner": None, "attacker": "chu", "event": None, "events": []}
    assert ops.call("chuhan.round", {"vp": {"han": 20, "chu": 20}, "out": "han"})["attacker"] == "han"
    r = ops.call("chuhan.round", {"vp": {"han": 33, "chu": 33}, "out": "chu", "events": ["lull"]})
    assert r["winner"] == "chu" and r["attacker"] is None and r["events"] == ["lull"]
    pile = ["lull", "warlords", "stability"]
    r = ops.call("chuhan.round", {"vp": {"han": 1, "chu": 2}, "out": "chu", "events": pile, "seed": 4})
    assert r["event"] in pile and sorted(r["events"] + [r["event"]]) == sorted(pile)
    assert r == ops.call("chuhan.round", {"vp": {"han": 1, "chu": 2}, "out": "chu", "events": pile, "seed": 4})
    assert "seed" in raises("bad_args", ops.call, "chuhan.round",
                            {"vp": {"han": 1, "chu": 2}, "out": "chu", "events": pile}).message
    assert "vp.chu" in raises("bad_args", ops.call, "chuhan.round", {"vp": {"han": 1}, "out": "chu"}).message


def test_tables_op_is_canonical_json():
    r = ops.call("chuhan.tables", {})
    assert r["ranks"] == [1, 9, 8, 7, 6, 5, 4, 3, 2, 1] and r["win_vp"] == 31
    assert r["start_vp"] == {"han": 0, "chu": 1} and len(r["cards"]) == 12
    assert cjson.dumps(r).startswith("{\"cards\":")


def test_the_story_says_no_more_counters_after_a_counter_and_nobody_counters_else():
    """Issue 21: the story said "nobody counters" when a counter had been played."""
    from shared_rules.chuhan.narration import narrate

    one = {"player": "chu", "ability": "zhongli_mo", "cancelled": True, "counters": 1}
    none = {"player": "chu", "ability": "han_xin", "cancelled": False, "counters": 0}
    assert narrate(None, "", {"do": "resolve"}, {"resolved": one}).endswith("no more counters")
    assert narrate(None, "", {"do": "resolve"}, {"resolved": none}).endswith("nobody counters")
