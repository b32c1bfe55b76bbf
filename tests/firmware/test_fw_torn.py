"""Power cuts inside the saves, byte by byte: a cut leaves a prefix of what was being
written, and every boot after it must come up with the game at its last whole action.

The saves: an action's journal line (appended), a snapshot (a temp file renamed over its
slot) and a new game (a temp file renamed over the journal). Each is cut after every one
of its bytes in turn (snapshots every few bytes), and the board booted on what is left.
tests/test_power_cut.py kills the virtual Pico at random moments as well.
Runs under pytest and under micropython (tests/mp_run.py)."""

import os

from fwtest import tmpdir

from record import Record
from shared_rules import cjson, journal
from shared_rules.games import module
from shared_rules.rng import PCG32

SETTINGS = {"players": ["red", "yellow", "blue"], "mode": "virtual"}


def _state(game) -> str:
    return cjson.dumps(module("khan", "state").game_json(game))


def _read(path: str) -> str:
    with open(path) as f:
        return f.read()


def _write(path: str, text: str) -> None:
    with open(path, "w") as f:
        f.write(text)


def _game(name: str, actions: int) -> Record:
    """A Khan game in a fresh folder after so many actions of the random player, with the
    snapshots a box would have written along the way."""
    rec = Record.create(tmpdir(name), journal.header("khan", SETTINGS, 77))
    rng = PCG32(77, 1)
    for _ in range(actions):
        rec.act(module("khan", "randplay").action(rec.game, rng))
        rec.save()
        if rec.snapshot_due():
            rec.snapshot()
    return rec


def test_a_cut_anywhere_in_an_appended_line_leaves_the_game_before_it():
    rec = _game("torn-line", 40)
    path = rec.path
    old = _read(path)
    before = _state(rec.game)
    rec.act(module("khan", "randplay").action(rec.game, PCG32(5, 5)))
    rec.save()
    after = _state(rec.game)
    line = _read(path)[len(old):]
    assert line.endswith("\n") and len(line) > 10
    for cut in range(len(line) + 1):
        _write(path, old + line[:cut])
        again = Record.open(rec.root, "khan")
        assert _state(again.game) == (after if cut == len(line) else before), cut
        assert _read(path) == (old + line if cut == len(line) else old), cut  # a torn tail is cut away
    _write(path, old)
    again = Record.open(rec.root, "khan")  # and the next action appends as if nothing happened
    again.act(module("khan", "randplay").action(again.game, PCG32(5, 5)))
    again.save()
    assert _read(path) == old + line and _state(again.game) == after


def test_a_cut_anywhere_in_a_snapshot_leaves_the_game_as_it_was():
    rec = _game("torn-snap", 45)
    now = _state(rec.game)
    rec.since = 99
    rec.snapshot()  # the snapshot being cut: a copy of its text, then the slot as it was before
    slot = rec.snaps[-1][0]
    path = rec._slot(slot)
    text = _read(path)
    os.remove(path)
    k = 0
    while k <= len(text):
        _write(path + ".tmp", text[:k])  # the temp file, cut; the rename never came
        assert _state(Record.open(rec.root, "khan").game) == now, k
        k += 23
    os.remove(path + ".tmp")
    _write(path, text)  # the rename came: the new snapshot is used
    again = Record.open(rec.root, "khan")
    assert _state(again.game) == now and again.since == 0


def test_a_cut_anywhere_in_a_new_games_header_leaves_the_old_game():
    rec = _game("torn-new", 12)
    now = _state(rec.game)
    head = journal.seal(cjson.dumps(journal.header("khan", {"players": ["green", "white"], "mode": "table"}, 3)))
    for cut in range(len(head) + 1):
        _write(rec.path + ".tmp", head[:cut])
        assert _state(Record.open(rec.root, "khan").game) == now, cut
