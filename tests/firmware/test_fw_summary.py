"""A game's summary on the matrix says each part of its breakdown in a documented word,
the same word as the game's own screens (issue 21: Huns' result said STSH and WAGN, its
summary STAS and WAGO; Chu and Han's HANX, TWOS, XIAO, STRT were explained nowhere)."""

from shared_rules.games import NAMES, module
from shared_rules.rng import PCG32
from ui import summary

SETTINGS = {"khan": (["red", "blue"], 0), "chuhan": (["blue", "red"], 0), "huns": (["red", "green", "purple"], 0),
            "khaan": (["red", "blue", "green"], 0)}


def _finished(game: str, seed: int):
    from shared_rules import games

    colours, option = SETTINGS[game]
    settings = games.settings(game, colours, option)
    g = module(game).new(settings, seed)
    randplay = module(game, "randplay")
    chooser = PCG32(seed, randplay.CHOOSER_STREAM)
    for _ in range(3000):
        if module(game).is_over(g):
            break
        try:
            module(game).apply(g, randplay.action(g, chooser))
        except Exception:
            continue
    assert module(game).is_over(g), game
    return module(game, "summary").summary(g, settings)


def test_every_breakdown_word_of_every_game_is_one_of_the_documented_words():
    words = summary.WORDS.split()[1::2]
    for game in NAMES:
        for seed in (3, 4):
            pages = summary.pages(_finished(game, seed))
            parts = [p for p in pages if p[0] == "part"]
            assert parts, game
            for p in parts:
                assert p[2] in words, (game, p)


def test_huns_summary_says_its_parts_as_its_result_screen_does():
    from ui import huns

    from shared_rules.huns.summary import PARTS

    result = [huns.RESULT[k:k + 4].strip() for k in range(0, len(huns.RESULT), 4)]
    assert result[1:] == [summary.word(p) for p in PARTS] + [summary.word("stash")]
