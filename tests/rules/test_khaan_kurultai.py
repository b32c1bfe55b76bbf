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
