"""The operation table: every rules query by name, over plain JSON data.

The same table answers `steppe rules OP` on the host, the device over serial, and
`steppe verify`, which runs both and compares. Game modules are imported on first use,
so the device only spends RAM on the games that are played.
"""

import sys

if sys.implementation.name == "micropython":
    import ujson as json  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
else:  # (CPython: its own, never a ujson package the host may have)
    import json

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


def ops_name(game: str) -> str:
    """The full name of a game's ops module (rng's: shared_rules.rng_ops)."""
    return "shared_rules.rng_ops" if game == "rng" else "shared_rules." + game + ".ops"


def _module(game: str):
    return module(ops_name(game))


def module(name: str):
    """A rules module by its full name, imported if it is not: a loaded one straight from
    sys.modules (an import statement finds each package of the name among the interned names,
    one at a time: ~14,000 instructions, each time an op asks for shared_rules.<game>.<module>)."""
    return sys.modules.get(name) or __import__(name, None, None, ("_",))


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
        game = name[:dot] if dot > 0 else ""  # (once: each str made is looked for among the interned names)
        if game in GAMES:
            fn = _module(game).OPS.get(name[dot + 1:])
            if fn is not None:
                return fn
    raise RulesError(UNKNOWN_OP, "unknown op " + cjson.dumps(name)[:60] + "; ops are listed in docs/ops.md")


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


def huge(obj) -> bool:
    """Whether a JSON value holds an integer of more than MAX_DIGITS digits (MicroPython's
    json.loads reads one; CPython's does not): loads_strict asks of a line long enough to
    hold one. Here, not in strict.py: importing the strict reader for a long line (3 KB
    of a Pico's heap, in pieces) was what a long request late in a game had no room for."""
    todo = [obj]
    while todo:
        v = todo.pop()
        t = type(v)
        if t is int:
            if v > 0x3FFFFFFF or v < -0x40000000:
                try:
                    if len(str(v)) - (v < 0) > MAX_DIGITS:
                        return True
                except ValueError:  # (CPython will not even write one)
                    return True
        elif t is list:
            todo.extend(v)
        elif t is dict:
            todo.extend(v.values())
    return False


def loads_strict(line: str, ascii: bool = False, raw=None):
    """The JSON of a request line, read as strictly on the device as on the host
    (shared_rules/strict.py); a RulesError (bad_json, with the reason) when it is not.
    ascii: the line is known to be ASCII (link.read: as many bytes as characters); raw:
    its bytes, if the caller holds them (compared as they are: no copy of a long line)."""
    refused = None  # why json.loads refused the line (ValueError): it is not JSON to any reader
    if "\\u" not in line:  # the host sends canonical JSON: proven so by walking what it reads as
        try:
            obj = json.loads(line)
        except ValueError as e:  # not JSON
            obj = None
            refused = e
        except (RuntimeError, MemoryError) as e:  # or too deep: MicroPython's reader runs out of
            obj = None  # stack or RAM on a deep text. The strict reader, bounded, says which: a
            # MemoryError after it (json.loads of a text it passed) is the heap's and goes up
            if isinstance(e, MemoryError) and line.count("[") + line.count("{") <= MAX_DEPTH:
                raise  # no text this shallow is too deep: the heap's at once (the strict reader - 3 KB
                # more of a heap just run out - would walk the line, and json.loads fail once more)
        if obj is not None and cjson.matches(obj, line, MAX_DEPTH, ascii, raw) and (
                len(line) <= MAX_DIGITS or not huge(obj)):
            return obj
    try:
        from shared_rules import strict
    except MemoryError:  # (a short heap: the strict reader's code finds no room)
        if refused is None:
            raise
        # a line even MicroPython's lenient reader refuses is bad_json whatever strict would say: only
        # its reason in strict's words is lost (a host killed mid-line left one on a 96wK box, and the
        # import split the heap that was left so no reply found room)
        raise RulesError(BAD_JSON, "line is not valid JSON: " + str(refused))

    try:
        strict.check(line)  # anything else, a character at a time: the reason when it is not JSON
        return json.loads(line)
    except ValueError as e:
        raise RulesError(BAD_JSON, "line is not valid JSON: " + str(e))
