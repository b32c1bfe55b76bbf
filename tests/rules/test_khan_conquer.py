"""Conquest: tiles and bridges, majority, conquering together, special-card protections."""

from rulestest import position, raises

from shared_rules.khan import conquer, search
from shared_rules.khan.conquer import Protections
from shared_rules.khan.tables import FIGURES, SHAPES

# a river runs down column C from the north edge and bends east at row 4 (C4, D4)
BOARD = """\
+#######+
#MM~MMMM#
#MM~MMMM#
#MM~MMMM#
#MM~~~~~#
#MMMMMMM#
+#######+
"""


def _check(pieces, player, key, names, prot=None, consent=False, stock=None):
    pos = position(BOARD, pieces)
    cells = [pos.board.cell(n) for n in names.split()]
    return conquer.check(pos, player, key, cells, stock or conquer.full_stock(), prot or Protections(), consent)


def _illegal(pieces, player, key, names, part, prot=None, consent=False, stock=None):
    pos = position(BOARD, pieces)
    cells = [pos.board.cell(n) for n in names.split()]
    e = raises("illegal", conquer.check, pos, player, key, cells, stock or conquer.full_stock(),
               prot or Protections(), consent)
    assert part in e.message, e.message
    return e


def test_figure_table_matches_the_rulebook():
    tiles = [f for f in FIGURES if f[1] == "tile"]
    bridges = [f for f in FIGURES if f[1] == "bridge"]
    assert sum(f[3] for f in tiles) == 29 and sum(f[3] for f in bridges) == 9
    by_size = {}
    for f in tiles:
        n = len(SHAPES[f[2]].split())
        by_size[n] = by_size.get(n, 0) + f[3]
    assert by_size == {2: 4, 3: 8, 4: 5, 5: 12}
    assert [(len(SHAPES[f[2]].split()), f[3]) for f in bridges] == [(3, 5), (4, 2), (4, 2)]


def test_shapes_are_the_free_polyominoes():
    # fixed orientations: dominoes 2; I3 2, L3 4; tetrominoes 19 in all; pentominoes 63 in all
    counts = {}
    for name in SHAPES:
        counts[name] = len(conquer.orientations(name)) // (2 * len(SHAPES[name].split()))
    assert counts["I2"] == 2 and counts["I3"] == 2 and counts["L3"] == 4
    assert sum(counts[k] for k in ("I4", "O4", "T4", "S4", "L4")) == 19
    assert sum(counts[k] for k in counts if k.endswith("5")) == 63
    assert counts["X5"] == 1 and counts["F5"] == 8 and counts["I5"] == 2
    fives = [k for k in SHAPES if k.endswith("5")]
    packed = [set(bytes(conquer.orientations(k))[i:i + 10] for i in range(0, len(conquer.orientations(k)), 10))
              for k in fives]
    for a in range(len(fives)):
        for b in range(a + 1, len(fives)):
            assert not (packed[a] & packed[b]), (fives[a], fives[b])


def _worked_out(shape: str) -> bytes:
    """A shape's orientations worked out from its cells: the eight rotations and mirror
    images, each moved to its top-left corner, its cells sorted, the first of equal ones
    kept - what conquer.ORIENTATIONS holds as a constant."""
    cells = [(int(w[0]), int(w[1])) for w in SHAPES[shape].split()]
    seen = []
    for swap in (False, True):
        for sx in (1, -1):
            for sy in (1, -1):
                pts = [((y if swap else x) * sx, (x if swap else y) * sy) for x, y in cells]
                mx = min(p[0] for p in pts)
                my = min(p[1] for p in pts)
                norm = sorted((p[0] - mx, p[1] - my) for p in pts)
                if norm not in seen:
                    seen.append(norm)
    return bytes(v for norm in seen for xy in norm for v in xy)


