"""Run by tests/test_loop.py under micropython: seeded random presses through the real run
loop (App.run, the real PinButtons on the simulator's pins: tests/firmware/loopdrive.py),
with a request on the link now and then. Prints what it saw, a line each: KEY JSON.

usage: micropython loop_fuzz.py ROOT LIB SEED PRESSES FOLDER
LIB: the device image's /lib (steppe.build: the firmware and the rules compiled to .mpy, as
the virtual Pico runs them); FOLDER: the board's files (the saved games, errors.log).
"""

import sys

sys.path[:0] = [sys.argv[1] + "/firmware/sim", sys.argv[2], sys.argv[1] + "/tests/firmware"]

import gc  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402

from fwtest import pixels  # noqa: E402
from loopdrive import drive  # noqa: E402

from app import App  # noqa: E402

SEED = int(sys.argv[3])
PRESSES = int(sys.argv[4])
FOLDER = sys.argv[5].rstrip("/") + "/"
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
CHECK_EVERY = 400  # presses between two heap checkpoints (taken on the menu)


def script(app, seen):
    random.seed(SEED)
    for k in range(PRESSES):
        r = random.getrandbits(16)
        if r % 97 == 0:
            yield ("wait", 900 + r % 6000)  # idle: a snapshot, a game's summary
        if r % 503 == 0:
            yield ("link", b'{"id":%d,"op":"ui.get"}' % k)
            seen["requests"] += 1
        if r % 2003 == 0:
            yield ("link", b'{"id":%d,"op":"errors.get"}' % k)
            seen["requests"] += 1
        button = BUTTONS[(r >> 4) % 6]
        yield (button, (r >> 8) % 9 == 0)  # now and then held: a long press, an arrow's repeat
    seen["scripted"] = PRESSES
    # then the box must still be usable: out to the menu and into a game of Chu and Han
    for _ in range(60):
        ui = app.ui_json()
        mode = ui.get("mode")
        if ui["screen"] == "chuhan" and mode not in ("error", "leave"):
            break
        if mode == "error" or mode == "leave":
            yield ("OK", False)  # the error screen goes; MENU OK? goes to the menu
        elif mode == "menu":
            yield ("OK" if ui["choice"] == "chuhan" else "DOWN", False)
        elif mode == "setup":
            yield ("OK" if ui["game"] == "chuhan" else "BACK", False)
        else:
            yield ("BACK", False)
    seen["final"] = app.ui_json()


def main() -> None:
    app = App(pixels(), None, FOLDER)
    app.boot()
    seen = {"games": {}, "heap": [], "most_actions": 0, "history": 0, "menu": 0, "requests": 0, "new_games": 0}
    last = [0]
    began = [None]

    def after(finger, app):
        if app.began is not began[0]:  # a new game was started (App.new_game)
            began[0] = app.began
            seen["new_games"] += 1
        name = app.screen_name()
        games = seen["games"]
        if app.record is not None:
            games[name] = games.get(name, 0) + 1
            n = app.record.count()
            if n > seen["most_actions"]:
                seen["most_actions"] = n
        if app.history is not None:
            seen["history"] += 1
        if name == "menu":
            seen["menu"] += 1
            if finger.steps_done - last[0] >= CHECK_EVERY:  # the heap on the menu: no game in RAM
                last[0] = finger.steps_done
                gc.collect()
                seen["heap"].append(gc.mem_free())

    finger, out = drive(app, script(app, seen), FOLDER, after, keep=False)
    try:
        log = os.stat(FOLDER + "errors.log")[6]
    except OSError:
        log = 0
    seen["steps"] = finger.steps_done
    seen["turns"] = finger.turns
    seen["faults"] = app.faults
    seen["notice"] = app.notice
    seen["log_size"] = log
    seen["replies"] = out.replies
    seen["replies_ok"] = out.ok
    seen["fake_ms"] = finger.t
    finger = out = app = None
    for key in seen:  # a line each: a heap the run has filled may not hold the whole text at once
        gc.collect()
        print(key, json.dumps(seen[key]))


main()
