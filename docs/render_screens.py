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


# -- steppe web's pages ------------------------------------------------------------------------
# Taken in headless Chromium (tests/browser.py) from a real `steppe web --sim`, a seeded game
# put on its virtual Pico: (png name, page, game, colours, seed, moves: -1 to the end). The
# live matrix moves (a blink, its phase at the moment taken) and fonts differ from machine
# to machine, so a browser's pixels are not compared: each PNG carries, in a tEXt chunk,
# the digest of what its page was given - the page's own files, the palette, and the data
# the server derives from the rules core for that screen (web_data, made here without a
# browser or a box) - and tests/test_screens.py fails when that digest is not today's.
WEB_SIZE = (1440, 1280)
WEB_KEY = "steppe-web"
HISTORY_START = 1790000000  # the history's game began then (2026-09-21, UTC): a fixed date
WEB_SCREENS = (
    ("web-live-khan", "/", "khan", ["red", "yellow", "blue", "green"], 4, 58),
    ("web-live-chuhan", "/", "chuhan", [], 6, 20),
    ("web-live-huns", "/", "huns", ["red", "green", "purple"], 7, 8),
    ("web-live-khaan", "/", "khaan", ["red", "yellow", "blue", "white"], 8, 10),
    ("web-editor", "/editor", "", [], 0, 0),
    ("web-history", "/history", "chuhan", [], 21, -1),
)


def _tests():
    """tests/browser.py: the headless browser, `steppe web`, seeded games."""
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests")
    if here not in sys.path:
        sys.path.insert(0, here)
    import browser  # pyright: ignore[reportMissingImports]

    return browser


def _history_db(path: str, row) -> str:
    """The history holding the row's game, ended an hour after it began: its id."""
    from shared_rules.games import module
    from steppe import history

    _, _, game, colours, seed, moves = row
    lines, g = _tests().seeded(game, colours, seed, moves, start=HISTORY_START)
    meta = {"id": history.game_id(lines[0]), "journal": lines, "clock": "set", "start": HISTORY_START,
            "end": HISTORY_START + 3600, "actions": len(lines) - 1,
            "summary": module(game, "summary").summary(g, lines[0]["settings"])}
    db = history.open_db(path)
    try:
        history.store(db, history.check_game(meta))
    finally:
        db.close()
    return meta["id"]


def web_data(row, tmp: str = "") -> dict:
    """What the server gives the page for this screen, made here from the rules core."""
    from shared_rules import cjson
    from shared_rules.games import module
    from shared_rules.khan.board import DEFAULT_TEXT
    from steppe import history, leds, webview
    from steppe.story import Story

    name, page, game, colours, seed, moves = row
    out: dict = {"colours": leds.screen_colours()}
    if page == "/":
        lines, _ = _tests().seeded(game, colours, seed, moves)
        story = Story(lines[0])
        said = [story.feed(cjson.dumps(line)) for line in lines[1:]]
        state = module(game, "state").game_json(story.game)
        out["view"] = webview.view(game, state, lines[0]["settings"])
        out["story"] = webview.story_lines(said, set(story.stack.undone))
    elif page == "/editor":
        grid = webview.grid_of(DEFAULT_TEXT)
        out["grid"] = grid
        out["check"] = webview.check_grid(grid)
    else:
        with tempfile.TemporaryDirectory(prefix="steppe-screens-") as folder:
            db_path = os.path.join(tmp or folder, "history.sqlite3")
            gid = _history_db(db_path, row) if not os.path.exists(db_path) else history.game_id(
                _tests().seeded(game, colours, seed, moves, start=HISTORY_START)[0][0])
            db = history.open_db(db_path)
            try:
                out["rows"] = webview.history_rows(db)
                out["game"] = webview.history_game(db, gid)
            finally:
                db.close()
    return out


