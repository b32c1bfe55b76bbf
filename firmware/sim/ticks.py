"""The virtual Pico's ticks, as the RP2040 keeps them (hal/clock.py takes them from here
when this module is there: on the virtual Pico and in the tests, never on a Pico).

The unix port is 64-bit: its ticks_ms and ticks_us wrap at 2**62, never in a run. A Pico's
wrap at 2**30 (its small ints are 31-bit): ms every 12.4 days, us every 18 minutes. These
wrap as a Pico's do, and start STEPPE_TICKS ms before the wrap (default WRAP_MS: every
virtual Pico crosses it soon after boot), so code that gets the wrap wrong fails here as it
would on the chip. (Not a `time` of our own: MicroPython's asyncio keeps the built-in's
ticks in its C task queue, and must read the same clock.) Allocates nothing on the 64-bit
port: safe in the buttons' interrupt.
"""

import time as utime

MASK = 0x3FFFFFFF
HALF = 0x20000000
WRAP_MS = 10000


def _wrap_ms() -> int:
    try:
        return int(__import__("os").getenv("STEPPE_TICKS") or WRAP_MS)
    except ValueError:
        return WRAP_MS


_MS = (MASK + 1 - _wrap_ms() - utime.ticks_ms()) & MASK  # type: ignore[operator]  (added to the unix port's ticks)
_US = (MASK + 1 - _wrap_ms() * 1000 - utime.ticks_us()) & MASK  # type: ignore[operator]  (us: the same moment)


def ticks_ms() -> int:
    return (utime.ticks_ms() + _MS) & MASK


def ticks_us() -> int:
    return (utime.ticks_us() + _US) & MASK


def ticks_add(t: int, delta: int) -> int:
    d = (t - HALF + delta) & MASK
    return d - HALF if d >= HALF else d + HALF


def ticks_diff(later: int, earlier: int) -> int:
    d = (later - earlier) & MASK
    return d - HALF - HALF if d >= HALF else d
