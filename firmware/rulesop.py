"""A host's rules op answered on the box (link.Link.rules): loaded for the host's rules ops
only, let go with the host's other ops (Link.idle) or when the RAM runs out (memory.free).

Its pauses (shared_rules/pause.py: the rules' long loops call it every few ms of a Pico's
work) are turns of the button loop (breathe): a press is acted on and its frame drawn
in the middle of a game played out, a conquest search or a list of actions applied. And its
first request imports the rules modules it needs one at a time, a pause after each
(load_rules): all of a game's rules at once are a few hundred ms of a Pico, one module a few.
"""

import sys

import loop
from hal import clock
from shared_rules import cjson, ops, pause

LONG = ("khan.playout", "khan.tables", "chuhan.tables", "huns.tables", "khaan.tables")  # replies of
# several KB: written a part at a time, a pause between (dump: shared_rules/cjson_steps.py)


def answer(link, rid, op: str, args: dict) -> dict:
    """The reply to rules op (link.done), its pauses the loop's turns (breathe) - when the
    link serves the loop (link.loop; the tests' links answer without)."""
    app = link.app
    pause.HOOK[0] = (lambda: breathe(app)) if link.loop else None
    PAUSES[0] = 0
    try:
        if link.loop and not ready(op):
            try:
                load_rules(op)
            except MemoryError:  # what can go goes, a pause, and the rules a module a pause again: else
                try:  # done()'s second try imported them all in one stretch (with the collection:
                    link._free()  # ~55 ms of a Pico counted, the longest a press waited during verify)
                    pause.pause()
                    load_rules(op)
                except MemoryError:  # (then done() frees what can go and says so)
                    pass
        OWN[0] = True
        return link.done(rid, op, args)
    finally:
        pause.HOOK[0] = None
        OWN[0] = False


_STEPS: list = [None]  # shared_rules.cjson_steps once a long reply needed it: held here only, it goes with this module


def dump(link, op: str, out: dict, write, end: str = "") -> None:
    """A rules op's reply written, then end: a long one (LONG) a part at a time, the loop's
    turns at the pauses between (cjson_steps); any other at once (cjson.dump). cjson_steps
    is imported after a pause of its own (~15 ms of a Pico: with the op's last work and the
    reply's first part, a press waited ~50 ms) and kept while the host talks - verify's
    games played out imported it again for each reply - held by this module alone, so that
    it goes when this does (Link.idle, memory.free)."""
    if op not in LONG or not link.loop:
        cjson.dump(out, write, end=end)
        return
    app = link.app
    pause.HOOK[0] = lambda: breathe(app)
    OWN[0] = True
    try:
        steps = _STEPS[0]
        if steps is None:
            pause.pause()
            from shared_rules import cjson_steps as steps

            if sys.implementation.name == "micropython":
                from memory import unload

                unload("shared_rules.cjson_steps")  # (out of sys.modules: _STEPS holds it)
            _STEPS[0] = steps
            pause.pause()
        steps.dump(out, write)
        write(end)
    finally:
        pause.HOOK[0] = None
        OWN[0] = False


def breathe(app) -> None:
    """A host's rules op pauses (shared_rules/pause.py: every few ms of a Pico's work): when
    the loop has work - an edge latched, a button held, a screen animating (wanted) - and a
    poll is due, the loop takes a turn here, inside the op: a press is acted on and its
    frame drawn, then the op goes on where it was. A press never waits for a whole game
    played out or a conquest search: what it waits for is the op's work between two pauses
    (link.stats busy_us counts each such stretch, with a turn of the loop). (Nothing the op
    reads is the box's: its arguments are the host's. The hook is off during the turn: a
    screen's own use of the rules never breathes.) Then the garbage is collected here when
    it is due (paced.collected): a stretch of its own, a turn after it."""
    loop.stretch(app, app.link_began, "pause")
    _turn(app)
    loop.begin(app)
    gather = sys.modules.get("paced")  # (loaded once the box paces its imports, load_rules)
    if gather is not None and gather.collected(OWN[0], PAUSES):
        loop.stretch(app, app.link_began, "collect")
        _turn(app)
        loop.begin(app)


