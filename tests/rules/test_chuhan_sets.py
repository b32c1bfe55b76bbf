"""Chu and Han sets: the deck, what a set counts as and scores, and legal answers."""

from rulestest import raises

from shared_rules import ops
from shared_rules.chuhan import sets
from shared_rules.chuhan.tables import ABILITIES, ATTACK, CARDS, DECK_CARDS, ONCE_A_ROUND, RANK_COUNTS, SET_ABILITIES


def _answer(last, answer) -> dict:
    args = {"answer": answer}
    if last is not None:
        args["last"] = last
    return ops.call("chuhan.answer", args)


def _legal(last, answer) -> bool:
    return _answer(last, answer)["legal"]


def _zm(*cards) -> dict:
    return {"cards": list(cards), "zhongli_mo": True}


def _py(*cards) -> dict:
    return {"cards": list(cards), "peng_yue": True}


def test_the_deck_holds_46_cards_nine_ones_down_to_one_nine_and_a_joker():
    assert sum(RANK_COUNTS) == DECK_CARDS == 46
    assert list(RANK_COUNTS) == [1, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def test_every_rank_3_and_rank_6_card_is_named_and_three_carry_attack():
    threes = [c for c in CARDS if c[2] == 3]
    sixes = [c for c in CARDS if c[2] == 6]
    assert len(threes) == RANK_COUNTS[3] and len(sixes) == RANK_COUNTS[6]
    assert sorted(c[0] for c in CARDS if c[3] == ATTACK) == ["ji_bu", "ying_bu", "yu_ji"]
    keys = [c[0] for c in CARDS]
    for a in ABILITIES + SET_ABILITIES + ONCE_A_ROUND:
        assert a in keys, a
    assert all(c[2] == 6 for c in CARDS if c[0] in ONCE_A_ROUND)


def test_rulebook_twos_examples_seven_five_and_joker_with_five():
    assert _answer(None, [2] * 7)["vp"] == 7
    assert _answer(None, [2] * 5)["vp"] == 0
    r = _answer(None, [0, 2, 2, 2, 2, 2])
    assert r["vp"] == 6 and r["rank"] == 2 and r["size"] == 6 and r["legal"]


def test_rulebook_zhongli_mo_examples():
    r = _answer(None, _zm(2, 3, 5, 6, 8, 9))
    assert r["legal"] and r["rank"] == 2 and r["vp"] == 6 and r["abilities"] == ["zhongli_mo"]
    r = _answer(None, _zm(2, 4, 7, 8, 9, 0))  # the joker is a 0 here: six "0"s
    assert r["legal"] and r["rank"] == 0 and r["vp"] == 0
    # the worked example's set: Zhongli Mo itself is not one of the six
    assert _answer(None, _zm(2, 4, 5, 6, 7, 8))["vp"] == 6
    assert _answer(None, _zm(2, 3, 4, 5, 6, 7, 8))["vp"] == 7


def test_joker_joins_a_set_or_is_a_zero_alone():
    assert sets.rank([0, 8, 8], False) == 8 and len([0, 8, 8]) == 3
    assert sets.rank([0], False) == 0
    assert _legal([0], [1]) and not _legal([1], [0])
    r = _answer([8, 8], [0, 9])  # the one 9 and the joker: two 9s
    assert r["legal"] and r["rank"] == 9 and r["size"] == 2


def test_rulebook_trick_three_ones_then_fives_then_sevens():
    assert _legal(None, [1, 1, 1])
    assert _legal([1, 1, 1], [5, 5, 5])
    assert _legal([5, 5, 5], [7, 7, 7])
    r = _answer([7, 7, 7], [5, 5, 5])
    assert not r["legal"] and r["reason"] == "rank 5 does not beat rank 7"
    r = _answer([7, 7, 7], [8, 8])
    assert not r["legal"] and "3 cards" in r["reason"]


def test_a_set_is_of_one_rank_unless_zhongli_mo():
    r = _answer(None, [4, 4, 5])
    assert not r["legal"] and "Zhongli Mo" in r["reason"] and r["rank"] is None
    r = _answer(None, _zm(4, 4, 5))
    assert not r["legal"] and "rank 4 appears twice" in r["reason"]
    assert _legal([3, 3, 3], _zm(4, 5, 9))


def test_cards_the_deck_does_not_have():
    assert "one joker" in _answer(None, [0, 0, 5])["reason"]
    assert "10 cards of rank 1" in _answer(None, [1] * 10)["reason"]
    # nine 1s, and the joker as a tenth: legal
    assert _legal(None, [1] * 9 + [0])
    # seven 3s need every rank-3 card: none is left for Peng Yue
    assert not _legal([2] * 7, _py(3, 3, 3, 3, 3, 3, 3))
    # Peng Yue's five 1s against five 1s: ten 1s
    r = _answer([1] * 5, _py(1, 1, 1, 1, 1))
    assert not r["legal"] and "two sets take 10 cards of rank 1" in r["reason"]
    assert "one card" in _answer(_zm(1, 2), {"cards": [3, 4], "zhongli_mo": True})["reason"]


def test_peng_yue_answers_the_same_rank_but_never_leads():
    assert not _legal([6, 6], [6, 0])
    assert _legal([6, 6], _py(6, 0))
    assert _legal([6, 6], _py(7, 7))  # (decision) a higher rank stays legal
    assert not _legal([6, 6], _py(5, 5))
    r = _answer(None, _py(4))
    assert not r["legal"] and "cannot lead" in r["reason"]


def test_liu_bang_is_a_10_only_against_a_9():
    r = _answer([9], [10])
    assert r["legal"] and r["rank"] == 10 and r["abilities"] == ["liu_bang"]
    assert not _legal([8], [10])
    assert not _legal(None, [10])
    assert not _legal([9], [10, 10])
    assert not _legal(None, _zm(8, 10))
    assert not _legal([9, 0], [10, 0])  # one joker only
    assert _legal([9, 0], {"cards": [10, 0]}) is False
    assert _legal([9], [0]) is False
    # nothing beats the 10
    assert not _legal([10], [9])


def test_bad_sets_are_bad_arguments_naming_the_field():
    for args, part in (({"answer": []}, "answer cards"), ({"answer": [11]}, "answer cards"),
                       ({"answer": "2 2"}, "answer"), ({"answer": {"cards": [2], "joker": 1}}, "joker"),
                       ({"answer": {"cards": [2], "peng_yue": 1}}, "answer.peng_yue"),
                       ({"last": [4, 5], "answer": [6, 6]}, "\"last\" is no set"), ({}, "answer")):
        e = raises("bad_args", ops.call, "chuhan.answer", args)
        assert part in e.message, (args, e.message)
