"""The strict reader against CPython's json on a seeded fuzz corpus: it accepts only what
json.loads accepts (with the same value), and refuses beyond it only NaN and Infinity,
duplicate keys, lone surrogates and deep nesting."""

import json
import random

from hypothesis import given, seed, settings
from hypothesis import strategies as st

from shared_rules import strict

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 12, 10 ** 12), st.text(max_size=8),
                    st.floats(allow_nan=False, allow_infinity=False))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=5), inner, max_size=4)),
                      max_leaves=20)


@seed(8)
@settings(max_examples=400, deadline=None)
@given(VALUES, st.booleans())
def test_every_json_text_python_writes_is_accepted(value, ascii_only):
    strict.check(json.dumps(value, ensure_ascii=ascii_only))


def _extra_strict(text: str) -> bool:
    """What strict refuses on purpose although CPython reads it."""
    try:
        value = json.loads(text, object_pairs_hook=_no_twice, parse_constant=_no_constant)
    except ValueError:
        return True
    return _lone_surrogate(value)


def _no_twice(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("twice")
    return dict(pairs)


def _no_constant(name):
    raise ValueError(name)


def _lone_surrogate(value) -> bool:
    if isinstance(value, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, list):
        return any(_lone_surrogate(v) for v in value)
    if isinstance(value, dict):
        return any(_lone_surrogate(k) or _lone_surrogate(v) for k, v in value.items())
    return False


def test_mutated_texts_are_judged_as_json_loads_judges_them():
    rnd = random.Random(2026)
    pieces = ['{', '}', '[', ']', ',', ':', '"a"', '"b"', '1', '-', '.', 'e', '0', 'true', 'null', ' ', '\\',
              '"\\u', 'd800', 'NaN', 'Infinity', '"x\\"', '\t', '+']
    counts = {"both accept": 0, "both refuse": 0, "only json.loads": 0}
    for _ in range(20000):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 12)))
        try:
            strict.check(text)
            mine = True
        except ValueError:
            mine = False
        try:
            json.loads(text)
            theirs = True
        except ValueError:
            theirs = False
        if mine:
            assert theirs, text  # never more lenient than CPython
            counts["both accept"] += 1
        elif theirs:
            assert _extra_strict(text) or text.count("[") + text.count("{") > strict.MAX_DEPTH, text
            counts["only json.loads"] += 1
        else:
            counts["both refuse"] += 1
    assert min(counts.values()) > 20, counts


def test_the_op_tables_depth_is_the_strict_readers():
    from shared_rules import ops

    assert ops.MAX_DEPTH == strict.MAX_DEPTH  # (the fast path of a request's reading has its own copy)
    assert ops.MAX_DIGITS == strict.MAX_DIGITS == 4300  # CPython's int_max_str_digits (json.loads holds to it)


def _host_verdict(line: bytes) -> str:
    """What the host makes of a request line: its bytes decoded as CPython decodes UTF-8,
    then the strict reader (shared_rules/ops.py) on CPython."""
    from shared_rules import ops
    from shared_rules.errors import RulesError

    if len(line) > ops.MAX_LINE:
        return "too_long"
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return "bad_json"
    if not text.strip():
        return "blank"  # (skipped: no reply)
    try:
        ops.loads_strict(text.strip())
    except RulesError:
        return "bad_json"
    return "json"


def test_the_device_reads_exactly_what_the_host_reads(tmp_path):
    """Issue 23 finding 8: MicroPython's decode takes overlong and out-of-range UTF-8 and its
    json.loads integers of any length, which the host refuses (bad_json). One corpus
    (tests/strict_corpus.py: UTF-8 at its edges, integers about CPython's 4,300-digit
    limit, hostile and mutated lines), judged by the host's reader here and by the device's
    (firmware/link.py, under the real micropython at 190wK): the same verdict on every line."""
    import os
    import subprocess

    from conftest import ROOT, tool
    from strict_corpus import lines

    corpus = lines(3000)
    path = tmp_path / "corpus.hex"
    path.write_text("".join(line.hex() + "\n" for line in corpus))
    run = subprocess.run([tool("micropython"), "-X", "heapsize=190wK", os.path.join(ROOT, "tests", "mp", "strict_reader.py"),
                          ROOT, str(path)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    device = run.stdout.split()
    assert len(device) == len(corpus)
    host = [_host_verdict(line) for line in corpus]
    differ = [(line[:80], h, d) for line, h, d in zip(corpus, host, device) if h != d]
    counts = {v: host.count(v) for v in set(host)}
    print("strict corpus: %d lines %s; the device differs on %d" % (len(corpus), counts, len(differ)))
    assert not differ, differ[:5]
    assert counts["json"] > 100 and counts["bad_json"] > 1000  # both kinds, many of each
    for raw in (b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"):  # the finding's own
        assert _host_verdict(b'{"id":1,"op":"x.y","args":{"a":"' + raw + b'"}}') == "bad_json"
    assert _host_verdict(('{"id":1,"op":"x.y","args":{"n":' + "9" * 4301 + "}}").encode()) == "bad_json"
    assert _host_verdict(('{"id":1,"op":"x.y","args":{"n":' + "9" * 4300 + "}}").encode()) == "json"
