"""Run by tests/test_builtin_imports.py under micropython: which of MicroPython's extensible
built-in modules (json, os, binascii, array, struct, machine... - a file of the same name
may stand in for each) the device's code imports by their plain names, once booted.

Such an import looks for NAME, NAME.py and NAME.mpy in every folder of sys.path before it
takes the built-in, and the built-in is never kept in sys.modules: the search runs each
time the statement runs - on a Pico six littlefs lookups of files that are not there (the
virtual Pico: fifteen stat calls). An `import machine` in the buttons' poll did it 250
times a second. The device imports the built-ins by their own u-names (uos, ubinascii...),
which take the built-in at once; the simulator's machine.py (a file: the stand-in) is
imported once and kept.

The box boots from the device image (.mpy), then the real run loop (App.run, the real
PinButtons on the simulator's pins: tests/firmware/loopdrive.py) is driven through seeded
random presses (games started, played, saved, snapshots written when idle) and every line
of LINES on its link (each op's seeded cases, as steppe sends them). Every __import__ call
of a watched plain name is recorded with the phase it came in: the hook goes in once the box
has booted (the simulator's own hook, sim/natives.py, set as machine.py is first imported,
takes builtins.__import__'s place: MicroPython gives no way to call the hook in place, so
this one calls the built-in import, and the simulator's model of viper modules' RAM is off
for the run - not what this test looks at). Prints one line: JSON {"run": {name: imports},
"probe": {...}, "replies": n, "ok": n, "saves": n, "steps": n}.

usage: micropython builtin_imports.py ROOT LIB LINES FOLDER
"""

import builtins
import sys

_real = builtins.__import__
PHASE = ["run"]
SEEN = {"run": {}, "probe": {}}  # {name: imports} (counted: a list would fill the heap the box runs in)
# the extensible built-ins of this interpreter (those a u-name finds), and machine: a Pico's
# is one (the simulator's is its machine.py)
WATCH = ["machine"]
for _name in ("array", "binascii", "collections", "errno", "hashlib", "heapq", "io", "json", "os", "platform",
              "random", "re", "select", "socket", "struct", "time"):
    try:
        _real("u" + _name)
        WATCH.append(_name)
    except ImportError:
        pass


def _hooked(name, *args):
    if name in WATCH:
        seen = SEEN[PHASE[0]]
        seen[name] = seen.get(name, 0) + 1
    return _real(name, *args)


sys.path[:0] = [sys.argv[1] + "/firmware/sim", sys.argv[2], sys.argv[1] + "/tests/firmware"]

import gpio  # noqa: E402,F401  (the simulator's press(), loaded by its first use: its own imports, not the box's)
from fwtest import pixels  # noqa: E402
from loopdrive import drive  # noqa: E402

from app import App  # noqa: E402

LINES = sys.argv[3]
FOLDER = sys.argv[4].rstrip("/") + "/"
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
PRESSES = 600


def script(lines: list):
    state = 12345
    for k in range(PRESSES):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF  # (seeded: the same run every time)
        r = state >> 8
        if r % 41 == 0:
            yield ("wait", 900 + r % 6000)  # idle: a snapshot, a game's summary
        if lines and r % 3 == 0:
            yield ("link", lines.pop())
        yield (BUTTONS[(r >> 4) % 6], (r >> 8) % 9 == 0)
    while lines:
        yield ("link", lines.pop())


def main() -> None:
    with open(LINES, "rb") as f:
        lines = [line.rstrip(b"\n") for line in f]
    lines.reverse()
    app = App(pixels(), None, FOLDER)
    app.boot()
    builtins.__import__ = _hooked
    saves = [0]
    was = [None]

    def after(finger, app):
        if app.record is not None and app.record.count() != was[0]:
            was[0] = app.record.count()
            saves[0] += 1

    finger, out = drive(app, script(lines), FOLDER, after, keep=False)
    PHASE[0] = "probe"
    import binascii  # noqa: F401  (the hook sees a plain import: the check can fail)
    builtins.__import__ = _real
    import ujson

    print(ujson.dumps({"run": SEEN["run"], "probe": SEEN["probe"], "replies": out.replies,
                       "ok": out.ok, "saves": saves[0], "steps": finger.steps_done}))


main()
