"""The colours as the LEDs emit them: every game's screens driven through the firmware's
App and buttons, in-process, and each frame read back from the bytes the strip is sent
(gamma, brightness and the current cap of that very frame). Colours the players must tell
apart are measured apart by steppe.leds.delta_e (docs/leds.md: the metric, the threshold).

Run as a script it prints the smallest separation of each kind of pair.
"""

import os
import sys
import tempfile

import pytest

sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(__file__)), p) for p in ("firmware", "../firmware")]

from app import App  # noqa: E402
from hal import clock  # noqa: E402
from hal.pixels import Pixels  # noqa: E402
from ui import palette  # noqa: E402

from steppe import leds  # noqa: E402
from steppe.drive import KhanDriver  # noqa: E402

TERRAINS = list(range(palette.TERRAIN, palette.TERRAIN + 6)) + [palette.RIVER]
PLAYERS = list(range(palette.PLAYER, palette.PLAYER + 6))
FIGURES = list(range(palette.PLAYER_DIM, palette.PLAYER_DIM + 6))
RULERS = list(range(palette.RULER, palette.RULER + 8))
# the Khan screen's cells painted for a figure, and its black yurts (before issue 21: the
# orange hint's colour, and dark as a cell off the board)
MARK = getattr(palette, "MARK", palette.HINT)
NEUTRAL = getattr(palette, "NEUTRAL", palette.OFF)
UNDER_CURSOR = TERRAINS + PLAYERS + FIGURES + RULERS + [palette.HALF, palette.OFF, MARK, NEUTRAL]


