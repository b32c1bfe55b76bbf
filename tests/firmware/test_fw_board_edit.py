"""The board editor through the buttons: the players' own Khan board painted on the box,
checked by the rules core, saved on flash, played on, and there again after a restart; a
board the rules refuse is refused with the reason and nothing is saved."""

import sys

from fwtest import pixels, tmpdir

from app import App


def _app(root: str):
    app = App(pixels(), None, root)
    app.boot()
    return app


def _press(app, *buttons) -> dict:
    for b in buttons:
        if b.endswith("+"):  # held
            app.press(b[:-1], True)
        else:
            app.press(b, False)
    return app.ui_json()


def _to_option(app, label: str) -> dict:
    """On the Khan setup: OK held until the option shows label."""
    for _ in range(6):
        ui = _press(app, "OK+")
        if ui["option"] == label:
            return ui
    raise AssertionError("no option " + label)


def _editor(name: str):
    """(root, app) on a fresh box, in the board editor (the Khan setup's EDIT)."""
    from boardkeys import open_editor

    root = tmpdir(name)
    return root, open_editor(root)


def _tool(app, tool: str) -> None:
    """In the editor: OK held, then the arrows to the tool, OK."""
    ui = _press(app, "OK+")
    assert ui["edit"] == "tools"
    while ui["tool"] != tool:
        ui = _press(app, "RIGHT")
    assert _press(app, "OK")["edit"] == "paint"


def _quiet(app) -> None:
    """A sentence scrolling (a saved board's warning) ended with a press that does nothing else."""
    if app.why:
        _press(app, "BACK")


def _read(path: str):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def test_a_board_painted_on_the_box_is_saved_played_on_and_there_after_a_restart():
    root = tmpdir("boardedit1")
    app = _app(root)
    assert _press(app, "OK")["mode"] == "setup"
    assert _to_option(app, "EDIT")["option"] == "EDIT"  # no own board yet: DECK TABL EDIT
    ui = _press(app, "OK")
    assert ui["mode"] == "board_edit" and ui["cursor"] == "H6" and ui["tool"] == "M"
    assert "ui.board_edit" in sys.modules
    _press(app, "OK")  # H6 (a river cell of the default board) becomes mountains
    _tool(app, "S")
    assert _press(app, "RIGHT", "OK")["cursor"] == "I6"  # I6 sand desert
    _tool(app, "1")
    _press(app, "OK")  # the grey ruler starts on I6
    _tool(app, ".")
    _press(app, "UP", "UP", "UP", "UP", "UP")
    assert _press(app, "LEFT", "LEFT", "LEFT", "LEFT", "LEFT", "LEFT", "LEFT", "LEFT", "OK")["cursor"] == "A1"
    _tool(app, "E")
    _press(app, "RIGHT", "RIGHT", "RIGHT", "OK")  # D1: its north side now borders neighbouring territories
    ui = _press(app, "BACK")
    assert ui["edit"] == "menu" and ui["choice"] == "SAVE"
    ui = _press(app, "OK")
    assert ui["mode"] == "setup" and ui["option"] == "MYDK"  # saved: the setup offers it at once
    assert ui["why"].startswith("saved, but ")  # (the river cut in two: not the rulebook's board)
    assert "ui.board_edit" not in sys.modules and "ownboard" not in sys.modules  # let go
    assert "why" not in _press(app, "BACK")  # a button ends the warning, and does nothing else
    saved = _read(root + "khanboard.txt")
    assert saved is not None and "ruler grey I6\n" in saved
    lines = saved.split("\n")
    assert lines[0][4] == "+" and lines[6][1:10] == "RRRRR~~MS"  # D1's north side; H6 I6
    assert lines[1][1] == "+"  # A1: no cell, and B1 and A2 (edge cells) border there
    # a game on it: the colours, then the start
    ui = _press(app, "OK", "OK", "OK")
    assert ui["screen"] == "khan"
    board = app.record.game.board
    assert app.record.settings["board"] == saved  # the journal's header holds the board
    assert board.terrain[board.cell("H6")] == 1 and board.terrain[board.cell("I6")] == 5
    assert board.index_or_none("A1") is None and board.border[board.cell("D1")] == 1
    assert board.starts[0] == board.cell("I6") and app.record.game.pos.ruler_cell[0] == board.cell("I6")
    state = app.state_get()
    # a restart: the game on the own board comes back, and the board is still saved
    app = _app(root)
    assert app.screen_name() == "khan" and app.state_get() == state
    assert app.record.game.board.terrain[app.record.game.board.cell("H6")] == 1
    assert _read(root + "khanboard.txt") == saved


