"""Benchmarks of the rules core on the real MicroPython unix port, with Pico-equivalents.

Run: make bench   (or .venv/bin/python bench/run.py)

Every figure is measured on the unix port and scaled to the Pico by the calibration loop
run in the same process (DESIGN.md): 1,000,000 small-int additions take 7,984 ms on a
Pico at 125 MHz, so Pico-equivalent = measured x 7,984 ms / (the loop's time here).
The heap figure is the smallest -X heapsize in which a complete random game runs, with
the rules core loaded from .mpy files as on the device.
"""

import json
import os
import subprocess
import sys
import tempfile

import bench_device
import bench_host
import mpytree

PICO_CALIBRATION_MS = 7984.0
OP_GOAL_MS = 5.0  # every op of Chu and Han, Huns, Rise of the Khaan (issue 3)
GOALS_MS = {"flee: whole flight with its yurt (per flight)": 2.0, "score a full end-game board": 100.0}
FIRMWARE_GOALS_MS = {"frame": 8.0, "press": 30.0, "save an action": 30.0, "boot": 300.0, "snapshot step": 30.0}


def micropython() -> str:
    import shutil

    found = shutil.which("micropython", path=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    if not found:
        raise SystemExit("micropython is not installed: run `make bench`")
    return found


def measure(mp: str, tree: str) -> list:
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_rules.py")
    run = subprocess.run([mp, script, tree], capture_output=True, text=True, timeout=600)
    if run.returncode:
        raise SystemExit("benchmark failed:\n" + run.stdout + run.stderr)
    return [json.loads(line) for line in run.stdout.splitlines()]


def measure_ops(mp: str, tree: str, folder: str, per_op: int = 30) -> list:
    """Mean and worst time of every op over seeded cases (the differential test's)."""
    sys.path.insert(0, os.path.join(mpytree.ROOT, "host"))
    sys.path.insert(0, mpytree.ROOT)
    from shared_rules import ops
    from steppe import cases

    for op in ops.names():
        if op == "khan.playout":
            continue  # a whole game: reported above
        with open(os.path.join(folder, op + ".jsonl"), "w") as f:
            for args in cases.generate(op, per_op):
                f.write(json.dumps(args) + "\n")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_ops.py")
    run = subprocess.run([mp, script, tree, folder], capture_output=True, text=True, timeout=900)
    if run.returncode:
        raise SystemExit("op benchmark failed:\n" + run.stdout + run.stderr)
    return [json.loads(line) for line in run.stdout.splitlines()]


def measure_firmware(mp: str, image: str) -> list:
    """Frame render and press-to-frame, under micropython, from the device image."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_firmware.py")
    sim = os.path.join(mpytree.ROOT, "firmware", "sim")
    run = subprocess.run([mp, script, image, sim], capture_output=True, text=True, timeout=600, cwd=image)
    if run.returncode:
        raise SystemExit("firmware benchmark failed:\n" + run.stdout + run.stderr)
    return [json.loads(line) for line in run.stdout.splitlines()]


def measure_lookups(mp: str, image: str) -> str:
    """A missing file's lookup on littlefs, as a Pico's flash holds the image (bench/lookups.py)."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lookups.py")
    run = subprocess.run([mp, "-X", "heapsize=4M", script, image], capture_output=True, text=True, timeout=600)
    if run.returncode:
        raise SystemExit("lookups benchmark failed:\n" + run.stdout + run.stderr)
    return run.stdout.strip()


def measure_link(tmp: str, rounds: int = 50) -> "tuple[float, float]":
    """Boot to ready and the round trip of hello, on a virtual Pico over its pty (ms)."""
    import threading
    import time

    from steppe.device import NoAnswer, SerialTransport
    from steppe.sim import VirtualPico

    pico = VirtualPico(os.path.join(tmp, "pico"))
    pico.open()
    link = SerialTransport(pico.device)
    t0 = time.monotonic()
    thread = threading.Thread(target=pico.serve, daemon=True)
    thread.start()
    while True:
        try:
            link.request("hello", timeout=0.05)
            break
        except NoAnswer:
            if time.monotonic() - t0 > 30:
                raise SystemExit("the virtual Pico did not boot")
    boot = (time.monotonic() - t0) * 1000.0
    t0 = time.monotonic()
    for _ in range(rounds):
        link.request("hello")
    rtt = (time.monotonic() - t0) * 1000.0 / rounds
    link.close()
    pico.stop()
    thread.join(5)
    pico.close()
    return boot, rtt


def min_heap_kb(mp: str, tree: str, seed: int = 21, players: int = 4) -> int:
    lo, hi = 16, 512  # KB; lo fails, hi works
    if mpytree.run_game(mp, tree, "%dk" % hi, seed, players).returncode:
        return -1
    while hi - lo > 4:
        mid = (lo + hi) // 2
        if mpytree.run_game(mp, tree, "%dk" % mid, seed, players).returncode:
            lo = mid
        else:
            hi = mid
    return hi


