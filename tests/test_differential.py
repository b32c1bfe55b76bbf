"""CPython and the real MicroPython give byte-identical answers for the same seeded cases."""

import json
import sys

import pytest
from conftest import run_rules

from shared_rules import ops
from steppe import cases

COUNTS = {"khan.flee": 1000, "khan.playout": 200}  # the figures; every other op: 300
OPS = [name for name in ops.names()]


@pytest.mark.parametrize("op", OPS)
def test_same_answers_on_both_interpreters(op, micropython):
    lines = [json.dumps(a) for a in cases.generate(op, COUNTS.get(op, 300))]
    here = run_rules([sys.executable], op, lines)
    there = run_rules([micropython], op, lines)
    assert here.stderr == "" and there.stderr == "", (here.stderr[-500:], there.stderr[-500:])
    mine = here.stdout.splitlines()
    theirs = there.stdout.splitlines()
    assert len(mine) == len(lines) and len(theirs) == len(lines)
    for k in range(len(lines)):
        assert mine[k] == theirs[k], "case %d differs:\n  input %s\n  cpython %s\n  micropython %s" % (
            k, lines[k][:300], mine[k][:300], theirs[k][:300])
    ok = sum(1 for line in mine if line.startswith('{"ok":true'))
    assert ok >= len(lines) // 2, "most cases must be valid (%d of %d ok)" % (ok, len(lines))


def test_every_op_has_cases():
    for op in OPS:
        assert len(cases.generate(op, 3)) == 3, op
