"""Work done a step at a time: generators that yield between steps and return their result.

A device answers a long op so (firmware/link.py Link.stages): its button loop takes its turn
at each yield, so a press never waits for a whole game played out, a list of actions applied
or a game's rules imported. Everywhere else the steps are simply run through (finish).
"""

import sys


def finish(steps):
    """The result of a generator of steps, run through."""
    try:
        while True:
            next(steps)
    except StopIteration as e:
        return e.value


def imports(names):
    """The modules named imported one a step (a generator), leaves first: importing one of a
    game's rules modules is a few ms on a Pico, importing them all at once a few hundred."""
    for name in names:
        if name not in sys.modules:
            __import__(name)
            yield
