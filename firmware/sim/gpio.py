"""The virtual Pico's GPIO-level input, loaded only when used: press(), the test bench's
finger on a pin (machine.press), and with STEPPE_GPIO naming a FIFO, a thread playing its
lines "WAIT_MS GPIO LEVEL" (LEVEL 0: pressed, through the pull-up), each WAIT_MS after the
one before ("sync": a batch begins, "end": it is over) - the pin's level set and its
interrupt handler run at once, whatever the firmware is doing, with the edge's scripted
time (_World). While a batch plays, the board's polls see no time past the edge to be
played next (_due): this thread can be held up (the interpreter's lock, a busy laptop),
and a Pico's finger cannot. A lock stands for the Pico's disable_irq(): an edge waits while
the loop takes the latched ones.

With the FIFO, the buttons are timed too, for link.stats (the lost-press tests, the
edge-to-frame bench) - here, so the firmware carries no code for it: PinButtons.poll is
wrapped and Pixels.show watched. TIMING: [polls that took edges and made events,
their wait (the last edge played to the poll, ms of real time) summed, largest, their work
(that poll to the first frame handed to the LEDs after it, us of CPU) summed, largest;
the buttons' events; those polls whose wait was 10 ms or more (the loop was busy); the
events by button: {name: [presses, long presses, repeats, HELP]}; samples(): each poll's
wait, work and the wait's part spent on the box's work, for percentiles]."""

import sys

import machine

_lock = None
TIMING = [0, 0, 0, 0, 0, 0, 0, {}]
_at = [0, -1, 0, -1]  # the last edge played (ms); a poll timed: took (us, -1: none), wait (ms); its frame (us)
_due = [0, 0]  # the scripted time (ms) the board's clock may not pass, and 1 while a batch plays
SAMPLES = 1000  # each timed poll's wait (ms) and work (us), the first this many since link.stats read them
_waits = []
_works = []
_busies = []
_cpu = [None, 0, 0, 0, 0, 0, 1]  # loop.CPU (once timed); at the last edge played: its work summed, the
# work under way's part done before the edge (us), and then the poll's wait spent on the box's work
# (us); the board's time waiting for a core (ns, _queued) at the edge, and at the poll; a Pico's us
# for one of the board's (calib.scale, _time)
_SCHED = []  # /proc/self/schedstat, open once for each thread that reads it (the board's, the finger's)


def _queued(k: int = 0) -> int:
    """ns the board's main thread has waited for a core (runnable, another program on it):
    time a Pico, which runs nothing else, never loses - taken off a wait or a work timed on
    the wall clock (this 2-core machine runs steppe's verify beside the board). 0 where
    Linux does not say. k: which thread reads (0 the board's, 1 the finger's: a file each)."""
    if not _SCHED:
        for _ in range(2):
            try:
                _SCHED.append(open("/proc/self/schedstat", "rb"))
            except OSError:
                _SCHED.append(None)
    f = _SCHED[k]
    if f is None:
        return 0
    f.seek(0)
    return int(f.read().split()[1])


def samples() -> list:
    """[waits, works, busies] of the timed polls since the last call (link.stats "samples":
    the benchmark's percentiles), then begun afresh. busies: the part of each wait (us) the
    box spent on its own work - a request's stretch, a turn of the loop - rather than asleep:
    a Pico takes that ~50-100 times longer (the benchmark scales it), its sleep not."""
    out = [list(_waits), list(_works), list(_busies)]
    del _waits[:]
    del _works[:]
    del _busies[:]
    return out


def press(number: int, down: bool, clock=None) -> None:
    """A pin held down or let go: a change runs its interrupt handler (Pin.flags(): which
    edge). clock: hal.clock, given by the thread that plays edges - which must never import:
    an import runs the virtual Pico's import hook (sim/natives.py), which may allocate a
    block of KBs there, and a MemoryError would end the thread, its traceback written into
    a reply on the serial line (seen: a verify request unanswered for 600 s)."""
    held = machine._held  # type: ignore[attr-defined]
    if down == (number in held):
        return
    if clock is None:  # (the test bench's finger, machine.press: in the board's own thread)
        from hal import clock

    _at[0] = clock.now()
    cpu = _cpu[0]
    if cpu is not None:  # (what the box had worked so far, and on the work under way)
        _cpu[1] = cpu[0]
        _cpu[2] = clock.elapsed(clock.now_us(), cpu[1]) if cpu[1] >= 0 else 0
        _cpu[4] = _queued(1)
    if down:
        held.add(number)
    else:
        held.discard(number)
    irq = machine._irqs.get(number)  # type: ignore[attr-defined]
    if irq is not None:
        irq[1](irq[0])


