"""The action dice: rolling them, and who takes which die of a round in turn order."""

from shared_rules.huns.tables import COLOURS
from shared_rules.rng import PCG32

DICE = len(COLOURS)  # one action die per colour


def roll(rng: PCG32, faces) -> "list[int]":
    """One value per die, in colour order: each die shows one of its faces (one digit each).

    One unbiased draw below the product of the face counts, read digit by digit in mixed
    radix (the first die lowest), picks every face at once: the same uniform, independent
    dice as five draws, for a fifth of the work (at most 20**5 outcomes, below 2**32)."""
    outcomes = 1
    for sides in faces:
        outcomes *= len(sides)
    r = rng.below(outcomes)
    out = []
    for sides in faces:
        n = len(sides)
        out.append(ord(sides[r % n]) - 48)
        r //= n
    return out


def taker(players: int, first: int, turn: int) -> int:
    """The seat that takes the turn-th die (0-based) of a round: from the first player
    clockwise, round and round until the dice are gone."""
    return (first + turn) % players


def takes(players: int, first: int) -> "list[int]":
    """Dice each seat takes in a round (2 players: 3 + 2; 3: 2 + 2 + 1; 4: 2 + 1 + 1 + 1)."""
    out = [0] * players
    for turn in range(DICE):
        out[taker(players, first, turn)] += 1
    return out


def next_first(players: int, first: int) -> int:
    """The first-player token passes to the left, the next seat clockwise."""
    return (first + 1) % players
