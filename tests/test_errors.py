"""Every way a device can be wrong gets one line and its own exit status: no device, two
devices, a port that is not a Pico, a Pico without the companion, a Pico that stops
answering. All over real pseudo-terminals."""

import json
import os
import pty
import re
import signal
import subprocess
import threading
import time
import tty

import pytest
from conftest import ROOT, Sim, tool

from steppe import flash

NO_DEVICE, NO_ANSWER, AMBIGUOUS, NOT_A_PICO, NO_FIRMWARE = 3, 4, 6, 7, 8


def _steppe(*args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([tool("steppe"), *args], capture_output=True, text=True, timeout=120, env=env, cwd=ROOT,
                          stdin=subprocess.DEVNULL)


def _one_line(run: subprocess.CompletedProcess, status: int, words: str) -> None:
    assert run.returncode == status, (run.returncode, run.stdout, run.stderr)
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in run.stderr, run.stderr


def test_no_device_attached_and_a_port_that_does_not_exist(sims):
    env, _ = sims
    _one_line(_steppe("flash", env=env), NO_DEVICE, "no companion found")
    _one_line(_steppe("play", "--port", "/dev/pts/9999", env=env), NO_DEVICE, "/dev/pts/9999")


def test_two_devices_and_no_port_chosen(sims):
    env, start = sims
    a = start("a")
    b = start("b")
    run = _steppe("flash", env=env)
    _one_line(run, AMBIGUOUS, "--port")
    assert a.device in run.stderr and b.device in run.stderr
    listed = _steppe("ports", env=env)
    assert listed.returncode == 0 and listed.stdout.count("in use by another program") == 2, listed.stdout
    a.link.close()
    b.link.close()
    listed = _steppe("ports", env=env)
    assert listed.returncode == 0 and listed.stdout.count("companion " + flash.firmware_version()) == 2, listed.stdout
    a.reopen()
    b.reopen()


def test_a_port_that_is_not_a_pico():
    master, slave = pty.openpty()  # a serial port with nothing behind it that answers
    tty.setraw(master)
    try:
        _one_line(_steppe("play", "--port", os.ttyname(slave)), NOT_A_PICO, "does not answer as a Pico")
    finally:
        os.close(master)
        os.close(slave)


def test_a_micropython_board_without_the_companion(sims):
    env, start = sims
    bare = start("bare", bare=True)
    bare.link.close()
    _one_line(_steppe("play", "--port", bare.device, env=env), NO_FIRMWARE, "steppe flash")
    bare.reopen()


def test_a_pico_that_stops_answering(sims):
    env, start = sims
    s = start("hung")
    s.wait_ready()
    s.link.close()
    board = int(subprocess.run(["pgrep", "-P", str(s.proc.pid)], capture_output=True, text=True).stdout.split()[0])
    os.kill(board, signal.SIGSTOP)  # the board hangs
    try:
        _one_line(_steppe("play", "--port", s.device, env=env), NO_ANSWER, "does not answer")
    finally:
        os.kill(board, signal.SIGCONT)
    s.reopen()


def _board_pid(s: Sim) -> int:
    return int(subprocess.run(["pgrep", "-P", str(s.proc.pid)], capture_output=True, text=True).stdout.split()[0])


def test_a_partial_line_left_by_another_program_is_passed_over_without_a_reset(sims):
    env, start = sims
    s = start("partial")
    s.wait_ready()
    board = _board_pid(s)
    s.link.write(b'{"id": 5, "op": "hel')  # a program left half a request on the line
    s.link.close()
    run = _steppe("sync", "pull", "-", "--port", s.device, env=env)
    assert run.returncode == 1 and "no game in progress" in run.stderr, run.stderr  # it talked to the companion...
    assert _board_pid(s) == board  # ...which was not reset
    s.reopen()


def test_after_ctrl_c_reached_the_repl_the_companion_is_started_again(sims):
    env, start = sims
    s = start("ctrlc")
    s.wait_ready()
    for b in ("OK", "OK", "OK", "OK"):
        s.link.request("ui.press", {"button": b})  # a game of Khan
    before = s.link.request("state.get")["state"]
    s.link.write(b"\x03")  # the app stops: the REPL is all there is
    s.link.drain(0.5)
    s.link.close()
    run = _steppe("sync", "pull", "-", "--port", s.device, env=env)
    assert run.returncode == 0, run.stderr  # a soft reset brought the companion, and its game, back
    assert json.loads(run.stdout)["state"] == before
    s.reopen()


def test_every_command_has_an_overall_timeout(sims):
    env, start = sims
    s = start("slow")
    s.wait_ready()
    s.link.close()
    run = _steppe("--timeout", "1.5", "verify", "--count", "400", "--port", s.device, env=env)
    _one_line(run, NO_ANSWER, "gave up after 1.5 s")
    s.reopen()


def _a_box_that_answers(replies) -> "tuple[int, int, threading.Thread]":
    """A pty whose far end answers each request line (until the line is closed) with the
    lines replies(rid) gives."""
    master, slave = pty.openpty()
    tty.setraw(master)
    tty.setraw(slave)

    def serve():
        got = b""
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:
                return
            if not data:
                return
            got += data
            while b"\n" in got:
                line, _, got = got.partition(b"\n")
                for out in replies(int(re.search(rb'"id":(\d+)', line).group(1))):
                    os.write(master, out)

    box = threading.Thread(target=serve, daemon=True)
    box.start()
    return master, slave, box


def _close_box(link, master: int, slave: int, box) -> None:
    link.close()
    os.close(slave)
    os.close(master)
    box.join(5)


def test_a_reply_after_a_message_on_its_line_is_read():
    """A message the board printed while a reply went out (an uncaught exception's
    traceback: it ends without a newline of its own) shares the reply's line: the reply is
    read from where it starts. Before, the line was passed over as not JSON and the request
    waited for its whole timeout - a verify request 600 s (the virtual Pico's GPIO thread's
    MemoryError, sim/gpio.py)."""
    from steppe.device import SerialTransport

    def replies(rid):
        yield b'  File "natives.py", line 72, in imported{"id":%d,"ok":true,"result":{"n":%d}}\n' % (rid, rid)

    master, slave, box = _a_box_that_answers(replies)
    link = SerialTransport(os.ttyname(slave), lock=False)
    try:
        began = time.monotonic()
        assert link.request("link.stats", timeout=30) == {"n": 1}
        assert time.monotonic() - began < 10
    finally:
        _close_box(link, master, slave, box)


def test_a_reply_lost_on_the_line_is_said_when_the_next_one_comes():
    """The device answers in order: when the reply to a later request of a pipeline comes,
    the one waited for was lost (a garbled line, a cut), and steppe says so at once - not
    after the pipeline's timeout (10 minutes for verify's khan.playout)."""
    from steppe.device import NoAnswer, SerialTransport, request_line

    def replies(rid):
        if rid != 2:
            yield b'{"id":%d,"ok":true,"result":{}}\n' % rid

    master, slave, box = _a_box_that_answers(replies)
    link = SerialTransport(os.ttyname(slave), lock=False)
    jobs = [(k, k, request_line({"id": k, "op": "link.stats"}).encode()) for k in (1, 2, 3, 4)]
    got = []
    try:
        began = time.monotonic()
        with pytest.raises(NoAnswer) as said:
            for tag, reply in link.pipelined(iter(jobs), window=4, timeout=120):
                got.append(tag)
        assert got == [1]
        assert "reply to request 2 was lost" in str(said.value)
        assert time.monotonic() - began < 30
    finally:
        _close_box(link, master, slave, box)


@pytest.mark.parametrize("then", ["again", "no_memory", "nothing"])
def test_a_reply_the_box_broke_off_is_passed_over_for_the_one_that_follows(then):
    """The box that runs out of RAM writing a reply breaks its line off and sends it again,
    or a no_memory error (firmware/link.py stages): steppe takes what follows, as it did
    before it learnt to say a reply that is not JSON (a tampered journal's log.get at 128wK
    was 'bad_reply' in test_sim). A broken line with nothing after it is bad_reply, in
    BROKEN_GRACE, not the whole timeout."""
    from steppe.device import BROKEN_GRACE, DeviceError, SerialTransport

    def replies(rid):
        head = b'{"id":%d,"ok":true,"result":{"journal":[{"a":1},' % rid
        yield head + b"\n"
        if then == "again":
            yield head + b'{"a":2}]}}\n'
        elif then == "no_memory":
            yield b'{"error":{"code":"no_memory","message":"the reply did not fit"},"id":%d,"ok":false}\n' % rid

    master, slave, box = _a_box_that_answers(replies)
    link = SerialTransport(os.ttyname(slave), lock=False)
    try:
        began = time.monotonic()
        if then == "again":
            assert link.request("log.get", timeout=30) == {"journal": [{"a": 1}, {"a": 2}]}
        else:
            with pytest.raises(DeviceError) as said:
                link.request("log.get", timeout=60)
            assert said.value.code == ("no_memory" if then == "no_memory" else "bad_reply")
            assert time.monotonic() - began < BROKEN_GRACE + 5
    finally:
        _close_box(link, master, slave, box)