def test_a_board_the_rules_refuse_is_refused_with_the_reason_and_nothing_is_saved():
    root, app = _editor("boardedit2")
    _tool(app, "1")
    _press(app, "OK")  # grey starts on H6, a river cell
    ui = _press(app, "BACK", "OK")
    assert ui["mode"] == "board_edit" and "cannot start on the river at H6" in ui["why"]  # the App scrolls it
    assert _read(root + "khanboard.txt") is None
    from ui import palette

    lit = bytes(app.pixels.frame)
    assert sum(1 for k in range(256) if lit[k] == palette.BAD) >= 16  # the reason's band, edged in red
    ui = _press(app, "DOWN")  # any button stops the reason, and only that
    assert "why" not in ui and ui["cursor"] == "H6" and ui["edit"] == "paint"
    _tool(app, ".")
    ui = _press(app, "OK", "BACK", "OK")  # H6 now no cell: grey has no start on the board
    assert "H6" in ui["why"] and "not a cell" in ui["why"]
    ui = _press(app, "LEFT", "HELP")  # (the press ended the reason) help in the editor's own words
    assert ui["help"].startswith("Arrows: a cell. OK: paint it")
    ui = _press(app, "BACK", "BACK", "DOWN", "DOWN", "DOWN")  # (the first BACK ends the help)
    assert ui["choice"] == "QUIT"
    ui = _press(app, "OK")  # leaves unsaved: the setup as before, no own board
    assert ui["mode"] == "setup" and ui["option"] == "DECK" and _read(root + "khanboard.txt") is None
    assert _to_option(app, "EDIT")["option"] == "EDIT"  # DECK TABL EDIT: no MYDK


def test_the_default_board_comes_back_as_it_is_and_del_forgets_the_own_board():
    root = tmpdir("boardedit3")
    app = _app(root)
    _press(app, "OK")
    _to_option(app, "EDIT")
    _press(app, "OK", "BACK", "OK")  # save the default board as it is
    from shared_rules.khan.board import DEFAULT_TEXT

    saved = _read(root + "khanboard.txt")
    grid = [line for line in DEFAULT_TEXT.split("\n") if line[:1] in ("+", "#")]
    assert saved is not None and saved.split("\n")[:len(grid)] == grid
    assert sorted(line for line in saved.split("\n") if line.startswith("ruler")) == sorted(
        line for line in DEFAULT_TEXT.split("\n") if line.startswith("ruler"))
    _to_option(app, "EDIT")
    ui = _press(app, "OK", "BACK", "UP")
    assert ui["choice"] == "DEL"
    ui = _press(app, "OK")
    assert ui["mode"] == "setup" and ui["option"] == "DECK" and _read(root + "khanboard.txt") is None


def test_the_editor_is_let_go_when_it_leaves_and_opening_it_again_and_again_keeps_the_heap_flat():
    import gc

    root = tmpdir("boardedit4")
    app = _app(root)
    _press(app, "OK")
    used = []
    for _ in range(4):
        _to_option(app, "EDIT")
        ui = _press(app, "OK", "OK", "RIGHT", "OK")  # paint two cells
        assert ui["mode"] == "board_edit" and "ui.board_edit" in sys.modules
        ui = _press(app, "BACK", "DOWN", "DOWN", "DOWN", "OK")  # QUIT
        assert ui["mode"] == "setup" and ui["option"] == "DECK"
        assert "ui.board_edit" not in sys.modules and "ownboard" not in sys.modules
        gc.collect()
        if hasattr(gc, "mem_alloc"):  # MicroPython: what stays allocated after each visit
            used.append(gc.mem_alloc())  # type: ignore[attr-defined]
    assert _read(root + "khanboard.txt") is None
    if used:
        assert max(used[1:]) - used[1] < 1024, used  # the first visit loads the rules' board code; then flat


