"""A reply's canonical JSON a part at a time (cjson.dump's text, encoded in steps): a long
reply - a game played out, a game's tables the first time - is not one long stretch of a
device's CPU (firmware/link.py LONG_REPLIES, hostops.tables_steps). Imported only for those.
"""

from shared_rules import cjson

_PLAIN_TYPES = {str, int, bool, type(None)}


def _types(items) -> set:
    return set(map(type, items))  # (at C speed)


def _flat(items) -> bool:
    """Whether items (a list, a dict's keys or values) are all str, int, bool or None."""
    return _types(items) <= _PLAIN_TYPES


STEP_CHARS = 512  # dump_steps: about this much text written between two steps (~8 ms a Pico; a
_FAST_COST = 32  # value fast_text encodes costs its text and this much more, one _plain encodes
_PLAIN = 24  # (a number, a short string, in Python) this much)
_WHOLE = 8  # ...a dict or a list of at most this many entries past the first two levels at once, or
# of plain values only (fast_text orders such a dict at C speed)
_KEYS = {}  # dump_steps: the text of the keys of replies and their results (a few dozen)


def dump_steps(obj, write):
    """dump() a part at a time (a generator: it yields after about STEP_CHARS written): the
    values of the first two levels' dicts and the items of long lists of containers are
    encoded one by one (each at C speed where fast_text can), so a long reply - a game
    played out, a list of conquests, a game's tables - is written in steps, not one stretch.
    The pieces are written joined, at each step (on a Pico's USB, a write is a packet)."""
    if type(obj) is not dict and not _long(obj, 4):  # (a short list: encoded at once, as dump() does)
        try:
            text = cjson.fast_text(obj)
        except MemoryError:
            text = None
        if text is None:
            cjson.dump(obj, write)
            return
        for i in range(0, len(text), STEP_CHARS):  # (written a step a KB: a Pico's USB takes ~1 ms a KB)
            if i:
                yield
            write(text[i:i + STEP_CHARS])
        return
    parts = []
    yield from _dump_steps(obj, parts, write, [0], 0)
    if parts:
        write("".join(parts))


def _long(obj, levels: int) -> bool:
    """Whether obj holds, in its first levels, a list or a dict of many entries not all plain
    (a step a few of them) or a Streamed value."""
    t = type(obj)
    if t is dict:
        items = obj.values()
    elif t is list or t is tuple:
        items = obj
    else:
        return t is cjson.Streamed
    if len(obj) > _WHOLE and not _flat(items):
        return True
    if levels > 1:
        for v in items:
            t = type(v)
            if (t is dict or t is list or t is tuple or t is cjson.Streamed) and _long(v, levels - 1):
                return True
    return False


def _dump_steps(obj, parts: list, write, count: list, depth: int):
    t = type(obj)
    if (t is dict and (depth < 2 or _long(obj, 2))) or ((t is list or t is tuple) and _long(obj, 1)):
        if t is dict:
            sep = "{"
            for key in sorted(obj):
                text = _KEYS.get(key)
                if text is None:
                    if type(key) is not str:
                        raise TypeError("JSON object keys must be strings")
                    text = cjson.dumps(key) + ":"
                    if len(_KEYS) < 64:  # (a reply's and its result's keys: the ops' own few)
                        _KEYS[key] = text
                parts.append(sep + text)
                sep = ","
                v = obj[key]
                if not _plain(v, parts):  # (a generator a value only where it may take steps)
                    yield from _dump_steps(v, parts, write, count, depth + 1)
                else:
                    count[0] += _PLAIN
                    if count[0] >= STEP_CHARS:
                        yield from _step(parts, write, count)
            parts.append("}" if sep == "," else "{}")
        else:
            sep = "["
            for item in obj:
                parts.append(sep)
                sep = ","
                if not _plain(item, parts):
                    yield from _dump_steps(item, parts, write, count, depth + 1)
                else:
                    count[0] += _PLAIN
                    if count[0] >= STEP_CHARS:
                        yield from _step(parts, write, count)
            parts.append("]" if sep == "," else "[]")
        return
    if _plain(obj, parts):
        return
    text = None
    if t is str:  # (a text's escapes at C speed: a board's lines)
        text = cjson.fast_text([obj])
        text = None if text is None else text[1:-1]
    elif t is dict or t is list or t is tuple:
        try:
            text = cjson.fast_text(obj)
        except MemoryError:
            text = None
    if text is None:  # (not on MicroPython, or a Streamed value: written in chunks)
        sink = cjson.Chunks(write, 512)
        sink.append("".join(parts))
        del parts[:]
        cjson.encode(obj, sink)
        sink.flush()
    else:
        parts.append(text)
        count[0] += _FAST_COST + len(text)
        if count[0] < STEP_CHARS:
            return
    yield from _step(parts, write, count)


def _step(parts: list, write, count: list):
    """The pieces so far written, joined, and a step's end."""
    count[0] = 0
    write("".join(parts))
    del parts[:]
    yield


def _plain(obj, parts: list) -> bool:
    """Whether obj is a number, a short string, true, false or null: then its text is added."""
    t = type(obj)
    if t is int:
        parts.append(str(obj))
    elif (t is str and len(obj) <= 16) or t is bool or obj is None:
        cjson.encode(obj, parts)
    else:
        return False
    return True
