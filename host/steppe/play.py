"""`steppe play`: the companion's front panel in a terminal, or a scripted Khan demo.

On a terminal: the 16x16 matrix from ui.frame in 24-bit colour (two columns a pixel, dark
pixels grey dots), a status line from the ui.press replies, keys as the six buttons.
Without one (stdin not a tty, or --demo): a new Khan game is started through the menu by
presses, and the random player of drive.py plays a dozen moves through the buttons, each
checked against the rules core, one plain line a move.

Without --port the device is a virtual Pico run in this process (sim.VirtualPico in a
thread), its filesystem a folder that outlives the run, so a game is still there next time.
"""

import argparse
import contextlib
import os
import select
import signal
import sys
import tempfile
import threading
import time

from steppe import ports, sim
from steppe.device import DeviceError, NoAnswer, SerialTransport, Transport
from steppe.errors import EXIT_FAILED, EXIT_OK, EXIT_USAGE, StepError

BOOT_TIMEOUT = 20.0  # the virtual Pico's firmware answers hello within this after start
PRESS_TIMEOUT = 10.0  # a press may save the game to flash
FRAME_TIMEOUT = 5.0

# the panel polls ui.frame fast while the screen moves after a press, slower while it
# only blinks, and rarely while it is still (a real Pico's own buttons change it too)
FAST_S = 1 / 16  # ~16 frames a second right after a press, and through flights
FAST_FOR_S = 3.0  # ...for at most this long after the last press
QUIET_S = 0.3  # a screen unchanged this long has settled
BLINK_S = 0.25  # while it still changes (blinks): a frame every blink half-period
STILL_S = 1.0  # a still screen
ESC_WAIT_S = 0.05  # a lone ESC with nothing after it within this is the Esc key

DEMO_MOVES = 12
DEMO_FLIPS = 2
DEMO_MAX_MOVES = 80
DEMO_PLAYERS = 3


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", default="",
                   help="the device (\"auto\": the only one attached); default: a virtual Pico in this process")
    p.add_argument("--fs", default="",
                   help="the virtual Pico's filesystem folder (default: $XDG_DATA_HOME/steppe/pico; "
                        "the demo without --fs uses a fresh temporary one)")
    p.add_argument("--demo", action="store_true", help="the scripted Khan demo even on a terminal")
    p.add_argument("--seed", type=int, default=2026, help="the demo's seed: dice and moves (default 2026)")


