"""Whole games of Huns played through the buttons of the firmware and checked against the
rules core after every action: in-process on CPython, and on the virtual Pico over its
serial link in a 96 KB heap."""

import os
import sys
import tempfile

import pytest

from app import App  # noqa: E402
from hal.pixels import NeoPixelStrip  # noqa: E402
from ui import palette  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "firmware"))
from test_fw_huns_ui import Driver, driver  # noqa: E402

from conftest import Sim  # noqa: E402

SEATS = ["red", "yellow", "blue", "green"]


def _app():
    app = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, tempfile.mkdtemp() + "/")
    app.boot()
    return app


@pytest.mark.parametrize("seed,players,table", [(3, 2, False), (4, 3, True), (5, 4, False), (6, 4, True),
                                                (7, 3, False), (8, 2, True)])
def test_a_whole_game_through_the_buttons(seed, players, table):
    app = _app()
    app.new_game("huns", SEATS[:players], 0, seed)
    d = driver(app)
    final = d.game(seed, table=table)
    assert final["phase"] == "over" and final["result"]["winners"]
    # the saved file is the game, and a restart comes back to it, on the result
    again = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, app.root)
    again.boot()
    assert again.state_get()["state"] == final and again.screen.ui_json()["mode"] == "result"


def test_menu_to_a_new_game_with_the_buttons():
    app = _app()
    app.press("DOWN")
    app.press("DOWN")  # Huns
    app.press("OK")  # no saved game: set one up, three players by default
    app.press("RIGHT")  # four
    app.press("UP")  # the first player's colour: the next one free
    for _ in range(4):
        app.press("OK")
    assert app.screen_name() == "huns"
    s = app.state_get()["state"]
    assert s["players"] == 4 and s["phase"] == "setup" and s["round"] == 1
    assert app.screen.seats[0] == palette.player("white")


def test_a_game_on_the_virtual_pico_in_a_104k_heap(tmp_path):
    # 104 KB as on the Pico's 32-bit core ("w": adjusted for the unix port's 64-bit words);
    # the 96wK design target is no longer met by a whole game (README, Memory)
    s = Sim(str(tmp_path / "pico"), heap="104wK")
    try:
        s.wait_ready()
        for button in ("DOWN", "DOWN", "OK", "RIGHT", "OK", "OK", "OK", "OK"):  # Huns, four players
            reply = s.link.request("ui.press", {"button": button})
        assert reply["screen"] == "huns"

        def ask(op, args=None):
            # a reply that found no room is asked for once more, as steppe does (docs/ops.md:
            # at 96wK the heap a whole game has split can refuse it while the box lets go)
            from steppe.device import DeviceError

            try:
                return s.link.request(op, args)
            except DeviceError as e:
                if e.code != "no_memory" or op == "ui.press":  # (a press is not sent twice)
                    raise
                return s.link.request(op, args)

        def press(button, long):
            return s.link.request("ui.press", {"button": button, "long": long})

        d = Driver(press, lambda: ask("state.get")["state"], reply)
        final = d.game(9, table=True)
        assert final["phase"] == "over"
        assert len(s.link.request("ui.frame")["pixels"]) == 256
        assert s.link.request("hello")["screen"] == "huns"
    finally:
        s.close()
