"""A press while `steppe verify` runs, counted in machine instructions: the same figures on
every run, where bench_device.during_verify's wall clock swings with this shared machine
(its speed was seen to halve for minutes, and its median press moved 14 -> 25 ms Pico-eq.
between two runs of the same code).

The device image is booted in the micropython binary at a Pico's heap, as count_requests.py
boots it, and is sent the requests of `steppe verify --count 5` for seeds 1..SEEDS (every
op of every game, their first requests cold: their rules imported, and let go again when
the RAM runs out, as on the box). Valgrind's callgrind counts the instructions of each
stretch of the box's work between two points where its loop could take a turn - a
request's stage (firmware/link.py stages' yields), a rules op's pause (loop.stretch, which
rulesop.breathe calls) - and of one arrow pressed on the menu with its frame (the poll's
work to the frame). Each is scaled to a Pico as count_requests.py scales a request:
Pico-equivalent ms = instructions x 7,984 ms / (the calibration loop's instructions).

The presses: an arrow every TAP_MS of the box's time, laid on the stretches end to end (no
idle time between requests: the worst a pipelined verify makes); each waits for the rest
of the stretch it lands in - its edge is latched at once by the pin's interrupt, and the
loop polls at the stretch's end - then for its own poll's work to its frame.

Run: .venv/bin/python bench/count_stretches.py [--seeds 2] [--heap 190wK] [--top 12]
[--sites] [--collections] (bench/run.py prints the figures beside bench_device's timed ones). Needs valgrind.
--sites names the pause that ended each stretch, and the one that began it, by file and line:
the count is of a copy of the tree whose every pause() call passes its place (tagged()), a
few instructions more a pause - to find where a long stretch is, not to measure it.
--collections says which stretches hold a collection of the garbage (automatic, or the
tidying's): callgrind dumps before each one too, and the two counts are summed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "host"), ROOT]

from count_requests import BOOT, CALIBRATE, _image, callgrind, pico_ms  # noqa: E402

TAP_MS = 61.0  # as bench_device.during_verify taps
SEEDS = 2  # verify's seeds 1..SEEDS, --count 5 each (the bench's wall-clock run does 16)
COUNT = 5

STAGE, REPLY, PAUSE, IMPORTED, TIDY, GATHERED, TIDIED = ("mp_builtin_divmod", "mp_builtin_hex", "mp_builtin_callable",
                                                         "mp_builtin_oct", "mp_builtin_pow", "mp_builtin_bin",
                                                         "mp_builtin_hash")
COLLECT = "gc_collect"  # (--collections: a dump before each collection too, automatic or asked for)
ZERO = "mp_builtin_round"  # (the marks: callgrind dumps before each, or zeroes its counts - the device's code
# calls none of these builtins; IMPORTED ends a pause's stretch in which modules came or went)

DEVICE = BOOT + r'''
stretch = loop.stretch
seen = set(sys.modules)
held = [len(seen)]
imported = []


def marked(app, began, at):
    stretch(app, began, at)
    if at == "collect":
        bin(0)  # (a pause's collection, a stretch of its own: rulesop.collected)
        return
    if at != "pause":
        return
    if len(sys.modules) == held[0]:
        callable(0)  # (a rules op's pause: callgrind dumps what ran since the last mark)
        return
    oct(0)  # (...in which modules came or went: which, found out here, its cost zeroed after)
    imported.append(",".join([m[13:] for m in sys.modules if m not in seen and m.startswith("shared_rules.")]))
    seen.clear()
    seen.update(sys.modules)
    held[0] = len(seen)
    round(0)


loop.stretch = marked
''' + CALIBRATE + r'''
for k in range(3):  # an arrow pressed on the menu: the poll's work to its frame (the least of three)
    a.press("RIGHT" if k % 2 else "LEFT", False)
    divmod(7, 2)
for line in open(LINES, "rb"):
    for _ in L.stages(line.rstrip(b"\n"), write):
        divmod(7, 2)  # (a stage's end: the link's task yields there)
    hex(0)  # (the reply is out)
    due = L.tidy(False)  # (as the loop does after a reply: a stretch of its own, loop.py)
    pow(2, 2)
    if due:  # (its collection, another: loop.py)
        gc.collect()
        hash(0)
divmod(7, 2)
print("|".join(imported))
'''


SITE_AT = ("        callable(0)  #", "    oct(0)  #")  # (DEVICE's marked: a pause's place written after its mark, and
# its cost zeroed - round - so the next stretch's count is the same)
PAUSE_DEF = "def pause() -> None:\n"


def tagged(root: str, dest: str) -> "list[str]":
    """A copy of root's tree at dest whose every pause() call passes its place (shared_rules/
    pause.py keeps the last in AT[0]); the places ("file:line"), by their number."""
    places = [""]
    for part in ("shared_rules", "firmware", "host", "hardware"):  # (what the image is built of)
        shutil.copytree(os.path.join(root, part), os.path.join(dest, part),
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    hook = os.path.join(dest, "shared_rules", "pause.py")
    with open(hook) as f:
        text = f.read()
    if PAUSE_DEF not in text:
        raise SystemExit("shared_rules/pause.py has no " + PAUSE_DEF.strip() + ": --sites cannot tag it")
    with open(hook, "w") as f:
        f.write(text.replace(PAUSE_DEF, "AT = [0]\n\n\ndef pause(at=0) -> None:\n    AT[0] = at\n"))
    for part in ("shared_rules", "firmware"):
        for folder, _, files in os.walk(os.path.join(dest, part)):
            for name in sorted(files):
                if not name.endswith(".py") or folder.endswith(os.sep + "sim"):
                    continue
                path = os.path.join(folder, name)
                with open(path) as f:
                    lines = f.read().split("\n")
                for i, line in enumerate(lines):
                    code = line.split("#", 1)[0]
                    if re.search(r"\bpause\(\)", code):
                        places.append(os.path.relpath(path, dest) + ":" + str(i + 1))
                        lines[i] = re.sub(r"\bpause\(\)", "pause(%d)" % (len(places) - 1), code) + line[len(code):]
                with open(path, "w") as f:
                    f.write("\n".join(lines))
    return places


def _lines(path: str, seeds: int) -> "list[str]":
    """verify's requests, seeds 1..seeds, written to path one a line; their ops."""
    from shared_rules import ops
    from steppe import cases, wire
    from steppe.device import request_line

    names = []
    with open(path, "w") as f:
        for seed in range(1, seeds + 1):
            for op in ops.names():
                for args in cases.generate(op, COUNT, seed):
                    f.write(request_line({"id": 1, "op": op, "args": wire.pack_args(op, args)}) + "\n")
                    names.append(op)
    return names