def test_a_game_on_an_own_board_removed_meanwhile_is_refused_not_played_on_the_default():
    import os

    root = tmpdir("boardedit5")
    app = _app(root)
    _press(app, "OK")
    _to_option(app, "EDIT")
    assert _press(app, "OK", "BACK", "OK")["option"] == "MYDK"  # the default board saved as the own one
    _quiet(app)
    os.remove(root + "khanboard.txt")  # as steppe sync board remove does
    ui = _press(app, "OK", "OK", "OK")
    assert ui["mode"] == "setup" and ui["option"] == "DECK" and app.record is None and app.saved_games() == []


def test_ok_puts_the_pen_down_and_the_arrows_paint_a_row_until_the_next_ok():
    root, app = _editor("boardedit6")
    _tool(app, "T")
    _press(app, "UP", "UP", "UP", "UP", "UP", "LEFT", "LEFT", "LEFT", "LEFT", "LEFT", "LEFT", "LEFT")
    ui = _press(app, "OK")
    assert ui["cursor"] == "A1" and ui["pen"] is True
    ui = _press(app, "RIGHT", "RIGHT", "RIGHT", "RIGHT")
    assert ui["cursor"] == "E1" and ui["pen"] is True
    ui = _press(app, "OK", "RIGHT", "DOWN")  # the pen up: F1 and F2 as they were
    assert ui["pen"] is False and ui["cursor"] == "F2"
    _tool(app, "2")
    ui = _press(app, "LEFT", "OK", "RIGHT")  # a ruler's start (E2): one cell, no pen
    assert ui["pen"] is False
    ui = _press(app, "BACK", "OK")
    assert ui["mode"] == "setup", ui.get("why")
    saved = _read(root + "khanboard.txt")
    assert saved is not None and saved.split("\n")[1][:8] == "+TTTTTMM" and "ruler lightblue E2\n" in saved


def test_a_saved_board_that_cannot_be_read_is_said_when_the_editor_opens():
    root = tmpdir("boardedit7")
    with open(root + "khanboard.txt", "w") as f:
        f.write("not a board\n")
    app = _app(root)
    _press(app, "OK")
    _to_option(app, "EDIT")
    ui = _press(app, "OK")  # the editor opens on the default board, and says why
    assert ui["mode"] == "board_edit" and "cannot be read" in ui["why"], ui


def _rows(app) -> "list[str]":
    """The canvas's 11 rows of 15 squares, as the editor holds them (M G T R S F, ~ river, . no cell)."""
    cells = app.screen.cells
    return ["".join(".MGTRSF~"[cells[y * 15 + x]] for x in range(15)) for y in range(11)]


def _to(app, cell: str) -> dict:
    """The cursor to a cell, with the pen up (columns, then rows)."""
    if app.ui_json()["pen"]:
        _press(app, "OK")
    ui = app.ui_json()
    while ui["cursor"][0] != cell[0]:
        ui = _press(app, "RIGHT" if cell[0] > ui["cursor"][0] else "LEFT")
    while int(ui["cursor"][1:]) != int(cell[1:]):
        ui = _press(app, "DOWN" if int(cell[1:]) > int(ui["cursor"][1:]) else "UP")
    return ui


def _fill(app, tool: str) -> dict:
    """OK held: the tools; the arrows to the tool; OK held: take it and fill from the cursor."""
    ui = _press(app, "OK+")
    while ui["tool"] != tool:
        ui = _press(app, "RIGHT")
    return _press(app, "OK+")


def test_new_blanks_the_canvas_and_a_fill_paints_the_area_joined_side_by_side():
    root, app = _editor("boardedit8")
    ui = _press(app, "BACK", "UP", "UP", "UP")
    assert ui["choice"] == "NEW"
    ui = _press(app, "OK")
    assert ui["edit"] == "paint" and _rows(app) == ["." * 15] * 11 and list(app.screen.starts) == [255] * 8
    assert _fill(app, "M")["edit"] == "paint" and _rows(app) == ["M" * 15] * 11  # one cell: all it joins
    # a ring of sand desert around C3:E5 (its corner B2 left out: corners do not join)
    _to(app, "C2")
    _tool(app, "S")
    _press(app, "OK", "RIGHT", "RIGHT", "RIGHT", "DOWN", "DOWN", "DOWN", "DOWN", "LEFT", "LEFT", "LEFT", "LEFT",
           "UP", "UP", "UP", "OK")
    assert _rows(app)[1:6] == ["MMSSSSMMMMMMMMM", "MSMMMSMMMMMMMMM", "MSMMMSMMMMMMMMM", "MSMMMSMMMMMMMMM",
                               "MSSSSSMMMMMMMMM"]
    _to(app, "D4")
    _fill(app, "G")  # inside the ring only
    rows = _rows(app)
    assert rows[2:5] == ["MSGGGSMMMMMMMMM"] * 3 and rows[0] == "M" * 15 and rows[1][:2] == "MM"
    ui = _fill(app, "G")  # the cell is glacier already: said, nothing changes
    assert ui["why"] == "D4 is glacier already: fill from a cell inside the area" and _rows(app) == rows
    _press(app, "LEFT")
    ui = _fill(app, "E")
    assert ui["why"] == "fill takes a terrain, the river or no cell (X)" and _rows(app) == rows
    assert ui["tool"] == "E" and ui["edit"] == "paint"  # the tool is taken all the same
    _press(app, "LEFT")
    _to(app, "A1")
    _fill(app, "~")  # the mountains outside the ring: the river
    assert _rows(app)[3] == "~SGGGS~~~~~~~~~" and _rows(app)[1][:3] == "~~S"


