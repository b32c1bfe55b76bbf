"""Canonical JSON: sorted keys, no spaces, ASCII, identical on both interpreters."""

from shared_rules import cjson


def test_sorted_keys_and_no_spaces():
    assert cjson.dumps({"b": 1, "a": [True, False, None], "c": {"z": 0, "y": -5}}) == \
        '{"a":[true,false,null],"b":1,"c":{"y":-5,"z":0}}'


def test_escapes_like_json_with_ensure_ascii():
    assert cjson.dumps('a"b\\c\n\t\x01') == '"a\\"b\\\\c\\n\\t\\u0001"'
    assert cjson.dumps("é€") == '"\\u00e9\\u20ac"'
    assert cjson.dumps("\U0001F40E") == '"\\ud83d\\udc0e"'
    assert cjson.dumps("\x7f") == '"\\u007f"'


def test_big_ints_and_tuples():
    assert cjson.dumps((2**64, -(2**40), 0)) == "[18446744073709551616,-1099511627776,0]"


def test_floats_are_refused():
    for bad in (1.5, {"a": 0.0}, [float("inf")]):
        try:
            cjson.dumps(bad)
        except TypeError:
            continue
        raise AssertionError("float accepted")


def test_non_string_keys_are_refused():
    try:
        cjson.dumps({1: 2})
    except TypeError:
        return
    raise AssertionError("int key accepted")


def test_dump_writes_the_same_text_in_chunks():
    value = {"k" + str(i): [i, "x" * (i % 7), None] for i in range(200)}
    chunks = []
    cjson.dump(value, chunks.append, 100)
    assert "".join(chunks) == cjson.dumps(value)
    assert len(chunks) > 10 and all(len(c) < 200 for c in chunks)


def test_fast_text_is_the_canonical_text_or_none():
    """MicroPython's own json.dumps (fast_text) gives exactly dumps()'s text, or None where
    it cannot (escapes it writes otherwise, floats, non-string keys, too deep)."""
    import sys

    same = [{"b": 1, "a": [True, False, None], "c": {"z": 0, "y": -5}}, [], {}, [[], {}, [[{}]]],
            (2**64, -(2**40), 0), ["a\"b\\c\n\t\r", {"k\n": "v\"", "": ""}], [{"x": (1, {"b": 2, "a": 1})}],
            {"pieces": [{"at": "A1", "who": "grey"}, {"at": "N11", "who": "teal"}], "n": 3}]
    refused = [["\b"], ["\f"], ["\x01"], ["é"], ["\x7f"], [1.5], {"a": 0.0}, {1: 2}, [cjson.Streamed(lambda o: None)],
               [[[[[[1]]]]]]]
    micropython = sys.implementation.name == "micropython"
    for obj in same:
        text = cjson.fast_text(obj)
        assert text == (cjson.dumps(obj) if micropython else None), obj
        out = []
        cjson.dump(obj, out.append)
        assert "".join(out) == cjson.dumps(obj)
    for obj in refused:
        assert cjson.fast_text(obj, 5) is None, obj
    before = [{"b": [1], "a": {"d": 1, "c": 2}}]
    cjson.fast_text(before)
    assert type(before[0]) is dict and type(before[0]["a"]) is dict  # the object is never changed


def test_matches_takes_only_the_canonical_text():
    obj = {"args": {"cells": ["A1", "B2"], "n": 1}, "id": 7, "op": "x"}
    text = cjson.dumps(obj)
    assert cjson.matches(obj, text, 32)
    assert not cjson.matches(obj, text.replace(",", ", ", 1), 32)
    assert not cjson.matches(obj, text[:-1], 32)
    assert not cjson.matches({"a": 1.5}, '{"a":1.5}', 32)
    assert not cjson.matches(obj, text, 2)  # nested three deep
    assert cjson.matches(obj, text, 3)


