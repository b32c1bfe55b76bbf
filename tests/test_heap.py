"""A complete random game runs in a small heap on the real MicroPython, from .mpy files."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
import mpytree  # noqa: E402

# The heap a whole game of Khan needs, rules code included, on the 64-bit unix port
# (bench/run.py reports the measured minimum). See README "Memory".
HEAP = "96k"


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
    # the limit is real: the same game in 16k runs out of memory
    run = mpytree.run_game(micropython, tree, "16k", 11, 2)
    assert run.returncode != 0 and "MemoryError" in run.stdout + run.stderr
