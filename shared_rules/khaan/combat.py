"""A battle: attack values (strength + d6 + bonus), the winner, and the losses of each side.

A side is (horde, army, guard, bonus). The higher attack value (SA) wins; the loser's army
is destroyed; the winner loses strength points equal to the loser's die: Hordes first,
then Army, then Guard, a unit kept when its strength is more than the points left. A tie:
the attacker goes back where he came from and each side loses by the other side's die
(decision: by the same order).
"""

from shared_rules.khaan.tables import STRENGTH

ATTACKER = "attacker"
DEFENDER = "defender"
TIE = "tie"


def strength(side) -> int:
    return side[0] * STRENGTH[0] + side[1] * STRENGTH[1] + side[2] * STRENGTH[2]


def attack_value(side, roll: int) -> int:
    return strength(side) + roll + side[3]


def losses(side, points: int) -> "list[int]":
    """Units lost for so many strength points, in the order horde, army, guard."""
    lost = [0, 0, 0]
    for k in range(3):
        each = STRENGTH[k]
        n = side[k]
        while n and each <= points:
            n -= 1
            points -= each
            lost[k] += 1
    return lost


def battle(attacker, defender, rolls) -> tuple:
    """(winner, [SA attacker, SA defender], attacker's losses, defender's losses)."""
    sa = attack_value(attacker, rolls[0])
    sd = attack_value(defender, rolls[1])
    if sa > sd:
        return ATTACKER, [sa, sd], losses(attacker, rolls[1]), list(defender[:3])
    if sd > sa:
        return DEFENDER, [sa, sd], list(attacker[:3]), losses(defender, rolls[0])
    return TIE, [sa, sd], losses(attacker, rolls[1]), losses(defender, rolls[0])
