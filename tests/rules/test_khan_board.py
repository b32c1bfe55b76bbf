"""The board text format and the default board."""

from rulestest import board, raises

from shared_rules.khan import board_text
from shared_rules.khan.board import DEFAULT_TEXT, default_board
from shared_rules.khan.tables import RULERS

# the rulebook's component list
REGION_CELLS = {"M": 22, "G": 20, "T": 22, "R": 21, "S": 22, "F": 25}
RIVER_CELLS = 22
NOT_BORDERING = {"M": 4, "S": 3, "F": 4}  # edge cells that do not border neighbouring territories


def test_default_board_has_the_rulebook_counts():
    b = default_board()
    assert (b.width, b.height) == (14, 11)
    counts = board_text.counts(b)
    assert counts.pop("~") == RIVER_CELLS
    assert counts == REGION_CELLS
    assert sum(counts[t] for t in counts) == 132


def test_default_board_edges_border_neighbouring_territories_but_eleven():
    b = default_board()
    quiet = {}
    for i in range(b.size):
        x = i % b.width
        y = i // b.width
        on_edge = x in (0, b.width - 1) or y in (0, b.height - 1)
        if b.is_land(i) and on_edge and not b.border[i]:
            t = "MGTRSF"[b.terrain[i] - 1]
            quiet[t] = quiet.get(t, 0) + 1
        if not on_edge:
            assert b.border[i] == 0, b.name_of(i)
    assert quiet == NOT_BORDERING


def test_default_board_regions_and_river_are_each_one_piece():
    b = default_board()
    for code in range(1, 8):
        members = [i for i in range(b.size) if b.terrain[i] == code]
        seen = [members[0]]
        stack = [members[0]]
        while stack:
            i = stack.pop()
            for k in range(4):
                j = b.side[4 * i + k]
                if j >= 0 and b.terrain[j] == code and j not in seen:
                    seen.append(j)
                    stack.append(j)
        assert len(seen) == len(members), code


def test_default_rulers_stand_on_distinct_land_cells():
    b = default_board()
    assert sorted(b.starts) == list(range(len(RULERS)))
    cells = [b.starts[r] for r in b.starts]
    assert len(set(cells)) == len(cells)
    assert all(b.is_land(i) for i in cells)
    russian = b.starts[RULERS.index("lightblue")]
    assert russian % b.width == 0, "the Russian ruler starts on the board edge (rulebook example)"


def test_default_text_passes_the_checked_parser_unchanged():
    b = board(DEFAULT_TEXT + ";")  # not "default": goes through the checked parser
    d = default_board()
    assert bytes(b.terrain) == bytes(d.terrain) and bytes(b.border) == bytes(d.border)
    assert b.starts == d.starts and b.name == d.name
    assert board_text.text(board(board_text.text(d))) == board_text.text(d)


def test_cell_names_run_from_a1_in_the_north_west():
    b = default_board()
    assert b.cell("A1") == 0 and b.name_of(0) == "A1"
    assert b.cell("N11") == b.size - 1 and b.name_of(14) == "A2"
    for bad in ("O1", "A12", "A0", "a1", "A01", "", "A", 7):
        raises("bad_args", b.cell, bad)


def test_irregular_board_with_no_cells():
    b = board("+###+\n#M.M#\n#~+G#\n+###+\nruler grey A1\n")
    assert (b.width, b.height) == (3, 2)
    assert b.index_or_none("B1") is None and b.index_or_none("B2") is None
    assert b.step(b.cell("A1"), 2) == -1  # east of A1 is no cell
    # the inner "+" is off the board and borders neighbouring territories
    assert b.border[b.cell("C2")] == 8 and b.border[b.cell("A1")] == 0
    assert b.touches_river[b.cell("A1")] == 1


def test_parse_errors_name_line_and_column():
    cases = (
        ("+##+\n#MX#\n+##+\n", "line 2, column 3"),
        ("; comment\n+##+\n#MM\n+##+\n", "line 3"),
        ("+#x+\n#MM#\n+##+\n", "line 1, column 3"),
        ("+##+\n#MM#\n+##+\nruler nobody A1\n", "unknown ruler"),
        ("+##+\n#MM#\n+##+\nruler grey C1\n", "not a cell"),
        ("+##+\n#M~#\n+##+\nruler grey B1\n", "river"),
        ("+##+\n#MM#\n+##+\nruler grey A1\nruler teal A1\n", "already holds"),
        ("+##+\n#MM#\n+##+\nruler grey A1\n+##+\n", "after the end of the grid"),
        ("+##+\n#~.#\n+##+\n", "no land"),
        ("hello\n", "no grid"),
        ("+##+\n#MM#\n+##+\nbanana 3\n", "unknown line"),
    )
    for text, part in cases:
        e = raises("bad_args", board, text)
        assert part in e.message, (text, e.message)
        assert e.message.startswith("board"), e.message


def _canvas(b, width: int, height: int):
    """A board's cells and edge flags on a width x height canvas (as the board editor holds them)."""
    cells = bytearray(width * height)
    edge = bytearray(width * height)
    for i in range(b.size):
        j = (i // b.width) * width + i % b.width
        cells[j] = b.terrain[i]
        edge[j] = 1 if b.border[i] else 0
    return cells, edge


def test_grid_lines_give_back_the_default_board_from_a_wider_canvas():
    b = default_board()
    cells, edge = _canvas(b, 15, 11)
    assert board_text.grid_lines(cells, edge, 15, 11) == b.frame  # the empty 15th column left out


def test_grid_lines_put_borders_only_beside_edge_cells_and_at_no_cell_squares():
    cells = bytearray(3 * 2)
    edge = bytearray(3 * 2)
    cells[0] = 1  # A1 mountains, bordering
    edge[0] = 1
    cells[2] = 7  # C1 river; B1 no cell
    cells[5] = 2  # C2 glacier, not bordering
    lines = board_text.grid_lines(cells, edge, 3, 2)
    assert lines == ["++###", "+M+~#", "#+.G#", "#####"]
    b = board_text.parse("\n".join(lines) + "\n")
    assert b.border[b.cell("A1")] == 15 and b.border[b.cell("C2")] == 0  # N E S W: frame, B1, A2, frame


def test_an_own_board_needs_every_ruler_and_fits_the_screen():
    text = DEFAULT_TEXT.replace("ruler teal I9\n", "")
    e = raises("bad_args", board_text.playable, text)
    assert "teal" in e.message
    assert board_text.playable(DEFAULT_TEXT).width == 14
    cells, edge = _canvas(default_board(), 16, 11)
    for y in range(11):
        cells[y * 16 + 14] = cells[y * 16 + 15] = 1  # two more columns of mountains
    rulers = [line for line in DEFAULT_TEXT.split("\n") if line.startswith("ruler ")]
    wide = "\n".join(board_text.grid_lines(cells, edge, 16, 11) + rulers) + "\n"
    assert board_text.parse(wide).width == 16
    e = raises("bad_args", board_text.playable, wide)
    assert e.message == "the board is 16 x 11 cells; the box shows at most 15 x 11"
    assert board_text.playable(wide, 16, 11).width == 16
