"""The error catalogues (shared_rules/messages.py and each game's): one text, a line a
message - every line a key and a sentence, each key once, every sentence filled from its
values, and every key the rules raise found there. Runs under pytest and micropython."""

from shared_rules import errors
from shared_rules import messages as shared

GAMES = ("khan", "chuhan", "huns", "khaan")


def _catalogues():
    out = [shared]
    for game in GAMES:
        out.append(__import__("shared_rules." + game + ".messages", None, None, ("TEXT",)))
    return out


def _keys(catalogue) -> list:
    keys = []
    for line in catalogue.TEXT.decode().split("\n"):
        if line and not line.startswith("#"):
            keys.append(line[:line.find(" ")])
    return keys


def test_every_line_is_a_key_and_a_sentence_and_each_key_is_there_once():
    count = 0
    for catalogue in _catalogues():
        assert catalogue.TEXT.startswith(b"\n") and catalogue.TEXT.endswith(b"\n")
        keys = _keys(catalogue)
        assert len(keys) == len(set(keys)), "a key twice"
        assert keys == sorted(keys), "the lines in the order of their keys (messages.sentence halves the text)"
        for key in keys:
            assert " " not in key and key and key.find(".") == key.rfind("."), key
            sentence = shared.sentence(catalogue, key)
            assert sentence and "\n" not in sentence, key
            filled = errors.describe(key, *["<" + str(k) + ">" for k in range(6)])
            assert filled and "{" not in filled and "}" not in filled, key
            count += 1
    assert count > 150


def test_a_sentence_is_filled_and_an_unknown_key_is_said_as_it_is():
    assert errors.describe("khan.cell_has_ruler", "C4") == "C4 holds a ruler"
    assert errors.describe("khan.unknown_ruler", "ruler", "x").endswith("rulers are grey lightblue white orange "
                                                                       "purple pink brown teal")
    assert errors.describe("player_id", "players", 16) == "players: a player id must be a string of 1 to 16 characters"
    assert errors.describe("chuhan.no_edict") == "all 6 edicts of this round are taken"
    assert errors.describe("khan.no_such_message", 3) == "khan.no_such_message 3"
    assert errors.describe("a sentence as it is") == "a sentence as it is"
    assert shared.sentence(shared, "over") is not None and shared.sentence(shared, "ove") is None
    for catalogue in _catalogues():  # the first, the last, and keys between and past them
        keys = _keys(catalogue)
        for key in (keys[0], keys[-1], keys[len(keys) // 2]):
            assert shared.sentence(catalogue, key) is not None
        for key in ("", "a", keys[0][:-1], keys[-1] + "z", keys[len(keys) // 2] + "_"):
            assert shared.sentence(catalogue, key) is None or key in keys, key


def _raised(path: str) -> list:
    """The games' message keys a source file raises or gives as a reason: bad_args("khan.key",
    illegal(...), a verdict ("khan.key", values)."""
    out = []
    text = open(path).read()
    for call in ('bad_args("', 'illegal("', '("'):
        at = text.find(call)
        while at >= 0:
            start = at + len(call)
            end = text.find('"', start)
            key = text[start:end]
            dot = key.find(".")
            if dot > 0 and key[:dot] in GAMES and key[dot + 1:].replace("_", "").isalpha():
                out.append(key)
            at = text.find(call, end)
    return out


def test_every_key_the_rules_raise_has_its_sentence():
    import os

    root = errors.__file__.rsplit("/", 1)[0]  # shared_rules
    found = 0
    for folder in [root] + [root + "/" + g for g in GAMES]:
        for name in os.listdir(folder):
            if not name.endswith(".py") or name == "messages.py":
                continue
            for key in _raised(folder + "/" + name):
                catalogue = __import__("shared_rules." + key[:key.find(".")] + ".messages", None, None, ("TEXT",))
                assert shared.sentence(catalogue, key) is not None, folder + "/" + name + ": " + key
                found += 1
    assert found > 100
