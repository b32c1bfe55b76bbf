"""Canonical JSON: sorted keys, no spaces, ASCII only - byte-identical on every port.

MicroPython's json.dumps has no sort_keys and its dicts do not keep insertion order,
so replies from the device and from the host would differ in key order. Everything
the rules core emits goes through dumps() here instead. For the data we emit (str,
int, bool, None, lists, dicts) the output equals CPython's
json.dumps(obj, sort_keys=True, separators=(",", ":")).
"""

import gc
import sys

_FAST = sys.implementation.name == "micropython"  # fast_text: MicroPython's own json.dumps
_C = []  # fast_parts' json.dumps and OrderedDict, and binascii's b2a_base64 and a2b_base64 (_plain)
_SEPARATORS = (",", ":")
LONG = 64  # a string value this long that is base64 text goes into fast_parts' text as it is...
MARK = "\x01"  # ...this in its place for json.dumps (no value of a canonical text holds it)...
_MARKED = "\\u0001"  # ...which json.dumps writes so (in the quotes)
_KNOWN: list = [None, None]  # the text last known to be base64 (plain, _plain), and its bytes
_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_HEX = "0123456789abcdef"


def _u(code: int) -> str:
    return "\\u" + _HEX[(code >> 12) & 15] + _HEX[(code >> 8) & 15] + _HEX[(code >> 4) & 15] + _HEX[code & 15]


def bare(s: str) -> bool:
    """Whether s needs no escape in JSON: printable ASCII, no quote, no backslash. Its bytes'
    least and greatest are looked at, never its characters: on MicroPython each character of
    a str iterated is a string made, looked for among every interned name (~8,000 machine
    instructions each on the booted box: a card's four keys and values cost ~0.6 ms of a
    Pico so); a byte is a small int. (surrogatepass: a CPython str may hold a lone surrogate,
    then not ASCII - MicroPython takes the argument and has no such str.)"""
    if not s:
        return True
    if '"' in s or "\\" in s:
        return False
    b = s.encode("utf-8", "surrogatepass")
    return min(b) > 31 and max(b) < 127


def _string(s: str, out) -> None:
    if bare(s):  # at C speed: no escapes
        out.append('"' + s + '"')
        return
    parts = ['"']
    for ch in s:
        if ch in _SHORT:
            parts.append(_SHORT[ch])
            continue
        code = ord(ch)
        if code < 0x20 or code > 0x7E:
            if code > 0xFFFF:
                code -= 0x10000
                parts.append(_u(0xD800 | (code >> 10)))
                parts.append(_u(0xDC00 | (code & 0x3FF)))
            else:
                parts.append(_u(code))
        else:
            parts.append(ch)
    parts.append('"')
    out.append("".join(parts))


def encode(obj, out) -> None:  # out: a list, or anything with append()
    # the common types first, by their exact type (cheaper than isinstance); "[" and "{"
    # are pieces of their own (matches() counts them)
    t = type(obj)
    if t is str:
        if bare(obj):  # no escapes
            out.append('"' + obj + '"')
        else:
            _string(obj, out)
    elif t is int:
        out.append(str(obj))
    elif t is dict:
        out.append("{")
        sep = '"'
        for key in sorted(obj):
            if type(key) is not str:
                raise TypeError("JSON object keys must be strings")
            if bare(key):
                out.append(sep + key + '":')
            else:
                if sep == ',"':
                    out.append(",")
                _string(key, out)
                out.append(":")
            sep = ',"'
            encode(obj[key], out)
        out.append("}")
    elif t is list or t is tuple:
        out.append("[")
        first = True
        for item in obj:
            if first:
                first = False
            else:
                out.append(",")
            encode(item, out)
        out.append("]")
    elif obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, Streamed):
        obj.write(out)
    elif isinstance(obj, str):
        _string(obj, out)
    elif isinstance(obj, (list, tuple, dict)):  # a subclass: as its plain type
        encode(dict(obj) if isinstance(obj, dict) else list(obj), out)
    else:
        # floats print differently on the two ports, so the rules core never emits one
        raise TypeError("not canonical JSON: " + type(obj).__name__)


