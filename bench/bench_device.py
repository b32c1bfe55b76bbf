"""What a request costs the device itself: the virtual Pico at a Pico's heap, timed inside.

For each heap (190wK: about a real Pico's; 96wK: the design target) and each game, a
freshly booted virtual Pico (the firmware's .mpy image on the real micropython binary)
is sent every op of that game: the first request of each op (cold: the rules modules it needs
are imported) and WARM more (warm: the fastest kept, the op's own cost without the
other programs of a shared build machine, which make a median swing twofold). Each request is timed by
the device from the first byte of its line read to the last byte of its reply written
(link.stats), and scaled to a Pico by the calibration loop run in that same process
(firmware/calib.py), short ones just before and just after each op's requests (the least of
them: the desktop's other programs slow a run, never speed one, and its speed drifts from
second to second); the tidying after the reply (a collection when the heap runs short:
the largest of the warm runs) apart. Khan's pieces go packed, as steppe sends them
(host/steppe/wire.py). Also: the longest gap between two polls of the buttons while the
game's requests were served (a stretch of the device's work between two yields to the
loop, with a turn of the loop, scaled: not the loop's own 4 ms sleep - and, served warm,
the least of an op's runs), the heap free after the game's tables are loaded (and with
every game's tables asked for in turn on one board), and `steppe verify` cases/s against
the 190wK board.

Run by bench/run.py (make bench); alone: .venv/bin/python bench/bench_device.py, or for a
profile only some: --game khan --heap 190wK --op play --no-verify
"""

import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "host"))
sys.path.insert(0, ROOT)

PICO_CALIBRATION_MS = 7984.0
WARM = 5
PER_OP = 3  # seeded cases per op: the first is the cold request
GAMES = ("khan", "chuhan", "huns", "khaan")


def _board(folder: str, heap: str, gpio: bool = False):
    """A running virtual Pico and a transport to it; close both with _close. gpio: its
    buttons driven at the GPIO level too (VirtualPico.gpio)."""
    from steppe.sim import VirtualPico

    pico = VirtualPico(folder, heap=heap)
    pico.open(gpio)
    return pico, pico.start()


def _close(pico, link) -> None:
    pico.shutdown(link)


LOOP_SLEEP_MS = 4  # firmware/app.py POLL_MS: the button loop's sleep between two polls


def _cost(link, op: str, args: dict) -> "tuple[int, int, bool, int]":
    """(device µs, the most CPU µs between two polls of the buttons, answered ok, the µs of
    the tidying after the reply - a collection when the heap runs short) of one request.
    (The wall-clock gap between polls holds the loop's 4 ms sleep, which a calibration
    factor must not scale; the CPU time between polls is what a Pico pays.)"""
    from steppe import wire
    from steppe.device import DeviceError, framed, request_line

    time.sleep(0.02)  # the loop polls between link.stats and the request, and after it: the
    args = wire.pack_args(op, args)  # as steppe sends it: framed, Khan's pieces packed
    line = framed(request_line({"id": 1, "op": op, "args": args}).encode())
    reply = link.raw_line(line[:-1], timeout=60)
    time.sleep(0.02)  # most CPU between two polls is the request's own
    try:
        stats = link.request("link.stats")
    except DeviceError:  # (a small heap that the op left short: no figure this time)
        return 0, 0, bool(reply.get("ok")), 0
    if stats["op"] != op:  # the line itself did not fit (answered no_memory before its op was known)
        return 0, stats["busy_us"], False, 0
    return stats["last_us"], stats["busy_us"], bool(reply.get("ok")), stats["tidy_us"]


CALIBRATIONS = 3  # the calibration loop's runs before a game's requests, and as many after
# (asked as steppe asks: again on no_memory - a 96wK box full of a game's rules may have no
# room for the calibration's module or hello's reply at once; it lets go of what it can)


