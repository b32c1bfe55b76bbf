"""What each request costs the device, counted in machine instructions: the same figure on
every run, where the wall-clock ones of bench_device.py swing with the other programs of a
shared machine (a twofold swing of a whole run was seen here, the calibration loop barely
touched: it runs in its cache, a request does not).

The device image is booted in the micropython binary at a Pico's heap (as profile_requests
does: the app, the link, no pseudo-terminal) and a game's requests are sent as bench_device
sends them - each op's first seeded case (cold: its rules modules imported), then its
others twice (warm) - each after a garbage collection, so that the collector's own timing
does not move a request's count. Valgrind's callgrind counts the instructions between two
markers around each request (a call of divmod(), which the device's code never makes), and
around the DESIGN.md calibration loop, which gives the scale: Pico-equivalent ms =
instructions x 7,984 ms / (the loop's instructions). Not the README's figures (those are
bench_device's wall clock, which also pays the cache misses and the pseudo-terminal): a
tool to see what a change saves, to the instruction.

Run: .venv/bin/python bench/count_requests.py [--game khan] [--heap 190wK] [--ref GIT-REF] [--where]
(--ref: the same requests to that commit's image too, side by side; --where: the shares of
each op's instructions in the parts of MicroPython that cost most - the allocation table's
search, the interned names' lookup, frames from the heap). Needs valgrind.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT]

PICO_CALIBRATION_MS = 7984.0
MARK = "mp_builtin_divmod"

BOOT = r'''
import gc, sys
sys.path[:0] = [SIM, "lib"]
import app, link
from hal.pixels import NeoPixelStrip
from ui import palette
a = app.App(NeoPixelStrip(22, 16, 16, palette.PALETTE, floor=palette.FLOOR, large=palette.LARGE), None, "fs/")
a.boot()
import loop
loop.wanted = lambda app, now: False  # (no press waits: the loop never takes a turn in a request, whatever
# the wall clock valgrind slows - else the count of a request held its turns, more on a busy machine)
L = link.Link(a)
L.loop = True  # (as the button loop serves it: a first request imports its op's rules, rulesop.load_rules)
def write(s):
    pass
'''  # the box booted from the image at a Pico's heap, its link as the loop serves it (count_stretches.py too)

CALIBRATE = r'''
gc.collect()
divmod(7, 2)
exec(compile("x = 0\nfor i in range(100000):\n    x = x + 1\n", "calibration", "exec"), {})
divmod(7, 2)
'''  # DESIGN.md's loop, a tenth of it, between two marks: its dump gives the scale (pico_ms)

DEVICE = BOOT + CALIBRATE + r'''
for line in open(LINES, "rb"):
    gc.collect()
    divmod(7, 2)
    for _ in L.stages(line.rstrip(b"\n"), write):
        pass
    divmod(7, 2)
    L.tidy()  # (as the loop does after a reply: not the request's)
divmod(7, 2)
'''


def pico_ms(calibration: int) -> float:
    """Pico-equivalent ms an instruction, from CALIBRATE's dump: 100,000 additions, a tenth
    of the loop that takes a Pico 7,984 ms."""
    return PICO_CALIBRATION_MS / (calibration * 10.0)


def callgrind(image: str, device: str, lines: str, heap: str, marks, zero: str = "", timeout: int = 3600):
    """The device script (SIM and LINES given it) run in micropython under callgrind, a dump
    before each call of a mark's function (and its counts zeroed before zero's); ([(the mark
    that ended it, instructions)] of each dump in order, the script's output, the dumps'
    path prefix)."""
    sys.path.insert(0, HERE)
    from run import micropython

    script = os.path.join(image, "count.py")
    with open(script, "w") as f:
        f.write("SIM = %r\nLINES = %r\n" % (os.path.join(ROOT, "firmware", "sim"), lines) + device)
    out = os.path.join(image, "cg", "out")
    shutil.rmtree(os.path.dirname(out), ignore_errors=True)  # (an earlier count's dumps would be read as this one's)
    os.makedirs(os.path.dirname(out))
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out]
                         + (["--zero-before=" + zero] if zero else []) + ["--dump-before=" + m for m in marks]
                         + [micropython(), "-X", "heapsize=" + heap, script], cwd=image, capture_output=True,
                         text=True, timeout=timeout)
    if run.returncode:
        raise SystemExit("the device's run failed: " + run.stderr.strip()[-500:])
    dumps = []
    for path in sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1])):
        mark, ir = "", 0
        with open(path) as f:
            for row in f:
                if row.startswith("desc: Trigger:"):
                    mark = row.rsplit("=", 1)[-1].strip()
                elif row.startswith(("summary:", "totals:")):
                    ir = int(row.split()[1])
                    break
        dumps.append((mark, ir))
    return dumps, run.stdout, out


def _lines(game: str, path: str) -> "list[tuple[str, str]]":
    """The requests (op, "cold" or "warm") written to path, one a line."""
    from shared_rules import ops
    from steppe import cases, wire
    from steppe.device import request_line

    names = []
    with open(path, "w") as f:
        for op in ops.names():
            if not op.startswith(game + ".") or op == "khan.playout":
                continue
            seeded = cases.generate(op, 3, 1)
            for k, args in enumerate(seeded + seeded[1:]):
                f.write(request_line({"id": 1, "op": op, "args": wire.pack_args(op, args)}) + "\n")
                names.append((op, "cold" if k == 0 else "warm"))
    return names


def _image(root: str, dest: str) -> str:
    """The device image of the tree at root, built into dest."""
    run = subprocess.run([sys.executable, "-c", "import sys; sys.path[:0] = ['host', '.']\n"
                          "from steppe import build\nbuild.write(sys.argv[1], build.files(build.HOST))", dest],
                         cwd=root, capture_output=True, text=True)
    if run.returncode:
        raise SystemExit("could not build the image of " + root + ": " + run.stderr.strip()[-300:])
    os.makedirs(os.path.join(dest, "fs"), exist_ok=True)
    return dest


def count(image: str, lines: str, heap: str, names: list, keep: str = "") -> dict:
    """{op: {"cold": [ms], "warm": [ms, ...]}} of the requests in lines, on image (keep: a
    folder to copy callgrind's dumps to, a request's named OP-cold or OP-warmN.out, for
    callgrind_annotate)."""
    dumps, _, out = callgrind(image, DEVICE, lines, heap, (MARK,))
    totals = [ir for _, ir in dumps]
    # each dump holds what ran since the marker before: the boot, the loop, a collection, then
    # each request and its tidying and the next collection
    if len(totals) < 3 + 2 * len(names):
        raise SystemExit("the device's run stopped after %d of %d requests" % ((len(totals) - 3) // 2, len(names)))
    scale = pico_ms(totals[1])
    result = {}
    for k, ((op, kind), ir) in enumerate(zip(names, totals[3::2])):
        runs = result.setdefault(op, {"cold": [], "warm": []})
        runs[kind].append(ir * scale)
        if keep:
            os.makedirs(keep, exist_ok=True)
            label = kind if kind == "cold" else kind + str(len(runs[kind]))
            shutil.copy("%s.%d" % (out, 4 + 2 * k), os.path.join(keep, "%s-%s.out" % (op, label)))
    return result


# where a request's instructions go inside MicroPython (callgrind's functions), as --where shows
WHERE = (
    ("search of the allocation table", "self", "py/gc.c:gc_alloc"),
    ("interned-name lookup", "self", "py/qstr.c:qstr_find_strn"),
    ("frames from the heap (their search in table's share too)", "incl", "py/malloc.c:m_malloc_maybe"),
    ("dict lookups", "self", "py/map.c:mp_map_lookup"),
    ("the bytecode itself", "self", "py/vm.c:mp_execute_bytecode"),
)


def _short(label: str) -> str:
    """A WHERE part's column head: the last word of its name before any parenthesis."""
    return label.split(" (")[0].split()[-1]


