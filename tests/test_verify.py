"""`steppe verify`: the device agrees with the host on seeded cases of every op, and a device
whose rules differ - by their hash, or by a module changed behind the hash's back - fails
with the first differences shown."""

import os
import subprocess

import pytest
from conftest import ROOT, Sim, tool

from shared_rules import ops
from shared_rules.protocol import PROTOCOL
from steppe import verify


def steppe(*args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([tool("steppe"), *args], capture_output=True, text=True, cwd=ROOT, timeout=300, env=env)


def lend(sim: Sim, *args) -> subprocess.CompletedProcess:
    """Run steppe on the sim's port (the port opens for one user at a time)."""
    sim.link.close()
    try:
        return steppe(*args, "--port", sim.device)
    finally:
        sim.reopen()


def test_every_op_agrees_on_a_virtual_pico_and_the_rate_is_reported(sim):
    run = lend(sim, "verify", "--count", "2", "--seed", "3")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "%s: rules %s, the same as this host's" % (sim.device, verify.host_hash()[:12])
    n = len(ops.names())
    assert lines[1].startswith("%d cases, %d ops, all agree, " % (2 * n, n)) and " cases/s " in lines[1]
    assert len(lines) == 2 and run.stderr == ""


def test_check_is_the_same_one_at_a_time_or_pipelined(sim):
    names = ["khan.play", "khan.flee", "rng.draw", "huns.score", "chuhan.play"]
    one = verify.check(sim.link, 6, seed=9, ops=names, window=1)
    many = verify.check(sim.link, 6, seed=9, ops=names)
    for report in (one, many):
        assert report.agree and report.cases == 30 and report.per_op == {op: 6 for op in names}
        assert report.rate > 0 and report.seconds > 0 and report.differences == []
    assert sim.link.request("hello")["protocol"] == PROTOCOL  # the link is in step after the pipeline


def test_a_changed_rules_module_and_a_changed_hash_fail(tmp_path):
    fs = str(tmp_path / "pico")
    s = Sim(fs)
    try:
        s.wait_ready()
        # a HASH that is not the host's: one line, status 1, nothing run
        hash_file = os.path.join(fs, "lib", "shared_rules", "HASH")
        with open(hash_file) as f:
            good = f.read()
        with open(hash_file, "w") as f:
            f.write("0" * 64 + "\n")
        run = lend(s, "verify", "--count", "1")
        assert run.returncode == 1 and run.stdout == ""
        assert run.stderr.count("\n") == 1 and "run steppe flash" in run.stderr and "000000000000" in run.stderr
        with open(hash_file, "w") as f:
            f.write(good)
        # rng_ops behind the hash's back: its .py beside the .mpy wins on MicroPython; draw is
        # off by one bit, below is untouched (the module is imported on first use)
        with open(os.path.join(ROOT, "shared_rules", "rng_ops.py")) as f:
            source = f.read()
        bad = source.replace("_drawn(count, _rng(args).next32)", "[v ^ 1 for v in _drawn(count, _rng(args).next32)]")
        assert bad != source
        with open(os.path.join(fs, "lib", "shared_rules", "rng_ops.py"), "w") as f:
            f.write(bad)
        run = lend(s, "verify", "--count", "4", "--op", "rng.draw", "--op", "rng.below", "--show", "1")
        assert run.returncode == 1, run.stdout + run.stderr
        lines = run.stdout.splitlines()
        assert "rng.draw: 4 of 4 cases differ" in lines and not any(x.startswith("rng.below:") for x in lines)
        assert any(x.startswith("8 cases, 2 ops, 4 differ in 1 op, ") for x in lines)
        shown = run.stdout.split("first differences:\n")[1].splitlines()
        assert shown[0] == "  rng.draw case 0" and len(shown) == 4
        host = shown[2].split("host   ")[1]
        device = shown[3].split("device ")[1]
        assert host.startswith('{"ok":true,"result":{"values":[') and host != device
    finally:
        s.close()


@pytest.mark.parametrize("room", ["sometimes", "never"])
def test_a_case_the_device_had_no_ram_for_is_asked_again_not_called_a_difference(tmp_path, room):
    """A device whose heap is split answers no_memory (after trying once more itself,
    link.done): that is not its answer to the case. verify asks such a case again, alone
    (NO_ROOM_TRIES times), and compares what comes; one it never has room for is said as not
    checked, apart from the differences. (Before, a no_memory reply was counted as a rules
    difference: the bench's verify said DIFFER.) Here rng.draw, behind the hash's back, runs
    out of RAM on two calls of every four (the device's own second try among them: its
    first and fourth cases get no_memory), or on every call."""
    fs = str(tmp_path / "pico")
    s = Sim(fs)
    try:
        s.wait_ready()
        with open(os.path.join(ROOT, "shared_rules", "rng_ops.py")) as f:
            source = f.read()
        # (the calls counted in a file: the device lets the module go when its RAM runs out)
        short = "calls.tell() % 4 in (1, 2)" if room == "sometimes" else "True"
        bad = source.replace("def draw(args: dict) -> dict:\n", "def draw(args: dict) -> dict:\n"
                             "    with open('calls', 'a') as calls:\n        calls.write('.')\n"
                             "        if " + short + ":\n            raise MemoryError\n")
        assert bad != source
        with open(os.path.join(fs, "lib", "shared_rules", "rng_ops.py"), "w") as f:
            f.write(bad)
        run = lend(s, "verify", "--count", "5", "--op", "rng.draw", "--op", "rng.below")
        lines = run.stdout.splitlines()
        if room == "sometimes":  # every case answered when asked again
            assert run.returncode == 0, run.stdout + run.stderr
            assert lines[1].startswith("10 cases, 2 ops, all agree, "), lines
        else:  # never any room: 5 not checked, none said to differ
            assert run.returncode == 1, run.stdout + run.stderr
            assert "rng.draw: 5 cases not checked: the device had no RAM for them, asked 3 times more (no_memory)" in lines
            assert any(x.startswith("5 cases, 2 ops, 5 not checked (no RAM on the device), ") for x in lines), lines
            assert not any("differ" in x for x in lines), lines
    finally:
        s.close()


def test_bad_command_lines_and_no_device(tmp_path):
    env = dict(os.environ, STEPPE_SIMS=str(tmp_path / "sims"))  # no virtual Pico to find
    for args, status, words in ((["--op", "khan.teleport"], 2, "unknown op khan.teleport"),
                                (["--count", "0"], 2, "--count"),
                                ([], 3, "no companion found")):
        run = steppe("verify", *args, env=env)
        assert run.returncode == status and words in run.stderr and run.stderr.count("\n") == 1, run.stderr
        assert "Traceback" not in run.stderr


@pytest.mark.parametrize("op", ["khan.flee", "huns.play", "khaan.combat"])
def test_error_replies_are_compared_too(op):
    # the cases hold deliberately bad arguments: the host's reply for them is an error,
    # which the device must give word for word (the id aside)
    from steppe import cases

    replies = [verify.host_reply(op, a, b"") for a in cases.generate(op, 40, 1)]
    assert any('"ok":false' in r for r in replies) and any('"ok":true' in r for r in replies)
    wrong = {"id": 7, "ok": False, "error": {"code": "bad_args", "message": "another sentence"}}
    right = dict(wrong, error={"code": "bad_args", "message": "a sentence"})
    assert verify.envelope(right) == '{"error":{"code":"bad_args","message":"a sentence"},"ok":false}'
    assert verify.envelope(wrong) != verify.envelope(right)


def test_a_long_verify_says_how_far_it_is(sim, monkeypatch):
    """On a Pico a verify takes minutes: it tells how far it is on stderr as it goes."""
    monkeypatch.setattr(verify, "PROGRESS_S", 0.0)
    told = []
    report = verify.check(sim.link, 3, seed=2, ops=["rng.draw", "khan.bonus"],
                          progress=lambda done, total, op, rate: told.append((done, total, op)))
    assert report.agree and report.cases == 6
    assert told and told[-1][1] == 6 and all(d < 6 for d, _, _ in told)
    assert [d for d, _, _ in told] == sorted(d for d, _, _ in told)


def test_the_reply_timeout_grows_with_the_speed_hello_reports(sim):
    speed = sim.link.request("hello")["speed_us"]
    assert type(speed) is int and speed > 0  # the virtual Pico's own calibration additions
    assert sim.link.request("hello")["speed_us"] == speed, "measured once a boot"
    pico = verify.PICO_SPEED_US
    assert verify.reply_timeout({"speed_us": 3 * pico}, 60.0) == 180.0, "three times slower than a Pico"
    assert verify.reply_timeout({"speed_us": pico // 100}, 60.0) == 60.0, "a faster device keeps a Pico's"
    for hello in ({}, {"speed_us": None}, {"speed_us": 0}, {"speed_us": "fast"}):  # an older firmware
        assert verify.reply_timeout(hello, 60.0) == 60.0
