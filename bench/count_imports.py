"""What each rules module's import costs the box, counted in machine instructions: the whole of
it, when a rules op's first request imports it (firmware/rulesop.py load_rules: one module, then
a pause). Since 2026-11-30 the box imports a module a part at a time once it has loaded a game's
rules (firmware/paced.py: a pause after every 510 bytes read), so a press waits for a part of
this, not all of it (bench/count_stretches.py counts the parts); what is counted here is the
import through paced's folder, its pauses doing nothing.

An import on MicroPython is mostly the lookup of its names and string constants among the
names already interned (py/qstr.c qstr_find_strn walks them all, newest first, and a name not
there yet walks every one): so a module costs more the more the box has loaded before it, and
interned names are kept for good. Here each game's modules are imported as a box in the middle
of `steppe verify` imports them: the image booted at a Pico's heap as count_requests.py boots
it, every op of the other three games loaded and let go (memory.free), then this game's ops
loaded in steppe's order, each module between two marks after a collection ("first": its
names met for the first time), then let go and loaded again ("again": its names found). A
module's count holds no collection: an automatic one inside an import is counted on its own
(--collect: one collection at the heap's fill after every game's rules were loaded).

Run: .venv/bin/python bench/count_imports.py [--game khan] [--heap 190wK] [--over 20]
(--over: only the modules over that many Pico-equivalent ms, either way). Needs valgrind.
"""

import argparse
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "host"), ROOT]

from count_requests import BOOT, CALIBRATE, _image, callgrind, pico_ms  # noqa: E402

GAMES = ("khan", "chuhan", "huns", "khaan")

DEVICE = BOOT + CALIBRATE + r'''
import rulesop, memory
counted = []


def marking(load):
    """rulesop._load with each import it makes between two marks, after a collection."""
    def marked(name):
        if name in sys.modules:
            return
        gc.collect()
        divmod(7, 2)
        load(name)
        divmod(7, 2)
        counted.append(name[13:])
    return marked


for op in OTHERS:
    rulesop.load_rules(op)
for _ in range(2):  # this game's modules met first, then found again
    memory.free("", "")  # (it lets rulesop go too: imported again, its _load marked)
    import rulesop
    rulesop._load = marking(rulesop._load)
    for op in MINE:
        rulesop.load_rules(op)
gc.collect()
divmod(7, 2)
gc.collect()
divmod(7, 2)
print(" ".join(counted))
'''  # (OTHERS, MINE: the ops of the other games and of this one, set before it)


def count(image: str, game: str, heap: str, keep: str = "") -> "tuple[list, float]":
    """([(module, first ms, again ms)] in the order the game's ops import them, a collection's
    ms at the end (every game's rules imported once, this one's loaded)). keep: a folder for
    each first import's callgrind dump, MODULE.out (callgrind_annotate)."""
    from shared_rules import ops

    mine = [op for op in ops.names() if op.startswith(game + ".")]
    others = [op for op in ops.names() if op.split(".")[0] != game and "." in op]
    device = "OTHERS = %r\nMINE = %r\n" % (others, mine) + DEVICE
    dumps, printed, out = callgrind(image, device, "/dev/null", heap, ("mp_builtin_divmod",))
    names = printed.strip().split("\n")[-1].split()
    scale = pico_ms(dumps[1][1])
    marks = [ir * scale for _, ir in dumps[2:]]
    imports = marks[1::2]  # (between the marks: a module's import; outside them, the ops' loading)
    half = len(names) // 2
    if len(imports) < len(names) + 1 or names[:half] != names[half:]:
        raise SystemExit("the device's run did not import %s's modules twice in one order: %s" % (game, names))
    rows = [(names[k], imports[k], imports[half + k]) for k in range(half)]
    if keep:
        os.makedirs(keep, exist_ok=True)
        for k in range(half):  # (dump n holds what ran before the n-th mark: import k ends at mark 2k + 4)
            shutil.copy("%s.%d" % (out, 2 * k + 4), os.path.join(keep, names[k] + ".out"))
    return rows, imports[len(names)]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", choices=GAMES, help="(all four when none)")
    p.add_argument("--heap", default="190wK")
    p.add_argument("--keep", default="", help="a folder for each module's first import's callgrind dump")
    p.add_argument("--over", type=float, default=0.0, help="only the modules over this many ms, first or again")
    o = p.parse_args(argv)
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    print("each rules module's import, Pico-equivalent ms by instructions counted (valgrind), %s heap, the other"
          " games' rules loaded and let go before: its names met first | found again" % o.heap)
    with tempfile.TemporaryDirectory() as tmp:
        image = _image(ROOT, os.path.join(tmp, "image"))
        for game in o.game or GAMES:
            rows, collect = count(image, game, o.heap, o.keep)
            print("%s (a collection after: %.1f ms):" % (game, collect))
            for name, first, again in rows:
                if max(first, again) >= o.over:
                    print("  %-24s %6.1f %6.1f" % (name, first, again))
    return 0


if __name__ == "__main__":
    sys.exit(main())