class Capture(Pixels):
    """The strip at its lowest hook: each frame's bytes kept (as _transmit gets them) with
    the emitted colour of every palette entry under that frame's cap."""

    def __init__(self, **kw) -> None:
        super().__init__(16, 16, palette.PALETTE, floor=palette.FLOOR, large=palette.LARGE, **kw)
        self.tables: "dict[bytes, tuple]" = {}
        self.frames = 0  # frames drawn (show(): the LEDs get those that differ from the last)
        self.scales: "list[int]" = []
        self.caps: "list[tuple]" = []  # (small, large, whole) of each new table
        self.capped_boards = 0  # frames scaled down that are not a flipped card's
        self.capped_cards: "set[int]" = set()  # the rulers whose flipped card's frame was scaled down

    def show(self) -> None:
        self.frames += 1
        super().show()

    def _transmit(self, buffer: bytearray) -> None:
        assert self.current_ma() <= self.budget_ma or sum(buffer) == 0
        for p in range(self.n):  # every LED emits its palette entry at this frame's cap
            assert leds.pixel_rgb(self, p) == leds.entry_rgb(self, self.frame[p])
        if self.scale < 255:
            if _shows_card(self.frame):
                self.capped_cards.add(self.frame[3])
            else:
                self.capped_boards += 1
        key = bytes(self.grb)
        if key not in self.tables:
            self.tables[key] = tuple(leds.entry_rgb(self, k) for k in range(len(self.palette) // 3))
            self.scales.append(self.scale)
            self.caps.append(self.cap)


def _shows_card(frame: bytearray) -> bool:
    """The Khan screen's flipped card: a frame in one ruler's colour, columns 3-12 from row 0
    (its top edge and the top of its sides: a band saying why, rows 4-12, may cover the rest)."""
    top = frame[3:13]
    sides = [frame[y * 16 + x] for y in range(4) for x in (3, 12)]
    return top[0] in RULERS and all(v == top[0] for v in top) and all(v == top[0] for v in sides)


def _cursor(cell: int) -> int:
    on = getattr(palette, "cursor_on", None)
    return on(cell) if on is not None else palette.CURSOR


def pairs():
    """(kind, a, b): the palette entries a player must tell apart."""
    for i, a in enumerate(TERRAINS):
        for b in TERRAINS[i + 1:]:
            yield "terrain/terrain", a, b
    for group in (PLAYERS, FIGURES):
        for i, a in enumerate(group):
            for t in TERRAINS:
                yield "player/terrain", a, t
            for b in group[i + 1:]:
                yield "player/player", a, b
    for c in UNDER_CURSOR:
        yield "cursor/cell", _cursor(c), c
    for r in RULERS:
        for t in TERRAINS:
            yield "ruler/terrain", r, t
    for k in range(len(PLAYERS)):  # a player's yurt and his figure
        yield "yurt/figure", PLAYERS[k], FIGURES[k]
    for c in RULERS + PLAYERS + FIGURES + TERRAINS + [NEUTRAL]:  # a painted cell is no piece
        yield "mark/piece", MARK, c
    for c in [palette.OFF] + TERRAINS + PLAYERS + FIGURES + RULERS:  # a black yurt is no cell off the board
        yield "black yurt/cell", NEUTRAL, c


def separations(px: Capture) -> "dict[str, tuple]":
    """The smallest delta_e of each kind of pair over every frame's cap: (value, a, b, rgbs)."""
    worst: "dict[str, tuple]" = {}
    for table in px.tables.values():
        white = _white(table)
        for kind, a, b in pairs():
            d = leds.delta_e(table[a], table[b], white)
            if kind not in worst or d < worst[kind][0]:
                worst[kind] = (d, a, b, table[a], table[b])
    return worst


def _white(table) -> int:
    """The white the eye adapts to: the box's brightest, the cursor's, in this frame."""
    return max(table[palette.CURSOR])


class Ticks:
    """The box's clock while a game is driven: a press every STEP ms, whatever the machine's
    speed (the frames a press draws - blinks, a sentence scrolling - depend on the time)."""

    STEP = 130

    def __init__(self) -> None:
        self.t = 0
        self.real = clock.now

    def __enter__(self) -> "Ticks":
        clock.now = self.now
        return self

    def __exit__(self, *exc) -> None:
        clock.now = self.real

    def now(self) -> int:
        return self.t

    def step(self) -> int:
        self.t += self.STEP
        return self.t


def play_khan(px: Capture, seed: int, colours: "list[str]", option: int = 0) -> App:
    with Ticks() as ticks:
        return _play_khan(px, seed, colours, option, ticks)


def _play_khan(px: Capture, seed: int, colours: "list[str]", option: int, ticks: Ticks) -> App:
    app = App(px, None, tempfile.mkdtemp(prefix="steppe-leds-") + "/")
    app.boot()
    app.new_game("khan", colours, option, seed)

    def press(button, long):
        t = ticks.step()
        app.press(button, long)
        app.render(t)
        app.render(t + 260)  # the other half of the blinks
        ui = app.screen.ui_json()
        ui["screen"] = app.screen_name()
        return ui

    KhanDriver(press, lambda: app.state_get()["state"], seed).game()
    return app


def drive_game(px: Capture, game: str, seed: int, colours: "list[str]", steps: int = 400) -> "set[str]":
    """A game of `game` on the App: seeded random presses (every screen and mode they
    reach), between them actions of the rules core's random player; the modes seen."""
    with Ticks() as ticks:
        return _drive_game(px, game, seed, colours, steps, ticks)


def _drive_game(px: Capture, game: str, seed: int, colours: "list[str]", steps: int, ticks: Ticks) -> "set[str]":
    from shared_rules.games import module
    from shared_rules.rng import PCG32

    app = App(px, None, tempfile.mkdtemp(prefix="steppe-leds-") + "/")
    app.boot()
    app.new_game(game, colours, 0, seed)
    randplay = module(game, "randplay")
    chooser = PCG32(seed, randplay.CHOOSER_STREAM)
    rng = PCG32(seed, 7)
    buttons = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "OK", "BACK")
    modes = set()
    for k in range(steps):
        if app.screen.name != game:  # the menu, a summary: back to the game
            app.press("BACK")
            app.boot()
            continue
        if k % 4 == 3 and app.record is not None:
            action = randplay.action(app.record.game, chooser)
            if action is not None:
                app.act(action)
                app.flush()
                app.screen.show(app.record.game)
        else:
            app.press(buttons[rng.below(len(buttons))], rng.below(8) == 0)
        app.render(ticks.step())
        modes.add(str(app.ui_json().get("mode")))
    return modes


GAMES = [(1, ["red", "yellow", "blue", "green"]), (2, ["white", "purple", "red"]), (3, ["green", "blue"])]
# (brightness, LED budget in mA): the default on USB (500 mA), the settings' ends, a 2 A charger
SETTINGS = [(48, 400, 3), (16, 400, 1), (128, 400, 1), (16, 1900, 1), (48, 1900, 1), (128, 1900, 1)]


@pytest.fixture(scope="module", params=SETTINGS, ids=lambda s: "b%d-%dmA" % s[:2])
def khan_frames(request):
    brightness, budget, games = request.param
    px = Capture(brightness=brightness, budget_ma=budget)
    for seed, colours in GAMES[:games]:
        play_khan(px, seed, colours)
    return px


def test_every_pair_a_player_must_tell_apart_is_apart_on_the_leds(khan_frames):
    worst = separations(khan_frames)
    low = {k: v for k, v in worst.items() if v[0] < leds.THRESHOLD}
    assert not low, "too close on the LEDs (delta E, entries, emitted rgb): %r" % low
    assert khan_frames.frames > 300


def test_the_cap_is_at_work_on_usb_and_not_on_a_charger(khan_frames):
    capped = [s for s in khan_frames.scales if s < 255]
    if khan_frames.budget_ma <= 400:
        assert capped and khan_frames.capped_boards, "a Khan board's frame wants more than 400 mA"
    else:  # 1.9 A: the board's frames uncapped; a flipped card's bright frame (brightness 128)
        # dims the board around it a little, the pieces hardly at all
        assert all(c[0] >= 224 and c[1] >= 64 and c[2] == 255 for c in khan_frames.caps), khan_frames.caps
        assert khan_frames.capped_boards == 0, "1.9 A is room enough for the board's frames"
        assert len(khan_frames.capped_cards) <= 4, "only a few rulers' cards want more than 1.9 A"


def test_no_terrain_channel_goes_dark(khan_frames):
    for table in khan_frames.tables.values():
        for t in TERRAINS:
            want = palette.PALETTE[3 * t:3 * t + 3]
            got = table[t]
            assert all(g > 0 for w, g in zip(want, got) if w), (t, want, got)


def test_the_cursor_is_no_colour_of_the_board():
    assert all(_cursor(c) != c for c in UNDER_CURSOR)
    used = TERRAINS + PLAYERS + RULERS
    assert all(palette.PALETTE[3 * c:3 * c + 3] != palette.PALETTE[3 * palette.CURSOR:3 * palette.CURSOR + 3]
               for c in used)


@pytest.mark.parametrize("game,colours", [("chuhan", ["blue", "red"]), ("huns", ["red", "green", "purple", "white"]),
                                          ("khaan", ["red", "yellow", "blue", "green", "white", "purple"])])
def test_the_other_games_keep_the_budget_and_their_players_apart(game, colours):
    px = Capture()
    modes = drive_game(px, game, 11, colours)
    assert px.frames > 300 and len(modes) >= 3, modes
    for table in px.tables.values():  # their players' colours, under each frame's cap
        for i, a in enumerate(PLAYERS):
            for b in PLAYERS[i + 1:]:
                d = leds.delta_e(table[a], table[b], _white(table))
                assert d >= leds.THRESHOLD, (a, b, table[a], table[b], d)


if __name__ == "__main__":
    px = Capture()
    for seed, colours in GAMES:
        play_khan(px, seed, colours)
    print("frames %d, cap tables %d, scales %d..%d" % (px.frames, len(px.tables), min(px.scales), max(px.scales)))
    for kind, (d, a, b, ra, rb) in sorted(separations(px).items()):
        print("%-16s min dE %5.1f  entries %d %d  rgb %s %s" % (kind, d, a, b, ra, rb))
