"""`steppe sync pull/push`: a game's journal goes to a file and back exactly; a bad file is
refused with its reason (the line of the journal that is not the game's) and the device
keeps its game; a Khan position prepared on the laptop becomes a game on the device."""

import json
import os
import subprocess

import pytest
from conftest import ROOT, Sim, tool

from steppe.drive import DriveError, KhanDriver


def steppe(*args, env=None, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([tool("steppe"), *args], input=stdin, capture_output=True, cwd=ROOT, timeout=120,
                          env=env)


def lend(sim: Sim, *args, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """steppe on the sim's port (it opens for one user at a time)."""
    sim.link.close()
    try:
        return steppe(*args, "--port", sim.device, stdin=stdin)
    finally:
        sim.reopen()


def snapshot(sim: Sim):
    return sim.link.request("state.get"), sim.link.request("log.get")


def play_some_khan(sim: Sim, moves: int = 8, seed: int = 4) -> None:
    """A new 3-player Khan game from the menu, and a few random moves through the buttons."""
    link = sim.link
    for _ in range(4):  # Khan, then OK for each of the 3 players' colours
        reply = link.request("ui.press", {"button": "OK"})
    assert reply["screen"] == "khan"
    driver = KhanDriver(lambda b, long: link.request("ui.press", {"button": b, "long": long}),
                        lambda: link.request("state.get")["state"], seed)
    with pytest.raises(DriveError, match="did not end"):
        driver.game(max_moves=moves)


def test_pull_push_pull_round_trips_exactly(two, tmp_path):
    a, b = two
    # nothing to pull from a device at the menu
    run = lend(b, "sync", "pull", str(tmp_path / "none.json"))
    assert run.returncode == 1 and b"no game in progress" in run.stderr and not os.path.exists(tmp_path / "none.json")
    play_some_khan(a)
    first = tmp_path / "first.json"
    run = lend(a, "sync", "pull", str(first))
    assert run.returncode == 0 and run.stderr.count(b"\n") == 1, run.stderr
    doc = json.loads(first.read_bytes())
    assert doc["steppe"] == "sync" and doc["version"] == 2 and doc["game"] == "khan"
    assert doc["state"] == a.link.request("state.get")["state"]
    assert doc["journal"] == a.link.request("log.get")["journal"] and len(doc["journal"]) >= 9
    assert doc["journal"][0]["settings"]["players"] == ["red", "yellow", "blue"]
    assert sorted(os.listdir(tmp_path)) == ["a", "b", "first.json"]  # no temp file left behind
    # pushed onto a fresh device, pulled again: the same bytes
    run = lend(b, "sync", "push", str(first))
    assert run.returncode == 0 and run.stderr == b"", run.stderr
    again = tmp_path / "again.json"
    assert lend(b, "sync", "pull", str(again)).returncode == 0
    assert again.read_bytes() == first.read_bytes()
    assert snapshot(a) == snapshot(b)
    # "-" is stdout, the same bytes
    run = lend(b, "sync", "pull", "-")
    assert run.returncode == 0 and run.stdout == first.read_bytes()
    # the game goes on from there on the second device
    assert b.link.request("hello")["screen"] == "khan"


def _edit(doc: dict, path: str, value) -> dict:
    """A copy of doc with the field at path ("state.pieces.supply") set (None: removed)."""
    doc = json.loads(json.dumps(doc))
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    here = doc
    for k in keys[:-1]:
        here = here[k]
    if value is None:
        del here[keys[-1]]
    else:
        here[keys[-1]] = value
    return doc


def test_corrupt_files_are_refused_and_the_device_keeps_its_game(sim, tmp_path):
    play_some_khan(sim, moves=4, seed=9)
    good = tmp_path / "good.json"
    assert lend(sim, "sync", "pull", str(good)).returncode == 0
    text = good.read_bytes()
    doc = json.loads(text)
    before = snapshot(sim)
    cases = [  # (file bytes, exit status, words of the one-line reason)
        (text[:len(text) // 2], 2, "not valid JSON: line 2, column "),
        (b"\xff" + text, 2, "not UTF-8 text"),
        (b"", 2, "not valid JSON: line 1, column 1"),
        (b"[1, 2]", 2, "not a steppe file"),
        (json.dumps(_edit(doc, "steppe", "backup")).encode(), 2, "not a steppe file"),
        (json.dumps(_edit(doc, "version", 3)).encode(), 2, "sync version 3; this steppe reads versions 1 and 2"),
        (json.dumps(_edit(doc, "game", "chess")).encode(), 2, 'unknown game "chess"'),
        (json.dumps(_edit(doc, "game", "huns")).encode(), 2, 'its journal is a game of "khan", not huns'),
        (json.dumps(_edit(doc, "state.pieces.supply", 19)).encode(), 2, "its journal does not lead to its state"),
        (json.dumps(_edit(doc, "journal.1.a.cell", "Z99")).encode(), 2, "journal line 2 does not apply: "),
        (json.dumps(_edit(doc, "journal.0.seed", 6)).encode(), 2, "its journal does not lead to its state"),
        (json.dumps(_edit(doc, "journal.0.settings.mode", "chess")).encode(), 2, "journal line 1: "),
        (json.dumps(_edit(doc, "journal", {"a": 1})).encode(), 2, '"journal" must be a list of objects'),
        (json.dumps(_edit(doc, "journal", [doc["journal"][0], 3])).encode(), 2, '"journal" must be a list'),
        (json.dumps(_edit(doc, "journal", doc["journal"][:1] + [{"undo": 1}] * 2)).encode(), 2,
         "journal line 2 is no action, undo or redo that can apply here"),
        (b"[" * 100000 + b"]" * 100000, 2, "nested too deeply"),
        (json.dumps(_edit(doc, "extra", 1)).encode(), 2, 'unknown key "extra"'),
        (text.replace(b'"version":2,', b'"version":2,"version":2,', 1), 2, 'key "version" appears twice'),
        (text.replace(b'"supply":', b'"supply":NaN,"x":', 1), 2, "NaN is not JSON"),
    ]
    for k, (data, status, words) in enumerate(cases):
        path = tmp_path / ("bad%d.json" % k)
        path.write_bytes(data)
        run = lend(sim, "sync", "push", str(path))
        err = run.stderr.decode()
        assert run.returncode == status and words in err and err.count("\n") == 1, (k, err)
        assert err.startswith("steppe sync: " + str(path) + ": ") and "Traceback" not in err
    # what only the device checks (the board must fit the LED matrix): refused there, kept
    wide = tmp_path / "wide.txt"
    wide.write_text("+" * 22 + "\n" + ("+" + "M" * 20 + "+\n") * 4 + "+" * 22 + "\n"
                    + "".join("ruler %s %s2\n" % (r, chr(65 + 2 * k)) for k, r in enumerate(
                        "grey lightblue white orange purple pink brown teal".split())))
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"steppe": "position", "game": "khan", "players": ["red", "blue"], "seed": 1}))
    run = lend(sim, "sync", "push", str(pos), "--board", str(wide))
    assert run.returncode == 5 and b"the device refused it and keeps its game: the board must fit" in run.stderr
    missing = lend(sim, "sync", "push", str(tmp_path / "missing.json"))
    assert missing.returncode == 2 and b"cannot read" in missing.stderr
    assert snapshot(sim) == before
    # and the good file still goes
    assert lend(sim, "sync", "push", str(good)).returncode == 0


def test_a_khan_position_prepared_on_the_laptop(sim, tmp_path):
    position = {
        "steppe": "position", "game": "khan", "players": ["red", "blue"], "current": "blue", "seed": 11,
        "pieces": {"rulers": {"grey": "F2"}, "home": ["teal"],
                   "yurts": {"A1": "red", "B1": "red", "C3": "blue", "D4": "neutral"},
                   "figures": [{"cells": ["A1", "B1"], "shape": "tile-I2", "owners": ["red"]}]},
    }
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position, indent=1))
    env = dict(os.environ, STEPPE_SIMS=str(tmp_path / "no-sims"))
    check = steppe("sync", "push", "--check", str(path), env=env)  # no device needed
    assert check.returncode == 0 and b"good: khan game from a position" in check.stdout
    run = lend(sim, "sync", "push", str(path))
    assert run.returncode == 0, run.stderr
    got = sim.link.request("state.get")
    state = got["state"]
    assert got["game"] == "khan" and sim.link.request("hello")["screen"] == "khan"
    assert state["players"] == ["red", "blue"] and state["current"] == 1 and state["mode"] == "table"
    assert (state["phase"], state["step"], state["turn"]) == ("turn", "flip", 1)
    pieces = state["pieces"]
    assert pieces["rulers"]["grey"] == "F2" and "teal" not in pieces["rulers"] and pieces["home"] == ["teal"]
    assert pieces["rulers"]["white"] == "M8"  # not named: on its start cell
    assert pieces["yurts"] == position["pieces"]["yurts"] and pieces["courts"]["teal"] == 0
    assert state["stock"]["tile-I2"] == 3  # one of the four is on the board
    journal = sim.link.request("log.get")["journal"]  # the game's history starts at the position
    assert len(journal) == 1 and journal[0]["state"] == state
    # the game is playable from there: the table flips for blue
    assert sim.link.request("ui.press", {"button": "OK"})["screen"] == "khan"


