"""Huns setup and the round's order: cards and loot by player count, setup loot, who takes
which die, the first player passing left."""

from rulestest import raises

from shared_rules import ops
from shared_rules.huns import dice
from shared_rules.huns.game import ROLL, SETUP, check_faces, new_game
from shared_rules.huns.tables import DIE_FACES, START_LOOT


def test_rulebook_table_cards_and_loot_by_player_count():
    # "Игроки 2 3 4 / Карты одного цвета 10 11 12 / Добыча одного цвета 20 22 24"
    for players, cards, loot, removed in ((2, 10, 20, ["3+", "4"]), (3, 11, 22, ["4"]), (4, 12, 24, [])):
        r = ops.call("huns.setup", {"players": players})
        assert r["cards_per_colour"] == cards and r["loot_per_colour"] == loot
        assert r["removed_marks"] == removed
        assert r["wagons_face_up"] == 4 and r["wagons_each"] == 2
        assert r["wagon_deck"] == 32 - 4 - 2 * players


def test_third_player_takes_one_cube_and_the_fourth_two():
    assert ops.call("huns.setup", {"players": 2})["start_loot"] == []
    assert ops.call("huns.setup", {"players": 3})["start_loot"] == [{"place": 3, "cubes": 1}]
    r = ops.call("huns.setup", {"players": 4, "first": 3})
    # places count clockwise from the first player: the third is seat 1, the fourth seat 2
    assert r["start_loot"] == [{"place": 3, "cubes": 1, "seat": 1}, {"place": 4, "cubes": 2, "seat": 2}]
    assert START_LOOT[4] == (0, 0, 1, 2)


def test_rulebook_example_three_players_take_two_two_and_one_dice():
    # "При игре втроём первый и второй игроки сделают по два хода, а третий участник – только один."
    assert dice.takes(3, 0) == [2, 2, 1]
    r = ops.call("huns.turns", {"players": 3, "first": 0})
    assert r == {"turns": [0, 1, 2, 0, 1], "takes": [2, 2, 1], "next_first": 1}


def test_digest_turns_for_two_and_four_players_from_any_first_player():
    assert dice.takes(2, 0) == [3, 2] and dice.takes(2, 1) == [2, 3]
    assert dice.takes(4, 0) == [2, 1, 1, 1]
    assert ops.call("huns.turns", {"players": 4, "first": 2}) == \
        {"turns": [2, 3, 0, 1, 2], "takes": [1, 1, 2, 1], "next_first": 3}
    assert ops.call("huns.setup", {"players": 2})["takes_by_place"] == [3, 2]


def test_the_first_player_token_passes_to_the_left_round_after_round():
    firsts = []
    first = 2
    for _ in range(5):
        firsts.append(first)
        first = dice.next_first(4, first)
    assert firsts == [2, 3, 0, 1, 2]


def test_new_game_supply_decks_and_setup_loot():
    g = new_game(4, 7, 0, 1)
    assert g.supply == [24] * 5 and g.decks == [12] * 5 and g.phase == SETUP
    assert g.start_loot == ((3, 1), (0, 2)) and g.current == 3
    g2 = new_game(2, 7)
    assert g2.phase == ROLL and g2.supply == [20] * 5 and g2.decks == [10] * 5 and g2.start_loot == ()
    assert g2.current == g2.first


def test_a_random_first_player_comes_from_the_seed():
    seen = set()
    for seed in range(12):
        r = ops.call("huns.new", {"players": 3, "seed": seed})
        assert r["state"]["first"] == ops.call("huns.new", {"players": 3, "seed": seed})["state"]["first"]
        seen.add(r["state"]["first"])
    assert seen == {0, 1, 2}
    assert ops.call("huns.new", {"players": 3, "seed": 5, "first": 2})["state"]["first"] == 2


def test_setup_loot_must_be_of_different_colours_and_comes_from_the_supply():
    g = new_game(4, 1, 0, 0)
    e = raises("illegal", g.take_start_loot, [0, 1])  # the third player takes one cube
    assert "1 loot cube" in e.message
    assert g.take_start_loot([4]) == (2, [4])
    e = raises("illegal", g.take_start_loot, [1, 1])
    assert "different colours" in e.message
    g.take_start_loot([1, 3])
    assert g.supply == [24, 23, 24, 23, 23] and g.phase == ROLL and g.current == 0


def test_setup_and_turns_refuse_bad_arguments():
    for args in ({}, {"players": 5}, {"players": 1}, {"players": "3"}, {"players": True}, {"players": 3.0}):
        e = raises("bad_args", ops.call, "huns.setup", args)
        assert "players" in e.message
    e = raises("bad_args", ops.call, "huns.turns", {"players": 2, "first": 2})
    assert "first" in e.message
    e = raises("bad_args", ops.call, "huns.new", {"players": 3, "seed": 1, "first": 3})
    assert "first" in e.message
    raises("bad_args", ops.call, "huns.new", {"players": 3})


def test_the_tables_dice_are_valid_and_listed():
    check_faces(DIE_FACES)
    t = ops.call("huns.tables", {})
    assert t["colours"] == ["blue", "red", "green", "black", "yellow"]
    assert t["decks"]["black"] == "curses" and t["decks"]["red"] == "raids"
    assert t["faces"]["green"] == "112233"
    assert t["setup"]["3"]["cards_per_colour"] == 11 and t["wagons"]["types"] == ["violet", "orange", "green", "blue"]
