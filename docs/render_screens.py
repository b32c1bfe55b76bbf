"""The screens the manuals show, rendered as a photo of the box would show them:
`make screens` (python docs/render_screens.py) writes docs/screens/NAME.png. It lives beside
the manuals, not in the steppe package: it runs the firmware's own code in this process,
which no host module does (tests/test_boundaries.py).

Each screen is driven on the firmware itself, in this process: its App and screens, a
fresh flash folder, the buttons pressed one by one, and the picture made from the bytes
the LED strip is sent (brightness 48 and the 500 mA budget's cap of that very frame), each
LED a round dot on the dark board, the box's white in that frame (the cursor's) as full white, as a camera exposes. The clock is fixed
(PRESS_MS between presses) and every game is seeded, so a screen renders to the same
bytes every time: tests/test_screens.py fails when a PNG in docs/screens/ is stale.

To add a screen, add a row to SCREENS and name its PNG in a manual.
"""

import os
import sys
import tempfile

from steppe import leds, paths, png

PRESS_MS = 1000  # the clock between two presses: a flash or a flight is over by the next
SETTLE_MS = 1000  # the frame is taken this long after the last press (a blink's lit half)
START_MS = 100000

# (png name, game, setup, presses): setup None is a fresh box at its menu; else
# (colours, option, seed, moves): a new game of `game` by the App as the menu starts it,
# then `moves` actions of the rules core's random player (-1: to the end of the game).
# presses: the buttons pressed then, "OK*" a held OK, "HELP" OK and BACK held together,
# "wait" a pause of PRESS_MS (a frame drawn after it, as the loop draws), "BUG" a press the screen fails on (a KeyError, as a bug
# would raise: the run loop's guard shows the error screen), and last "@N": the frame
# taken N ms after the last press instead of SETTLE_MS (a sentence caught as it scrolls);
# "nohints" first: the box's hints turned off in its settings (ui/settings.py).
SCREENS = (
    ("menu", "", None, ""),
    ("setup-khan", "", None, "OK RIGHT UP"),
    ("settings", "", None, "UP OK"),
    ("setup-chuhan", "", None, "DOWN OK"),
    ("menu-ok", "khan", (["red", "yellow", "blue"], 0, 3, 0), "BACK"),
    ("menu-return", "huns", (["red", "green", "purple"], 0, 7, 8), "BACK OK"),
    ("history", "khan", (["red", "yellow", "blue"], 0, 3, 12), "BACK*"),
    ("khan-setup", "khan", (["red", "yellow", "blue"], 0, 3, 0), "DOWN"),
    ("khan-board", "khan", (["red", "yellow", "blue", "green"], 0, 4, 58), ""),
    ("khan-actions", "khan", (["red", "yellow", "blue", "green"], 0, 4, 58), "OK"),
    ("khan-end", "khan", (["red", "yellow", "blue"], 0, 5, -1), ""),
    ("chuhan-board", "chuhan", (["blue", "red"], 1, 6, 20), ""),
    ("huns-dice", "huns", (["red", "green", "purple"], 0, 7, 8), ""),
    ("khaan-home", "khaan", (["red", "yellow", "blue", "white"], 0, 8, 10), ""),
    ("khaan-dice", "khaan", (["red", "yellow", "blue", "white"], 0, 8, 10), "UP OK OK"),
    # the second setup yurt in a region (red on H5, yellow on I5): the reason, "REGI(ON)" in view
    # (without the hints: with them the cursor stops only where a yurt may go)
    ("why-khan", "khan", (["red", "yellow", "blue"], 0, 3, 0), "nohints DOWN OK DOWN RIGHT OK @1320"),
    ("help-khan", "khan", (["red", "yellow", "blue", "green"], 0, 4, 58), "HELP @600"),
    ("error", "khan", (["red", "yellow", "blue", "green"], 0, 4, 58), "BUG"),
    ("khan-flip", "khan", (["red", "yellow", "blue", "green"], 0, 4, 57), "OK"),
    ("khan-final", "khan", (["red", "yellow", "blue", "green"], 0, 4, 157), "OK wait wait"),
    ("khan-hand", "khan", (["red", "yellow", "blue", "green"], 0, 4, 58), "OK OK"),
    ("khan-editor", "", None, "OK OK* OK* OK OK* RIGHT RIGHT RIGHT RIGHT RIGHT OK OK RIGHT RIGHT RIGHT"),
    # the tools' help, caught with "FILL" at the left
    ("khan-editor-help", "", None, "OK OK* OK* OK OK* HELP @9060"),
    # NEW, all mountains, a 4 x 4 outline of sand desert (E4-H7) and the fill inside it
    ("khan-fill", "", None, "OK OK* OK* OK BACK UP UP UP OK OK* OK* OK* RIGHT RIGHT RIGHT RIGHT OK LEFT LEFT LEFT UP UP "
                            "OK RIGHT RIGHT RIGHT DOWN DOWN DOWN LEFT LEFT LEFT UP UP OK RIGHT OK* OK*"),
    # A1 painted glacier, then the count: the mountains one short
    ("khan-count", "", None, "OK OK* OK* OK OK* RIGHT OK LEFT LEFT LEFT LEFT LEFT LEFT LEFT UP UP UP UP UP OK OK "
                             "BACK DOWN OK"),
    # H6 (river) painted mountains and saved: the warning, as it begins
    ("khan-saved", "", None, "OK OK* OK* OK OK OK BACK OK @300"),
    # purple's sand desert with neighbouring territories picked: no cell for it
    ("khan-nocell", "khan", (["red", "yellow", "blue"], 0, 5, 49), "OK OK DOWN DOWN DOWN DOWN OK @300"),
    ("chuhan-event", "chuhan", (["blue", "red"], 1, 6, 14), "OK"),
    ("chuhan-set", "chuhan", (["blue", "red"], 1, 6, 15), "RIGHT OK UP UP UP UP UP UP UP"),
    ("huns-hold", "huns", (["red", "green", "purple"], 0, 7, 7), "OK @500"),
    ("huns-result", "huns", (["red", "green", "purple"], 0, 7, -1), ""),
    ("huns-breakdown", "huns", (["red", "green", "purple"], 0, 7, -1), "RIGHT DOWN DOWN DOWN"),
    ("khaan-order", "khaan", (["red", "yellow", "blue", "white"], 0, 8, 0), "OK"),
    ("khaan-battle", "khaan", (["red", "yellow", "blue", "white"], 0, 8, 0), "DOWN OK RIGHT RIGHT DOWN RIGHT OK"),
    ("khaan-loot", "khaan", (["red", "yellow", "blue", "white"], 0, 8, 0), "UP UP OK RIGHT OK"),
    # the hints (issue 21): the settings' page; a card's cells, a conquest's, the conquests
    # left, the running score (@1500: the stops' blink lit, as the cursor's and a painted cell's)
    ("settings-hints", "", None, "UP OK DOWN DOWN"),
    ("khan-stops", "khan", (["red", "yellow", "blue", "green"], 0, 4, 58), "OK OK OK DOWN OK @1500"),
    ("khan-paint", "khan", (["red", "yellow", "blue", "green"], 0, 4, 58), "OK RIGHT RIGHT OK OK RIGHT @1500"),
    ("khan-left", "khan", (["red", "yellow", "blue", "green"], 0, 4, 162), "RIGHT BACK"),
    ("khan-score", "khan", (["red", "yellow", "blue", "green"], 0, 4, 120), "RIGHT"),
)


