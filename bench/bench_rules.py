"""Rules-core benchmarks, run under the micropython binary by bench/run.py.

Prints one JSON line per figure: {"name", "us", "n"}; "us" is microseconds per run on
this unix port. The calibration loop (1,000,000 small-int additions at module scope,
the published Pico benchmark) lets run.py scale every figure to a Pico-equivalent.
"""

import sys
import time

sys.path.insert(0, sys.argv[1])  # the .mpy tree

import calibrate  # noqa: E402,F401  (the calibration line comes first)

from shared_rules import ops  # noqa: E402
from shared_rules.khan import conquer, flee, randplay, search, state  # noqa: E402
from shared_rules.khan.position import Position  # noqa: E402
from shared_rules.khan.game import score_position  # noqa: E402


def report(name, us, n):
    print('{"name": "%s", "us": %d, "n": %d}' % (name, us, n))


def timed(fn, n):
    t0 = time.ticks_us()
    for _ in range(n):
        fn()
    return time.ticks_diff(time.ticks_us(), t0) // n


# a mid-game position: a 4-player random game stopped after 70 moves
chooser = randplay.PCG32(5, randplay.CHOOSER_STREAM)
game = randplay.new_game("default", ["red", "yellow", "blue", "green"], randplay.VIRTUAL, 5, randplay.GAME_STREAM)
for _ in range(70):
    randplay.play(game, randplay.choose(game, chooser))
pos = game.pos
in_play = [r for r in range(8) if pos.ruler_cell[r] >= 0]

flights = []
for r in in_play:
    for d in range(8):
        flights.append((r, d))


def one_target():
    for r, d in flights:
        flee.target(pos, pos.ruler_cell[r], d)


report("flee: find the cell (per flight)", timed(one_target, 50) // len(flights), 50 * len(flights))


def one_flee():
    for r, d in flights:
        flee.flee(pos.copy(), r, d, flee.COURT)


def one_copy():
    for r, d in flights:
        pos.copy()


per_flee = (timed(one_flee, 20) - timed(one_copy, 20)) // len(flights)
report("flee: whole flight with its yurt (per flight)", per_flee, 20 * len(flights))

args = {"board": "default", "pieces": state.pieces_json(pos), "ruler": "grey", "direction": "S", "source": "court"}
args["ruler"] = ["grey", "lightblue", "white", "orange", "purple", "pink", "brown", "teal"][in_play[0]]
report("khan.flee op: JSON args to JSON reply", timed(lambda: ops.call("khan.flee", args), 30), 30)

# a full end-game board: every land cell holds a yurt of one of 4 players, then figures
# go down wherever they fit until all 38 are used or none fits
players = ["red", "yellow", "blue", "green"]
full = Position(game.board, list(players))
fill = randplay.PCG32(9, 9)
for i in range(full.board.size):
    if full.board.is_land(i):
        full.yurt[i] = 2 + fill.below(4)
stock = conquer.full_stock()
prot = conquer.Protections()
placed = True
while placed:
    placed = False
    for p in players:
        for c in search.each_placement(full, p, stock, prot, True):
            conquer.place(full, c, stock)
            placed = True
            break
report("score a full end-game board (%d figures)" % len(full.fig_cells),
       timed(lambda: score_position(full, players), 20), 20)

t0 = time.ticks_us()
g, moves, _ = randplay.playout(21, 4)
report("complete random game, 4 players (%d moves)" % moves, time.ticks_diff(time.ticks_us(), t0), 1)
