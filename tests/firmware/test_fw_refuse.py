"""Every refusal says why, and every mode has its help: a press the rules refuse (in each of
the four games) and the App's own refusals scroll their reason over the matrix, any
button ends it and does nothing else; OK and BACK held together (HELP) scroll the mode's
one line. The scroll's code is in RAM only while a sentence shows."""

import sys

from fwtest import pixels, tmpdir

import hostops
from app import App
from hal import clock
from shared_rules.errors import RulesError
from ui import palette, scroll


def _app(name: str, game: str, players: list, option: int = 0, seed: int = 3) -> App:
    app = App(pixels(), None, tmpdir("refuse-" + name))
    app.new_game(game, players, option, seed)
    return app


def _expected(app, action: dict) -> str:
    """The rules core's own sentence for this action on the game in play."""
    name = app.record.name
    g = __import__("shared_rules." + name + ".state", None, None, ("game",)).game(app.state_get()["state"])
    try:
        __import__("shared_rules." + name + ".actions", None, None, ("apply",)).apply(g, action)
    except RulesError as e:
        return e.message
    raise AssertionError("the rules take %r" % (action,))


def _frame(app, ms: int) -> bytes:
    """The matrix ms into the scroll."""
    app.render(clock.later(app.why_at, ms))
    return bytes(app.pixels.frame)


def _scrolls(app, colour: int) -> None:
    """The sentence shows in a band of this colour and moves; the scroll's code is loaded."""
    assert "ui.scroll" in sys.modules
    first = _frame(app, 0)
    assert first[scroll.TOP * 16:scroll.TOP * 16 + 16] == bytes([colour] * 16), "the band's top line"
    assert palette.WHITE in list(first[(scroll.TOP + 2) * 16:(scroll.TOP + 7) * 16]), "its first letters"
    later = _frame(app, scroll.HOLD_MS + 10 * scroll.COLUMN_MS)
    a, b = scroll.TOP * 16, (scroll.TOP + 9) * 16
    assert later[a:b] != first[a:b], "the text moves on"
    assert app.why, "still scrolling"


def _skipped(app, state: dict, mode) -> None:
    """Any button ends the sentence, and does nothing else."""
    app.press("OK")
    ui = app.ui_json()
    assert "why" not in ui and "help" not in ui and not app.why
    assert app.state_get()["state"] == state and ui.get("mode") == mode, "the skipping press did nothing else"
    assert "ui.scroll" not in sys.modules, "the scroll's code is let go"


def _refused(app, action: dict, key: str) -> None:
    ui = app.ui_json()
    assert "shared_rules." + app.record.name + ".messages" not in sys.modules, "the catalogue is let go"
    assert ui["why"] == _expected(app, action), ui
    assert key not in ui["why"] and "{" not in ui["why"]
    state = app.state_get()["state"]
    _scrolls(app, palette.BAD)
    _skipped(app, state, ui["mode"])


def test_khan_a_yurt_on_a_cell_that_has_one_is_refused_with_the_reason():
    app = _app("khan", "khan", ["red", "blue"])
    app.hints = False  # (with the hints the cursor stops only where a yurt may go: ui/khan_hints.py)
    app.open_game("khan")
    app.press("OK")  # the cursor
    cell = app.ui_json()["cursor"]
    app.press("OK")  # red's yurt
    b = app.record.game.board
    here = b.cell(app.ui_json()["cursor"])
    there = b.cell(cell)
    assert here != there, "the cursor left the yurt just placed"
    dx = there % b.width - here % b.width
    dy = there // b.width - here // b.width
    for _ in range(abs(dx)):
        app.press("RIGHT" if dx > 0 else "LEFT")
    for _ in range(abs(dy)):
        app.press("DOWN" if dy > 0 else "UP")
    app.press("OK")  # blue, on red's yurt
    _refused(app, {"do": "setup_yurt", "cell": cell}, "khan.cell_has_yurt")