def run(args) -> int:
    # SIGTERM and SIGHUP end the run as q does: the terminal restored, the virtual Pico stopped
    old = {s: signal.signal(s, _signalled) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        return _run(args)
    except _Quit as e:
        sys.stderr.write("steppe play: stopped by " + str(e) + "\n")
        return 128 + signal.Signals[str(e)].value
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def _run(args) -> int:
    interactive = not args.demo and sys.stdin.isatty() and sys.stdout.isatty()
    fs = args.fs
    with contextlib.ExitStack() as stack:
        if not args.port and not fs:
            fs = default_fs() if interactive else stack.enter_context(tempfile.TemporaryDirectory(prefix="steppe-demo-"))
        link, info, label = stack.enter_context(_device(args.port, fs, lock=bool(args.fs) or interactive))
        if interactive:
            return Panel(link, label, info).run()
        return demo(link, info, label, args.seed)
    return EXIT_OK  # not reached (the context manager does not swallow exceptions)


# -- the device ----------------------------------------------------------------------------
def default_fs() -> str:
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(data, "steppe", "pico")


class Metered(Transport):
    """A transport that counts what goes over the link (the panel shows it)."""

    def __init__(self, inner: SerialTransport) -> None:
        super().__init__()
        self.inner = inner
        self.next_id = inner.next_id  # late replies to earlier ids must not match ours
        self.sent = 0
        self.received = 0
        self.requests = 0

    def write(self, data: bytes) -> None:
        self.sent += len(data)
        self.inner.write(data)

    def readline(self, timeout: float) -> bytes:
        line = self.inner.readline(timeout)
        if line:
            self.received += len(line) + 1
        return line

    def exchange(self, op: str, args=None, timeout: float = 10.0) -> dict:
        self.requests += 1
        return super().exchange(op, args, timeout)


@contextlib.contextmanager
def _device(port: str, fs: str, lock: bool = True):
    """(transport, hello, label): the named port (auto: the only one attached), or a
    virtual Pico on the folder fs, run in a thread of this process until the block ends
    (lock: fs is a folder others may use too, so only one virtual Pico at a time)."""
    if port:
        link, info = ports.connect("" if port == "auto" else port)
        try:
            yield Metered(link), info, link.port
        finally:
            link.close()
        return
    locked = _lock(fs) if lock else -1
    pico = sim.VirtualPico(fs)
    thread = None
    link = None
    try:
        device = pico.open()
        thread = threading.Thread(target=pico.serve, name="virtual-pico", daemon=True)
        thread.start()
        link = SerialTransport(device)
        info = _wait_ready(link)
        yield Metered(link), info, device + " (virtual Pico, fs " + pico.fs + ")"
    finally:
        if link is not None:
            link.close()
        pico.stopping = True
        if thread is not None:
            thread.join(2.0)
        pico.close()
        if locked >= 0:
            os.close(locked)


def _lock(fs: str) -> int:
    """One virtual Pico a folder: two interpreters writing the same saved game would spoil it."""
    import fcntl

    fs = os.path.abspath(fs)
    os.makedirs(os.path.dirname(fs) or ".", exist_ok=True)
    fd = os.open(fs.rstrip("/") + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StepError("the virtual Pico in " + fs + " is in use by another steppe play: choose another --fs",
                        EXIT_USAGE)
    return fd


def _wait_ready(link: SerialTransport) -> dict:
    end = time.monotonic() + BOOT_TIMEOUT
    while True:
        info = ports.hello(link, 1.0)
        if info is not None:
            return info
        if time.monotonic() > end:
            raise NoAnswer("the virtual Pico did not start within %g s" % BOOT_TIMEOUT)


def press(link: Transport, button: str, long: bool = False) -> dict:
    return link.request("ui.press", {"button": button, "long": long}, timeout=PRESS_TIMEOUT)


# -- getting to a new Khan game by presses -------------------------------------------------
def to_menu(link: Transport, info: dict) -> None:
    """From whatever the device shows to the game menu: BACK out of a game (it asks
    "menu?", OK leaves it saved), then BACK out of any game's setup."""
    if info.get("screen", "menu") != "menu":
        game = info.get("screen")
        for _ in range(8):  # a sub-mode cancels to the game's top level, where BACK asks
            if press(link, "BACK").get("mode") == "leave":
                break
        else:
            raise StepError("the device is in a game of %s and BACK does not offer the way to the menu "
                            "(firmware without \"menu?\": run steppe flash)" % game, EXIT_FAILED)
        if press(link, "OK").get("screen") != "menu":
            raise StepError("OK on \"menu?\" did not lead to the menu", EXIT_FAILED)
    for _ in range(7):  # a setup's BACK steps back through its players, then to the menu
        if link.request("ui.get").get("mode") == "menu":
            return
        press(link, "BACK")
    raise StepError("BACK does not lead to the game menu", EXIT_FAILED)


def new_khan_game(link: Transport, info: dict, players: int) -> dict:
    """Start a new Khan game on the device by presses (the device's deck); its state."""
    to_menu(link, info)
    ui = link.request("ui.get")
    for _ in range(len(ui.get("choices", ()))):
        if ui.get("choice") == "khan":
            break
        ui = press(link, "UP")
    if ui.get("choice") != "khan":
        raise StepError("the device's menu offers no Khan", EXIT_FAILED)
    press(link, "OK", True)  # OK held: a new game even if one is saved
    for _ in range(4):
        press(link, "LEFT")  # the fewest players...
    for _ in range(players - 2):
        press(link, "RIGHT")  # ...and up to the count wanted
    ui = {}
    for _ in range(players):  # OK for each player's colour: the last one starts
        ui = press(link, "OK")
    got = link.request("state.get")
    state = got.get("state")
    if ui.get("screen") != "khan" or got.get("game") != "khan" or not isinstance(state, dict):
        raise StepError("the menu did not start a game of Khan", EXIT_FAILED)
    if len(state.get("players", ())) != players or state.get("phase") != "setup":
        raise StepError("the new Khan game is not a fresh %d-player game" % players, EXIT_FAILED)
    return state


# -- the demo ------------------------------------------------------------------------------
def demo(link: Transport, info: dict, label: str, seed: int, out=None) -> int:
    from shared_rules import cjson
    from shared_rules.khan import load, randplay
    from shared_rules.khan import state as khan_state
    from shared_rules.khan.game import OVER
    from steppe.drive import DriveError, KhanDriver

    out = out or sys.stdout

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    say("steppe play: a scripted game of Khan on " + label + ", seed %d" % seed)
    if info.get("screen") == "khan":
        sys.stderr.write("steppe play: the device's game of Khan is replaced by the demo's "
                         "(steppe sync can save a game first)\n")
    started = new_khan_game(link, info, DEMO_PLAYERS)
    players = started["players"]
    # the menu seeds a game from the board's entropy; the link cannot give a seed to the
    # menu, so the device's own khan.new makes the seeded game and state.put installs it
    seeded = link.request("khan.new", {"players": players, "seed": seed, "mode": "virtual"})["state"]
    link.request("state.put", {"game": "khan", "state": seeded})

    def get_state() -> dict:
        return link.request("state.get")["state"]

    if cjson.dumps(get_state()) != cjson.dumps(seeded):
        raise StepError("the device did not take the seeded game", EXIT_FAILED)
    say("a new game by the menu: %d players (%s), the device keeps the deck; dice seed %d by khan.new + state.put"
        % (len(players), " ".join(players), seed))

    driver = KhanDriver(lambda button, long: press(link, button, long), get_state, seed)
    driver.ui = {"mode": "board", "cursor": ""}  # a fresh screen: every move starts with OK
    moves = flips = 0
    while (moves < DEMO_MOVES or flips < DEMO_FLIPS) and moves < DEMO_MAX_MOVES:
        game = load.game(get_state())
        if game.phase == OVER:
            break
        move = randplay.choose(game, driver.chooser)
        who = game.player
        try:
            driver.play(game, move)
        except DriveError as e:
            raise StepError("move %d (%s): %s" % (moves + 1, move[0], e), EXIT_FAILED)
        what = describe(game, move)
        if cjson.dumps(get_state()) != cjson.dumps(khan_state.game_json(game)):
            raise StepError("after move %d (%s) the device's game differs from the rules core" % (moves + 1, what),
                            EXIT_FAILED)
        moves += 1
        flips += move[0] == "flip"
        say("move %2d  %-7s %s" % (moves, who, what))
    say("done: %d moves (%d flips) in %d presses; after each the device's game was the rules core's"
        % (moves, flips, driver.presses))
    return EXIT_OK


def describe(game, move: tuple) -> str:
    """Make the move on the rules core's game and say what it did, in a few words."""
    from shared_rules.khan import randplay
    from shared_rules.khan.actions import card_json
    from shared_rules.khan.tables import RULERS

    b = game.board
    do = move[0]
    if do == "flip":
        card, skipped, r, flight = game.flip()
        c = card_json(card)
        shown = "%s %s (%s)" % (c["ruler"], c["direction"], c["symbol"]) if c else RULERS[r]
        extra = ", %d card(s) of rulers at home skipped" % len(skipped) if skipped else ""
        return "flips " + shown + extra + ": " + _flight(game, r, flight)
    if do == "expel":
        card, flight = game.expel(move[1])
        return "expels %s: %s" % (RULERS[move[1]], _flight(game, move[1], flight))
    randplay.play(game, move)
    if do == "setup_yurt":
        return "sets a yurt on " + b.name_of(move[1])
    if do == "invade":
        c = card_json(move[2])
        return "invades %s by the card %s" % (b.name_of(move[1]), c["symbol"] if c else "?")
    if do == "conquer":
        return "conquers %s on %s" % (move[1], " ".join(b.name_of(i) for i in move[2]))
    if do == "double":
        return "doubles: a yurt on %s, %d card(s) discarded" % (b.name_of(move[1]), len(move[2]))
    if do == "special":
        return "plays the special card " + str(move[1])
    if do == "skip":
        return "skips an action"
    return "ends the turn"


def _flight(game, r: int, flight: tuple) -> str:
    from shared_rules.khan.actions import flight_json
    from shared_rules.khan.tables import RULERS

    f = flight_json(game.board, flight)
    start = game.board.name_of(flight[0]) if flight[0] >= 0 else "his court"
    if not f["to"]:
        return "%s goes home from %s to his court" % (RULERS[r], start)
    over = " over " + " ".join(f["path"][:-1]) if len(f["path"]) > 1 else ""
    return "%s flees %s from %s%s to %s" % (RULERS[r], f["direction"], start, over, f["to"])


# -- keys ----------------------------------------------------------------------------------
# what each key is: a button press (name, held), or a panel command
KEYS = {
    "up": ("UP", False), "down": ("DOWN", False), "left": ("LEFT", False), "right": ("RIGHT", False),
    "enter": ("OK", False), "esc": ("BACK", False),
    " ": ("OK", True), "o": ("OK", True), "u": ("BACK", True), "backspace": ("BACK", True),
    "k": ("UP", False), "j": ("DOWN", False), "h": ("LEFT", False), "l": ("RIGHT", False),
}
_CSI_KEYS = {ord("A"): "up", ord("B"): "down", ord("C"): "right", ord("D"): "left"}
_SS3_KEYS = {ord("A"): "up", ord("B"): "down", ord("C"): "right", ord("D"): "left", ord("M"): "enter"}
_BYTE_KEYS = {13: "enter", 10: "enter", 127: "backspace", 8: "backspace", 3: "quit", 4: "quit", 12: "redraw",
              ord("q"): "quit", ord("Q"): "quit"}


def parse_keys(buf: bytes, final: bool) -> "tuple[list[str], bytes]":
    """The keys in buf, and what is left (an escape sequence not complete yet). final: no
    more bytes are coming soon, so a lone ESC is the Esc key."""
    keys = []
    i = 0
    n = len(buf)
    while i < n:
        b = buf[i]
        if b != 27:
            keys.append(_BYTE_KEYS.get(b) or (chr(b) if 32 <= b < 127 else "?"))
            i += 1
            continue
        if i + 1 >= n:
            if not final:
                break
            keys.append("esc")
            i += 1
            continue
        kind = buf[i + 1]
        if kind == ord("O"):  # SS3: cursor keys in the terminal's application mode
            if i + 2 >= n:
                if not final:
                    break
                keys.append("esc")
                i += 1
                continue
            keys.append(_SS3_KEYS.get(buf[i + 2], "?"))
            i += 3
        elif kind == ord("["):  # CSI: parameters, intermediates, one final byte
            j = i + 2
            while j < n and 0x20 <= buf[j] <= 0x3F:
                j += 1
            if j >= n:
                if not final:
                    break
                keys.append("esc")
                i += 1
                continue
            keys.append(_CSI_KEYS.get(buf[j], "?"))  # modifiers (ESC [1;5A) are the same arrow
            i = j + 1
        else:  # Esc, then another key at once (or Alt+key): the Esc, and the key after
            keys.append("esc")
            i += 1
    return keys, buf[i:]


# -- the panel -----------------------------------------------------------------------------
class _Quit(Exception):
    pass


def _signalled(signum, frame):
    raise _Quit(signal.Signals(signum).name)


HELP = "arrows: move  Enter: OK  Esc: BACK  Space/o: OK held  u/Backspace: BACK held (undo)  q: quit"
TOP = 3  # the matrix's first terminal row
LEFT = 3  # its first column (inside a frame line)
DARK = "#000000"
DOT = "\x1b[38;2;80;80;80m\u00b7 "  # a dark pixel: a grey dot, so the grid reads


def pixel(colour: str) -> str:
    """One matrix pixel, two terminal columns wide."""
    if colour == DARK or len(colour) != 7:
        return DOT
    return "\x1b[38;2;%d;%d;%dm\u2588\u2588" % (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


class Panel:
    def __init__(self, link: Metered, label: str, info: dict, fd_in: int = 0, fd_out: int = 1) -> None:
        self.link = link
        self.label = label
        self.fd_in = fd_in
        self.fd_out = fd_out
        self.width = 16
        self.height = 16
        self.pixels: "list[str]" = []
        self.drawn: "list[str | None]" = []  # each matrix row as last written
        self.screen = str(info.get("screen", "?"))
        self.ui: dict = {}
        self.error = ""
        self.event = str(info.get("notice") or "")
        self.summary = ""
        self.state = None  # the game as last read, to tell what a press changed
        self.lines: "dict[int, str]" = {}  # text rows as last written
        self.last_press = -1e9
        self.last_change = -1e9
        self.next_poll = 0.0
        self.rate = ""
        self.rate_at = time.monotonic()
        self.rate_bytes = 0
        self.rate_requests = 0
        self.resized = True
        self.out: "list[str]" = []

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        import termios
        import tty

        saved = termios.tcgetattr(self.fd_in)
        old_winch = signal.signal(signal.SIGWINCH, self._winch)
        wake_r, wake_w = os.pipe()
        os.set_blocking(wake_r, False)
        os.set_blocking(wake_w, False)
        old_wake = signal.set_wakeup_fd(wake_w)  # a signal wakes the select at once
        try:
            tty.setraw(self.fd_in)
            self._write("\x1b[?1049h\x1b[?25l\x1b[2J")
            self._refresh_state()
            self._loop(wake_r)
        except OSError as e:  # the link's failures are NoAnswer: this is the terminal's
            raise StepError("the terminal went away (" + (e.strerror or str(e)) + ")", EXIT_FAILED)
        finally:
            # the terminal as it was, whatever ended the panel (a hung-up one cannot be told)
            with contextlib.suppress(OSError):
                self._write("\x1b[0m\x1b[?25h\x1b[?1049l")
            with contextlib.suppress(OSError, termios.error):
                termios.tcsetattr(self.fd_in, termios.TCSADRAIN, saved)
            signal.set_wakeup_fd(old_wake)
            os.close(wake_r)
            os.close(wake_w)
            signal.signal(signal.SIGWINCH, old_winch)
        return EXIT_OK

    def _winch(self, signum, frame) -> None:
        self.resized = True

    def _loop(self, wake: int) -> None:
        pending = b""
        esc_since = 0.0
        while True:
            now = time.monotonic()
            timeout = max(0.0, self.next_poll - now)
            if pending:
                timeout = min(timeout, max(0.0, esc_since + ESC_WAIT_S - now))
            ready = select.select([self.fd_in, wake], [], [], timeout)[0]
            if wake in ready:
                with contextlib.suppress(OSError):
                    os.read(wake, 256)
            if self.fd_in in ready:
                data = os.read(self.fd_in, 1024)
                if not data:
                    return  # the terminal went away
                pending += data
                esc_since = time.monotonic()
            keys, pending = parse_keys(pending, time.monotonic() - esc_since >= ESC_WAIT_S)
            pressed = False
            for key in keys:
                if key == "quit":
                    return
                if key == "redraw":
                    self.resized = True
                elif key in KEYS:
                    self._press(*KEYS[key])
                    pressed = True
            if pressed or self.resized or time.monotonic() >= self.next_poll:
                self._poll(pressed)
            self._flush()

    def _press(self, button: str, long: bool) -> None:
        self.last_press = time.monotonic()
        try:
            ui = press(self.link, button, long)
        except DeviceError as e:
            self.error = str(e)
            return
        self.error = ""
        self.ui = ui
        screen = str(ui.get("screen", self.screen))
        if screen != self.screen or button in ("OK", "BACK"):  # a game changes on these
            self.screen = screen
            self._refresh_state()

    def _refresh_state(self) -> None:
        """What the last press did to the game (a ruler's flight, a yurt...)."""
        if self.screen == "menu":
            self.state = None
            self.summary = ""
            return
        try:
            got = self.link.request("state.get")
        except DeviceError as e:
            self.error = str(e)
            return
        state = got.get("state")
        if not isinstance(state, dict):
            return
        if self.state is not None and self.state.get("game") == state.get("game"):
            said = changes(self.state, state)
            if said:
                self.event = said
        self.state = state
        self.summary = summary(state)

    def _poll(self, pressed: bool) -> None:
        now = time.monotonic()
        try:
            frame = self.link.request("ui.frame", timeout=FRAME_TIMEOUT)
        except DeviceError as e:
            self.error = str(e)
            frame = None
        if frame is not None:
            pixels = frame.get("pixels")
            w, h = frame.get("width"), frame.get("height")
            if isinstance(pixels, list) and isinstance(w, int) and isinstance(h, int) and len(pixels) == w * h:
                if pixels != self.pixels:
                    self.last_change = now
                self.width, self.height, self.pixels = w, h, [str(p) for p in pixels]
        self._meter(now)
        self._draw()
        if now - self.last_press < QUIET_S or (now - self.last_change < QUIET_S and now - self.last_press < FAST_FOR_S):
            interval = FAST_S
        elif now - self.last_change < 2 * BLINK_S + FAST_S:
            interval = BLINK_S
        else:
            interval = STILL_S
        self.next_poll = now + interval

    def _meter(self, now: float) -> None:
        span = now - self.rate_at
        if span < 1.0:
            return
        link = self.link
        total = link.sent + link.received
        self.rate = "link %.1f req/s, %.1f KB/s" % ((link.requests - self.rate_requests) / span,
                                                    (total - self.rate_bytes) / span / 1024)
        self.rate_at, self.rate_bytes, self.rate_requests = now, total, link.requests

    # -- drawing -------------------------------------------------------------------------
    def _draw(self) -> None:
        cols, rows = os.get_terminal_size(self.fd_out)
        if self.resized:
            self.resized = False
            self.drawn = []
            self.lines = {}
            self.out.append("\x1b[0m\x1b[2J")
        w = self.width
        if cols < 2 * w + 4 or rows < TOP + self.height + 7:
            self._text(1, "too small: %dx%d needed" % (2 * w + 4, TOP + self.height + 7), cols)
            return
        self._text(1, "Steppe Companion   " + self.label, cols)
        if len(self.drawn) != self.height:
            self.drawn = [None] * self.height
            border = "\x1b[0m\x1b[38;2;90;90;90m"
            self.out.append("\x1b[%d;%dH%s\u250c%s\u2510" % (TOP - 1, LEFT - 1, border, "\u2500" * (2 * w)))
            self.out.append("\x1b[%d;%dH%s\u2514%s\u2518\x1b[0m" % (TOP + self.height, LEFT - 1, border,
                                                                     "\u2500" * (2 * w)))
            for y in range(self.height):
                self.out.append("\x1b[%d;%dH%s\u2502\x1b[%dC\u2502\x1b[0m" % (TOP + y, LEFT - 1, border, 2 * w))
        for y in range(self.height if len(self.pixels) == w * self.height else 0):
            row = "".join(pixel(c) for c in self.pixels[y * w:(y + 1) * w])
            if row != self.drawn[y]:
                self.drawn[y] = row
                self.out.append("\x1b[%d;%dH%s\x1b[0m" % (TOP + y, LEFT, row))
        base = TOP + self.height + 2
        ui = self.ui
        status = "screen %s  mode %s  cursor %s  choice %s" % (
            self.screen, ui.get("mode", "-") if ui.get("screen", self.screen) == self.screen else "-",
            ui.get("cursor", "-"), _shown(ui.get("choice", "-")))
        if ui.get("choices"):
            status += " of " + " ".join(_shown(c) for c in ui["choices"])
        self._text(base, status, cols)
        self._text(base + 1, self.summary, cols)
        self._text(base + 2, self.event, cols)
        self._text(base + 3, ("device error: " + self.error) if self.error else "", cols)
        self._text(base + 4, self.rate, cols)
        self._text(base + 5, HELP, cols)

    def _text(self, row: int, text: str, cols: int) -> None:
        text = text[:cols - 1]
        if self.lines.get(row) != text:
            self.lines[row] = text
            self.out.append("\x1b[%d;1H\x1b[0m%s\x1b[K" % (row, text))

    def _write(self, text: str) -> None:
        data = text.encode()
        while data:
            try:
                n = os.write(self.fd_out, data)
            except BlockingIOError:
                time.sleep(0.005)
                continue
            data = data[n:]

    def _flush(self) -> None:
        if self.out:
            self._write("".join(self.out))
            self.out = []


def _shown(value) -> str:
    return value if isinstance(value, str) else str(value)


def summary(state: dict) -> str:
    """Whose turn and which step, from a saved game (any game; Khan's keys first)."""
    parts = [str(state.get("game", ""))]
    if isinstance(state.get("turn"), int) and state.get("turn"):
        parts.append("turn %d" % state["turn"])
    if isinstance(state.get("round"), int):
        parts.append("round %d" % state["round"])
    players = state.get("players")
    current = state.get("current")
    if isinstance(players, list) and isinstance(current, int) and 0 <= current < len(players):
        parts.append(str(players[current]) + " to act")
    if state.get("phase"):
        parts.append("phase " + str(state["phase"]))
    if state.get("step"):
        parts.append("step " + str(state["step"]))
    return ", ".join(p for p in parts if p)


def changes(before: dict, after: dict) -> str:
    """What a press did to a Khan game: rulers that fled or went home, new yurts."""
    if after.get("game") != "khan":
        return "the game changed" if before != after else ""
    b = before.get("pieces") or {}
    a = after.get("pieces") or {}
    said = []
    rb, ra = b.get("rulers") or {}, a.get("rulers") or {}
    for r in sorted(set(rb) | set(ra)):
        if r in ra and rb.get(r) != ra[r]:
            said.append("%s fled %s \u2192 %s" % (r, rb[r], ra[r]) if r in rb else "%s is at %s" % (r, ra[r]))
        elif r in rb and r not in ra:
            said.append("%s went home from %s" % (r, rb[r]))
    yb, ya = b.get("yurts") or {}, a.get("yurts") or {}
    for cell in sorted(set(ya) - set(yb)):
        said.append("%s yurt on %s" % ("a black" if ya[cell] == "neutral" else ya[cell] + "'s", cell))
    if not said and before != after:
        said.append("the game changed")
    return "; ".join(said)
