"""The calibration loop of DESIGN.md run on the device itself, for link.stats: 1,000,000
small-int additions at module scope (7,984 ms on a Pico). Importing it runs it once; the
benchmarks scale the device's own request times by it (bench/bench_device.py)."""

import time

_t0 = time.ticks_us()  # type: ignore[attr-defined]
x = 0
for i in range(1000000):
    x = x + 1
took = time.ticks_diff(time.ticks_us(), _t0)  # type: ignore[attr-defined]
