"""The run loop cannot die: seeded random presses through the real App.run and the real
buttons (tests/mp/loop_fuzz.py, tests/firmware/loopdrive.py) under micropython, from the
device image the virtual Pico runs (.mpy). At 190wK (a Pico's heap): 20,000 presses across
all four games - menu, setup, play, undo and redo, back to the menu, new games - and the
loop never stops, no error at all, the heap flat, the link answered, and the box plays a
new game at the end. At 96wK (the design target the firmware does not meet yet: README,
Memory) the RAM runs out again and again; the loop still never stops, errors.log stays
within its cap, every request is answered and the buttons still work."""

import json
import os
import subprocess
import time

from conftest import ROOT

CAP = 4096  # firmware/errlog.py


def _run(micropython: str, lib: str, heap: str, seed: int, presses: int, folder) -> "tuple[dict, float]":
    os.makedirs(str(folder), exist_ok=True)
    began = time.monotonic()
    run = subprocess.run([micropython, "-X", "heapsize=" + heap, os.path.join(ROOT, "tests", "mp", "loop_fuzz.py"),
                          ROOT, lib, str(seed), str(presses), str(folder)], capture_output=True, text=True,
                         timeout=600)
    took = time.monotonic() - began
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    seen = {}
    for line in run.stdout.splitlines():
        key, _, value = line.partition(" ")
        seen[key] = json.loads(value)
    return seen, took


def test_20000_random_presses_through_the_run_loop_at_190wK(micropython, lib, tmp_path):
    presses = 20000
    seen, took = _run(micropython, lib, "190wK", 1, presses, tmp_path / "board")
    print("\n%d presses in %.1f s: %.0f presses/s; heap on the menu %s" % (presses, took, presses / took, seen["heap"]))
    assert seen["scripted"] == presses and seen["steps"] >= presses  # the loop ran to the script's end
    assert seen["faults"] == 0 and seen["log_size"] == 0, seen["notice"]  # not one error, MemoryError or other
    games = seen["games"]
    assert sorted(games) == ["chuhan", "huns", "khaan", "khan"] and min(games.values()) > 500, games
    assert seen["new_games"] >= 5 and seen["history"] > 100 and seen["menu"] > 500 and seen["most_actions"] > 100
    assert seen["replies"] == seen["requests"] == seen["replies_ok"] > 20  # the link answered every request
    assert seen["final"]["screen"] == "chuhan" and seen["final"]["mode"] != "error"  # and the box plays on
    heap = seen["heap"]
    assert len(heap) >= 15
    # flat: once every game's code, the help lines and the board editor have been through the
    # heap (the first half: their names stay interned, a few KB once), the menu's free heap
    # does not go down; a leak of a byte a press would take 10 KB over the rest (60,000
    # presses of this seed: flat from the 20,000th to the end)
    warm = heap[len(heap) // 2]
    assert min(heap[len(heap) // 2:]) >= warm - 2048, heap


def test_random_presses_in_a_heap_too_small_never_stop_the_loop_at_96wK(micropython, lib, tmp_path):
    presses = 5000
    seen, took = _run(micropython, lib, "96wK", 2, presses, tmp_path / "board")
    print("\n%d presses at 96wK in %.1f s; %d errors recovered from; errors.log %d bytes" % (
        presses, took, seen["faults"], seen["log_size"]))
    assert seen["scripted"] == presses and seen["steps"] >= presses
    assert seen["faults"] > 0  # the RAM did run out: the log was written when it could be, within its cap...
    assert seen["log_size"] <= CAP and (not os.path.exists(tmp_path / "board" / "errors.log")
                                         or os.path.getsize(tmp_path / "board" / "errors.log") <= CAP)
    assert seen["replies"] == seen["requests"] > 5  # ...and the link answered every request (no_memory at worst)
    # the box still answers its buttons: on the menu, a setup or a game's screen (at 96wK the RAM
    # may run out again while it is steered to Chu and Han, and each error's reason takes a press)
    final = seen["final"]
    assert final["screen"] in ("menu", "khan", "chuhan", "huns", "khaan"), final
    # (its mode, unless the last press met an error: then the ERR alert over the dark screen the
    # loop replaces with the menu at its next turn - faults.fault)
    assert final.get("mode") or final.get("alert") == "ERR", final
    # (how much of the 5,000 presses is play depends on exactly where the heap runs out: the
    # same firmware gives 0-3,747 presses in games over seeds 2-7, and moves with as little as
    # the length of the test folder's path - 96wK is a target not met, README's Memory; the
    # 190wK test above is the strict one)
