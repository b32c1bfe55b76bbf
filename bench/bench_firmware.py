"""Firmware figures under the micropython binary, from the device image (.mpy files): frame
render and a press to its new frame on the Khan screen mid-game, and the game's journal -
the save of an action, a snapshot, the boot replay, undo, the bytes of a whole game.
Run by run.py.

argv: the image folder, the simulator's folder. Prints JSON lines {"name", "us", "n"} (and
{"name", "bytes"}) after the calibration loop.
"""

import gc
import os
import sys
import time

sys.path[:0] = [sys.argv[2], "lib"]  # the simulator's machine/neopixel, then the image

import calibrate  # noqa: E402,F401  (the calibration line comes first)

import app  # noqa: E402
from hal.pixels import NeoPixelStrip  # noqa: E402
from record import OVERDUE, SNAP_EVERY, Record  # noqa: E402
from shared_rules.khan import randplay  # noqa: E402
from ui import palette  # noqa: E402

FS = "benchfs/"


def report(name, us, n):
    print('{"name": "%s", "us": %d, "n": %d}' % (name, us, n))


def report_bytes(name, n, lines):
    print('{"name": "%s", "bytes": %d, "n": %d}' % (name, n, lines))


try:
    os.mkdir(FS)
except OSError:
    for f in os.listdir(FS):
        os.remove(FS + f)
a = app.App(NeoPixelStrip(22, 16, 16, palette.PALETTE, floor=palette.FLOOR, large=palette.LARGE), None, FS)
a.boot()
a.new_game("khan", ["red", "yellow", "blue", "green"], 0, 7)
chooser = randplay.PCG32(7, randplay.CHOOSER_STREAM)
saves = 0
saved_us = 0


def play(k: int) -> None:
    """k actions of the random player through the App, each saved as the box saves it (the
    time of the saves summed), snapshots written when due (as when the box is idle)."""
    global saves, saved_us
    for _ in range(k):
        action = randplay.action(a.record.game, chooser)
        if action is None:
            return
        a.act(action)
        t0 = time.ticks_us()
        a.flush()
        saved_us += time.ticks_diff(time.ticks_us(), t0)
        saves += 1
        if a.record.snapshot_due():
            a.record.snapshot()


play(80)  # a board in the middle of the game: yurts, figures, rulers
a.screen.show(a.record.game)
gc.collect()

now = time.ticks_ms()
n = 60
t0 = time.ticks_us()
for k in range(n):
    a.render(now + 20 * k)
