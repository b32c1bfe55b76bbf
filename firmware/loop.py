"""The box's one asyncio loop: the buttons polled and their presses acted on, the frames
drawn, snapshots written a step at a time, the timed work - and beside it the serial link,
read as bytes arrive and answered a stage at a time (link.py), so a request never freezes
the matrix. Neither ever stops: an error in a turn is a fault (faults.py) and the loop
goes on; every line of the link gets one answer.

Functions of the App; the figures link.stats reports (max_gap, max_busy, link_us ...) are
the App's attributes, kept here.
"""

import gc

import faults
import session
from hal import clock
from hal.buttons import LONG, PRESS, REPEAT

FRAME_MS = 16  # ~60 frames a second at most
POLL_MS = 4
DRAW_TRIES = 3  # a frame of the loop that finds no room this many times in a row is a fault
# the box's own work, for the virtual Pico's GPIO input (sim/gpio.py) to tell what a press waited
# for: us of work summed (the loop's turns, the link's stretches; wrapping as the clock does) and
# when the work under way began (-1: none, the loop asleep). The benchmark scales the work to a
# Pico's speed, not the sleep (bench_device.during_verify). Two ints kept in place: nothing allocated.
CPU = [0, -1]


async def run(app, link, stdin, stdout) -> None:
    """The loop, and the link's task beside it."""
    import asyncio

    asyncio.create_task(serve(app, link, stdin, stdout))
    app.turned = clock.now()
    app.drawn = clock.later(app.turned, -FRAME_MS)  # (a frame is due at once)
    while True:
        turn(app)
        await pause(asyncio)  # always: the link's task must get its turn


def turn(app) -> None:
    """One turn of the loop: the buttons polled and their presses acted on, a frame drawn
    when one is due, a snapshot's step, the timed work. An error in it is a fault, and the
    loop goes on. Run by the loop - and from inside a host's rules op, at its pauses
    (rulesop.breathe)."""
    now = clock.now()
    began = CPU[1] = clock.now_us()
    gap = clock.elapsed(now, app.turned)  # the buttons unpolled this long (a request, a save)
    if gap > app.max_gap:
        app.max_gap = gap
    app.turned = now
    where = "press"  # what the loop is doing: the error screen's code and the log say it
    try:
        if app.buttons is not None:
            for name, event in app.buttons.poll(now):
                if event == PRESS or event == REPEAT:
                    app.press(name, False)
                elif event == LONG:
                    app.press(name, True)
        where = "animating"
        animating = app.screen.animating(now)
        if (app.dirty or animating or app.moving) and clock.elapsed(now, app.drawn) >= FRAME_MS:
            where = "draw"
            draw(app, now)  # (a screen that has just stopped animating: its last frame, once -
            app.drawn = now  # the LEDs must not keep a frame from the middle of its animation)
            app.moving = animating
        where = "snapshot"
        session.snapshot_step(app, now)
        where = "tick"
        faults.shown(app, now)
        app.tick(now)
    except Exception as e:  # the loop never stops: the error screen, the log, the saved game
        try:
            app.fault(e, where)
        except Exception:  # (even that, for want of RAM: the loop goes on)
            gc.collect()
    work = clock.elapsed(clock.now_us(), began)
    app.turn_us = work
    CPU[0] = clock.later(CPU[0], work)
    CPU[1] = -1
    if work > app.max_busy:
        app.max_busy = work
        app.busy_op = "loop"  # (its own turn: a press, a frame, a snapshot step)
        app.busy_at = "turn"


def draw(app, now: int) -> None:
    """The loop's frame. One that finds no room (a split heap: an import, a new qstr pool)
    is drawn again at the next turn, the RAM tidied meanwhile - as a press's frame is; only
    a frame that fails DRAW_TRIES times in a row is a fault."""
    try:
        app.render(now)
        app.draw_misses = 0
    except MemoryError:
        app.draw_misses += 1
        if app.draw_misses >= DRAW_TRIES:
            app.draw_misses = 0
            raise
        app.free_memory()
        app.dirty = True


async def serve(app, link, stdin, stdout) -> None:
    """Read requests as bytes arrive, answer each line; never block the UI."""
    import asyncio

    from link import Lines, Reader

    lines = Lines(free=app.free_memory)
    reader = Reader(stdin, lines=lines)  # (a frame that stalls is given up through lines)
    chunk = reader.chunk  # the bytes that came, reserved once
    link.loop = True  # (a rules op's pauses: the loop's turns, rulesop.breathe)
    begin(app)
    while True:
        n = 0
        got = None
        try:
            n = reader.fill()
            if not n:
                link.idle(clock.now())  # (quiet: the host's ops go after a while)
            if n:
                got = lines.feed(chunk[:n])  # (a copy: chunk is read into again)
                while got:
                    answering = link.stages(got.pop(0), stdout.write)  # (the line held by it alone,
                    answered = False  # which lets it go once read)
                    try:
                        for _ in answering:  # a rules op: the buttons' turn
                            stretch(app, app.link_began, "stage")  # between its stages, when
                            if wanted(app, clock.now()):  # due and wanted (as at the rules' pauses)
                                turn(app)
                            begin(app)
                        answered = True
                        now = clock.now_us()  # its reply's last byte written:
                        app.link_us = clock.elapsed(now, lines.line_began)  # what it cost, all told
                        app.link_op = link.op
                        stretch(app, app.link_began, "reply")  # and once its reply is out
                        app.serving = ""
                        await pause(asyncio, 0)
                        began = CPU[1] = clock.now_us()
                        answering = None
                        due = link.tidy(False)  # a collection only when the heap runs short
                        app.tidy_us = stretch(app, began, "tidy")  # (work a press waits for too: with
                        if wanted(app, clock.now()):  # the next line's reading it was one stretch, a
                            turn(app)  # press waited ~35 ms of a Pico for both)
                        if due:  # (its collection, a stretch of its own: with the walk, ~30 ms of a Pico)
                            began = CPU[1] = clock.now_us()
                            gc.collect()
                            app.tidy_us += stretch(app, began, "tidy")
                            if wanted(app, clock.now()):
                                turn(app)
                        begin(app)
                    except KeyboardInterrupt:
                        raise
                    except Exception as e:  # this line's answer, once: never a second one
                        try:
                            answer_trouble(app, e, answered, stdout)
                        except Exception:
                            gc.collect()
        except KeyboardInterrupt:
            raise
        except Exception as e:  # the link is never left dead: every line is answered
            try:
                link_trouble(app, e, lines, chunk, n, stdout)
            except Exception:  # (even that, for want of RAM: the reading goes on)
                gc.collect()
        if n and not got and reader.body:  # a framed line's next block has come: read on (a yield
            continue  # between its blocks cost each request ~5 ms of a Pico per 256 bytes)
        stretch(app, app.link_began, "read")
        await pause(asyncio, POLL_MS if not n else 0)  # (0: the buttons' turn between pieces)
        begin(app)


