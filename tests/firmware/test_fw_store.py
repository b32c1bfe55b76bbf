"""Saves are atomic: temp file, close, rename; bad files are reported, not trusted."""

import os

import store
from fwtest import tmpdir


def test_save_then_load_round_trips_and_leaves_no_temp_file():
    d = tmpdir("store1")
    store.save({"b": [1, 2], "a": None}, d + "g.json")
    assert store.load(d + "g.json") == ({"a": None, "b": [1, 2]}, "")
    assert sorted(os.listdir(d)) == ["g.json"]


def test_a_missing_or_broken_file_loads_as_nothing_with_a_reason():
    d = tmpdir("store2")
    assert store.load(d + "none.json") == (None, "")
    with open(d + "bad.json", "w") as f:
        f.write('{"half":')
    data, why = store.load(d + "bad.json")
    assert data is None and "bad.json" in why


def test_a_save_replaces_the_old_file_in_one_step():
    d = tmpdir("store3")
    store.save({"n": 1}, d + "g.json")
    with open(d + "g.tmp", "w") as f:  # a half-written temp file from a power cut...
        f.write("{")
    store.save({"n": 2}, d + "g.json")  # ...is simply overwritten by the next save
    assert store.load(d + "g.json")[0] == {"n": 2}


def test_a_file_too_deep_or_too_long_is_one_that_cannot_be_read_never_a_lack_of_ram():
    """Issue 20: a MemoryError is the heap's and goes up as it is, so a damaged file must
    never be one: its nesting and length are bounded before it is parsed (a file nested
    50,000 deep - a bit flip cannot make one, a bad tool can - would run any heap out)."""
    d = tmpdir("store4")
    for name, text in (("deep.json", "[" * 50000 + "]" * 50000), ("long.json", '{"a": "' + "x" * 5000 + '"}'),
                       ("quoted.json", '{"a": "[[[[[[[[[[[[[[[[[[[["}'), ("nine.json", "[" * 9 + "]" * 9)):
        with open(d + name, "w") as f:
            f.write(text)
    for name in ("deep.json", "long.json", "nine.json"):
        data, why = store.load(d + name)
        assert data is None and name in why and "cannot be read" in why, (name, why)
    assert store.load(d + "quoted.json") == ({"a": "[[[[[[[[[[[[[[[[[[[["}, "")  # brackets in a string
    assert store.load(d + "long.json", 8000)[0] == {"a": "x" * 5000}
