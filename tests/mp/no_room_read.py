"""Run by tests/test_no_memory.py under micropython: a request line whose string value finds
no run of RAM to be built in, on a heap split into runs of 2 KB (room enough in all, none of
8 KB). Prints what the device's reader (shared_rules/ops.py loads_strict) did: "read", or
"no_memory" and whether it loaded the strict reader on its way to saying so.

usage: micropython -X heapsize=190wK no_room_read.py ROOT
"""

import gc
import sys

sys.path[:0] = [sys.argv[1] + "/firmware/sim", sys.argv[1] + "/firmware", sys.argv[1]]

from shared_rules import ops  # noqa: E402

line = '{"args":{"pad":"' + "x" * 8000 + '"},"id":1,"op":"hello"}'
held = []
try:
    while True:
        held.append(bytearray(2000))
except MemoryError:
    pass
for i in range(0, len(held), 2):
    held[i] = None  # (every other run let go: half the heap free, in runs of 2 KB)
gc.collect()
try:
    ops.loads_strict(line, True)
    print("read")
except MemoryError:
    held = None
    print("no_memory", "shared_rules.strict" in sys.modules)