def chunks(obj):
    """The canonical text of obj a piece at a time (a generator): no list of all its pieces
    is built, so a long list is written without ever needing a large block of RAM."""
    if isinstance(obj, (list, tuple)):
        yield "["
        first = True
        for item in obj:
            if not first:
                yield ","
            first = False
            yield from chunks(item)
        yield "]"
    elif isinstance(obj, dict):
        yield "{"
        first = True
        for key in sorted(obj):
            yield ("" if first else ",") + dumps(key) + ":"
            first = False
            yield from chunks(obj[key])
        yield "}"
    else:
        yield dumps(obj)


def dumps(obj) -> str:
    out = []
    encode(obj, out)
    return "".join(out)


class Streamed:
    """A value whose canonical text a function writes through out.append when it is
    encoded: a large object (a saved game) goes out without being built in RAM first."""

    def __init__(self, write) -> None:
        self.write = write


class Chunks:
    """A list-like sink that hands the text on in chunks, so writing a saved game to a
    file never holds the whole text in RAM. Each piece is only appended (the cost of a
    piece is most of an encoding's); every FOLD pieces they are joined, and written once
    they make a chunk: the list never grows long enough to need a large block of RAM."""

    FOLD = 32

    def __init__(self, write, size: int) -> None:
        self.write = write
        self.size = size
        self.parts = []
        self.joins = True  # False once a join found no block: a fragmented heap

    def append(self, part: str) -> None:
        parts = self.parts
        parts.append(part)
        if len(parts) >= 32:  # (FOLD, inlined: this is the hot path)
            self.fold()

    def fold(self) -> None:
        parts = self.parts
        text = None
        if self.joins:
            try:
                text = "".join(parts)
            except MemoryError:  # a fragmented heap has no block that long (and finding so cost
                self.joins = False  # a collection): this and the rest go as the pieces they are
        if text is None:
            self.parts = []
            write = self.write
            for part in parts:  # (nothing of them written yet: the text is the same)
                write(part)
        elif len(text) >= self.size:
            self.write(text)
            self.parts = []
        else:
            self.parts = [text]

    def put(self, text: str) -> None:
        """text written as it is, after the pieces waiting (a block of a file: a Streamed
        value's own blocks need no join)."""
        self.flush()
        self.write(text)

    def flush(self) -> None:
        if self.parts:
            self.fold()
            if self.parts:
                text = self.parts[0]
                self.parts = []
                self.write(text)


def _ordered(obj, room: int, od, longs, type=type, str=str, int=int, bool=bool, dict=dict, list=list, tuple=tuple, len=len):
    """A copy of a list, tuple or dict obj whose dicts are od's (OrderedDict) with their
    keys in sorted order, or None when it holds anything but str, int, bool, None and
    such containers (with str keys) or nests more than room deep. Lists are copied only
    when they hold a container: obj is never changed (op arguments are checked by exact
    type). (The builtin types are its own locals, never given: a builtin's name is looked up
    in the module's globals, then the builtins - each value's tests cost twice what they do
    as locals: ~0.3 ms of a Pico for a request and its reply of a Chu and Han game.) A dict's
    long string value that is base64 text (_plain) is put in longs, MARK in its place."""
    if not room:
        return None
    if type(obj) is dict:
        out = od()
        for k in sorted(obj):
            if type(k) is not str:
                return None
            v = obj[k]
            tv = type(v)
            if tv is str:
                if len(v) >= LONG and _plain(v):
                    longs.append(v)
                    v = MARK
            elif tv is not int and v is not None and tv is not bool:
                if tv is not dict and tv is not list and tv is not tuple:
                    return None
                v = _ordered(v, room - 1, od, longs)
                if v is None:
                    return None
            out[k] = v
        return out
    copy = None
    i = 0
    for v in obj:
        tv = type(v)
        if tv is not str and tv is not int and v is not None and tv is not bool:
            if tv is not dict and tv is not list and tv is not tuple:
                return None
            v = _ordered(v, room - 1, od, longs)
            if v is None:
                return None
            if copy is None:
                copy = list(obj)
            copy[i] = v
        i += 1
    return obj if copy is None else copy