class _Clock:
    """The firmware's clock, fixed: the screens' blinks and flashes at known times."""

    def __init__(self) -> None:
        self.t = START_MS

    def now(self) -> int:
        return self.t


def _firmware():
    """The firmware's modules, importable here as on the box (hal, ui, app...)."""
    fw = paths.firmware_dir()
    for p in (os.path.join(fw, "sim"), fw):
        if p not in sys.path:
            sys.path.insert(0, p)


def frame(game: str, setup, presses: str, root: str, **strip) -> "tuple[list[str], int]":
    """The screen's LEDs as emitted ("#rrggbb" levels, row-major) and the level of the
    box's white in that frame."""
    _firmware()
    # the firmware's own modules, found by _firmware() (not the host package's imports)
    import app as app_module  # pyright: ignore[reportMissingImports]
    import session  # pyright: ignore[reportMissingImports]
    from hal import clock  # pyright: ignore[reportMissingImports]
    from hal.pixels import Pixels  # pyright: ignore[reportMissingImports]
    from ui import palette  # pyright: ignore[reportMissingImports]

    sent = []

    class Strip(Pixels):
        def _transmit(self, buffer: bytearray) -> None:
            sent.append(bytes(buffer))

    fixed = _Clock()
    saved = clock.now, session.seed
    clock.now = fixed.now
    session.seed = lambda: 1  # a game set up by the menu: its dice seeded too
    try:
        px = Strip(16, 16, palette.PALETTE, floor=palette.FLOOR, large=palette.LARGE, **strip)
        frame.strip = px  # type: ignore[attr-defined]  (the figures of docs/leds.md read its cap)
        if presses.startswith("nohints"):
            with open(root + "settings.json", "w") as f:
                f.write('{"hints": false}')
            presses = presses[len("nohints"):]
        box = app_module.App(px, None, root)
        box.boot()
        if setup is not None:
            colours, option, seed, moves = setup
            box.new_game(game, colours, option, seed)
            _play(box, game, seed, moves)
        settle = SETTLE_MS
        for name in presses.split():
            if name.startswith("@"):
                settle = int(name[1:])
                continue
            fixed.t += PRESS_MS
            if name == "BUG":
                _bug(box)
            elif name == "wait":
                box.render(fixed.t)  # the loop draws frames while nothing is pressed
            else:
                box.press(name.rstrip("*"), name.endswith("*"))
        fixed.t += settle
        box.render(fixed.t)
        frame.box = box  # type: ignore[attr-defined]  (what the screen says: ui.get's answer)
        return leds.emitted_hex(px), max(leds.entry_rgb(px, palette.CURSOR))
    finally:
        clock.now, session.seed = saved


