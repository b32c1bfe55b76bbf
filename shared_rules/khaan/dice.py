"""Dice from PCG32 by their printed faces, and the turn-order roll with re-rolls of ties.

A PCG32 step is the costly part of a roll on the Pico, so dice rolled together share one
draw: the numbers of faces are multiplied while the product stays a 30-bit small int, one
uniform number below the product is drawn from 30 bits of one output (draws that would
bias it are rejected), and its mixed-radix digits pick the faces. Each digit is exactly
uniform and independent of the others, so this is as fair as one draw per die.
"""

from shared_rules.khaan.tables import DICE, ORDER_DIE

TOP30 = 0x3FFFFFFF  # the largest 30-bit value: still a small int on the Pico
MAX_ROUNDS = 200  # re-rolls of a tie; 200 ties in a row do not happen with fair dice


def below30(rng, bound: int) -> int:
    """Uniform in 0..bound-1 for 1 <= bound <= TOP30, from 30 bits of one PCG32 output."""
    top = TOP30 - (TOP30 % bound + 1) % bound  # 0..top holds a whole number of bounds
    while True:
        hi, lo = rng.next_halves()
        v = ((hi >> 2) << 16) | lo
        if v <= top:
            return v % bound


def roll_faces(rng, dice: list) -> "list[int]":
    """One result per die (each a tuple of faces), in order, sharing draws."""
    out = []
    k = 0
    count = len(dice)
    while k < count:
        faces = dice[k]
        product = len(faces)
        end = k + 1
        while end < count and product <= TOP30 // len(dice[end]):
            product *= len(dice[end])
            end += 1
        r = below30(rng, product)
        while k < end:
            faces = dice[k]
            sides = len(faces)
            out.append(faces[r % sides])
            r //= sides
            k += 1
    return out


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
