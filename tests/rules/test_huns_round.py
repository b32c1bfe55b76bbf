"""A round of Huns: the roll, taking dice for cards or loot, the end check, recounts."""

from rulestest import raises

from shared_rules import ops
from shared_rules.huns import actions, dice
from shared_rules.huns.game import END, ROLL, SCORING, TAKE, new_game
from shared_rules.huns.tables import BLACK, BLUE, COLOURS, GREEN, RED, YELLOW
from shared_rules.rng import PCG32

ROLLED = {"blue": 3, "red": 1, "green": 2, "black": 3, "yellow": 3}


def _do(g, **action):
    return actions.apply(g, action)


def _rolled(players=3, first=0, values=None):
    """A game in the take phase of round 1 with the dice on the table."""
    g = new_game(players, 1, 0, first)
    for seat, cubes in g.start_loot:
        g.take_start_loot([0, 1][:cubes])
    g.supply = [20] * 5
    _do(g, do="roll", dice=values or ROLLED)
    return g


def test_roll_gives_each_die_one_of_its_faces_and_the_same_roll_on_every_port():
    rolls = [ops.call("huns.roll", {"seed": s})["dice"] for s in range(40)]
    for r in rolls:
        assert sorted(r) == sorted(COLOURS) and all(r[c] in (1, 2, 3) for c in COLOURS)
    assert len(set(tuple(r[c] for c in COLOURS) for r in rolls)) > 30
    # pinned: PCG32(7, 0), one 30-bit draw below 6**5 (shared_rules/dice.py, as every game rolls)
    # read in mixed radix, blue lowest
    from shared_rules.dice import below30

    r = below30(PCG32(7, 0), 6 ** 5)
    expected = {}
    for c in COLOURS:
        expected[c] = int("112233"[r % 6])
        r //= 6
    assert ops.call("huns.roll", {"seed": 7})["dice"] == expected


def test_every_face_of_every_die_comes_up_about_equally():
    counts = [[0] * 6 for _ in COLOURS]
    rng = PCG32(3, 9)
    faces = ("123456",) * 5
    for _ in range(600):
        values = dice.roll(rng, faces)
        for c in range(5):
            counts[c][values[c] - 1] += 1
    for row in counts:
        assert min(row) > 70 and max(row) < 130, row


def test_dice_faces_are_data_a_game_can_change():
    faces = {"blue": "4", "red": "12", "green": "111", "black": "9", "yellow": "55"}
    r = ops.call("huns.roll", {"seed": 3, "faces": faces})["dice"]
    assert r["blue"] == 4 and r["red"] in (1, 2) and r["green"] == 1 and r["black"] == 9 and r["yellow"] == 5
    s = ops.call("huns.new", {"players": 2, "seed": 1, "faces": faces})["state"]
    assert s["faces"] == faces
    out = ops.call("huns.play", {"state": s, "action": {"do": "roll"}})
    assert out["state"]["dice"][0] == 4 and out["state"]["faces"] == faces
    e = raises("bad_args", ops.call, "huns.roll", {"seed": 3, "faces": dict(faces, red="10")})
    assert "faces.red" in e.message


def test_the_table_may_roll_its_own_dice():
    g = _rolled()
    assert g.dice == [3, 1, 2, 3, 3] and g.phase == TAKE and g.current == 0
    g = new_game(2, 1, 0, 1)
    e = raises("illegal", actions.apply, g, {"do": "roll", "dice": dict(ROLLED, red=4)})
    assert "4 is not a face of the red die" in e.message
    assert g.phase == ROLL and g.dice == [0] * 5


def test_rulebook_example_green_two_take_two_cards_keep_one_the_other_under_the_deck():
    g = _rolled()
    e = _do(g, do="take", die="green", action="cards")
    assert e == {"do": "take", "seat": 0, "die": "green", "value": 2, "action": "cards", "drawn": 2,
                 "under_deck": 1}
    assert g.decks[GREEN] == 10  # 11 cards with 3 players, one kept in the camp
    assert g.left() == [BLUE, RED, BLACK, YELLOW] and g.current == 1


def test_a_one_takes_one_card_and_a_short_deck_gives_what_it_has():
    g = _rolled()
    assert _do(g, do="take", die="red", action="cards")["drawn"] == 1
    g.decks[BLUE] = 2
    assert _do(g, do="take", die="blue", action="cards")["drawn"] == 2 and g.decks[BLUE] == 1
    g.decks[BLACK] = 0
    e = raises("illegal", actions.apply, g, {"do": "take", "die": "black", "action": "cards"})
    assert "curses deck is empty" in e.message


def test_rulebook_loot_examples_extra_cubes_go_back_to_the_supply():
    g = _rolled()
    # three yellow: two fill a mercenary, the third goes back
    e = _do(g, do="take", die="yellow", action="loot", placed=2)
    assert e["taken"] == 3 and e["placed"] == 2 and e["returned"] == 1 and g.supply[YELLOW] == 18
    # three blue: two on the wagons, one back
    _do(g, do="take", die="blue", action="loot", placed=2)
    assert g.supply[BLUE] == 18
    # three on a curse: all placed (the default)
    e = _do(g, do="take", die="black", action="loot")
    assert e["placed"] == 3 and e["returned"] == 0 and g.supply[BLACK] == 17
    # two green: one fills a wagon, which leaves; the second goes on the new wagon
    _do(g, do="take", die="green", action="loot", placed=2)
    assert g.supply[GREEN] == 18


