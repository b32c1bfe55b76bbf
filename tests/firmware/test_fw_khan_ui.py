"""The Khan screen through its buttons: the cursor on a cell a yurt may take (at the start,
after each yurt, after an undo, after a restart), the hand private until its player asks,
the card flipped shown before its ruler's flight, the end scores readable at any value."""

from fwtest import pixels, tmpdir

from app import App
from hal import clock
from shared_rules.errors import RulesError
from shared_rules.khan import actions
from shared_rules.khan import state as khan_state
from shared_rules.khan.tables import DIRECTIONS, DX, DY, RULERS, TERRAINS
from ui import font, khan, palette


def _app(name: str, option: int = 0) -> App:
    app = App(pixels(), None, tmpdir("khanui-" + name))
    app.new_game("khan", ["red", "blue"], option, 5)
    return app


def _ui(app) -> dict:
    return app.ui_json()


def _state(app) -> dict:
    return app.state_get()["state"]


def _setup_legal(app) -> bool:
    """Whether the rules take the next setup yurt where the cursor is."""
    g = khan_state.game(_state(app))
    try:
        actions.apply(g, {"do": "setup_yurt", "cell": _ui(app)["cursor"]})
    except RulesError:
        return False
    return True


def _set_up(app) -> None:
    """The whole setup with OK alone: the cursor is always on a cell a yurt may take."""
    for _ in range(40):
        if _state(app)["phase"] != "setup":
            return
        app.press("OK")
        assert not app.why, app.why
    raise AssertionError("the setup did not end")


def test_the_cursor_starts_on_a_legal_cell_and_comes_back_to_one():
    app = _app("cursor")
    assert _setup_legal(app), "at the start"
    app.press("OK")
    assert _ui(app)["mode"] == "cursor" and _setup_legal(app)
    first = _ui(app)["cursor"]
    app.press("OK")  # red's yurt: taken at once, no refusal
    assert _state(app)["pieces"]["yurts"] == {first: "red"} and not app.why
    assert _ui(app)["cursor"] != first and _setup_legal(app), "off the yurt just placed, for blue"
    app.press("OK")  # blue's
    app.press("UP")
    app.press("BACK", True)  # undo blue's yurt
    app.press("BACK")  # the history overlay closes
    assert _ui(app)["mode"] == "board" and len(_state(app)["pieces"]["yurts"]) == 1
    assert _setup_legal(app), "after an undo"
    app.press("BACK", True)  # and red's
    app.press("BACK")
    assert _state(app)["pieces"]["yurts"] == {} and _setup_legal(app)
    again = App(pixels(), None, app.root)
    again.boot()
    assert _setup_legal(again), "after a restart"


def test_the_hand_is_private_until_its_player_asks():
    app = _app("hand")
    _set_up(app)
    app.press("OK")  # the flip
    app.press("OK")  # the actions: A first
    assert _ui(app)["choice"] == "A"
    app.press("OK")
    ui = _ui(app)
    s = _state(app)
    hand = s["deck"]["hands"][s["players"][s["current"]]]
    assert ui["mode"] == "hand" and ui["covered"] and ui["cards"] == len(hand)
    assert "choice" not in ui and "choices" not in ui, "not even the host is told the cards"
    app.render(0)
    f = app.pixels.frame
    panel = [f[y * 16 + x] for y in range(11, 16) for x in range(11, 13)]
    assert panel == [palette.HALF] * 10, "the back of the hand"
    ruler_colours = range(palette.RULER, palette.RULER + len(RULERS))
    assert not any(f[y * 16 + x] in ruler_colours for y in range(11, 16) for x in range(9, 16))
    app.press("DOWN")  # the player asks: the hand shows, on its first card
    ui = _ui(app)
    assert not ui.get("covered") and ui["choices"] == hand and ui["choice"] == hand[0]
    app.render(0)
    assert app.pixels.frame[11 * 16 + 11] in ruler_colours, "the card's ruler"
    app.press("BACK")
    app.press("OK")
    app.press("OK")
    assert _ui(app)["covered"], "hidden again the next time"


def test_the_card_flipped_shows_before_the_flight():
    app = _app("flip")
    _set_up(app)
    g = khan_state.game(_state(app))
    card = actions.apply(g, {"do": "flip"})["card"]
    app.press("OK")  # the flip (the press draws its first frame: the flight begins)
    ui = _ui(app)
    assert ui["flipped"] == {"ruler": card["ruler"], "direction": card["direction"], "symbol": card["symbol"]}
    r = RULERS.index(card["ruler"])
    d = DIRECTIONS.index(card["direction"])
    start = app.screen.flight[2]
    app.render(start + 10)
    f = bytes(app.pixels.frame)
    assert f[3] == palette.RULER + r and f[10 * 16 + 12] == palette.RULER + r, "framed in the ruler's colour"
    assert f[3 * 16 + 7] == palette.WHITE and f[(3 + 2 * DY[d]) * 16 + 7 + 2 * DX[d]] == palette.HINT, "the arrow"
    core = card["symbol"].split("+")[0]
    if core in TERRAINS:
        assert f[8 * 16 + 7] == palette.TERRAIN + TERRAINS.index(core), "the symbol"
    app.render(start + khan.CARD_MS + 10)
    f = bytes(app.pixels.frame)
    assert f[3] != palette.RULER + r or f[4] != palette.RULER + r, "then the flight"