def plain(text):
    """text, known to be base64 text (made so: khan/packed.py text_of) - _plain then need not
    decode it to know. (One text is known at a time: a reply has its packed state. None:
    none is, and what was known goes - link.tidy, after a reply.)"""
    _KNOWN[0] = text
    _KNOWN[1] = None
    return text


def decoded(text):
    """The bytes of text when the request's check (matches: _plain) decoded them - a packed
    state's reader (khan/packed.py bytes_of) then need not decode it again; else None."""
    return _KNOWN[1] if text is _KNOWN[0] else None


def _plain(s: str) -> bool:
    """Whether s is base64 text exactly (packed Khan pieces and states: khan/packed.py), whose
    characters need no escape: its JSON is s in quotes. (Its bytes are kept: decoded.)"""
    if s is _KNOWN[0]:
        return True
    try:
        raw = _C[3](s)
        if _C[2](raw, newline=False) != s.encode():
            return False
    except ValueError:
        return False
    _KNOWN[0] = s
    _KNOWN[1] = raw
    return True


def fast_parts(obj, max_depth: int = 64, ascii: bool = False):
    """The canonical text of a list or dict obj written by MicroPython's json.dumps, at C
    speed (several times faster than encode), as pieces whose join is the text; or None
    where that cannot be had: not on MicroPython, obj holds what canonical JSON does not
    (or a Streamed), nests deeper than max_depth, or holds a character MicroPython escapes
    otherwise (backspace, form feed: a backslash-u escape then appears; non-ASCII: more
    bytes than characters). ascii: json.dumps's text as it is, those characters not
    looked for (matches: a text they could not be in).

    A long string value that is base64 text (a packed Khan state, ~600 characters) is a
    piece of its own, in quotes in the pieces around it: json.dumps writes a string a
    character at a time (~4 ms of a Pico for a request's and its reply's), and the text
    with it would be one more block of RAM searched for and copied."""
    global _FAST
    if not _FAST:
        return None
    t = type(obj)
    if t is not dict and t is not list and t is not tuple:
        return None
    longs = []
    try:
        if not _C:  # (found once: an import in the function cost each request ~2 ms on a Pico)
            import ubinascii as binascii  # (MicroPython's own, by their own names: a plain
            import ujson as json  # name is first looked for on the flash: firmware/README.md)
            from ucollections import OrderedDict

            _C.append(json.dumps)
            _C.append(OrderedDict)
            _C.append(binascii.b2a_base64)
            _C.append(binascii.a2b_base64)
        ordered = _ordered(obj, max_depth, _C[1], longs)
        if ordered is None:
            return None
        text = _C[0](ordered, separators=_SEPARATORS)
    except (ImportError, TypeError):  # a firmware without OrderedDict or separators: never again
        _FAST = False
        return None
    ordered = None
    if not ascii and (text.count("\\u") != len(longs) or "\x7f" in text or len(text.encode()) != len(text)):
        return None  # (max(text): 200 times more)
    if not longs:
        return [text]
    parts = text.split(_MARKED)  # (a value of MARK's own is one more part: not this way)
    if len(parts) != len(longs) + 1:
        return None
    out = [parts[0]]
    for k in range(len(longs)):
        out.append(longs[k])
        out.append(parts[k + 1])
    return out


def fast_text(obj, max_depth: int = 64, ascii: bool = False):
    """fast_parts' text, all in RAM at once (or None)."""
    parts = fast_parts(obj, max_depth, ascii)
    if parts is None:
        return None
    return parts[0] if len(parts) == 1 else "".join(parts)


