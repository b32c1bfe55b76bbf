"""Power cuts: the virtual Pico loses its power at random moments while it saves, 200 times.

A cut is made as a Pico has one (sim.VirtualPico.cut): the interpreter is killed with
SIGKILL (no chance to tidy up) and the bytes on their way in over the serial line are lost
with it; the board starts again on the same folder, as a board that loses power reboots
with its flash as the cut left it. The saves cut are a press that flips the deck (one
appended journal line, and a snapshot of the game right after it: the journal put before
it is long enough that the snapshot is overdue) and a position put by the host (a new
journal, in one rename). Every restart must come up with the game at its last whole
action: the game before the interrupted change or after it - never a broken file, never
a lost game. tests/firmware/test_fw_torn.py cuts every byte of those writes in turn.
"""

import json
import os
import random
import threading
import time

import pytest

from shared_rules import cjson, journal, replay
from shared_rules.games import module
from shared_rules.khan import randplay, state
from shared_rules.khan.game import FLIP, OVER, SETUP
from shared_rules.rng import PCG32
from steppe.device import NoAnswer, SerialTransport
from steppe.sim import VirtualPico

KILLS = 200
SETTINGS = {"players": ["red", "blue", "green"], "mode": "virtual"}


def _journal_at_a_flip(seed: int, least: int) -> "tuple[list, str, str]":
    """(journal lines, state, state after the flip) of a game played by the random player
    until it has at least `least` actions and stands at a flip."""
    head = journal.header("khan", SETTINGS, seed)
    game = journal.start(head)
    chooser = PCG32(seed, 1)
    lines = [head]
    while game.phase != OVER:
        if len(lines) > least and game.phase != SETUP and game.step == FLIP:
            before = cjson.dumps(state.game_json(game))
            module("khan").apply(game, {"do": "flip"})
            return lines, before, cjson.dumps(state.game_json(game))
        action = randplay.action(game, chooser)
        event = module("khan").apply(game, action)
        lines.append(journal.entry(action, module("khan", "actions").draws(action, event)))
    raise AssertionError("the game ended before a flip")


def _put(link, lines: list) -> None:
    from steppe.sync import parts

    todo = parts(lines)
    for k, part in enumerate(todo):
        link.request("journal.put", {"lines": part, "part": k, "last": k == len(todo) - 1}, timeout=30)


def _wait(link, deadline=20.0):
    end = time.monotonic() + deadline
    while True:
        try:
            return link.request("hello", timeout=0.5)
        except NoAnswer:
            if time.monotonic() > end:
                raise


@pytest.fixture
def pico(tmp_path):
    p = VirtualPico(str(tmp_path / "pico"))
    p.open()
    t = threading.Thread(target=p.serve, daemon=True)
    t.start()
    link = SerialTransport(p.device)
    _wait(link)
    yield p, link
    link.close()
    p.stop()
    t.join(5)
    p.close()


def test_every_restart_after_a_cut_has_the_game_before_or_after(pico):
    p, link = pico
    (j1, s1, a1), (j2, s2, a2) = _journal_at_a_flip(3, 40), _journal_at_a_flip(4, 40)
    rnd = random.Random(2026)
    outcomes = {"before": 0, "after": 0}
    snapshots = 0
    for k in range(KILLS):
        if k % 2 == 0:
            # a press that flips the deck: one line appended, then an overdue snapshot
            lines, before, after = (j1, s1, a1) if k % 4 == 0 else (j2, s2, a2)
            _put(link, lines)
            link.write(b'{"id": 9999, "op": "ui.press", "args": {"button": "OK"}}\n')
        else:
            # a position sent by the host: a new journal, in one rename
            before = cjson.dumps(link.request("state.get")["state"])
            after = s2 if before != s2 else s1
            put = {"id": 9998, "op": "state.put", "args": {"game": "khan", "state": json.loads(after)}}
            link.write(cjson.dumps(put).encode() + b"\n")
        time.sleep(rnd.random() * 0.02)
        p.cut()
        link.drain(0.05)
        _wait(link)
        got = link.request("state.get")
        assert got["game"] == "khan", "the board came back without its game (cut %d)" % k
        now = cjson.dumps(got["state"])
        assert now in (before, after), "cut %d: neither the game before nor after the change" % k
        replay.replay(*_texts(link.request("log.get")["journal"]))  # and a whole journal, every line good
        outcomes["before" if now == before else "after"] += 1
        snapshots += any(n.startswith("khan.s") and not n.endswith(".tmp") for n in _files(p))
    print("power cuts: %d, the game before the change came back %d times, after %d; a snapshot was on flash "
          "after %d" % (KILLS, outcomes["before"], outcomes["after"], snapshots))
    # the cuts really fell on both sides of the saves
    assert outcomes["before"] >= 10 and outcomes["after"] >= 10, outcomes