def _calibrated(link, additions, times: int, given: int) -> int:
    """The least time (µs) of `times` runs of the device's calibration loop (additions: True
    for the whole loop, or a count, its time scaled to 1,000,000); given when the box had no
    room for it even asked again (a 96wK box with Rise of the Khaan's rules loaded: the
    calibration taken before stands then)."""
    from steppe.device import DeviceError

    try:
        return min([link.ask("link.stats", {"calibrate": additions}, timeout=60, tries=5)["calibration_us"]
                    for _ in range(times)])
    except DeviceError as e:
        if e.code != "no_memory" or not given:
            raise
        return given


def _calibration(link, times: int = CALIBRATIONS, given: int = 0) -> int:
    """The least time of the device's calibration loop (µs) of `times` runs."""
    return _calibrated(link, True, times, given)


SHORT = 200000  # additions of a short calibration (~30 ms here): one before an op's requests, one after


def _short(link, times: int = 2, given: int = 0) -> int:
    """The least time of the short calibration (`times` runs), scaled to 1,000,000 additions."""
    return _calibrated(link, SHORT, times, given)


def _gap(busy_us: int, scale: float) -> float:
    """The buttons unpolled on a Pico (ms): the CPU time between two polls at its speed, or
    the loop's own sleep when that is longer."""
    return max(float(LOOP_SLEEP_MS), busy_us * scale / 1000.0)


def measure(heap: str, games=GAMES, only: str = "") -> dict:
    """Every op of every game (or of those given; only: the ops whose name holds it) on a
    fresh board at this heap."""
    from shared_rules import ops
    from steppe import cases

    out = {"heap": heap, "ops": [], "games": {}}
    for game in games:
        with tempfile.TemporaryDirectory() as tmp:
            pico, link = _board(os.path.join(tmp, "pico"), heap)
            try:
                calib = _calibration(link)
                link.request("link.stats")  # the gap so far: reset
                tables = link.raw_line(('{"id":1,"op":"%s.tables","args":{}}' % game).encode(), timeout=60)
                free = link.ask("hello", tries=5)["heap"]["free"] if tables.get("ok") else 0
                gap = 0
                warm_gap = [0, ""]  # the longest of the ops' least gaps while served warm, and its op
                rows = []  # (op, cold, warm, ok, quiet gap, tidy), µs on this machine
                for op in ops.names():
                    if not op.startswith(game + ".") or op == "khan.playout" or only not in op:
                        continue
                    args = cases.generate(op, PER_OP, 1)
                    # (the desktop's speed beside this op's requests; the game's whole calibration
                    # when a 96wK box full of its rules had no room for the short one)
                    before = _short(link, given=calib)
                    cold, g, ok, _ = _cost(link, op, args[0])
                    gap = max(gap, g)
                    warm = []
                    gaps = []
                    tidy = 0
                    for k in range(WARM):
                        us, g, ok2, t = _cost(link, op, args[1 + k % (len(args) - 1)] if len(args) > 1 else args[0])
                        if us:  # (0: the line did not fit; not a time)
                            warm.append(us)
                        gaps.append(g)
                        tidy = max(tidy, t)
                    warm.sort()
                    # one preemption of the desktop's scheduler, times the calibration's factor,
                    # would read as a long gap: an op's own is the least of its runs
                    quiet = min(gaps) if gaps else 0
                    if quiet > warm_gap[0]:
                        warm_gap[0], warm_gap[1] = quiet, op
                    # the op's own scale: the least short calibration just before its requests
                    # and just after (a busy desktop slows a run, never speeds one)
                    here = PICO_CALIBRATION_MS * 1000.0 / min(before, _short(link, given=before))
                    rows.append((op, cold, warm[0] if warm else 0, ok, quiet, tidy, here))
                # the least calibration before and after: a busy desktop slows a run, never speeds one
                scale = PICO_CALIBRATION_MS * 1000.0 / min(calib, _calibration(link, given=calib))
                for op, cold, warm_us, ok, quiet, tidy, here in rows:
                    out["ops"].append({"op": op, "cold_ms": cold * here / 1000.0 if cold else None,
                                       "warm_ms": warm_us * here / 1000.0 if warm_us else None, "ok": ok,
                                       "gap_ms": _gap(quiet, here), "tidy_ms": tidy * here / 1000.0})
                out["games"][game] = {"free_after_tables": free, "gap_ms": _gap(gap, scale), "scale": scale,
                                      "warm_gap_ms": _gap(warm_gap[0], scale), "warm_gap_op": warm_gap[1]}
            finally:
                _close(pico, link)
    return out


