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
    root = tmpdir(name)
    app = _app(root)
    _press(app, "OK")
    _to_option(app, "EDIT")
    _press(app, "OK")
    return root, app


def _tool(app, tool: str) -> None:
    """In the editor: OK held, then the arrows to the tool, OK."""
    ui = _press(app, "OK+")
    assert ui["edit"] == "tools"
    while ui["tool"] != tool:
        ui = _press(app, "RIGHT")
    assert _press(app, "OK")["edit"] == "paint"


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
    assert "ui.board_edit" not in sys.modules and "ownboard" not in sys.modules  # let go
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
    ui = _press(app, "BACK", "BACK", "DOWN", "DOWN")  # (the first BACK ends the help)
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
        ui = _press(app, "BACK", "DOWN", "DOWN", "OK")  # QUIT
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
