"""The 72 ruler cards: the draw pile and the discards (khan/game.py's deck, and the khan.flip
op's). A module of its own: khan.flip's first request loads it, the rng and the tables -
not the game (~7 KB of bytecode, with the flight and the invasions it imports).
"""

from shared_rules.errors import illegal
from shared_rules.khan.tables import CARD_COUNT, card_ruler
from shared_rules.rng import PCG32


class Deck:
    """The 72 ruler cards by id: draw pile (its top last) and the face-up discard pile."""

    def __init__(self, draw: "list[int]", discard: "list[int]") -> None:
        self.draw = draw
        self.discard = discard

    def take(self, rng: PCG32) -> int:
        """The top card of the pile; an empty pile is refilled from the shuffled discards."""
        if not self.draw:
            if not self.discard:
                raise illegal("khan.deck_empty")
            self.draw = self.discard
            self.discard = []
            rng.shuffle(self.draw)
        return self.draw.pop()

    def flip(self, rng: PCG32, home) -> "tuple[int, list[int]]":
        """Step 1: flip onto the discard until a ruler in play comes up: (card, skipped)."""
        skipped = []
        for _ in range(2 * CARD_COUNT):
            card = self.take(rng)
            self.discard.append(card)
            if not home[card_ruler(card)]:
                return card, skipped
            skipped.append(card)
        raise illegal("khan.no_flip_card")

    def peek(self, home) -> int:
        """The card flip() will turn up, changing nothing: -1 when the pile runs out first
        (its reshuffle is the rng's, known only by doing it)."""
        pile = self.draw
        for k in range(len(pile) - 1, -1, -1):
            if not home[card_ruler(pile[k])]:
                return pile[k]
        return -1