def test_a_row_is_copied_from_the_row_above_or_below_and_the_pen_copies_on():
    root, app = _editor("boardedit9")
    from shared_rules.khan.board import DEFAULT_TEXT

    grid = [line[1:-1] + "." for line in DEFAULT_TEXT.split("\n") if line.startswith(("+", "#"))][1:-1]
    assert _rows(app) == grid
    starts = bytes(app.screen.starts)
    _to(app, "C1")
    ui = _press(app, "OK+")
    while ui["tool"] != "^":
        ui = _press(app, "RIGHT")
    _press(app, "OK")
    ui = _press(app, "OK")
    assert ui["why"] == "row 1 has no row above to copy" and _rows(app) == grid
    _press(app, "BACK")  # (it ends the sentence, and does nothing else)
    ui = _press(app, "DOWN", "OK")  # row 2 copies row 1, and the pen is down
    assert ui["pen"] is True and _rows(app)[1] == grid[0]
    _press(app, "DOWN", "DOWN", "RIGHT")  # rows 3 and 4 copy the row above as the pen comes
    assert _rows(app)[:4] == [grid[0]] * 4 and _rows(app)[4:] == grid[4:]
    ui = _press(app, "OK", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN")
    assert ui["cursor"] == "D11" and not ui["pen"]
    _tool(app, "v")
    ui = _press(app, "OK")
    assert ui["why"] == "row 11 has no row below to copy"
    _press(app, "BACK", "UP", "UP", "OK")  # row 9 copies row 10
    rows = _rows(app)
    assert rows[8] == grid[9] and rows[9] == grid[9] and rows[10] == grid[10]
    assert bytes(app.screen.starts) == starts  # the rulers' starts stay where they were


def test_back_held_undoes_the_last_change_whole_and_again_does_it_again():
    root, app = _editor("boardedit10")
    ui = _press(app, "BACK+")
    assert ui["why"].startswith("nothing to undo") and ui["edit"] == "paint"
    grid = _rows(app)
    _press(app, "UP")
    _to(app, "A1")
    _fill(app, "G")  # the mountains become glacier
    filled = _rows(app)
    assert filled != grid and filled[0][:9] == "GGGGGGGGG"
    _tool(app, "F")
    _press(app, "DOWN", "OK", "RIGHT", "RIGHT")  # a stroke of three forest cells: A2 B2 C2
    stroked = _rows(app)
    assert stroked[1][:3] == "FFF"
    ui = _press(app, "BACK+")
    assert not ui["pen"] and _rows(app) == filled  # the stroke, undone whole
    assert _press(app, "BACK+") and _rows(app) == stroked  # and done again
    _press(app, "BACK+")
    _tool(app, "1")
    _press(app, "OK")  # grey starts on C2
    assert app.screen.starts[0] == 1 * 15 + 2
    _press(app, "BACK+")
    assert app.screen.starts[0] == 1 * 15 + 5  # back on the default board's F2


def _lit(frame, x: int, colour: int) -> int:
    """The LEDs of a colour in the panel's rows (11-15) from column x."""
    return sum(1 for y in range(11, 16) for k in range(x, 16) if frame[y * 16 + k] == colour)


def test_the_count_shows_each_terrain_against_the_rulebook_and_the_cards_with_no_cell():
    from ui import palette

    root, app = _editor("boardedit11")
    ui = _press(app, "BACK", "DOWN")
    assert ui["choice"] == "CNT"
    ui = _press(app, "OK")
    bad = [k for k in "MGTRSF~" if app.screen.result["cells"][k] != app.screen.result["rulebook"][k]]
    assert ui["edit"] == "count" and bad == []  # the default board has the rulebook's counts
    if ui["ok"]:
        assert ui["page"] == "M" and ui["cells"] == ui["rulebook"] == 22 and ui["pieces"] == 1
    else:  # a card with no cell: the count opens on the cards
        assert ui["page"] == "cards" and ui["dead"] and len(ui["symbols"]) == 1
        app.render(0)
        f = app.pixels.frame
        assert _lit(f, 0, palette.WHITE) and _lit(f, 4, palette.BAD)  # "C", and how many in red
        assert f[1 * 16 + 1] == palette.HINT and f[4 * 16 + 3] == palette.HINT  # the symbol's border frame
        ui = _press(app, "RIGHT")  # the pages go round: the first terrain
    assert ui["page"] == "M"
    ui = _press(app, "LEFT", "LEFT")
    assert ui["page"] == "~" and ui["cells"] == ui["rulebook"] == 22 and ui["pieces"] == 1
    app.render(0)
    f = app.pixels.frame
    lit = [i for i in range(11 * 16) if f[i] == palette.RIVER]
    assert len(lit) == 22 and not [i for i in range(11 * 16) if f[i] not in (palette.RIVER, palette.OFF)]
    assert _lit(f, 4, palette.GOOD) and not _lit(f, 0, palette.BAD)  # its count in green
    ui = _press(app, "OK")
    assert ui["edit"] == "paint" and "page" not in ui
    _to(app, "A1")
    _tool(app, "G")
    _press(app, "OK", "OK")  # A1, a mountains cell, now glacier
    ui = _press(app, "BACK", "DOWN", "OK")
    assert ui["page"] == "M" and ui["cells"] == 21 and ui["rulebook"] == 22 and not ui["ok"]
    app.render(0)
    f = app.pixels.frame
    assert f[0 * 16 + 1] == palette.OFF and f[0 * 16 + 2] == palette.TERRAIN  # A1 dark now, B1 mountains
    assert _lit(f, 4, palette.BAD) and not _lit(f, 4, palette.GOOD)  # "-1": one short, in red
    ui = _press(app, "RIGHT")
    assert ui["page"] == "G" and ui["cells"] == 21 and ui["rulebook"] == 20 and ui["pieces"] == 2
    app.render(0)
    assert app.pixels.frame[1] == palette.TERRAIN + 1  # A1's glacier, lit...
    app.render(250)
    assert app.pixels.frame[1] == palette.OFF  # ...and blinking: the glacier is in two pieces
    ui = _press(app, "BACK", "BACK", "OK")  # (back to painting) SAVE: saved, and said
    assert ui["mode"] == "setup" and ui["why"].startswith("saved, but ") and _read(root + "khanboard.txt")


def test_a_board_with_a_card_that_can_never_be_played_is_saved_and_said():
    root, app = _editor("boardedit12")
    _to(app, "A2")
    _tool(app, "S")
    _press(app, "OK", "OK")  # A2, on the west edge (bordering), now sand desert: every card has a cell
    _to(app, "A1")
    _tool(app, "E")
    _press(app, "OK", "RIGHT", "RIGHT", "OK")  # A1 B1 C1 no longer border: A2 (sand) still does
    _to(app, "A8")
    _press(app, "OK", "DOWN", "DOWN", "DOWN", "OK")  # A8-A11: the forest's west edge no longer borders...
    ui = _press(app, "RIGHT", "OK", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "OK")  # ...nor B11-G11
    assert ui["cursor"] == "G11"
    ui = _press(app, "BACK", "OK")
    assert ui["mode"] == "setup" and ui["option"] == "MYDK"
    assert ui["why"] == "saved, but 1 card can never be played here: F+border", ui
    saved = _read(root + "khanboard.txt")
    assert saved is not None and saved.split("\n")[2][1] == "S"  # saved all the same
    from shared_rules.khan import board_check, board_text

    r = board_check.check(board_text.parse(saved))
    assert [board_check.card_name(c) for c in r["dead"]] == ["pink SE"] and r["symbols"] == ["F+border"]
