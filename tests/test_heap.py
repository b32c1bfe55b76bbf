"""A complete random game runs in a small heap on the real MicroPython, from .mpy files."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
import mpytree  # noqa: E402

# 64 KB as on the Pico. The unix port is 64-bit: every pointer, and so most objects, is
# twice the size it is on the RP2040's 32-bit core. MicroPython's "w" suffix adjusts the
# heap for the word size, taking 32-bit as the baseline ("64wK" is 64 KB on a 32-bit
# board, 128 KB here). bench/run.py reports the minimum in plain bytes as well.
HEAP = "64wK"


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    return mpytree.build(str(tmp_path_factory.mktemp("mpy")))


@pytest.mark.parametrize("seed,players", [(11, 2), (12, 3), (13, 4)])
def test_complete_random_game_in_a_small_heap(micropython, tree, seed, players):
    run = mpytree.run_game(micropython, tree, HEAP, seed, players)
    assert run.returncode == 0, (run.stdout + run.stderr)[-2000:]
    moves, *winners = run.stdout.split()
    assert int(moves) > 50 and winners


def test_a_too_small_heap_fails_loudly(micropython, tree):
    # the limit is real: the same game in 16 KB runs out of memory
    run = mpytree.run_game(micropython, tree, "16wK", 11, 2)
    assert run.returncode != 0 and "MemoryError" in run.stdout + run.stderr


# A reply streamed through a heap cut into small holes (as a long game leaves a small heap):
# the heap is filled with small nodes and every other one let go, so no free block is as long
# as the 32 pieces a reply's sink joins before it writes them. The whole text must still go
# out, exactly: the pieces are then written as they are (shared_rules/cjson.py, Chunks).
FRAGMENTED = """
import gc
from shared_rules import cjson
N = 400
pieces = ['"key%03d":"%s"' % (k, "v" * 30) for k in range(N)]
want = ("{" + ",".join(pieces) + "}").encode()
got = bytearray(len(want) + 64)
at = [0]

def write(text):
    b = text.encode()
    got[at[0]:at[0] + len(b)] = b
    at[0] += len(b)

def body(out):
    for k in range(N):
        out.append(("," if k else "{") + pieces[k])
    out.append("}")

head = None
try:
    while True:
        head = [head, bytearray(400)]
except MemoryError:
    head = head[0][0]  # (room to go on)
gc.collect()
node = head
while node is not None and node[0] is not None:
    node[0] = node[0][0]  # every other node let go
    node = node[0]
gc.collect()
try:
    "".join(pieces[:32])
    joined = True
except MemoryError:
    joined = False
cjson.dump(cjson.Streamed(body), write)
same = at[0] == len(want)
for i in range(len(want)):
    if got[i] != want[i]:
        same = False
        break
print("joined" if joined else "no-block", "same" if same else "differs", at[0], len(want))
"""


def test_a_reply_streamed_through_a_fragmented_heap_goes_out_whole(micropython):
    import subprocess

    run = subprocess.run([micropython, "-X", "heapsize=128wK", "-c", FRAGMENTED], capture_output=True, text=True,
                         timeout=120, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert run.returncode == 0, (run.stdout + run.stderr)[-2000:]
    block, same, sent, want = run.stdout.split()
    assert block == "no-block", "the heap must have no block for the joined pieces, or this proves nothing"
    assert same == "same" and sent == want