report("frame render: Khan board, draw and encode", time.ticks_diff(time.ticks_us(), t0) // n, n)

# press to new frame: from the press until the new frame is on the LEDs (its bytes sent, or
# found there already: Pixels.show sends no frame twice - a cursor moved in its blink's dark phase)
sent = [0]
show = a.pixels.show


def stamp():
    show()
    if not sent[0]:
        sent[0] = time.ticks_us()


a.pixels.show = stamp


def latency(button, long=False):
    sent[0] = 0
    t0 = time.ticks_us()
    a.press(button, long)
    return time.ticks_diff(sent[0], t0)


a.screen.mode = "cursor"
total = 0
for k in range(n):
    total += latency("LEFT" if k % 2 else "RIGHT")
report("press to new frame: move the cursor", total // n, n)

g = a.record.game
while g.step != "flip" and g.phase == "turn":
    play(1)
a.screen.show(g)
a.render(time.ticks_ms())  # the board on the LEDs, as the loop keeps it (the screen animates)
gc.collect()
report("press to new frame: flip (its card; the flight worked out after the frame, then saved)", latency("OK"), 1)


def pressed(button, long=False):
    """(press to new frame, the whole press: what it leaves for after the frame included)"""
    sent[0] = 0
    t0 = time.ticks_us()
    a.press(button, long)
    return time.ticks_diff(sent[0], t0), time.ticks_diff(time.ticks_us(), t0)


# the hints (ui/khan_hints.py, on unless the settings turn them off)
if g.step == "actions":
    from shared_rules.khan import invade
    from shared_rules.khan.tables import card_symbol

    a.press("OK")  # the actions: A
    a.press("OK")  # the hand, covered
    a.press("DOWN")  # shown
    for _ in range(4):
        if invade.count(g.pos, invade.parse_symbol(card_symbol(a.screen.choice.value))):
            break
        a.press("DOWN")
    gc.collect()
    frame_us, whole_us = pressed("OK")
    report("press to new frame: a card chosen (its cells listed: the cursor's stops)", frame_us, 1)
    total = 0
    for k in range(n):
        total += latency("LEFT" if k % 2 else "RIGHT")
    report("press to new frame: the cursor's jump to the next stop", total // n, n)
    a.press("BACK")
    a.press("OK")  # the actions
    while a.screen.choice.value != "C":
        a.press("RIGHT")
    gc.collect()
    frame_us, whole_us = pressed("OK")
    report("press to new frame: C (a conquest's cells to paint)", frame_us, 1)
    report("C's press with its settle: every placement listed", whole_us, 1)
    frame_us, whole_us = pressed("OK")
    report("a cell painted, with its settle: the stops worked out", whole_us, 1)
    a.press("BACK")
    gc.collect()
    frame_us, whole_us = pressed("RIGHT")
    report("an arrow on the board, with its settle: the running score", whole_us, 1)
    a.press("BACK")
    aid = a.screen.aid
    t0 = time.ticks_us()
    for _ in aid._left():
        pass
    report("each player's conquests left, up to 5 (the final phase's, mid-game)", time.ticks_diff(time.ticks_us(), t0), 1)

# boot: the newest snapshot, then the most action lines a box leaves after it (OVERDUE - 1)
rec = a.record
rec.snapshot()
while rec.since < OVERDUE - 1:
    rec.act(randplay.action(rec.game, chooser))
    rec.save()
best = 0
for _ in range(5):  # the fastest of five: the desktop's other work only ever adds
    again = None
    gc.collect()
    t0 = time.ticks_us()
    again = Record.open(FS, "khan")
    took = time.ticks_diff(time.ticks_us(), t0)
    best = took if not best or took < best else best
report("boot: the game back from a snapshot and %d actions" % again.since, best, 5)
again = None
a.screen.show(rec.game)
gc.collect()

play(200)  # on to the end of the game
report("save an action: one journal line appended", saved_us // saves, saves)
rec = a.record
rec.since = SNAP_EVERY
longest = total = steps = 0
for _ in range(3):  # the fastest of three whole snapshots, step by step
    gc.collect()
    steps = 0
    whole = 0
    worst = 0
    t0 = time.ticks_us()
    for _ in rec.snapshot_steps():
        took = time.ticks_diff(time.ticks_us(), t0)
        whole += took
        worst = took if took > worst else worst
        steps += 1
        t0 = time.ticks_us()
    took = time.ticks_diff(time.ticks_us(), t0)
    whole += took
    worst = took if took > worst else worst
    if not total or whole < total:
        total, longest = whole, worst
report("snapshot of a late Khan game, whole (%d steps between presses)" % (steps + 1), total, 3)
report("snapshot step: the longest a press waits for one", longest, steps + 1)
size = os.stat(FS + "khan.jnl")[6]
report_bytes("journal of a whole 4-player Khan game", size, rec.lines_count())

best = 0
for _ in range(5):
    t0 = time.ticks_us()
    a.press("BACK", True)
    took = time.ticks_diff(time.ticks_us(), t0)
    best = took if not best or took < best else best
    a.press("RIGHT")  # redo: the same action undone each time
report("undo 1 action (BACK held, to its frame)", best, 5)
t0 = time.ticks_us()
for _ in range(20):
    a.press("LEFT")  # the history overlay: one more back
report("undo 20 actions, one at a time (each)", time.ticks_diff(time.ticks_us(), t0) // 20, 20)
t0 = time.ticks_us()
a.press("RIGHT")
report("redo 1 action", time.ticks_diff(time.ticks_us(), t0), 1)
