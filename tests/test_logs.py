"""`steppe logs`: the errors the box recovered from, read over a real pseudo-terminal from a
virtual Pico whose flash refuses a file - the error screen, errors.log, the link still
answering - and cleared; one line and its exit status when it cannot be read."""

import os
import subprocess
import time

import pytest
from conftest import ROOT, Sim, tool


def _steppe(*args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([tool("steppe"), *args], capture_output=True, text=True, timeout=120, env=env, cwd=ROOT,
                          stdin=subprocess.DEVNULL)


@pytest.fixture
def env(tmp_path, monkeypatch):
    folder = str(tmp_path / "registry")  # a registry of virtual Picos of this test's own
    monkeypatch.setenv("STEPPE_SIMS", folder)
    return dict(os.environ, STEPPE_SIMS=folder)


def test_the_errors_the_box_recovered_from_are_read_and_cleared(env, tmp_path):
    fs = tmp_path / "pico"
    s = Sim(str(fs))
    try:
        s.wait_ready()
        os.remove(fs / "app.json")
        os.mkdir(fs / "app.json")  # the flash refuses the file that says which game is current
        for button in ("OK", "OK", "OK"):
            s.link.request("ui.press", {"button": button})
        reply = s.link.exchange("ui.press", {"button": "OK"})  # a game of Khan begins... and cannot say so
        assert reply["ok"] is False and reply["error"]["code"] == "internal", reply
        assert "OSError" in reply["error"]["message"] and "LO in errors.log" in reply["error"]["message"]
        assert s.link.request("ui.get")["mode"] == "error"  # the error screen, and the link goes on
        assert "OSError" in s.link.request("hello")["notice"]
        s.link.close()

        run = _steppe("logs", "--port", s.device, env=env)
        assert run.returncode == 0, run.stderr
        assert run.stdout.startswith("@ LO #1 up ") and "OSError in link ui.press on khan/" in run.stdout
        assert "Traceback" in run.stdout and "note_current" in run.stdout
        assert len(run.stderr.splitlines()) == 1 and "logged" in run.stderr and s.device in run.stderr

        os.rmdir(fs / "app.json")  # the flash is right again: the box comes back by itself
        s.reopen()
        end = time.monotonic() + 20
        while True:
            ui = s.link.request("ui.get")
            if ui.get("mode") == "menu":
                break
            assert time.monotonic() < end, ui
            time.sleep(0.5)
        assert ui["saved"] == ["khan"]  # the game was saved before the error: RES on the menu
        s.link.close()

        cleared = _steppe("logs", "--clear", "--port", s.device, env=env)
        assert cleared.returncode == 0 and cleared.stdout.startswith(run.stdout.split("\n")[0])
        assert "cleared" in cleared.stderr
        after = _steppe("logs", "--port", s.device, env=env)
        assert after.returncode == 0 and after.stdout == "" and "no errors logged" in after.stderr
        assert not os.path.exists(fs / "errors.log")
        s.reopen()
    finally:
        s.close()


def _board_pid(s: Sim) -> int:
    return int(subprocess.run(["pgrep", "-P", str(s.proc.pid)], capture_output=True, text=True).stdout.split()[0])


def test_no_device_is_one_line_and_its_exit_status(env):
    run = _steppe("logs", "--port", "/dev/pts/9999", env=env)
    assert run.returncode == 3 and len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr
    run = _steppe("logs", env=env)
    assert run.returncode == 3 and len(run.stderr.splitlines()) == 1, run.stderr


def test_a_box_whose_flash_refuses_a_file_at_power_on_still_comes_up(env, tmp_path):
    fs = tmp_path / "pico"
    os.makedirs(fs / "app.json")  # the file that says which game is current cannot be written
    s = Sim(str(fs))
    try:
        hello = s.wait_ready()  # the companion answers: it did not stop, nor start again and again
        assert "OSError in boot" in hello["notice"], hello
        board = _board_pid(s)
        assert s.link.request("ui.get")["mode"] == "error"
        s.link.close()
        run = _steppe("logs", "--port", s.device, env=env)
        assert run.returncode == 0 and run.stdout.startswith("@ BO #1 ") and "note_current" in run.stdout
        os.rmdir(fs / "app.json")
        s.reopen()
        end = time.monotonic() + 20
        while s.link.request("ui.get").get("mode") != "menu":
            assert time.monotonic() < end
            time.sleep(0.5)
        assert s.link.request("hello")["notice"].startswith("the box recovered from OSError")
        assert _board_pid(s) == board  # the same board process all along: never reset
    finally:
        s.close()
