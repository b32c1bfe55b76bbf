"""The box's settings through its buttons: the brightness and the supply, seen at once,
kept on flash by OK, left as they were by BACK, and applied at the next boot."""

from fwtest import pixels, tmpdir

from app import App
from ui import palette


def _app(root: str):
    app = App(pixels(), None, root)
    app.boot()
    return app


def _to_settings(app) -> None:
    assert app.ui_json()["mode"] == "menu"
    app.press("UP")  # from the first game the menu wraps round to SET, its last choice
    assert app.ui_json()["choice"] == "settings"
    app.press("OK")
    assert app.ui_json()["mode"] == "settings"


def _read(path: str):
    import json

    with open(path) as f:
        return json.load(f)


def test_the_brightness_and_the_supply_are_set_with_the_buttons_and_kept():
    root = tmpdir("i9led-settings")
    app = _app(root)
    px = app.pixels
    assert px.brightness == palette.DEFAULT_BRIGHTNESS and px.budget_ma == 400
    _to_settings(app)
    ui = app.ui_json()
    assert ui["choice"] == "brightness" and ui["brightness"] == 48 and ui["usb_ma"] == 500
    app.press("RIGHT")
    app.press("RIGHT")
    assert px.brightness == 96, "the new brightness is shown at once"
    lit = bytes(px.out)
    app.press("DOWN")
    app.press("RIGHT")  # a 2 A charger
    assert app.ui_json()["usb_ma"] == 2000 and px.budget_ma == 1900
    assert bytes(px.out) != lit
    app.press("OK")
    assert app.ui_json()["mode"] == "menu" and app.ui_json()["choice"] == "settings"
    assert _read(root + "settings.json") == {"brightness": 96, "usb_ma": 2000, "hints": True}
    # the next boot comes up with them
    again = _app(root)
    assert again.pixels.brightness == 96 and again.pixels.budget_ma == 1900


def test_back_leaves_the_settings_as_they_were():
    root = tmpdir("i9led-settings-back")
    app = _app(root)
    _to_settings(app)
    for _ in range(10):
        app.press("LEFT")  # down to the lowest brightness, and no further
    assert app.ui_json()["brightness"] == palette.BRIGHTNESS[0] == app.pixels.brightness
    app.press("DOWN")
    app.press("RIGHT")
    app.press("RIGHT")
    assert app.ui_json()["usb_ma"] == 2000
    app.press("BACK")
    assert app.ui_json()["mode"] == "menu"
    assert app.pixels.brightness == palette.DEFAULT_BRIGHTNESS and app.pixels.budget_ma == 400
    again = _app(root)
    assert again.pixels.brightness == palette.DEFAULT_BRIGHTNESS and again.pixels.budget_ma == 400


def test_a_damaged_settings_file_gives_the_defaults():
    root = tmpdir("i9led-settings-bad")
    with open(root + "settings.json", "w") as f:
        f.write('{"brightness": 7, "usb_ma": "lots"')
    app = _app(root)
    assert app.pixels.brightness == palette.DEFAULT_BRIGHTNESS and app.pixels.budget_ma == 400
    _to_settings(app)
    assert app.ui_json()["brightness"] == palette.DEFAULT_BRIGHTNESS
    app.press("OK")  # saved whole again: readable from now on
    assert _read(root + "settings.json") == {"brightness": 48, "usb_ma": 500, "hints": True}


def test_the_settings_code_is_let_go_with_its_screen():
    import sys

    app = _app(tmpdir("i9led-settings-unload"))
    _to_settings(app)
    assert "ui.settings" in sys.modules
    app.press("BACK")
    assert "ui.settings" not in sys.modules
    app.press("DOWN")  # the menu goes on working: KHAN again
    assert app.ui_json()["choice"] == "khan"
    app.press("OK")
    assert app.ui_json()["mode"] == "setup"


def test_settings_have_their_help_and_a_flash_that_cannot_save_them_says_so():
    root = tmpdir("i9led-settings-help")
    app = _app(root)
    _to_settings(app)
    app.press("HELP")
    assert app.ui_json()["help"].startswith("LEFT/RIGHT: brightness")
    app.press("DOWN")  # ends the help, and only that
    app.press("DOWN")
    app.press("HELP")
    assert "2A charger" in app.ui_json()["help"]
    app.press("BACK")
    import os

    os.mkdir(root + "settings.tmp")  # the atomic write's temporary file cannot be made
    try:
        app.press("RIGHT")  # the supply: 2A, in force at once
        app.press("OK")
        ui = app.ui_json()
        assert ui["mode"] == "settings" and "could not save the settings" in ui["why"]
        assert app.pixels.budget_ma > 1000  # in force until a restart
    finally:
        os.rmdir(root + "settings.tmp")


def test_the_hints_are_on_until_turned_off_and_stay_off_after_a_restart():
    root = tmpdir("i21-hints")
    app = _app(root)
    assert app.hints, "on to begin with"
    _to_settings(app)
    app.press("DOWN")
    app.press("DOWN")
    ui = app.ui_json()
    assert ui["choice"] == "hints" and ui["hints"] is True
    app.render(0)
    on = bytes(app.pixels.frame)
    app.press("LEFT")  # off, at once
    assert app.ui_json()["hints"] is False and not app.hints
    app.render(0)
    assert bytes(app.pixels.frame) != on, "ON becomes OFF"
    app.press("OK")
    assert _read(root + "settings.json") == {"brightness": 48, "usb_ma": 500, "hints": False}
    again = _app(root)
    assert not again.hints, "kept across a restart"
    again.new_game("khan", ["red", "blue"], 0, 5)
    assert again.screen.hints is False and "hints" not in again.ui_json()
    _to_settings_from_game(again)
    again.press("DOWN")
    again.press("DOWN")
    again.press("RIGHT")  # on again
    again.press("BACK")  # ...but BACK leaves them as they were: off
    assert not again.hints


def _to_settings_from_game(app) -> None:
    app.press("BACK")  # MENU OK?
    app.press("OK")  # the menu, on KHAN
    _to_settings(app)