def start() -> None:
    """The thread that plays STEPPE_GPIO (once)."""
    global _lock
    if _lock is not None:
        return
    import _thread
    import os

    _lock = _thread.allocate_lock()
    machine.disable_irq = _disable
    machine.enable_irq = _enable
    _time()
    TIMING.append(samples)  # (TIMING[8]: link.stats reads it)
    _thread.start_new_thread(_drive, (os.getenv("STEPPE_GPIO"), _lock))


def _time() -> None:
    """PinButtons.poll and Pixels.show wrapped: a poll's edge to its frame on the LEDs (sent,
    or found there already: show() sends no frame twice). And the loop's sleep counted as a
    Pico counts it (_pico_time)."""
    import loop
    from hal import buttons, clock, pixels

    _cpu[0] = loop.CPU
    import calib

    _cpu[6] = int(calib.scale() + 0.5)
    _pico_time(loop, clock, _cpu[6])
    del sys.modules["calib"]
    poll = buttons.PinButtons.poll
    show = pixels.Pixels.show

    def timed_poll(self, now: int):
        _account()
        real = now
        if _due[1] and clock.elapsed(now, _due[0]) > 0:
            # the finger is behind its script (a busy laptop held its thread up): the board
            # sees no time past an edge not yet played, as on a Pico where the edge and the
            # poll share one clock - else a poll between two bounces 2 ms apart could find
            # the lockout over, or an arrow tapped for 40 ms held long enough to repeat
            now = _due[0]
        tail = self.tail
        queued = _queued() if self.head != self.tail else -1  # (read only when edges wait: each read
        took = clock.now_us()  # costs the board's loop ~4 us)
        out = poll(self, now)
        self.timing = TIMING  # (link.stats reads it there)
        if out:
            TIMING[5] += len(out)
            counts = TIMING[7]
            for name, ev in out:
                if name not in counts:
                    counts[name] = [0, 0, 0, 0]
                counts[name][3 if name == buttons.HELP else ev - 1] += 1
            if self.tail != tail:  # edges taken (not a repeat, a long press by holding)
                _at[1] = took
                _at[2] = max(0, clock.elapsed(real, _at[0]))
                # the wait's work: since the edge, less the work under way then done before it
                busy = _work(clock, loop.CPU, _cpu[1], clock.now_us()) - _cpu[2]
                if queued < 0:  # (an edge came since the look)
                    queued = _queued()
                busy -= (queued - _cpu[4]) // 1000  # (not the board's work: waiting for a core)
                _cpu[3] = min(max(0, busy), (_at[2] + 1) * 1000)
                _cpu[5] = queued
                _at[3] = -1
                if _cpu[3] * _cpu[6] >= 10000:  # (late: it waited 10 ms of a Pico's work, as a Pico takes it)
                    TIMING[6] += 1
        return out

    def timed_show(self) -> None:
        show(self)
        if _at[1] >= 0 and _at[3] < 0:
            _at[3] = clock.now_us()
            _cpu[5] = _queued() - _cpu[5]  # (the frame's work: its wait for a core taken off)

    buttons.PinButtons.poll = timed_poll
    pixels.Pixels.show = timed_show


def _work(clock, cpu: list, since: int, t: int) -> int:
    """us of the box's work (loop.CPU) since its sum stood at since: what was summed since,
    and the work under way until t (us)."""
    work = clock.elapsed(cpu[0], since)
    if cpu[1] >= 0:
        work += clock.elapsed(t, cpu[1])
    return work


