"""The Chu and Han engine: VP sources, counters, going out, the 31-VP win, rounds, events."""

from rulestest import raises

from shared_rules.chuhan import actions, randplay, state
from shared_rules.chuhan.game import OVER, PLAY, ROUND_OVER, TABLE, VIRTUAL, going_out_vp, new_game
from shared_rules.chuhan.tables import CHU, HAN


def _do(g, **action):
    return actions.apply(g, action)


def _refused(g, code, **action):
    before = state.game_json(g)
    e = raises(code, actions.apply, g, action)
    assert state.game_json(g) == before, "a refused action changes nothing"
    return e


def _game(han=0, chu=1, events="off", seed=0):
    g = new_game(events, seed)
    g.vp = [han, chu]
    return g


def test_a_new_game_han_0_chu_1_han_attacks_with_a_full_dynasty_deck():
    g = new_game()
    s = state.game_json(g)
    assert s["vp"] == {"han": 0, "chu": 1} and s["attacker"] == "han" and s["round"] == 1
    assert s["deck"] == 16 and s["edicts"] == {"han": 0, "chu": 0} and s["phase"] == PLAY
    assert s["event"] is None and s["event_deck"] == []


def test_six_edicts_a_round_two_cards_each():
    g = _game()
    for k in range(6):
        _do(g, do="edict", player="han" if k % 3 else "chu")
    assert g.edicts == [4, 2] and g.deck() == 4 and g.edicts_left() == 0
    e = _refused(g, "illegal", do="edict", player="chu")
    assert "6 edicts" in e.message


def test_plain_set_of_six_twos_scores_at_once_and_cannot_be_cancelled():
    g = _game()
    ev = _do(g, do="set", player="han", cards=[2, 2, 2, 2, 2, 0])
    assert g.vp == [6, 1] and ev["scores"] == 6 and ev["waiting"] is None
    assert ev["gains"] == [{"player": "han", "vp": 6, "source": "twos", "doubled": False}]
    _refused(g, "illegal", do="counter", player="chu", card="lu_zhi")
    assert _do(g, do="set", player="chu", cards=[2] * 5)["gains"] == []


def test_han_xin_gives_the_opponent_one_vp_when_it_resolves():
    g = _game()
    ev = _do(g, do="ability", player="chu", card="han_xin")
    assert ev["waiting"] == "han_xin" and g.vp == [0, 1]
    ev = _do(g, do="resolve")
    assert g.vp == [1, 1] and ev["resolved"] == {"player": "chu", "ability": "han_xin", "cancelled": False, "counters": 0}
    e = _refused(g, "illegal", do="ability", player="chu", card="han_xin")
    assert "already used this round" in e.message


def test_xiao_ying_gives_three_and_lu_zhi_cancels_and_xiao_he_restores():
    g = _game()
    _do(g, do="ability", player="han", card="xiao_ying")
    _do(g, do="counter", player="chu", card="lu_zhi")
    ev = _do(g, do="resolve")
    assert g.vp == [0, 1] and ev["resolved"]["cancelled"] is True
    _do(g, do="ability", player="han", card="xiao_ying")  # taken back by Ying Bu: rank 3 may come again
    _do(g, do="counter", player="chu", card="lu_zhi")
    _do(g, do="counter", player="han", card="xiao_he")
    _refused(g, "illegal", do="counter", player="chu", card="lu_zhi")
    _do(g, do="resolve")
    assert g.vp == [0, 4]


def test_counters_follow_their_order():
    g = _game()
    assert "nothing to cancel" in _refused(g, "illegal", do="counter", player="han", card="lu_zhi").message
    _refused(g, "illegal", do="resolve")
    _do(g, do="ability", player="han", card="yu_ji")
    assert "not han's own" in _refused(g, "illegal", do="counter", player="han", card="lu_zhi").message
    assert "not been played" in _refused(g, "illegal", do="counter", player="han", card="xiao_he").message
    _do(g, do="counter", player="chu", card="lu_zhi")
    _refused(g, "illegal", do="counter", player="chu", card="lu_zhi")
    assert "played by han" in _refused(g, "illegal", do="counter", player="chu", card="xiao_he").message


