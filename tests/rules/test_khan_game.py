"""The Khan engine: setup, the turn, actions, special cards, the final phase, saving."""

from rulestest import raises

from shared_rules import cjson, ops
from shared_rules.khan import actions, conquer, load, state
from shared_rules.khan.game import (ACTIONS, CONQUESTS, END, FINAL, FLIP, OVER, SETUP, SPECIAL, TABLE, TURN,
                                    VIRTUAL, Deck, new_game)
from shared_rules.khan.position import BLACK
from shared_rules.khan.tables import (CARD_COUNT, DIRECTIONS, RULERS, SYMBOLS, card_direction, card_ruler,
                                      card_symbol)
from shared_rules.rng import PCG32

# The deck's 72 cards as words, 9 a ruler colour in the order of RULERS, "DIRECTION:SYMBOL": the
# decision khan/tables.py holds as bytes (DECK_DIRECTIONS, DECK_SYMBOLS; edit both).
DECK = (
    "N:M NE:G E:T SE:R S:S SW:F W:khan NW:river N:M+border",
    "N:G NE:T E:R SE:S S:F SW:khan W:river NW:G+border NE:M",
    "N:T NE:R E:S SE:F S:khan SW:river W:T+border NW:M E:G",
    "N:R NE:S E:F SE:khan S:river SW:R+border W:M NW:G SE:T",
    "N:S NE:F E:khan SE:river S:S+border SW:M W:G NW:T S:R",
    "N:F NE:khan E:river SE:F+border S:M SW:G W:T NW:R SW:S",
    "N:khan NE:river E:M+border SE:M S:G SW:T W:R NW:S W:F",
    "N:river NE:G+border E:M SE:G S:T SW:R W:S NW:F NW:khan",
)

# one setup yurt per region on the default board: M, G, R, T, F, S
SETUP_CELLS = ("A1", "K1", "A4", "G5", "A9", "G8")


def _do(g, **action):
    return actions.apply(g, action)


def _refused(g, code, **action):
    return raises(code, actions.apply, g, action)


def _ready(players=("red", "blue")):
    """A table-mode game on the default board, setup done, first player to flip."""
    g = new_game("default", list(players), TABLE, 1)
    for c in SETUP_CELLS[:g.setup_left]:
        _do(g, do="setup_yurt", cell=c)
    return g


def _first_empty(g) -> str:
    for i in range(g.board.size):
        if g.pos.empty(i):
            return g.board.name_of(i)
    raise AssertionError("board full")


def test_deck_has_nine_cards_per_ruler_with_every_direction_and_symbol_kind():
    for r in range(len(RULERS)):
        cards = [c for c in range(CARD_COUNT) if card_ruler(c) == r]
        assert len(cards) == 9
        assert sorted(set(card_direction(c) for c in cards)) == list(range(8))
        kinds = [card_symbol(c) for c in cards]
        combos = [k for k in kinds if k.endswith("+border")]
        assert len(combos) == 1 and len(set(kinds)) == 9
        assert all(k in SYMBOLS for k in kinds)


