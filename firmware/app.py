"""The companion: one asyncio loop for the buttons, the screens, the LEDs and the link.

The current game is saved after every change (store.py), so a power cut never loses it;
at boot the last game comes back. The serial link is served beside the UI without
freezing it: requests are read a byte at a time as they arrive, between frames.
"""

import gc
import os
import sys

import store
from hal import clock
from shared_rules import cjson
from hal.buttons import LONG, PRESS, REPEAT
from ui import palette
from ui.base import Screen

VERSION = "0.1.0"
FRAME_MS = 16  # ~60 frames a second at most
POLL_MS = 4
APP_FILE = "app.json"  # which game is current, and each game's players' colours
LOG_MAX = 24 * 1024  # a game's log is rolled over (one old part kept) beyond this size
GAMES = ("khan", "chuhan", "huns", "khaan")


_DARK = bytes(256)


def seed() -> int:
    """Hardware entropy for the dice and the deck in real play."""
    return int.from_bytes(os.urandom(4), "little")


def _screen_module(game: str):
    return __import__("ui." + game, None, None, ("restore",))


def unload(name: str) -> None:
    """Let a module go: the device keeps only the code of the screen in use."""
    if name in sys.modules:
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None and hasattr(parent, name[dot + 1:]):
            delattr(parent, name[dot + 1:])


