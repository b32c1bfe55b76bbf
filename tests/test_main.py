"""main.py, the board's boot script, under micropython: an app that stops on an error is
logged (errors.log) and started again, RESTARTS times, then the board is reset - the
matrix never stays frozen at the REPL; a broken install (pins.json missing) stays at the
REPL for `steppe flash`."""

import os
import shutil
import subprocess

from conftest import ROOT

# an app that fails on its first starts (it counts them in a file), then runs
FLAKY_APP = """
def main():
    try:
        with open("starts") as f:
            n = int(f.read())
    except OSError:
        n = 0
    n += 1
    with open("starts", "w") as f:
        f.write(str(n))
    if n <= FAILS:
        raise ValueError("start %d fails" % n)
    print("running after", n, "starts")
"""
# the board's reset, as the test sees it (the simulator's machine.reset only exits)
MACHINE = """
def reset():
    print("machine.reset()")
    raise SystemExit(0)
"""


def _boot(micropython: str, board, app: str = "", fails: int = 0) -> subprocess.CompletedProcess:
    os.makedirs(board, exist_ok=True)
    shutil.copy(os.path.join(ROOT, "firmware", "main.py"), board)
    if app:
        with open(os.path.join(board, "app.py"), "w") as f:
            f.write("FAILS = %d\n" % fails + app)
        with open(os.path.join(board, "machine.py"), "w") as f:
            f.write(MACHINE)
    env = dict(os.environ, MICROPYPATH=":".join((".", os.path.join(ROOT, "firmware", "sim"),
                                                  os.path.join(ROOT, "firmware"), ROOT, ".frozen")))
    return subprocess.run([micropython, "main.py"], cwd=str(board), env=env, capture_output=True, text=True,
                          timeout=60)


def _entries(board) -> list:
    with open(os.path.join(board, "errors.log")) as f:
        return [line for line in f.read().splitlines() if line.startswith("@ ")]


def test_an_app_that_stops_is_logged_and_started_again(micropython, tmp_path):
    run = _boot(micropython, tmp_path / "board", FLAKY_APP, fails=2)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("companion stopped: ValueError: start") == 2 and "running after 3 starts" in run.stdout
    assert "machine.reset()" not in run.stdout
    entries = _entries(tmp_path / "board")
    assert len(entries) == 2 and entries[0].startswith("@ MV #1 ") and "in main on restart 1" in entries[0]


def test_an_app_that_always_stops_resets_the_board(micropython, tmp_path):
    run = _boot(micropython, tmp_path / "board", FLAKY_APP, fails=99)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("companion stopped") == 3 and run.stdout.rstrip().endswith("machine.reset()")
    assert len(_entries(tmp_path / "board")) == 3


def test_a_broken_install_stays_at_the_repl(micropython, tmp_path):
    run = _boot(micropython, tmp_path / "board")  # the real app, and no pins.json
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("companion stopped: PinError: pins.json is missing") == 1
    assert not os.path.exists(tmp_path / "board" / "errors.log")


def test_the_box_takes_its_own_modules_from_lib_before_the_root(tmp_path):
    """main.py puts the root last on sys.path (a Pico's has it, '', first): each module of
    the box's is then found in /lib, not after three littlefs lookups at the root, and a
    stray file at the root named like one of them (here display.py, which app imports) does
    not stand in for it - with the old main.py the box would not start."""
    from steppe.sim import VirtualPico

    board = str(tmp_path / "pico")
    pico = VirtualPico(board, heap="190wK")
    pico.open()
    with open(os.path.join(board, "display.py"), "w") as f:
        f.write("raise ImportError('the stray display.py at the root was imported')\n")
    link = pico.start(tries=8)
    try:
        hello = link.request("hello", timeout=5.0)
        assert hello["protocol"] >= 1 and "screen" in link.request("ui.get", timeout=5.0)
    finally:
        pico.shutdown(link)
