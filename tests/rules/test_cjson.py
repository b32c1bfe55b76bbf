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
