"""The box steppe play (and steppe web) runs is the one the other commands reach: its
virtual Pico is given the time of day, `steppe ports` lists it and says who holds it,
`steppe logs`, `sync`, `history pull` reach it through its owner, and a plain `steppe sim`
starts the same box (the same folder) or says where it runs."""

import os
import subprocess
import time

import pytest
from conftest import tool

from steppe import play, ports, share
from steppe.errors import EXIT_USAGE


@pytest.fixture
def env(tmp_path, monkeypatch):
    folder = str(tmp_path / "sims")
    monkeypatch.setenv("STEPPE_SIMS", folder)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return dict(os.environ, STEPPE_SIMS=folder, XDG_DATA_HOME=str(tmp_path / "data"))


def _steppe(env: dict, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([tool("steppe")] + list(args), capture_output=True, text=True, env=env, timeout=timeout)


def test_plays_virtual_pico_gets_the_clock_and_its_games_a_date(env, tmp_path):
    with play._device("", play.default_fs(), who="steppe play") as (link, info, label):
        assert info["clock"] == "set"
        assert link.request("hello")["clock"] == "set"
        got = play.new_khan_game(link, info, 2)
        assert isinstance(got.get("players"), list)
        head = link.request("log.get")["journal"][0]
        assert abs(head["start"] - time.time()) < 120, "a game begun on it carries the time it began"


def test_the_held_box_is_listed_and_reached_by_the_other_commands(env, tmp_path):
    with play._device("", play.default_fs(), who="steppe play") as (link, info, label):
        device = label.split()[0]
        listed = _steppe(env, "ports")
        assert listed.returncode == 0, listed.stderr
        line = next(x for x in listed.stdout.splitlines() if x.startswith(device))
        assert "virtual Pico" in line and "companion" in line
        assert "held by steppe play (pid %d" % os.getpid() in line
        served = link.lock and share.holder(device)
        assert served and served["who"] == "steppe play"
        # steppe logs, a rules op and a board push go through the owner, which keeps the port
        logs = _steppe(env, "logs", "--port", device)
        assert logs.returncode == 0, logs.stderr
        assert "since the box started" in logs.stderr
        rules = subprocess.run([tool("steppe"), "rules", "--port", device, "rng.draw"], input='{"seed":42,"stream":54,'
                               '"count":2}\n', capture_output=True, text=True, env=env, timeout=60)
        assert rules.returncode == 0 and rules.stdout == '{"ok":true,"result":{"values":[2707161783,2068313097]}}\n'
        board = tmp_path / "board.txt"
        from shared_rules.khan.board import DEFAULT_TEXT

        board.write_text(DEFAULT_TEXT)
        pushed = _steppe(env, "sync", "board", "push", str(board), "--port", device)
        assert pushed.returncode == 0, pushed.stderr
        assert link.request("board.get")["board"] == DEFAULT_TEXT, "the owner's link sees what was lent"
        # and the owner's own link goes on between them
        assert link.request("ui.get")["screen"] == "menu"
        flash = _steppe(env, "flash", "--port", device)
        assert flash.returncode == 4 and "held by steppe play (pid" in flash.stderr and "quit it" in flash.stderr
    assert share.holders() == [] and ports.attached() == [], "the record goes with the owner"


def test_a_plain_steppe_sim_is_plays_box_or_says_where_it_runs(env, tmp_path):
    fs = play.default_fs()
    assert fs == str(tmp_path / "data" / "steppe" / "pico")
    with play._device("", fs, who="steppe play"):
        busy = _steppe(env, "sim", timeout=30)
        assert busy.returncode == EXIT_USAGE
        assert "the virtual Pico in " + fs + " is in use by steppe play (pid %d)" % os.getpid() in busy.stderr
        assert "steppe ports" in busy.stderr and "Traceback" not in busy.stderr
    # steppe play gone: steppe sim runs that same box, its saved files in the same folder
    proc = subprocess.Popen([tool("steppe"), "sim"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    try:
        device = proc.stdout.readline().strip()
        assert device.startswith("/dev/")
        assert proc.stderr.readline().strip() == "steppe sim: the virtual Pico's flash is " + fs
        link, info = ports.connect(device)
        try:
            assert info["screen"] == "menu"
        finally:
            link.close()
        assert os.path.exists(os.path.join(fs, "main.py"))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
