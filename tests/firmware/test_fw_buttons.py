"""Buttons latched at the edge: a lockout debounce, presses acted on at once and in order,
long presses, repeats and the HELP chord from the latched times - through the simulator's
pins (machine.press, the lowest hook) and their interrupt handler, on a fake clock."""

import machine

from hal import buttons, clock
from hal.buttons import HELP, LONG, LONG_MS, PRESS, REPEAT, REPEAT_DELAY_MS, PinButtons

PINS = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "OK": 14, "BACK": 15}  # hardware/pins.json's
RING = 32  # hal.buttons._RING: edges the ring holds
T = [0]  # the fake clock (hal.clock.now) the interrupt handler and the polls read


def _now() -> int:
    return T[0]


class _Bench:
    """Buttons on the fake clock: edge(name, down, t) drives a pin, poll(t) polls."""

    def __init__(self, start: int = 0) -> None:
        self.real = clock.now
        clock.now = _now
        T[0] = start
        self.b = PinButtons(PINS)
        assert self.b.poll(start) == ()

    def edge(self, name: str, down: bool, t: int) -> None:
        T[0] = t
        machine.press(PINS[name], down)  # type: ignore[attr-defined]  (the simulator's machine)

    def poll(self, t: int) -> list:
        T[0] = t
        return list(self.b.poll(t))

    def close(self) -> None:
        clock.now = self.real
        for n in PINS.values():
            machine.press(n, False)  # type: ignore[attr-defined]


def _with(fn, start: int = 0):
    bench = _Bench(start)
    try:
        fn(bench)
    finally:
        bench.close()


def test_the_first_edge_counts_at_once_and_its_bounces_are_locked_out():
    def run(k):
        for t, level in ((100, True), (103, False), (105, True), (109, False), (112, True)):  # a bouncy press
            k.edge("RIGHT", level, t)
        assert k.poll(113) == [("RIGHT", PRESS)], "acts on the first edge, once"
        for t, level in ((300, False), (302, True), (306, False)):  # a bouncy release
            k.edge("RIGHT", level, t)
        assert k.poll(310) == []
        k.edge("RIGHT", True, 330)  # the next press, after the lockout
        assert k.poll(331) == [("RIGHT", PRESS)]

    _with(run)


def test_a_level_the_lockout_swallowed_is_caught_at_the_next_poll():
    def run(k):
        k.edge("OK", True, 0)
        k.edge("OK", False, 12)  # a 12 ms tap: its release falls in the lockout
        assert k.poll(13) == []
        assert k.poll(15) == [], "still in the lockout"
        assert k.poll(25) == [("OK", PRESS)], "the pin reads released: the release is latched now"

    _with(run, 0)


def test_taps_during_a_long_save_are_acted_on_after_it_in_order():
    def run(k):
        # the loop is busy from 0 to 450 ms (a save); meanwhile OK is tapped (30 ms), then RIGHT, LEFT
        for name, down, t in (("OK", True, 10), ("OK", False, 40), ("RIGHT", True, 120), ("RIGHT", False, 200),
                              ("LEFT", True, 260), ("LEFT", False, 290)):
            k.edge(name, down, t)
        assert k.poll(450) == [("OK", PRESS), ("RIGHT", PRESS), ("LEFT", PRESS)]

    _with(run)


def test_long_press_and_repeats_come_from_the_latched_times():
    def run(k):
        k.edge("BACK", True, 0)
        k.edge("BACK", False, 700)  # held 700 ms while the loop was busy: a long press
        assert k.poll(900) == [("BACK", LONG)]
        k.edge("OK", True, 1000)
        assert k.poll(1000 + LONG_MS - 1) == []
        assert k.poll(1000 + LONG_MS) == [("OK", LONG)]
        k.edge("OK", False, 2000)
        assert k.poll(2000) == [], "no short press after the long one"
        k.edge("UP", True, 3000)
        assert k.poll(3000) == [("UP", PRESS)]
        assert k.poll(3000 + REPEAT_DELAY_MS) == [("UP", REPEAT)]
        assert k.poll(3000 + REPEAT_DELAY_MS + 1) == []
        assert k.poll(3000 + REPEAT_DELAY_MS + buttons.REPEAT_MS) == [("UP", REPEAT)]
        k.edge("UP", False, 3600)  # before its next repeat
        assert k.poll(3700) == []
        # OK held past LONG_MS while the loop was busy, then DOWN tapped: the long press first
        k.edge("OK", True, 4000)
        k.edge("DOWN", True, 4700)
        k.edge("DOWN", False, 4750)
        k.edge("OK", False, 4800)
        assert k.poll(5000) == [("OK", LONG), ("DOWN", PRESS)]

    _with(run)


