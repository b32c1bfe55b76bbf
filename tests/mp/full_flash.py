"""Run by tests/test_littlefs.py under micropython: the companion on a real littlefs (the
Pico's filesystem) in a small RAM block device, played until its flash is full."""

import sys

import vfs

sys.path[:0] = [sys.argv[1] + "/firmware/sim", sys.argv[1] + "/firmware", sys.argv[1] + "/tests/firmware",
                sys.argv[1]]

from fwtest import pixels  # noqa: E402
from ramflash import RAMBlocks  # noqa: E402

from app import App  # noqa: E402
import hostops  # noqa: E402
from record import Record  # noqa: E402
from shared_rules import cjson  # noqa: E402
from shared_rules.errors import RulesError  # noqa: E402
from shared_rules.khan import randplay  # noqa: E402
from shared_rules.khan import state as khan_state  # noqa: E402


def state(app) -> str:
    return cjson.dumps(khan_state.game_json(app.record.game))


blocks = RAMBlocks(512, int(sys.argv[2]))
vfs.VfsLfs2.mkfs(blocks)
vfs.mount(vfs.VfsLfs2(blocks), "/flash")
app = App(pixels(), None, "/flash/")
app.boot()
app.new_game("khan", ["red", "yellow", "blue"], 0, 11)
rng = randplay.PCG32(11, 1)
full = 0
actions = 0
for _ in range(400):
    action = randplay.action(app.record.game, rng)
    if action is None:
        break
    before = state(app)
    app.act(action)
    app.render(0)
    app.flush()  # the save
    if app.alert == "FULL":
        full += 1
        saved = "no snapshot" in app.notice  # the line went in; only a snapshot did not fit
        assert state(app) != before if saved else state(app) == before, "a refused save leaves the game as it was"
        again = Record.open("/flash/", "khan")
        assert cjson.dumps(khan_state.game_json(again.game)) == state(app), "the game in RAM is the one on flash"
        if not saved:
            break
        app.alert = ""
    actions += 1
try:
    hostops.state_put(app, {"game": "khan", "state": khan_state.game_json(app.record.game)})
    put = "accepted"
except RulesError as e:
    put = e.code
print("actions", actions, "full", full, "put", put, "notice", app.notice)