def _pico_time(loop, clock, scale: int) -> None:
    """loop.wanted - does the loop take its turn at a stretch's end? - with its poll due in a
    Pico's time: the loop's POLL_MS sleep runs out after the real time since the last turn
    began, with the box's work in it (loop.CPU) counted scale times (a Pico's us for one here,
    calib.scale: ~50). Else a press on the virtual Pico waits for the loop's 4 ms of real time -
    ~200 ms of a Pico's work - and the benchmark, which scales that work, would count a wait
    no Pico has. (Then the loop's own wanted() is asked at the moment the Pico's time made due.)"""
    turn, wanted = loop.turn, loop.wanted
    began = [0, 0]  # at the last turn's start: the box's work summed (us), the clock (us)

    def timed_turn(app) -> None:
        began[0] = loop.CPU[0]
        began[1] = clock.now_us()
        turn(app)

    def pico_wanted(app, now: int) -> bool:
        if wanted(app, now):
            return True
        t = clock.now_us()
        work = _work(clock, loop.CPU, began[0], t)
        if clock.elapsed(t, began[1]) + work * (scale - 1) < loop.POLL_MS * 1000:
            return False
        return wanted(app, clock.later(app.turned, loop.POLL_MS))  # (due in a Pico's time)

    loop.turn = timed_turn
    loop.wanted = pico_wanted


def _account() -> None:
    """The last timed poll's edge to frame, once its frame is out."""
    if _at[1] < 0 or _at[3] < 0:
        return
    from hal import clock

    wait = _at[2]
    work = max(0, clock.elapsed(_at[3], _at[1]) - _cpu[5] // 1000)
    _at[1] = -1
    if len(_waits) < SAMPLES:
        _waits.append(wait)
        _works.append(work)
        _busies.append(_cpu[3])
    t = TIMING
    t[0] += 1
    t[1] += wait
    t[2] = max(t[2], wait)
    t[3] += work
    t[4] = max(t[4], work)


def _disable() -> int:
    assert _lock is not None
    _lock.acquire()
    return 1


def _enable(state: int = 1) -> None:
    assert _lock is not None
    _lock.release()


class _World:
    """hal.buttons' clock while an edge is played: the edge's time as scripted. The thread
    playing the edges is the finger, and a busy laptop can wake it 20 ms late; a bounce
    1 ms after its edge would then come past the lockout, a second press a real contact
    never makes. So each edge of a batch is due at a fixed time from the batch's start
    (lateness does not add up) and carries that time, as a Pico's hard IRQ would stamp it."""

    def __init__(self, clock) -> None:
        self.at = 0
        self.elapsed = clock.elapsed  # (the wrapping clock's arithmetic, unchanged: the loop's
        self.later = clock.later  # poll may be using it while an edge is played)

    def now(self) -> int:
        return self.at


def _played(lock, world, at: int, buttons, clock, number: int, down: bool) -> bool:
    """One edge played at its scripted time; False when the heap had no room for this
    thread's part (the stand-ins' timing, not the firmware's handler: a MemoryError of the
    Pico's own handler would end the thread, as it disables the pin's IRQ on a Pico)."""
    with lock:
        world.at = at
        buttons.clock = world  # type: ignore[assignment]
        try:
            press(number, down, clock)
        except MemoryError:
            if (number in machine._held) == down:  # type: ignore[attr-defined]
                raise  # (the level was set: the handler itself failed)
            return False
        finally:
            buttons.clock = clock
    return True


def _drive(path: str, lock) -> None:
    import time

    from hal import buttons, clock

    world = _World(clock)
    while True:
        with open(path, "rb") as f:  # blocks until the host opens its end
            at = None  # when the edge being played is due
            for line in f:
                parts = line.split()
                if parts == [b"sync"]:  # a batch begins (VirtualPico.gpio): its times from now
                    at = None
                    continue
                if parts == [b"end"]:  # ...and ends: the board's clock runs free again
                    _due[1] = 0
                    continue
                if len(parts) != 3:
                    continue
                now = clock.now()
                at = (now if at is None else at) + int(parts[0])
                # the board's clock is held at this edge's time until it is played, and then
                # until the next line is read (a read can keep this thread waiting long)
                _due[0] = at
                _due[1] = 1
                while clock.elapsed(at, now) > 0:
                    time.sleep_ms(clock.elapsed(at, now))  # type: ignore[attr-defined]
                    now = clock.now()
                while not _played(lock, world, at, buttons, clock, int(parts[1]), parts[2] == b"0"):
                    time.sleep_ms(1)  # (the heap was full: the board's own work frees it)
