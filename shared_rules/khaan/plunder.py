"""Plunder after a won battle: a pasture (d4 herd, d4 population, each at most its
fertility), the population that flees another player's pasture, a settled people's gold
or silk, and the prestige it earns and costs."""

from shared_rules.khaan.tables import ACTIONS, SILK_DIVISOR

TRIBE = "tribe"  # an independent tribe's pasture
PLAYER = "player"  # another player's pasture
SETTLED = "settled"  # a settled people
TARGETS = (PLAYER, SETTLED, TRIBE)


def _points(action: str) -> int:
    for key, points in ACTIONS:
        if key == action:
            return points
    raise KeyError(action)


def pasture(fertility: int, herd_roll: int, population_roll: int, population: int) -> dict:
    """A pasture won: herd and population to the attacker's central store, each capped
    at the fertility; half the population standing there flees to its owner's lands,
    the owner keeping the larger half (rounded up for him)."""
    return {
        "herd": herd_roll if herd_roll < fertility else fertility,
        "population": population_roll if population_roll < fertility else fertility,
        "fleeing": (population + 1) // 2,
        "prestige": {"attacker": _points("plunder_pasture"), "defender": _points("plundered")},
    }


def settled(roll: int) -> dict:
    """A settled people beaten: the die in gold, or half as much silk (rounded down)."""
    return {"gold": roll, "silk": roll // SILK_DIVISOR,
            "prestige": {"attacker": _points("plunder_settled"), "defender": 0}}
