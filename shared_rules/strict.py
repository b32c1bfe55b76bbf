"""Strict JSON: one reader's judgement for the device and the host alike.

MicroPython's json.loads takes text CPython's refuses ({"id": 1 "op": "hello"}, trailing
commas), and CPython's takes what JSON is not (NaN, duplicate keys, lone surrogates). A
request line, or a file the host reads, goes through check() first on both sides, so the
device and the host accept exactly the same lines and refuse the others with the same
reason. RFC 8259, and: no duplicate key in an object, no lone surrogate in a \\u escape,
at most MAX_DEPTH levels of nesting (the device's stack is small), no integer of more than
MAX_DIGITS digits (the host's CPython reads none). The bytes are UTF-8 as RFC 3629 says
(utf8(): MicroPython's decode also takes overlong forms, surrogates and code points past
U+10FFFF, which CPython's refuses).
"""

MAX_DEPTH = 32
MAX_DIGITS = 4300  # digits of an integer at most: CPython's json.loads reads no longer one (its int limit)
_WS = " \t\n\r"
_ESCAPES = '"\\/bfnrt'
_HEX = "0123456789abcdefABCDEF"
_DIGITS = "0123456789"


def check(s: str, max_depth: int = MAX_DEPTH) -> None:
    """ValueError (its text the reason) unless s is exactly one JSON value."""
    i = _value(s, _ws(s, 0), max_depth)
    i = _ws(s, i)
    if i != len(s):
        raise ValueError("more after the JSON value, at character " + str(i))


def _ws(s: str, i: int) -> int:
    n = len(s)
    while i < n and s[i] in _WS:
        i += 1
    return i


def _at(s: str, i: int) -> str:
    if i >= len(s):
        raise ValueError("the JSON ends too soon")
    return s[i]


def _value(s: str, i: int, depth: int) -> int:
    c = _at(s, i)
    if c == "{":
        return _object(s, i, depth)
    if c == "[":
        return _array(s, i, depth)
    if c == '"':
        return _string(s, i)[0]
    if c == "-" or c in _DIGITS:
        return _number(s, i)
    for word in ("true", "false", "null"):
        if s.startswith(word, i):
            return i + len(word)
    raise ValueError("not a JSON value at character " + str(i))


def _nest(depth: int, i: int) -> int:
    if depth <= 0:
        raise ValueError("nested too deeply at character " + str(i))
    return depth - 1


def _object(s: str, i: int, depth: int) -> int:
    depth = _nest(depth, i)
    i = _ws(s, i + 1)
    if _at(s, i) == "}":
        return i + 1
    keys = []
    while True:
        if _at(s, i) != '"':
            raise ValueError("an object key must be a string, at character " + str(i))
        i, key = _string(s, i)
        if key in keys:
            raise ValueError("key " + key[:20] + " appears twice in one object")
        keys.append(key)
        i = _ws(s, i)
        if _at(s, i) != ":":
            raise ValueError("':' expected at character " + str(i))
        i = _ws(s, _value(s, _ws(s, i + 1), depth))
        c = _at(s, i)
        if c == "}":
            return i + 1
        if c != ",":
            raise ValueError("',' or '}' expected at character " + str(i))
        i = _ws(s, i + 1)


def _array(s: str, i: int, depth: int) -> int:
    depth = _nest(depth, i)
    i = _ws(s, i + 1)
    if _at(s, i) == "]":
        return i + 1
    while True:
        i = _ws(s, _value(s, i, depth))
        c = _at(s, i)
        if c == "]":
            return i + 1
        if c != ",":
            raise ValueError("',' or ']' expected at character " + str(i))
        i = _ws(s, i + 1)