def count(image: str, heap: str, seeds: int, places=None, collections: bool = False) -> dict:
    """{"frame_ms": the poll's work to an arrow's frame, "stretches": [(Pico-eq. ms, op, where
    it ended: its line read, a pause - and the modules imported in it -, its op done, its
    reply out)] in order, "requests": how many, "scale"}. places: tagged()'s, for an image
    of its tree - each pause named by its place, and the one before it. collections: each
    stretch in which the garbage was collected says so."""
    lines = os.path.join(image, "verify.jsonl")
    names = _lines(lines, seeds)
    device = DEVICE
    if places is not None:
        for at in SITE_AT:
            if device.count(at) != 1:
                raise SystemExit("count_stretches: DEVICE's marked has changed: --sites cannot note the pauses")
            indent = at[:len(at) - len(at.lstrip())]
            end = device.index("\n", device.index(at)) + 1
            device = device[:end] + indent + "print(\"@%d\" % P.AT[0])\n" + indent + "round(0)\n" + device[end:]
        device = device.replace("stretch = loop.stretch\n", "stretch = loop.stretch\nimport shared_rules.pause as P\n", 1)
    marks = (STAGE, REPLY, PAUSE, IMPORTED, TIDY, GATHERED, TIDIED) + ((COLLECT,) if collections else ())
    dumps, printed, _ = callgrind(image, device, lines, heap, marks, ZERO, 7200)
    if collections:  # (a dump before a collection: its count goes on with the next one's)
        joined = []
        held = 0
        for mark, ir in dumps:
            if mark == COLLECT:
                held += ir
                continue
            joined.append((mark, ir + held, held > 0))
            held = 0
        dumps = [(mark, ir) for mark, ir, _ in joined]
        collected = [c for _, _, c in joined]
    # the boot, the calibration loop, three presses with their frames, then the requests' stretches
    scale = pico_ms(dumps[1][1])
    frame = min(ir for _, ir in dumps[2:5]) * scale
    out = printed.strip().split("\n")
    sites = [int(k[1:]) for k in out if k.startswith("@")]
    modules = out[-1].split("|")
    last = ""  # the place of the pause before
    stretches = []
    k = 0
    stage = 0  # the stages' ends so far in this request: the line read, the op done (link.stages)
    for n, (mark, ir) in enumerate(dumps[5:]):
        if k >= len(names) and mark != TIDIED:
            break
        at = {REPLY: "its reply out", PAUSE: "a pause", IMPORTED: "a pause", TIDY: "the tidying after it",
              GATHERED: "a pause's collection", TIDIED: "the tidying's collection after it"}.get(mark, "?")
        if mark == STAGE:
            stage += 1
            at = "its line read" if stage == 1 else "its op done"
        if mark == IMPORTED:
            came = modules.pop(0) if modules else ""
            at = "a pause, " + came + " imported" if came else at
        if places is not None:
            if mark in (PAUSE, IMPORTED):
                here = places[sites.pop(0)] if sites else "?"
                at += " at " + here + (" from " + last if last else "")
                last = here
            else:
                last = ""
        if collections and collected[n + 5]:
            at += " (a collection in it)"
        stretches.append((ir * scale, names[k - 1] if mark == TIDIED else names[k], at))  # (after its TIDY)
        if mark == TIDY:
            k += 1
            stage = 0
    if k < len(names):
        raise SystemExit("the device's run stopped after %d of %d requests" % (k, len(names)))
    return {"frame_ms": frame, "stretches": stretches, "requests": len(names), "scale": scale}


