"""The laptop's side as hardened as the box's (issue 23): every `steppe` command turns a
damaged, foreign or hostile file or database into one line and its exit status, never a
traceback, and never makes the database worse; a FIFO, a device or a folder is neither
read nor written over; the serial port is locked, and a program that holds it is named;
a port that vanishes while steppe wakes the box, or a board that resets under `steppe
flash`, is one line in bounded time. Real files, real SQLite, real ptys, the real
MicroPython behind them."""

import hashlib
import json
import os
import pty
import random
import select
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import tty

import pytest

from conftest import ROOT, Sim, tool
from test_history import START, finished

from shared_rules import cjson, ops, replay
from shared_rules.games import module
from steppe import history, sync
from steppe.main import main

OK, USAGE, NO_DEVICE, NO_ANSWER, BAD_DB = 0, 2, 3, 4, 10
TITLES = ("chuhan", "huns", "khaan")
TARGET = "huns"  # the game whose row is damaged, and the one the commands name
ROOT_USER = os.geteuid() == 0


def _one_line(status: int, err: str, want: int, words: str = "") -> str:
    """"" when the outcome is the one wanted, else what is wrong with it."""
    lines = err.splitlines()
    if status != want:
        return "exit %s, not %d: %s" % (status, want, err.strip()[-300:])
    if "Traceback" in err:
        return "a traceback: " + err[-300:]
    if want != OK and len(lines) != 1:
        return "%d lines on stderr, not one: %r" % (len(lines), err[-300:])
    if words and words not in err:
        return "%r not said: %r" % (words, err.strip())
    return ""


# -- a history of three games, and its damaged variants --------------------------------------------------
def _meta(name: str, seed: int) -> dict:
    """What archive.get answers for a finished game of the random player's."""
    lines = finished(name, seed)
    texts = [cjson.dumps(x) for x in lines[1:]]
    game = replay.replay(lines[0], texts)
    return {"id": history.game_id(lines[0]), "journal": lines, "clock": "set", "start": START, "end": START + 3600,
            "summary": module(name, "summary").summary(game, lines[0]["settings"]),
            "actions": len(replay.in_force(texts))}


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    """(the bytes of a history of a game of each of three titles, their ids)."""
    path = str(tmp_path_factory.mktemp("good") / "history.sqlite3")
    db = history.open_db(path)
    ids = {}
    for k, name in enumerate(TITLES):
        meta = _meta(name, 40 + k)
        history.store(db, history.check_game(meta))
        ids[name] = meta["id"]
    db.close()
    with open(path, "rb") as f:
        return f.read(), ids


def _copy(path: str, raw: bytes) -> None:
    with open(path, "wb") as f:
        f.write(raw)


def _sql(path: str, *statements) -> None:
    db = sqlite3.connect(path)
    for s in statements:
        db.execute(*s) if isinstance(s, tuple) else db.execute(s)
    db.commit()
    db.close()


def _damage(sql: str, *params):
    """A row-level variant: the good history, the target game's row changed by sql."""
    def make(path, raw, ids):
        _copy(path, raw)
        _sql(path, (sql + " WHERE id = ?", params + (ids[TARGET],)))
    return make


def _journal_line(k: int, text: str):
    """A variant whose target game's journal line k (1: the header) is text."""
    def make(path, raw, ids):
        _copy(path, raw)
        db = sqlite3.connect(path)
        lines = db.execute("SELECT journal FROM games WHERE id = ?", (ids[TARGET],)).fetchone()[0].split("\n")
        lines[k - 1] = text
        db.execute("UPDATE games SET journal = ? WHERE id = ?", ("\n".join(lines), ids[TARGET]))
        db.commit()
        db.close()
    return make


def _changed_draw(path, raw, ids):
    """Canonical JSON all through, but a line records draws the game does not make."""
    _copy(path, raw)
    db = sqlite3.connect(path)
    text = db.execute("SELECT journal FROM games WHERE id = ?", (ids[TARGET],)).fetchone()[0]
    lines = [json.loads(x) for x in text.split("\n")]
    k = next(k for k in range(1, len(lines)) if lines[k].get("r"))
    first = sorted(lines[k]["r"])[0]
    lines[k]["r"][first] = [999]
    db.execute("UPDATE games SET journal = ? WHERE id = ?", ("\n".join(cjson.dumps(x) for x in lines), ids[TARGET]))
    db.commit()
    db.close()


def _garbage_page(path, raw, ids):
    """Page 3 of 4 KB overwritten with seeded noise (a disk's bad sector, a torn copy)."""
    noise = random.Random(23).randbytes(4096)
    _copy(path, raw[:8192] + noise + raw[12288:])


def _foreign_games(path, raw, ids):
    """Another program's table called games, user_version 1 and steppe's other tables."""
    _sql(path, "CREATE TABLE games (id TEXT PRIMARY KEY, title TEXT, score REAL)",
         "INSERT INTO games VALUES ('a', 'Chess', 1.5)", *history.SCHEMA[1:], "PRAGMA user_version = 1")