def _string(s: str, i: int) -> "tuple[int, str]":
    """The end of the string starting at i (its quote) and its raw text."""
    start = i + 1
    end = s.find('"', start)
    while True:
        if end < 0:
            raise ValueError("a string is not closed, from character " + str(i))
        k = end - 1  # a quote after an odd number of backslashes is escaped
        while k >= start and s[k] == "\\":
            k -= 1
        if (end - 1 - k) % 2 == 0:
            break
        end = s.find('"', end + 1)
    raw = s[start:end]
    b = raw.encode("utf-8", "surrogatepass")  # (its bytes looked at: cjson.bare says why)
    if raw and min(b) < 32:
        raise ValueError("a control character in a string, from character " + str(i))
    if raw and max(b) >= 0xED:  # a surrogate as a character (UTF-8 0xED...): bytes that were not UTF-8 (CESU-8)
        for c in raw:
            if "\ud800" <= c <= "\udfff":
                raise ValueError("not UTF-8: a surrogate in a string, from character " + str(i))
    j = raw.find("\\")
    while j >= 0:
        c = raw[j + 1:j + 2]
        if c == "u":
            code = _hex4(raw, j + 2, start)
            if 0xDC00 <= code <= 0xDFFF:
                raise ValueError("a lone surrogate \\u escape at character " + str(start + j))
            if 0xD800 <= code <= 0xDBFF:
                if raw[j + 6:j + 8] != "\\u" or not 0xDC00 <= _hex4(raw, j + 8, start) <= 0xDFFF:
                    raise ValueError("a lone surrogate \\u escape at character " + str(start + j))
                j += 6
            j = raw.find("\\", j + 6)
        elif c and c in _ESCAPES:
            j = raw.find("\\", j + 2)
        else:
            raise ValueError("a bad escape at character " + str(start + j))
    return end + 1, raw


def _hex4(raw: str, j: int, start: int) -> int:
    digits = raw[j:j + 4]
    if len(digits) != 4 or not all(d in _HEX for d in digits):
        raise ValueError("a \\u escape needs four hex digits, at character " + str(start + j))
    return int(digits, 16)


def _number(s: str, i: int) -> int:
    start = i
    if s[i] == "-":
        i += 1
    if _at(s, i) == "0":
        i += 1
    elif s[i] in _DIGITS:
        i = _digits(s, i)
        if i - start > MAX_DIGITS + (s[start] == "-") and not (i < len(s) and s[i] in ".eE"):
            raise ValueError("an integer of more than " + str(MAX_DIGITS) + " digits at character " + str(start))
    else:
        raise ValueError("a number needs a digit at character " + str(i))
    if i < len(s) and s[i] == ".":
        if i + 1 >= len(s) or s[i + 1] not in _DIGITS:
            raise ValueError("a digit expected after '.' at character " + str(i))
        i = _digits(s, i + 1)
    if i < len(s) and s[i] in "eE":
        i += 1
        if i < len(s) and s[i] in "+-":
            i += 1
        if i >= len(s) or s[i] not in _DIGITS:
            raise ValueError("an exponent needs a digit, from character " + str(start))
        i = _digits(s, i)
    return i


def _digits(s: str, i: int) -> int:
    n = len(s)
    while i < n and s[i] in _DIGITS:
        i += 1
    return i


def utf8(data) -> bool:
    """Whether bytes are UTF-8 as RFC 3629 has it: no overlong form, no surrogate, nothing
    past U+10FFFF, no sequence cut short (what CPython's decode takes, and only that)."""
    n = len(data)
    i = 0
    while i < n:
        c = data[i]
        if c < 0x80:
            i += 1
            continue
        if 0xC2 <= c <= 0xDF:
            more, low, high = 1, 0x80, 0xBF
        elif 0xE0 <= c <= 0xEF:
            more = 2
            low = 0xA0 if c == 0xE0 else 0x80  # (E0 80..9F: overlong)
            high = 0x9F if c == 0xED else 0xBF  # (ED A0..BF: a surrogate)
        elif 0xF0 <= c <= 0xF4:
            more = 3
            low = 0x90 if c == 0xF0 else 0x80  # (F0 80..8F: overlong)
            high = 0x8F if c == 0xF4 else 0xBF  # (F4 90..: past U+10FFFF)
        else:  # 80..C1 (a continuation first, or overlong), F5..FF
            return False
        if i + more >= n:  # cut short
            return False
        if not low <= data[i + 1] <= high:
            return False
        for k in range(i + 2, i + 1 + more):
            if not 0x80 <= data[k] <= 0xBF:
                return False
        i += 1 + more
    return True
