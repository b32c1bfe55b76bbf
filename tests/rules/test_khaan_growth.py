"""Growth: the d6 herd and d4 population rolls, the skipped d4, and the placement limits."""

from rulestest import raises

from shared_rules import ops
from shared_rules.khaan import growth, state
from shared_rules.rng import PCG32


def _grow(pastures: list, rolls: list, **more) -> dict:
    args = {"pastures": pastures, "rolls": rolls}
    args.update(more)
    return ops.call("khaan.growth", args)


def test_the_d4_is_skipped_only_when_every_pasture_is_fully_populated():
    assert growth.full([[2, 2, 2], [0, 0, 0], [4, 4, 4]])
    assert growth.full([])
    assert not growth.full([[2, 2, 2], [3, 2, 2]])  # herd grows first: room to come
    assert not growth.full([[2, 2, 1]])
    r = _grow([[2, 2, 2], [1, 1, 1]], [5, None])
    assert r["skipped"] is True and r["rolls"] == [5, None] and r["population"] == 0
    assert r["store"] == 5 and r["horde"] == 0 and r["pastures"] == [[2, 2, 2], [1, 1, 1]]
    e = raises("illegal", _grow, [[2, 2, 2]], [5, 3])
    assert "not rolled" in e.message
    raises("bad_args", _grow, [[2, 1, 1]], [5, None])


def test_seeded_growth_rolls_a_d6_and_a_d4():
    seen_herd = set()
    seen_population = set()
    for seed in range(40):
        r = ops.call("khaan.growth", {"pastures": [[4, 1, 1]], "seed": seed})
        seen_herd.add(r["rolls"][0])
        seen_population.add(r["rolls"][1])
    assert seen_herd == {1, 2, 3, 4, 5, 6} and seen_population == {1, 2, 3, 4}
    r = ops.call("khaan.growth", {"pastures": [[1, 1, 1]], "seed": 3})
    assert r["skipped"] and r["rolls"][1] is None


def test_population_fills_room_then_herd_and_population_go_in_pairs():
    # room beside the herd first (pasture 0), then pairs onto spare grass (pasture 1)
    # 3 herd, 3 population: 1 population beside the herd of pasture 0, then 2 pairs (the
    # first fills pasture 0's grass, the second goes to pasture 1), then the last herd
    # beside the population of pasture 1
    r = _grow([[3, 2, 1], [2, 0, 0], [4, 0, 0]], [3, 3])
    assert r["pastures"] == [[3, 3, 3], [2, 2, 1], [4, 0, 0]]
    assert r["store"] == 0 and r["horde"] == 0
    # herd left over goes beside population already standing, the rest to the store
    r = _grow([[3, 1, 1], [2, 0, 0]], [4, 1])
    assert r["pastures"] == [[3, 3, 2], [2, 0, 0]] and r["store"] == 2 and r["horde"] == 0


def test_population_without_room_becomes_horde():
    r = ops.call("khaan.place", {"pastures": [[2, 2, 2], [1, 1, 1]], "herd": 0, "population": 3})
    assert r == {"pastures": [[2, 2, 2], [1, 1, 1]], "store": 0, "horde": 3}
    r = ops.call("khaan.place", {"pastures": [[3, 1, 1]], "herd": 1, "population": 4})
    assert r == {"pastures": [[3, 2, 2]], "store": 0, "horde": 3}  # 1 pair, 3 without room


def test_herd_never_stands_alone_and_waits_in_the_store():
    r = ops.call("khaan.place", {"pastures": [[4, 0, 0], [3, 0, 0]], "herd": 5, "population": 0})
    assert r == {"pastures": [[4, 0, 0], [3, 0, 0]], "store": 5, "horde": 0}


def test_bonuses_change_the_growth_and_never_go_below_zero():
    r = _grow([[4, 0, 0]], [2, 1], herd_bonus=-3, population_bonus=2)
    assert r["herd"] == 0 and r["population"] == 3 and r["horde"] == 3