def _foreign_v0(path, raw, ids):
    _sql(path, "CREATE TABLE t (x)", "INSERT INTO t VALUES (1)")


def _no_table(path, raw, ids):
    _copy(path, raw)
    _sql(path, "DROP TABLE bgg")


def _newer(path, raw, ids):
    _copy(path, raw)
    _sql(path, "PRAGMA user_version = 2")


def _text_file(path, raw, ids):
    with open(path, "w") as f:
        f.write("these are my notes, not a database\n" * 40)


def _binary(path, raw, ids):
    _copy(path, random.Random(5).randbytes(20000))


def _truncated(path, raw, ids):
    _copy(path, raw[:len(raw) // 2])


def _zero(path, raw, ids):
    _copy(path, b"")


def _folder(path, raw, ids):
    os.mkdir(path)


def _fifo(path, raw, ids):
    os.mkfifo(path)


def _link_to_fifo(path, raw, ids):
    os.mkfifo(path + ".fifo")
    os.symlink(path + ".fifo", path)


def _link_to_zero(path, raw, ids):
    os.symlink("/dev/zero", path)


def _device(path, raw, ids):
    """A device node of the test's own (a null device): root may make one, others not."""
    try:
        os.mknod(path, 0o666 | 0o020000, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("only root makes a device node")


LOCK = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("holding", flush=True)
sys.stdin.read()
"""


def _locked(path, raw, ids):
    """Another program in the middle of a write: an exclusive transaction held (in a
    process of its own: a POSIX lock of this one would go with any file of it closed)."""
    _copy(path, raw)
    holder = subprocess.Popen([sys.executable, "-c", LOCK, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "holding\n"

    def release():
        holder.kill()
        holder.wait()
    return release


def _read_only(path, raw, ids):
    """A file steppe may read but not write: its mode for a user, immutable for root."""
    _copy(path, raw)
    if ROOT_USER:
        if subprocess.run(["chattr", "+i", path], capture_output=True).returncode != 0:
            pytest.skip("this filesystem has no immutable files for root")

        def release():
            subprocess.run(["chattr", "-i", path], check=True)
        return release
    os.chmod(path, 0o444)


def _wrong_names(path, raw, ids):
    """The small tables with values of other types: passed over, not trusted."""
    _copy(path, raw)
    _sql(path, ("INSERT INTO names VALUES (?, 'red', ?)", (ids[TARGET], b"\x00")),
         "INSERT INTO default_names VALUES ('blue', 7)", "INSERT INTO bgg VALUES ('huns', 'many')")


DEEP = "[" * 100000 + "]" * 100000
# name -> (maker, the kind of outcome, words the refusal says)
VARIANTS = {
    "garbage page": (_garbage_page, "file", "damaged"),
    "truncated": (_truncated, "file", ""),
    "not SQLite (text)": (_text_file, "file", "not a SQLite database"),
    "not SQLite (binary)": (_binary, "file", "not a SQLite database"),
    "foreign games table, user_version 1": (_foreign_games, "file", "its table games has the columns"),
    "foreign tables, user_version 0": (_foreign_v0, "file", "not a steppe history"),
    "a table missing": (_no_table, "file", "its table bgg is missing"),
    "newer user_version": (_newer, "file", "newer steppe"),
    "a folder": (_folder, "file", "is a directory"),
    "a FIFO": (_fifo, "hostile", "is a FIFO"),
    "a symlink to a FIFO": (_link_to_fifo, "hostile", "is a FIFO"),
    "a symlink to /dev/zero": (_link_to_zero, "file", "is a device"),
    "a device node": (_device, "hostile", "is a device"),
    "locked": (_locked, "file", "locked by another program"),
    "zero-length": (_zero, "zero", "no history database"),
    "read-only": (_read_only, "read-only", "cannot be written"),
    "settings not JSON": (_damage("UPDATE games SET settings = ?", '{"players": ['), "row", "settings is not"),
    "summary not JSON": (_damage("UPDATE games SET summary = ?", "not json"), "row", "summary is not"),
    "summary 100,000 deep": (_damage("UPDATE games SET summary = ?", DEEP), "row", "nested too deeply"),
    "summary with a fraction": (_damage("UPDATE games SET summary = ?", '{"ranking":[{"player":"red","total":1.5,'
                                        '"place":1}],"winner":"red"}'), "row", "not a whole number"),
    "summary of another shape": (_damage("UPDATE games SET summary = ?", '{"ranking":"nobody"}'), "row", "ranking"),
    "summary an integer": (_damage("UPDATE games SET summary = 42"), "row", "summary is not a JSON object"),
    "settings a blob": (_damage("UPDATE games SET settings = ?", b"\x00\xff"), "row", "settings is not text"),
    "settings' players a number": (_damage("UPDATE games SET settings = ?", '{"players":5}'), "row", "players"),
    "actions as text": (_damage("UPDATE games SET actions = 'many'"), "row", "count of actions"),
    "start as text": (_damage("UPDATE games SET start = 'yesterday'"), "row", "start time"),
    "an unknown title": (_damage("UPDATE games SET game = 'chess'"), "row", "chess"),
    "clock unknown": (_damage("UPDATE games SET clock = 'sundial'"), "row", "clock"),
    "id a blob": (_damage("UPDATE games SET id = X'deadbeef'"), "row", "id is not text"),
    "journal line not JSON": (_journal_line(5, '{"a":'), "journal", "journal line 5"),
    "journal line 100,000 deep": (_journal_line(3, DEEP), "journal", "journal line 3"),
    "journal line with a fraction": (_journal_line(4, '{"a":{"do":"skip","x":1.5}}'), "journal", "journal line 4"),
    "journal that does not replay": (_changed_draw, "journal", "does not replay"),
    "names, default names and a bgg id of the wrong types": (_wrong_names, "lenient", ""),
}
WRITES = ("name", "name --default", "bgg", "pull")
REPLAYS = ("show", "replay --text", "replay", "stats --plot", "stats --html")


def expected(kind: str, command: str, name: str = "") -> int:
    if name == "id a blob" and command in ("show", "replay --text", "replay", "name", "stats --plot"):
        return USAGE  # (the id named is not there any more: "no game ...")
    if kind in ("file", "hostile"):
        return BAD_DB
    if kind == "zero":  # as no file: the commands that write make the history there
        return {"name": USAGE, "name --default": OK, "bgg": OK, "pull": NO_DEVICE}.get(command, BAD_DB)
    if kind == "read-only":
        return BAD_DB if command in WRITES else OK
    if command == "pull":
        return NO_DEVICE  # (the row is not read: the missing port is what is said)
    if kind == "row":
        return OK if command in ("name --default", "bgg") else BAD_DB
    if kind == "journal":
        return BAD_DB if command in REPLAYS else OK
    return OK  # lenient


def _commands(gid: str, out: str) -> list:
    """(name, arguments after `history --db DB`, run in a process of its own)."""
    return [
        ("list", ["list"], False),
        ("show", ["show", gid], False),
        ("replay --text", ["replay", gid, "--text"], False),
        ("replay", ["replay", gid, "--delay", "0.0001"], True),  # the front panel: a virtual Pico
        ("name", ["name", gid, "red=Anna"], False),
        ("name --default", ["name", "--default", "red=Anna"], False),
        ("bgg", ["bgg", "khan=1"], False),
        ("export", ["export", "--csv", os.path.join(out, "plays.csv"), "--bgstats", os.path.join(out, "p.bgsplay")],
         False),
        ("stats", ["stats"], False),
        ("stats --plot", ["stats", "--plot", gid, "--out", os.path.join(out, "game.png")], True),  # matplotlib
        ("stats --html", ["stats", "--html", os.path.join(out, "report")], True),
        ("pull", ["pull", "--port", os.path.join(out, "no-such-port")], False),
    ]


def _state(path: str) -> tuple:
    """What a command must not change: the file's bytes, and what lies beside it."""
    folder = os.path.dirname(path)
    raw = "not a file"
    if os.path.isfile(path):  # (a FIFO is never opened)
        with open(path, "rb") as f:
            raw = hashlib.sha256(f.read()).hexdigest()
    return raw, sorted(os.listdir(folder))


def _games(path: str) -> list:
    db = sqlite3.connect("file:" + path + "?mode=ro", uri=True)
    try:
        return db.execute("SELECT * FROM games ORDER BY rowid").fetchall()
    finally:
        db.close()


def run_history(args: list, own_process: bool, capsys=None, env=None) -> "tuple[object, str, str]":
    """(status, stdout, stderr) of `steppe history ARGS`, here or in a process of its own."""
    if own_process or capsys is None:
        try:
            done = subprocess.run([tool("steppe"), "history", *args], capture_output=True, text=True, timeout=120,
                                  stdin=subprocess.DEVNULL, env=env)
        except subprocess.TimeoutExpired:
            return "still waiting after 120 s", "", ""
        return done.returncode, done.stdout, done.stderr
    capsys.readouterr()
    try:
        status = main(["history", *args])
    except BaseException as e:  # noqa: BLE001 - today's tracebacks, named in the table
        return "raised " + type(e).__name__, "", repr(e)
    got = capsys.readouterr()
    return status, got.out, got.err


def outcomes(name: str, good, tmp, capsys=None, env=None) -> list:
    """Every history command over the variant: (command, status, stderr, what is wrong or "")."""
    make, kind, words = VARIANTS[name]
    raw, ids = good
    rows = []
    gid = ids[TARGET]
    for k in range(len(_commands(gid, tmp))):
        command, args, own = _commands(gid, os.path.join(tmp, "out%d" % k))[k]
        folder = os.path.join(tmp, "v%d" % k)
        os.makedirs(os.path.join(tmp, "out%d" % k))
        os.makedirs(folder)
        path = os.path.join(folder, "history.sqlite3")
        release = make(path, raw, ids)
        try:
            before = _state(path)
            rows_before = _games(path) if kind in ("row", "journal", "lenient") else None
            status, out, err = run_history(["--db", path, *args], own or kind == "hostile", capsys, env)
            want = expected(kind, command, name)
            wrong = _one_line(status, err, want, words if want == BAD_DB else "")
            made = kind == "zero" and command in WRITES  # (an empty file is made the history, as a new path is)
            if not wrong and status != OK and not made and _state(path) != before:
                wrong = "the refused database was changed"
            if not wrong and status != OK and os.listdir(os.path.join(tmp, "out%d" % k)):
                wrong = "a refused command wrote " + ", ".join(os.listdir(os.path.join(tmp, "out%d" % k)))
            if not wrong and command not in WRITES and kind != "zero" and _state(path) != before:
                wrong = "a command that only reads changed the database"
            if not wrong and rows_before is not None and _games(path) != rows_before:
                wrong = "the stored games were changed"
        finally:
            if release is not None:
                release()
        rows.append((command, status, err.strip(), wrong))
    return rows


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_history_command_over_a_damaged_or_foreign_database_says_one_line(name, good, tmp_path, capsys):
    rows = outcomes(name, good, str(tmp_path), capsys)
    wrong = ["%s: %s" % (command, why) for command, _, _, why in rows if why]
    assert not wrong, name + ":\n" + "\n".join(wrong)


def test_the_good_history_answers_every_command(good, tmp_path, capsys):
    """The control: the same commands over the whole history succeed."""
    raw, ids = good
    for k in range(len(_commands(ids[TARGET], ""))):
        command, args, own = _commands(ids[TARGET], str(tmp_path / ("out%d" % k)))[k]
        os.makedirs(tmp_path / ("out%d" % k))
        path = str(tmp_path / ("h%d.sqlite3" % k))
        _copy(path, raw)
        status, out, err = run_history(["--db", path, *args], own, capsys)
        assert status == (NO_DEVICE if command == "pull" else OK), (command, err)
        assert "Traceback" not in err


# -- hostile files given to steppe sync ------------------------------------------------------------------------
def _sync_file(tmp, name: str = "good.json") -> "tuple[str, str]":
    """(path, text) of a good sync file: a game of Chu and Han one action short of its end."""
    lines = finished("chuhan", 3)[:-1]
    game = replay.replay(lines[0], [cjson.dumps(x) for x in lines[1:]])
    text = sync.sync_text("chuhan", module("chuhan", "state").game_json(game), lines)
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path, text


def _inputs(tmp: str) -> dict:
    """name -> (path, words the refusal says)."""
    good, text = _sync_file(tmp)
    second = text.split("\n")[4]  # journal line 2
    out = {}

    def put(name: str, data, words: str) -> None:
        path = os.path.join(tmp, name.replace(" ", "-").replace("/", "") + ".json")
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        out[name] = (path, words)

    put("not UTF-8", b'{"steppe":"sync","version":2,"game":"\xff\xfe"}', "not UTF-8")
    put("UTF-16", text.encode("utf-16"), "not UTF-8")
    put("a BOM", "\ufeff" + text, "not valid JSON")
    put("100,000 deep array", DEEP, "nested")
    put("100,000 deep object", '{"a":' * 100000 + "1" + "}" * 100000, "nested")

    def line2(value: str) -> str:
        return text.replace(second, second.replace('{"a":{', '{"a":{"x":' + value + ",", 1), 1)

    put("a fraction in a journal line", line2("1.5"), "journal line 2: at a.x: 1.5 is not a whole number")
    put("an exponent in a journal line", line2("1e3"), "journal line 2")
    put("a fraction in the state", text.replace('"deck":', '"deck":0.5,"x":', 1), "state.deck: 0.5")
    put("NaN", line2("NaN"), "NaN is not JSON")
    put("a 5,000-digit number", line2("9" * 5000), "digits")
    put("a key twice", text.replace('"game":"chuhan",', '"game":"chuhan","game":"chuhan",', 1), "twice")
    put("a lone surrogate", line2('"\\ud800"'), "surrogate")
    put("a 9 MB line", '{"steppe":"' + "a" * 9_000_000 + '"}', "larger than")
    put("empty", "", "")
    put("a JSON array", "[1, 2, 3]", "")
    path = os.path.join(tmp, "fifo.json")
    os.mkfifo(path)
    out["a FIFO"] = (path, "is a FIFO")
    os.symlink(path, os.path.join(tmp, "link.json"))
    out["a symlink to a FIFO"] = (os.path.join(tmp, "link.json"), "is a FIFO")
    os.mkdir(os.path.join(tmp, "folder.json"))
    out["a folder"] = (os.path.join(tmp, "folder.json"), "is a directory")
    out["/dev/zero"] = ("/dev/zero", "is a device")
    out["/dev/null"] = ("/dev/null", "is a device")
    return out


def test_hostile_files_given_to_sync_push_and_board_push_are_refused_in_one_line(tmp_path):
    inputs = _inputs(str(tmp_path))
    position = tmp_path / "position.json"
    position.write_text('{"steppe": "position", "game": "khan", "players": ["red", "blue"], "seed": 1}')
    nowhere = str(tmp_path / "no-such-port")
    wrong = []
    for name, (path, words) in inputs.items():
        for command, said in ((["sync", "push", "--check", path], words), (["sync", "push", path, "--port", nowhere], words),
                              (["sync", "board", "push", "--check", path], ""),
                              (["sync", "board", "push", path, "--port", nowhere], ""),
                              (["sync", "push", "--check", str(position), "--board", path], "")):
            # (a FIFO opened for reading waits for a writer: a process of its own, and a time limit)
            try:
                done = subprocess.run([tool("steppe"), *command], capture_output=True, text=True, timeout=60,
                                      stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                wrong.append("%s: %s: still waiting after 60 s" % (name, " ".join(command[:3])))
                continue
            why = _one_line(done.returncode, done.stderr, USAGE, said)
            if why:
                wrong.append("%s: %s: %s" % (name, " ".join(command[:3] + command[4:5]), why))
    assert stat_kind(str(tmp_path / "fifo.json")) == "fifo"
    assert not wrong, "\n".join(wrong)


def stat_kind(path: str) -> str:
    import stat

    mode = os.lstat(path).st_mode
    return "fifo" if stat.S_ISFIFO(mode) else "link" if stat.S_ISLNK(mode) else "file" if stat.S_ISREG(mode) else "?"


def test_a_fraction_in_a_pushed_journal_is_named_by_its_line(tmp_path, capsys):
    good, text = _sync_file(str(tmp_path))
    lines = text.split("\n")
    lines[5] = lines[5].replace('{"a":{', '{"a":{"x":1.5,', 1)  # journal line 3
    bad = tmp_path / "bad.json"
    bad.write_text("\n".join(lines))
    assert main(["sync", "push", "--check", str(bad)]) == USAGE
    err = capsys.readouterr().err
    assert err == "steppe sync: %s: journal line 3: at a.x: 1.5 is not a whole number (steppe's files hold no " \
                  "fractions)\n" % bad, err
    assert main(["sync", "push", "--check", good]) == OK


# -- what steppe writes ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def history_file(good, tmp_path_factory):
    path = str(tmp_path_factory.mktemp("export") / "history.sqlite3")
    _copy(path, good[0])
    return path, good[1]


def _targets(tmp: str) -> dict:
    """name -> a path that is not a regular file or a new name."""
    out = {}
    fifo = os.path.join(tmp, "out.fifo")
    os.mkfifo(fifo)
    out["a FIFO"] = fifo
    os.symlink(fifo, os.path.join(tmp, "fifo.link"))
    out["a symlink to a FIFO"] = os.path.join(tmp, "fifo.link")
    os.symlink("/dev/full", os.path.join(tmp, "full.link"))
    out["a symlink to /dev/full"] = os.path.join(tmp, "full.link")
    os.mkdir(os.path.join(tmp, "folder"))
    out["a folder"] = os.path.join(tmp, "folder")
    try:
        os.mknod(os.path.join(tmp, "full"), 0o666 | 0o020000, os.makedev(1, 7))  # a /dev/full of our own
        out["a device node"] = os.path.join(tmp, "full")
    except PermissionError:
        pass  # (only root makes one; the symlink to /dev/full stands for it)
    return out


def _kinds(tmp: str) -> dict:
    return {name: (os.lstat(os.path.join(tmp, name)).st_mode, os.path.realpath(os.path.join(tmp, name)))
            for name in sorted(os.listdir(tmp))}


def test_exports_and_plots_refuse_a_fifo_a_device_or_a_folder_and_leave_it_be(history_file, tmp_path):
    db, ids = history_file
    out = str(tmp_path / "targets")
    os.mkdir(out)
    targets = _targets(out)
    before = _kinds(out)
    wrong = []
    for name, target in targets.items():
        for args in (["export", "--csv", target], ["export", "--bgstats", target],
                     ["stats", "--plot", ids[TARGET], "--out", target]) + (
                        (["stats", "--html", target],) if name != "a folder" else ()):
            try:
                done = subprocess.run([tool("steppe"), "history", "--db", db, *args], capture_output=True, text=True,
                                      timeout=120, stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                wrong.append("%s: %s: still waiting" % (name, " ".join(args[:2])))
                continue
            why = _one_line(done.returncode, done.stderr, USAGE, "will not write")
            if why:
                wrong.append("%s: %s: %s" % (name, " ".join(args[:2]), why))
    assert not wrong, "\n".join(wrong)
    assert _kinds(out) == before, "every target is what it was"


def _limited(size: int):
    """A process that may write files of at most size bytes (RLIMIT_FSIZE): writing more
    fails with EFBIG, as a full disk fails with ENOSPC, on a regular file."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit


def test_a_write_error_is_one_line_and_the_old_file_is_kept(history_file, tmp_path):
    db, ids = history_file
    env = dict(os.environ, MPLCONFIGDIR=str(tmp_path / "mpl"))
    warm = subprocess.run([tool("steppe"), "history", "--db", db, "stats", "--plot", ids[TARGET], "--out",
                           str(tmp_path / "warm.png")], capture_output=True, text=True, env=env, timeout=120)
    assert warm.returncode == 0, warm.stderr  # (matplotlib's font cache made before the limit)
    out = tmp_path / "out"
    out.mkdir()
    wrong = []
    for name, args in (("plays.csv", ["export", "--csv"]), ("plays.bgsplay", ["export", "--bgstats"]),
                       ("game.png", ["stats", "--plot", ids[TARGET], "--out"])):
        target = out / name
        target.write_text("the old file\n")
        done = subprocess.run([tool("steppe"), "history", "--db", db, *args, str(target)], capture_output=True,
                              text=True, env=env, timeout=120, preexec_fn=_limited(64))
        why = _one_line(done.returncode, done.stderr, USAGE, "cannot write " + str(target) + ": File too large")
        if why:
            wrong.append(name + ": " + why)
        if target.read_text() != "the old file\n":
            wrong.append(name + ": the old file was not kept")
    report = out / "report"
    done = subprocess.run([tool("steppe"), "history", "--db", db, "stats", "--html", str(report)], capture_output=True,
                          text=True, env=env, timeout=300, preexec_fn=_limited(64))
    why = _one_line(done.returncode, done.stderr, USAGE, "File too large")
    if why:
        wrong.append("report: " + why)
    assert sorted(os.listdir(out)) == ["game.png", "plays.bgsplay", "plays.csv", "report"], "no temp file left"
    assert not os.listdir(report), "no temp file left"
    assert not wrong, "\n".join(wrong)


def test_stdout_on_a_full_device_is_one_line(history_file, tmp_path):
    """`-` (or a redirect) is how a device is named on purpose: its write errors are said."""
    db, ids = history_file
    for args in (["export", "--csv", "-"], ["export", "--bgstats", "-"], ["list"], ["show", ids[TARGET]]):
        with open("/dev/full", "w") as full:
            done = subprocess.run([tool("steppe"), "history", "--db", db, *args], stdout=full, stderr=subprocess.PIPE,
                                  text=True, timeout=120, cwd=str(tmp_path))
        assert not _one_line(done.returncode, done.stderr, USAGE, "No space left on device"), (args, done.stderr)


@pytest.fixture
def box(tmp_path):
    """A virtual Pico with a Khan game in progress and an own board, its port free for steppe."""
    s = Sim(str(tmp_path / "pico"))
    s.wait_ready()
    for b in ("OK", "OK", "OK", "OK"):
        s.link.request("ui.press", {"button": b})
    s.link.request("board.put", {"board": ops.call("khan.board", {"board": "default"})["text"]})
    s.link.close()
    yield s
    s.reopen()
    s.close()


def test_sync_pull_and_board_pull_refuse_what_is_not_a_file_and_say_a_write_error(box, tmp_path):
    out = str(tmp_path / "targets")
    os.mkdir(out)
    targets = _targets(out)
    before = _kinds(out)
    wrong = []
    for what in (["sync", "pull"], ["sync", "board", "pull"]):
        for name, target in targets.items():
            done = subprocess.run([tool("steppe"), *what, target, "--port", box.device], capture_output=True,
                                  text=True, timeout=120, stdin=subprocess.DEVNULL)
            why = _one_line(done.returncode, done.stderr, USAGE, "will not write")
            if why:
                wrong.append("%s %s: %s" % (" ".join(what), name, why))
        target = tmp_path / "old.txt"
        target.write_text("the old file\n")
        done = subprocess.run([tool("steppe"), *what, str(target), "--port", box.device], capture_output=True,
                              text=True, timeout=120, stdin=subprocess.DEVNULL, preexec_fn=_limited(64))
        why = _one_line(done.returncode, done.stderr, USAGE, "File too large")
        if why or target.read_text() != "the old file\n":
            wrong.append("%s under a size limit: %s" % (" ".join(what), why or "the old file was not kept"))
        done = subprocess.run([tool("steppe"), *what, str(target), "--port", box.device], capture_output=True,
                              text=True, timeout=120, stdin=subprocess.DEVNULL)
        if done.returncode != 0 or target.read_text() == "the old file\n":
            wrong.append("%s: a regular file is written: %s" % (" ".join(what), done.stderr))
    assert _kinds(out) == before
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")], "no temp file left"
    assert not wrong, "\n".join(wrong)


# -- the port: locked, and who holds it named --------------------------------------------------------------
HOLD = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
if sys.argv[2] == "flock":
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
print("holding", flush=True)
sys.stdin.read()
"""


def _started(sims, name: str, bare: bool = False) -> "tuple[dict, Sim]":
    """(the environment, a virtual Pico of the test's own registry, its port free for steppe)."""
    env, start = sims
    s = start(name, bare=bare)
    if not bare:
        s.wait_ready()
    s.link.close()
    return env, s


def _holder(device: str, how: str) -> subprocess.Popen:
    """Another program with the port open: with flock (a serial terminal: miniterm, picocom)
    or without (cat, screen)."""
    p = subprocess.Popen([sys.executable, "-c", HOLD, device, how], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True)
    assert p.stdout is not None and p.stdout.readline() == "holding\n"
    return p


def _steppe(*args, env=None, timeout=120) -> subprocess.CompletedProcess:
    return subprocess.run([tool("steppe"), *args], capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("how", ["flock", "open"])
def test_a_program_holding_the_port_is_named_not_the_box_blamed(sims, how):
    env, s = _started(sims, "held")
    holder = _holder(s.device, how)
    try:
        for args in (["sync", "pull", "-", "--port", s.device], ["logs", "--port", s.device],
                     ["flash", "--port", s.device]):
            run = _steppe(*args, env=env)
            assert not _one_line(run.returncode, run.stderr, NO_ANSWER, "is in use by another program (PID %d"
                                 % holder.pid), (args, run.stderr)
        listed = _steppe("ports", env=env)
        assert "PID %d" % holder.pid in listed.stdout, listed.stdout
    finally:
        holder.kill()
        holder.wait()
    run = _steppe("logs", "--port", s.device, env=env)
    assert run.returncode == 0, run.stderr  # the port free again: the box answers


def _wait_open(pid: int, device: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            fds = os.listdir("/proc/%d/fd" % pid)
        except OSError:
            fds = []
        for fd in fds:
            try:
                if os.readlink("/proc/%d/fd/%s" % (pid, fd)) == device:
                    return
            except OSError:
                pass
        time.sleep(0.05)
    raise AssertionError("PID %d never opened %s" % (pid, device))


def test_a_second_steppe_is_named(sims):
    env, s = _started(sims, "second")
    first = subprocess.Popen([tool("steppe"), "rules", "--port", s.device, "rng.draw"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        _wait_open(first.pid, s.device)  # connected, and waiting for lines on its stdin
        run = _steppe("sync", "pull", "-", "--port", s.device, env=env)
        assert not _one_line(run.returncode, run.stderr, NO_ANSWER, "PID %d, steppe rules --port" % first.pid), \
            run.stderr
    finally:
        first.kill()
        first.wait()


# -- a line of the test's own between steppe and a virtual Pico -----------------------------------------------
class Relay:
    """A serial line between steppe and a virtual Pico that the test holds: a real pty pair
    (steppe opens its slave as a board's /dev/ttyACM0; the test holds the master, the device
    side, as a USB serial chip is), bytes copied both ways by a thread. When steppe has sent
    `watch` for the n-th time, its bytes are held and act(relay) runs in the thread: the
    line closed (the port vanishes: a cable pulled), the board reset, a pause."""

    def __init__(self, board: Sim, watch: bytes, nth: int = 1, act=None) -> None:
        self.sim = board
        self.master, self.slave = pty.openpty()
        for fd in (self.master, self.slave):
            tty.setraw(fd)
        self.device = os.ttyname(self.slave)
        self.board = os.open(board.device, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.board)
        self.watch, self.nth, self.act = watch, nth, act
        self.seen = 0
        self.tail = b""
        self.fired = threading.Event()
        self.resume = threading.Event()
        self.closed = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.closed:
            try:
                ready, _, _ = select.select([self.master, self.board], [], [], 0.05)
            except (OSError, ValueError):
                return
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                if fd == self.board:
                    self._write(self.master, data)
                    continue
                if self.watch and not self.fired.is_set():
                    self.seen += (self.tail + data).count(self.watch)
                    self.tail = (self.tail + data)[-(len(self.watch) - 1):] if len(self.watch) > 1 else b""
                    if self.seen >= self.nth:
                        self.fired.set()
                        if self.act is not None:
                            self.act(self)
                        if self.closed:
                            return
                self._write(self.board, data)

    def _write(self, fd: int, data: bytes) -> None:
        try:
            while data:
                data = data[os.write(fd, data):]
        except OSError:
            pass

    def pump_board(self, until: bytes, timeout: float = 15.0) -> bytes:
        """(in act) The board's output passed on to steppe until it has said `until`."""
        got = b""
        end = time.monotonic() + timeout
        while until not in got and time.monotonic() < end:
            ready, _, _ = select.select([self.board], [], [], 0.05)
            if ready:
                data = os.read(self.board, 4096)
                got += data
                self._write(self.master, data)
        return got

    def vanish(self) -> None:
        """The line gone: the pty's master and the test's slave closed, the device node removed."""
        self.closed = True
        os.close(self.master)
        os.close(self.slave)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.thread.join(2.0)
            os.close(self.master)
            os.close(self.slave)
        self.thread.join(2.0)
        os.close(self.board)


def _board_pid(s: Sim) -> int:
    out = subprocess.run(["pgrep", "-P", str(s.proc.pid)], capture_output=True, text=True).stdout.split()
    return int(out[0])


def _reset(relay: Relay) -> None:
    """The board restarts (its interpreter killed; the virtual Pico starts it again, on the
    same port, as a Pico's reset button does) and prints its banner; then steppe's bytes go on."""
    os.kill(_board_pid(relay.sim), signal.SIGKILL)
    relay.pump_board(b">>> ")


@pytest.mark.parametrize("step", [b'"op":"hello"', b"\x03", b"\x04"], ids=["hello", "ctrl-c", "soft-reset"])
def test_the_port_vanishing_while_steppe_wakes_the_box_is_one_line(sims, step):
    """A board stopped at its REPL: steppe's hello goes unanswered, it interrupts with Ctrl-C
    and soft-resets the board with Ctrl-D; the port vanishes at each of these steps."""
    env, bare = _started(sims, "bare", bare=True)
    relay = Relay(bare, step, act=Relay.vanish)
    try:
        run = _steppe("sync", "pull", "-", "--port", relay.device, env=env, timeout=60)
        assert relay.fired.is_set(), "the step came"
        assert not _one_line(run.returncode, run.stderr, NO_ANSWER, relay.device + " went away"), run.stderr
    finally:
        relay.close()


def test_a_board_that_resets_under_flash_is_one_line_in_bounded_time(sims):
    """The board restarts (its port still there) just as steppe asks its raw REPL for a
    paste: the third exchange, the first file of a first flash. steppe waited for the
    overall timeout, 600 s; now one line, and the next flash puts the firmware on."""
    env, bare = _started(sims, "fresh", bare=True)
    relay = Relay(bare, b"\x05A\x01", nth=3, act=_reset)
    try:
        run = _steppe("flash", "--port", relay.device, env=env, timeout=120)
        assert relay.fired.is_set()
        assert not _one_line(run.returncode, run.stderr, NO_ANSWER, "the board restarted while"), run.stderr
    finally:
        relay.close()
    run = _steppe("flash", "--port", bare.device, env=env)
    assert run.returncode == 0, run.stderr


def test_flash_holds_the_port_from_its_first_exchange_to_the_hello(sims):
    """While mpremote has the raw REPL, and after the reset while steppe waits for the
    companion's hello, another steppe is told that steppe flash holds the port."""
    env, bare = _started(sims, "held-by-flash", bare=True)
    seen = []

    def check(relay: Relay) -> None:
        other = _steppe("sync", "pull", "-", "--port", relay.device, env=env)
        seen.append((other.returncode, other.stderr))

    for watch, nth in ((b"\x05A\x01", 2), (b'"op":"hello"', 1)):
        relay = Relay(bare, watch, nth=nth, act=check)
        try:
            flash = subprocess.Popen([tool("steppe"), "flash", "--port", relay.device], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env)
            out, err = flash.communicate(timeout=120)
            assert flash.returncode == 0, err
            assert relay.fired.is_set()
            status, said = seen[-1]
            assert not _one_line(status, said, NO_ANSWER, "PID %d, steppe flash" % flash.pid), said
        finally:
            relay.close()


# -- the last resort ---------------------------------------------------------------------------------------------
BUG = """
import sys
from steppe import main
def broken(args):
    return {}["a key no one put there"]
main._COMMANDS["demo"] = (broken,) + main._COMMANDS["demo"][1:]
sys.exit(main.main(["demo"]))
"""


def test_an_error_no_check_foresaw_is_one_line_and_the_traceback_is_there_on_request():
    done = subprocess.run([sys.executable, "-c", BUG], capture_output=True, text=True, timeout=60)
    assert not _one_line(done.returncode, done.stderr, 11, "internal error: KeyError"), done.stderr
    assert "STEPPE_DEBUG=1" in done.stderr
    done = subprocess.run([sys.executable, "-c", BUG], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, STEPPE_DEBUG="1"))
    assert done.returncode == 11 and "Traceback" in done.stderr and "broken" in done.stderr
