"""The end of a game summed up (shared_rules/<game>/summary.py): the winner, the ranking
with each total, the rules' breakdown - what the box's summary screen pages through and the
archive keeps."""

from shared_rules.games import module
from shared_rules.ranking import rank
from shared_rules.rng import PCG32


def _played(name: str, settings: dict, seed: int):
    game = module(name).new(settings, seed)
    rng = PCG32(seed, 3)
    from shared_rules.errors import RulesError

    for _ in range(5000):
        if module(name).is_over(game):
            return game
        try:
            module(name).apply(game, module(name, "randplay").action(game, rng))
        except RulesError:
            pass
    raise AssertionError("the game did not end")


def _summary(name: str, settings: dict, seed: int) -> dict:
    return module(name, "summary").summary(_played(name, settings, seed), settings)


def test_ranking_winners_first_then_totals_ties_share_a_place():
    r = rank(["red", "blue", "green", "white"], [10, 12, 12, 3], ["red"])
    assert [(x["player"], x["place"]) for x in r] == [("red", 1), ("blue", 2), ("green", 2), ("white", 4)]
    r = rank(["red", "blue"], [5, 5], ["red", "blue"])
    assert [x["place"] for x in r] == [1, 1]
    assert [x["place"] for x in rank(["a", "b", "c"], [1, 2, 3], [])] == [1, 2, 3]


def test_khan_figures_plus_territory_is_each_total():
    for seed in (1, 2, 3):
        s = _summary("khan", {"mode": "virtual", "players": ["red", "yellow", "blue"]}, seed)
        assert s["winners"] and s["ranking"][0]["player"] in s["winners"]
        for row in s["ranking"]:
            parts = s["breakdown"][row["player"]]
            assert parts["figures"] + parts["territory"] == row["total"]


def test_huns_categories_sum_to_the_total_and_the_stash_breaks_ties():
    for seed in (1, 2):
        settings = {"players": ["red", "blue", "green"]}
        s = _summary("huns", settings, seed)
        for row in s["ranking"]:
            parts = s["breakdown"][row["player"]]
            assert sum(parts[k] for k in ("raids", "mercenaries", "treasures", "curses", "wagons")) == row["total"]
        top = [r for r in s["ranking"] if r["total"] == s["ranking"][0]["total"]]
        most = max(s["breakdown"][r["player"]]["stash"] for r in top)
        assert s["winners"] == [r["player"] for r in top if s["breakdown"][r["player"]]["stash"] == most]


def test_chuhan_the_winner_has_31_or_more_and_how():
    s = _summary("chuhan", {"events": "off"}, 4)
    assert s["winner"] in ("han", "chu") and s["ranking"][0]["player"] == s["winner"]
    assert s["breakdown"][s["winner"]]["vp"] >= 31 and s["how"] == "31"
    for side, parts in s["breakdown"].items():  # VP by source add up to the VP
        assert sum(parts[k] for k in parts if k != "vp") == parts["vp"], (side, parts)
    assert s["breakdown"]["chu"]["start"] == 1


def test_chuhan_vp_by_source_survive_a_save_and_an_old_save_says_earlier():
    from shared_rules.chuhan import state

    game = _played("chuhan", {"events": "virtual"}, 9)
    data = state.game_json(game)
    again = state.game(data)
    assert again.earned == game.earned and sum(game.earned[0]) + sum(game.earned[1]) > 0
    del data["earned"]
    old = module("chuhan", "summary").summary(state.game(data))
    assert all(set(p) <= {"vp", "start", "earlier"} for p in old["breakdown"].values())


def test_khaan_the_great_khan_wins_whatever_his_prestige():
    s = _summary("khaan", {"players": ["red", "blue", "green"], "unit": "turn"}, 5)
    assert s["winner"] is not None and s["ranking"][0]["player"] == s["winner"]
    assert s["breakdown"][s["winner"]]["khan"] == 1
    assert sum(s["breakdown"][p]["khan"] for p in s["breakdown"]) == 1
