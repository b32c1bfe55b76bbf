"""`steppe flash` onto a bare virtual Pico: from an installed wheel, only what changed on a
re-flash, and a flash cut at random moments never leaves a board that boots broken."""

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, Sim, tool

from shared_rules.protocol import PROTOCOL


def _flash(sim, *extra, env=None, cwd=ROOT) -> subprocess.CompletedProcess:
    """steppe flash on the virtual Pico (the test lends its serial port meanwhile)."""
    device = sim.device if isinstance(sim, Sim) else sim
    if isinstance(sim, Sim):
        sim.link.close()
    cmd = [sys.executable, "-m", "steppe", "flash", "--port", device, *extra]
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env, cwd=cwd)
    finally:
        if isinstance(sim, Sim):
            sim.reopen()


def _host_rules() -> str:
    from shared_rules.fingerprint import compute

    return compute(os.path.join(ROOT, "shared_rules"))


def _board_pid(sim: Sim) -> int:
    """The interpreter the virtual Pico runs (killing it is a power cut: it restarts)."""
    out = subprocess.run(["pgrep", "-P", str(sim.proc.pid)], capture_output=True, text=True).stdout.split()
    assert out, "the virtual Pico runs no interpreter"
    return int(out[0])


def _power_cut(sim: Sim) -> bytes:
    """Cut the power and let it boot; what it printed while booting."""
    pid = _board_pid(sim)
    os.kill(pid, signal.SIGKILL)
    end = time.monotonic() + 5
    while time.monotonic() < end:
        out = subprocess.run(["pgrep", "-P", str(sim.proc.pid)], capture_output=True, text=True).stdout.split()
        if out and int(out[0]) != pid:
            break
        time.sleep(0.02)
    sim.reopen()
    return sim.link.drain(1.0)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The project built as a wheel and installed into a folder of its own."""
    out = tmp_path_factory.mktemp("wheel")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run(pip + ["wheel", "--no-deps", "--no-build-isolation", "-w", str(out / "dist"), ROOT], check=True,
                   capture_output=True, timeout=300)
    wheels = os.listdir(out / "dist")
    subprocess.run(pip + ["install", "--no-deps", "--target", str(out / "site"), str(out / "dist" / wheels[0])],
                   check=True, capture_output=True, timeout=300)
    return str(out / "site")


def test_flash_from_the_wheel_then_only_changes_move(tmp_path, wheel):
    board = str(tmp_path / "board")
    sim = Sim(board, bare=True)
    try:
        env = dict(os.environ, PYTHONPATH=wheel)
        where = subprocess.run([sys.executable, "-c", "import steppe; print(steppe.__file__)"], env=env,
                               cwd=str(tmp_path), capture_output=True, text=True).stdout
        assert where.startswith(wheel), "the wheel's steppe, not the checkout's: " + where
        first = _flash(sim, env=env, cwd=str(tmp_path))
        assert first.returncode == 0, first.stderr
        assert " 0 copied" not in first.stdout and "removed" in first.stdout, first.stdout
        hello = sim.wait_ready()
        assert hello["rules"] == _host_rules() and hello["protocol"] == PROTOCOL
        sim.link.close()  # the flashed board computes what the host computes: every op, seeded cases
        verify = subprocess.run([sys.executable, "-m", "steppe", "verify", "--port", sim.device, "--count", "4"],
                                capture_output=True, text=True, timeout=300, env=env, cwd=str(tmp_path))
        sim.reopen()
        assert verify.returncode == 0 and "all agree" in verify.stdout, verify.stdout + verify.stderr
        assert sorted(os.listdir(board)) == ["app.json", "lib", "main.py", "pins.json", "steppe-manifest.json"]

        again = _flash(sim)
        assert again.returncode == 0 and ", 0 copied (0.0 KB), 0 removed" in again.stdout, again.stdout

        # one module damaged, a stale .py in lib/, an app.py that would shadow lib/app.mpy
        with open(os.path.join(board, "lib", "ui", "menu.mpy"), "wb") as f:
            f.write(b"junk")
        for stale in (os.path.join(board, "lib", "hal", "old.py"), os.path.join(board, "app.py")):
            with open(stale, "w") as f:
                f.write("raise SystemExit\n")
        fixed = _flash(sim, "--verbose")
        assert fixed.returncode == 0, fixed.stderr
        assert ", 1 copied" in fixed.stdout and "copied  lib/ui/menu.mpy" in fixed.stdout, fixed.stdout
        assert "2 removed" in fixed.stdout and not os.path.exists(os.path.join(board, "app.py")), fixed.stdout
        assert sim.wait_ready()["screen"] == "menu"
    finally:
        sim.close()


def test_a_board_without_the_companion_and_a_port_that_is_no_board():
    bad = _flash("/dev/nonexistent-pico")
    assert bad.returncode == 3 and bad.stderr.count("\n") == 1 and "no such port" in bad.stderr


def test_a_flash_cut_at_random_moments_boots_the_old_way_or_not_at_all_and_the_next_flash_repairs(tmp_path):
    rng = random.Random(2026)
    board = str(tmp_path / "board")
    sim = Sim(board, bare=True)
    try:
        full = _flash(sim)
        assert full.returncode == 0, full.stderr
        parked_boots = 0
        for k in range(12):
            # --force: every file is written again, so a cut anywhere falls in the middle of the work
            sim.link.close()
            flash = subprocess.Popen([tool("steppe"), "flash", "--force", "--port", sim.device], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
            if k % 3:  # a cut while the files are copied: once main.py is parked (a busy machine
                # starts steppe slowly: a time from the start alone may fall before any copying)
                main = os.path.join(board, "main.py")
                deadline = time.monotonic() + 60
                while os.path.exists(main) and flash.poll() is None and time.monotonic() < deadline:
                    time.sleep(0.005)
                time.sleep(rng.uniform(0.0, 0.5))
            else:  # a cut at any moment from the start: before the copying, as often as not
                time.sleep(rng.uniform(0.05, 0.9))
            flash.kill()  # the cable is pulled
            flash.wait()
            sim.reopen()
            if k % 2 == 0:  # ...and the board loses power, then boots
                booted = _power_cut(sim)
                assert b"companion stopped" not in booted and b"Traceback" not in booted, booted
                parked = not os.path.exists(os.path.join(board, "main.py"))
                parked_boots += parked
                if not parked:  # main.py is only back once every file is right
                    assert sim.wait_ready()["rules"] == _host_rules()
            repair = _flash(sim)
            assert repair.returncode == 0, (k, repair.stdout, repair.stderr)
            assert sim.wait_ready()["rules"] == _host_rules()
            assert not any(name.endswith(".part") for _, _, files in os.walk(board) for name in files)
        assert parked_boots, "no cut fell while files were being copied: the seed tests nothing"
    finally:
        sim.close()