def test_chuhan_two_jokers_are_refused_with_the_reason():
    app = _app("chuhan", "chuhan", ["red", "blue"])
    app.press("LEFT")  # Han's list
    while app.screen.ui_json()["choice"] != "set":
        app.press("DOWN")
    app.press("OK")  # a set: rank 2, one card
    app.press("LEFT")
    app.press("LEFT")  # rank 0: jokers
    app.press("UP")  # two of them
    app.press("OK")
    _refused(app, {"do": "set", "player": "han", "cards": [0, 0], "zhongli_mo": False, "peng_yue": False},
             "chuhan.two_jokers")


def test_huns_cards_from_an_empty_deck_are_refused_with_the_reason():
    app = _app("huns", "huns", ["red", "yellow"])
    s = app.state_get()["state"]
    s["decks"] = [0, 10, 10, 10, 10]
    hostops.state_put(app, {"game": "huns", "state": s})
    app.press("OK")  # the roll
    app.press("OK")  # the blue die: loot first (its deck is empty)
    app.press("LEFT")  # cards
    app.press("OK")
    _refused(app, {"do": "take", "die": "blue", "action": "cards"}, "huns.deck_empty")


def test_khaan_a_round_below_one_is_refused_with_the_reason():
    app = _app("khaan", "khaan", ["red", "yellow", "blue"], 1)
    app.press("DOWN")
    app.press("DOWN")  # DICE ORDR WAR KURU: the kurultai's tool
    app.press("OK")
    assert app.ui_json()["mode"] == "kuru"
    app.press("DOWN")  # round 0
    _refused(app, {"do": "round", "round": 0}, "khaan.round")


def test_refusals_again_and_again_leave_the_heap_as_it_was():
    import gc

    app = _app("heap", "khaan", ["red", "yellow"], 1)
    assert "ui.scroll" not in sys.modules, "not loaded in play"
    for b in ("DOWN", "DOWN", "OK"):
        app.press(b)  # the kurultai's tool
    free = []
    for k in range(24):
        app.press("DOWN")  # round 0: refused, the reason scrolls
        assert app.ui_json()["why"] and "ui.scroll" in sys.modules
        app.render(clock.now())
        app.press("UP")  # ends it
        assert "ui.scroll" not in sys.modules and "shared_rules.khaan.messages" not in sys.modules
        gc.collect()
        if hasattr(gc, "mem_free") and k in (3, 23):  # (MicroPython)
            free.append(gc.mem_free())  # type: ignore[attr-defined]
    assert app.state_get()["state"]["round"] == 1
    if free:
        assert free[1] >= free[0] - 512, ("the heap grows with every refusal", free)


def test_a_refusal_of_the_screen_itself_gives_the_values_of_its_sentence():
    app = _app("votes", "khaan", ["red", "yellow"], 1)
    for b in ("DOWN", "DOWN", "OK"):
        app.press(b)  # the kurultai's tool
    app.press("OK", True)  # a kurultai now: the tally
    assert app.ui_json()["mode"] == "tally"
    for _ in range(13):
        app.press("UP")
    ui = app.ui_json()
    assert ui["why"] == "the 12 tribes cast 12 votes at most", ui


def test_a_setup_the_rules_refuse_says_why():
    from shared_rules.khan.game import new_game

    app = App(pixels(), None, tmpdir("refuse-setup"))
    app.boot()
    app.press("OK")  # Khan's setup, three players
    setup = app.screen
    setup.colours[1] = setup.colours[0]  # (the setup never offers a colour twice: as if it had)
    try:
        new_game("default", setup.colours[:3], "virtual", 1)
        raise AssertionError("the rules take a colour twice")
    except RulesError as e:
        expected = e.message
    for _ in range(3):
        app.press("OK")
    ui = app.ui_json()
    assert ui["why"] == expected and ui["screen"] == "menu" and ui["mode"] == "setup"
    _scrolls(app, palette.BAD)
    app.press("BACK")  # ends it, and only that
    assert app.ui_json()["editing"] == 2


def test_the_apps_own_refusal_scrolls_too():
    app = _app("warn", "khan", ["red", "blue"])
    why = "the box's flash is full: the last action was not saved and is taken back"
    app.warn("FULL", why)
    ui = app.ui_json()
    assert ui["alert"] == "FULL" and ui["why"] == why
    _scrolls(app, palette.BAD)
    _skipped(app, app.state_get()["state"], "board")