def test_the_orientation_table_is_what_the_shapes_give():
    assert sorted(conquer.ORIENTATIONS) == sorted(SHAPES)
    for shape in SHAPES:
        assert conquer.ORIENTATIONS[shape] == _worked_out(shape), shape


def test_tile_covers_only_yurt_cells_in_any_rotation_or_mirror():
    yurts = {"A1": "red", "A2": "red", "B2": "neutral"}
    for names in ("A1 A2 B2", "B2 A2 A1"):
        key, cells, sharers = _check({"yurts": yurts}, "red", "tile-L3", names)
        assert key == "tile-L3" and sharers == ["red"]
    _illegal({"yurts": {"A1": "red", "A2": "red"}}, "red", "tile-L3", "A1 A2 B2", "holds no yurt")
    _illegal({"yurts": yurts}, "red", "tile-I3", "A1 A2 B2", "shape")
    _illegal({"yurts": {"B1": "red"}}, "red", "tile-I2", "B1 C1", "river")


def test_rulebook_example_1_majority_ignores_black_yurts():
    # yellow needs no majority over black yurts; two black yurts alone: nobody can
    yurts = {"A1": "yellow", "B1": "neutral", "A2": "green", "B2": "neutral", "A3": "neutral", "B3": "neutral"}
    assert _check({"yurts": yurts}, "yellow", "tile-I2", "A1 B1")[2] == ["yellow"]
    assert _check({"yurts": yurts}, "green", "tile-I2", "A2 B2")[2] == ["green"]
    for p in ("yellow", "green"):
        _illegal({"yurts": yurts}, p, "tile-I2", "A3 B3", "no yurt under")


def test_rulebook_example_2_majority_and_conquering_together():
    yurts = {"A1": "red", "B1": "red", "A2": "yellow", "A3": "yellow", "B3": "red", "B2": "blue"}
    # red 2 : blue 0 under A1 B1
    assert _check({"yurts": yurts}, "red", "tile-I2", "A1 B1")[2] == ["red"]
    # blue cannot take B2 + B1 (red has 1, blue 1: a tie) alone - they conquer together
    assert _check({"yurts": yurts}, "blue", "tile-I2", "B1 B2")[2] == ["red", "blue"]
    # yellow 2 : blue 1 : red 1 under A2 A3 B3 B2
    assert _check({"yurts": yurts}, "yellow", "tile-O4", "A2 A3 B2 B3")[2] == ["yellow"]
    _illegal({"yurts": yurts}, "red", "tile-O4", "A2 A3 B2 B3", "more yurts")
    # a tie of red and yellow: either may place it, and both sit on it
    assert _check({"yurts": yurts}, "red", "tile-I2", "A3 B3")[2] == ["red", "yellow"]
    assert _check({"yurts": yurts}, "yellow", "tile-I2", "A3 B3")[2] == ["red", "yellow"]


def test_rulers_and_figures_cannot_be_covered():
    pieces = {"yurts": {"A1": "red", "B1": "red"}, "rulers": {"grey": "A2"}}
    _illegal(pieces, "red", "tile-L3", "A1 B1 A2", "ruler")
    pieces = {"yurts": {"A1": "red", "B1": "red", "A2": "red"}, "figures": [["A2"]]}
    _illegal(pieces, "red", "tile-L3", "A1 B1 A2", "under a figure")


def test_straight_bridge_needs_one_yurt_fewer_than_its_size():
    yurts = {"B1": "red", "D1": "red"}
    assert _check({"yurts": yurts}, "red", "bridge-I3", "B1 C1 D1")[2] == ["red"]
    _illegal({"yurts": {"B1": "red"}}, "red", "bridge-I3", "B1 C1 D1", "holds no yurt")
    yurts = {"A2": "red", "B2": "red", "D2": "blue"}
    assert _check({"yurts": yurts}, "red", "bridge-I4", "A2 B2 C2 D2")[2] == ["red"]


