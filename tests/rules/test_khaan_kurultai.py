"""The kurultai: the voting rules of an independent tribe in priority order, the tally and
the Great Khan's election by two thirds (8 of 12)."""

from rulestest import raises

from shared_rules import ops
from shared_rules.khaan import kurultai


def _vote(**args) -> dict:
    args.setdefault("tribe", "merkit")
    return ops.call("khaan.vote", args)


CANDIDATES = [["red", 12, 1], ["blue", 9, 4], ["green", 12, 2]]


def test_two_thirds_of_all_votes_elect_8_of_12():
    assert kurultai.needed(12) == 8 and kurultai.needed(11) == 8 and kurultai.needed(9) == 6
    assert kurultai.issue_needed(12) == 6 and kurultai.issue_needed(7) == 4


def test_rule_1_a_vassal_votes_for_its_overlord_an_overlord_for_itself():
    assert _vote(overlord="blue", vassals=True, candidates=CANDIDATES) == {"vote": "blue", "rule": "overlord"}
    assert _vote(vassals=True, candidates=CANDIDATES) == {"vote": "merkit", "rule": "overlord"}


def test_rule_2_the_alliance_member_with_most_prestige():
    alliance = [["red", 12], ["merkit", 5], ["blue", 14]]
    assert _vote(alliance=alliance, candidates=CANDIDATES) == {"vote": "blue", "rule": "alliance"}
    alliance = [["red", 4], ["merkit", 5]]
    assert _vote(alliance=alliance, candidates=CANDIDATES) == {"vote": "merkit", "rule": "alliance"}
    alliance = [["red", 5], ["merkit", 5]]  # a tie: the first in seat order
    assert _vote(alliance=alliance, candidates=CANDIDATES)["vote"] == "red"
    assert _vote(alliance=[["merkit", 5]], candidates=CANDIDATES)["rule"] != "alliance"  # no allies


def test_rule_3_the_candidate_with_most_prestige_at_relations_plus_2():
    # red and green share the most prestige (12); only green has relations of +2
    assert _vote(candidates=CANDIDATES) == {"vote": "green", "rule": "prestige"}


def test_rule_4_the_best_relations_then_most_prestige():
    candidates = [["red", 12, 1], ["blue", 9, 4], ["green", 12, 1]]
    assert _vote(candidates=candidates) == {"vote": "blue", "rule": "relations"}
    candidates = [["red", 12, 1], ["blue", 9, 1], ["green", 15, 1], ["white", 15, 1]]
    assert _vote(candidates=candidates[:2]) == {"vote": "red", "rule": "relations"}  # equal: most prestige
    assert _vote(candidates=candidates) == {"vote": "green", "rule": "relations"}  # a tie: the first
    assert _vote(candidates=[]) == {"vote": None, "rule": "relations"}


def test_the_tally_elects_with_8_of_12():
    tribes = ["red", "blue", "green"] + ["tribe-" + str(k) for k in range(1, 10)]
    votes = {}
    for k in range(12):
        votes[tribes[k]] = "red" if k < 8 else "blue"
    r = ops.call("khaan.kurultai", {"votes": votes})
    assert r == {"tally": {"red": 8, "blue": 4}, "voters": 12, "needed": 8, "issue_needed": 6, "elected": "red"}
    votes["tribe-5"] = None  # 7 of 12: no Great Khan yet
    r = ops.call("khaan.kurultai", {"votes": votes, "issues": [6, 5, 12]})
    assert r["elected"] is None and r["tally"] == {"red": 7, "blue": 4} and r["passed"] == [True, False, True]


def _bad(**args) -> str:
    args.setdefault("tribe", "merkit")
    return raises("bad_args", ops.call, "khaan.vote", args).message


def test_bad_votes():
    assert "own overlord" in _bad(overlord="merkit")
    assert "itself" in _bad(alliance=[["red", 3]])
    _bad(candidates=[["merkit", 3, 1]])
    _bad(candidates=[["red", 3, 1], ["red", 4, 1]])
    assert "candidates[0][2]" in _bad(candidates=[["red", 3, 31]])
    _bad(candidates=[["red", 3]])
    _bad(vassals="yes")
    raises("bad_args", ops.call, "khaan.kurultai", {"votes": {}})
    assert "nobody" in raises("bad_args", ops.call, "khaan.kurultai", {"votes": {"red": "nobody"}}).message
    raises("bad_args", ops.call, "khaan.kurultai", {"votes": {"red": "red"}, "issues": [2]})


# -- when: «co określoną ilość tur (najczęściej 4)» -----------------------------------------------
def _play(state: dict, *actions) -> dict:
    return ops.call("khaan.play", {"state": state, "actions": list(actions)})


def test_the_kurultai_comes_every_4_players_turns_by_default():
    """«Kurułtaj odbywa się co określoną ilość tur (najczęściej 4)», and a tura is one
    player's turn: «Gracze wykonują swoje tury zgodnie z ruchem wskazówek zegara. Każda tura
    ma następujący przebieg: Gracz losuje kartę Wydarzenia...»."""
    s = ops.call("khaan.new", {"players": ["red", "yellow", "blue"], "seed": 1})["state"]
    assert (s["unit"], s["every"], s["turn"], s["round"]) == ("turn", 4, "red", 1)
    r = _play(s, {"do": "next_turn"}, {"do": "next_turn"}, {"do": "next_turn"})
    assert [(e["round"], e["turn"]) for e in r["events"]] == [(1, "yellow"), (1, "blue"), (2, "red")]
    s = r["state"]
    e = raises("illegal", ops.call, "khaan.play", {"state": s, "action": {"do": "next_turn"}})
    assert "end of this turn" in e.message, "red's turn in round 2 is the 4th: the kurultai is due"
    assert "next_turn" in raises("illegal", ops.call, "khaan.play", {"state": s, "action": {"do": "next_round"}}).message
    r = _play(s, {"do": "kurultai", "votes": {"red": 5}, "ends_round": True})
    assert (r["events"][0]["khan"], r["state"]["round"], r["state"]["turn"]) == (None, 2, "yellow")
    left = ops.call("khaan.countdown", {"round": 2, "every": 4, "unit": "turn", "players": 3, "turn": 2})
    assert left == {"kurultai": False, "turns_left": 3, "next": {"round": 3, "turn": 2}}


def test_the_interval_may_count_rounds_and_old_games_still_do():
    from shared_rules.khaan import game

    s = ops.call("khaan.new", {"players": ["red", "blue"], "seed": 1, "unit": "round", "every": 2})["state"]
    r = _play(s, {"do": "next_turn"}, {"do": "next_turn"})
    assert r["state"]["round"] == 2 and r["state"]["turn"] == "red"
    raises("illegal", ops.call, "khaan.play", {"state": r["state"], "action": {"do": "next_round"}})
    old = dict(s)
    del old["unit"], old["turn"]
    old["every"] = 4
    assert _play(old, {"do": "next_round"})["state"]["unit"] == "round", "a game saved before the setting"
    assert game.settings_of(game.new({"players": ["red", "blue"]}, 1))["unit"] == "round"
    for bad in ({"players": ["red", "blue"], "unit": "week"}, {"players": ["red", "blue"], "every": 0},
                {"players": ["red", "blue"], "kurultai": 4}):
        raises("bad_args", game.check_settings, bad)