def test_each_card_is_the_one_the_deck_text_says_direction_and_symbol():
    """DECK_DIRECTIONS and DECK_SYMBOLS (the bytes the rules read) are DECK's words in order."""
    words = " ".join(DECK).split()
    assert len(words) == CARD_COUNT
    for c in range(CARD_COUNT):
        assert DIRECTIONS[card_direction(c)] + ":" + card_symbol(c) == words[c], words[c]
        assert RULERS[card_ruler(c)] == RULERS[c // 9]
    assert [words[c] for c in (0, 8, 17, 71)] == ["N:M", "N:M+border", "NE:M", "NW:khan"]


def test_flip_skips_rulers_at_home_and_reshuffles_the_discards():
    rng = PCG32(3, 3)
    home = bytearray(8)
    home[card_ruler(5)] = 1
    deck = Deck([9, 5], [])
    card, skipped = deck.flip(rng, home)
    assert card == 9 and skipped == [5] and deck.discard == [5, 9] and deck.draw == []
    card, skipped = deck.flip(rng, home)  # the pile is empty: the discards are shuffled in
    assert card == 9 and sorted(deck.discard) == [5, 9]


def test_peek_names_the_card_the_flip_turns_up_and_changes_nothing():
    """The box shows the flipped card before the rules work out the flight (issue 14):
    peek must be the flip's card every time, or -1 where only the reshuffle knows it."""
    rng = PCG32(11, 3)
    home = bytearray(8)
    home[card_ruler(5)] = 1
    deck = Deck([9, 5], [])
    assert deck.peek(home) == 9 and deck.draw == [9, 5] and deck.discard == []
    assert deck.flip(rng, home)[0] == 9
    assert deck.peek(home) == -1  # only the shuffle of the discards can tell
    order = list(range(CARD_COUNT))
    rng.shuffle(order)
    deck = Deck(order, [])
    home = bytearray(8)
    for k in range(3 * CARD_COUNT):  # rulers going home and coming back, the pile reshuffled
        home[k % 8] = k % 3 == 0
        if not any(not home[r] for r in range(8)):
            continue
        before = (list(deck.draw), list(deck.discard))
        seen = deck.peek(home)
        assert (deck.draw, deck.discard) == before
        card, _ = deck.flip(rng, home)
        assert seen in (card, -1) and (seen == card or not any(not home[card_ruler(c)] for c in before[0]))


def test_virtual_game_deals_four_cards_each_from_72():
    g = new_game("default", ["red", "yellow", "blue"], VIRTUAL, 11)
    assert [len(h) for h in g.hands] == [4, 4, 4]
    every = g.deck.draw + g.deck.discard + g.hands[0] + g.hands[1] + g.hands[2]
    assert sorted(every) == list(range(CARD_COUNT))
    assert g.phase == SETUP and g.setup_left == 6


def test_setup_goes_round_one_yurt_a_region():
    g = new_game("default", ["red", "yellow", "blue"], TABLE, 1)
    for c in SETUP_CELLS[:3]:
        _do(g, do="setup_yurt", cell=c)
    e = _refused(g, "illegal", do="setup_yurt", cell="B1")  # the mountains hold a yurt
    assert "region" in e.message
    for c in SETUP_CELLS[3:]:
        _do(g, do="setup_yurt", cell=c)
    assert g.phase == TURN and g.step == FLIP and g.current == 0 and g.turn == 1
    owners = [g.pos.owner_name(g.pos.yurt[g.board.cell(c)]) for c in SETUP_CELLS]
    assert owners == ["red", "yellow", "blue", "red", "yellow", "blue"]


def test_a_turn_in_table_mode():
    g = _ready()
    ev = _do(g, do="flip", ruler="grey", direction="S")
    assert ev["ruler"] == "grey" and ev["flight"]["to"] == "E3" and ev["card"] is None
    assert g.step == ACTIONS and g.actions == 2
    _refused(g, "illegal", do="end")
    _do(g, do="invade", cell="B1", symbol="M")
    _refused(g, "illegal", do="invade", cell="C2", symbol="G")
    assert _do(g, do="conquer", figure="tile-I2", cells=["A1", "B1"]) == {"sharers": ["red"]}
    assert g.step == SPECIAL
    _do(g, do="end")
    assert g.current == 1 and g.step == FLIP and g.turn == 2


def test_actions_out_of_order_are_refused():
    g = _ready()
    e = _refused(g, "illegal", do="invade", cell="B1", symbol="M")
    assert "not possible now" in e.message
    _do(g, do="flip", ruler="grey", direction="S")
    _refused(g, "illegal", do="flip", ruler="grey", direction="S")
    _refused(g, "illegal", do="special", card="morale")
    _refused(g, "bad_args", do="dance")
    _refused(g, "bad_args", do="invade", cell="Q9", symbol="M")
    _refused(g, "bad_args", do="invade", cell="B1", symbol="any")


def test_double_action_takes_both_actions():
    g = _ready()
    _do(g, do="flip", ruler="grey", direction="S")
    _do(g, do="invade", cell="B1", symbol="M")
    _refused(g, "illegal", do="double", cell="C1")
    g = _ready()
    _do(g, do="flip", ruler="grey", direction="S")
    _do(g, do="double", cell="C10")
    assert g.step == SPECIAL


def test_expel_takes_the_black_yurt_from_the_supply():
    g = _ready()
    _do(g, do="flip", ruler="grey", direction="S")
    ev = _do(g, do="expel", ruler="teal", direction="N")
    assert ev["flight"]["to"] == "I8" and g.pos.supply == 19
    g.pos.supply = 0
    _refused(g, "illegal", do="expel", ruler="pink", direction="N")


def test_a_ruler_at_home_is_flipped_past():
    g = _ready()
    g.pos.send_home(RULERS.index("grey"))
    e = _refused(g, "illegal", do="flip", ruler="grey", direction="S")
    assert "home" in e.message


def _four_home(g, grey_court=1):
    for name in ("white", "orange", "purple", "brown"):
        g.pos.send_home(RULERS.index(name))
    g.pos.courts[RULERS.index("grey")] = grey_court


def test_final_phase_from_step_1_ends_the_turn_and_that_player_starts_it():
    g = _ready()
    _four_home(g)
    ev = _do(g, do="flip", ruler="grey", direction="S")
    assert ev["flight"]["final_phase"] and ev["flight"]["to"] is None
    assert sorted(ev["flight"]["returned"]) == ["grey", "lightblue", "pink", "teal"]
    assert g.phase == FINAL and g.step == CONQUESTS and g.player == "red"


def test_final_phase_from_step_2_lets_the_player_finish_without_action_b():
    g = _ready()
    _four_home(g, grey_court=3)
    _do(g, do="flip", ruler="teal", direction="N")
    for i in range(g.board.size):  # grey can flee nowhere now
        if g.pos.empty(i):
            g.pos.yurt[i] = BLACK
    ev = _do(g, do="expel", ruler="grey", direction="E")
    assert ev["flight"]["final_phase"] and ev["flight"]["to"] is None
    assert g.phase == TURN and g.step == ACTIONS and g.actions == 1 and g.expel_blocked and g.final_next
    e = _refused(g, "illegal", do="expel", ruler="pink", direction="E")
    assert "final phase" in e.message or "not on the board" in e.message
    _refused(g, "illegal", do="skip")  # a conquest is still possible
    _do(g, do="conquer", figure="tile-I2", cells=["A1", "B1"])
    _do(g, do="end")
    assert g.phase in (FINAL, OVER) and g.player == "blue"


def test_final_phase_turns_are_two_conquests_until_nobody_can():
    g = _ready()
    _four_home(g)
    for c in ("B1", "C1", "D1", "E1", "B2", "C2", "D2"):
        g.pos.yurt[g.board.cell(c)] = g.pos.player_byte("red")
    _do(g, do="flip", ruler="grey", direction="S")
    assert g.phase == FINAL and g.player == "red"
    e = _refused(g, "illegal", do="end")
    assert "can still conquer" in e.message
    _do(g, do="conquer", figure="tile-I3", cells=["B1", "C1", "D1"])
    _do(g, do="conquer", figure="tile-I2", cells=["B2", "C2"])
    _refused(g, "illegal", do="conquer", figure="tile-I2", cells=["A8", "A9"])
    _do(g, do="end")
    assert g.phase == FINAL and g.player == "blue" and not g.can_conquer()
    _do(g, do="end")  # blue passes
    turns = 0
    while g.phase != OVER:
        turns += 1
        for c in g.conquests():
            _do(g, do="conquer", figure=c[0], cells=[g.board.name_of(i) for i in c[1]])
            break
        else:
            _do(g, do="end")
        assert turns < 100
    assert g.scores()["vp"]["red"] >= 5 and g.step == ""
    _refused(g, "illegal", do="end")


def test_high_morale_gives_a_third_action():
    g = _ready()
    _do(g, do="flip", ruler="grey", direction="S")
    _do(g, do="invade", cell="B1", symbol="M")
    _do(g, do="invade", cell="C1", symbol="M")
    _do(g, do="special", card="morale")
    assert g.step == ACTIONS and g.actions == 1 and g.extra
    _refused(g, "illegal", do="double", cell="D1")
    _do(g, do="conquer", figure="tile-I3", cells=["A1", "B1", "C1"])
    assert g.step == END
    _refused(g, "illegal", do="special", card="patronage")
    _do(g, do="end")
    assert g.specials["red"]["morale"] == 1


def test_high_morale_combinations_are_the_rulebooks_and_end_in_a_conquest():
    """«...игрок может немедленно выполнить одну комбинацию действий из следующих: ААВ...
    АВВ... ГВ... ББВ» (rulebook, Высокий боевой дух): A A, A C, D or B B, then a conquest.
    A-A-B, D then an invasion, B-B then an expel, B then A: refused."""
    from shared_rules.khan.tables import MORALE_COMBOS

    assert MORALE_COMBOS == ("AAC", "ACC", "DC", "BBC")
    g = _ready()  # A A: then the third action must be a conquest
    _do(g, do="flip", ruler="grey", direction="S")
    _do(g, do="invade", cell="B1", symbol="M")
    _do(g, do="invade", cell="C1", symbol="M")
    _do(g, do="special", card="morale")
    e = _refused(g, "illegal", do="expel", ruler="teal", direction="N")
    assert "conquest" in e.message
    _refused(g, "illegal", do="invade", cell="D1", symbol="M")
    g = _ready()  # D: its yurt anywhere, then High Morale - a conquest; never an invasion
    _do(g, do="flip", ruler="grey", direction="S")
    _do(g, do="double", cell="B1")
    assert "morale" in g.specials_allowed()
    _do(g, do="special", card="morale")
    _refused(g, "illegal", do="invade", cell="C1", symbol="M")
    _do(g, do="conquer", figure="tile-I2", cells=["A1", "B1"])
    g = _ready()  # B B: allowed only with a conquest to make
    _do(g, do="flip", ruler="grey", direction="S")
    _do(g, do="expel", ruler="teal", direction="N")
    _do(g, do="expel", ruler="teal", direction="N")
    assert g.step == SPECIAL
    if g.can_conquer():
        _do(g, do="special", card="morale")
        _refused(g, "illegal", do="expel", ruler="pink", direction="N")
    else:
        e = _refused(g, "illegal", do="special", card="morale")
        assert "none is possible" in e.message
    g = _ready()  # B then A: not a combination of the rulebook's
    _do(g, do="flip", ruler="grey", direction="S")
    _do(g, do="expel", ruler="teal", direction="N")
    _do(g, do="invade", cell="B1", symbol="M")
    e = _refused(g, "illegal", do="special", card="morale")
    assert "AAC, ACC, DC, BBC" in e.message and "morale" not in g.specials_allowed()


def _turn(g, special=None):
    _do(g, do="flip", ruler="teal", direction="N")
    _do(g, do="double", cell=_first_empty(g))
    if special:
        _do(g, **special)
    _do(g, do="end")


def test_patronage_two_players_not_two_turns_in_a_row():
    g = _ready()
    _turn(g, {"do": "special", "card": "patronage"})
    assert g.prot.patronage == "red"
    _do(g, do="flip", ruler="teal", direction="N")
    _do(g, do="double", cell=_first_empty(g))
    e = _refused(g, "illegal", do="special", card="patronage")
    assert "Patronage" in e.message
    _do(g, do="end")
    _do(g, do="flip", ruler="teal", direction="N")
    assert g.prot.patronage is None, "red's patronage ends when his next turn begins"
    _do(g, do="double", cell=_first_empty(g))
    e = _refused(g, "illegal", do="special", card="patronage")
    assert "two turns in a row" in e.message


def test_gods_with_four_players_name_a_region():
    g = _ready(("red", "yellow", "blue", "green"))
    _do(g, do="flip", ruler="teal", direction="N")
    _do(g, do="double", cell=_first_empty(g))
    _refused(g, "bad_args", do="special", card="gods")
    _do(g, do="special", card="gods", region="S")
    assert g.prot.gods == [("red", 5)]


def test_reconnaissance_reserves_for_others_until_its_owners_next_turn():
    g = _ready()
    _turn(g, {"do": "special", "card": "recon", "figure": "tile-I2"})
    assert g.prot.recon == [("red", "tile-I2", True)]
    assert conquer.available(g.stock, g.prot, "blue", "tile-I2") == 0
    assert conquer.available(g.stock, g.prot, "red", "tile-I2") == 4
    _turn(g)
    assert g.prot.recon == [] and g.player == "red"


def test_saved_state_round_trips_exactly():
    g = new_game("default", ["red", "yellow"], VIRTUAL, 5)
    for c in SETUP_CELLS:
        _do(g, do="setup_yurt", cell=c)
    _do(g, do="flip")
    saved = state.game_json(g)
    again = load.game(saved)
    assert cjson.dumps(state.game_json(again)) == cjson.dumps(saved)
    for copy in (g, again):  # both play on the same: the restored rng draws the same cards
        _do(copy, do="double", cell="N1", discard=copy.hand()[:2])
        _do(copy, do="end")
    assert cjson.dumps(state.game_json(again)) == cjson.dumps(state.game_json(g))


def test_bad_saved_states_are_refused():
    good = state.game_json(new_game("default", ["red", "yellow"], VIRTUAL, 5))
    breakages = (
        ("game", "chess"), ("version", 9), ("phase", "lunch"), ("current", 5), ("players", ["red"]),
        ("rng", [1, 2]), ("mode", "cards"), ("stock", {"tile-I2": 9}),
        ("pieces", {"yurts": {"C4": "neutral", "D99": "red"}}), ("deck", None),
    )
    for key, value in breakages:
        broken = dict(good)
        broken[key] = value
        raises("bad_args", load.game, broken)
    deck = dict(good["deck"])
    deck["draw"] = deck["draw"][:-1] + [deck["draw"][0]]
    broken = dict(good)
    broken["deck"] = deck
    e = raises("bad_args", load.game, broken)
    assert "two places" in e.message


def test_khan_play_op_applies_actions_to_a_saved_game():
    s = ops.call("khan.new", {"players": ["red", "blue"], "mode": "table", "seed": 1})["state"]
    setup = [{"do": "setup_yurt", "cell": c} for c in SETUP_CELLS]
    out = ops.call("khan.play", {"state": s, "actions": setup + [{"do": "flip", "ruler": "grey", "direction": "S"}]})
    assert out["state"]["step"] == "actions" and out["events"][-1]["flight"]["to"] == "E3"
    r = ops.reply("khan.play", {"state": out["state"], "action": {"do": "end"}})
    assert not r["ok"] and r["error"]["code"] == "illegal"


def test_an_empty_supply_takes_the_black_yurt_from_under_a_figure():
    """«Считается, что количество юрт не ограничено, т. е. берите их из-под плиток, когда
    юрты завоеваны!» (rulebook, Завоевание): with the general supply empty, action B takes
    a black yurt from under a figure; the 60 black yurts stay 60."""
    from shared_rules.khan.tables import FIGURE_KEYS

    g = _ready()
    _do(g, do="flip", ruler="grey", direction="S")
    under = [g.board.cell(c) for c in ("A10", "B10")]
    for i in under:
        g.pos.yurt[i] = BLACK
    g.pos.add_figure(tuple(under), FIGURE_KEYS.index("tile-I2"), ["red"])
    g.pos.supply = 0
    before = g.pos.black_yurts()
    ev = _do(g, do="expel", ruler="teal", direction="N")
    assert ev["flight"]["to"] == "I8" and g.pos.supply == 0
    assert [g.pos.yurt[i] for i in under] == [0, BLACK]  # one came out from under the tile
    assert g.pos.black_yurts() == before
    g.pos.yurt[under[1]] = 0  # none left under a figure either: now action B is refused
    _refused(g, "illegal", do="expel", ruler="pink", direction="N")


def test_expelling_a_walled_in_ruler_needs_no_yurt_from_the_supply():
    """When the flight finds no cell in any direction the ruler goes home, swapping with a
    yurt of his own court: no yurt from the general supply is needed, so action B is
    allowed with an empty supply (khan.flee on the same flight answers returned)."""
    g = _ready()
    _do(g, do="flip", ruler="teal", direction="N")
    for i in range(g.board.size):  # nowhere left to flee to
        if g.pos.empty(i):
            g.pos.yurt[i] = g.pos.player_byte("blue")
    g.pos.supply = 0
    assert g.can_expel()
    court = g.pos.courts[RULERS.index("grey")]
    ev = _do(g, do="expel", ruler="grey", direction="E")
    assert ev["flight"]["to"] is None and ev["flight"]["returned"] == ["grey"]
    assert g.pos.supply == court - 1  # none taken; the rest of his court went to the supply


def test_the_final_phase_ends_only_when_nobody_can_conquer_once_protections_lapse():
    """«Игра заканчивается тогда, когда никто уже не может совершать завоевания»; a special
    card's limits «остаются в силе до... следующего хода игрока, сыгравшего эти карты».
    Red cannot conquer while blue's Patronage holds, blue cannot conquer at all: the final
    phase goes on, and red conquers once blue's turn has begun and the Patronage lapsed."""
    g = _ready()
    for i in range(g.board.size):
        g.pos.yurt[i] = 0
    red, blue = g.pos.player_byte("red"), g.pos.player_byte("blue")
    for c, b in (("C1", blue), ("D1", red), ("E1", red)):
        g.pos.yurt[g.board.cell(c)] = b
    g.stock["tile-I2"] = 0  # blue's only way (C1 D1, shared) is gone
    g.prot.patronage = "blue"
    _four_home(g)
    _do(g, do="flip", ruler="grey", direction="S")  # the final phase, at red's turn
    assert g.phase == FINAL and g.player == "red" and not g.can_conquer()
    _do(g, do="end")
    assert g.phase == FINAL and g.player == "blue" and g.prot.patronage is None and not g.can_conquer()
    _do(g, do="end")
    assert g.phase == FINAL and g.player == "red" and g.can_conquer()
    _do(g, do="conquer", figure="tile-I3", cells=["C1", "D1", "E1"])
    _do(g, do="end")
    assert g.phase == OVER and g.scores()["vp"]["red"] == 3