def test_a_plan_is_checked_against_every_limit():
    p = [[3, 1, 1], [2, 0, 0]]
    r = ops.call("khaan.place", {"pastures": p, "herd": 3, "population": 2, "plan": [[1, 1], [1, 1]]})
    assert r == {"pastures": [[3, 2, 2], [2, 1, 1]], "store": 1, "horde": 0}
    # the player may keep herd in the store; population then finds no room and becomes Horde
    r = ops.call("khaan.place", {"pastures": p, "herd": 3, "population": 2, "plan": [[0, 0], [0, 0]]})
    assert r == {"pastures": p, "store": 3, "horde": 2}
    cases = (
        ([[3, 0], [0, 0]], 3, 0, "over_fertility", "more than the fertility"),
        ([[0, 0], [1, 0]], 1, 0, "herd_alone", "without population"),
        ([[0, 1], [0, 0]], 0, 1, "over_herd", "more than the herd"),
        ([[1, 0], [0, 0]], 1, 1, "room_left", "still has room"),
        ([[2, 0], [0, 0]], 1, 0, "plan_herd", "only 1 grew"),
        ([[0, 0], [1, 2]], 1, 1, "plan_population", "only 1 grew"),
    )
    for plan, herd, population, why, part in cases:
        e = raises("illegal", ops.call, "khaan.place", {"pastures": p, "herd": herd, "population": population,
                                                        "plan": plan})
        assert part in e.message, (why, e.message)
    e = raises("bad_args", ops.call, "khaan.place", {"pastures": p, "herd": 1, "population": 1, "plan": [[1, 0]]})
    assert "plan" in e.message


def _random_pastures(rng: PCG32) -> list:
    out = []
    for _ in range(rng.below(7)):
        f = rng.below(5)
        h = rng.below(f + 1)
        out.append([f, h, 1 + rng.below(h) if h else 0])
    return out


def _three_passes(pastures: list, herd: int, population: int) -> tuple:
    """The default placement step by step, each step over every pasture before the next."""
    after = [list(p) for p in pastures]
    for p in after:  # 1: population into the room beside the herd
        put = min(p[1] - p[2], population)
        p[2] += put
        population -= put
    for p in after:  # 2: herd and population in pairs onto spare grass
        put = min(p[0] - p[1], herd, population)
        p[1] += put
        p[2] += put
        herd -= put
        population -= put
    for p in after:  # 3: the herd left beside population already standing
        if p[2]:
            put = min(p[0] - p[1], herd)
            p[1] += put
            herd -= put
    return after, herd, population


def test_the_default_placement_keeps_every_limit_and_wastes_no_room():
    rng = PCG32(11, 2)
    for _ in range(150):
        pastures = _random_pastures(rng)
        herd = rng.below(8)
        population = rng.below(6)
        after, store, horde = growth.auto_place(pastures, herd, population)
        assert (after, store, horde) == _three_passes(pastures, herd, population)
        growth.check(after)
        assert sum(p[1] for p in after) + store == sum(p[1] for p in pastures) + herd
        assert sum(p[2] for p in after) + horde == sum(p[2] for p in pastures) + population
        if horde:
            assert all(p[2] == p[1] for p in after), "population became Horde while there was room"
        if store:
            assert all(p[2] == 0 or p[1] == p[0] for p in after), "herd stored beside room on the grass"
        assert after == growth.place(pastures, herd, population, None)[0]
        listed, sums = state.pastures({"pastures": pastures})
        assert listed == pastures and sums == growth.room(pastures)


def test_bad_pastures_name_the_field():
    cases = (
        ([[5, 0, 0]], "pastures[0][0]"),
        ([[2, 3, 1]], "pastures[0]"),
        ([[2, 1, 0]], "without population"),
        ([[2, 1, 2]], "more than the herd"),
        ([[2, 1]], "[fertility, herd, population]"),
        ([{"fertility": 2}], "pastures[0]"),
        ([[2, 1, True]], "pastures[0][2]"),
        ([[1, 1, 1]] * 25, "pastures"),
    )
    for pastures, part in cases:
        e = raises("bad_args", ops.call, "khaan.place", {"pastures": pastures, "herd": 0, "population": 0})
        assert part in e.message, (part, e.message)
