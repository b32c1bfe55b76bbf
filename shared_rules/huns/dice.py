"""The action dice: rolling them, and who takes which die of a round in turn order."""

from shared_rules.dice import roll_faces
from shared_rules.huns.tables import COLOURS
from shared_rules.rng import PCG32

DICE = len(COLOURS)  # one action die per colour


def roll(rng: PCG32, faces) -> "list[int]":
    """One value per die, in colour order: each die shows one of its faces (one digit
    each), rolled as every game's dice are (shared_rules/dice.py)."""
    return [ord(f) - 48 for f in roll_faces(rng, faces)]


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