def begin(app) -> None:
    """The link's task takes up its work (a stretch, until stretch())."""
    app.link_began = CPU[1] = clock.now_us()


def wanted(app, now: int) -> bool:
    """Whether the button loop takes its turn at a stretch's end (a request's stage, a rules
    op's pause): its poll is due - POLL_MS since the last turn began, its sleep over - and it
    has work: an edge latched or a button held (its repeat, its long press;
    PinButtons.waiting), or a screen that animates. A turn is called there, not a yield (a
    yield cost the request a round of the scheduler, ~5 ms a Pico; khan.play's five were ~25
    ms of its ~75), and a press that comes during a stage is latched and served at the
    stage's end all the same (busy_us counts each stage so). (The virtual Pico's GPIO bench
    puts its own here, sim/gpio.py: the poll due in a Pico's time, the box's work since the
    turn counted as a Pico takes it, ~50 times longer - else a press there would wait for ~50
    times a Pico's work before its poll. No name of its own: one more interned name at boot
    took a 96wK box's heap past a pool of names' end, 3 KB, firmware/README.md "Memory".)"""
    if clock.elapsed(now, app.turned) < POLL_MS:
        return False
    waiting = getattr(app.buttons, "waiting", None)
    return waiting is None or waiting() or app.screen.animating(now)


def stretch(app, began: int, at: str) -> int:
    """The link's task yields: what it did since began, with a turn of the loop, is what a
    press that came as it began waited for (link.stats busy_us). On a Pico the loop is due
    at every yield of a stretch longer than its sleep (POLL_MS), so each stretch counts on
    its own; the virtual Pico runs ~50 times faster, its loop still asleep at most, and is
    measured as a Pico would be. The stretch that answered link.stats is left out: the
    figures it read are of the requests before it. at: where it ended ("stage", "pause",
    "reply", "tidy", "read": a constant, nothing made), kept with the op served for the
    longest. Returns the stretch's own us."""
    now = clock.now_us()
    took = clock.elapsed(now, began)
    if CPU[1] >= 0:
        CPU[0] = clock.later(CPU[0], took)
        CPU[1] = -1
    turned = app.turn_us  # (the turn before this stretch, if one came: counted with it, once)
    app.turn_us = 0
    if app.stats_read:
        app.stats_read = False
        return took
    busy = took + turned
    if busy > app.max_busy:
        app.max_busy = busy
        app.busy_op = app.serving
        app.busy_at = at
    return took


def answer_trouble(app, e, answered: bool, stdout) -> None:
    """Answering a whole line failed outside what the link catches itself: the line gets its
    one answer - no_memory, or internal for a bug of ours - unless its reply was already out
    (the tidying after it failed: nothing more is written, or the host would take a second
    answer for its next request's)."""
    from link import OUT_OF_MEMORY

    memory = isinstance(e, MemoryError)
    code = ""
    if memory:
        faults.recovered(app, e)
    else:
        code = app.fault(e, "link")
    if answered:
        return
    stdout.write("\n")  # (a reply broken off ends here)
    if memory:
        stdout.write(OUT_OF_MEMORY)
    else:
        stdout.write('{"error":{"code":"internal","message":"internal error (' + code + ' in errors.log)"},'
                     '"id":null,"ok":false}\n')


def link_trouble(app, e, lines, chunk: bytearray, n: int, stdout) -> None:
    """Reading a line failed (before any of it was answered): the line is answered
    no_memory (the reader out of RAM: noted) or it was a bug (faults.fault)."""
    from link import OUT_OF_MEMORY

    if ends_line(chunk, n):
        lines.reset()
        stdout.write("\n")
        stdout.write(OUT_OF_MEMORY)  # the line that ended in these bytes
    else:
        lines.lose()  # the rest of the line goes; its newline says no_memory
    if isinstance(e, MemoryError):
        faults.recovered(app, e)
    else:
        app.fault(e, "link")


def ends_line(chunk: bytearray, n: int) -> bool:
    """Whether the n bytes read hold a newline (looked for without allocating)."""
    for i in range(n):
        if chunk[i] == 10:
            return True
    return False


async def pause(asyncio, ms: int = -1) -> None:
    """One poll's sleep (or ms); the RAM running out even here does not stop the loop."""
    try:
        await asyncio.sleep_ms(POLL_MS if ms < 0 else ms)
    except MemoryError:
        gc.collect()
