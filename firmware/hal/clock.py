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


def now_us() -> int:
    """Microseconds on a wrapping clock (time.ticks_us), for timing requests."""
    if hasattr(time, "ticks_us"):
        return time.ticks_us()  # type: ignore[return-value]
    return int(time.monotonic() * 1000000) % PERIOD  # type: ignore[attr-defined]


def elapsed(later: int, earlier: int) -> int:
    """later - earlier on the wrapping clock (time.ticks_diff)."""
    d = (later - earlier) & (PERIOD - 1)
    return d - PERIOD if d >= PERIOD // 2 else d


# -- the time of day: the Pico has no battery clock --------------------------------------
# The host sets it over the link (clock.set, whenever steppe connects); until then the box
# knows only how long it has been on, and times it keeps are marked "relative".
_wall = None  # (seconds since 1970 UTC, now() when they were told)


def set_wall(epoch: int) -> None:
    global _wall
    _wall = (epoch, now())
    try:  # the Pico's real-time clock too, for anything else on the board that reads it
        import machine

        t = time.gmtime(epoch) if hasattr(time, "gmtime") else time.localtime(epoch)
        machine.RTC().datetime((t[0], t[1], t[2], t[6], t[3], t[4], t[5], 0))  # type: ignore[attr-defined]
    except Exception:
        pass


def wall() -> "int | None":
    """Seconds since 1970 UTC, or None when no host has set the clock since power-on."""
    if _wall is None:
        return None
    return _wall[0] + elapsed(now(), _wall[1]) // 1000


def uptime() -> int:
    """Seconds since the box started (its ticks: "relative" times)."""
    return now() // 1000