def test_a_position_on_a_board_of_ones_own(sim, tmp_path):
    board = tmp_path / "steppe.txt"
    board.write_text("; a small steppe\n+++++++\n+MMGTT+\n+RR~SF+\n+FF~SS+\n+++++++\nname Small\n"
                     + "".join("ruler %s %s\n" % (r, c) for r, c in zip(
                         "grey lightblue white orange purple pink brown teal".split(),
                         "A1 B1 C1 D1 E1 A2 B2 E2".split())))
    path = tmp_path / "pos.json"
    path.write_text(json.dumps({"steppe": "position", "game": "khan", "players": ["red", "yellow", "green"],
                                "mode": "virtual", "pieces": {"yurts": {"A3": "green"}}}))
    run = lend(sim, "sync", "push", str(path), "--board", str(board), "--seed", "5")
    assert run.returncode == 0, run.stderr
    state = sim.link.request("state.get")["state"]
    assert state["board"] == board.read_text() and state["mode"] == "virtual" and state["current"] == 0
    assert sorted(state["deck"]["hands"]) == ["green", "red", "yellow"]
    # a bad board names the board file, its line and column
    board.write_text(board.read_text().replace("+RR~SF+", "+RQ~SF+"))
    run = lend(sim, "sync", "push", str(path), "--board", str(board))
    assert run.returncode == 2
    assert run.stderr.decode() == "steppe sync: %s: board line 4, column 3: unknown cell \"Q\"; use M G T R S F, " \
                                  "~ for river or . for no cell\n" % board
    for bad, words in (({"players": ["red"]}, "players"), ({"pieces": {"yurts": {"Z9": "red"}}}, "Z9"),
                       ({"current": "black"}, '"current" must be one of the players'),
                       ({"pieces": {"rulers": {"grey": "F3"}}}, "river"), ({"seed": -1}, '"seed"'),
                       ({"game": "huns"}, "Khan positions"), ({"colour": "red"}, 'unknown key "colour"')):
        doc = {"steppe": "position", "game": "khan", "players": ["red", "blue"]}
        doc.update(bad)
        path.write_text(json.dumps(doc))
        run = steppe("sync", "push", "--check", str(path))
        assert run.returncode == 2 and words in run.stderr.decode() and run.stderr.count(b"\n") == 1, run.stderr


