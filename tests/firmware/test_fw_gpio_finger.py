"""The virtual Pico's finger (sim/gpio.py): the thread that plays GPIO edges is not part of
the Pico, and whatever it runs into must not reach the serial line. Seen: an edge's
`from hal import clock` ran the virtual Pico's import hook (sim/natives.py), which
reallocated its stand-in block of 20 KB there; the MemoryError ended the thread, and its
traceback, written into a reply mid-line, left a `steppe verify` request unanswered for
600 s."""

import builtins

import gpio
import machine
import micropython
from hal import clock

PIN = 27  # (no button of pins.json: the board's own handlers are not run)


class _Finger:
    """A pin's interrupt handler that records each edge it ran for (Pin.flags())."""

    def __init__(self) -> None:
        self.edges = []
        self.pin = machine.Pin(PIN, machine.Pin.IN, machine.Pin.PULL_UP)
        machine._irqs[PIN] = (self.pin, self.handler)

    def handler(self, pin) -> None:
        self.edges.append(pin.flags())

    def close(self) -> None:
        machine._irqs.pop(PIN, None)
        machine._held.discard(PIN)


def _no_room(*args):
    raise MemoryError("the import hook's block")  # (sim/natives.py's hook at a full heap)


class _Full:
    """The board's schedstat as a file whose reading finds no room (CPython: no heap to lock)."""

    def seek(self, at: int) -> None:
        raise MemoryError

    def read(self, n: int = -1) -> bytes:
        raise MemoryError


def _without_room(fn):
    """fn() with the heap locked (MicroPython), or with the finger's one read of its own made
    to find no room (CPython, which has no heap lock)."""
    import sys

    if sys.implementation.name == "micropython":
        micropython.heap_lock()  # type: ignore[attr-defined]
        try:
            return fn()
        finally:
            micropython.heap_unlock()  # type: ignore[attr-defined]
    kept = list(gpio._SCHED)
    gpio._SCHED[:] = [_Full(), _Full()]
    try:
        return fn()
    finally:
        gpio._SCHED[:] = kept


def test_an_edge_played_by_the_thread_makes_no_import():
    finger = _Finger()
    real = builtins.__import__
    builtins.__import__ = _no_room
    try:
        gpio.press(PIN, True, clock)
        gpio.press(PIN, False, clock)
    finally:
        builtins.__import__ = real
        finger.close()
    assert finger.edges == [4, 8], finger.edges


def test_an_edge_without_room_for_the_fingers_own_part_is_played_again():
    """The finger's own timing (it reads the board's wait for a core) may find the heap
    full: the edge is not played, the pin's level left as it was, and _played says so (the
    thread waits a millisecond and plays it again) - it does not end the thread."""
    import _thread

    finger = _Finger()
    lock = _thread.allocate_lock()
    world = gpio._World(clock)
    from hal import buttons

    kept = gpio._cpu[0]
    gpio._cpu[0] = [0, -1]  # (the GPIO bench's timing on: the finger reads the board's schedstat)
    try:
        played = _without_room(lambda: gpio._played(lock, world, clock.now(), buttons, clock, PIN, True))
        assert not played
        assert PIN not in machine._held and finger.edges == []
        assert buttons.clock is clock
        assert gpio._played(lock, world, clock.now(), buttons, clock, PIN, True)
        assert finger.edges == [4]
    finally:
        gpio._cpu[0] = kept
        finger.close()