PHASES = 8  # the taps laid on the stretches this many times, each time a PHASES-th of TAP_MS later


def presses(stretches: list, frame_ms: float, tap_ms: float = TAP_MS) -> "list[float]":
    """Each press's edge to its frame (Pico-eq. ms): an arrow every tap_ms of the box's time,
    the stretches laid end to end; a press waits for the rest of its stretch, then for the
    poll's work to its frame. The taps are laid PHASES times, each a step later: where one
    lands in a long stretch is otherwise luck (one run's largest moved 39 -> 51 ms when a
    change elsewhere moved every later stretch)."""
    out = []
    for phase in range(PHASES):
        t = 0.0  # the box's time at the stretch's start
        tap = tap_ms * (phase + 0.5) / PHASES  # the next press
        for ms, _, _ in stretches:
            while tap < t + ms:
                out.append(t + ms - tap + frame_ms)
                tap += tap_ms
            t += ms
    return sorted(out)


def figures(result: dict) -> dict:
    waits = presses(result["stretches"], result["frame_ms"])
    n = len(waits)
    longest = max(result["stretches"])
    return {"presses": n, "median_ms": waits[n // 2], "p95_ms": waits[min(n - 1, n * 95 // 100)],
            "largest_ms": waits[-1], "frame_ms": result["frame_ms"], "longest": longest,
            "requests": result["requests"], "busy_s": sum(ms for ms, _, _ in result["stretches"]) / 1000.0}


def every(heap: str = "190wK", seeds: int = SEEDS) -> dict:
    """figures() of this tree's image; empty without valgrind (bench/run.py)."""
    if not shutil.which("valgrind"):
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        return figures(count(_image(ROOT, os.path.join(tmp, "image")), heap, seeds))


def report(f: dict, seeds: int = SEEDS) -> None:
    if not f:
        print("(bench/count_stretches.py's counted press figures: valgrind is not installed)")
        return
    print("a press while steppe verify --count %d runs, counted (bench/count_stretches.py, seeds 1..%d: %d requests,"
          " %.1f s of a Pico's work end to end): an arrow every %g ms, %d presses in %d phases; edge to frame, Pico-eq.: median %.1f,"
          " 95th percentile %.1f, largest %.1f ms (the poll's work to the frame %.1f ms); the longest stretch %.1f ms"
          " (%s %s)" % (COUNT, seeds, f["requests"], f["busy_s"], TAP_MS, f["presses"], PHASES, f["median_ms"], f["p95_ms"],
                        f["largest_ms"], f["frame_ms"], f["longest"][0], f["longest"][1], f["longest"][2]))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="a press while steppe verify runs, counted in instructions (valgrind)")
    p.add_argument("--seeds", type=int, default=SEEDS)
    p.add_argument("--heap", default="190wK")
    p.add_argument("--top", type=int, default=12, help="the longest stretches listed, by op and where they ended")
    p.add_argument("--ref", default="", help="a git ref counted first, for a before and after (its image from a worktree)")
    p.add_argument("--sites", action="store_true", help="each pause named by its file and line (a tagged copy of the tree)")
    p.add_argument("--collections", action="store_true", help="each stretch that holds a collection says so")
    o = p.parse_args(argv)
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        if o.ref:
            tree = os.path.join(tmp, "tree")
            subprocess.run(["git", "worktree", "add", "-q", "--detach", tree, o.ref], cwd=ROOT, check=True)
            try:
                before = count(_image(tree, os.path.join(tmp, "ref")), o.heap, o.seeds)
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=ROOT, check=False)
            print(o.ref + ":")
            report(figures(before), o.seeds)
            print("now:")
        if o.sites:
            places = tagged(ROOT, os.path.join(tmp, "tagged"))
            result = count(_image(os.path.join(tmp, "tagged"), os.path.join(tmp, "image")), o.heap, o.seeds, places,
                           o.collections)
        else:
            result = count(_image(ROOT, os.path.join(tmp, "image")), o.heap, o.seeds, None, o.collections)
    report(figures(result), o.seeds)
    if o.top > 0:
        print("the longest stretches (Pico-eq. ms, op, where it ended):")
        for ms, op, at in sorted(result["stretches"], reverse=True)[:o.top]:
            print("  %8.1f  %-16s %s" % (ms, op, at))
        shares = {}
        total = sum(ms for ms, _, _ in result["stretches"])
        for ms, op, at in result["stretches"]:
            if ms > 30.0:
                shares[op + " " + at] = shares.get(op + " " + at, 0.0) + ms
        print("the box's time in stretches over 30 ms, by op and where they ended (%% of %.1f s):" % (total / 1000.0))
        for key, ms in sorted(shares.items(), key=lambda kv: -kv[1])[:o.top]:
            print("  %5.1f%%  %s" % (100.0 * ms / total, key))
    return 0


if __name__ == "__main__":
    sys.exit(main())