class App:
    def __init__(self, pixels, buttons=None, fs_root: str = "") -> None:
        self.pixels = pixels
        self.buttons = buttons
        self.root = fs_root  # folder of the saved games ("" = the current folder)
        self.screen = Screen()
        self.dirty = True
        self.unsaved = False  # the game changed and is not on flash yet
        self.notice = ""  # why the last boot or state.put fell back, for hello
        self.frames = 0
        self.leaving = False  # BACK on a game's top level: "menu?" until OK or another button
        self.colours = {}  # game -> its players' colours as the setup chose them
        self.pending = None  # the press being handled: the log's entry once the game is saved

    # -- files -----------------------------------------------------------------------
    def _path(self, name: str) -> str:
        return self.root + name

    def saved_games(self) -> "list[str]":
        names = []
        for g in GAMES:
            try:
                os.stat(self._path(g + ".json"))
                names.append(g)
            except OSError:
                pass
        return names

    # -- screens ---------------------------------------------------------------------
    def boot(self) -> None:
        """Come back to the game in progress, or to the menu."""
        current, why = store.load(self._path(APP_FILE))
        game = current.get("current") if isinstance(current, dict) else None
        if isinstance(current, dict) and isinstance(current.get("colours"), dict):
            self.colours = current["colours"]
        if game in GAMES:
            if self.open_game(game):
                return
        self.notice = why or self.notice
        self.to_menu()

    def to_menu(self) -> None:
        from ui.menu import Menu

        self.switch(Menu(self.saved_games()))
        self._note_current(None)

    def switch(self, screen) -> None:
        self.screen = screen
        self.dirty = True
        self.leaving = False
        if screen.name:  # a game: the menu's code can go until the player comes back
            unload("ui.menu")
            for game in GAMES:
                if game != screen.name:
                    unload("ui." + game)

    def screen_name(self) -> str:
        return self.screen.name or "menu"

    def ui_json(self) -> dict:
        """What the screen asks for (mode, cursor, choice...) and which screen it is."""
        out = {"mode": "leave"} if self.leaving else self.screen.ui_json()
        out["screen"] = self.screen_name()
        return out

    def _restore(self, game: str, data):
        """A game's screen from its saved JSON (checked; the checking code let go after)."""
        try:
            screen = _screen_module(game).restore(data)
            colours = self.colours.get(game)
            if isinstance(colours, list):
                screen.set_colours(colours)
            return screen
        finally:
            unload("shared_rules." + game + ".load")
            gc.collect()

    def open_game(self, game: str) -> bool:
        """Resume a saved game; False (and a notice) if its file is missing or bad."""
        data, why = store.load_kept(self._path(game + ".json"), self._path(game + ".undo"))
        if data is None:
            self.notice = why
            return False
        try:
            screen = self._restore(game, data)
        except Exception as e:  # a bad file must not stop the box: say why, go to the menu
            self.notice = game + ".json was refused: " + _message(e)
            return False
        self._enter(screen)
        return True

    def new_game(self, game: str, colours: list, option: int, dice_seed: int = -1) -> None:
        dice_seed = seed() if dice_seed < 0 else dice_seed
        self.colours[game] = list(colours)
        self._enter(_screen_module(game).new(colours, option, dice_seed))
        self.changed()
        self.pending = None  # the press that started it is the log's "new" entry, below
        self.flush()
        store.forget(self._path(game + ".undo"))  # no undo back into the game before
        self.log_reset(game)
        self.log({"new": game, "players": list(colours), "option": option, "seed": dice_seed})

    def _enter(self, screen) -> None:
        self.switch(screen)
        self._note_current(screen.name)

    def _note_current(self, game) -> None:
        store.save({"current": game, "colours": self.colours}, self._path(APP_FILE))

    def changed(self) -> None:
        """A screen changed its game: it is saved once the new frame is out (flush())."""
        self.unsaved = True
        self.dirty = True

    def flush(self) -> None:
        """Save the changed game; the state before becomes the undo."""
        if not self.unsaved or not self.screen.name:
            return
        self.unsaved = False
        name = self.screen.name
        gc.collect()  # the whole game is about to be written: start from a tidy heap
        store.keep(cjson.Streamed(self.screen.write_state), self._path(name + ".json"), self._path(name + ".undo"))
        if self.pending is not None:
            self.log(self.pending)
            self.pending = None

    def undo_last(self) -> bool:
        """Back to the game before the last change (once: the undo file is used up)."""
        name = self.screen.name
        data, _ = store.load(self._path(name + ".undo"))
        if data is None:
            return False
        self.screen = Screen()  # let the current game go before the old one is built
        gc.collect()
        screen = self._restore(name, data)
        os.rename(self._path(name + ".undo"), self._path(name + ".json"))
        self.switch(screen)
        self.log({"undo": True})
        return True

    # -- the game's log: what was done, one JSON line each (for the record and for sync) --
    def log(self, entry) -> None:
        """Append one entry to the current game's log (a torn last line after a power cut is
        skipped when read)."""
        if not self.screen.name:
            return
        path = self._path(self.screen.name + ".log")
        try:
            if os.stat(path)[6] > LOG_MAX:
                os.rename(path, path + ".old")  # the older part stays readable
        except OSError:
            pass
        store.append(entry, path)

    def log_reset(self, game: str) -> None:
        store.forget(self._path(game + ".log"))
        store.forget(self._path(game + ".log.old"))

    def log_get(self) -> dict:
        """The current game's log, oldest first, streamed from the files line by line."""
        name = self.screen.name
        if not name:
            return {"game": None, "entries": []}
        paths = (self._path(name + ".log.old"), self._path(name + ".log"))
        return {"game": name, "entries": cjson.Streamed(lambda out: store.write_lines(paths, out))}

    def log_put(self, args: dict) -> dict:
        """Append entries to the log (reset: start it anew), e.g. a log restored by sync."""
        from shared_rules.errors import bad_args

        entries = args.get("entries")
        if not self.screen.name:
            raise bad_args("no game in progress: put a state first")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise bad_args("\"entries\" must be a list of objects")
        if args.get("reset", False):
            self.log_reset(self.screen.name)
        for entry in entries:
            self.log(entry)
        return {"game": self.screen.name, "entries": len(entries)}

    # -- input -----------------------------------------------------------------------
    def press(self, button: str, long: bool = False) -> None:
        """A button: the screen acts, the new frame goes out at once, then the game is
        saved (a cut in between leaves the game as it was before this press)."""
        screen = self.screen
        if self.leaving:  # "menu?": OK goes (the game stays saved), anything else stays
            self.leaving = False
            self.dirty = True
            if button == "OK" and not long:
                self.to_menu()
        elif button == "BACK" and long and screen.name:  # BACK held: undo, on every game screen
            self.undo_last()
        elif button == "BACK" and screen.name and screen.at_top():
            self.leaving = True
            self.dirty = True
        else:
            self.pending = {"press": button, "long": long, "mode": getattr(screen, "mode", "")}
            screen.press(self, button, long)
        self.render(clock.now())
        self.flush()
        self.pending = None  # a press that changed nothing leaves nothing for the log

    # -- output ----------------------------------------------------------------------
    def render(self, now: int) -> None:
        frame = self.pixels.frame
        frame[:] = _DARK  # palette.OFF everywhere, at C speed
        if self.leaving:
            _ask_menu(frame)
        else:
            self.screen.draw(frame, now)
        self.pixels.show()
        self.frames += 1
        self.dirty = False

    def frame_json(self) -> dict:
        """The frame as 256 "#rrggbb" logical colours, row-major from the top-left; the
        list is streamed out, never built (it would be 256 strings in RAM)."""
        if self.dirty:
            self.render(clock.now())
        px = self.pixels

        def pixels(out) -> None:
            pal = px.palette
            frame = px.frame
            out.append("[")
            for p in range(len(frame)):
                k = 3 * frame[p]
                out.append(('"#' if not p else ',"#') + "%02x%02x%02x" % (pal[k], pal[k + 1], pal[k + 2]) + '"')
            out.append("]")

        return {"width": px.width, "height": px.height, "pixels": cjson.Streamed(pixels)}

    def hello(self) -> dict:
        from shared_rules.fingerprint import rules_hash

        gc.collect()
        out = {"protocol": 1, "firmware": VERSION, "rules": rules_hash(), "screen": self.screen_name(),
               "notice": self.notice}
        if hasattr(gc, "mem_free"):  # MicroPython: how much RAM is left
            out["heap"] = {"free": gc.mem_free(), "used": gc.mem_alloc()}  # type: ignore[attr-defined]
        return out

    def state_get(self, stream: bool = False) -> dict:
        """The game in progress; streamed (for the link) or as dicts (for tests)."""
        if not self.screen.name:
            return {"game": None, "state": None}
        body = cjson.Streamed(self.screen.write_state) if stream else self.screen.state_json()
        return {"game": self.screen.name, "state": body}

    def state_put(self, args: dict) -> dict:
        """Replace the game with a checked one; a bad state is refused, the game kept."""
        from shared_rules.errors import RulesError, bad_args

        game = args.get("game")
        if game not in GAMES:
            raise bad_args("\"game\" must be one of " + ", ".join(GAMES))
        state = args.get("state")
        try:
            screen = self._restore(game, state)
        except RulesError:
            raise
        except Exception as e:
            raise bad_args("state refused: " + _message(e))
        self._enter(screen)
        self.changed()
        self.pending = {"put": True}
        self.flush()
        return {"game": game}

    # -- the loop ----------------------------------------------------------------------
    async def run(self, link, stdin, stdout) -> None:
        import asyncio

        asyncio.create_task(self._serve(link, stdin, stdout))
        last = 0
        while True:
            now = clock.now()
            if self.buttons is not None:
                for name, event in self.buttons.poll(now):
                    if event == PRESS or event == REPEAT:
                        self.press(name, False)
                    elif event == LONG:
                        self.press(name, True)
            if (self.dirty or self.screen.animating(now)) and clock.elapsed(now, last) >= FRAME_MS:
                self.render(now)
                last = now
            await asyncio.sleep_ms(POLL_MS)

    async def _serve(self, link, stdin, stdout) -> None:
        """Read requests as bytes arrive, answer each line; never block the UI."""
        import asyncio
        import select

        from link import Lines

        poll = select.poll()
        poll.register(stdin, select.POLLIN)
        lines = Lines()
        raw = stdin.buffer if hasattr(stdin, "buffer") else stdin
        while True:
            got = b""
            while poll.poll(0):
                b = raw.read(1)
                if not b:
                    break
                got += b
                if b == b"\n" or b == b"\x03" or len(got) >= 256:
                    break  # a Ctrl-C is acted on at once: what follows it is the REPL's
            if got:
                for line in lines.feed(got):
                    link.answer(line, stdout.write)
                    gc.collect()
            else:
                await asyncio.sleep_ms(POLL_MS)


def _ask_menu(frame: bytearray) -> None:
    """Leave the game for the menu? OK yes, any other button no."""
    from ui.base import text

    text(frame, 0, 1, "MENU", palette.WHITE)
    text(frame, 2, 9, "OK?", palette.HINT)


def _message(e) -> str:
    msg = getattr(e, "message", None)
    return msg if isinstance(msg, str) else type(e).__name__


def main() -> None:
    """Start the companion on this board (or the virtual Pico)."""
    import asyncio

    from hal import pins
    from hal.buttons import PinButtons
    from hal.pixels import NeoPixelStrip
    from link import Link

    cfg = pins.load()
    power = cfg["power"]
    matrix = cfg["matrix"]
    pixels = NeoPixelStrip(matrix["pin"], matrix["width"], matrix["height"], palette.PALETTE,
                           budget_ma=power["led_budget_ma"], ma_per_channel=power["ma_per_channel"],
                           ma_per_dark_led=power["ma_per_dark_led"])
    app = App(pixels, PinButtons(cfg["buttons"]))
    app.boot()
    sys.stdout.write("steppe companion " + VERSION + " ready\n")
    asyncio.run(app.run(Link(app), sys.stdin, sys.stdout))
