"""Firmware figures under the micropython binary, from the device image (.mpy files):
frame render and a press to its new frame, on the Khan screen mid-game. Run by run.py.

argv: the image folder. Prints JSON lines {"name", "us", "n"} after the calibration loop.
"""

import gc
import sys
import time

sys.path[:0] = [sys.argv[2], "lib"]  # the simulator's machine/neopixel, then the image

import calibrate  # noqa: E402,F401  (the calibration line comes first)

import app  # noqa: E402
from hal.pixels import NeoPixelStrip  # noqa: E402
from shared_rules.khan import randplay  # noqa: E402
from ui import palette  # noqa: E402


def report(name, us, n):
    print('{"name": "%s", "us": %d, "n": %d}' % (name, us, n))


a = app.App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, "")
a.boot()
a.new_game("khan", ["red", "yellow", "blue"], 0, 7)
g = a.screen.game
chooser = randplay.PCG32(7, randplay.CHOOSER_STREAM)
for _ in range(80):  # a board in the middle of the game: yurts, figures, rulers
    randplay.play(g, randplay.choose(g, chooser))
a.changed()
gc.collect()

now = time.ticks_ms()
n = 60
t0 = time.ticks_us()
for k in range(n):
    a.render(now + 20 * k)
report("frame render: Khan board, draw and encode", time.ticks_diff(time.ticks_us(), t0) // n, n)

# press to new frame: from the press until the new frame's bytes go to the LEDs
sent = [0]
send = a.pixels._transmit


def stamp(buffer):
    if not sent[0]:
        sent[0] = time.ticks_us()
    send(buffer)


a.pixels._transmit = stamp


def latency(button):
    sent[0] = 0
    t0 = time.ticks_us()
    a.press(button)
    return time.ticks_diff(sent[0], t0)


a.screen.mode = "cursor"
total = 0
for k in range(n):
    total += latency("LEFT" if k % 2 else "RIGHT")
report("press to new frame: move the cursor", total // n, n)

a.screen.mode = "board"
while g.step != "flip" and g.phase == "turn":
    randplay.play(g, randplay.choose(g, chooser))
a.screen.version += 1  # the game moved on behind the screen's back: draw it afresh
report("press to new frame: flip and flee (then saved)", latency("OK"), 1)
t0 = time.ticks_us()
a.changed()
a.flush()
report("saving the game (after the frame)", time.ticks_diff(time.ticks_us(), t0), 1)