def test_loot_may_be_taken_from_an_empty_supply_and_nothing_happens():
    g = _rolled()
    g.supply[RED] = 0
    e = _do(g, do="take", die="red", action="loot")
    assert e["taken"] == 0 and e["placed"] == 0 and g.supply[RED] == 0
    g.supply[BLUE] = 2
    e = _do(g, do="take", die="blue", action="loot")
    assert e["taken"] == 2 and g.supply[BLUE] == 0
    e = raises("illegal", actions.apply, g, {"do": "take", "die": "black", "action": "loot", "placed": 4})
    assert "only 3 black" in e.message


def test_each_die_is_taken_once_in_turn_then_the_round_ends():
    g = _rolled(players=2, first=1)
    seats = []
    for c in ("red", "blue", "yellow", "green", "black"):
        seats.append(_do(g, do="take", die=c, action="loot")["seat"])
    assert seats == [1, 0, 1, 0, 1] and g.phase == END and g.left() == []
    e = raises("illegal", actions.apply, g, {"do": "take", "die": "red", "action": "cards"})
    assert "not possible now" in e.message
    g = _rolled()
    _do(g, do="take", die="red", action="cards")
    e = raises("illegal", actions.apply, g, {"do": "take", "die": "red", "action": "loot"})
    assert "red die is already taken" in e.message


def test_end_of_round_passes_the_first_player_left_and_starts_the_next_round():
    g = _rolled(players=3, first=2)
    for c in COLOURS:
        _do(g, do="take", die=c, action="cards")
    e = _do(g, do="end")
    assert e == {"do": "end", "over": False, "empty_loot": [], "empty_decks": [], "first": 0, "round": 2}
    assert g.phase == ROLL and g.dice == [0] * 5 and g.taken == [] and g.current == 0


def test_end_check_an_empty_loot_colour_or_deck_ends_the_game_at_the_end_of_the_round_only():
    g = _rolled()
    g.supply[YELLOW] = 1
    _do(g, do="take", die="yellow", action="loot")
    assert g.supply[YELLOW] == 0 and g.phase == TAKE  # play on to the end of the round
    for c in ("blue", "red", "green", "black"):
        _do(g, do="take", die=c, action="cards")
    e = _do(g, do="end")
    assert e["over"] is True and e["empty_loot"] == ["yellow"] and g.phase == SCORING
    r = ops.call("huns.end_check", {"supply": {"blue": 3, "red": 1, "green": 9, "black": 1, "yellow": 1},
                                     "decks": {"blue": 1, "red": 1, "green": 0, "black": 5, "yellow": 2}})
    assert r == {"over": True, "empty_loot": [], "empty_decks": ["green"]}


def test_rulebook_note_cubes_that_came_back_during_the_round_count():
    # "Если в запасе есть хотя бы одна карта в каждой колоде и хотя бы один кубик каждого цвета, игра продолжается."
    g = _rolled()
    g.supply[RED] = 1
    _do(g, do="take", die="red", action="loot")
    assert g.supply[RED] == 0
    for c in ("blue", "green", "black", "yellow"):
        _do(g, do="take", die=c, action="cards")
    r = _do(g, do="recount", supply={"red": 2})  # a card effect returned two red cubes
    assert r["supply"][RED] == 2
    assert _do(g, do="end")["over"] is False and g.phase == ROLL
    r = ops.call("huns.end_check", {"supply": {"blue": 1, "red": 1, "green": 1, "black": 1, "yellow": 1},
                                     "decks": {"blue": 1, "red": 1, "green": 1, "black": 1, "yellow": 1}})
    assert r["over"] is False


def test_recount_is_checked_and_refused_once_the_game_ended():
    g = _rolled()
    e = raises("bad_args", actions.apply, g, {"do": "recount", "decks": {"red": 12}})
    assert "decks.red must be an integer 0..11" in e.message
    e = raises("illegal", g.recount, None, [-1, 12, -1, -1, -1])  # the typed call checks too
    assert "decks.red cannot exceed 11" in e.message
    e = raises("bad_args", actions.apply, g, {"do": "recount", "supply": {"purple": 1}})
    assert "purple" in e.message
    _do(g, do="recount", decks={"red": 0, "blue": 4})
    assert g.decks == [4, 0, 11, 11, 11]
    g.phase = SCORING
    raises("illegal", actions.apply, g, {"do": "recount", "decks": {"red": 1}})


def test_actions_refuse_bad_arguments_by_name():
    g = _rolled()
    cases = (
        ({"do": "dance"}, "do"), ({"do": "take", "die": "white", "action": "loot"}, "die"),
        ({"do": "take", "die": "red", "action": "steal"}, "action"),
        ({"do": "take", "die": "red", "action": "loot", "placed": "2"}, "placed"),
        ({"do": "take", "die": "red", "action": "loot", "plcaed": 2}, "plcaed"),
        ({"do": "take", "die": "red", "action": "cards", "placed": 1}, "placed"),
        ({"do": "roll", "dice": {"blue": 1}}, "red"), ({"do": "start_loot", "colours": ["red", 3]}, "colours[1]"),
    )
    for action, part in cases:
        e = raises("bad_args", actions.apply, g, action)
        assert part in e.message, (action, e.message)
    raises("bad_args", actions.apply, g, ["roll"])
    assert g.taken == [] and g.decks == [11] * 5  # nothing changed
