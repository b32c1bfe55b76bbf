"""Debounce, long press and auto-repeat as pure functions of the time.

A button's timing state is a small list; feed() takes the raw level and the time in ms
and returns the event it makes, if any, so a test drives it on a fake clock (as
peterhinch's sched/cron.py does for timers). Arrows act as soon as they are down and
repeat while held; OK and BACK act on release, or as a long press once held long enough;
both held together are the HELP button (chord()), and then neither acts on its own.
"""

from hal.clock import elapsed as _elapsed

DEBOUNCE_MS = 20  # a level must hold this long to count
LONG_MS = 600  # OK/BACK held this long: a long press
REPEAT_DELAY_MS = 400  # an arrow held this long starts repeating...
REPEAT_MS = 120  # ...every this often

NONE = 0
PRESS = 1  # a short press (arrows: on the way down; OK/BACK: on release)
LONG = 2  # OK/BACK held for LONG_MS
REPEAT = 3  # an arrow still held
HELP = "HELP"  # OK and BACK held together: a button of its own (the mode's help)

# state indexes
_LEVEL = 0  # the debounced level: 1 down, 0 up
_RAW = 1  # the last raw level seen
_SINCE = 2  # when the raw level last changed
_DOWN_AT = 3  # when the debounced level went down
_NEXT = 4  # when the next repeat or the long press is due
_DONE = 5  # the long press already fired for this hold


def new_state() -> list:
    return [0, 0, 0, 0, 0, 0]


def feed(s: list, down: int, now: int, repeats: bool) -> int:
    """Take the raw level (1 pressed) at time now (ms); return NONE, PRESS, LONG or REPEAT.
    repeats: an arrow (press at once, auto-repeat) rather than OK/BACK (release, long)."""
    if down != s[_RAW]:
        s[_RAW] = down
        s[_SINCE] = now
    if down != s[_LEVEL] and _elapsed(now, s[_SINCE]) >= DEBOUNCE_MS:
        s[_LEVEL] = down
        if down:
            s[_DOWN_AT] = now
            s[_DONE] = 0
            if repeats:
                s[_NEXT] = now + REPEAT_DELAY_MS
                return PRESS
            s[_NEXT] = now + LONG_MS
            return NONE
        if not repeats and not s[_DONE]:
            return PRESS
        return NONE
    if s[_LEVEL] and _elapsed(now, s[_NEXT]) >= 0:
        if repeats:
            s[_NEXT] = now + REPEAT_MS
            return REPEAT
        if not s[_DONE]:
            s[_DONE] = 1
            return LONG
    return NONE


def chord(a: list, b: list) -> bool:
    """OK and BACK down together (debounced, neither yet acted as held): True once; then
    neither acts on its own (no press on release, no long press). The companion's help."""
    if a[_LEVEL] and b[_LEVEL] and not a[_DONE] and not b[_DONE]:
        a[_DONE] = 1
        b[_DONE] = 1
        return True
    return False


def due(s: list, now: int, repeats: bool) -> int:
    """Milliseconds until feed() could next produce an event without a new raw level."""
    if s[_RAW] != s[_LEVEL]:
        return max(0, DEBOUNCE_MS - _elapsed(now, s[_SINCE]))
    if s[_LEVEL] and (repeats or not s[_DONE]):
        return max(0, -_elapsed(now, s[_NEXT]))
    return -1


class PinButtons:
    """The six buttons on GPIOs with pull-ups (pressed reads 0), polled by the app."""

    def __init__(self, pins: dict) -> None:
        from hal.pins import BUTTONS

        self.names = BUTTONS
        self._numbers = [pins[name] for name in BUTTONS]
        self._pins = None
        self.states = [new_state() for _ in BUTTONS]

    def poll(self, now: int) -> list:
        """[(name, event)] for the buttons that made an event at time now."""
        if self._pins is None:
            from machine import Pin

            self._pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in self._numbers]
        events = []
        for k in range(len(self.names)):
            ev = feed(self.states[k], 0 if self._pins[k].value() else 1, now, k < 4)
            if ev:
                events.append((self.names[k], ev))
        if chord(self.states[4], self.states[5]):  # OK and BACK held together
            events.append((HELP, PRESS))
        return events