def test_an_edict_ends_the_wait_so_a_lu_zhi_it_brings_cannot_cancel():
    g = _game()
    _do(g, do="ability", player="chu", card="han_xin")
    ev = _do(g, do="edict", player="han")
    assert ev["resolved"]["ability"] == "han_xin" and g.vp == [1, 1] and g.edicts == [1, 0]
    _refused(g, "illegal", do="counter", player="han", card="lu_zhi")


def test_xiang_yu_doubles_every_later_gain_of_its_player_this_round():
    g = _game(10, 10)
    _do(g, do="ability", player="chu", card="xiang_yu")
    _do(g, do="resolve")
    assert g.doubled == CHU
    _do(g, do="ability", player="han", card="han_xin")  # +1 to Chu, doubled
    ev = _do(g, do="set", player="chu", cards=[2] * 6)  # the Han Xin resolves first
    assert [(x["player"], x["vp"], x["doubled"]) for x in ev["gains"]] == [("chu", 2, True), ("chu", 12, True)]
    assert g.vp == [10, 24]
    _do(g, do="edict", player="han")
    ev = _do(g, do="out", player="chu", cards=3)  # (3 + 1 edict) x 2
    assert ev["gains"] == [{"player": "chu", "vp": 8, "source": "out", "doubled": True}] and g.vp == [10, 32]
    assert g.winner == CHU and g.phase == OVER


def test_xiang_yu_ends_with_the_round():
    g = _game()
    _do(g, do="ability", player="han", card="xiang_yu")
    _do(g, do="out", player="chu", cards=2)
    assert g.doubled == HAN and g.vp == [0, 3]
    _do(g, do="next_round")
    assert g.doubled == -1 and g.used == []


def test_going_out_scores_the_opponents_cards_up_to_five_and_his_edicts():
    assert going_out_vp(3, 0) == 3 and going_out_vp(7, 2) == 7 and going_out_vp(0, 0) == 0
    g = _game()
    _do(g, do="edict", player="han")
    _do(g, do="edict", player="han")
    _do(g, do="edict", player="chu")  # the going-out player's own edict does not count
    ev = _do(g, do="out", player="chu", cards=12)
    assert ev["gains"][0]["vp"] == 7 and g.vp == [0, 8] and g.phase == ROUND_OVER and g.out == CHU
    g = _game()
    e = _refused(g, "illegal", do="out", player="han", cards=17)
    assert "chu can hold at most 16 cards" in e.message
    _refused(g, "bad_args", do="out", player="han", cards=-1)


def test_31_wins_at_once_mid_round_and_the_game_stops():
    g = _game(25, 20)
    ev = _do(g, do="set", player="han", cards=[2, 2, 2, 2, 2, 2])
    assert ev["winner"] == "han" and g.phase == OVER and g.vp == [31, 20]
    e = _refused(g, "illegal", do="edict", player="chu")
    assert "game is over: han won" in e.message


def test_reaching_31_from_a_waiting_ability_beats_the_going_out():
    g = _game(30, 28)
    _do(g, do="ability", player="han", card="xiao_ying")
    ev = _do(g, do="out", player="han", cards=1)
    assert ev["winner"] == "chu" and g.vp == [30, 31] and g.out == -1


def test_a_player_going_out_to_31_wins():
    g = _game(27, 20)
    ev = _do(g, do="out", player="han", cards=4)
    assert ev["winner"] == "han" and g.vp == [31, 20]


def test_next_round_fewer_vp_attacks_a_tie_goes_to_who_went_out():
    g = _game(10, 5)
    _do(g, do="edict", player="han")
    _do(g, do="out", player="han", cards=2)
    assert g.vp == [12, 5]
    _refused(g, "illegal", do="edict", player="han")
    ev = _do(g, do="next_round")
    assert ev["attacker"] == "chu" and ev["round"] == 2 and g.last_out == HAN and g.edicts == [0, 0]
    g.vp = [12, 10]
    _do(g, do="out", player="chu", cards=2)
    assert g.vp == [12, 12]
    assert _do(g, do="next_round")["attacker"] == "chu"
    _refused(g, "illegal", do="next_round")


