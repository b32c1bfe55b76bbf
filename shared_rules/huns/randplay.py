"""A seeded random table: plays legal Huns games to the end, for tests and op cases.

Every choice comes from its own PCG32 stream over lists in a fixed order, so a seed plays
the same game on CPython and on MicroPython, move for move. Moves are the JSON actions
huns.play takes, applied through huns/actions.py.
"""

from shared_rules.huns.actions import apply
from shared_rules.huns.game import END, OVER, ROLL, SCORING, SETUP, HunsGame, new_game
from shared_rules.huns.tables import CARDS_PER_COLOUR, COLOURS, LOOT_PER_COLOUR, WAGON_TYPES
from shared_rules.rng import PCG32

MAX_MOVES = 2000  # a game that runs longer than this is a bug
CHOOSER_STREAM = 1
GAME_STREAM = 2


def _pick(rng: PCG32, items: list):
    return items[rng.below(len(items))]


def choose(game: HunsGame, rng: PCG32):
    """One random legal action for whoever is to act, as JSON; None once scored."""
    if game.phase == SETUP:
        cubes = game.start_loot[0][1]
        free = [c for c in range(len(COLOURS)) if game.supply[c] > 0]
        picked = []
        while len(picked) < cubes:
            picked.append(COLOURS[free.pop(rng.below(len(free)))])
        return {"do": "start_loot", "colours": picked}
    if game.phase == ROLL:
        if rng.below(8) == 0:
            return _recount(game, rng)
        return {"do": "roll"}
    if game.phase == END:
        return {"do": "end"}
    if game.phase == SCORING:
        return {"do": "score", "camps": [_camp(rng) for _ in range(game.players)]}
    if game.phase == OVER:
        return None
    colour = _pick(rng, game.left())
    action = {"do": "take", "die": COLOURS[colour]}
    if game.decks[colour] > 0 and rng.below(2) == 0:
        action["action"] = "cards"
    else:
        action["action"] = "loot"
        have = game.dice[colour] if game.dice[colour] < game.supply[colour] else game.supply[colour]
        if rng.below(3) == 0:
            action["placed"] = rng.below(have + 1)
    return action


def _recount(game: HunsGame, rng: PCG32) -> dict:
    """A card effect: a cube comes back to the supply, or a card goes under its deck."""
    c = rng.below(len(COLOURS))
    n = game.players
    if rng.below(2) == 0:
        return {"do": "recount", "supply": {COLOURS[c]: min(game.supply[c] + 1, LOOT_PER_COLOUR[n])}}
    return {"do": "recount", "decks": {COLOURS[c]: min(game.decks[c] + 1, CARDS_PER_COLOUR[n])}}


def _camp(rng: PCG32) -> dict:
    """A scoring entry of a camp after a short game."""
    mercenaries = rng.below(4)
    full = rng.below(mercenaries + 1)
    wagons = {}
    for t in WAGON_TYPES:
        wagons[t] = rng.below(4)
    return {"raids": rng.below(5), "mercenaries_full": full, "mercenaries_partial": mercenaries - full,
            "treasures_met": rng.below(3), "curses_avoided": rng.below(2), "wagons": wagons, "stash": rng.below(30)}


def playout(seed: int, players: int, on_move=None) -> "tuple[HunsGame, int]":
    """Play one random game to the end and score it: (the game, actions made).
    on_move(game, action) is called before each action."""
    chooser = PCG32(seed, CHOOSER_STREAM)
    game = new_game(players, seed, GAME_STREAM)
    count = 0
    while True:
        action = choose(game, chooser)
        if action is None:
            return game, count
        if count >= MAX_MOVES:
            raise RuntimeError("random game did not end")
        if on_move is not None:
            on_move(game, action)
        apply(game, action)
        count += 1


def action(game: HunsGame, rng: PCG32) -> "dict | None":
    """One random legal action as JSON (the template's form), or None once scored."""
    return choose(game, rng)
