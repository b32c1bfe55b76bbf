"""Khan's hints through the buttons (issue 21, the box's setting, on unless turned off): the
cursor's stops after a card is chosen, in a conquest and at the setup; the final phase's
conquests left; the running score and the special cards in force; the setting off. And the
screen's small findings: High Morale offers a conquest only, a painted cell and a black yurt
in colours of their own, each ruler at home in his colour, the history over the courts."""

from fwtest import pixels, tmpdir

from app import App
from shared_rules.khan import invade, randplay, search
from shared_rules.khan.game import score_position
from shared_rules.khan.tables import RULERS, card_symbol
from shared_rules.rng import PCG32
from ui import palette

ARROWS = ("UP", "DOWN", "LEFT", "RIGHT")


def _app(name: str, seed: int = 1, players=("red", "blue"), hints: bool = True) -> App:
    root = tmpdir("khanhints-" + name)
    if not hints:
        with open(root + "settings.json", "w") as f:
            f.write('{"brightness": 48, "usb_ma": 500, "hints": false}')
    app = App(pixels(), None, root)
    app.boot()
    app.new_game("khan", list(players), 0, seed)
    return app


def _play(app, seed: int, until) -> None:
    """The rules core's random player acts (as the box saves), until until(game) holds."""
    chooser = PCG32(seed, randplay.CHOOSER_STREAM)
    for _ in range(400):
        g = app.record.game
        if until(g):
            app.screen.show(g)
            return
        app.act(randplay.action(g, chooser))
        app.flush()
    raise AssertionError("the game never came there")


def _ui(app) -> dict:
    return app.ui_json()


def _cell(app) -> int:
    return app.record.game.board.cell(_ui(app)["cursor"])