def test_ok_and_back_held_together_are_help_and_neither_acts_on_its_own():
    def run(k):
        k.edge("OK", True, 10)
        k.edge("BACK", True, 200)
        assert k.poll(210) == [(HELP, PRESS)]
        assert k.poll(1000) == []
        k.edge("BACK", False, 1400)
        k.edge("OK", False, 1500)
        assert k.poll(2000) == []
        # within one busy stretch too
        for name, down, t in (("BACK", True, 3000), ("OK", True, 3100), ("OK", False, 3200), ("BACK", False, 3250)):
            k.edge(name, down, t)
        assert k.poll(3500) == [(HELP, PRESS)]

    _with(run)


def test_back_already_held_long_is_undo_and_not_help():
    def run(k):
        k.edge("BACK", True, 10)
        assert k.poll(10 + LONG_MS) == [("BACK", LONG)]
        k.edge("OK", True, 900)
        k.edge("OK", False, 1000)
        k.edge("BACK", False, 1500)
        assert k.poll(1600) == [("OK", PRESS)]

    _with(run)


def test_a_tap_latched_as_both_edges_at_once_is_a_press():
    def run(k):
        for name in ("OK", "DOWN"):
            pin, handler = machine._irqs[PINS[name]]  # type: ignore[attr-defined]
            pin.flags = lambda: 4 | 8  # a fall and a rise flagged together (interrupts held off by a flash write)
            T[0] = 500
            try:
                handler(pin)  # the pin reads released by now
            finally:
                del pin.flags
        assert k.poll(510) == [("OK", PRESS), ("DOWN", PRESS)]

    _with(run)


def test_the_millisecond_clock_may_wrap():
    start = (1 << 30) - 25

    def run(k):
        k.edge("OK", True, start)
        k.edge("OK", False, (start + 80) & ((1 << 30) - 1))
        assert k.poll((start + 100) & ((1 << 30) - 1)) == [("OK", PRESS)]

    _with(run, start - 30)
    s = [0] * 6  # a button's state, alone
    buttons.edge(s, 0, 1, start, False)
    assert buttons.held(s, 0, (start + LONG_MS - 1) & ((1 << 30) - 1), False) == 0
    assert buttons.held(s, 0, (start + LONG_MS) & ((1 << 30) - 1), False) == LONG


def test_a_full_ring_drops_edges_and_says_so():
    def run(k):
        b = k.b
        for n in range(RING // 2 + 1):
            b.add(0, 1, 100 * n + 100)
            b.add(0, 0, 100 * n + 150)
        assert b.dropped == 1 and (b.head - b.tail) % (2 * RING) == RING  # (the lost press's release is no change)
        b.s[4] = 0  # UP's level as latched (the pin reads released: no edge for the poll to catch)
        assert len(k.poll(5000)) == RING // 2

    _with(run)


def _as_a_hard_irq(fn) -> None:
    """fn() as the Pico runs a hard interrupt: with the heap locked (MicroPython; under
    CPython there is no lock, and tests/test_small_ints.py checks the numbers instead)."""
    import sys

    if sys.implementation.name != "micropython":
        fn()
        return
    import micropython

    micropython.heap_lock()  # type: ignore[attr-defined]
    try:
        fn()
    finally:
        micropython.heap_unlock()  # type: ignore[attr-defined]


def test_the_interrupt_allocates_nothing_on_edges_at_the_tick_counters_wrap():
    """Every kind of edge - a press, its bounces, a release, a tap flagged as both edges at
    once, a long hold - through the pins' handler with the heap locked, at times just before
    and after the clock wraps (2**30 ms): all latched, and the poll makes their events."""
    start = clock.MASK - 30  # 31 ms before the wrap

    def at(ms: int) -> int:
        return clock.later(start, ms)

    def run(k):
        def edge(name: str, down: bool, t: int, both: bool = False) -> None:
            T[0] = t
            n = PINS[name]
            if down:
                machine._held.add(n)  # type: ignore[attr-defined]  (the finger, before the interrupt)
            else:
                machine._held.discard(n)  # type: ignore[attr-defined]
            pin, handler = machine._irqs[n]  # type: ignore[attr-defined]
            if both:
                pin.flags = lambda: 4 | 8
            _as_a_hard_irq(lambda: handler(pin))
            if both:
                del pin.flags

        edge("OK", True, at(0))
        edge("OK", False, at(3))  # a bounce (locked out)...
        edge("OK", True, at(6))
        edge("OK", False, at(45))  # ...and the release, after the wrap
        edge("RIGHT", True, at(60))
        edge("RIGHT", False, at(85))
        edge("DOWN", False, at(100), both=True)  # a tap made while interrupts were held off
        edge("BACK", True, at(120))
        edge("BACK", False, at(120 + LONG_MS + 5))
        assert k.poll(at(120 + LONG_MS + 10)) == [("OK", PRESS), ("RIGHT", PRESS), ("DOWN", PRESS), ("BACK", LONG)]
        assert k.b.dropped == 0

    _with(run, clock.later(start, -40))
