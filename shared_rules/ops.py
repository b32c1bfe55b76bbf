"""The operation table: every rules query by name, over plain JSON data.

The same table answers `steppe rules OP` on the host, the device over serial, and
`steppe verify`, which runs both and compares. Game modules are imported on first use,
so the device only spends RAM on the games that are played.
"""

from shared_rules import cjson
from shared_rules.errors import BAD_JSON, INTERNAL, TOO_LONG, UNKNOWN_OP, RulesError, bad_args

MAX_LINE = 16384  # bytes in one request line, newline excluded; documented in docs/ops.md

# name -> (module, function); docs/ops.md documents every entry (a test checks it)
OPS = {
    "rng.draw": ("shared_rules.rng_ops", "draw"),
    "rng.below": ("shared_rules.rng_ops", "below"),
    "rng.shuffle": ("shared_rules.rng_ops", "shuffle"),
    "khan.board": ("shared_rules.khan.ops", "board"),
    "khan.tables": ("shared_rules.khan.ops", "tables"),
    "khan.setup": ("shared_rules.khan.ops", "setup"),
    "khan.flee": ("shared_rules.khan.ops", "flee"),
    "khan.flip": ("shared_rules.khan.ops", "flip"),
    "khan.invasions": ("shared_rules.khan.ops", "invasions"),
    "khan.conquer": ("shared_rules.khan.ops", "conquer_op"),
    "khan.conquests": ("shared_rules.khan.ops", "conquests"),
    "khan.score": ("shared_rules.khan.ops", "score_op"),
    "khan.bonus": ("shared_rules.khan.ops", "bonus"),
    "khan.new": ("shared_rules.khan.ops", "new"),
    "khan.play": ("shared_rules.khan.ops", "play"),
    "khan.playout": ("shared_rules.khan.ops", "playout"),
}

_loaded = {}


def names() -> "list[str]":
    return sorted(OPS)


def lookup(name: str):
    fn = _loaded.get(name)
    if fn is None:
        entry = OPS.get(name) if isinstance(name, str) else None
        if entry is None:
            raise RulesError(UNKNOWN_OP, "unknown op " + cjson.dumps(name) + "; ops are listed in docs/ops.md")
        module = __import__(entry[0], None, None, (entry[1],))
        fn = getattr(module, entry[1])
        _loaded[name] = fn
    return fn


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
        return error_reply(INTERNAL, "out of memory in " + str(name))
    except Exception as e:  # a bug of ours: report it on one line, keep serving
        return error_reply(INTERNAL, "internal error in " + str(name) + ": " + type(e).__name__)


def parse_line(line: str):
    """JSON arguments from one request line, or a RulesError for an oversize or broken line."""
    if len(line) > MAX_LINE // 4 and len(line.encode()) > MAX_LINE:
        raise RulesError(TOO_LONG, "line is longer than " + str(MAX_LINE) + " bytes")
    import json

    try:
        return json.loads(line)
    except ValueError:
        raise RulesError(BAD_JSON, "line is not valid JSON")