def main() -> int:
    mp = micropython()
    sys.path[:0] = [os.path.join(mpytree.ROOT, "host"), mpytree.ROOT]
    from steppe import build

    with tempfile.TemporaryDirectory() as tmp:
        tree = mpytree.build(os.path.join(tmp, "mpy"))
        rows = measure(mp, tree)
        os.mkdir(os.path.join(tmp, "cases"))
        op_rows = measure_ops(mp, tree, os.path.join(tmp, "cases"))
        heap = min_heap_kb(mp, tree)
        image = os.path.join(tmp, "image")
        build.write(image, build.files(build.HOST))
        fw_rows = measure_firmware(mp, image)
        lookups = measure_lookups(mp, image)
        boot, rtt = measure_link(tmp)
        flashed = bench_host.flash_times(tmp)
    device = [bench_device.measure("190wK"), bench_device.measure("96wK")]
    for res in device:
        res["all_tables"] = bench_device.heap_all(res["heap"])
    import count_requests
    import count_stretches

    counted = count_requests.every_game()
    stretched = count_stretches.every()
    device_rate = bench_device.verify_rate()
    presses = bench_device.buttons()
    during = bench_device.least_verify([bench_device.during_verify() for _ in range(bench_device.VERIFY_BENCH_RUNS)])
    cal = rows[0]["us"]
    scale = PICO_CALIBRATION_MS * 1000.0 / cal
    print("Steppe Companion rules core, micropython unix port; calibration loop %.1f ms here "
          "(7984 ms on a Pico): Pico-equivalent = x%.0f" % (cal / 1000.0, scale))
    print("%-52s %12s %16s %8s" % ("figure", "unix port", "Pico-equivalent", "goal"))
    for row in rows[1:]:
        goal = ""
        for prefix, ms in GOALS_MS.items():
            if row["name"].startswith(prefix):
                goal = "<= %g ms" % ms
        print("%-52s %9.3f ms %13.2f ms %8s" % (row["name"], row["us"] / 1000.0, row["us"] * scale / 1000.0, goal))
    print("%-52s %9d KB (%d KB on a 32-bit Pico: heapsize=%dwK)" % (
        "smallest heap for a complete random game", heap, (heap + 1) // 2, (heap + 1) // 2))
    print()
    fw_scale = PICO_CALIBRATION_MS * 1000.0 / fw_rows[0]["us"]
    print("firmware, from the device image (calibration x%.0f)" % fw_scale)
    for row in fw_rows[1:]:
        if "bytes" in row:
            print("%-52s %9.1f KB   (%d lines, %.0f bytes a line)" % (row["name"], row["bytes"] / 1024.0, row["n"],
                                                                     row["bytes"] / max(row["n"], 1)))
            continue
        goal = ""
        for prefix, ms in FIRMWARE_GOALS_MS.items():
            if row["name"].startswith(prefix):
                goal = "<= %g ms" % ms
        print("%-52s %9.3f ms %13.2f ms %8s" % (row["name"], row["us"] / 1000.0, row["us"] * fw_scale / 1000.0,
                                               goal))
    print("%-52s %9.1f ms   (the unix port starting from .mpy files)" % ("virtual Pico: boot to ready", boot))
    print("%-52s %9.2f ms   (pyserial over the pty)" % ("virtual Pico: hello round trip", rtt))
    print()
    print("host tool over the virtual Pico's pty")
    print("%-52s %9.2f s    (%d files, %.0f KB, to the companion's hello)" % (
        "steppe flash, a bare board", flashed["full"], flashed["files"], flashed["kb"]))
    print("%-52s %9.2f s    (%d files copied)" % ("steppe flash again, nothing changed", flashed["again"],
                                                 flashed["again_copied"]))
    print("%-52s %9.0f /s   (%d cases of every op; %.0f /s one at a time)" % (
        "steppe verify throughput", flashed["verify_rate"], flashed["verify_cases"], flashed["verify_rate_single"]))
    print()
    print("every op over %d seeded cases (bench/bench_ops.py); goal for the other games: <= %g ms"
          % (op_rows[0]["n"] if op_rows else 0, OP_GOAL_MS))
    print("%-24s %14s %16s %18s" % ("op", "mean unix", "mean Pico-eq.", "slowest Pico-eq."))
    for row in op_rows:
        slow = row["max"] * scale / 1000.0
        flag = "" if row["name"].startswith(("khan.", "rng.")) or slow <= OP_GOAL_MS else "  over the goal"
        print("%-24s %11.3f ms %13.2f ms %15.2f ms%s" % (row["name"], row["us"] / 1000.0, row["us"] * scale / 1000.0,
                                                      slow, flag))
    print()
    print("what the device pays (bench/bench_device.py): the same ops as requests over the link,")
    print("timed inside the virtual Pico from first byte in to last byte out, .mpy firmware")
    bench_device.report(device, device_rate)
    print()
    if counted:
        print("the same requests counted, not timed (bench/count_requests.py, valgrind): machine instructions")
        print("scaled by the calibration loop's, the same on every run - the timed figures above are about")
        print("twice these on this machine, which pays cache misses and the pseudo-terminal the count leaves out")
        print("%-24s %14s %22s" % ("op (190wK)", "cold Pico-eq.", "warm Pico-eq. (cases)"))
        for op, r in counted.items():
            print("%-24s %11.1f ms %14.1f-%.1f ms" % (op, r["cold"][0], min(r["warm"]), max(r["warm"])))
    else:
        print("(bench/count_requests.py's counted figures: valgrind is not installed)")
    print()
    print("buttons at the GPIO level (bench/bench_device.py): a latched edge to the frame handed to the LEDs")
    bench_device.report_buttons(presses)
    bench_device.report_verify(during)
    count_stretches.report(stretched)
    print()
    print("imports on a Pico's flash (bench/lookups.py):", lookups)
    return 0


if __name__ == "__main__":
    sys.exit(main())