def test_the_flips_first_frame_goes_out_before_the_rules_work_out_the_flight():
    """Issue 14: a flip is seen within a frame of its press. The card is known before the
    flight (the deck's next ruler in play): its frame is handed to the LEDs first, then
    the rules act, then the game is saved - all within the press."""
    app = _app("order")
    _set_up(app)
    card = actions.apply(khan_state.game(_state(app)), {"do": "flip"})["card"]
    r = RULERS.index(card["ruler"])
    order = []
    transmit = app.pixels._transmit
    act = app.act

    def sent(buffer):
        order.append(("frame", app.pixels.frame[3]))
        transmit(buffer)

    def acted(action):
        order.append(("act", action["do"]))
        return act(action)

    app.pixels._transmit = sent
    app.act = acted
    saved = app.record.lines_count()
    app.press("OK")
    assert order[0] == ("frame", palette.RULER + r), order  # the card, framed in its ruler's colour
    assert order[1] == ("act", "flip"), order
    assert app.record.lines_count() == saved + 1, "saved within the press"
    assert _state(app)["step"] == "actions" and _ui(app)["flipped"]["ruler"] == card["ruler"]
    assert app.screen.pending is None and len(app.screen.flight[1]) >= 1, "the flight is worked out"


def _read(frame, x: int, y: int, colour: int) -> str:
    """The character drawn at (x, y) in this colour (the 3x5 font), " " if none."""
    rows = bytes(sum(4 >> dx for dx in range(3) if frame[(y + dy) * 16 + x + dx] == colour) for dy in range(5))
    for ch in "0123456789 ":
        if font.glyph(ch) == rows:
            return ch
    return "?"


def test_the_end_scores_are_readable_at_any_value():
    app = _app("scores")
    s = app.screen
    s.game.phase = "over"  # (as the end of a whole game leaves it: tests/test_khan_ui.py)
    now = (clock.now() // 3000 + 2) * 3000  # red's turn on the panel (1.5 s each), his colour lit
    for total in (7, 19, 28, 37, 137):
        s._scores = {"total": {"red": total, "blue": 3}, "winners": ["red"]}
        s._scores_for = s.version
        frame = bytearray(256)
        s.draw(frame, now)
        c = palette.player("red")
        assert "".join(_read(frame, x, 11, c) for x in (4, 8, 12)).strip() == str(total)
        assert frame[11 * 16] == c


# one sand desert cell (I1): the setup gives every region a yurt, so after it no sand card has a cell
ONE_SAND = """\
+#########+
#MMGGTTRRS#
#MMGGTTRRF#
#FFFFFFFFF#
#~~~~~~~~~#
+#########+
ruler grey A3
ruler lightblue B3
ruler white C3
ruler orange D3
ruler purple E3
ruler pink F3
ruler brown G3
ruler teal H3
"""


def test_a_card_with_no_cell_on_the_board_now_is_said_at_once():
    from shared_rules.khan.tables import card_symbol

    for seed in range(1, 200):  # a deal whose first player holds a sand card
        app = App(pixels(), None, tmpdir("khanui-nocell"))
        app.new_game("khan", ["red", "blue"], 0, seed, board=ONE_SAND)
        _set_up(app)
        assert _state(app)["pieces"]["yurts"]["I1"] in ("red", "blue"), "the sand cell's yurt"
        app.press("OK")  # the flip
        s = _state(app)
        hand = s["deck"]["hands"][s["players"][s["current"]]]
        sand = [c for c in hand if card_symbol(c)[0] == "S"]
        if sand and any(card_symbol(c)[0] != "S" for c in hand):
            break
    else:
        raise AssertionError("no deal with a sand card")
    assert _ui(app)["mode"] == "board" and app.press("OK") is None and _ui(app)["choice"] == "A"
    app.press("OK")
    app.press("DOWN")  # the hand shows, on its first card
    while _ui(app)["choice"] != sand[0]:
        app.press("DOWN")
    app.press("OK")
    ui = _ui(app)
    assert ui["why"] == "no cell for this card: discard it with D", ui
    assert ui["mode"] == "hand" and not ui.get("covered") and ui["choice"] == sand[0]  # still his hand to pick from
    assert _state(app) == s, "nothing played"
    app.press("DOWN")  # (the press only ends the sentence)
    while card_symbol(_ui(app)["choice"])[0] == "S":
        app.press("DOWN")
    app.press("OK")  # a card with a cell: its cell comes next, as before
    ui = _ui(app)
    assert ui["mode"] == "cursor" and "why" not in ui


def test_the_boxs_khan_game_brings_the_rngs_machine_code():
    """A flip that reshuffles the deck draws 72 cards before its card's frame: the Khan screen
    loads the rng's step in machine code (shared_rules/fast_rng.py) as it loads the search's,
    where MicroPython has viper - and the deck is dealt the same with it or without."""
    import sys

    from shared_rules.khan.game import new_game

    plain = None
    kept = sys.modules.pop("ui.khan")
    sys.modules.pop("shared_rules.fast_rng", None)
    try:
        plain = new_game("default", ["red", "blue"], "virtual", 5).hands  # (no machine code: rng.py's own step)
        __import__("ui.khan")
        kernel = sys.modules.get("shared_rules.fast_rng")  # (CPython's defines nothing)
        assert kernel is not None and hasattr(kernel, "_step") == (sys.implementation.name == "micropython")
        assert new_game("default", ["red", "blue"], "virtual", 5).hands == plain
    finally:
        sys.modules["ui.khan"] = kept
    assert plain and len(plain[0]) == 4
