"""Rise of the Khaan's dice by name, and the turn-order roll with re-rolls of ties.

Rolling itself is shared_rules/dice.py (one way to roll dice for every game).
"""

from shared_rules.dice import TOP30, below30
from shared_rules.khaan.tables import DICE, ORDER_DIE

MAX_ROUNDS = 200  # re-rolls of a tie; 200 ties in a row do not happen with fair dice


def roll(rng, die: str) -> int:
    """One die by name (tables.DICE)."""
    faces = DICE[die]
    return faces[below30(rng, len(faces))]


def _per_draw(sides: int) -> int:
    """How many dice of so many sides one 30-bit draw holds (11 d6)."""
    per = 1
    while sides ** (per + 1) <= TOP30:
        per += 1
    return per


_ORDER_FACES = DICE[ORDER_DIE]
_ORDER_PER = _per_draw(len(_ORDER_FACES))


def order(rng, count: int) -> "tuple[list[int], list[list]]":
    """Who chooses pastures first: everyone rolls, highest first; players who tie re-roll
    among themselves (all tied groups in the same round) until every place is settled.

    Each player's rolls form a list compared like a word, roll by roll, so players who
    tied once are told apart by their re-rolls and nobody else's place changes. The dice
    come from a pool: one draw gives as many dice as fit in 30 bits (11 d6), the same
    mixed-radix digits as roll_faces. Returns (player indexes in order, rounds); a round
    is a roll per player, None for one who did not roll: the first round is everyone's."""
    faces = _ORDER_FACES
    sides = len(faces)
    per = _ORDER_PER
    pool = 0
    left = 0
    rolls = []
    for _ in range(count):
        rolls.append([])
    rounds = []
    rolling = list(range(count))
    while rolling:
        if len(rounds) == MAX_ROUNDS:
            from shared_rules.errors import illegal

            raise illegal("khaan.order_ties", MAX_ROUNDS)
        row = [None] * count
        for p in rolling:
            if not left:
                pool = below30(rng, sides ** per)
                left = per
            v = faces[pool % sides]
            pool //= sides
            left -= 1
            row[p] = v
            rolls[p].append(v)
        rounds.append(row)
        tied = []  # only a player who rolled can still share his rolls with another
        for p in rolling:
            if rolls.count(rolls[p]) > 1:
                tied.append(p)
        rolling = tied
    # the lists are distinct now: sorting them meets no ties, and each finds its player
    places = []
    for r in sorted(rolls, reverse=True):
        places.append(rolls.index(r))
    return places, rounds


def settle(rounds: list, n: int):
    """The order a turn-order roll gives (player indexes, highest first), or None if the
    rounds are not one: everybody rolls, then exactly the players still tied, until none
    is (order())."""
    rolls = [[] for _ in range(n)]
    rolling = list(range(n))
    for row in rounds:
        if not rolling:
            return None
        for p in range(n):
            if (row[p] is not None) != (p in rolling):
                return None
            if row[p] is not None:
                rolls[p].append(row[p])
        rolling = [p for p in rolling if rolls.count(rolls[p]) > 1]
    if rolling:
        return None
    return [rolls.index(r) for r in sorted(rolls, reverse=True)]