def test_l_bridge_over_the_bend_needs_two_yurts_fewer():
    # the river comes down column C and turns east along row 4: B4 on the inner bank,
    # C4 D4 the bend, D3 on the outer bank
    yurts = {"B4": "red", "D3": "red"}
    assert _check({"yurts": yurts}, "red", "bridge-L4", "B4 C4 D4 D3")[2] == ["red"]


def test_a_bridge_covers_yurts_on_two_banks_of_the_river():
    """«Мосты должны пересекать реку, и вдоль каждого берега реки должен быть покрыт, по
    меньшей мере, один участок суши с юртой» (rulebook, Размещение мостов). A bank is a land
    region the river separates: land joined side by side without crossing the river is one
    bank, even round the end of the river or the inside of a bend."""
    from shared_rules import ops

    # F2 and E4 of the default board: both on the west bank (joined through E3)
    got = ops.call("khan.conquer", {"board": "default", "pieces": {"yurts": {"F2": "red", "E4": "red"}},
                                    "player": "red", "figure": "bridge-L4", "cells": ["F2", "F3", "F4", "E4"]})
    assert got["legal"] is False and "each bank" in got["reason"]
    # on this file's board, C5 lies round the bend from B3: the same bank
    _illegal({"yurts": {"B3": "red", "C5": "red"}}, "red", "bridge-L4", "B3 C3 C4 C5", "each bank")


def test_a_straight_bridge_does_not_cross_a_bend():
    """«...в случае изгиба реки, который может пересекаться только L-образным мостом,
    требуется на две юрты меньше размера моста»: only an L-shaped bridge covers two river
    cells at a bend; a straight bridge crosses one (docs/rules-decisions.md)."""
    from shared_rules import ops

    got = ops.call("khan.conquer", {"board": "default", "pieces": {"yurts": {"J7": "red", "M7": "red"}},
                                    "player": "red", "figure": "bridge-I4", "cells": ["J7", "K7", "L7", "M7"]})
    assert got["legal"] is False and "L-shaped" in got["reason"]


def test_a_bridge_must_cross_the_river():
    _illegal({"yurts": {"A1": "red", "B1": "red", "A2": "red"}}, "red", "bridge-I3", "A1 B1 A2", "shape")
    _illegal({"yurts": {"A1": "red", "B1": "red"}}, "red", "bridge-I3", "A1 B1 C1", "each bank")
    _illegal({"yurts": {"A1": "red", "A2": "red", "A3": "red"}}, "red", "bridge-I3", "A1 A2 A3", "cross")
    # lying along the river, with land only on one side
    _illegal({"yurts": {"C5": "red"}}, "red", "bridge-I3", "C3 C4 C5", "each bank")


def test_figures_run_out():
    stock = conquer.full_stock()
    stock["tile-I2"] = 0
    _illegal({"yurts": {"A1": "red", "B1": "red"}}, "red", "tile-I2", "A1 B1", "no tile-I2 is left", stock=stock)


def test_patronage_protects_a_players_yurts():
    prot = Protections()
    prot.patronage = "blue"
    yurts = {"A1": "red", "B1": "red", "A2": "blue", "B2": "blue", "A3": "red"}
    _illegal({"yurts": yurts}, "red", "tile-L3", "A1 B1 A2", "Patronage protects", prot=prot)
    assert _check({"yurts": yurts}, "red", "tile-L3", "A1 B1 A2")[2] == ["red"], "legal without the card"
    # tied with the protected player: only with his consent
    _illegal({"yurts": yurts}, "red", "tile-O4", "A1 B1 A2 B2", "consent", prot=prot)
    assert _check({"yurts": yurts}, "red", "tile-O4", "A1 B1 A2 B2", prot, True)[2] == ["red", "blue"]
    # the protected player himself is not restricted
    assert _check({"yurts": yurts}, "blue", "tile-I2", "A2 B2", prot)[2] == ["blue"]