def test_an_unwritable_destination_is_one_line_and_leaves_nothing(sim, tmp_path):
    play_some_khan(sim, moves=1)
    run = lend(sim, "sync", "pull", str(tmp_path / "no" / "such" / "dir.json"))
    assert run.returncode == 2 and run.stderr.startswith(b"steppe sync: cannot write ")
    assert run.stderr.count(b"\n") == 1 and sorted(os.listdir(tmp_path)) == ["pico"]


def test_old_sync_files_of_every_game_are_checked_by_the_rules_cores_readers(tmp_path):
    """--check needs no device: a version 1 file's state goes through its game's checked
    reader (shared_rules/<game>/state.py, the very code the device reads a position with)."""
    from shared_rules import ops

    for game, args, field, bad in (("chuhan", {"events": "virtual", "seed": 7}, "vp", [99, 0]),
                                   ("huns", {"players": 2, "seed": 7}, "round", -1),
                                   ("khaan", {"players": ["red", "blue", "green"], "seed": 7}, "round", 0)):
        state = ops.call(game + ".new", args)["state"]
        path = tmp_path / (game + ".json")
        path.write_text(json.dumps({"steppe": "sync", "version": 1, "game": game, "state": state, "log": []}))
        ok = steppe("sync", "push", "--check", str(path))
        assert ok.returncode == 0 and b"a version 1 sync file" in ok.stdout, (game, ok.stderr)
        assert field in state, (game, sorted(state))
        state[field] = bad
        path.write_text(json.dumps({"steppe": "sync", "version": 1, "game": game, "state": state, "log": []}))
        run = steppe("sync", "push", "--check", str(path))
        assert run.returncode == 2 and run.stderr.count(b"\n") == 1 and field.encode() in run.stderr, (game, run.stderr)