def least(runs: list) -> dict:
    """Several measure() results of one heap as one: each op's figures the least of the runs
    (a shared desktop's other programs only ever add to a figure; the tidying: the largest),
    the heap free the most."""
    out = runs[0]
    for other in runs[1:]:
        for row, more in zip(out["ops"], other["ops"]):
            for key in ("cold_ms", "warm_ms", "gap_ms"):
                if more[key] is not None and (row[key] is None or more[key] < row[key]):
                    row[key] = more[key]
            row["tidy_ms"] = max(row["tidy_ms"], more["tidy_ms"])
        for game, g in other["games"].items():
            mine = out["games"][game]
            mine["free_after_tables"] = max(mine["free_after_tables"], g["free_after_tables"])
            for key in ("gap_ms", "warm_gap_ms"):
                if g[key] < mine[key]:
                    mine[key] = g[key]
                    if key == "warm_gap_ms":
                        mine["warm_gap_op"] = g["warm_gap_op"]
    out["runs"] = len(runs)
    return out


def heap_all(heap: str = "190wK") -> int:
    """The heap free (bytes, this 64-bit port) once every game's tables are loaded on one
    board, one game after another."""
    with tempfile.TemporaryDirectory() as tmp:
        pico, link = _board(os.path.join(tmp, "pico"), heap)
        try:
            for game in GAMES:
                link.raw_line(('{"id":1,"op":"%s.tables","args":{}}' % game).encode(), timeout=60)
            return link.ask("hello", tries=5)["heap"]["free"]
        finally:
            _close(pico, link)


def verify_rate(heap: str = "190wK", count: int = 3) -> float:
    from steppe import verify

    with tempfile.TemporaryDirectory() as tmp:
        pico, link = _board(os.path.join(tmp, "pico"), heap)
        try:
            report = verify.check(link, count, seed=1)
            return report.cases / report.seconds if report.seconds else 0.0
        finally:
            _close(pico, link)


TAPS = 40


