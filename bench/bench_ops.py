"""Every op of the table, timed under the micropython binary by bench/run.py.

argv: the .mpy tree, then a folder of OP.jsonl case files. Prints one JSON line per op:
{"name", "us": mean microseconds per call, "max": the slowest case, "n"}; each case
is timed three times and its fastest run counts.
"""

import gc
import json
import os
import sys
import time

sys.path.insert(0, sys.argv[1])

from shared_rules import ops  # noqa: E402
from shared_rules.errors import RulesError  # noqa: E402

folder = sys.argv[2]
for name in sorted(os.listdir(folder)):
    op = name[:-6]
    cases = []
    with open(folder + "/" + name) as f:
        for line in f:
            cases.append(json.loads(line))
    ops.lookup(op)  # import the game before timing
    try:
        ops.call(op, cases[0])  # and warm it up once, untimed
    except RulesError:
        pass
    total = 0
    worst = 0
    for args in cases:
        # each case three times, the fastest counts: the op's own cost, without the
        # other programs of a shared machine or the collection of earlier garbage
        took = 0
        for _ in range(3):
            gc.collect()
            t0 = time.ticks_us()
            try:
                ops.call(op, args)
            except RulesError:
                pass
            t = time.ticks_diff(time.ticks_us(), t0)
            if not took or t < took:
                took = t
        total += took
        if took > worst:
            worst = took
    print('{"name": "%s", "us": %d, "max": %d, "n": %d}' % (op, total // len(cases), worst, len(cases)))
