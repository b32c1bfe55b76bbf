"""The calibration loop of DESIGN.md run on the device itself, for link.stats: small-int
additions at module scope (1,000,000 take 7,984 ms on a Pico) - its names a module's globals,
here a dict of their own. The benchmarks scale the device's own request times by it
(bench/bench_device.py): the whole loop, or a short one beside each op they time (the
desktop's speed drifts from second to second)."""

try:
    import utime as time  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import time


def run(n: int) -> int:
    """Microseconds for n of the loop's additions."""
    code = compile("for i in range(n):\n    x = x + 1\n", "calib", "exec")
    scope = {"n": n, "x": 0}
    t0 = time.ticks_us()  # type: ignore[attr-defined]
    exec(code, scope)
    return time.ticks_diff(time.ticks_us(), t0)  # type: ignore[attr-defined]


PICO_MS = 7984  # 1,000,000 of the loop's additions on a Pico (DESIGN.md)


def scale(n: int = 100000, tries: int = 3) -> float:
    """A Pico's us for one us here: the fastest of tries loops of n additions, against a
    Pico's PICO_MS a million (the virtual Pico's GPIO bench counts the loop's sleep in a Pico's
    time by it, sim/gpio.py; bench/lookups.py scales littlefs's work by it)."""
    best = min(run(n) for _ in range(tries))
    return PICO_MS * 1000.0 * n / 1000000 / max(1, best)