def buttons(heap: str = "190wK") -> dict:
    """Edge to frame: a button's GPIO edge (the board's interrupt handler latches it) to the
    new frame handed to the LEDs, measured inside the virtual Pico (link.stats edge_frame,
    timed by sim/gpio.py): the wait from the edge to the loop's poll (real time: on a Pico
    the loop sleeps as here) and the work from that poll to the first frame out after it
    (CPU time, scaled to a Pico by the calibration).
    Arrows move the Khan cursor; OK flips the deck (the flip's frame, then its save), undone
    between flips over the link (not timed)."""
    from shared_rules import journal
    from shared_rules.games import module
    from shared_rules.khan import randplay
    from shared_rules.khan.game import FLIP, SETUP
    from shared_rules.rng import PCG32

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        pico, link = _board(os.path.join(tmp, "pico"), heap, gpio=True)
        try:
            calib = link.request("link.stats", {"calibrate": True}, timeout=120.0)["calibration_us"]
            scale = PICO_CALIBRATION_MS * 1000.0 / calib
            # a Khan game standing at a flip (the random player's moves until then)
            head = journal.header("khan", {"players": ["red", "blue", "green"], "mode": "virtual"}, 5)
            game = journal.start(head)
            rng = PCG32(5, 1)
            lines = [head]
            while len(lines) < 30 or game.phase == SETUP or game.step != FLIP:
                action = randplay.action(game, rng)
                event = module("khan").apply(game, action)
                lines.append(journal.entry(action, module("khan", "actions").draws(action, event)))
            for kind, gpio, each in (("arrow", 13, 250), ("flip", 14, 500)):
                link.request("journal.put", {"lines": lines, "part": 0, "last": True}, timeout=60.0)
                if kind == "arrow":  # (a warm-up: the game's first press and frame, not timed)
                    pico.gpio([(20, gpio, 0), (60, gpio, 1)])
                    time.sleep(0.3)
                before = link.request("link.stats")["edge_frame"]
                if kind == "flip":  # the flip, then undone (BACK held, over the link: not timed), again
                    for _ in range(TAPS // 4):
                        pico.gpio([(20, gpio, 0), (60, gpio, 1)])
                        time.sleep(each / 1000.0)
                        link.request("ui.press", {"button": "BACK", "long": True})
                        link.request("ui.press", {"button": "BACK"})
                else:  # RIGHT and LEFT in turn: the cursor moves every time
                    pico.gpio([(each if k else 20, gpio if k % 4 < 2 else gpio - 1, 0 if k % 2 == 0 else 1)
                               for k in range(2 * TAPS)])
                    time.sleep(each * 2 * TAPS / 1000.0 + 0.5)
                after = link.request("link.stats")["edge_frame"]
                n = after[0] - before[0]
                if n <= 0:
                    continue
                wait = (after[1] - before[1]) / n
                work = (after[3] - before[3]) / n / 1000.0
                out[kind] = {"n": n, "wait_ms": wait, "work_ms": work, "pico_ms": wait + work * scale,
                             "max_pico_ms": after[2] + after[4] / 1000.0 * scale}
        finally:
            _close(pico, link)
    return out


VERIFY_COUNT = 5  # steppe verify --count 5: the run (khan.playout's 5 whole games the longest)
TAP_MS = 61  # an arrow tapped (LEFT, then RIGHT: the menu's cursor moves) this often while verify runs
VERIFY_RUNS = 16  # verify run this many times, seeds 1.., the taps all along (a run is ~1 s here: ~80 presses)


def during_verify(heap: str = "190wK", count: int = VERIFY_COUNT) -> dict:
    """A press while `steppe verify --count N` runs: arrows tapped at the GPIO level every
    TAP_MS all along (the board's interrupt handler latches them), and what they waited for -
    the presses acted on, edges lost, each edge's wait for its poll - the loop asleep (real
    time: a Pico's sleeps as long) and the box at work meanwhile (CPU time, scaled: a request's
    stretch, a turn of the loop; sim/gpio.py tells them apart by loop.CPU) - and its poll's
    work to the frame handed to the LEDs (CPU time, scaled), and busy_us: the longest stretch
    of the box's work between two points where its loop could take a turn (a request's
    stage, a rules op's pause, a turn of the loop itself)."""
    out = {"heap": heap, "count": count}
    with tempfile.TemporaryDirectory() as tmp:
        pico, link = _board(os.path.join(tmp, "pico"), heap, gpio=True)
        try:
            calib = _calibration(link)
            from steppe import verify

            taps = int(120000 / TAP_MS)  # (more than verify takes: the rest go after it)
            edges = []
            for k in range(taps):  # LEFT and RIGHT in turn (pins.json: GPIO 12, 13), each held 30 ms
                edges += [(TAP_MS - 30 if k else 0, 12 + k % 2, 0), (30, 12 + k % 2, 1)]
            link.ask("link.stats")  # (the figures from here; asked again if it had no room: no_memory)
            pico.gpio(edges)
            time.sleep(0.2)
            link.ask("link.stats")  # (the gap so far: not counted)
            report = None
            for seed in range(1, 1 + VERIFY_RUNS):  # (more presses: verify --count 5 is a second or two here)
                one = verify.check(link, count, seed=seed)
                if report is None:
                    report = one
                else:
                    report.add(one)
            after = link.ask("link.stats")
            scale = PICO_CALIBRATION_MS * 1000.0 / min(calib, _calibration(link))
            waits, works, busies = after["samples"]
            # edge to frame, Pico-eq. ms: the wait's sleep as it was (a Pico's loop sleeps as long),
            # the wait's part spent on the box's work and the poll's work to the frame scaled
            each = sorted(w - b / 1000.0 + (b + k) * scale / 1000.0 for w, k, b in zip(waits, works, busies))
            n = max(1, len(each))
            out.update({"seconds": report.seconds, "agree": report.agree, "cases": report.cases, "presses": len(each),
                        "differences": ["%s case %d: the device %s" % (d.op, d.index, d.device[:160])
                                        for d in report.differences[:3]],
                        "dropped": after.get("dropped", 0), "scale": scale,
                        "wait_ms": (sum(waits) - sum(busies) / 1000.0) / n,
                        "busy_wait_ms": sum(busies) / n / 1000.0 * scale, "work_ms": sum(works) / n / 1000.0 * scale,
                        "median_ms": each[len(each) // 2] if each else 0.0,
                        "p95_ms": each[min(len(each) - 1, len(each) * 95 // 100)] if each else 0.0,
                        "largest_ms": each[-1] if each else 0.0, "busy_ms": after["busy_us"] * scale / 1000.0,
                        "busy_op": (after.get("busy_op") or "between requests") + " " + after.get("busy_at", "")})
        finally:
            _close(pico, link)
    return out


VERIFY_BENCH_RUNS = 3  # during_verify() this many times on fresh boards: each figure the least of them


def least_verify(runs: list) -> dict:
    """Several during_verify() results as one: each wait figure the least of the runs (a
    shared laptop's other programs only add to a wait - this machine's speed was seen to halve
    for minutes - as least() takes an op's figures), the presses and the cases summed, the
    differences and the edges lost of all of them."""
    out = dict(runs[0])
    for key in ("cases", "presses", "dropped", "seconds"):
        out[key] = sum(r[key] for r in runs)
    out["agree"] = all(r["agree"] for r in runs)
    out["differences"] = [d for r in runs for d in r.get("differences", ())]
    for key in ("wait_ms", "busy_wait_ms", "work_ms", "median_ms", "p95_ms", "largest_ms", "busy_ms"):
        out[key] = min(r[key] for r in runs)
    out["busy_op"] = min(runs, key=lambda r: r["busy_ms"])["busy_op"]
    out["runs"] = len(runs)
    out["medians"] = [r["median_ms"] for r in runs]
    out["p95s"] = [r["p95_ms"] for r in runs]
    out["largests"] = [r["largest_ms"] for r in runs]
    return out


def report_verify(v: dict) -> None:
    print("a press while steppe verify --count %d runs (%s; %d times), arrows tapped every %d ms at the GPIO level: %d cases in"
          " %.1f s (%s), %d presses acted on, %d edges lost; edge to frame, Pico-eq.: mean %.1f ms (the wait for"
          " the poll: the loop asleep %.1f ms, the box's work %.1f ms; the poll's work to the frame %.1f ms),"
          " median %.1f, 95th percentile %.1f, largest %.1f ms; the box's"
          " longest stretch between two turns %.1f ms (%s)"
          % (v["count"], v["heap"], VERIFY_RUNS, TAP_MS, v["cases"], v["seconds"], "agree" if v["agree"] else "DIFFER",
             v["presses"], v["dropped"], v["wait_ms"] + v["busy_wait_ms"] + v["work_ms"], v["wait_ms"],
             v["busy_wait_ms"], v["work_ms"], v["median_ms"],
             v["p95_ms"], v["largest_ms"], v["busy_ms"], v["busy_op"]))
    if v.get("runs", 1) > 1:
        print("  (each figure the least of %d runs on fresh boards; the runs' medians %s, 95th percentiles %s,"
              " largest %s ms)" % (v["runs"], " ".join("%.1f" % x for x in v["medians"]),
                                   " ".join("%.1f" % x for x in v["p95s"]), " ".join("%.1f" % x for x in v["largests"])))
    for said in v.get("differences", ()):
        print("  differs: " + said)


def report_buttons(res: dict) -> None:
    for kind, label in (("arrow", "arrow press to its frame"), ("flip", "OK flip to its frame")):
        r = res.get(kind)
        if r:
            print("%-28s %3d presses: %.1f ms Pico-eq. (wait for the poll %.1f ms + work %.2f ms x calibration); "
                  "largest %.1f ms" % (label, r["n"], r["pico_ms"], r["wait_ms"], r["work_ms"], r["max_pico_ms"]))


def _ms(v) -> str:
    return "no_memory" if v is None else "%.1f ms" % v


def report(results: list, rate: float) -> None:
    for res in results:
        print("device requests at heapsize=%s, timed inside from the first byte in to the last byte out%s"
              % (res["heap"], "" if res.get("runs", 1) == 1 else " (the least of %d runs)" % res["runs"]))
        print("%-24s %16s %16s %16s %16s" % ("op", "cold Pico-eq.", "warm Pico-eq.", "buttons unpolled",
                                             "tidy after"))
        for row in res["ops"]:
            print("%-24s %16s %16s %16s %16s%s" % (row["op"], _ms(row["cold_ms"]), _ms(row["warm_ms"]),
                                                   _ms(row["gap_ms"]), _ms(row.get("tidy_ms", 0.0)),
                                                   "" if row["ok"] else "   (its first case refused)"))
        for game, g in res["games"].items():
            print("%-8s heap free after %s.tables: %d KB (about %d KB on a 32-bit Pico); longest button-loop gap"
                  " %.0f ms Pico-eq. (any request, cold ones too); served warm: %.0f ms (%s, the least of its runs)"
                  % (game, game, g["free_after_tables"] // 1024, g["free_after_tables"] // 2048, g["gap_ms"],
                     g["warm_gap_ms"], g["warm_gap_op"]))
        if "all_tables" in res:
            free = res["all_tables"]
            print("heap free with all four games' tables loaded: %d KB (about %d KB on a 32-bit Pico)"
                  % (free // 1024, free // 2048))
        print()
    if rate >= 0:
        print("steppe verify against the 190wK virtual Pico: %.0f cases/s" % rate)


def main(argv=None) -> int:
    """Every game at both heaps and the verify rate; or, for a profile, only some:
    --game khan (repeatable), --heap 190wK (repeatable), --op NAME-PART, --no-verify."""
    import argparse

    parser = argparse.ArgumentParser(description="what a request costs the device (virtual Pico)")
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--heap", action="append")
    parser.add_argument("--op", default="", help="only the ops whose name holds this")
    parser.add_argument("--no-verify", action="store_true")
    parser.add_argument("--buttons", action="store_true", help="only the buttons' edge to frame")
    parser.add_argument("--verify", action="store_true", help="only a press while steppe verify runs")
    parser.add_argument("--runs", type=int, default=1, help="fresh boards per heap: each figure the least of them")
    opts = parser.parse_args(argv)
    if opts.buttons:
        report_buttons(buttons())
        return 0
    if opts.verify:
        report_verify(least_verify([during_verify() for _ in range(max(1, opts.runs))]))
        return 0
    games = tuple(opts.game or GAMES)
    results = [least([measure(heap, games, opts.op) for _ in range(opts.runs)]) for heap in (opts.heap or ["190wK", "96wK"])]
    for res in results:
        res["all_tables"] = heap_all(res["heap"])
    report(results, -1.0 if opts.no_verify else verify_rate())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
