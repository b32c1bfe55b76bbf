"""When something the box does fails: its code (shown by ui/fault.py) and its traceback
kept in errors.log on flash, read (and cleared) with `steppe logs` (errors.get).

Imported only when an error happens (faults.fault, main.py) or the host asks for the log,
and let go at once: play never carries this code.

The log keeps the newest entries, at most CAP bytes. An entry is a header line starting
with "@ " (code, count, uptime, wall time, the error's type, where, the screen and mode),
then its traceback. It is appended (littlefs commits a file's data on close: a cut leaves
the log as it was); to keep within CAP the newest entries are first copied to a temp file
that is renamed over the log (atomic on littlefs). Nothing reads the log at
boot: a damaged one never stops the box, and the reader (stream) turns any byte that is
not printable ASCII into "?".
"""

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os

import sys

from hal import clock

LOG = "errors.log"
TMP = "errors.tmp"
CAP = 4096  # bytes of log kept on flash: the newest entries
ENTRY = 1024  # room made for a new entry (a longer one makes the log drop more of its oldest)
MARK = "@ "  # an entry's header line starts with it
SET_ASIDE = ".bad"  # a notice naming a file set aside (store.aside) is what the user must be told: a
# fault's notice does not take its place (the fault is in this log and on the error screen)
AGAIN_MS = 60000  # the same code again within this long is not written again (a screen that fails each frame)

# the code on the matrix: where it happened, then what it was (docs/ui.md lists both)
WHERE = {"press": "P", "draw": "D", "animating": "A", "tick": "T", "snapshot": "S", "link": "L", "boot": "B",
         "main": "M"}
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


def header(e, where: str, about: str, n: int) -> str:
    """An entry's first line: its code, the count since the box started, uptime, wall time
    (- when no host set it), the error's type, where and on which screen and mode."""
    wall = clock.wall()
    return (MARK + code(e, where) + " #" + str(n) + " up " + str(clock.uptime()) + "s wall "
            + ("-" if wall is None else str(wall)) + " " + type(e).__name__ + " in " + where + " on "
            + about).replace("\n", " ") + "\n"


def note(app, e, where: str, about: str) -> str:
    """faults.fault's log, once the game in RAM has gone: the entry written (unless the same
    error was written a moment ago), the notice for hello. Returns the code."""
    c = code(e, where)
    now = clock.now()
    last = app.fault_logged
    if last is None or last[0] != c or not 0 <= clock.elapsed(now, last[1]) < AGAIN_MS:
        app.fault_logged = (c, now)  # a screen failing at every frame is written once
        try:
            write(app.root, e, where, about, app.faults)
        except Exception:  # no room to say it (MemoryError), or the flash refused: play goes on
            pass
    if SET_ASIDE not in app.notice:  # (files set aside stay said: hello's notice, steppe sync's warning)
        app.notice = "the box recovered from " + type(e).__name__ + " in " + where + " (" + c + ", steppe logs)"
    return c


def size_of(path: str) -> int:
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def write(root: str, e, where: str, about: str, n: int) -> None:
    """Add e's entry to root's errors.log: its header, then its traceback printed straight
    into the file (no text of it in RAM); the oldest entries go to keep the log within CAP.
    May raise (OSError, MemoryError): the caller carries on without it."""
    _trim(root, CAP - ENTRY)  # room for the new entry
    with open(root + LOG, "a") as f:
        f.write(header(e, where, about, n))
        if hasattr(sys, "print_exception"):
            sys.print_exception(e, f)  # type: ignore[attr-defined]  (MicroPython)
        else:  # CPython: the tests
            import traceback

            traceback.print_exception(type(e), e, e.__traceback__, file=f)
    _trim(root, CAP)  # an entry longer than ENTRY: still within CAP


def _trim(root: str, keep: int) -> None:
    """The log cut to its last `keep` bytes, from the first entry that starts in them
    (looked for in their first 512 bytes; else from the cut as it is): copied a piece at
    a time into a temp file, then renamed over the log - atomic on littlefs."""
    path = root + LOG
    size = size_of(path)
    if size <= keep:
        return
    tmp = root + TMP
    with open(path, "rb") as old:
        old.seek(size - keep)
        with open(tmp, "wb") as f:
            piece = old.read(512)
            k = piece.find(b"\n" + MARK.encode())
            f.write(piece[k + 1:] if k >= 0 else piece)
            while True:
                piece = old.read(256)
                if not piece:
                    break
                f.write(piece)
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


def after(app, e, where: str, about: str, game: str) -> str:
    """faults.fault, once the game in RAM and all the code it could let go are gone: the error
    into the log (skipped if even that finds no room), this module let go (its room is the
    game's), the game as its journal has it (as at boot) or else the menu, and the error
    screen over it. Returns the code."""
    code = "??"
    try:
        code = note(app, e, where, about)
    except Exception:  # no room to write it: the saved game and the error screen still come
        if SET_ASIDE not in app.notice:
            app.notice = "the box recovered from an error"
    e = None
    from memory import unload

    unload("errlog")  # (before the game comes back: its room)
    _back_to_saved(app, game)
    try:
        from ui.fault import Fault

        app.screen = Fault(app.screen, code, app.screen_name())
        app.dirty = True
    except Exception:
        app.warn("ERR", app.notice)
    return code


def _back_to_saved(app, game: str) -> None:
    """The game as its journal has it, else the menu - without the code a game that could
    not come back had loaded."""
    from ui.base import Screen

    for step in (0, 1):
        try:
            if step == 0 and game and app.open_game(game):
                return
            app.free_memory()
            app.to_menu()
            return
        except Exception:
            app.free_memory()
    app.record = None
    app.screen = Screen()  # a dark screen that takes no press: the link can still mend the box
    app.dirty = True