def test_good_advice_keeps_the_win_check_for_the_end_of_the_round():
    g = _game(28, 25, TABLE)
    _do(g, do="out", player="han", cards=0)
    _do(g, do="next_round", event="good_advice")
    ev = _do(g, do="set", player="han", cards=[2] * 7)
    assert ev["winner"] is None and g.vp == [35, 25] and g.phase == PLAY
    ev = _do(g, do="out", player="chu", cards=3)
    assert g.vp == [35, 28] and ev["winner"] == "han"


def test_with_a_late_check_a_tie_goes_to_who_went_out():
    g = _game(20, 20, TABLE)
    _do(g, do="out", player="han", cards=0)
    _do(g, do="next_round", event="stability")
    _do(g, do="set", player="chu", cards=[2] * 6)
    g.vp = [31, 26]
    ev = _do(g, do="out", player="chu", cards=5)
    assert g.vp == [31, 31] and ev["winner"] == "chu"


def test_hangu_pass_gives_three_vp_at_the_end_of_the_round_to_either_player():
    g = _game(10, 10, TABLE)
    _do(g, do="out", player="han", cards=0)
    _do(g, do="next_round", event="hangu_pass")
    _refused(g, "illegal", do="bonus", player="han")  # the round goes on
    _do(g, do="out", player="chu", cards=1)
    ev = _do(g, do="bonus", player="han")
    assert ev["gains"] == [{"player": "han", "vp": 3, "source": "bonus", "doubled": False}] and g.vp == [13, 11]
    _refused(g, "illegal", do="bonus", player="chu")
    g2 = _game(29, 10)
    _do(g2, do="out", player="chu", cards=1)
    assert "no end-of-round VP" in _refused(g2, "illegal", do="bonus", player="han").message


def test_xiang_yu_doubles_the_hangu_pass_bonus_taken_at_the_end_of_his_round():
    """Xiang Yu: «удваивайте все ПО, которые получаете до конца этого раунда (в том числе ПО
    после избавления от карт)»; Hangu Pass «добавляет 3 ПО, которые в конце раунда может
    получить любой игрок». Decision: the bonus is gained at the end of this round, still
    inside it (the next round begins only with next_round), so it is doubled: 6 VP; the
    opponent's bonus is not."""
    def at_the_bonus():
        """Round 2 with Hangu Pass face up, Xiang Yu resolved for Chu, Han gone out."""
        g = _game(10, 10, TABLE)
        _do(g, do="out", player="han", cards=0)
        _do(g, do="next_round", event="hangu_pass")
        _do(g, do="ability", player="chu", card="xiang_yu")
        _do(g, do="resolve")
        _do(g, do="out", player="han", cards=1)
        return g

    g = at_the_bonus()
    ev = _do(g, do="bonus", player="chu")
    assert ev["gains"] == [{"player": "chu", "vp": 6, "source": "bonus", "doubled": True}]
    assert g.vp[CHU] == 16
    assert _do(at_the_bonus(), do="bonus", player="han")["gains"][0]["vp"] == 3, "only Xiang Yu's player doubles"


def test_virtual_event_deck_lull_first_then_the_shuffled_fourteen():
    g = new_game(VIRTUAL, 7)
    deck = list(g.event_deck)
    assert g.event == "lull" and len(deck) == 14 and deck.count("lull") == 4
    assert new_game(VIRTUAL, 7).event_deck == deck and new_game(VIRTUAL, 8).event_deck != deck
    for r in range(2, 17):
        _do(g, do="out", player="han", cards=0)
        _refused(g, "bad_args", do="next_round", event="lull")
        ev = _do(g, do="next_round")
        assert ev["event"] == (deck[r - 2] if r <= 15 else None)
        g.vp = [0, 0]
    assert g.event_deck == [] and g.round == 16


def test_table_event_deck_names_the_flip():
    g = new_game(TABLE)
    assert g.event == "lull" and sorted(g.event_deck)[:4] == ["event_a", "event_b", "event_c", "event_d"]
    _do(g, do="out", player="han", cards=0)
    assert "name the event" in _refused(g, "bad_args", do="next_round").message
    _refused(g, "bad_args", do="next_round", event="dragon")
    _do(g, do="next_round", event="warlords")
    _do(g, do="out", player="han", cards=0)
    assert "not left" in _refused(g, "illegal", do="next_round", event="warlords").message


