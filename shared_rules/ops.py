"""The operation table: every rules query by name, over plain JSON data.

The same table answers `steppe rules OP` on the host, the device over serial, and
`steppe verify`, which runs both and compares. Game modules are imported on first use,
so the device only spends RAM on the games that are played.
"""

import json
import sys

from shared_rules import cjson
from shared_rules.errors import BAD_JSON, INTERNAL, NO_MEMORY, TOO_LONG, UNKNOWN_OP, RulesError, bad_args
from shared_rules.games import NAMES

MAX_LINE = 16384  # bytes in one request line, newline excluded; documented in docs/ops.md
MAX_DEPTH = 32  # strict.MAX_DEPTH (a test checks it), here so a request's fast path imports nothing
MAX_DIGITS = 4300  # strict.MAX_DIGITS: an integer of more digits is not JSON the host's CPython reads

# the families of ops: the random generator's, and each game's (shared_rules/games.py):
# a module with OPS = {"name": function}, the op "game.name" being that function.
# docs/ops*.md documents every op (a test checks it).
GAMES = ("rng",) + NAMES


def _path(game: str) -> str:
    return "shared_rules.rng_ops" if game == "rng" else "shared_rules." + game + ".ops"


def _module(game: str):
    return __import__(_path(game), None, None, ("OPS",))


def names() -> "list[str]":
    """Every op name (imports every game: for the host, not the device)."""
    out = []
    for game in GAMES:
        for name in _module(game).OPS:
            out.append(game + "." + name)
    return sorted(out)


def lookup(name):
    """The function of an op, or an unknown_op error."""
    if isinstance(name, str):
        dot = name.find(".")
        if dot > 0 and name[:dot] in GAMES:
            fn = _module(name[:dot]).OPS.get(name[dot + 1:])
            if fn is not None:
                return fn
    raise RulesError(UNKNOWN_OP, "unknown op " + cjson.dumps(name)[:60] + "; ops are listed in docs/ops.md")


# each game's ops module's own imports, leaves first: a device imports them one a step before
# the module (stepped); then the op's own, its module's NEEDS (tests/test_op_imports.py checks both)
FIRST = {
    "rng": "args rng",
    "chuhan": "args chuhan.tables rng steps",
    "huns": "args huns.tables rng steps",
    "khaan": "args dice khaan.tables steps",
    "khan": "args steps khan.tables khan.board",
}
CALL = "call"  # what an op's steps return when the op itself is still to be called (call())
_READY = {}  # op -> True: its rules modules imported (since its game's ops module was last loaded)


def stepped(name, args):
    """The steps of an op a device answers a step at a time (a generator that yields between
    steps and returns the result, or CALL: call() it now), or None: an op with nothing to do
    a step at a time, or not an op (call() says why). An op's first request imports the
    rules modules it needs, one a step (FIRST, its ops module's NEEDS: importing all of a game's
    rules at once is a few hundred ms on a Pico, one module a few); then come the op's own
    steps (its module's STEPS), if it has any."""
    if not isinstance(name, str) or not isinstance(args, dict):
        return None
    dot = name.find(".")
    game = name[:dot] if dot > 0 else ""
    if game not in GAMES:
        return None
    op = name[dot + 1:]
    mod = sys.modules.get(_path(game))
    if mod is None:  # (its game's rules let go, or never loaded: its ops imported afresh)
        for known in [k for k in _READY if k.startswith(game + ".")]:
            del _READY[known]
    elif name in _READY:
        steps = getattr(mod, "STEPS", None)
        fn = steps.get(op) if steps else None
        return fn(args) if fn is not None else None
    return _steps(game, name, op, args)


def _steps(game: str, name: str, op: str, args: dict):
    from shared_rules.steps import imports

    yield from imports(["shared_rules." + m for m in FIRST[game].split()] + [_path(game)])
    mod = _module(game)
    yield from imports(["shared_rules." + m for m in needs(mod, op)])
    if len(_READY) < 64:  # (the ops' own names: a few dozen)
        _READY[name] = True
    steps = getattr(mod, "STEPS", None)
    fn = steps.get(op) if steps else None
    if fn is None:
        return CALL
    return (yield from fn(args))


def needs(mod, op: str) -> "list[str]":
    """The rules modules op imports besides its ops module's (mod.NEEDS: ";op module module...;"),
    without "shared_rules."."""
    text = getattr(mod, "NEEDS", "")
    at = text.find(";" + op + " ")
    if at < 0:
        return []
    at += len(op) + 2
    return text[at:text.find(";", at)].split()


def call(name: str, args) -> dict:
    """Run one op; raises RulesError with a user-facing message on bad input."""
    fn = lookup(name)
    if not isinstance(args, dict):
        raise bad_args("arguments must be a JSON object")
    return fn(args)


def error_reply(code: str, message: str) -> dict:
    return {"ok": False, "error": {"code": code, "message": message}}


def reply(name: str, args) -> dict:
    """The reply envelope for one request: never raises, never shows a traceback."""
    try:
        return {"ok": True, "result": call(name, args)}
    except RulesError as e:
        return error_reply(e.code, e.message)
    except MemoryError:
        return error_reply(NO_MEMORY, "out of memory in " + str(name))  # (no bug: the heap was too small)
    except Exception as e:  # a bug of ours: report it on one line, keep serving
        return error_reply(INTERNAL, "internal error in " + str(name) + ": " + type(e).__name__)


def parse_line(line: str):
    """JSON arguments from one request line, or a RulesError for an oversize or broken line."""
    if len(line) > MAX_LINE // 4 and len(line.encode()) > MAX_LINE:
        raise RulesError(TOO_LONG, "line is longer than " + str(MAX_LINE) + " bytes")
    return loads_strict(line)


def loads_strict(line: str):
    """The JSON of a request line, read as strictly on the device as on the host
    (shared_rules/strict.py); a RulesError (bad_json, with the reason) when it is not."""
    if "\\u" not in line:  # the host sends canonical JSON: proven so by walking what it reads as
        try:
            obj = json.loads(line)
        except (ValueError, RuntimeError, MemoryError):  # not JSON, or too deep: MicroPython's reader
            obj = None  # runs out of stack or RAM on a deep text. The strict reader, bounded, says which:
            # a MemoryError after it (json.loads of a text it passed) is the heap's and goes up
        if obj is not None and cjson.matches(obj, line, MAX_DEPTH) and (
                len(line) <= MAX_DIGITS or not __import__("shared_rules.strict", None, None, ("huge",)).huge(obj)):
            return obj
    from shared_rules import strict

    try:
        strict.check(line)  # anything else, a character at a time: the reason when it is not JSON
        return json.loads(line)
    except ValueError as e:
        raise RulesError(BAD_JSON, "line is not valid JSON: " + str(e))
