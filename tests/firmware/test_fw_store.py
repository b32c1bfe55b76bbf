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