def test_ji_bu_on_the_last_four_cards_opens_the_opponents_hand():
    g = _game()
    _do(g, do="ability", player="han", card="ji_bu")
    _do(g, do="resolve")
    assert g.open_hand == -1
    for k in range(6):
        _do(g, do="edict", player="chu")
    _do(g, do="ability", player="han", card="ji_bu")
    _do(g, do="resolve")
    assert g.open_hand == CHU


def test_liu_bang_waits_for_counters_and_is_used_up():
    g = _game()
    ev = _do(g, do="set", player="chu", cards=[10], last=[9])
    assert ev["waiting"] == "liu_bang" and g.used == ["liu_bang"]
    _do(g, do="resolve")
    assert "already used" in _refused(g, "illegal", do="set", player="chu", cards=[10], last=[9]).message
    assert "rank 8" in _refused(g, "illegal", do="set", player="han", cards=[10], last=[8]).message
    assert "no set" in _refused(g, "bad_args", do="set", player="han", cards=[10], last=[8, 9]).message


def test_state_round_trips_and_refuses_inconsistent_saves():
    g = _game(12, 9, TABLE)
    _do(g, do="edict", player="chu")
    _do(g, do="set", player="han", cards=[2, 3, 5, 6, 8, 9], zhongli_mo=True)
    _do(g, do="counter", player="chu", card="lu_zhi")
    s = state.game_json(g)
    assert s["pending"] == {"player": "han", "ability": "zhongli_mo", "counters": ["lu_zhi"], "vp": 6}
    assert state.game_json(state.game(s)) == s
    bad = (
        ("vp", {"han": 31, "chu": 1}, "31 VP would have ended"), ("edicts", {"han": 4, "chu": 3}, "6 edicts"),
        ("deck", 16, "state.deck"), ("winner", "han", "state.winner"), ("last_out", "chu", "last_out"),
        ("pending", {"player": "han", "ability": "fly", "counters": [], "vp": 0}, "pending.ability"),
        ("pending", {"player": "han", "ability": "han_xin", "counters": ["xiao_he"], "vp": 0}, "counters"),
        ("event", "warlords", "state.event of round 1"), ("event_deck", ["lull"] * 6, "more often"),
        ("used", ["han_xin", "han_xin"], "at most once"), ("doubled", "han", "xiang_yu"), ("colour", 1, "colour"),
        ("phase", "lunch", "state.phase"), ("round", 0, "state.round"), ("open_hand", "han", "Ji Bu"),
    )
    for key, value, part in bad:
        broken = dict(s)
        broken[key] = value
        e = raises("bad_args", state.game, broken)
        assert part in e.message, (key, e.message)


def test_event_shuffle_is_a_uniform_fisher_yates_with_fewer_draws():
    from shared_rules.chuhan.game import shuffle
    from shared_rules.rng import PCG32

    counts = {}
    rng = PCG32(1, 2)
    for _ in range(2400):
        items = [0, 1, 2, 3]
        shuffle(rng, items)
        key = items[0] * 1000 + items[1] * 100 + items[2] * 10 + items[3]
        counts[key] = counts.get(key, 0) + 1
    assert len(counts) == 24 and min(counts.values()) > 60 and max(counts.values()) < 140
    deck = list(range(20))
    shuffle(PCG32(9, 9), deck)
    assert sorted(deck) == list(range(20)) and deck != list(range(20))


def test_random_games_keep_a_valid_state_and_vp_never_fall():
    from shared_rules.errors import RulesError
    from shared_rules.rng import PCG32

    rng = PCG32(2024, 7)
    finished = 0
    for k in range(6):
        g = new_game(("off", VIRTUAL, TABLE)[k % 3], k)
        for _ in range(120):
            before = list(g.vp)
            saved = state.game_json(g)
            try:
                actions.apply(g, randplay.choose(g, rng, wild=True))
            except RulesError:
                assert state.game_json(g) == saved, "a refused action changes nothing"
            s = state.game_json(g)
            assert state.game_json(state.game(s)) == s
            assert g.vp[0] >= before[0] and g.vp[1] >= before[1]
            if g.phase == OVER:
                assert g.vp[g.winner] >= 31
                finished += 1
                break
    assert finished >= 3
