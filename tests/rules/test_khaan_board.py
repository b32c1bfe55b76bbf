"""The Rise of the Khaan board: 31 areas in columns of 4-5-4-5-4-5-4, neighbours, corners, the deal."""

from rulestest import raises

from shared_rules import ops
from shared_rules.khaan import board
from shared_rules.khaan.tables import COLUMNS, FERTILITY, SETTLED
from shared_rules.rng import PCG32


def test_31_areas_in_columns_of_4_5_4_5_4_5_4():
    assert COLUMNS == (4, 5, 4, 5, 4, 5, 4) and board.SIZE == 31
    assert board.NAMES[:4] == ("A1", "A2", "A3", "A4") and board.NAMES[4:9] == ("B1", "B2", "B3", "B4", "B5")
    assert board.NAMES[-1] == "G4"
    assert len(FERTILITY) == 24 and SETTLED == 7
    made = tuple(chr(65 + c) + str(r + 1) for c in range(len(COLUMNS)) for r in range(COLUMNS[c]))
    assert board.NAMES == made, "written out in board.py: a letter a column, its areas from 1 down"


def test_the_neighbours_are_the_rules_every_pair_tested():
    """board.py works the layout out area by area; here every pair of areas is held to the
    rule in its docstring: centres 2r + (longest column - length of c) half-areas down; areas
    of neighbouring columns touch when their centres are one half-area apart, areas of one
    column when they follow each other."""
    col_row = [(ord(n[0]) - 65, int(n[1:]) - 1) for n in board.NAMES]
    centre = [2 * r + max(COLUMNS) - COLUMNS[c] for c, r in col_row]
    for i in range(board.SIZE):
        want = []
        for j in range(board.SIZE):
            dc = col_row[j][0] - col_row[i][0]
            dy = centre[j] - centre[i]
            if (dc == 0 and dy in (2, -2)) or (dc in (1, -1) and dy in (1, -1)):
                want.append(board.NAMES[j])
        assert board.NEIGHBOUR_NAMES[i] == tuple(want), board.NAMES[i]
        assert board.NEIGHBOURS[i] == bytes(board.NAMES.index(n) for n in want)


def test_neighbours_of_the_offset_columns():
    near = dict(zip(board.NAMES, board.NEIGHBOUR_NAMES))
    assert near["A1"] == ("A2", "B1", "B2")  # a short column sits half an area lower
    assert near["B1"] == ("A1", "B2", "C1")  # the top of a long column touches one area left
    assert near["B3"] == ("A2", "A3", "B2", "B4", "C2", "C3")
    assert near["D5"] == ("C4", "D4", "E4")
    assert near["G4"] == ("F4", "F5", "G3")
    for a in board.NAMES:
        assert a not in near[a]
        for b in near[a]:
            assert a in near[b], (a, b)  # touching is mutual
        assert 3 <= len(near[a]) <= 6
    assert sum(len(near[a]) for a in board.NAMES) == 2 * 72  # 72 borders between areas


def test_the_corners_are_the_ends_of_the_outer_columns():
    assert board.CORNER_NAMES == ("A1", "A4", "G1", "G4")
    near = dict(zip(board.NAMES, board.NEIGHBOUR_NAMES))
    assert all(len(near[c]) == 3 for c in board.CORNER_NAMES)


def _counts(fertility: list) -> list:
    out = [0] * 6  # fertility 0..4, then settled lands
    for f in fertility:
        out[5 if f is None else f] += 1
    return out


def test_a_deal_lays_every_tile_once():
    want = _counts([int(ch) for ch in FERTILITY] + [None] * SETTLED)
    for seed in range(20):
        fertility, settled = board.deal(PCG32(seed, 3), board.TILES)
        assert len(fertility) == 31 and _counts(fertility) == want
        assert settled == [board.NAMES[i] for i in range(31) if fertility[i] is None]


def test_deals_follow_the_seed_and_every_area_can_be_settled():
    first = board.deal(PCG32(5, 0), board.TILES)
    assert board.deal(PCG32(5, 0), board.TILES) == first
    assert board.deal(PCG32(6, 0), board.TILES) != first
    seen = set()
    for seed in range(60):
        seen.update(board.deal(PCG32(seed, 1), board.TILES)[1])
    assert len(seen) == 31


def test_board_op_and_custom_fertility():
    r = ops.call("khaan.board", {"seed": 42})
    assert list(r["columns"]) == [4, 5, 4, 5, 4, 5, 4] and len(r["areas"]) == 31
    assert len(r["settled"]) == 7 and len(r["neighbours"]) == 31 and list(r["corners"]) == ["A1", "A4", "G1", "G4"]
    assert r == ops.call("khaan.board", {"seed": 42, "stream": 0})
    mine = [4] * 12 + [0] * 12
    r = ops.call("khaan.board", {"seed": 1, "fertility": mine})
    assert _counts(r["fertility"]) == [12, 0, 0, 0, 12, 7]


def test_bad_boards():
    raises("bad_args", ops.call, "khaan.board", {})
    assert "fertility" in raises("bad_args", ops.call, "khaan.board", {"seed": 1, "fertility": [2] * 23}).message
    raises("bad_args", ops.call, "khaan.board", {"seed": 1, "fertility": [2] * 23 + [5]})
    raises("bad_args", ops.call, "khaan.board", {"seed": 1, "fertility": [2] * 23 + [True]})
    raises("bad_args", ops.call, "khaan.board", {"seed": -1})
