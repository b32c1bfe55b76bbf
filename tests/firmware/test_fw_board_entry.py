"""The default board typed into the box's editor through its buttons, as a player would
with the region fill (tests/firmware/boardkeys.py's recipe), and cell by cell with the pen:
both give the default board exactly; the fill takes a good deal fewer presses (the figures:
bench/bench_board_entry.py)."""

from boardkeys import Hand, board_of, cell_by_cell, open_editor, recipe_default
from fwtest import tmpdir

from shared_rules.khan.board import default_board


def _same(b, d) -> None:
    assert b.frame == d.frame, "\n".join(b.frame)
    assert b.starts == d.starts


def test_the_default_board_is_entered_with_the_region_fill_in_far_fewer_presses_than_cell_by_cell():
    d = default_board()
    fill = Hand(open_editor(tmpdir("entry-fill")))
    recipe_default(fill, d)
    _same(board_of(fill.app), d)
    pen = Hand(open_editor(tmpdir("entry-pen")))
    cell_by_cell(pen, d)
    _same(board_of(pen.app), d)
    assert 100 < fill.presses and 3 * fill.presses < 2 * pen.presses, (fill.presses, pen.presses)
