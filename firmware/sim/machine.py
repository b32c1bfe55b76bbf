"""The virtual Pico's `machine`: pins with nothing wired to them.

On the unix port a machine.py earlier on sys.path replaces the built-in module (which
has no Pin), so the firmware's Pico code paths run unchanged in the simulator. Buttons
read as released (pull-ups, nothing pressed) unless GPIO-level input comes: with
STEPPE_GPIO naming a FIFO, a thread reads lines "WAIT_MS GPIO LEVEL" from it and, each
WAIT_MS after the one before, sets that pin's level and runs its interrupt handler at once
- in the middle of whatever the firmware is doing (a save, a frame, a request), as a hard
IRQ does on the Pico. disable_irq() holds the edges off as on the Pico.
"""

import sys

_PINS = {}  # GPIO number -> the Pin made for it (the last one)
_lock = None  # held by disable_irq(); an edge waits for it


class _Irq:
    def __init__(self, pin) -> None:
        self.pin = pin

    def flags(self) -> int:
        return self.pin._flags


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
        self._handler = None
        self._trigger = 0
        self._flags = 0
        self._irq = _Irq(self)
        _PINS[number] = self

    def irq(self, handler=None, trigger=0, hard=False):
        if handler is not None:
            self._handler = handler
            self._trigger = trigger
            _start_gpio()
        return self._irq

    def _edge(self, level: int) -> None:
        """The level driven from outside: the handler runs if the edge is one it asked for."""
        if level == self._value:
            return
        self._value = level
        self._flags = Pin.IRQ_RISING if level else Pin.IRQ_FALLING
        if self._handler is not None and self._trigger & self._flags:
            self._handler(self)

    def value(self, v=None):
        if v is None:
            return self._value
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


def disable_irq():
    if _lock is not None:
        _lock.acquire()
    return 1


def enable_irq(state=1) -> None:
    if _lock is not None:
        _lock.release()


def _start_gpio() -> None:
    """The thread that drives the pins from STEPPE_GPIO (once, when a handler is set)."""
    global _lock
    import os

    if _lock is not None:
        return
    path = os.getenv("STEPPE_GPIO")
    if not path:
        return
    import _thread

    _lock = _thread.allocate_lock()
    _thread.start_new_thread(_drive, (path,))


def _drive(path: str) -> None:
    import time

    lock = _lock
    assert lock is not None
    while True:
        with open(path, "rb") as f:  # blocks until the host opens its end
            for line in f:
                parts = line.split()
                if len(parts) != 3:
                    continue
                wait, gpio, level = int(parts[0]), int(parts[1]), int(parts[2])
                if wait > 0:
                    time.sleep_ms(wait)
                pin = _PINS.get(gpio)
                if pin is not None:
                    lock.acquire()
                    try:
                        pin._edge(level)
                    finally:
                        lock.release()


def freq(hz=None):
    return 125000000


def reset():
    sys.exit(0)


def unique_id() -> bytes:
    return b"virtpico"