def _texts(lines: list):
    return journal.check_header(lines[0]), [cjson.dumps(e) for e in lines[1:]]


def _files(p) -> "list[str]":
    import os

    return os.listdir(p.fs)


def test_a_cut_loses_the_press_on_its_way_in(pico):
    """A request the board had not read when the power went is gone: the press never
    happens (a real Pico loses it; the cut does not replay it after the restart)."""
    p, link = pico
    lines, before, after = _journal_at_a_flip(5, 10)
    _put(link, lines)
    for _ in range(5):
        p.held = True  # the press is on the line, not yet read by the board...
        time.sleep(0.05)  # ...from the relay's next turn on
        link.write(b'{"id": 9997, "op": "ui.press", "args": {"button": "OK"}}\n')
        time.sleep(0.05)
        p.cut()
        p.held = False
        link.drain(0.05)
        _wait(link)
        assert cjson.dumps(link.request("state.get")["state"]) == before
    assert link.request("ui.press", {"button": "OK"})["screen"] == "khan"  # the same press, sent again, flips
    assert cjson.dumps(link.request("state.get")["state"]) == after


ARCHIVE_CUTS = 30


def test_a_cut_while_a_finished_game_is_archived_leaves_it_archived_whole_or_current(pico):
    """The last action of a game is made (a redo, through the buttons) and the power goes
    at a random moment while the box saves it and copies the game into its archive: after
    the restart the finished game is archived whole (replayed by steppe history's checks),
    or it is still the current game one action short - never a torn archive file."""
    from steppe import history
    from test_history import finished

    p, link = pico
    rnd = random.Random(11)
    outcomes = {"archived": 0, "current": 0}
    for k in range(ARCHIVE_CUTS):
        lines = finished("chuhan", 500 + k)
        gid = history.game_id(lines[0])
        _put(link, lines + [{"undo": 1}])
        link.request("ui.press", {"button": "BACK", "long": True})  # the history: one more undone
        link.request("ui.press", {"button": "RIGHT"})  # ...and redone
        link.write(b'{"id": 9996, "op": "ui.press", "args": {"button": "RIGHT"}}\n')  # the last action
        time.sleep((k % 3) * 0.008 + rnd.random() * 0.006 if k % 3 else 0)  # some before the press is read
        p.cut()
        link.drain(0.05)
        _wait(link)
        kept = [g["id"] for g in link.request("archive.list")["games"]]
        actions = link.request("state.get")["actions"]
        if gid in kept:
            assert actions == len(lines) - 1, "cut %d: archived, so the game has its end" % k
            row = history.check_game(link.request("archive.get", {"id": gid}))
            assert row["actions"] == len(lines) - 1
            outcomes["archived"] += 1
        else:
            assert actions == len(lines) - 2, "cut %d: not archived, so the game is one action short" % k
            outcomes["current"] += 1
        assert not any(n.endswith(".tmp") for n in os.listdir(os.path.join(p.fs, "ended"))) if os.path.isdir(
            os.path.join(p.fs, "ended")) else True
    print("archive cuts: %d, archived whole %d, still the current game %d" % (
        ARCHIVE_CUTS, outcomes["archived"], outcomes["current"]))
    assert outcomes["archived"] >= 2 and outcomes["current"] >= 2, outcomes
