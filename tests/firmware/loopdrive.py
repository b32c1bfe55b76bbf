"""The real run loop (App.run) driven by a finger on the buttons' pins: the real
hal.buttons.PinButtons latches the edges the simulator's machine.Pin delivers to its
interrupt handler (machine.press, the lowest hook), and the finger moves the millisecond
clock the handler and the loop read (hal.clock.now) a step a turn, so the lockout, long
presses and repeats take no real time; new games' dice seeds (the
box's os.urandom, session.seed) count 1, 2, 3..., so a script plays the same every time. The link is a real file
the loop polls and reads, as it reads the USB serial line; its replies are kept.

A script is a list (or iterator) of steps:
  ("UP", False)      a press (released two turns later, past the lockout; True: held past LONG_MS;
                     an arrow held: a press and a repeat)
  ("wait", ms)       no button for ms
  ("link", line)     a request line (bytes) for the link
  ("do", fn)         fn(app) in the loop's turn (e.g. break a screen)
When it runs out, App.run is stopped by Stop (a BaseException: the loop's guard catches
only Exception, so nothing else can stop it). Runs under MicroPython and CPython.
"""

import asyncio

import machine

import loop
import session
from hal import buttons, clock
from hal.buttons import PinButtons

PINS = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "OK": 14, "BACK": 15}  # hardware/pins.json's
STEP_MS = 25  # the clock moves this much a turn: more than the buttons' lockout


class Stop(BaseException):
    """The script is done: App.run ends here, and only here."""


class Finger(PinButtons):
    def __init__(self, steps, link_in: str, after=None) -> None:
        super().__init__(PINS)
        self.steps = iter(steps)
        self.link_in = link_in
        self.after = after  # after(finger, app) once a step is done
        self.app = None
        self.t = 1000
        self.todo = []  # what the turns of the step under way do, the next first
        self.pin = 0
        self.steps_done = 0
        self.turns = 0
        self.seeds = 0

    def seed(self) -> int:
        """The dice's seed of each new game (the box's os.urandom): 1, 2, 3... a run repeats."""
        self.seeds += 1
        return self.seeds

    def now(self) -> int:
        return self.t

    def _next(self) -> None:
        """The turns of the next step: "down", "up", "hold" (the clock jumps), "" (wait)."""
        step = next(self.steps, None)
        if step is None:
            raise Stop()
        kind, arg = step
        if kind == "wait":
            self.t += arg
            self.todo = [""]
        elif kind == "link":
            with open(self.link_in, "ab") as f:
                f.write(arg + b"\n")
            self.todo = [""]
        elif kind == "do":
            arg(self.app)
            self.todo = [""]
        else:
            self.pin = PINS[kind]
            self.todo = ["down", "", "hold", "", "up", ""] if arg else ["down", "", "up", ""]

    def poll(self, now: int) -> list:
        self.turns += 1
        if not self.todo:
            if self.turns > 1:
                self.steps_done += 1
                if self.after is not None:
                    self.after(self, self.app)
            self._next()
        what = self.todo.pop(0)
        if what == "down":
            machine.press(self.pin, True)  # type: ignore[attr-defined]  (the simulator's machine)
        elif what == "up":
            machine.press(self.pin, False)  # type: ignore[attr-defined]
        elif what == "hold":
            self.t += buttons.LONG_MS
        events = PinButtons.poll(self, now)
        self.t += STEP_MS
        return events


class Out:
    """The link's replies, as the host would read them: kept (keep), or only counted - a
    long run's replies would fill the heap the loop is measured in."""

    def __init__(self, keep: bool = True) -> None:
        self.keep = keep
        self.parts = []
        self.replies = 0  # reply lines out, and of them "ok": true (in a reply's first ~512 chars)
        self.ok = 0
        self.fresh = True  # the next piece starts a line

    def write(self, s: str) -> None:
        if self.keep:
            self.parts.append(s)
        elif s:
            if self.fresh and s[0] == "{":
                self.replies += 1
                if s.find('"ok":true') >= 0:
                    self.ok += 1
            self.fresh = s[-1] == "\n"

    def lines(self) -> list:
        return "".join(self.parts).split("\n")


def drive(app, steps, folder: str, after=None, keep: bool = True) -> "tuple[Finger, Out]":
    """App.run with the finger's script, until it runs out; the loop's turns take no real
    time (POLL_MS 0). Returns the finger (steps, turns) and the link's replies."""
    from link import Link

    if not hasattr(asyncio, "sleep_ms"):  # CPython's asyncio: MicroPython's sleep_ms
        asyncio.sleep_ms = lambda ms: asyncio.sleep(ms / 1000)  # type: ignore[attr-defined]
    link_in = folder + "link.in"
    open(link_in, "wb").close()
    finger = Finger(steps, link_in, after)
    finger.app = app
    app.buttons = finger
    out = Out(keep)
    real_now = clock.now
    real_seed = session.seed
    poll_ms = loop.POLL_MS
    clock.now = finger.now
    session.seed = finger.seed
    loop.POLL_MS = 0
    stdin = open(link_in, "rb")
    try:
        if hasattr(asyncio, "new_event_loop"):
            asyncio.new_event_loop()  # MicroPython: the tasks of a run that ended go
        try:
            asyncio.run(app.run(Link(app), stdin, out))
        except Stop:
            pass
    finally:
        clock.now = real_now
        session.seed = real_seed
        loop.POLL_MS = poll_ms
        stdin.close()
        for pin in PINS.values():
            machine.press(pin, False)  # type: ignore[attr-defined]
    return finger, out


def presses(names: str) -> list:
    """ "KHAN OK UP" style: steps of short presses ("OK*" held)."""
    return [(n.rstrip("*"), n.endswith("*")) for n in names.split()]
