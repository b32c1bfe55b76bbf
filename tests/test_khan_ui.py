"""Whole games of Khan played through the buttons of the firmware, in-process on CPython:
every move the random player makes is pressed on the Khan screen and must change the
game exactly as the rules core says."""

import tempfile

import pytest

from app import App  # noqa: E402
from hal import clock  # noqa: E402
from hal.pixels import NeoPixelStrip  # noqa: E402
from ui import palette  # noqa: E402

from steppe.drive import KhanDriver  # noqa: E402


def _app():
    app = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, tempfile.mkdtemp() + "/")
    app.boot()
    return app


def _read(frame, x: int, y: int, colour=None) -> str:
    """The character of the 3x5 font drawn at (x, y) (in this colour), "?" if none."""
    from ui import font

    rows = bytes(sum(4 >> dx for dx in range(3) if frame[(y + dy) * 16 + x + dx] and
                     (colour is None or frame[(y + dy) * 16 + x + dx] == colour)) for dy in range(5))
    for ch in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ ":
        if font.glyph(ch) == rows:
            return ch
    return "?"


def _driver(app, seed):
    def press(button, long):
        app.press(button, long)
        app.render(0)  # every frame draws without error, whatever the mode
        ui = app.screen.ui_json()
        ui["screen"] = app.screen_name()
        return ui

    return KhanDriver(press, lambda: app.state_get()["state"], seed)


@pytest.mark.parametrize("seed,players,option", [(1, 2, 0), (2, 3, 0), (3, 4, 0)])
def test_a_whole_game_through_the_buttons(seed, players, option):
    app = _app()
    app.new_game("khan", ["red", "yellow", "blue", "green"][:players], option, seed)
    driver = _driver(app, seed)
    announced = []

    def on_move(game, move):
        if game.phase == "final" and not announced:  # the final phase has just begun: FINL
            announced.append(move)
            assert app.screen.ui_json().get("announce") == "final"
            later = clock.now() + 60000
            for t in (later, later + 10):  # (the flight, if a flip began it, then the banner)
                app.render(t)
            f = app.pixels.frame
            assert "".join(_read(f, x, 4) for x in (0, 4, 8, 12)) == "FINL"

    final = driver.game(on_move=on_move)
    assert final["phase"] == "over" and driver.presses > 200
    assert announced or seed == 1, "these games go through a final phase (seed 1's ends at once)"
    # the end scores, each player's in turn on the bottom band, readable whatever their size
    from shared_rules.khan.game import score_position
    from shared_rules.khan.load import game as load_game

    totals = score_position(load_game(final).pos, final["players"])["total"]
    for k, p in enumerate(final["players"]):
        app.render(1500 * k)  # (blink on: 1500 * k is a whole number of blink periods)
        digits = "".join(_read(app.pixels.frame, x, 11, palette.player(p)) for x in (4, 8, 12))
        assert digits.strip() == str(totals[p]), (p, digits, totals)
    # the saved file is the game, and a restart comes back to it
    again = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, app.root)
    again.boot()
    assert again.state_get()["state"] == final


def test_the_hints_save_presses_and_change_nothing_else():
    """The same moves of the random player pressed with the box's hints off, then on (the
    cursor jumping between the cells a piece may take, the driver planning as docs/ui-khan.md
    tells a player): the same game, a good deal fewer presses (bench/bench_hints.py)."""
    import json

    counts = []
    ends = []
    for hints in (False, True):
        app = _app()
        with open(app.root + "settings.json", "w") as f:
            json.dump({"hints": hints}, f)
        app.boot()
        app.new_game("khan", ["red", "yellow", "blue"], 0, 2)
        driver = _driver(app, 2)
        ends.append(driver.game())
        assert app.hints is hints and "hints" not in driver.ui  # (the game over: the hints' code let go)
        counts.append(driver.presses)
    assert ends[0] == ends[1]
    assert counts[1] < 0.85 * counts[0], counts


def test_menu_to_a_new_game_with_the_buttons():
    app = _app()
    assert app.screen_name() == "menu"
    app.press("OK")  # Khan: no saved game, so set one up
    app.press("LEFT")  # two players
    app.press("OK")  # first player's colour
    app.press("OK")  # second: start
    assert app.screen_name() == "khan"
    s = app.state_get()["state"]
    assert s["players"] == ["red", "yellow"] and s["mode"] == "virtual" and s["phase"] == "setup"


def test_undo_brings_back_the_last_game_state():
    app = _app()
    app.new_game("khan", ["red", "blue"], 1, 9)
    before = app.state_get()["state"]
    app.press("OK")  # setup: the cursor appears near mid-board, on a cell a yurt may take
    cell = app.ui_json()["cursor"]
    app.press("OK")  # red's first setup yurt
    assert app.state_get()["state"]["pieces"]["yurts"] == {cell: "red"}
    app.press("BACK", True)
    assert app.state_get()["state"] == before


# -- the menu's setup: colours never twice, whatever the presses ------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from shared_rules.games import GAMES  # noqa: E402

SETUP_PRESSES = st.lists(st.sampled_from([("UP", False), ("DOWN", False), ("LEFT", False), ("RIGHT", False),
                                          ("OK", False), ("OK", True), ("BACK", False)]), max_size=40)


@settings(derandomize=True, max_examples=200, deadline=None)
@given(st.integers(0, len(GAMES) - 1), SETUP_PRESSES)
def test_no_setup_press_sequence_starts_a_game_with_a_colour_twice(game, presses):
    from shared_rules.errors import RulesError

    app = _app()
    refused = []
    new_game = app.new_game

    def spy(*args, **kw):
        try:
            return new_game(*args, **kw)
        except RulesError as e:  # the setup offered what the rules refuse
            refused.append(e.code)
            raise

    app.new_game = spy
    for _ in range(game):
        app.press("DOWN")
    app.press("OK")
    for k, (button, long) in enumerate(presses + [("OK", False)] * 16):
        if app.screen_name() != "menu":
            break
        ui = app.screen.ui_json()
        if k >= len(presses) and ui["mode"] == "settings":
            button = "BACK"  # the presses left the menu on SET: back, and on to a game
        elif k >= len(presses) and ui.get("choice") == "settings":
            button = "DOWN"
        elif k >= len(presses) and ui["mode"] == "setup" and ui.get("option") == "EDIT":
            button, long = "OK", True  # not the board editor: the next option
        elif k >= len(presses) and ui["mode"] == "board_edit":  # out of the editor: its menu, QUIT
            button = "BACK" if ui["edit"] != "menu" else "DOWN" if ui["choice"] != "QUIT" else "OK"
        app.press(button, long)  # no exception escapes a press
        ui = app.screen.ui_json()
        if ui["mode"] == "setup":
            shown = ui.get("colours") or []
            assert len(set(shown)) == len(shown), shown
            assert shown or ui["game"] == "chuhan"
            assert ui["game"] != "chuhan" or not shown, "Chu and Han asks for no colours"
    assert not refused
    name = app.screen_name()
    assert name in [g[0] for g in GAMES], "OKs start a game"
    players = app.record.settings.get("players") or []
    assert len(set(players)) == len(players), players
    row = [g for g in GAMES if g[0] == name][0]
    assert not row[5] or row[2] <= len(players) <= row[3]
