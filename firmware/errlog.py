"""When something the box does fails: a short error screen with a code, and the traceback
kept in errors.log on flash, read (and cleared) with `steppe logs` (errors.get).

Imported only when an error happens (app.App.fault, main.py; errors.get) and let go at
once: play never carries this code (its Fault screen lives on while it shows).

The log keeps the newest entries, at most CAP bytes. An entry is a header line starting
with "@ " (code, count, uptime, wall time, the error's type, where, the screen and mode),
then its traceback, ASCII only. It is appended while it fits (littlefs commits a file's
data on close: a cut leaves the log as it was); past CAP the newest entries are copied to
a temp file that is renamed over the log (atomic on littlefs). Nothing reads the log at
boot: a damaged one never stops the box, and the reader turns any odd byte into "?".
"""

import os
import sys

from hal import clock
from ui import palette
from ui.base import Screen, text

LOG = "errors.log"
TMP = "errors.tmp"
CAP = 4096  # bytes of log kept on flash: the newest entries
ENTRY = 1024  # the most of a traceback kept in one entry (its last lines: the error itself)
SHOW_MS = 4000  # the error screen shows this long, or until a button
MARK = "@ "  # an entry's header line starts with it
AGAIN_MS = 60000  # the same code again within this long is not written again (a screen that fails each frame)

# the code on the matrix: where it happened, then what it was (docs/ui.md lists both)
WHERE = {"press": "P", "draw": "D", "animating": "A", "tick": "T", "snapshot": "S", "link": "L", "main": "M"}
TYPES = ("MemoryError", "M", "OSError", "O", "KeyError", "K", "IndexError", "I", "TypeError", "T",
         "ValueError", "V", "AttributeError", "A", "RulesError", "R", "NameError", "N", "ZeroDivisionError", "Z",
         "RuntimeError", "U", "RecursionError", "U", "StopIteration", "S", "ImportError", "L")


def code(e, where: str) -> str:
    """Two letters: where (P press, D draw ...) and what (K KeyError ...); X unknown."""
    name = type(e).__name__
    what = "X"
    for k in range(0, len(TYPES), 2):
        if TYPES[k] == name:
            what = TYPES[k + 1]
            break
    return WHERE.get(where.split(" ")[0], "X") + what


def _ascii(s: str) -> str:
    """Printable ASCII and newlines; anything else "?" (the log is read back byte by byte)."""
    return "".join(c if " " <= c <= "~" or c == "\n" else "?" for c in s)


def _traceback(e) -> str:
    import io

    buf = io.StringIO()
    if hasattr(sys, "print_exception"):
        sys.print_exception(e, buf)  # type: ignore[attr-defined]  (MicroPython)
    else:  # CPython: the tests
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__, file=buf)
    out = buf.getvalue()  # type: ignore[attr-defined]  (MicroPython's StringIO has it)
    if len(out) > ENTRY:  # the last lines say most: the error and where it was raised
        cut = out.find("\n", len(out) - ENTRY)
        out = "...\n" + out[cut + 1:]
    return out


def entry(e, where: str, about: str, n: int) -> str:
    """The log's entry for e: the header line, then the traceback."""
    wall = clock.wall()
    head = (MARK + code(e, where) + " #" + str(n) + " up " + str(clock.uptime()) + "s wall "
            + ("-" if wall is None else str(wall)) + " " + type(e).__name__ + " in " + where + " on " + about)
    body = _ascii(head.replace("\n", " ") + "\n" + _traceback(e))
    body = body.replace("\n" + MARK, "\n? ")  # only a header starts a line with the mark
    return body if body.endswith("\n") else body + "\n"


def handle(app, e, where: str, about: str, game: str) -> str:
    """App.fault's work, once the game in RAM has gone: the log, the notice, the game as
    saved, the error screen. Returns the code."""
    c = code(e, where)
    now = clock.now()
    last = app.fault_logged
    if last is None or last[0] != c or not 0 <= clock.elapsed(now, last[1]) < AGAIN_MS:
        app.fault_logged = (c, now)  # an error that comes back at once is written once
        try:
            write(app.root, e, where, about, app.faults)
        except Exception:  # no room to say it (MemoryError), or the flash refused: play goes on
            pass
    app.notice = "the box recovered from " + type(e).__name__ + " in " + where + " (" + c + ", steppe logs)"
    e = None
    app._back_to_saved(game)
    app.screen = Fault(app.screen, c, app.screen_name())
    app.dirty = True
    return c


def _size(path: str) -> int:
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def write(root: str, e, where: str, about: str, n: int) -> None:
    """Add e's entry to root's errors.log, the oldest entries going past CAP. May raise
    (OSError, MemoryError): the caller carries on without it."""
    new = entry(e, where, about, n)
    path = root + LOG
    size = _size(path)
    if size + len(new) <= CAP:
        with open(path, "a") as f:
            f.write(new)
        return
    tmp = root + TMP
    with open(path, "rb") as old:
        old.seek(max(0, size + len(new) - CAP))  # what must go; the first whole entry after it stays
        with open(tmp, "wb") as f:
            found = False
            carry = b""
            while True:
                chunk = old.read(256)
                if not chunk:
                    break
                if not found:
                    chunk = carry + chunk
                    k = chunk.find(b"\n" + MARK.encode())
                    if k < 0:
                        carry = chunk[-2:]
                        continue
                    found = True
                    chunk = chunk[k + 1:]
                f.write(chunk)
            f.write(new.encode())
    os.rename(tmp, path)


def stream(root: str, out, clear: bool = False) -> None:
    """The log as one JSON string through out.append, read a piece at a time; any byte
    that is not printable ASCII or a newline comes as "?". clear: the log goes after."""
    from shared_rules import cjson

    out.append('"')
    try:
        f = open(root + LOG, "rb")
    except OSError:
        f = None
    if f is not None:
        with f:
            while True:
                chunk = f.read(256)
                if not chunk:
                    break
                out.append(cjson.dumps(bytes(b if 32 <= b < 127 or b == 10 else 63 for b in chunk).decode())[1:-1])
    out.append('"')
    if clear:
        forget(root)


def forget(root: str) -> None:
    for name in (LOG, TMP):
        try:
            os.remove(root + name)
        except OSError:
            pass


class Fault(Screen):
    """The error screen: ERR in red and the code, for SHOW_MS or until a button; then the
    game as it was last saved (or the menu) comes back."""

    def __init__(self, under, code: str, of: str) -> None:
        self.under = under  # the screen that comes back
        self.code = code
        self.of = of  # the screen's name for the host while this shows
        self.at = clock.now()

    def press(self, app, button: str, long: bool) -> None:
        app.screen = self.under
        app.dirty = True

    def fault_over(self, now: int) -> bool:
        """Shown long enough: the loop brings the screen under it back."""
        return not 0 <= clock.elapsed(now, self.at) < SHOW_MS

    def draw(self, frame: bytearray, now: int) -> None:
        text(frame, 2, 1, "ERR", palette.BAD)
        text(frame, 4, 9, self.code, palette.WHITE)

    def ui_json(self) -> dict:
        return {"mode": "error", "code": self.code}
