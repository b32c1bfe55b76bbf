"""Plunder: d4 herd and population capped at the fertility, the population that flees, a
settled people's gold or silk, and the prestige it moves."""

from rulestest import raises

from shared_rules import ops


def test_an_independent_tribes_pasture_gives_at_most_its_fertility():
    r = ops.call("khaan.plunder", {"target": "tribe", "fertility": 2, "rolls": [4, 1]})
    assert r == {"target": "tribe", "rolls": [4, 1], "herd": 2, "population": 1, "fleeing": 0,
                 "prestige": {"attacker": 1, "defender": -1}}
    r = ops.call("khaan.plunder", {"target": "tribe", "fertility": 0, "rolls": [3, 3]})
    assert r["herd"] == 0 and r["population"] == 0


def test_half_the_population_of_a_players_pasture_flees_the_owner_keeping_more():
    for population, fleeing in ((0, 0), (1, 1), (2, 1), (3, 2), (4, 2)):
        r = ops.call("khaan.plunder", {"target": "player", "fertility": 4, "population": population,
                                       "rolls": [2, 2]})
        assert r["fleeing"] == fleeing and r["herd"] == 2 and r["population"] == 2


def test_a_settled_people_gives_d4_gold_or_half_as_much_silk():
    for roll, silk in ((1, 0), (2, 1), (3, 1), (4, 2)):
        r = ops.call("khaan.plunder", {"target": "settled", "rolls": [roll]})
        assert r["gold"] == roll and r["silk"] == silk
        assert r["prestige"] == {"attacker": 2, "defender": 0}


def test_seeded_plunder_rolls_d4s():
    seen = set()
    for seed in range(30):
        r = ops.call("khaan.plunder", {"target": "tribe", "fertility": 4, "seed": seed})
        assert r["herd"] == r["rolls"][0] and r["population"] == r["rolls"][1]
        seen.update(r["rolls"])
    assert seen == {1, 2, 3, 4}
    a = ops.call("khaan.plunder", {"target": "settled", "seed": 9, "stream": 2})
    assert a == ops.call("khaan.plunder", {"target": "settled", "seed": 9, "stream": 2}) and len(a["rolls"]) == 1


def test_bad_plunder():
    raises("bad_args", ops.call, "khaan.plunder", {"target": "city", "rolls": [1]})
    raises("bad_args", ops.call, "khaan.plunder", {"target": "tribe", "rolls": [1, 1]})  # no fertility
    raises("bad_args", ops.call, "khaan.plunder", {"target": "tribe", "fertility": 2, "rolls": [1, 5]})
    raises("bad_args", ops.call, "khaan.plunder", {"target": "settled", "rolls": [1, 2]})
    raises("bad_args", ops.call, "khaan.plunder", {"target": "tribe", "fertility": 2, "population": 1,
                                                   "rolls": [1, 1]})
    raises("bad_args", ops.call, "khaan.plunder", {"target": "settled"})  # no rolls, no seed


def test_a_pasture_holds_no_more_people_than_its_fertility():
    """The population stands on the pasture (at most its fertility): an impossible pasture
    is bad_args, as the game's plunder already said."""
    e = raises("bad_args", ops.call, "khaan.plunder", {"target": "player", "fertility": 2, "population": 4,
                                                       "rolls": [1, 1]})
    assert "fertility 2" in e.message
    assert ops.call("khaan.plunder", {"target": "player", "fertility": 4, "population": 4, "rolls": [1, 1]})


def test_a_plunder_moves_prestige_on_the_signed_ledger_as_the_pres_actions_do():
    # the digest: «+2 plunder a settled people, +1 plunder an enemy pasture ... -1 plundered
    # by an enemy»; a loss is the tribe's «na bieżąco» (docs/rules-decisions-khaan.md):
    # "plundered" on an empty ledger is -1 (the plunder used to stop it at 0)
    from shared_rules.khaan.game import new
    from shared_rules.khaan.tables import ACTIONS, MAX_PRESTIGE

    points = dict(ACTIONS)
    g = new({"players": ["red", "blue", "green"]}, 5)
    g.plunder(0, 3, 2, 1, 0)  # blue plunders red's pasture
    assert g.prestige == [points["plundered"], points["plunder_pasture"], 0] == [-1, 1, 0]
    g.plunder(1, 0, 0, 2)  # green beats a settled people
    assert g.prestige[2] == points["plunder_settled"] == 2
    same = new({"players": ["red", "blue", "green"]}, 5)
    same.record(0, [a[0] for a in ACTIONS].index("plundered"))
    assert same.prestige[0] == g.prestige[0], "LOOT and PRES agree"
    g.prestige[0] = -MAX_PRESTIGE
    g.plunder(0, 3, 0, 1, 0)
    assert g.prestige[0] == -MAX_PRESTIGE, "within the ledger's bounds"
