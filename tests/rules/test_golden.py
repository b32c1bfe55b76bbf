"""The golden traces (tests/golden/*.jsonl, tests/rules/golden.py) replayed: every action
applies, makes the draws it recorded, leaves the state with the recorded hash and is told
the same way; the game ends with the recorded summary. A change of the rules fails here
with the file and line; `python tests/golden/regen.py` writes the files again for review.
Runs under CPython and MicroPython."""

import json

from golden import TRACES, file_name, state_hash, summary

from shared_rules import cjson
from shared_rules.games import NAMES, module

FOLDER = (__file__.rsplit("/", 2)[0] if __file__.count("/") >= 2 else "..") + "/golden/"


def _lines(name: str) -> list:
    with open(FOLDER + name) as f:
        return [json.loads(line) for line in f if line.strip()]


def _replay(path: str) -> int:
    lines = _lines(path)
    head = lines[0]
    name = head["game"]
    game = module(name).new(head["settings"], head["seed"])
    for k in range(1, len(lines) - 1):
        want = lines[k]
        where = path + " line " + str(k + 1)
        who = module(name).actor(game)
        event = module(name).apply(game, want["a"])
        assert cjson.dumps(module(name, "actions").draws(want["a"], event)) == cjson.dumps(want["r"]), where
        assert state_hash(name, game) == want["h"], where + ": the state after this action changed"
        assert module(name, "narration").narrate(game, who, want["a"], event) == want["say"], where
    end = lines[-1]
    assert module(name).is_over(game), path + ": the game no longer ends there"
    assert end["actions"] == len(lines) - 2 and state_hash(name, game) == end["h"], path
    assert cjson.dumps(summary(name, game, head["settings"])) == cjson.dumps(end["end"]), path + ": the summary"
    return len(lines) - 2


def test_every_game_has_golden_traces_and_they_replay_exactly():
    seen = {}
    for name, settings, seed in TRACES:
        n = _replay(file_name(name, settings, seed))
        assert n > 30, "a whole game"
        seen[name] = seen.get(name, 0) + 1
    assert sorted(seen) == sorted(NAMES) and min(seen.values()) >= 2


def test_a_changed_result_is_found_with_its_line():
    lines = _lines(file_name(*TRACES[0]))
    head = lines[0]
    game = module("khan").new(head["settings"], head["seed"])
    module("khan").apply(game, lines[1]["a"])
    assert state_hash("khan", game) == lines[1]["h"]
    module("khan").apply(game, lines[2]["a"])
    assert state_hash("khan", game) != lines[1]["h"], "the hash follows the state"
