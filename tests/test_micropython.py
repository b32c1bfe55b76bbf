"""The rules tests run under the real micropython binary too, the very same set."""

import os
import re
import subprocess

from conftest import ROOT


def _rules_tests() -> int:
    count = 0
    for sub in ("rules", "firmware"):
        folder = os.path.join(ROOT, "tests", sub)
        for name in os.listdir(folder):
            if name.startswith("test_") and name.endswith(".py"):
                with open(os.path.join(folder, name)) as f:
                    count += len(re.findall(r"^def test_", f.read(), re.M))
    return count


def test_rules_tests_pass_under_micropython(micropython):
    run = subprocess.run([micropython, "tests/mp_run.py"], cwd=ROOT, capture_output=True, text=True, timeout=900)
    last = run.stdout.strip().splitlines()[-1]
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    m = re.match(r"micropython: (\d+) passed, 0 failed", last)
    assert m, last
    assert int(m.group(1)) == _rules_tests(), "micropython ran a different set of tests than pytest collects"


def test_runner_reports_failures(micropython, tmp_path):
    # a failing test must fail the run: the runner is not a rubber stamp
    rules = tmp_path / "rules"
    rules.mkdir()
    (tmp_path / "firmware").mkdir()
    (rules / "test_fails.py").write_text("def test_no():\n    assert 1 == 2, 'one is not two'\n")
    (tmp_path / "mp_run.py").write_text(open(os.path.join(ROOT, "tests", "mp_run.py")).read())
    run = subprocess.run([micropython, str(tmp_path / "mp_run.py")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "0 passed, 1 failed" in run.stdout and "one is not two" in run.stdout


def test_an_op_that_runs_out_of_ram_is_answered_no_memory_not_internal(micropython):
    """Issue 20: a MemoryError is named as one (no_memory: the heap was too small, not a bug
    of ours), so a host retries or frees as it does for requests: a whole 4-player Khan game
    in a heap too small for it - wherever the RAM runs out: in the op, in importing its rules
    (the op's module found no room), or in writing the reply (said without building it)."""
    import json

    for heap in ("40wK", "44wK", "48wK"):
        run = subprocess.run([micropython, "-X", "heapsize=" + heap, "-m", "shared_rules.cli", "khan.playout"],
                             input='{"seed": 3, "players": 4}\n', cwd=ROOT, capture_output=True, text=True, timeout=120)
        lines = run.stdout.splitlines()
        assert len(lines) == 1 and not run.stderr, (heap, (run.stdout + run.stderr)[-2000:])
        reply = json.loads(lines[0])
        assert reply["ok"] is False and reply["error"]["code"] == "no_memory", (heap, reply)
        assert reply["error"]["message"] in ("out of memory in khan.playout", "the reply did not fit in RAM"), reply