def dump(obj, write, chunk: int = 512, end: str = "") -> None:
    """Write the canonical JSON of obj through write(text), then end (a reply's newline), in
    chunks of about chunk chars (on MicroPython at C speed when fast_parts can: its text is
    then in RAM at once, a reply's few KB, and written at once up to twice chunk - a long
    base64 value a piece of its own; one that does not fit goes the chunked way, as a
    Streamed value does)."""
    try:
        parts = fast_parts(obj)
    except MemoryError:
        parts = None
    if parts is not None:
        last = parts[-1]
        if end and len(last) < chunk:  # (end with the last piece: a write less)
            parts[-1] = last + end
            end = ""
        for text in parts:
            if len(text) <= 2 * chunk:  # (at once: a slice of it is a copy)
                write(text)
                continue
            for i in range(0, len(text), chunk):
                write(text[i:i + chunk])
    else:
        sink = Chunks(write, chunk)
        encode(obj, sink)  # type: ignore[arg-type]
        sink.flush()
    if end:
        write(end)


def _roomy(n: int) -> bool:
    """Whether the heap has room to spare for fast_text's copies of an n-character text
    (an ordered copy of the object, the text, its bytes): a long line on a small heap is
    compared piece by piece instead - slower, but it needs no block of n bytes more."""
    if n < 2048:  # (asking walks the heap: ~3 ms Pico-equivalent a request. A text this short
        return True  # needs ~6 KB more; if even that is not there, fast_text's MemoryError says so)
    free = getattr(gc, "mem_free", None)
    return free is None or free() > 16 * n


def matches(obj, text: str, max_depth: int, ascii: bool = False, raw=None) -> bool:
    """Whether text is exactly the canonical JSON of obj, nested at most max_depth deep:
    then it is strict JSON too (what a request reader needs to know). obj is encoded into a
    sink that compares each piece as it comes (nothing built); the text is compared as
    bytes - indexing a str is O(n) on MicroPython (UTF-8), a byte string's O(1). ascii: text
    is ASCII and holds no backslash-u escape (a request line: ops.loads_strict), so json.dumps's
    text is compared unchecked - equal, it is the canonical text, or that with a raw DEL
    (which JSON and the host's reader take as the escape). raw: text's bytes, if the caller
    holds them (link.read: the line as it came) - the slow way needs no copy of them."""
    fast = None
    if _roomy(len(text)):
        try:
            fast = fast_parts(obj, max_depth, ascii)
        except MemoryError:
            fast = None
    if fast is not None:
        if len(fast) == 1:
            return fast[0] == text
        at = 0
        for part in fast:  # (each where it should be: no text as long as the line built)
            if not text.startswith(part, at):
                return False
            at += len(part)
        return at == len(text)
    sink = _Same(text.encode() if raw is None else raw, max_depth)
    try:
        encode(obj, sink)
        sink.flush()
    except (TypeError, ValueError, RuntimeError):  # not canonical, not the text, too deep
        return False
    return sink.i == len(sink.raw)


class _Same:
    """Compares the pieces of an encoding with the raw text FOLD pieces at a time (one
    join, one encode and one compare each), counting how deep they nest."""

    def __init__(self, raw: bytes, max_depth: int) -> None:
        self.raw = raw
        self.i = 0
        self.room = max_depth
        self.parts = []

    def append(self, piece: str) -> None:
        if piece == "[" or piece == "{":  # (a string's piece has its quotes: never these)
            self.room -= 1
            if self.room < 0:
                raise ValueError("too deep")
        elif piece == "]" or piece == "}":
            self.room += 1
        parts = self.parts
        parts.append(piece)
        if len(parts) >= 32:
            self.flush()

    def flush(self) -> None:
        p = "".join(self.parts).encode()
        self.parts = []
        if not self.raw.startswith(p, self.i):
            raise ValueError("not the text")
        self.i += len(p)
