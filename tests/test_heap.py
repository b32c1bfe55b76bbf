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