def web_digest(row, tmp: str = "") -> str:
    """The digest a web-*.png carries: its page's files, its size and web_data()."""
    import hashlib

    from shared_rules import cjson
    from steppe import web

    h = hashlib.sha256()
    for name in web.page_files():
        with open(os.path.join(web.page_dir(), name), "rb") as f:
            h.update(name.encode() + b"\0" + f.read())
    h.update(("%s %dx%d " % (row[0], WEB_SIZE[0], WEB_SIZE[1])).encode())
    h.update(cjson.dumps(web_data(row, tmp)).encode())
    return h.hexdigest()


def render_web(out: str) -> None:
    """Every WEB_SCREENS page, taken in headless Chromium from `steppe web --sim`."""
    import json
    import time

    from steppe import ports

    browser = _tests()
    with tempfile.TemporaryDirectory(prefix="steppe-screens-web-") as tmp:
        saved = {k: os.environ.get(k) for k in ("STEPPE_SIMS", "XDG_DATA_HOME")}
        os.environ.update(STEPPE_SIMS=os.path.join(tmp, "sims"), XDG_DATA_HOME=os.path.join(tmp, "data"))
        db_path = os.path.join(tmp, "history.sqlite3")
        server = browser.Web(["--sim", "--db", db_path], dict(os.environ))
        d = browser.chromium(*WEB_SIZE)
        try:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": WEB_SIZE[0], "height": WEB_SIZE[1], "deviceScaleFactor": 1, "mobile": False})
            for row in WEB_SCREENS:
                name, page, game, colours, seed, moves = row
                data = web_data(row, tmp)
                if page == "/":
                    lines, g = browser.seeded(game, colours, seed, moves)
                    link, _ = ports.connect("")
                    try:
                        browser.put(link, game, lines, g)
                    finally:
                        link.close()
                d.get(server.page(page))
                browser.wait(lambda: d.execute_script("return window.steppe && window.steppe.loaded"), 20, name)
                if page == "/":
                    want = json.loads(json.dumps(data["view"]))
                    browser.wait(lambda: d.execute_script("return window.steppe.game.view") == want, 10, name)
                    link, _ = ports.connect("")
                    try:  # the matrix: the box's (its blink in either half)
                        browser.wait(lambda: d.execute_script("return window.steppe.ui.screen") == game and
                                     d.execute_script("return window.steppe.frame") in
                                     (_shown(link), _shown(link)), 10, name + ": the matrix")
                    finally:
                        link.close()
                elif page == "/history":
                    d.find_element("css selector", "#list tr.row").click()
                    browser.wait(lambda: d.execute_script("return document.getElementById('plot').naturalWidth"),
                                 30, "the plot")
                # (the label names the virtual Pico's temporary folder: not for the manual)
                d.execute_script("document.getElementById('label').textContent = 'virtual Pico'")
                time.sleep(0.3)
                shot = _png_of(d.get_screenshot_as_png())
                path = os.path.join(out, name + ".png")
                with open(path, "wb") as f:
                    f.write(png.with_text(shot, WEB_KEY, web_digest(row, tmp)))
                print("%s  %d bytes" % (path, os.path.getsize(path)))
        finally:
            d.quit()
            server.stop()
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def _shown(link) -> "list[str]":
    """The box's frame as the page shows it: the LED levels on a screen's gamma."""
    from steppe import leds

    got = link.request("ui.frame", {"led": True})
    return [leds.shown_hex(p, got["white"]) for p in got["pixels"]]


def _png_of(data: bytes) -> bytes:
    """Chromium's screenshot in at most 256 colours (a page of flat colours: a third of the
    bytes), by Pillow (matplotlib's own dependency)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(data)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(out, "PNG",
                                                                                               optimize=True)
    return out.getvalue()


def main(argv: "list[str]") -> int:
    out = argv[0] if argv else folder()
    os.makedirs(out, exist_ok=True)
    for row in SCREENS:
        data = render(row[0])
        path = os.path.join(out, row[0] + ".png")
        with open(path, "wb") as f:
            f.write(data)
        print("%s  %d bytes" % (path, len(data)))
    render_web(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