def test_a_journal_of_2000_lines_goes_to_a_pico_sized_device_and_comes_back_whole(tmp_path):
    """A whole 4-player Khan game with undo and redo after every action (over 2,000 journal
    lines) pushed in parts to a device with a Pico's heap, then pulled: every line back."""
    from shared_rules import cjson, journal
    from shared_rules.games import module
    from shared_rules.rng import PCG32
    from steppe.sync import sync_text

    settings = {"mode": "virtual", "players": ["red", "yellow", "blue", "green"]}
    lines = [journal.header("khan", settings, 17)]
    game = module("khan").new(settings, 17)
    rng = PCG32(17)
    while not module("khan").is_over(game):
        action = module("khan", "randplay").action(game, rng)
        event = module("khan").apply(game, action)
        lines.append(journal.entry(action, module("khan", "actions").draws(action, event)))
        lines += [{"undo": 1}, {"redo": 1}] * 8
    state = module("khan", "state").game_json(game)
    assert len(lines) > 2000
    path = tmp_path / "long.json"
    path.write_text(sync_text("khan", state, lines))
    s = Sim(str(tmp_path / "pico"), heap="190wK")
    try:
        s.wait_ready()
        run = lend(s, "sync", "push", str(path))
        assert run.returncode == 0, run.stderr
        back = tmp_path / "back.json"
        run = lend(s, "sync", "pull", str(back))
        assert run.returncode == 0, run.stderr
        doc = json.loads(back.read_bytes())
        assert len(doc["journal"]) == len(lines) and doc["journal"] == json.loads(cjson.dumps(lines))
        assert doc["state"] == state
    finally:
        s.close()


def test_a_part_the_box_has_no_room_for_is_sent_again_in_halves():
    """Issue 23 finding 16: late in a game a 96wK box takes request lines of 512 bytes, not
    the 2 KB parts push sent. A part whose line did not fit (no_memory, id null: nothing of
    it read) goes again in halves, down to single lines; one whose replay ran out (the
    last part) once more as it is. The box gets every line once, in order, numbered."""
    from shared_rules import cjson
    from steppe.device import DeviceError
    from steppe.sync import PART, put_journal

    class Box:
        def __init__(self, room: int, replay_fails: int = 0) -> None:
            self.room = room
            self.replay_fails = replay_fails
            self.stored = []
            self.parts = []

        def request(self, op, args, timeout=0.0):
            line = cjson.dumps({"id": 1, "op": op, "args": args})
            if len(line) > self.room:
                raise DeviceError("no_memory", "the line did not fit in the device's RAM")
            if args["last"] and self.replay_fails:
                self.replay_fails -= 1
                self.stored.extend(args["lines"])  # (the box keeps a last part whose replay ran out)
                raise DeviceError("no_memory", "out of memory in journal.put")
            if not (args["last"] and self.stored[-len(args["lines"]):] == args["lines"]):
                self.stored.extend(args["lines"])
            self.parts.append((args["part"], len(args["lines"]), args["last"]))
            return {}

    lines = [{"game": "x"}] + [{"a": {"do": "n", "k": k, "pad": "p" * (k % 40)}} for k in range(120)]
    for room, fails in ((PART + 200, 0), (600, 0), (200, 1)):
        box = Box(room, fails)
        put_journal(box, lines)
        assert box.stored == lines, room
        assert [p[0] for p in box.parts] == list(range(len(box.parts))) and [p[2] for p in box.parts].count(True) == 1
        assert box.parts[-1][2] and (room > PART or len(box.parts) > len(lines) * 50 // room)
