"""The calibration loop of DESIGN.md, imported first by the benchmarks run under micropython:
1,000,000 small-int additions at module scope (as the published Pico benchmark runs them,
7,984 ms there); the best of three is printed as the first JSON line."""

import time

best = 0
for _ in range(3):
    t0 = time.ticks_us()  # type: ignore[attr-defined]
    x = 0
    for i in range(1000000):
        x = x + 1
    took = time.ticks_diff(time.ticks_us(), t0)  # type: ignore[attr-defined]
    if not best or took < best:
        best = took
print('{"name": "calibration", "us": %d, "n": 1000000}' % best)
