"""`steppe rules OP --port P`: the JSON Lines contract answered by the device, byte for byte
what the in-process `steppe rules OP` prints for the same input, good lines and bad."""

import json
import os
import subprocess

from conftest import ROOT, Sim, tool

from steppe import cases

BAD_LINES = (
    b"not json\n"
    b"\n"
    b"   \n"
    b"[1, 2]\n"
    b"42\n"
    b'"a string"\n'
    b"\xff\xfe\x00garbage\n"
    + b"[" * 20000 + b"\n"
    + b'{"seed": 1, "count": -1}\n'
    b'{"seed": 1, "count": 2, "name": "\xc3\xa9\xf0\x9f\x98\x80", "x": 1.5}\n'
    b'{"seed": 1, "count": 2} trailing\n'
    b'{"seed": 1, "count": 2}, "op": "khan.flee"\n'
    b'  {"seed": 7, "stream": 2, "count": 3}  \r\n'
)


def steppe(args, stdin: bytes, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([tool("steppe"), *args], input=stdin, capture_output=True, cwd=ROOT, timeout=300, env=env)


def both(sim: Sim, op: str, stdin: bytes):
    here = steppe(["rules", op], stdin)
    sim.link.close()  # the port is for one user at a time
    try:
        there = steppe(["rules", op, "--port", sim.device], stdin)
    finally:
        sim.reopen()
    return here, there


def _jsonl(op: str, count: int, seed: int) -> bytes:
    return "".join(json.dumps(a) + "\n" for a in cases.generate(op, count, seed)).encode()


def test_good_and_bad_lines_give_the_same_bytes(sim):
    stdin = b'{"seed": 42, "stream": 54, "count": 2}\n' + BAD_LINES
    here, there = both(sim, "rng.draw", stdin)
    assert here.stdout == there.stdout and here.returncode == there.returncode == 1
    assert here.stderr == there.stderr == b""
    lines = there.stdout.decode().splitlines()
    assert lines[0] == '{"ok":true,"result":{"values":[2707161783,2068313097]}}'
    codes = [json.loads(x).get("error", {}).get("code") for x in lines]
    assert codes == [None, "bad_json", "bad_args", "bad_args", "bad_args", "bad_json", "too_long", "bad_args",
                     None, "bad_json", "bad_json", None]


def test_seeded_cases_of_large_ops_give_the_same_bytes(sim):
    # khan.play requests are ~4 KB and their replies as long: pipelined without a stall
    for op in ("khan.play", "khan.flee", "huns.score"):
        stdin = _jsonl(op, 40, 2)
        here, there = both(sim, op, stdin)
        assert there.stdout == here.stdout, op
        assert there.returncode == here.returncode and there.stderr == b"", there.stderr
        assert len(there.stdout.splitlines()) == 40


def test_unknown_op_is_answered_alike():
    here = steppe(["rules", "khan.teleport"], b"{}\n")
    there = steppe(["rules", "khan.teleport", "--port", "/dev/null-no-such-port"], b"{}\n")
    assert here.stdout == there.stdout and here.returncode == there.returncode == 1
    assert b'"code":"unknown_op"' in there.stdout


def test_device_flag_finds_the_only_virtual_pico_and_no_device_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("STEPPE_SIMS", str(tmp_path / "sims"))
    run = steppe(["rules", "rng.draw", "--device"], b'{"seed": 1, "count": 1}\n', env=dict(os.environ))
    assert run.returncode == 3 and run.stdout == b"" and run.stderr.count(b"\n") == 1
    s = Sim(str(tmp_path / "pico"))  # registers itself in STEPPE_SIMS
    try:
        s.wait_ready()
        s.link.close()
        run = steppe(["rules", "rng.draw", "--device"], b'{"seed": 1, "count": 1}\n', env=dict(os.environ))
        assert run.returncode == 0, run.stderr
        assert run.stdout == steppe(["rules", "rng.draw"], b'{"seed": 1, "count": 1}\n').stdout
    finally:
        s.close()
