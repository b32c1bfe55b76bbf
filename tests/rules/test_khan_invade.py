"""Invasion legality per card symbol, the double action and setup placement."""

from rulestest import position, raises

from shared_rules.khan import invade

# row 1: mountains with a river cell in the middle; row 2: glacier and sand desert.
# The frame borders neighbouring territories ("+") everywhere but under A2 and C2-E2.
BOARD = """\
+++++++
+MM~MM+
+GGSSG+
##+####
"""


def _cells(pos, symbol):
    return [pos.board.name_of(i) for i in invade.cells(pos, invade.parse_symbol(symbol))]


def test_terrain_cards_take_an_empty_cell_of_that_region():
    pos = position(BOARD, {"yurts": {"A1": "red"}, "rulers": {"grey": "E1"}})
    assert _cells(pos, "M") == ["B1", "D1"]
    assert _cells(pos, "S") == ["C2", "D2"]
    assert _cells(pos, "T") == []


def test_khan_joker_and_action_d_take_any_empty_land_cell():
    pos = position(BOARD, {"yurts": {"A1": "red"}, "figures": [["B1"]]})
    expect = ["D1", "E1", "A2", "B2", "C2", "D2", "E2"]
    assert _cells(pos, "khan") == expect and _cells(pos, "any") == expect


def test_river_card_needs_a_side_touching_the_river():
    # C1 is the river: B1 and D1 beside it, C2 below it; corners (B2, D2) do not count
    assert _cells(position(BOARD, {}), "river") == ["B1", "D1", "C2"]


def test_border_card_needs_a_side_on_neighbouring_territories():
    pos = position(BOARD, {})
    assert _cells(pos, "border") == ["A1", "B1", "D1", "E1", "A2", "B2", "E2"]


def test_terrain_with_border_needs_both():
    """«На некоторых картах также изображены «соседние территории», и игрок должен поставить
    свою юрту на пустой участок, одна из сторон которого граничит с соседними
    территориями»: "also" - such a card keeps its terrain, and the cell must have both."""
    pos = position(BOARD, {})
    assert _cells(pos, "G+border") == ["A2", "B2", "E2"]
    assert _cells(pos, "S+border") == []
    assert _cells(pos, "M+border") == ["A1", "B1", "D1", "E1"]


def test_never_on_the_river_nor_an_occupied_cell():
    pos = position(BOARD, {"yurts": {"B1": "red"}, "rulers": {"grey": "D1"}, "figures": [["E1"]]})
    for name, part in (("C1", "river"), ("B1", "yurt"), ("D1", "ruler"), ("E1", "covered")):
        reason = invade.why_not(pos, pos.board.cell(name), invade.parse_symbol("khan"))
        assert reason and part in reason[0], (name, reason)
    assert invade.why_not(pos, pos.board.cell("A2"), invade.parse_symbol("khan")) == ()


def test_why_not_names_the_missing_condition():
    pos = position(BOARD, {})
    assert invade.why_not(pos, pos.board.cell("A2"), invade.parse_symbol("M"))[0] == "khan.wrong_terrain"
    assert invade.why_not(pos, pos.board.cell("D2"), invade.parse_symbol("border"))[0] == "khan.not_border"
    assert invade.why_not(pos, pos.board.cell("A2"), invade.parse_symbol("river"))[0] == "khan.not_river_side"


def test_setup_yurts_go_to_regions_without_a_yurt():
    pos = position(BOARD, {"yurts": {"A1": "red", "C2": "blue"}})
    assert _cells(pos, "setup") == ["A2", "B2", "E2"]
    assert invade.why_not(pos, pos.board.cell("B1"), invade.parse_symbol("setup"))[0] == "khan.region_taken"


def test_unknown_symbols_are_refused():
    for bad in ("X", "m", "M+river", "border+M", "", 3, None):
        raises("bad_args", invade.parse_symbol, bad)


def test_the_deck_has_no_border_only_card():
    """The rulebook names neighbouring territories only as shown "also" on some cards: the
    deck's cards with them all carry a terrain too (a bare "border" symbol stays for cards
    of one's own, table mode)."""
    from shared_rules.khan.tables import BORDER, CARD_COUNT, card_symbol

    symbols = [card_symbol(c) for c in range(CARD_COUNT)]
    assert BORDER not in symbols
    assert [s for s in symbols if s.endswith("+" + BORDER)] and all(
        s[0] in "MGTRSF" for s in symbols if s.endswith("+" + BORDER))
