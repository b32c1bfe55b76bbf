"""The virtual Pico's `machine`: pins with nothing wired to them.

On the unix port a machine.py earlier on sys.path replaces the built-in module (which
has no Pin), so the firmware's Pico code paths run unchanged in the simulator. Buttons
read as released (pull-ups, nothing pressed): the simulator is driven by `ui.press`, and
by GPIO-level input - the tests' finger (press()), and with STEPPE_GPIO naming a FIFO, timed
edges played by a thread (sim/gpio.py, loaded only then) - each edge running the pin's
interrupt handler at once, in the middle of whatever the firmware does, as a hard IRQ does.
"""

import os as _os  # (once, here: not at each pin's irq - the firmware's own imports are what tests/test_builtin_imports.py counts)
import sys

_held = set()  # the pins a test bench's finger holds down (press()): they read 0
_irqs = {}  # GPIO number -> (its Pin, its interrupt handler)


def press(number: int, down: bool = True) -> None:
    """The test bench's finger on a button's pin: held down (reads 0 through its pull-up,
    as a pressed button does on the Pico) or let go; a change runs the pin's interrupt
    handler. The simulator's lowest hook (sim/gpio.py: loaded only when used)."""
    __import__("gpio").press(number, down)


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

    def irq(self, handler=None, trigger=0, hard=False):
        """The pin's interrupt (both edges, as hal.buttons asks); the pin stands for the irq
        object (flags()). With STEPPE_GPIO, sim/gpio.py's thread plays timed edges."""
        if handler:
            _irqs[self.number] = (self, handler)
            if _os.getenv("STEPPE_GPIO"):
                __import__("gpio").start()
        return self

    def flags(self) -> int:
        return 4 if self.number in _held else 8  # the edge that ran the handler: IRQ_FALLING, IRQ_RISING


class WDT:
    """The watchdog: nothing to reset here, the test harness watches the process instead."""

    def __init__(self, id=0, timeout=5000) -> None:
        self.timeout = timeout

    def feed(self) -> None:
        pass


disable_irq = enable_irq = int  # (nothing to hold off; sim/gpio.py's thread puts its lock's in their place)


def freq(hz=None):
    return 125000000


def reset():
    sys.exit(0)


def unique_id() -> bytes:
    return b"virtpico"


__import__("natives")  # (the virtual Pico's heap honest about machine code: sim/natives.py)
