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
