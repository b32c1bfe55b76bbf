"""The menu and a new game's setup through the buttons: the colours are never taken twice
(the issue's sequence, in all four games), and MENU OK? comes back to the menu on the game
left, where OK resumes it and OK held sets up a new game of that game, not of Khan."""

from fwtest import pixels, tmpdir

from app import App
from shared_rules.games import GAMES, NAMES


def _app(name: str):
    app = App(pixels(), None, tmpdir("menu-" + name))
    app.boot()
    return app


def _start(app, game: str) -> None:
    """From the menu: the game, then OK until it starts (its default players and colours)."""
    while app.screen.ui_json()["choice"] != game:
        app.press("DOWN")
    app.press("OK")
    for _ in range(8):
        if app.screen_name() != "menu":
            return
        app.press("OK")
    raise AssertionError("no game of " + game + " started")


def _players(app) -> list:
    return app.record.settings.get("players") or []


def test_the_issues_colour_sequence_never_gives_a_colour_twice():
    for g in range(len(GAMES)):
        app = _app("twice%d" % g)
        for _ in range(g):
            app.press("DOWN")
        # OK, UP (player 1's colour), OK, RIGHT (one player more), OK, OK, OK
        for b in ("OK", "UP", "OK", "RIGHT", "OK", "OK", "OK", "OK", "OK", "OK"):
            if app.screen_name() != "menu":
                break
            app.press(b)
            shown = app.screen.ui_json().get("colours") or []
            for k in range(len(shown)):
                assert shown[k] not in shown[:k], (NAMES[g], shown)
        assert app.screen_name() == NAMES[g], NAMES[g]
        players = _players(app)
        for k in range(len(players)):
            assert players[k] not in players[:k], (NAMES[g], players)
        if GAMES[g][5] and GAMES[g][3] > 3:  # four players, the first in the colour UP gave
            assert len(players) == 4 and players[0] == "green" and "red" in players


def test_chu_and_han_asks_for_no_colours():
    app = _app("chucol")
    app.press("DOWN")
    app.press("OK")
    before = app.screen.ui_json()
    assert before["mode"] == "setup" and "colours" not in before
    for b in ("UP", "DOWN", "LEFT", "RIGHT"):
        app.press(b)
        assert app.screen.ui_json() == before, b
    app.press("OK")  # starts at once: nothing more to ask
    assert app.screen_name() == "chuhan" and "players" not in app.record.settings


def test_menu_ok_comes_back_to_the_game_left_for_every_game():
    app = _app("back")
    _start(app, "khan")  # a saved Khan game the others must never replace
    khan = app.state_get()["state"]
    for game in NAMES:
        if app.screen_name() == "menu":  # (from the game before: its menu)
            _start(app, game)
        assert app.screen_name() == game
        state = app.state_get()["state"]
        app.press("BACK")  # MENU OK?
        app.press("OK", True)  # held: no, the game stays
        assert app.screen_name() == game and not app.leaving
        app.press("BACK")
        app.press("OK")
        ui = app.screen.ui_json()
        assert ui["mode"] == "menu" and ui["choice"] == game, (game, ui)
        app.press("OK")  # resumes the game left
        assert app.screen_name() == game and app.state_get()["state"] == state
        app.press("BACK")
        app.press("OK")
        app.press("OK", True)  # held: a new game of the game left is set up, nothing started yet
        ui = app.screen.ui_json()
        assert ui["mode"] == "setup" and ui["game"] == game, (game, ui)
        app.press("BACK")  # and BACK: the menu, still on that game
        ui = app.screen.ui_json()
        assert ui["mode"] == "menu" and ui["choice"] == game
    app.press("UP")
    app.press("UP")
    app.press("UP")  # (four games: from RISE back to KHAN)
    assert app.screen.ui_json()["choice"] == "khan"
    app.press("OK")
    assert app.screen_name() == "khan" and app.state_get()["state"] == khan, "Khan's game untouched"