def _b64(n: int) -> str:
    import binascii

    return binascii.b2a_base64(bytes(range(n % 256)) * (1 + n // 256), newline=False).decode()


def test_a_long_base64_value_is_a_piece_of_its_own_and_the_text_is_the_same():
    """fast_parts: a packed state's base64 text (and each such long value) is not written
    by json.dumps a character at a time but set between the pieces around it - the pieces
    joined are dumps()'s text exactly, a value that is not base64 written as before."""
    import sys

    big, other = _b64(300), _b64(97)
    cases = [
        {"result": {"state": {"packed": big, "players": ["red", "yellow"]}, "events": []}, "id": 1},
        {"a": big, "b": [other, {"c": big}], "d": "x"},  # in a list: written by json.dumps
        {"text": "A" * 70 + " B"},  # long, not base64 (a space)
        {"text": big + "\x01"},  # its escape: refused as before
        {"text": big[:-4] + "\"AB="},  # a quote
        {"a": "\x01", "b": big},  # MARK's own value beside a long one
        # long values, each a different one, inside and beside containers: each where its text
        # is (the pieces are joined in the order the values were met)
        {"a": {"x": _b64(150), "z": [{"q": _b64(200)}]}, "b": _b64(180), "c": {"y": _b64(220)}, "d": _b64(160)},
    ]
    micropython = sys.implementation.name == "micropython"
    for obj in cases:
        parts = cjson.fast_parts(obj)
        text = cjson.dumps(obj)
        if not micropython or "\\u" in text:
            assert parts is None, obj
        else:
            assert "".join(parts) == text, obj
        out = []
        cjson.dump(obj, out.append)
        assert "".join(out) == text
    if micropython:
        parts = cjson.fast_parts(cases[0])
        assert parts is not None and parts[1] is big and len(parts) == 3
        known = cjson.plain(_b64(120))  # made base64 (khan/packed.py text_of): not decoded again
        assert cjson.fast_parts({"p": known}) == ['{"p":"', known, '"}']


def test_matches_takes_a_long_value_only_where_it_is_canonical():
    big = _b64(300)
    obj = {"args": {"state": {"packed": big, "n": 1}}, "id": 7, "op": "x"}
    text = cjson.dumps(obj)
    assert cjson.matches(obj, text, 32, True) and cjson.matches(obj, text, 32)
    assert not cjson.matches(obj, text.replace(big, big[:-2] + "AA"), 32, True)
    assert not cjson.matches(obj, text.replace(big, big + "x"), 32, True)
    assert not cjson.matches(obj, text.replace('"n":1', '"n": 1'), 32, True)
    assert not cjson.matches(obj, text + " ", 32, True)
    raw = {"args": {"state": {"packed": big[:100] + "\x01" + big[100:], "n": 1}}, "id": 7, "op": "x"}
    line = text.replace(big, big[:100] + "\x01" + big[100:])  # a raw control character: not canonical
    assert not cjson.matches(raw, line, 32, True)
    marked = {"a": "\x01", "b": big}
    assert cjson.matches(marked, cjson.dumps(marked), 32)


def test_dump_writes_its_end_after_the_text():
    big = _b64(300)
    for obj in ({"a": 1}, {"s": big, "t": [1, 2]}, {"k" + str(i): i for i in range(300)}):
        out = []
        cjson.dump(obj, out.append, 100, "\n")
        assert "".join(out) == cjson.dumps(obj) + "\n"


def test_a_base64_value_checked_in_a_request_is_decoded_once():
    """The request line's check (matches) decodes a packed state's text to know it is
    base64; the state's reader takes those bytes (decoded) - for that text only."""
    import binascii
    import sys

    big = _b64(200)
    obj = {"args": {"state": {"packed": big}}, "op": "x"}
    assert cjson.matches(obj, cjson.dumps(obj), 32, True)
    if sys.implementation.name == "micropython":
        assert cjson.decoded(big) == binascii.a2b_base64(big)
    assert cjson.decoded(_b64(201)) is None
    cjson.plain(None)
    assert cjson.decoded(big) is None
