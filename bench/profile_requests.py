"""Where a request's time goes on the device: each stage of Link.stages timed inside the
micropython binary, from the device image (.mpy), at a Pico's heap - the line read (json
and its canonical check), the op, the reply encoded and written, the tidying after - and a
garbage collection at that heap. Not a figure for the README (bench_device.py is): a tool
to find what to make faster.

Run: .venv/bin/python bench/profile_requests.py [--heap 190wK] [--game khan] [--op play]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT]

PICO_CALIBRATION_MS = 7984.0

DEVICE = r'''
import gc, sys, time
sys.path[:0] = [SIM, "lib", BENCH]
import calibrate
import app, link
from hal.pixels import NeoPixelStrip
from ui import palette
a = app.App(NeoPixelStrip(22, 16, 16, palette.PALETTE, floor=palette.FLOOR, large=palette.LARGE), None, "fs/")
a.boot()
L = link.Link(a)
sink = []
def write(s):
    sink.append(len(s))
t = time.ticks_us
d = time.ticks_diff
for line in open(LINES, "rb"):
    line = line.rstrip(b"\n")
    best = None
    for k in range(REPS):
        if k:
            gc.collect()
        st = []
        t0 = t()
        out = L.read(line)
        t1 = t()
        if isinstance(out, tuple):
            rid, op, args = out
            out = L.rules(rid, op, args)
        t2 = t()
        sink.clear()
        link.cjson.dump(out, write)
        write("\n")
        t3 = t()
        free = gc.mem_free()
        gc.collect()
        t4 = t()
        row = (d(t1, t0), d(t2, t1), d(t3, t2), d(t4, t3), sum(sink), gc.mem_free() - free, k == 0)
        if k == 0:
            first = row
        elif best is None or row[0] + row[1] + row[2] < best[0] + best[1] + best[2]:
            best = row
    ok = out.get("ok") if isinstance(out, dict) else None
    if DETAIL:
        import json as J
        text = line.decode()
        def T(f, n=50):
            gc.collect()
            t0 = t()
            for _ in range(n):
                f()
            return d(t(), t0) // n
        obj = J.loads(text)
        print('{"detail": "%s", "loads": %d, "matches": %d, "strict": %d, "read": %d, "mem_free": %d, "collect": %d}' % (
            L.op, T(lambda: J.loads(text)), T(lambda: link.cjson.matches(obj, text, 32)),
            T(lambda: link.ops.loads_strict(text)), T(lambda: L.read(line)), T(lambda: gc.mem_free()), T(gc.collect, 5)))
    print('{"op": "%s", "ok": %s, "cold": [%d, %d, %d, %d, %d], "warm": [%d, %d, %d, %d, %d], "free": %d}' % (
        L.op, "true" if ok else "false", first[0], first[1], first[2], first[3], first[4],
        best[0], best[1], best[2], best[3], best[4], gc.mem_free()))
'''


def main(argv=None) -> int:
    from shared_rules import ops
    from steppe import build, cases, wire
    from steppe.device import request_line

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--heap", default="190wK")
    p.add_argument("--game", default="khan")
    p.add_argument("--op", default="")
    p.add_argument("--reps", type=int, default=6)
    p.add_argument("--detail", action="store_true", help="the read stage's parts, unix us")
    p.add_argument("--case", type=int, default=1, help="which seeded case of each op")
    o = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        image = os.path.join(tmp, "image")
        build.write(image, build.files(build.HOST))
        os.mkdir(os.path.join(image, "fs"))
        lines = os.path.join(tmp, "lines.jsonl")
        with open(lines, "w") as f:
            for op in ops.names():
                if not op.startswith(o.game + ".") or op == "khan.playout" or o.op not in op:
                    continue
                args = cases.generate(op, o.case + 1, 1)[o.case]
                f.write(request_line({"id": 1, "op": op, "args": wire.pack_args(op, args)}) + "\n")
        script = os.path.join(image, "prof.py")
        with open(script, "w") as f:
            f.write("SIM = %r\nBENCH = %r\nLINES = %r\nREPS = %d\nDETAIL = %d\n" % (os.path.join(ROOT, "firmware", "sim"), HERE, lines, o.reps, o.detail)
                    + DEVICE)
        sys.path.insert(0, HERE)
        import bench_device  # noqa: F401  (its micropython)
        from run import micropython

        run = subprocess.run([micropython(), "-X", "heapsize=" + o.heap, script], cwd=image, capture_output=True,
                             text=True, timeout=600)
        if run.returncode:
            print(run.stdout + run.stderr)
            return 1
        rows = [json.loads(x) for x in run.stdout.splitlines() if x.startswith("{")]
        for r in rows:
            if "detail" in r:
                print(r)
        rows = [r for r in rows if "detail" not in r]
    scale = PICO_CALIBRATION_MS * 1000.0 / rows[0]["us"] / 1000.0
    print("Pico-equivalent ms (x%.0f) at %s: read = the line's JSON and its check; op; reply = encoded and written;"
          " gc = a collection after" % (scale * 1000, o.heap))
    print("%-20s %6s | %-30s | %-30s | %s" % ("op", "bytes", "cold: read op reply gc", "warm: read op reply gc",
                                              "free"))
    for r in rows[1:]:
        c, w = r["cold"], r["warm"]
        print("%-20s %6d | %6.1f %6.1f %6.1f %6.1f (%5.0f) | %6.1f %6.1f %6.1f %6.1f (%5.0f) | %d%s" % (
            r["op"], c[4], c[0] * scale, c[1] * scale, c[2] * scale, c[3] * scale,
            (c[0] + c[1] + c[2]) * scale, w[0] * scale, w[1] * scale, w[2] * scale, w[3] * scale,
            (w[0] + w[1] + w[2]) * scale, r["free"], "" if r["ok"] else "  refused"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