def where(dump: str) -> "list[float]":
    """The shares (%) of a request's instructions in WHERE's parts of MicroPython, from its
    callgrind dump: the search for a run of free blocks (gc_alloc walks the allocation table
    from the lowest free block up, past every hole), the lookup of a new string among the
    interned names (a linear walk of every name a module loaded), the frames a call takes
    from the heap (a function's state over 11 words: bench/frames.py), the dicts' lookups and
    the bytecode's own loop. (m_malloc_maybe: only fun_bc_call asks for a frame that way in a
    request; its share holds the search for it.)"""
    shares = []
    for inclusive in (False, True):
        run = subprocess.run(["callgrind_annotate", "--threshold=100", "--inclusive=" + ("yes" if inclusive else "no"),
                              dump], capture_output=True, text=True)
        rows = run.stdout.splitlines()
        total = 0
        got = {}
        for row in rows:
            parts = row.split()
            if len(parts) < 3 or not parts[0][0].isdigit():
                continue
            n = int(parts[0].replace(",", ""))
            if "PROGRAM TOTALS" in row:
                total = n
            for _, kind, fn in WHERE:
                if (kind == "incl") == inclusive and (fn + " " in row or fn + "'" in row):
                    # (a function's own cost is split by callgrind among its recursion's levels,
                    # fn'2, fn'3...: summed; an inclusive cost is the outermost level's, the largest)
                    got[fn] = got.get(fn, 0) + n if not inclusive else max(got.get(fn, 0), n)
        shares.append({fn: 100.0 * n / total for fn, n in got.items()} if total else {})
    return [shares[kind == "incl"].get(fn, 0.0) for _, kind, fn in WHERE]


