"""Where the ruler flees: the rulebook's worked example and every rule of the flight."""

from rulestest import position, raises

from shared_rules.khan import flee
from shared_rules.khan.tables import DIRECTIONS, RULERS

# A 7x7 board for the rulebook's Seljuk example: river at B4 and A7.
SELJUK_BOARD = """\
+#######+
#MMMMMMM#
#MMMMMMM#
#MMMMMMM#
#M~MMMMM#
#MMMMMMM#
#MMMMMMM#
#~MMMMMM#
+#######+
"""
# Grey (Seljuk) at D4. To the SW: a tile at C5, a black yurt at B6, the river at A7.
# To the W: a bridge over the river (C4, B4, A4).
SELJUK_PIECES = {
    "rulers": {"grey": "D4"},
    "yurts": {"B6": "neutral", "C5": "red", "C4": "red", "A4": "blue"},
    "figures": [["C5"], {"cells": ["A4", "B4", "C4"], "shape": "bridge-I3", "owners": ["red", "blue"]}],
    "courts": {"grey": 5},
    "supply": 20,
}

G = RULERS.index("grey")


def _flee(text, pieces, ruler, direction, source=flee.COURT):
    pos = position(text, pieces)
    f = flee.flee(pos, RULERS.index(ruler), DIRECTIONS.index(direction), source)
    to = pos.board.name_of(f[1]) if f[1] >= 0 else None
    return pos, f, to


def test_rulebook_seljuk_flees_north_one_cell():
    pos, f, to = _flee(SELJUK_BOARD, SELJUK_PIECES, "grey", "N")
    assert to == "D3" and DIRECTIONS[f[2]] == "N"
    assert pos.yurt[pos.board.cell("D4")] == 1, "a black yurt takes the cell he left"
    assert pos.courts[G] == 4, "...and it comes from his court"


def test_rulebook_seljuk_blocked_sw_and_w_flees_one_north_west():
    for card in ("SW", "W"):
        pos, f, to = _flee(SELJUK_BOARD, SELJUK_PIECES, "grey", card)
        assert to == "C3", card
        assert DIRECTIONS[f[2]] == "NW"
        assert flee.path(pos.board, f) == [pos.board.cell("C3")]


def test_rulebook_ruler_on_the_edge_has_five_directions():
    text = "+#####+\n#MMMMM#\n#MMMMM#\n#MMMMM#\n+#####+\n"
    open_dirs = []
    for d in DIRECTIONS:
        pos, f, to = _flee(text, {"rulers": {"lightblue": "A2"}}, "lightblue", d)
        if DIRECTIONS[f[2]] == d:
            open_dirs.append(d)
    assert open_dirs == ["N", "NE", "E", "SE", "S"]


def test_occupied_cells_are_jumped_up_to_three():
    text = "+#####+\n#MMMMM#\n+#####+\n"
    pieces = {"rulers": {"grey": "A1", "teal": "B1"}, "yurts": {"C1": "red"}}
    pos, f, to = _flee(text, pieces, "grey", "E")
    assert to == "D1" and f[3] == 3
    assert flee.path(pos.board, f) == [pos.board.cell(n) for n in ("B1", "C1", "D1")]


def test_river_counts_towards_three_but_is_never_a_stop():
    pos, f, to = _flee("+#####+\n#M~~MM#\n#MMMMM#\n+#####+\n", {"rulers": {"grey": "A1"}}, "grey", "E")
    assert to == "D1", "two river cells, then land at distance 3"
    pos, f, to = _flee("+#####+\n#M~~~M#\n#MMMMM#\n+#####+\n", {"rulers": {"grey": "A1"}}, "grey", "E")
    assert to == "B2" and DIRECTIONS[f[2]] == "SE", "three river cells: no stop, next direction clockwise"


def test_leaving_the_board_ends_a_direction():
    # east of B1: a yurt, then the edge; he does not wrap around but turns clockwise to W
    pos, f, to = _flee("+###+\n#MMM#\n+###+\n", {"rulers": {"grey": "B1"}, "yurts": {"C1": "red"}}, "grey", "E")
    assert to == "A1" and DIRECTIONS[f[2]] == "W"
    # a "." square is off the board too
    pos, f, to = _flee("+####+\n#M.MM#\n#MMMM#\n+####+\n", {"rulers": {"grey": "A1"}}, "grey", "E")
    assert to == "B2" and DIRECTIONS[f[2]] == "SE"


