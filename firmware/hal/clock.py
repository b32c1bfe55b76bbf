"""Milliseconds on a wrapping clock, as MicroPython's time.ticks_ms() keeps them.

Durations go through elapsed(), never a plain subtraction: the Pico's millisecond ticks
wrap every 2**30 ms (12.4 days), and a box left on for a week-long campaign must not
freeze its blinking cursor.
"""

import time

PERIOD = 0x40000000


def now() -> int:
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()  # type: ignore[return-value]
    return int(time.monotonic() * 1000) % PERIOD  # type: ignore[attr-defined]  (CPython, for tests)


def elapsed(later: int, earlier: int) -> int:
    """later - earlier on the wrapping clock (time.ticks_diff)."""
    d = (later - earlier) & (PERIOD - 1)
    return d - PERIOD if d >= PERIOD // 2 else d