def test_a_sentence_gone_by_ends_by_itself():
    app = _app("gone", "khan", ["red", "blue"])
    app.warn("FULL", "the flash is full")
    _frame(app, scroll.length_ms(app.why_text) - 1)
    assert app.why, "not gone by yet"
    _frame(app, scroll.length_ms(app.why_text))
    assert not app.why and "why" not in app.ui_json() and "ui.scroll" not in sys.modules
    assert app.ui_json()["mode"] == "board"
    app.press("OK")  # a press after it has gone by acts as always: the setup cursor
    assert app.ui_json()["mode"] == "cursor"


def test_short_sentences_for_the_matrix():
    assert scroll.short("a b; c d") == "A B"
    long = scroll.short("word " * 40)
    assert len(long) <= scroll.MAX_CHARS and long.endswith("..") and " WORD.." not in long[:-6]


# -- help ----------------------------------------------------------------------------------
FALLBACK = "OK and BACK held together: help"
MODES = {
    "khan": ("board", "cursor", "discard", "paint", "symbol", "hand", "ruler", "direction", "menu", "special",
             "region", "figure"),
    "chuhan": ("board", "menu", "set", "cards", "event"),
    "huns": ("table", "action", "placed", "dice", "count", "score", "result"),
    "khaan": ("home", "dice", "ordr", "war", "fought", "kuru", "tally", "pres", "loot", "looted"),
}
PLAYERS = {"khan": ["red", "blue"], "chuhan": ["red", "blue"], "huns": ["red", "yellow"],
           "khaan": ["red", "yellow", "blue"]}


def _one_line(text: str) -> None:
    assert text and text != FALLBACK and "\n" not in text
    assert len(text) <= scroll.MAX_CHARS and "; " not in text, "shown whole on the matrix: " + text


def test_every_mode_of_every_screen_has_its_own_line_of_help():
    for game in MODES:
        app = _app("help-" + game, game, PLAYERS[game])
        screen = app.screen
        seen = []
        for mode in MODES[game]:
            screen.mode = mode
            for then in ("setup", "invade", "double", "flip", "expel"):
                screen.then = then
                line = screen.help()
                _one_line(line)
                seen.append(line)
        assert len(set(seen)) >= len(MODES[game]), (game, "a line of its own for every mode")
    from ui import helptext

    for key in helptext.LINES:
        _one_line(helptext.LINES[key])
    sys.modules.pop("ui.helptext", None)


def test_help_scrolls_through_the_buttons_in_each_game_and_in_the_menu():
    for game in MODES:
        app = _app("helpb-" + game, game, PLAYERS[game])
        state = app.state_get()["state"]
        mode = app.ui_json()["mode"]
        app.press("HELP")
        ui = app.ui_json()
        assert ui["help"] == app.screen.help() and "why" not in ui and ui["mode"] == mode
        assert "ui.helptext" not in sys.modules, "the help's lines are let go"
        _scrolls(app, palette.HINT)
        _skipped(app, state, mode)
    app.to_menu()
    choice = app.ui_json()["choice"]
    app.press("HELP")
    assert app.ui_json()["help"].startswith("UP/DOWN: a game")
    app.press("DOWN")  # ends the help, and only that
    assert app.ui_json()["choice"] == choice and "help" not in app.ui_json()


def test_help_on_the_apps_own_overlays():
    app = _app("helpo", "khan", ["red", "blue"])
    app.press("BACK")  # MENU OK?
    app.press("HELP")
    assert app.ui_json()["help"].startswith("OK: to the menu")
    app.press("BACK")  # ends the help: the question stays
    assert app.ui_json()["mode"] == "leave"
    app.press("BACK")
    app.press("OK")
    app.press("OK")  # a yurt
    app.press("BACK", True)  # undo: the history overlay
    app.press("HELP")
    assert app.ui_json()["help"].startswith("LEFT or BACK held: undo")