def test_clockwise_fallback_tries_all_eight():
    # everything around C2 is taken except its north-west neighbour
    text = "+#####+\n#MMMMM#\n#MMMMM#\n#MMMMM#\n+#####+\n"
    yurts = {}
    for name in ("A1", "B1", "C1", "D1", "E1", "A2", "B2", "D2", "E2", "A3", "B3", "C3", "D3", "E3"):
        yurts[name] = "red"
    del yurts["B1"]
    pos, f, to = _flee(text, {"rulers": {"grey": "C2"}, "yurts": yurts}, "grey", "N")
    assert to == "B1" and DIRECTIONS[f[2]] == "NW"


def test_no_cell_anywhere_sends_him_home_and_the_court_to_the_supply():
    text = "+###+\n#MMM#\n+###+\n"
    pieces = {"rulers": {"grey": "B1"}, "yurts": {"A1": "red", "C1": "blue"}, "courts": {"grey": 4}, "supply": 3}
    for source in (flee.COURT, flee.SUPPLY):
        pos, f, to = _flee(text, pieces, "grey", "E", source)
        assert to is None and f[4] == [G]
        assert pos.home[G] == 1 and pos.ruler_cell[G] == -1
        assert pos.yurt[pos.board.cell("B1")] == 1, "he swaps with a yurt of his court"
        assert pos.courts[G] == 0 and pos.supply == 3 + 3, "the other 3 court yurts go to the supply"


def test_last_court_yurt_swaps_in_step_one_only():
    text = "+###+\n#MMM#\n+###+\n"
    pieces = {"rulers": {"grey": "A1"}, "courts": {"grey": 1}, "supply": 5}
    pos, f, to = _flee(text, pieces, "grey", "E", flee.COURT)
    assert to is None and pos.home[G] == 1 and pos.courts[G] == 0 and pos.supply == 5
    assert pos.yurt[pos.board.cell("A1")] == 1
    # action B: the yurt comes from the supply, so he flees even with one yurt at court
    pos, f, to = _flee(text, pieces, "grey", "E", flee.SUPPLY)
    assert to == "B1" and pos.courts[G] == 1 and pos.supply == 4


def test_fifth_ruler_home_starts_the_final_phase():
    text = "+####+\n#MMMM#\n#MMMM#\n+####+\n"
    pieces = {"rulers": {"grey": "A1", "teal": "D2", "pink": "C2"},
              "home": ["white", "orange", "purple", "brown"],
              "courts": {"grey": 1, "teal": 3, "pink": 2}, "supply": 7}
    pos, f, to = _flee(text, pieces, "grey", "E", flee.COURT)
    assert f[5] == flee.FINAL_STARTED
    assert [RULERS[r] for r in f[4]] == ["grey", "pink", "teal"]
    assert pos.home_count() == 7 and pos.ruler_cell == [-1] * 8  # lightblue was never placed
    teal = RULERS.index("teal")
    pink = RULERS.index("pink")
    assert pos.courts[teal] == 2 and pos.courts[pink] == 1, "each swaps with a yurt of his own court"
    assert pos.yurt[pos.board.cell("D2")] == 1 and pos.yurt[pos.board.cell("C2")] == 1
    assert pos.supply == 7


def test_four_home_is_not_yet_the_final_phase():
    pieces = {"rulers": {"grey": "A1", "teal": "D2"}, "home": ["white", "orange", "purple"],
              "courts": {"grey": 1}}
    pos, f, to = _flee("+####+\n#MMMM#\n#MMMM#\n+####+\n", pieces, "grey", "E")
    assert f[5] == 0 and pos.home_count() == 4 and pos.ruler_cell[RULERS.index("teal")] >= 0


def test_black_yurts_are_conserved():
    pos = position(SELJUK_BOARD, SELJUK_PIECES)
    before = pos.black_yurts()
    for d in range(8):
        if pos.ruler_cell[G] < 0:
            break
        flee.flee(pos, G, d, flee.COURT if d % 2 else flee.SUPPLY)
        assert pos.black_yurts() == before


def test_bad_flights_are_refused():
    pos = position(SELJUK_BOARD, {"home": ["grey"]})
    e = raises("bad_args", flee.flee, pos, G, 0, flee.COURT)
    assert "home" in e.message
    pos = position(SELJUK_BOARD, {"rulers": {"grey": "D4"}, "supply": 0})
    e = raises("bad_args", flee.flee, pos, G, 0, flee.SUPPLY)
    assert "supply" in e.message
    pos = position(SELJUK_BOARD, {"rulers": {"grey": "D4"}, "courts": {"grey": 0}})
    e = raises("bad_args", flee.flee, pos, G, 0, flee.COURT)
    assert "court" in e.message
