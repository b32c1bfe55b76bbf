"""One corpus of request lines for the strict reader, shared: the link's fuzz test sends it
to the virtual Pico (tests/test_fuzz_link.py), and the differential test judges every line
with the host's reader and the device's (tests/test_strict_json.py, tests/mp/strict_reader.py):
hostile requests, mutated JSON texts, UTF-8 at its edges, and integers about CPython's
4,300-digit limit. Seeded: the same lines on every run."""

import json
import random

# bytes that are UTF-8 as RFC 3629 has it, and bytes that are not (overlong forms, surrogates,
# past U+10FFFF, cut short, continuations alone): MicroPython's decode takes some of the latter
UTF8 = (b"\xc3\xa9", b"\xe2\x82\xac", b"\xef\xbf\xbf", b"\xf0\x9f\x98\x80", b"\xf4\x8f\xbf\xbf", b"\xed\x9f\xbf",
        b"\xee\x80\x80", b"\xe0\xa0\x80", b"\xf0\x90\x80\x80", b"\xc2\x80")
NOT_UTF8 = (b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\x80", b"\xe0\x9f\xbf", b"\xed\xa0\x80", b"\xed\xbf\xbf",
            b"\xf0\x80\x80\x80", b"\xf0\x8f\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xf8\x88\x80\x80\x80",
            b"\xff", b"\xfe", b"\x80", b"\xbf", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xc3\x28", b"\xe2\x28\xa1",
            b"\xed\xa0\x80\xed\xb0\x80")
PIECES = ['{', '}', '[', ']', ',', ':', '"a"', '"b"', '1', '-', '.', 'e', '0', 'true', 'null', ' ', '\\', '"\\u',
          'd800', 'NaN', 'Infinity', '"x\\"', '\t', '+']


def hostile(rnd: random.Random) -> bytes:
    """One hostile request line (without its newline)."""
    ok = {"id": rnd.randrange(1000), "op": rnd.choice(["hello", "ui.get", "khan.flee", "chuhan.answer", "rng.draw",
                                                     "state.get", "huns.score", "nope.op"]),
          "args": {"seed": rnd.randrange(10), "answer": [2, 2]}}
    text = json.dumps(ok)
    kind = rnd.randrange(16)
    if kind == 0:
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 80))).replace(b"\n", b" ").replace(b"\x03", b"")
    if kind == 1:
        return text[:rnd.randrange(1, len(text))].encode()  # cut short
    if kind == 2:
        return text.replace(",", " ", 1).encode()  # a comma missing: MicroPython's json takes it
    if kind == 3:
        return text.replace("}", ",}", 1).encode()  # a trailing comma
    if kind == 4:
        return ('{"id":1,"op":"hello","args":{"a":"\\ud800"}}').encode()  # a lone surrogate escape
    if kind == 5:  # UTF-8 and not: inside a string, and outside one
        raw = rnd.choice(UTF8 + NOT_UTF8)
        return (b'{"id":1,"op":"hello","args":{"a":"' + raw + b'"}}') if rnd.randrange(2) else (b'{"id":1' + raw + b"}")
    if kind == 6:
        depth = rnd.choice((20, 40, 500, 5000))
        return b'{"id":1,"op":"hello","args":{"x":' + b"[" * depth + b"]" * depth + b"}}"
    if kind == 7:
        return ('{"id":1,"op":"hello","args":{"pad":"' + "x" * rnd.randrange(9000, 20000) + '"}}').encode()
    if kind == 8:
        return b'{"id":1,"op":"hello","id":2}'  # a key twice
    if kind == 9:
        return ('{"id":%d,"op":"khan.flee","args":{"board":"default","pieces":{"rulers":{"grey":"F2"}},'
                '"ruler":"grey","direction":"%s","source":"court"}}' % (rnd.randrange(99), rnd.choice("NSEWX"))).encode()
    if kind == 10:
        return ('{"id":1,"op":"ui.press","args":{"button":"%s"}}' % rnd.choice(["UP", "up", 5, "OK\u0000"])).encode()
    if kind == 11:
        return json.dumps({"id": 1, "op": "state.put", "args": {"game": "khan", "state": {"game": "khan"}}}).encode()
    if kind == 12:
        return b"NaN"
    if kind == 13:  # an integer about CPython's limit of 4,300 digits (a fraction or exponent: a float, no limit)
        digits = rnd.choice((4299, 4300, 4301, 5000))
        number = rnd.choice(("", "-")) + "9" * digits + rnd.choice(("", "", ".5", "e3"))
        return ('{"id":1,"op":"rng.draw","args":{"seed":' + number + '}}').encode()
    if kind == 14:
        return mutated(rnd).encode()
    return text.encode()


def mutated(rnd: random.Random) -> str:
    """A text of JSON's own pieces put together at random: mostly not JSON, some of it JSON
    only a lenient reader takes."""
    return "".join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 12)))


def lines(count: int = 2000, seed: str = "strict corpus") -> list:
    """The corpus: every UTF-8 edge case inside and outside a string, integers at the
    limit, then seeded hostile lines and mutated texts (bytes, without newlines)."""
    out = []
    for raw in UTF8 + NOT_UTF8:
        out.append(b'{"id":1,"op":"x.y","args":{"a":"' + raw + b'"}}')
        out.append(b'{"id":1,"op":"x.y","args":{"' + raw + b'":1}}')
        out.append(b'{"id":1' + raw + b"}")
        out.append(b'"' + raw * 3 + b'"')
    for digits in (1, 4299, 4300, 4301, 9000):
        for number in ("9" * digits, "-" + "9" * digits, "9" * digits + ".0", "9" * digits + "e0", "-0"):
            out.append(('{"id":1,"op":"x.y","args":{"n":' + number + "}}").encode())
    rnd = random.Random(seed)
    while len(out) < count:
        out.append(hostile(rnd) if rnd.randrange(2) else mutated(rnd).encode())
    return out