def _bug(box) -> None:
    """A press on a screen that raises, caught as App.run catches it: the error screen."""

    def broken(app, button: str, long: bool) -> None:
        raise KeyError("a bug in the screen")

    box.screen.press = broken  # this one screen object only: the fault brings the saved game back
    try:
        box.press("OK")
    except Exception as e:  # App.run's guard, as the loop has it
        box.fault(e, "press")


def _play(box, game: str, seed: int, moves: int) -> None:
    """Actions of the rules core's random player through the App, saved as the box saves."""
    from shared_rules.games import module
    from shared_rules.rng import PCG32

    randplay = module(game, "randplay")
    chooser = PCG32(seed, randplay.CHOOSER_STREAM)
    k = 0
    while moves < 0 or k < moves:
        action = randplay.action(box.record.game, chooser)
        if action is None:
            break
        box.act(action)
        box.flush()
        k += 1
    box.screen.show(box.record.game)
    box.dirty = True


def render(name: str) -> bytes:
    """The PNG of the screen of that name in SCREENS."""
    for row in SCREENS:
        if row[0] == name:
            with tempfile.TemporaryDirectory(prefix="steppe-screens-") as root:
                pixels, white = frame(row[1], row[2], row[3], root + "/")
            return png.frame_png([leds.shown_hex(p, white) for p in pixels])
    raise KeyError(name)


def folder() -> str:
    return os.path.join(os.path.dirname(paths.firmware_dir()), "docs", "screens")


def main(argv: "list[str]") -> int:
    out = argv[0] if argv else folder()
    os.makedirs(out, exist_ok=True)
    for row in SCREENS:
        data = render(row[0])
        path = os.path.join(out, row[0] + ".png")
        with open(path, "wb") as f:
            f.write(data)
        print("%s  %d bytes" % (path, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