def every_game(heap: str = "190wK", games=("khan", "chuhan", "huns", "khaan")) -> dict:
    """{op: {"cold": [ms], "warm": [ms, ...]}} of every game's ops on this tree's image (one
    image; each game's requests on a box of their own, booted afresh): bench/run.py prints
    them beside bench_device's timed figures. Empty without valgrind."""
    if not shutil.which("valgrind"):
        return {}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        image = _image(ROOT, os.path.join(tmp, "image"))
        for game in games:
            lines = os.path.join(tmp, game + ".jsonl")
            names = _lines(game, lines)
            out.update(count(image, lines, heap, names))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="khan")
    p.add_argument("--heap", default="190wK")
    p.add_argument("--ref", default="", help="a git ref to count side by side (its image built from a worktree)")
    p.add_argument("--keep", default="", help="a folder for each request's callgrind dump (callgrind_annotate)")
    p.add_argument("--where", action="store_true", help="where each op's instructions go inside MicroPython: the"
                   " allocation table's search, the interned names' lookup, heap frames... (cold, first warm)")
    o = p.parse_args(argv)
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        lines = os.path.join(tmp, "lines.jsonl")
        names = _lines(o.game, lines)
        keep = o.keep or (os.path.join(tmp, "dumps") if o.where else "")
        runs = [("now", count(_image(ROOT, os.path.join(tmp, "now")), lines, o.heap, names, keep))]
        if o.where:
            print("where the instructions go inside MicroPython, %% of each request's (%s heap):" % o.heap)
            print("%-24s %s" % ("", " ".join("%13s" % _short(label) for label, _, _ in WHERE)))
            for op in runs[0][1]:
                for label in ("cold", "warm1"):
                    shares = where(os.path.join(keep, "%s-%s.out" % (op, label)))
                    print("%-24s %s" % (op + " " + label, " ".join("%12.1f%%" % v for v in shares)))
            print("(%s)" % "; ".join("%s: %s" % (_short(label), label) for label, _, _ in WHERE))
        if o.ref:
            tree = os.path.join(tmp, "tree")
            subprocess.run(["git", "worktree", "add", "-q", "--detach", tree, o.ref], cwd=ROOT, check=True)
            try:
                runs.insert(0, (o.ref, count(_image(tree, os.path.join(tmp, "ref")), lines, o.heap, names)))
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=ROOT, check=True)
    print("Pico-equivalent ms by instructions counted (valgrind), %s heap, each request after a collection:"
          " cold | warm (its cases)" % o.heap)
    for op in runs[-1][1]:
        cells = []
        for label, result in runs:
            r = result[op]
            cells.append("%s %6.1f | %s" % (label, r["cold"][0], " ".join("%5.1f" % v for v in r["warm"])))
        print("%-18s %s" % (op, "    ".join(cells)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
