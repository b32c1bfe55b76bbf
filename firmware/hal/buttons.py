"""The six buttons, latched at the edge: never missed, acted on at once, never doubled.

Each button's GPIO interrupts on both edges (hard IRQ: it runs even while the loop is
busy saving, drawing or serving a request, and while the flash is written the edges wait
in the GPIO's own latch). The handler only records (button, level, ms) into a ring of
preallocated integers - no allocation, as an interrupt must. Debouncing is a lockout: the
first edge counts at once, and that button's edges within LOCKOUT_MS after it are its
bounces. When the loop polls, the edges are turned into events in the order they came:
arrows act on the way down and repeat while held, OK and BACK act on release - or, held
LONG_MS by the latched times, as a long press - so a tap made while a save ran is acted on
right after it, in its place. A level the lockout let slip (the last bounce ended on the
other level) is caught at the next poll.

The events as pure functions of (level, ms) - edge() and held() - so tests drive them on a
fake clock, and the virtual Pico's machine.Pin delivers edges through the same handler.
"""

from hal.clock import elapsed as _elapsed

LOCKOUT_MS = 20  # after an edge, that button's edges for this long are its bounces
LONG_MS = 600  # OK/BACK held this long: a long press
REPEAT_DELAY_MS = 400  # an arrow held this long starts repeating...
REPEAT_MS = 120  # ...every this often
LATE_MS = 10  # an edge taken this late waited for a busy loop (a save, a frame, a request)
RING = 64  # edges latched between two polls (six buttons tapped five times each in a long save)

NONE = 0
PRESS = 1  # a short press (arrows: on the way down; OK/BACK: on release)
LONG = 2  # OK/BACK held for LONG_MS
REPEAT = 3  # an arrow still held

# a button's state: [down, when it went down, when the next repeat or long press is due,
# the long press already fired for this hold]
_DOWN = 0
_AT = 1
_NEXT = 2
_DONE = 3


def new_state() -> list:
    return [0, 0, 0, 0]


def edge(s: list, down: int, t: int, repeats: bool) -> int:
    """A latched edge (down 1: pressed) at t ms: the event it makes. repeats: an arrow
    (press at once, auto-repeat) rather than OK/BACK (release, long)."""
    if down == s[_DOWN]:
        return NONE
    s[_DOWN] = down
    if down:
        s[_AT] = t
        s[_DONE] = 0
        s[_NEXT] = t + (REPEAT_DELAY_MS if repeats else LONG_MS)
        return PRESS if repeats else NONE
    if repeats or s[_DONE]:
        return NONE
    s[_DONE] = 1
    return LONG if _elapsed(t, s[_AT]) >= LONG_MS else PRESS


def held(s: list, now: int, repeats: bool) -> int:
    """What holding makes by now: an arrow's repeat (one a poll at most), OK/BACK's long press."""
    if not s[_DOWN] or _elapsed(now, s[_NEXT]) < 0:
        return NONE
    if repeats:
        s[_NEXT] = now + REPEAT_MS
        return REPEAT
    if s[_DONE]:
        return NONE
    s[_DONE] = 1
    return LONG


