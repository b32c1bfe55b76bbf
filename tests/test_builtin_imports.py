"""Once booted, the device never imports one of MicroPython's extensible built-ins (json, os,
binascii, array, struct, select, machine...) by its plain name (tests/mp/builtin_imports.py).

Such an import looks on the filesystem first (NAME, NAME.py, NAME.mpy in every folder of
sys.path: a file may stand in for the built-in) and the built-in is never kept in
sys.modules, so the search runs every time the statement runs - six littlefs lookups of
missing files on a Pico. The buttons' poll imported machine so 250 times a second; a
snapshot's every chunk, and every tables request, imported binascii. The device's code uses
the u-names (uos, ubinascii...), which take the built-in at once, falling back to the
plain names on CPython; the simulator's machine.py is imported once and kept.

Driven: the real run loop from the device image (.mpy), 600 seeded random presses (games
played and saved, snapshots written while idle), and every op's seeded cases as steppe
sends them on the link, with the device's own ops beside them."""

import json
import os
import subprocess
import sys

from conftest import ROOT

DEVICE_OPS = ("hello", "ui.get", "link.stats", "errors.get", "files.bad", "archive.list", "log.get", "state.get")


def _lines(path: str) -> int:
    sys.path.insert(0, os.path.join(ROOT, "host"))
    from shared_rules import ops
    from steppe import cases, wire
    from steppe.device import request_line

    n = 0
    with open(path, "w") as f:
        for op in ops.names():
            for args in cases.generate(op, 1 if op == "khan.playout" else 2, 1):
                n += 1
                f.write(request_line({"id": n, "op": op, "args": wire.pack_args(op, args)}) + "\n")
        for op in DEVICE_OPS:
            n += 1
            f.write(request_line({"id": n, "op": op, "args": {}}) + "\n")
    return n


def test_the_device_never_imports_a_built_in_by_its_plain_name_once_booted(micropython, lib, tmp_path):
    lines = str(tmp_path / "lines.jsonl")
    sent = _lines(lines)
    folder = tmp_path / "board"
    folder.mkdir()
    run = subprocess.run([micropython, "-X", "heapsize=190wK", os.path.join(ROOT, "tests", "mp", "builtin_imports.py"),
                          ROOT, lib, lines, str(folder)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    assert seen["probe"] == {"binascii": 1}  # the hook sees a plain import
    assert seen["replies"] == sent and seen["ok"] > sent // 2, seen  # every line answered, most of them ok
    assert seen["saves"] > 10 and seen["steps"] > 600, seen  # games played and saved
    # machine only where the buttons start (their first poll) and the LEDs' first frame, once
    # each: the simulator's stand-in is a file, machine.py, which no u-name finds
    machine = seen["run"].pop("machine", 0)
    assert seen["run"] == {} and machine <= 2, "imported by the plain name after boot (name: times): %s" % seen["run"]
