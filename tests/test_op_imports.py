"""Issue 20: a device's first request of an op imports the rules modules it needs one at a
time (firmware/rulesop.py load_rules), the buttons taking their turn after each - so each game's
ops module names them, leaves first (rulesop.FIRST, each ops module's NEEDS): what the op needs
as steppe sends it (Khan's pieces and states packed) on its way to an answer. What another case
needs more - pieces or a state given as JSON, an error's sentence (a game's messages) - the op
imports there and then. Checked under both interpreters, with every op's seeded cases as steppe
sends them, and Khan's as JSON."""

import ast
import json
import os
import subprocess
import sys

from conftest import ROOT


def _cases(tmp_path) -> str:
    sys.path.insert(0, os.path.join(ROOT, "host"))
    from shared_rules import ops
    from steppe import cases, wire

    cases.snapshots(1)
    sent = {}
    plain = {}
    for op in ops.names():
        given = cases.generate(op, 3 if op == "khan.playout" else 8, 1)
        sent[op] = [wire.pack_args(op, a) for a in given]
        if op.startswith("khan."):
            plain[op] = given
    path = str(tmp_path / "cases.json")
    with open(path, "w") as f:
        json.dump({"first": _first(), "cases": sent, "plain": plain}, f)
    return path


def _first() -> dict:
    """rulesop.FIRST, read from its source (the firmware module needs the box to import)."""
    with open(os.path.join(ROOT, "firmware", "rulesop.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FIRST":
            return ast.literal_eval(node.value)
    raise AssertionError("firmware/rulesop.py has no FIRST")


def test_every_op_names_the_modules_it_needs_leaves_first(tmp_path, micropython):
    path = _cases(tmp_path)
    script = os.path.join(ROOT, "tests", "mp", "op_imports.py")
    for cmd in ([sys.executable, script, path], [micropython, script, path]):
        env = dict(os.environ, MICROPYPATH=ROOT, PYTHONPATH=ROOT)
        run = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
        assert run.stdout.startswith("ok "), (cmd[0], run.stdout + run.stderr)