class Latch:
    """The ring of latched edges: add() from the interrupt, take() from the loop."""

    def __init__(self, buttons: int) -> None:
        from array import array

        self.ring = array("i", [0] * (3 * RING))
        self.head = 0  # edges added (the next slot: head % RING)
        self.tail = 0  # edges taken
        self.level = bytearray(buttons)  # the level each button was last latched at (1 down)
        self.last = array("i", [0] * buttons)  # when its last edge counted...
        self.fresh = bytearray(b"\x01" * buttons)  # ...unless none has yet
        self.dropped = 0  # edges lost to a full ring (never, at six buttons and RING)

    def add(self, k: int, down: int, t: int) -> None:
        """An edge of button k: counted unless it is a bounce (within the lockout) or no
        change. Allocates nothing: safe in a hard interrupt."""
        if down == self.level[k] or (not self.fresh[k] and _elapsed(t, self.last[k]) < LOCKOUT_MS):
            return
        self.fresh[k] = 0
        if self.head - self.tail >= RING:
            self.dropped += 1
            return
        self.level[k] = down
        self.last[k] = t
        i = 3 * (self.head % RING)
        ring = self.ring
        ring[i] = k
        ring[i + 1] = down
        ring[i + 2] = t
        self.head += 1

    def tap(self, k: int, t: int) -> None:
        """Both edges of a tap latched together (the GPIO flagged a fall and a rise while
        interrupts were held off, as they are while the flash is written): a press and its
        release, the lockout notwithstanding."""
        if self.level[k]:
            return
        self.fresh[k] = 1
        self.add(k, 1, t)
        self.fresh[k] = 1
        self.add(k, 0, t)

    def settle(self, k: int, down: int, now: int) -> None:
        """The level button k reads now: an edge the lockout swallowed (its bounce ended on
        the other level) is added once the lockout is over."""
        if down != self.level[k] and (self.fresh[k] or _elapsed(now, self.last[k]) >= LOCKOUT_MS):
            self.add(k, down, now)

    def take(self) -> "list[tuple]":
        """The edges latched since the last take, oldest first: (button, down, ms)."""
        out = []
        ring = self.ring
        while self.tail != self.head:
            i = 3 * (self.tail % RING)
            out.append((ring[i], ring[i + 1], ring[i + 2]))
            self.tail += 1
        return out


def events(edges, states: list, now: int) -> "list[tuple[int, int]]":
    """(button, event) from latched edges (Latch.take()) in their order, then from holding."""
    out = []
    for k, down, t in edges:
        ev = edge(states[k], down, t, k < 4)
        if ev:
            out.append((k, ev))
    for k in range(len(states)):
        ev = held(states[k], now, k < 4)
        if ev:
            out.append((k, ev))
    return out


class PinButtons:
    """The six buttons on GPIOs with pull-ups (pressed reads 0), latched by interrupts
    (UP DOWN LEFT RIGHT are the arrows: the first four)."""

    def __init__(self, pins: dict) -> None:
        from hal.pins import BUTTONS

        self.names = BUTTONS
        self._numbers = [pins[name] for name in BUTTONS]
        self._pins = None
        self.states = [new_state() for _ in BUTTONS]
        self.latch = Latch(len(BUTTONS))
        self.last_edge = 0  # when the last counted edge came (the edge-to-frame bench)
        self.late = 0  # edges taken LATE_MS or more after they came: they waited for a busy loop

    def start(self) -> None:
        """The pins and their interrupts (at the first poll: no hardware at import)."""
        import time

        from machine import Pin

        from hal import clock

        latch = self.latch
        ticks = getattr(time, "ticks_ms", None) or clock.now  # (CPython's tests: clock.now)
        pins = []
        for k in range(len(self._numbers)):
            pin = Pin(self._numbers[k], Pin.IN, Pin.PULL_UP)
            pins.append(pin)

            def handler(p, k=k, latch=latch, ticks=ticks, both=Pin.IRQ_FALLING | Pin.IRQ_RISING) -> None:
                if p.irq().flags() & both == both:
                    latch.tap(k, ticks())
                else:
                    latch.add(k, 0 if p.value() else 1, ticks())

            pin.irq(handler, Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)
        self._pins = pins

    def poll(self, now: int) -> list:
        """[(name, event)] for what the buttons did since the last poll, in order."""
        if self._pins is None:
            self.start()
        pins = self._pins
        assert pins is not None
        import machine

        latch = self.latch
        state = machine.disable_irq()
        try:
            for k in range(len(pins)):  # an edge the lockout swallowed
                latch.settle(k, 0 if pins[k].value() else 1, now)
            edges = latch.take() if latch.head != latch.tail else ()
        finally:
            machine.enable_irq(state)
        if edges:
            self.last_edge = edges[-1][2]
            for e in edges:
                if _elapsed(now, e[2]) >= LATE_MS:
                    self.late += 1
        return [(self.names[k], ev) for k, ev in events(edges, self.states, now)]
