"""The six buttons, latched at the edge: never missed, acted on at once, never doubled.

Each button's GPIO interrupts on both edges (a hard IRQ: it runs even while the loop is busy
saving, drawing or serving a request; while the flash is written the edges wait in the GPIO's
own latch). The handler only records (button, level, ms) into a ring of preallocated
integers - no allocation, as an interrupt must. Debouncing is a lockout: the first edge
counts at once, and that button's edges within _LOCKOUT_MS after it are its bounces. At each
poll the edges become events in the order they came: arrows act on the way down and repeat
while held, OK and BACK act on release or, held LONG_MS by the latched times, as a long
press; OK and BACK down together are the HELP button, and then neither acts on its own. A
tap made while a save ran is acted on right after it, in its place. A level the lockout let
slip (the last bounce ended on the other level) is caught at the next poll.

edge() and held() are pure functions of (level, ms), so tests drive them on a fake clock;
the virtual Pico's machine.press() delivers its edges through the same handler.
"""

try:
    from uarray import array  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from array import array

from hal import clock

try:
    from micropython import const  # type: ignore[assignment]
except ImportError:  # CPython, for tests

    def const(x):
        return x


_LOCKOUT_MS = const(20)  # after an edge, that button's edges for this long are its bounces
LONG_MS = const(600)  # OK/BACK held this long: a long press
REPEAT_DELAY_MS = const(400)  # an arrow held this long starts repeating...
REPEAT_MS = const(120)  # ...every this often
_RING = const(32)  # edges latched between two polls (16 taps in one long save or request)
_SPAN = const(63)  # head and tail count edges modulo 2 * _RING (a power of two): small ints for ever
_BOTH = const(12)  # Pin.IRQ_FALLING | Pin.IRQ_RISING (rp2's values)

NONE = 0
PRESS = 1  # a short press (arrows: on the way down; OK/BACK: on release)
LONG = 2  # OK/BACK held for LONG_MS
REPEAT = 3  # an arrow still held
HELP = "HELP"  # OK and BACK held together: a button of its own (the mode's help)

# a button's state: six ints in PinButtons.s (button k's at k * _W): down (as acted on),
# when it went down, when the next repeat or long press is due, acted on as held (the long
# press, the HELP chord) for this hold; the level last latched, when its last edge counted
_DOWN = const(0)
_AT = const(1)
_NEXT = const(2)
_DONE = const(3)
_LEVEL = const(4)
_LAST = const(5)
_W = const(6)
_OK = const(24)  # OK's state: 4 * _W
_BACK = const(30)


def edge(s, i: int, down: int, t: int, repeats: bool) -> int:
    """A latched edge (down 1: pressed) at t ms of the button whose state is s[i:]: the
    event it makes. repeats: an arrow (press at once, auto-repeat) rather than OK/BACK
    (release, long)."""
    if down == s[i + _DOWN]:
        return NONE
    s[i + _DOWN] = down
    if down:
        s[i + _AT] = t
        s[i + _DONE] = 0
        s[i + _NEXT] = clock.later(t, REPEAT_DELAY_MS if repeats else LONG_MS)
        return PRESS if repeats else NONE
    if repeats or s[i + _DONE]:
        return NONE
    s[i + _DONE] = 1
    return LONG if clock.elapsed(t, s[i + _AT]) >= LONG_MS else PRESS


def held(s, i: int, now: int, repeats: bool) -> int:
    """What holding makes by now: an arrow's repeat (one a call at most), OK/BACK's long press."""
    if not s[i + _DOWN] or clock.elapsed(now, s[i + _NEXT]) < 0 or (s[i + _DONE] and not repeats):
        return NONE
    if repeats:
        s[i + _NEXT] = clock.later(now, REPEAT_MS)
        return REPEAT
    s[i + _DONE] = 1
    return LONG


