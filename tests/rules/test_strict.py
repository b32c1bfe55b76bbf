"""Strict JSON (shared_rules/strict.py): what the device and the host both accept and refuse."""

from shared_rules import ops, strict
from shared_rules.errors import RulesError


def _refused(text: str, words: str) -> None:
    try:
        strict.check(text)
    except ValueError as e:
        assert words in str(e), (text, str(e))
        return
    raise AssertionError("accepted: " + text)


def test_json_as_the_rfc_writes_it_is_accepted():
    for text in ('{"id":1,"op":"hello"}', ' {"a": [1, -2.5e+3, 0, true, false, null, "x\\u00e9\\n"]} ', "[]", "{}",
                 '"\\ud83d\\ude00"', "-0", "0.5", '{"a":{"b":[[[]]]}}', '"\\"\\\\"', '"a\\\\"'):
        strict.check(text)


def test_what_micropython_or_cpython_would_let_through_is_refused_with_its_reason():
    _refused('{"id":1 "op":"hello"}', "',' or '}' expected")
    _refused('{"a":1,}', "an object key must be a string")
    _refused("[1,2,]", "not a JSON value")
    _refused('{"a":1,"a":2}', "appears twice")
    _refused("NaN", "not a JSON value")
    _refused('{"x": Infinity}', "not a JSON value")
    _refused('"\\ud800"', "lone surrogate")
    _refused('"\\udc00\\ud800"', "lone surrogate")
    _refused('"a\tb"', "control character")
    _refused('"\\x41"', "bad escape")
    _refused('"\\u12"', "four hex digits")
    _refused("01", "more after the JSON value")
    _refused("1.", "digit expected after '.'")
    _refused("1e", "exponent needs a digit")
    _refused('{"a":1} x', "more after the JSON value")
    _refused('"open', "not closed")
    _refused('{"a"', "ends too soon")
    _refused('{"a" 1}', "':' expected")
    _refused("[" * 40 + "]" * 40, "nested too deeply")


def test_request_lines_get_the_reason_in_a_bad_json_error():
    try:
        ops.parse_line('{"id":1 "op":"hello"}')
    except RulesError as e:
        assert e.code == "bad_json" and e.message.startswith("line is not valid JSON: ',' or '}' expected")
    else:
        raise AssertionError("accepted")


def test_canonical_request_lines_are_read_the_fast_way_with_the_same_verdicts():
    """A canonical line (what the host sends) is proven strict by walking the object it
    reads as; a line that only looks canonical, or nests too deep, still gets its reason."""
    from shared_rules import cjson
    from shared_rules.ops import loads_strict
    from shared_rules.errors import RulesError

    req = {"args": {"board": "default", "cells": ["F2", "F3"], "n": -3, "ok": True, "x": None, "q": 'a"b'},
           "id": 7, "op": "khan.conquer"}
    line = cjson.dumps(req)
    assert cjson.matches(req, line, 32) and loads_strict(line) == req
    nested = []
    here = nested
    for _ in range(31):
        here.append([])
        here = here[0]
    assert loads_strict(cjson.dumps(nested)) == nested  # 32 levels: allowed
    for bad in ('{"a":1,"a":2}', '{"a":1 "b":2}', '{"a":1,}', "[" * 33 + "]" * 33, '{"a":NaN}'):
        assert not cjson.matches({"a": 2}, bad, 32)
        try:
            strict.check(bad)
        except ValueError as e:
            reason = "line is not valid JSON: " + str(e)
        else:
            raise AssertionError("strict took " + bad)
        try:
            loads_strict(bad)
        except RulesError as e:
            assert e.code == "bad_json" and e.message == reason, (bad, e.message)  # the same reason
        else:
            raise AssertionError("took " + bad)
    assert not cjson.matches(req, line.replace(":", ": ", 1), 32)  # a space: not canonical (read slowly)
    assert loads_strict(line.replace(":", ": ", 1)) == req


def test_a_long_canonical_line_is_read_without_the_strict_reader():
    """A canonical line over MAX_DIGITS characters is looked at for an integer of more digits
    than the host reads (ops.huge) without importing the strict reader: that import, 3 KB of
    a Pico's heap in pieces, was what a 5 KB request late in a Khan game had no room for. The
    line's bytes, given, are what it is compared with (no copy of them made)."""
    import sys

    from shared_rules import cjson, ops

    req = {"args": {"n": 10 ** 30, "pad": "x" * 6000}, "id": 7, "op": "ui.get"}
    line = cjson.dumps(req)
    saved = sys.modules.pop("shared_rules.strict", None)
    try:
        assert ops.loads_strict(line, True, line.encode()) == req
        assert cjson.matches(req, line, 32, True, line.encode())
        assert "shared_rules.strict" not in sys.modules
    finally:
        if saved is not None:
            sys.modules["shared_rules.strict"] = saved
    assert ops.huge({"a": [1, {"b": 10 ** ops.MAX_DIGITS}]})  # 4,301 digits
    assert not ops.huge({"a": [1, {"b": 10 ** (ops.MAX_DIGITS - 1)}, -(10 ** (ops.MAX_DIGITS - 1))]})
    assert ops.huge([-(10 ** ops.MAX_DIGITS)])