def _turn(app) -> None:
    if loop.wanted(app, clock.now()):
        hook = pause.HOOK[0]
        pause.HOOK[0] = None
        try:
            loop.turn(app)
        finally:
            pause.HOOK[0] = hook


OWN = [False]  # the op's own work under way (its reply's too), not its rules' imports: it works DUE out
PAUSES = [0]  # this request's pauses of its own work (paced.collected)


def ready(op: str) -> bool:
    """Whether the rules modules op needs are loaded (load_rules marks its game's ops
    module so; it goes with them)."""
    dot = op.find(".")
    game = op[:dot] if dot > 0 else op
    mod = sys.modules.get(ops.ops_name(game))
    return mod is not None and op in getattr(mod, "READY", ())


# each game's ops module's own imports, leaves first, without "shared_rules." (load_rules: then
# the ops module, then its NEEDS; tests/test_op_imports.py checks both)
FIRST = {
    "rng": "args fast_rng rng",
    "chuhan": "args chuhan.tables rng",
    "huns": "args huns.tables rng",
    "khaan": "args dice khaan.tables khaan.ops_play khaan.ops_game",
    "khan": "args khan.figures khan.tables khan.fast_board khan.board",
}


# each game's package: in sys.modules from the first time a module of its rules was loaded, by a
# host's op or the box's own game (a package is never let go, memory.free)
PACKAGES = ("shared_rules.khan", "shared_rules.chuhan", "shared_rules.huns", "shared_rules.khaan")
PACED = [False]  # this op's imports paced (load_rules)


def load_rules(op: str) -> None:
    """A rules op's first request (ready): the rules modules it needs imported one at a
    time, leaves first - its game's ops module's imports (FIRST), the module, then the op's
    own (the module's NEEDS) - a pause after each (shared_rules/pause.py: the buttons take
    their turn there). All of Khan's rules at once are a few hundred ms of a Pico, one module
    a few ms. Then the module holds op as READY. Not an op: nothing (done() says why).

    Once the box has loaded any game's rules since it booted, each module is imported a part
    at a time too (paced.py: a pause after every 510 bytes read). An import's cost is its
    names looked up among every name interned, and names are never let go: with a game's
    rules loaded, a module of 2-7 KB was 15-45 ms of a Pico in one stretch. Paced, an import
    costs ~2-3 ms more (its file read through Python, the pauses; paced's own import ~10 ms
    once): paid by every op's first request but the box's very first (khan.board's 116 ->
    141 ms counted when its imports were paced too; the goal is 120)."""
    dot = op.find(".")
    game = op[:dot] if dot > 0 else ""
    first = FIRST.get(game) if dot > 0 else None
    if first is None:
        return
    PACED[0] = False
    for package in PACKAGES:
        if package in sys.modules:
            PACED[0] = True
    path = ops.ops_name(game)
    for name in first.split():
        _load("shared_rules." + name)
    _load(path)
    mod = sys.modules[path]
    text = getattr(mod, "NEEDS", "")
    at = text.find(";" + op[dot + 1:] + " ")
    if at >= 0:
        at += len(op) - dot + 1
        for name in text[at:text.find(";", at)].split():
            _load("shared_rules." + name)
    ready = getattr(mod, "READY", None)
    if ready is not None and op[dot + 1:] in getattr(mod, "OPS", ()) and len(ready) < 64:
        ready[op] = True


def _load(name: str) -> None:
    """name imported - a part at a time where PACED (paced.py) - then a pause."""
    if name not in sys.modules:
        try:
            if PACED[0]:
                if "paced" not in sys.modules:  # (only then: its own import is ~10-20 ms of a Pico, a
                    __import__("paced")  # stretch of its own; it goes with rulesop, memory.free)
                    pause.pause()
                sys.modules["paced"].imported(name)
            else:
                __import__(name)
        except (ImportError, ValueError, SyntaxError):
            # code this port cannot run (khan/fast.py's viper built for another arch: the op goes
            # on without it, search.viper), or a fault the op meets and reports when it imports it
            pass
        pause.pause()