def test_gods_protect_black_yurts_everywhere_with_two_or_three_players():
    prot = Protections()
    prot.gods.append(("blue", 0))
    yurts = {"A1": "red", "B1": "neutral", "E5": "blue", "F5": "neutral", "E1": "red", "F1": "red"}
    _illegal({"yurts": yurts}, "red", "tile-I2", "A1 B1", "Support of the Gods", prot=prot)
    assert _check({"yurts": yurts}, "red", "tile-I2", "E1 F1", prot)[2] == ["red"]
    assert _check({"yurts": yurts}, "blue", "tile-I2", "E5 F5", prot)[2] == ["blue"]


def test_gods_protect_one_region_with_four_players():
    board4 = "+####+\n#MMGG#\n+####+\n"
    prot = Protections()
    prot.gods.append(("blue", 2))  # glacier
    pos = position(board4, {"yurts": {"A1": "red", "B1": "neutral", "C1": "red", "D1": "neutral"}})
    stock = conquer.full_stock()
    assert conquer.check(pos, "red", "tile-I2", [0, 1], stock, prot, False)[2] == ["red"]
    raises("illegal", conquer.check, pos, "red", "tile-I2", [2, 3], stock, prot, False)


def test_reconnaissance_reserves_the_shape_or_one_figure():
    yurts = {"A1": "red", "B1": "red", "A3": "blue", "B3": "blue"}
    prot = Protections()
    prot.recon.append(("blue", "tile-I2", True))
    _illegal({"yurts": yurts}, "red", "tile-I2", "A1 B1", "reserves", prot=prot)
    assert _check({"yurts": yurts}, "red", "tile-I2", "A1 B1")[0] == "tile-I2", "legal without the card"
    assert _check({"yurts": yurts}, "blue", "tile-I2", "A3 B3", prot)[0] == "tile-I2", "the owner may use it"
    one = Protections()
    one.recon.append(("blue", "tile-I2", False))
    assert _check({"yurts": yurts}, "red", "tile-I2", "A1 B1", one)[0] == "tile-I2"
    stock = conquer.full_stock()
    stock["tile-I2"] = 1
    _illegal({"yurts": yurts}, "red", "tile-I2", "A1 B1", "reserves", prot=one, stock=stock)


def _all_placements_by_brute_force(pos, player, stock, prot):
    found = []
    b = pos.board
    for key, kind, shape, _ in FIGURES:
        n = len(SHAPES[shape].split())
        packed = conquer.orientations(shape)
        for o in range(0, len(packed), 2 * n):
            for oy in range(b.height):
                for ox in range(b.width):
                    cells = []
                    for k in range(o, o + 2 * n, 2):
                        x = ox + packed[k]
                        y = oy + packed[k + 1]
                        if x < b.width and y < b.height and b.terrain[y * b.width + x]:
                            cells.append(y * b.width + x)
                    if len(cells) != n:
                        continue
                    try:
                        c = conquer.check(pos, player, key, cells, stock, prot, False)
                    except Exception:
                        continue
                    found.append((c[0], c[1]))
    return sorted(found)


def test_enumeration_finds_exactly_the_legal_placements():
    yurts = {"A1": "red", "B1": "red", "A2": "blue", "B2": "neutral", "D1": "red", "E1": "red", "B4": "red",
             "E5": "red", "D5": "neutral", "A3": "red", "F2": "blue", "G2": "red"}
    pos = position(BOARD, {"yurts": yurts, "rulers": {"grey": "B3"}, "figures": [["F1"]]})
    stock = conquer.full_stock()
    prot = Protections()
    for player in ("red", "blue"):
        quick = sorted((c[0], c[1]) for c in search.each_placement(pos, player, stock, prot, False))
        assert quick == _all_placements_by_brute_force(pos, player, stock, prot), player
        assert len(quick) == len(set(quick)), "each placement once"
    assert len(quick) > 0
