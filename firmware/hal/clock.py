"""Milliseconds on a wrapping clock, as MicroPython's time.ticks_ms() keeps them.

Durations go through elapsed(), never a plain subtraction, and times ahead through
later(), never a plain addition: the Pico's ticks wrap every 2**30 (ms: 12.4 days; us: 18
minutes), and a box left on for a week-long campaign must not freeze its blinking cursor.
On the Pico these are time.ticks_ms, ticks_us, ticks_diff and ticks_add themselves (C, no
call of ours in between, nothing allocated: the buttons' hard interrupt uses them). Every
number here stays a small int on a 32-bit chip (31 bits: 2**30 itself would be a heap
object there, and a hard interrupt runs with the heap locked): MASK and HALF, never the
period. The virtual Pico's ticks (firmware/sim/ticks.py) wrap as the RP2040's do, starting
just before the wrap; under CPython (the tests) this module's own clock does the same.
"""

try:
    import utime as time  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import time

try:
    from micropython import const  # type: ignore[assignment]
except ImportError:  # CPython, for tests

    def const(x):
        return x


MASK = const(0x3FFFFFFF)  # ticks are 0..MASK (the period, 2**30, is MASK + 1: not a small int on a Pico)
HALF = const(0x20000000)  # half the period: elapsed() is -HALF..HALF - 1

_ticks = time
if hasattr(time, "ticks_ms"):
    try:  # the virtual Pico's ticks, wrapping as a Pico's (firmware/sim/ticks.py; none on a Pico)
        import ticks as _ticks  # type: ignore[import-not-found,no-redef]
    except ImportError:
        pass

if hasattr(_ticks, "ticks_ms"):  # MicroPython (the Pico; the virtual Pico)
    now = _ticks.ticks_ms  # type: ignore[attr-defined]
    now_us = _ticks.ticks_us  # type: ignore[attr-defined]
    elapsed = _ticks.ticks_diff  # type: ignore[attr-defined]  (later - earlier)
    later = _ticks.ticks_add  # type: ignore[attr-defined]  (a time plus ms, wrapped)
else:  # CPython (the tests): the same arithmetic, its clocks starting WRAP_MS before the wrap
    WRAP_MS = 20000
    _t0 = time.monotonic()  # type: ignore[attr-defined]

    def now() -> int:
        return (int((time.monotonic() - _t0) * 1000) - WRAP_MS) & MASK  # type: ignore[attr-defined]

    def now_us() -> int:
        """Microseconds on a wrapping clock (time.ticks_us), for timing requests."""
        return (int((time.monotonic() - _t0) * 1000000) - WRAP_MS * 1000) & MASK  # type: ignore[attr-defined]

    def elapsed(later: int, earlier: int) -> int:
        """later - earlier on the wrapping clock (time.ticks_diff), never an int past 31 bits."""
        d = (later - earlier) & MASK
        return d - HALF - HALF if d >= HALF else d

    def later(t: int, delta: int) -> int:
        """t + delta on the wrapping clock (time.ticks_add; delta within half a period)."""
        d = (t - HALF + delta) & MASK
        return d - HALF if d >= HALF else d + HALF


_BOOT = now()  # (uptime: seconds since this module came, as a Pico's ticks since its boot)


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
    """Seconds since 1970 UTC, or None when no host has set the clock since power-on. The
    reference moves on every minute it is read, so elapsed() never spans half a wrap."""
    global _wall
    if _wall is None:
        return None
    t = now()
    seconds = elapsed(t, _wall[1]) // 1000
    if seconds >= 60:
        _wall = (_wall[0] + seconds, later(_wall[1], seconds * 1000))
        seconds = 0
    return _wall[0] + seconds


def uptime() -> int:
    """Seconds since the box started (its ticks: "relative" times)."""
    return ((now() - _BOOT) & MASK) // 1000
