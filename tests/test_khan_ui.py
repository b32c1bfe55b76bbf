"""Whole games of Khan played through the buttons of the firmware, in-process on CPython:
every move the random player makes is pressed on the Khan screen and must change the
game exactly as the rules core says."""

import tempfile

import pytest

from app import App  # noqa: E402
from hal.pixels import NeoPixelStrip  # noqa: E402
from ui import palette  # noqa: E402

from steppe.drive import KhanDriver  # noqa: E402


def _app():
    app = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, tempfile.mkdtemp() + "/")
    app.boot()
    return app


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
    final = driver.game()
    assert final["phase"] == "over" and driver.presses > 200
    # the saved file is the game, and a restart comes back to it
    again = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, app.root)
    again.boot()
    assert again.state_get()["state"] == final


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
