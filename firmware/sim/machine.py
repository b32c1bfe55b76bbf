"""The virtual Pico's `machine`: pins with nothing wired to them.

On the unix port a machine.py earlier on sys.path replaces the built-in module (which
has no Pin), so the firmware's Pico code paths run unchanged in the simulator. Buttons
read as released (pull-ups, nothing pressed): the simulator is driven by `ui.press`, and
by GPIO-level input - the tests' finger (press()), and with STEPPE_GPIO naming a FIFO, timed
edges played by a thread (sim/gpio.py, loaded only then) - each edge running the pin's
interrupt handler at once, in the middle of whatever the firmware does, as a hard IRQ does.
"""

import sys

_held = set()  # the pins a test bench's finger holds down (press()): they read 0
_irqs = {}  # GPIO number -> its Pin, once it has an interrupt handler


def press(number: int, down: bool = True) -> None:
    """The test bench's finger on a button's pin: held down (reads 0 through its pull-up,
    as a pressed button does on the Pico) or let go; a change runs the pin's interrupt
    handler, its flags saying which edge. The simulator's lowest hook."""
    if down == (number in _held):
        return
    if down:
        _held.add(number)
    else:
        _held.discard(number)
    pin = _irqs.get(number)
    if pin is not None:
        pin._flags = 4 if down else 8  # IRQ_FALLING, IRQ_RISING
        pin._handler(pin)


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4  # the rp2 port's values
    IRQ_RISING = 8

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
        object (flags())."""
        if handler is not None:
            self._handler = handler
            _irqs[self.number] = self
            import os

            if os.getenv("STEPPE_GPIO") and "gpio" not in sys.modules:
                import gpio  # (it starts its thread)
        return self

    def flags(self) -> int:
        return self._flags


class WDT:
    """The watchdog: nothing to reset here, the test harness watches the process instead."""

    def __init__(self, id=0, timeout=5000) -> None:
        self.timeout = timeout

    def feed(self) -> None:
        pass


def disable_irq():  # (sim/gpio.py's thread replaces these: its lock holds the edges off)
    return 1


def enable_irq(state=1) -> None:
    pass


def freq(hz=None):
    return 125000000


def reset():
    sys.exit(0)


def unique_id() -> bytes:
    return b"virtpico"
