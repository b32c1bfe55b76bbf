"""Huns saved games: JSON both ways, every field checked, huns.new and huns.play, and
seeded random games played to the end."""

from rulestest import raises

from shared_rules import cjson, ops
from shared_rules.huns import randplay, state
from shared_rules.huns.game import OVER, SCORING, new_game
from shared_rules.huns.tables import CARDS_PER_COLOUR, LOOT_PER_COLOUR


def _new(players=3, seed=1, **extra):
    args = {"players": players, "seed": seed}
    args.update(extra)
    return ops.call("huns.new", args)["state"]


def _play(s, *actions):
    return ops.call("huns.play", {"state": s, "actions": list(actions)})


def test_a_new_game_as_json():
    s = _new(4, 2, first=0)
    assert s["game"] == "huns" and s["players"] == 4 and s["phase"] == "setup" and s["round"] == 1
    assert s["supply"] == [24] * 5 and s["decks"] == [12] * 5 and s["dice"] == [0] * 5
    assert s["start_loot"] == [[2, 1], [3, 2]] and s["current"] == 2 and s["taken"] == [] and s["left"] == []
    assert s["final"] is None and s["result"] is None and len(s["rng"]) == 8


def test_a_game_survives_json_both_ways_at_every_step():
    def check(g, action):
        s = state.game_json(g)
        assert cjson.dumps(state.game_json(state.game(s))) == cjson.dumps(s)

    g, moves = randplay.playout(4, 3, check)
    assert g.phase == OVER and moves > 40


def test_play_applies_actions_and_reports_events():
    s = _new(2, 5, first=1)
    out = _play(s, {"do": "roll", "dice": {"blue": 1, "red": 2, "green": 3, "black": 1, "yellow": 2}},
                {"do": "take", "die": "green", "action": "loot"}, {"do": "take", "die": "red", "action": "cards"})
    assert [e["do"] for e in out["events"]] == ["roll", "take", "take"]
    assert out["events"][1]["seat"] == 1 and out["events"][2]["seat"] == 0
    s = out["state"]
    assert s["supply"] == [20, 20, 17, 20, 20] and s["decks"] == [10, 9, 10, 10, 10]
    assert s["taken"] == ["green", "red"] and s["left"] == ["blue", "black", "yellow"] and s["current"] == 1
    one = ops.call("huns.play", {"state": s, "action": {"do": "take", "die": "blue", "action": "cards"}})
    assert one["events"][0]["drawn"] == 1 and one["state"]["current"] == 0


def test_a_refused_action_changes_nothing_and_names_the_reason():
    s = _new(2, 5, first=1)
    e = raises("illegal", ops.call, "huns.play", {"state": s, "action": {"do": "take", "die": "red",
                                                                           "action": "loot"}})
    assert "\"take\" is not possible now (phase roll)" in e.message
    assert s["phase"] == "roll"


def test_scoring_ends_the_game_and_the_result_stays_in_the_state():
    g = new_game(2, 3, 0, 0)
    g.phase = SCORING
    s = state.game_json(g)
    camps = [{"raids": 2, "stash": 4}, {"raids": 1, "wagons": {"blue": 3}}]
    out = ops.call("huns.play", {"state": s, "action": {"do": "score", "camps": camps}})
    assert out["events"][0]["vp"] == [2, 4] and out["events"][0]["winners"] == [1]
    s = out["state"]
    assert s["phase"] == "over" and s["current"] is None and s["result"]["vp"] == [2, 4]
    assert s["final"] == [[2, 0, 0, 0, 0, 4, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0, 3]]
    assert state.game(s).result()["winners"] == [1]
    e = raises("bad_args", ops.call, "huns.play", {"state": dict(s, phase="scoring"), "action": {"do": "end"}})
    assert "final must be null" in e.message
    g.phase = SCORING
    e = raises("bad_args", g.score, [[0] * 10])
    assert "2 camps" in e.message