class PinButtons:
    """The six buttons on GPIOs with pull-ups (pressed reads 0), latched by interrupts
    (UP DOWN LEFT RIGHT are the arrows: the first four)."""

    def __init__(self, pins: dict) -> None:
        from hal.pins import BUTTONS

        self.names = BUTTONS
        self._numbers = [pins[name] for name in BUTTONS]
        self._pins = None
        self._irq_off = self._irq_on = None  # machine.disable_irq and enable_irq (start)
        self.s = array("i", bytes(24 * _W))  # the six buttons' states
        self.ring = array("i", bytes(8 * _RING))  # edges: button * 2 + down, then ms
        self.head = 0  # edges added, modulo 2 * _RING (the next slot: head % _RING)
        self.tail = 0  # edges taken, modulo 2 * _RING
        self.dropped = 0  # edges lost to a full ring (never, at six buttons and _RING)

    def start(self) -> None:
        """The pins and their interrupts (at the first poll: no hardware at import). machine
        is imported here once and its two calls kept: `import machine` in poll() would look
        for machine.py and machine.mpy on the flash at every poll (six littlefs lookups on a
        Pico, 250 times a second: an extensible built-in is never in sys.modules)."""
        import machine

        Pin = machine.Pin
        assert self._numbers is not None
        self._pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in self._numbers]
        self._numbers = None
        t = clock.later(clock.now(), -_LOCKOUT_MS)
        handler = self._irq  # (one bound method for the six)
        for k in range(6):
            self.s[k * _W + _LAST] = t
            self._pins[k].irq(handler, _BOTH, hard=True)
        # (taken after the interrupts are set up: the virtual Pico's GPIO input puts its own
        # in machine's place as the first is - sim/gpio.py)
        self._irq_off = machine.disable_irq
        self._irq_on = machine.enable_irq

    def _irq(self, p) -> None:
        """A pin's interrupt: its edge latched. Runs with the heap locked (a hard IRQ):
        allocates nothing, and every number in it stays a small int on the Pico (31 bits:
        the clock's arithmetic is ticks_diff/ticks_add, never its period)."""
        pins = self._pins
        assert pins is not None
        k = pins.index(p)
        t = clock.now()
        if p.irq().flags() & _BOTH == _BOTH and not self.s[k * _W + _LEVEL]:
            # both edges flagged while interrupts were held off (as while the flash is written)
            # and the pin reads released again: a tap - its press, then its release, now
            before = clock.later(t, -_LOCKOUT_MS)
            self.s[k * _W + _LAST] = before
            self.add(k, 1, t)
            self.s[k * _W + _LAST] = before
        self.add(k, 0 if p.value() else 1, t)

    def add(self, k: int, down: int, t: int) -> None:
        """An edge of button k: counted unless it is a bounce (within the lockout) or no
        change. Allocates nothing: safe in a hard interrupt."""
        s = self.s
        i = k * _W
        if down == s[i + _LEVEL] or clock.elapsed(t, s[i + _LAST]) < _LOCKOUT_MS:
            return
        if (self.head - self.tail) & _SPAN >= _RING:
            self.dropped += 1
            return
        s[i + _LEVEL] = down
        s[i + _LAST] = t
        i = 2 * (self.head % _RING)
        self.ring[i] = 2 * k + down
        self.ring[i + 1] = t
        self.head = (self.head + 1) & _SPAN

    def waiting(self) -> bool:
        """Whether a poll has something to act on: edges latched and not yet taken, or a
        button held (a repeat or a long press may be due). Allocates nothing."""
        if self.head != self.tail or self._pins is None:
            return True
        s = self.s
        for k in range(6):
            if s[k * _W + _DOWN]:
                return True
        return False

    def poll(self, now: int) -> "list | tuple":
        """[(name, event)] for what the buttons did since the last poll, in order."""
        if self._pins is None:
            self.start()
        pins = self._pins
        off = self._irq_off
        on = self._irq_on
        assert pins is not None and off is not None and on is not None
        s = self.s
        edges = None
        state = off()
        try:
            for k in range(6):  # an edge the lockout swallowed
                down = 0 if pins[k].value() else 1
                if down != s[k * _W + _LEVEL] and clock.elapsed(now, s[k * _W + _LAST]) >= _LOCKOUT_MS:
                    self.add(k, down, now)
            if self.tail != self.head:
                edges = []
                while self.tail != self.head:
                    i = 2 * (self.tail % _RING)
                    edges.append((self.ring[i], self.ring[i + 1]))
                    self.tail = (self.tail + 1) & _SPAN
        finally:
            on(state)
        out = None
        if edges:
            out = []
            for code, t in edges:
                self._held(out, t)  # what holding made before this edge came
                k = code >> 1
                ev = edge(s, k * _W, code & 1, t, k < 4)
                if ev:
                    out.append((self.names[k], ev))
                # OK and BACK down together, neither yet acted on as held: HELP, and then
                # neither acts on its own (no press on release, no long press)
                if k > 3 and s[_OK] and s[_BACK] and not s[_OK + _DONE] and not s[_BACK + _DONE]:
                    s[_OK + _DONE] = s[_BACK + _DONE] = 1
                    out.append((HELP, PRESS))
        out = self._held(out, now)
        return () if out is None else out  # (nothing: no allocation, as most polls)

    def _held(self, out, t: int):
        """out with what holding made by t (a list made if need be)."""
        for k in range(6):
            ev = held(self.s, k * _W, t, k < 4)
            if ev:
                if out is None:
                    out = []
                out.append((self.names[k], ev))
        return out
