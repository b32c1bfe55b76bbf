"""Whole games of Chu and Han entered through the buttons of the firmware, in-process on
CPython: every random action (legal or not) is pressed on the screen and must change the
game exactly as the rules core says; nothing the rules allow may be missing from a list."""

import os
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "firmware"))

from app import App  # noqa: E402
from hal import clock  # noqa: E402
from hal.pixels import NeoPixelStrip  # noqa: E402
from ui import palette  # noqa: E402

from shared_rules import cjson  # noqa: E402
from shared_rules.chuhan import actions, randplay, state  # noqa: E402
from shared_rules.chuhan.tables import RANK_COUNTS  # noqa: E402
from shared_rules.errors import RulesError  # noqa: E402
from shared_rules.rng import PCG32  # noqa: E402
from test_fw_chuhan_ui import SETS, act  # noqa: E402


def _app() -> App:
    app = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, tempfile.mkdtemp() + "/")
    app.boot()
    return app


def _cards(rank: int, size: int, kind: str) -> list:
    """The cards of a set of this size and rank, as a table would lay them."""
    if kind in ("zhongli_mo", "zm_py"):
        return list(range(rank, rank + size))
    have = 1 if rank == 10 else RANK_COUNTS[rank] - (kind == "peng_yue" and rank == 3)
    return [rank] * size if size <= have or not rank else [rank] * (size - 1) + [0]


def _random_action(rng, g) -> dict:
    """The rules core's random table (wild: legal or not), a set as the screen enters it:
    its rank, size and kind."""
    action = randplay.choose(g, rng, wild=True)
    if action["do"] != "set":
        return action
    cards = action["cards"]
    zm = action.get("zhongli_mo", False)
    py = action.get("peng_yue", False)
    kind = SETS[(1 if zm else 0) + (2 if py else 0)]
    rank = min(cards) if zm else cards[0]
    return {"do": "set", "player": action["player"], "rank": rank, "size": len(cards), "kind": kind}


def _rules_action(action: dict) -> dict:
    if action["do"] != "set":
        return action
    kind = action["kind"]
    return {"do": "set", "player": action["player"], "cards": _cards(action["rank"], action["size"], kind),
            "zhongli_mo": kind in ("zhongli_mo", "zm_py"), "peng_yue": kind in ("peng_yue", "zm_py")}


@pytest.mark.parametrize("seed,option", [(1, 0), (2, 1), (3, 2), (4, 0), (5, 1), (6, 2)])
def test_random_games_through_the_buttons_match_the_rules_core(seed, option):
    app = _app()
    app.new_game("chuhan", ["red", "blue"], option, seed)
    rng = PCG32(seed, 99)
    for _ in range(400):
        data = app.state_get()["state"]
        g = state.game(data)
        if g.phase == "over":
            break
        action = _random_action(rng, g)
        try:
            actions.apply(g, _rules_action(action))
            legal = True
        except RulesError:
            legal = False
        offered = act(app, action)
        assert offered or not legal, "the screen hides a legal action: %r" % (action,)
        got = cjson.dumps(app.state_get()["state"])
        expected = cjson.dumps(state.game_json(g) if legal else data)
        assert got == expected, "after %r the screen's game differs from the rules core" % (action,)
        if offered and not legal:
            assert app.screen.ui_json()["error"] or action["do"] == "resolve", "a refused %r must flash" % (action,)
        now = clock.now()
        for dt in (0, 400, 1000, 2500):
            app.render(clock.later(now, dt))
    else:
        pytest.fail("the game did not end")
    final = app.state_get()["state"]
    assert final["phase"] == "over"
    # the saved file is the game, and a restart comes back to it; OK then goes to the menu
    again = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, app.root)
    again.boot()
    assert again.screen_name() == "chuhan" and again.state_get()["state"] == final
    again.press("OK")
    assert again.screen_name() == "menu"


def test_menu_to_a_new_game_with_each_option():
    for presses, mode in ((0, "off"), (1, "virtual"), (2, "table")):
        app = _app()
        app.press("DOWN")  # CHU
        app.press("OK")  # no saved game: set one up (two players)
        for _ in range(presses):
            app.press("OK", True)  # NOEV, EVNT, TABL
        app.press("OK")
        app.press("OK")
        assert app.screen_name() == "chuhan"
        s = app.state_get()["state"]
        assert s["events"] == mode and s["vp"] == {"han": 0, "chu": 1} and s["phase"] == "play"