def test_bad_states_are_refused_with_the_field_named():
    s = _play(_new(3, 9, first=0), {"do": "start_loot", "colours": ["red"]}, {"do": "roll"},
              {"do": "take", "die": "red", "action": "cards"})["state"]
    state.game(s)
    cases = (
        ({"game": "khan"}, "Huns game"), ({"version": 2}, "version"), ({"horde": 1}, "\"horde\""),
        ({"players": 5}, "players"), ({"first": 3}, "first"), ({"rng": [0] * 8}, "rng"), ({"rng": "x"}, "rng"),
        ({"faces": {"blue": "0"}}, "faces"), ({"supply": [22, 22, 22, 22]}, "supply"),
        ({"supply": [23, 22, 22, 22, 22]}, "supply"), ({"decks": [1, 2, 3, 4, 12]}, "decks"),
        ({"dice": [1, 2, 3, 1, 7]}, "dice"), ({"dice": [0, 0, 0, 0, 0]}, "dice"), ({"phase": "dinner"}, "phase"),
        ({"round": 0}, "round"), ({"taken": ["red", "red"]}, "taken"), ({"taken": ["purple"]}, "taken"),
        ({"taken": list(s["taken"]) + ["blue", "green", "black", "yellow"]}, "taken"),
        ({"start_loot": [[2, 1]]}, "start_loot"), ({"phase": "roll"}, "dice"), ({"final": []}, "final"),
        ({"dice": [1, 2, 3, 1, True]}, "dice"), ({"players": 2}, "supply"),
    )
    for change, part in cases:
        bad = dict(s)
        bad.update(change)
        e = raises("bad_args", state.game, bad)
        assert part in e.message, (change, e.message)
    bad = dict(s)
    del bad["round"]
    assert "round" in raises("bad_args", state.game, bad).message
    raises("bad_args", ops.call, "huns.play", {"state": s})
    raises("bad_args", ops.call, "huns.play", {"state": [], "action": {"do": "end"}})


def test_setup_phase_state_lists_the_loot_still_to_take():
    s = _new(4, 2, first=1)
    assert s["start_loot"] == [[3, 1], [0, 2]]
    s = _play(s, {"do": "start_loot", "colours": ["yellow"]})["state"]
    assert s["start_loot"] == [[0, 2]] and s["current"] == 0 and s["supply"][4] == 23
    e = raises("bad_args", state.game, dict(s, start_loot=[[3, 1]]))
    assert "start_loot" in e.message
    s = _play(s, {"do": "start_loot", "colours": ["red", "black"]})["state"]
    assert s["phase"] == "roll" and s["start_loot"] == [] and s["current"] == 1


def test_random_games_end_by_the_end_check_and_keep_their_counts():
    for seed in range(6):
        players = 2 + seed % 3
        seen = []
        g, moves = randplay.playout(seed, players, lambda g, a: seen.append((g.round, g.first, g.phase)))
        assert g.phase == OVER and g.final is not None and len(g.result()["vp"]) == players
        assert min(g.supply) == 0 or min(g.decks) == 0
        assert all(0 <= v <= LOOT_PER_COLOUR[players] for v in g.supply)
        assert all(0 <= v <= CARDS_PER_COLOUR[players] for v in g.decks)
        # the first player moves one seat left each round
        for k in range(1, len(seen)):
            if seen[k][0] != seen[k - 1][0]:
                assert seen[k][1] == (seen[k - 1][1] + 1) % players


def test_the_same_seed_plays_the_same_game():
    a = []
    b = []
    randplay.playout(11, 4, lambda g, m: a.append(cjson.dumps(m)))
    randplay.playout(11, 4, lambda g, m: b.append(cjson.dumps(m)))
    assert a == b and len(a) > 40


def test_the_state_keeps_the_result_without_the_event_keys():
    g = new_game(2, 3, 0, 0)
    g.phase = SCORING
    out = ops.call("huns.play", {"state": state.game_json(g), "action": {"do": "score", "camps": [{}, {}]}})
    assert out["events"][0]["do"] == "score" and "do" not in out["state"]["result"]


def test_setup_loot_entries_must_be_whole_numbers():
    s = _new(4, 2, first=1)
    for bad in ([[3, True], [0, 2]], [[3.0, 1], [0, 2]], [[3, 1, 0], [0, 2]], [[0, 2], [3, 1]], [[3, 1]]):
        e = raises("bad_args", state.game, dict(s, start_loot=bad))
        assert "start_loot" in e.message, bad
    assert state.game(dict(s, start_loot=[[0, 2]])).start_loot == ((0, 2),)
