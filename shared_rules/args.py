"""Argument checks shared by every op: one clear message naming the bad field."""

from shared_rules.errors import bad_args


def get(args: dict, key: str, default=None, required: bool = True):
    if key in args:
        return args[key]
    if required:
        raise bad_args("missing argument " + repr_key(key))
    return default


def repr_key(key: str) -> str:
    return '"' + key + '"'


def integer(args: dict, key: str, lo: int, hi: int, default=None) -> int:
    v = get(args, key, default, default is None)
    if type(v) is not int:
        raise bad_args(repr_key(key) + " must be an integer")
    if v < lo or v > hi:
        raise bad_args(repr_key(key) + " must be between " + str(lo) + " and " + str(hi))
    return v


def text(args: dict, key: str, default=None, max_len: int = 100000) -> str:
    v = get(args, key, default, default is None)
    if not isinstance(v, str):
        raise bad_args(repr_key(key) + " must be a string")
    if len(v) > max_len:
        raise bad_args(repr_key(key) + " is longer than " + str(max_len) + " characters")
    return v


def choice(args: dict, key: str, options, default=None) -> str:
    v = get(args, key, default, default is None)
    if not isinstance(v, str) or v not in options:
        raise bad_args(repr_key(key) + " must be one of " + ", ".join(options))
    return v


def flag(args: dict, key: str, default: bool = False) -> bool:
    v = args.get(key, default)
    if v is not True and v is not False:
        raise bad_args(repr_key(key) + " must be true or false")
    return v


def obj(args: dict, key: str, default=None) -> dict:
    v = get(args, key, default, default is None)
    if not isinstance(v, dict):
        raise bad_args(repr_key(key) + " must be a JSON object")
    return v


def array(args: dict, key: str, default=None, max_len: int = 10000) -> list:
    v = get(args, key, default, default is None)
    if not isinstance(v, list):
        raise bad_args(repr_key(key) + " must be a JSON array")
    if len(v) > max_len:
        raise bad_args(repr_key(key) + " has more than " + str(max_len) + " items")
    return v


def actions(args: dict, max_len: int) -> list:
    """The actions of a play op: {"actions": [...]} or a single {"action": {...}}."""
    if "actions" in args:
        return array(args, "actions", max_len=max_len)
    return [obj(args, "action")]
