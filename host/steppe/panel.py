"""The companion's front panel in a terminal: the 16x16 matrix from ui.frame in 24-bit
colour (two columns a pixel, dark pixels grey dots; the palette's colours, or with --led
what the LEDs emit after the brightness and the current cap, a dim LED drawn dim), a status line from the ui.press
replies, what each action did in words (the device's journal told by story.py), and keys
as the six buttons. `steppe play` runs it on a terminal.
"""

import contextlib
import os
import select
import signal
import time

from steppe.device import DeviceError, Transport
from steppe.errors import EXIT_FAILED, EXIT_OK, StepError
from steppe.leds import shown_hex

FRAME_TIMEOUT = 5.0
PRESS_TIMEOUT = 10.0  # a press may save the game to flash

# the panel polls ui.frame fast while the screen moves after a press, slower while it
# only blinks, and rarely while it is still (a real Pico's own buttons change it too)
FAST_S = 1 / 16  # ~16 frames a second right after a press, and through flights
FAST_FOR_S = 3.0  # ...for at most this long after the last press
QUIET_S = 0.3  # a screen unchanged this long has settled
BLINK_S = 0.25  # while it still changes (blinks): a frame every blink half-period
STILL_S = 1.0  # a still screen
ESC_WAIT_S = 0.05  # a lone ESC with nothing after it within this is the Esc key


def press(link: Transport, button: str, long: bool = False) -> dict:
    return link.request("ui.press", {"button": button, "long": long}, timeout=PRESS_TIMEOUT)


# -- keys ----------------------------------------------------------------------------------
# what each key is: a button press (name, held), or a panel command
KEYS = {
    "up": ("UP", False), "down": ("DOWN", False), "left": ("LEFT", False), "right": ("RIGHT", False),
    "enter": ("OK", False), "esc": ("BACK", False),
    " ": ("OK", True), "o": ("OK", True), "u": ("BACK", True), "backspace": ("BACK", True), "?": ("HELP", False),
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
HELP = "arrows: move  Enter: OK  Esc: BACK  Space/o: OK held  u/Backspace: BACK held (undo)  ?: help  q: quit"
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
    def __init__(self, link, label: str, info: dict, fd_in: int = 0, fd_out: int = 1, led: bool = False) -> None:
        self.link = link
        self.led = led  # the LED view: what the matrix emits (brightness, the current cap), not the palette
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
        self.why = ""  # what the matrix scrolls: why the last press was refused, or the mode's help
        self.event = str(info.get("notice") or "")
        self.summary = ""
        self.state = None  # the game as last read
        self.story = None  # the device's journal being told (story.Story), and lines told
        self.told = 0
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
        self.why = _why(ui)
        screen = str(ui.get("screen", self.screen))
        if screen != self.screen or button in ("OK", "BACK"):  # a game changes on these
            self.screen = screen
            self._refresh_state()

    def _refresh_state(self) -> None:
        """What the last press did to the game, in words: the device's journal lines since
        the last look, told by the rules core (story.py), which replays them as it goes."""
        if self.screen == "menu":
            self.state = None
            self.summary = ""
            self.story = None
            return
        try:
            got = self.link.request("state.get")
            if self.story is None or self.story.name != got.get("game"):
                self.story = None
                self.told = 0
            log = self.link.request("log.get", {"from": self.told}, timeout=30.0)
        except DeviceError as e:
            self.error = str(e)
            return
        state = got.get("state")
        if not isinstance(state, dict):
            return
        self.state = state
        self.summary = summary(state) + ", %s actions" % got.get("actions", "?")
        self._tell(log.get("journal") or [])

    def _tell(self, lines: list) -> None:
        from shared_rules import cjson
        from shared_rules.errors import RulesError
        from steppe.story import Story

        try:
            for line in lines:
                if self.story is None:
                    self.story = Story(line)  # the header: a game begins (or came back)
                    said = "" if self.told else "a game of " + self.story.name
                else:
                    said = self.story.feed(cjson.dumps(line))
                self.told += 1
                if said:
                    self.event = said
        except RulesError as e:  # a journal the rules core cannot tell is worth saying
            self.event = "the device's journal is not the rules core's game: " + e.message
            self.story = None

    def _poll(self, pressed: bool) -> None:
        now = time.monotonic()
        try:
            frame = self.link.request("ui.frame", {"led": True} if self.led else None, timeout=FRAME_TIMEOUT)
        except DeviceError as e:
            self.error = str(e)
            frame = None
        if frame is not None:
            pixels = frame.get("pixels")
            w, h = frame.get("width"), frame.get("height")
            if isinstance(pixels, list) and isinstance(w, int) and isinstance(h, int) and len(pixels) == w * h:
                white = frame.get("white") if self.led else 255
                pixels = [shown_hex(str(p), white if isinstance(white, int) else 255) for p in pixels]
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
        if cols < 2 * w + 4 or rows < TOP + self.height + 8:
            self._text(1, "too small: %dx%d needed" % (2 * w + 4, TOP + self.height + 8), cols)
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
        self._text(base + 3, self.why, cols)
        self._text(base + 4, ("device error: " + self.error) if self.error else "", cols)
        self._text(base + 5, self.rate, cols)
        self._text(base + 6, HELP, cols)

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


def _why(ui: dict) -> str:
    """The line under the matrix for what it scrolls: a refusal's reason, or the help."""
    if ui.get("why"):
        return "refused: " + str(ui["why"])
    if ui.get("help"):
        return "help: " + str(ui["help"])
    return ""


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