def _at(app, i: int) -> int:
    """The frame's pixel of board cell i."""
    w = app.record.game.board.width
    return app.pixels.frame[(i // w) * 16 + 1 + i % w]


def _to_actions(app) -> None:
    """The setup with OK alone (the cursor always on a cell a yurt may take), then the flip."""
    for _ in range(40):
        if app.record.game.phase != "setup":
            break
        app.press("OK")
    app.press("OK")
    assert app.record.game.step == "actions"


def _choose(app, value) -> None:
    """A list's choice by the arrows, then OK."""
    for _ in range(len(_ui(app)["choices"])):
        if _ui(app)["choice"] == value:
            break
        app.press("RIGHT")
    assert _ui(app)["choice"] == value, (value, _ui(app)["choices"])
    app.press("OK")


def _pick_card(app):
    """A: the hand, uncovered; its first card whose cells are few (a terrain's), picked."""
    g = app.record.game
    app.press("OK")  # the actions: A
    app.press("OK")
    app.press("DOWN")  # the hand shows
    for _ in range(len(g.hand())):
        card = _ui(app)["choice"]
        cells = invade.cells(g.pos, invade.parse_symbol(card_symbol(card)))
        if 0 < len(cells) <= 32:
            app.press("OK")
            return card, cells
        app.press("DOWN")
    raise AssertionError("no card with a few cells in the hand")


def test_after_a_card_is_chosen_the_cursor_stops_only_on_its_cells_and_they_blink():
    app = _app("card")
    _to_actions(app)
    card, cells = _pick_card(app)
    assert _ui(app)["mode"] == "cursor" and _cell(app) in cells
    seen = set()
    for button in ARROWS * 12:  # every arrow jumps to another cell of the card
        app.press(button)
        assert _cell(app) in cells, (button, _ui(app)["cursor"])
        seen.add(_cell(app))
    here = _cell(app)
    for _ in range(len(cells)):  # RIGHT steps through them all, in reading order, round the board
        app.press("RIGHT")
        seen.add(_cell(app))
    assert _cell(app) == here and seen == set(cells)
    ahead = [c for c in cells if c > here]
    app.press("RIGHT")
    assert _cell(app) == (min(ahead) if ahead else min(cells))
    app.render(7600)  # the blink's lit half (the second of each second)
    dim = palette.player(app.record.game.player, True)
    at = _cell(app)
    assert all(_at(app, c) == dim for c in cells if c != at), "the card's cells blink, dimmed"
    app.render(7000)
    assert not any(_at(app, c) == dim for c in cells if c != at)
    app.press("OK")  # the yurt goes where the cursor stands
    assert app.record.game.pos.yurt[at] == app.record.game.pos.player_byte("red")


def _placements(g) -> "list[set]":
    return [set(c[1]) for c in search.each_placement(g.pos, g.player, g.stock, g.prot, True)]


def test_in_a_conquest_the_cursor_stops_on_the_cells_that_can_join_the_painted_ones():
    app = _app("paint", 3, ("red", "yellow", "blue", "green"))
    _play(app, 3, lambda g: g.phase == "turn" and g.step == "actions" and g.actions == 2 and
          any(True for _ in g.conquests()))
    g = app.record.game
    places = _placements(g)
    union = set().union(*places)
    app.press("OK")
    _choose(app, "C")
    assert _ui(app)["mode"] == "paint" and _cell(app) in union, "on a cell of a conquest"
    for button in ARROWS * 3:
        app.press(button)
        assert _cell(app) in union
    target = [p for p in places if _cell(app) in p][0]
    painted = set()
    for cell in sorted(target, key=lambda c: c != _cell(app)):  # the cursor's cell first
        ok = set(painted).union(*[p for p in places if painted <= p])
        for _ in range(4 * len(ok)):  # RIGHT round the stops, to the next cell of the figure
            if _cell(app) == cell:
                break
            assert _cell(app) in ok
            app.press("RIGHT")
        assert _cell(app) == cell
        app.press("OK")
        painted.add(cell)
    assert _ui(app)["whole"], "the painted cells are a conquest: C turns green"
    app.render(0)
    assert app.pixels.frame[13 * 16 + 12] == palette.GOOD  # (the C's left side)
    before = len(g.pos.fig_cells)
    app.press("OK", True)
    assert len(app.record.game.pos.fig_cells) == before + 1 and _ui(app)["mode"] == "board"


def test_a_painted_cell_blinks_in_a_colour_of_its_own():
    app = _app("mark", 3, ("red", "yellow", "blue", "green"))
    _play(app, 3, lambda g: g.phase == "turn" and g.step == "actions" and any(True for _ in g.conquests()))
    app.press("OK")
    _choose(app, "C")
    app.press("OK")  # the cell under the cursor painted
    painted = _cell(app)
    app.press("RIGHT")
    app.render(0)  # (the lit half of the 300 ms blink)
    mark = _at(app, painted)
    assert mark not in [palette.RULER + r for r in range(len(RULERS))] + [palette.HINT], "no ruler's colour"
    assert mark == getattr(palette, "MARK", -1)  # (one of its own: tests/test_leds.py measures it)


def test_the_final_phase_shows_how_many_conquests_each_player_still_has():
    app = _app("final", 4, ("red", "yellow", "blue", "green"))
    _play(app, 4, lambda g: g.phase == "final")
    for k in range(400):  # (no press: the loop's frames work them out, a step each)
        app.render(16 * k)
        if "left" in _ui(app):
            break
    assert k > 1, "a step a frame"
    g = app.record.game
    left = _ui(app)["left"]
    here = g.current
    prot = g.prot
    for k in range(len(g.players)):  # each judged at his own turn (game._maybe_over)
        g.current = (here + k) % 4
        g.prot = prot.without([g.players[(here + j) % 4] for j in range(1, k + 1)])
        n = 0
        for _ in g.conquests():
            n += 1
        assert left[g.player] == min(n, 5), (g.player, left, n)
        col = 2 * g.current
        lit = [y for y in range(11, 16) if app.pixels.frame[y * 16 + col] == palette.player(g.player)]
        assert len(lit) == min(n, 5)
    g.current = here
    g.prot = prot


def test_an_arrow_on_the_board_shows_the_running_score_and_the_special_cards_in_force():
    app = _app("score", 4, ("red", "yellow", "blue", "green"))
    _play(app, 4, lambda g: g.phase == "turn" and g.step == "flip" and len(g.pos.fig_cells) > 3 and
          (g.prot.recon or g.prot.gods or g.prot.patronage))
    g = app.record.game
    want = score_position(g.pos, g.players)["total"]
    cards = [("P", g.prot.patronage)] if g.prot.patronage else []
    cards += [("G", p) for p, _ in g.prot.gods] + [("R", p) for p, _, _ in g.prot.recon]
    app.render(0)
    for letter, owner in cards:  # their marks beside the courts, in their owners' colours
        assert app.pixels.frame[(11 + "PGRM".index(letter)) * 16 + 8] == palette.player(owner)
    app.press("RIGHT")
    ui = _ui(app)
    assert ui["mode"] == "score" and ui["pages"] == 4 + len(cards)
    seen = {}
    for _ in range(ui["pages"]):
        ui = _ui(app)
        if "player" in ui:
            seen[ui["player"]] = ui["score"]
        else:
            assert (ui["special"], ui["owner"]) in cards
        app.press("RIGHT")
    assert seen == want
    app.press("OK")
    assert _ui(app)["mode"] == "board" and app.record.game.step == "flip", "OK only closes it"


def test_with_the_hints_off_the_cursor_moves_a_cell_and_arrows_on_the_board_do_nothing():
    app = _app("off", hints=False)
    _to_actions(app)
    app.press("RIGHT")
    assert _ui(app)["mode"] == "board" and "hints" not in _ui(app)
    card, cells = _pick_card(app)
    here = _cell(app)
    w = app.record.game.board.width
    app.press("DOWN" if here // w == 0 else "UP")
    assert abs(_cell(app) - here) == w, "one row"
    assert "ui.khan_hints" not in __import__("sys").modules or app.screen.aid is None


def test_high_morale_offers_a_conquest_only():
    app = _app("morale")
    _play(app, 1, lambda g: g.phase == "turn" and g.step == "special" and "morale" in g.specials_allowed())
    app.press("OK")
    _choose(app, "M")
    assert app.record.game.extra, "High Morale played"
    app.press("OK")
    assert _ui(app)["mode"] == "menu" and _ui(app)["choices"] == ["C"]


def test_a_black_yurt_is_lit_and_no_cell_off_the_board():
    app = _app("black")
    _play(app, 1, lambda g: g.phase == "turn" and any(b == 1 for b in g.pos.yurt))
    g = app.record.game
    app.render(0)
    i = [k for k in range(g.board.size) if g.pos.yurt[k] == 1][0]
    w = g.board.width
    px = app.pixels
    led = px.where[(i // w) * 16 + 1 + i % w]
    off = px.where[(i // w) * 16]  # column 0: off the board
    assert bytes(px.out[3 * off:3 * off + 3]) == bytes(3) and max(px.out[3 * led:3 * led + 3]) > 0, "lit"
    assert _at(app, i) == getattr(palette, "NEUTRAL", -1)  # (measured apart by tests/test_leds.py)


def test_each_ruler_at_home_shows_in_his_own_colour():
    app = _app("home")
    _play(app, 1, lambda g: sum(g.pos.home) >= 2)
    app.render(0)
    home = [r for r in range(len(RULERS)) if app.record.game.pos.home[r]]
    top = [app.pixels.frame[11 * 16 + r] for r in home]
    assert top == [palette.RULER + r for r in home]


def test_the_history_leaves_the_board_in_view():
    app = _app("history", 3, ("red", "yellow", "blue"))
    _play(app, 3, lambda g: g.phase == "turn" and g.step == "special")
    app.press("BACK", True)  # undo: the history overlay
    assert _ui(app)["mode"] == "history"
    app.render(0)
    shown = bytes(app.pixels.frame)
    history = app.history
    app.history = None
    app.render(0)
    alone = bytes(app.pixels.frame)
    app.history = history
    board = [y * 16 + x for y in range(11) for x in range(1, 16)]
    assert [shown[p] for p in board] == [alone[p] for p in board], "the board as it is without the history"
    assert shown[11 * 16:] != alone[11 * 16:], "the action's name over the courts and the panel"


class _Waiting:
    """The buttons with an edge latched, not yet polled: a press waits."""

    def waiting(self) -> bool:
        return True

    def poll(self, now: int) -> list:
        return []


def test_a_press_that_waits_is_served_before_the_hints_work_which_the_frames_finish():
    app = _app("wait", 3, ("red", "yellow", "blue", "green"))
    _play(app, 3, lambda g: g.phase == "turn" and g.step == "actions" and any(True for _ in g.conquests()) and
          len([b for b in g.pos.yurt if b == g.pos.player_byte(g.player)]) >= 8)
    app.buttons = _Waiting()
    app.press("OK")
    # the conquest search pauses after every placement here: under MicroPython (viper:
    # khan/fast.py) this board's whole search is less than one pause's work. (The hints' own
    # search module: the tests before may have let the rules' modules go and loaded them again.)
    from ui import khan_hints

    rules = khan_hints.search
    keep = rules.PAUSE_WORK
    rules.PAUSE_WORK = 1
    try:
        _choose(app, "C")
        aid = app.screen.aid
        assert aid.job is not None and aid.stops is None, "a step, then the press that waits"
        for k in range(1000):
            app.render(16 * k)
            if aid.stops is not None:
                break
    finally:
        rules.PAUSE_WORK = keep
    assert aid.stops is not None and aid.job is None, "finished by the frames, a step each"
    assert aid.stops[_cell(app)], "the cursor on a stop"


def test_the_hints_code_goes_once_the_game_is_over():
    """A finished game has nothing to hint: the hints' code (ui/khan_hints.py, the largest
    part of a Khan screen) is let go at the first press after the end, and the heap has it
    for the archive and the host's pulls (a 4-player game at 128wK could not prove a
    changed journal line with it loaded: test_sim)."""
    import sys

    app = _app("over", 3)
    _play(app, 3, lambda g: g.phase == "turn")
    app.press("OK")  # a flip: the hints are at work
    assert "ui.khan_hints" in sys.modules
    _play(app, 3, lambda g: g.phase == "over")
    app.press("LEFT")
    assert "ui.khan_hints" not in sys.modules
