"""A long reply's canonical JSON written a part at a time, a pause between parts: the text
cjson.dump() writes, but a game played out (8 KB) or a game's tables (1-6 KB) are not one
stretch of a device's CPU - ordering and encoding a whole game's trace at once is ~200 ms of
a Pico (firmware/rulesop.py dump, for its LONG ops). Imported only for those.
"""

from shared_rules import cjson
from shared_rules.pause import pause

STEP_CHARS = 512  # about this much text between two pauses (~8 ms of a Pico)
_FAST_COST = 32  # a value fast_text encodes costs its text and this much more, one encoded in Python
_PLAIN = 24  # (a number, a short string) this much
_WHOLE = 8  # a dict or a list of at most this many entries past the first two levels is encoded at
# once, as is one of plain values only (fast_text orders such a dict at C speed)
_FLAT_DICT = 24  # a dict of plain values of more entries than this is written this many at a time (fast_text
# orders a dict's keys in Python: a late Khan game's yurts, 87 cells, were one stretch of ~40 ms of a Pico)
_PLAIN_TYPES = {str, int, bool, type(None)}
_KEYS = {}  # the text of the keys of replies and their results (a few dozen)


def dump(obj, write) -> None:
    """cjson.dump(obj, write), a part at a time: the values of the first two levels' dicts
    and the items of long lists of containers are encoded one by one (each at C speed where
    fast_text can), the pieces written joined and pause() called after about STEP_CHARS."""
    if type(obj) is not dict and not _long(obj, 4):  # (a short list: at once, as cjson.dump)
        cjson.dump(obj, write)
        return
    parts = []
    _dump(obj, parts, write, [0], 0)
    if parts:
        write("".join(parts))


def _flat(items) -> bool:
    """Whether items (a list, a dict's values) are all str, int, bool or None."""
    return set(map(type, items)) <= _PLAIN_TYPES  # (at C speed)


def _long(obj, levels: int) -> bool:
    """Whether obj holds, in its first levels, a list or a dict of many entries not all plain
    (a pause every few of them) or a Streamed value."""
    t = type(obj)
    if t is dict:
        items = obj.values()
    elif t is list or t is tuple:
        items = obj
    else:
        return t is cjson.Streamed
    if (len(obj) > _WHOLE and not _flat(items)) or (t is dict and len(obj) > _FLAT_DICT):
        return True
    if levels > 1:
        for v in items:
            t = type(v)
            if (t is dict or t is list or t is tuple or t is cjson.Streamed) and _long(v, levels - 1):
                return True
    return False


def _dump(obj, parts: list, write, count: list, depth: int) -> None:
    t = type(obj)
    if (t is dict and (depth < 2 or _long(obj, 2))) or ((t is list or t is tuple) and _long(obj, 1)):
        if t is dict:
            keys = sorted(obj)
            if len(keys) > _FLAT_DICT and _flat(obj.values()) and _parts_of(obj, keys, parts, write, count):
                return
            sep = "{"
            for key in keys:
                text = _KEYS.get(key)
                if text is None:
                    if type(key) is not str:
                        raise TypeError("JSON object keys must be strings")
                    text = cjson.dumps(key) + ":"
                    if len(_KEYS) < 64:  # (a reply's and its result's keys: the ops' own few)
                        _KEYS[key] = text
                parts.append(sep + text)
                sep = ","
                _item(obj[key], parts, write, count, depth)
            parts.append("}" if sep == "," else "{}")
        else:
            sep = "["
            for item in obj:
                parts.append(sep)
                sep = ","
                _item(item, parts, write, count, depth)
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
    _step(parts, write, count)


def _parts_of(obj: dict, keys: list, parts: list, write, count: list) -> bool:
    """A dict of many plain values (keys: its keys in order) written _FLAT_DICT entries at a
    time, each part at C speed (fast_text), a pause when enough has been written; False, and
    nothing written, where fast_text cannot (not on MicroPython)."""
    sep = "{"
    for i in range(0, len(keys), _FLAT_DICT):
        part = {}
        for key in keys[i:i + _FLAT_DICT]:
            part[key] = obj[key]
        text = cjson.fast_text(part)
        if text is None:  # (not on MicroPython; or a value it escapes otherwise: a part the slow way)
            if not i:
                return False
            text = cjson.dumps(part)
        parts.append(sep + text[1:-1])
        sep = ","
        count[0] += _FAST_COST + len(text)
        if count[0] >= STEP_CHARS:
            _step(parts, write, count)
    parts.append("}")
    return True


def _item(v, parts: list, write, count: list, depth: int) -> None:
    """One value of a dict or a list: its text, and a pause when enough has been written."""
    if not _plain(v, parts):
        _dump(v, parts, write, count, depth + 1)
        return
    count[0] += _PLAIN
    if count[0] >= STEP_CHARS:
        _step(parts, write, count)


def _step(parts: list, write, count: list) -> None:
    """The pieces so far written, joined, and a pause."""
    count[0] = 0
    write("".join(parts))
    del parts[:]
    pause()


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
