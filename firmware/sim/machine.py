"""The virtual Pico's `machine`: pins with nothing wired to them.

On the unix port a machine.py earlier on sys.path replaces the built-in module (which
has no Pin), so the firmware's Pico code paths run unchanged in the simulator. Buttons
read as released (pull-ups, nothing pressed): the simulator is driven by `ui.press`, and
the tests' finger (press()) holds pins down to drive the real button code.
"""

import sys

_held = set()  # the pins a test bench's finger holds down (press()): they read 0


def press(number: int, down: bool = True) -> None:
    """The test bench's finger on a button's pin: held down (reads 0 through its pull-up,
    as a pressed button does on the Pico) or let go. The simulator's lowest hook."""
    if down:
        _held.add(number)
    else:
        _held.discard(number)


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, number, mode=-1, pull=-1, value=None) -> None:
        self.number = number
        self._value = 1 if pull == Pin.PULL_UP else 0
        if value is not None:
            self._value = value

    def value(self, v=None):
        if v is None:
            return 0 if self.number in _held else self._value
        self._value = v
        return None

    def __call__(self, v=None):
        return self.value(v)


class WDT:
    """The watchdog: nothing to reset here, the test harness watches the process instead."""

    def __init__(self, id=0, timeout=5000) -> None:
        self.timeout = timeout

    def feed(self) -> None:
        pass


def freq(hz=None):
    return 125000000


def reset():
    sys.exit(0)


def unique_id() -> bytes:
    return b"virtpico"
