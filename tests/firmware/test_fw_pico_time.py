"""The virtual Pico's GPIO bench counts the loop's sleep as a Pico would (sim/gpio.py
_pico_time): the loop takes its turn at a stretch's end once POLL_MS of a Pico's time have
passed since the last turn began - real time asleep, the box's work (loop.CPU) counted
scale times - and it has work. A fake clock near the tick counter's wrap, the loop's own
wanted() beneath."""

import gpio
import loop
from hal import clock

SCALE = 50  # a Pico's us for one of the virtual Pico's
START = clock.MASK - 1500  # (us: the counter wraps within the first turn)


class _Clock:
    """hal.clock with a hand-set microsecond counter."""

    def __init__(self) -> None:
        self.us = START
        self.elapsed = clock.elapsed
        self.later = clock.later

    def now_us(self) -> int:
        return self.us

    def wait(self, us: int) -> None:
        self.us = clock.later(self.us, us)


class _Loop:
    """The loop's names _pico_time wraps: its own wanted(), a turn that records, loop.CPU."""

    POLL_MS = loop.POLL_MS
    wanted = staticmethod(loop.wanted)

    def __init__(self) -> None:
        self.CPU = [clock.MASK - 100, -1]  # (the work summed wraps too)
        self.turns = 0

    def turn(self, app) -> None:
        self.turns += 1


class _Idle:
    def waiting(self) -> bool:
        return False


class _Screen:
    def animating(self, now: int) -> bool:
        return False


class _App:
    turned = 0  # (ms: the real clock's wanted() sees no time pass - only the Pico's time decides)
    buttons = None  # (no buttons: the loop always has work for its turn)
    screen = _Screen()


def _bench():
    c, lp, app = _Clock(), _Loop(), _App()
    gpio._pico_time(lp, c, SCALE)
    app.turned = clock.now()
    lp.turn(app)  # (the wrapped turn: the Pico's time counts from here)
    return c, lp, app


def _work(c, lp, us: int, done: bool = True) -> None:
    """us of the box's work: a stretch begun (loop.begin) and, if done, ended (loop.stretch)."""
    lp.CPU[1] = c.now_us()
    c.wait(us)
    if done:
        lp.CPU[0] = clock.later(lp.CPU[0], us)
        lp.CPU[1] = -1


def test_the_boxs_work_since_the_last_turn_counts_as_a_picos():
    c, lp, app = _bench()
    assert lp.turns == 1
    limit = lp.POLL_MS * 1000 // SCALE  # 80 us here: 4 ms of a Pico
    _work(c, lp, limit - 10)
    assert not lp.wanted(app, app.turned), "3.5 ms of a Pico's work: the loop still asleep"
    _work(c, lp, 20)
    assert lp.wanted(app, app.turned), "past 4 ms of a Pico's work: the poll is due"


def test_work_under_way_counts_before_its_stretch_ends():
    c, lp, app = _bench()
    _work(c, lp, lp.POLL_MS * 1000 // SCALE + 5, done=False)  # (a rules op's pause: its stretch not yet summed)
    assert lp.wanted(app, app.turned)


def test_the_loop_asleep_counts_as_the_time_it_takes():
    c, lp, app = _bench()
    c.wait(lp.POLL_MS * 1000 - 200)  # asleep, no work: a Pico sleeps as long
    assert not lp.wanted(app, app.turned)
    c.wait(150)
    _work(c, lp, 2)  # (with 2 us of work: 100 us of a Pico's)
    assert lp.wanted(app, app.turned)


def test_a_turn_starts_the_count_again():
    c, lp, app = _bench()
    _work(c, lp, 500)
    assert lp.wanted(app, app.turned)
    lp.turn(app)
    assert lp.turns == 2
    _work(c, lp, 10)
    assert not lp.wanted(app, app.turned), "the work before the turn is not counted again"


def test_due_with_no_work_for_the_loop_is_no_turn():
    c, lp, app = _bench()
    app.buttons = _Idle()  # nothing latched, nothing held, no screen animating
    _work(c, lp, 500)
    assert not lp.wanted(app, app.turned)
