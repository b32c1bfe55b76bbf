"""A seeded random table: plays Rise of the Khaan games (as the box keeps them) to the end.

The board stays on the table; a random table uses the box's tools as players would: the
turn-order roll, growth dice, battles and plunders, prestige, the rounds, and a
kurultai whenever one is due, until one elects the Great Khan. Every choice comes from
its own PCG32 stream, so a seed plays the same game on CPython and on MicroPython.
"""

from shared_rules.khaan.actions import apply
from shared_rules.khaan.game import EACH, INTERVAL_UNITS, KhaanGame, new
from shared_rules.khaan.plunder import TARGETS
from shared_rules.khaan.tables import ACTIONS, TRIBES
from shared_rules.rng import PCG32

MAX_MOVES = 2000  # a game that runs longer than this is a bug
CHOOSER_STREAM = 1
PLAYERS = ("red", "yellow", "blue", "green", "white", "purple")


def _pick(rng: PCG32, items):
    return items[rng.below(len(items))]


def _side(rng: PCG32) -> dict:
    side = {"horde": rng.below(6), "army": rng.below(4), "guard": rng.below(3)}
    if not side["horde"] + side["army"] + side["guard"]:
        side["horde"] = 1
    if rng.below(3) == 0:
        side["bonus"] = rng.below(7) - 3
    return side


def _votes(game: KhaanGame, rng: PCG32) -> dict:
    """The 12 tribes' votes; the longer the game, the likelier one player gets two thirds."""
    votes = {}
    left = TRIBES
    favourite = _pick(rng, game.players)
    if rng.below(8) < game.round // 6:
        votes[favourite] = 8 + rng.below(5)
        left -= votes[favourite]
    for p in game.players:
        if p not in votes and left:
            votes[p] = rng.below(left + 1) // 2
            left -= votes[p]
    return votes


def choose(game: KhaanGame, rng: PCG32) -> "dict | None":
    """One action for the table to take with the box's tools; None once the Khan is elected."""
    if game.khan >= 0:
        return None
    k = rng.below(16)
    if k < 3:
        d6 = rng.below(EACH + 1)
        return {"do": "roll", "d6": d6, "d4": rng.below(EACH + 1) if d6 else 1 + rng.below(EACH)}
    if k < 4:
        return {"do": "order"}
    if k < 6:
        action = {"do": "battle", "attacker": _side(rng), "defender": _side(rng)}
        if rng.below(3) == 0:
            action["rolls"] = [1 + rng.below(6), None if rng.below(2) else 1 + rng.below(6)]
        return action
    if k < 8:
        target = _pick(rng, TARGETS)
        fertility = rng.below(5)
        action = {"do": "plunder", "target": target, "fertility": fertility}
        if target == "player":
            action["population"] = rng.below(fertility + 1)
            by, owner = rng.below(len(game.players)), rng.below(len(game.players) - 1)
            action["by"] = game.players[by]
            action["owner"] = game.players[owner + (owner >= by)]
        elif rng.below(2):
            action["by"] = _pick(rng, game.players)
        return action
    if k < 11:
        p = _pick(rng, game.players)
        if rng.below(4) == 0:
            points = rng.below(5) - 1
            if points < 0 and not game.prestige[game.players.index(p)]:
                points = 1
            return {"do": "prestige", "player": p, "points": points}
        return {"do": "prestige", "player": p, "action": _pick(rng, ACTIONS)[0]}
    if k == 11 and rng.below(4) == 0:
        return {"do": "every", "every": 2 + rng.below(4)}
    if game.left():
        return {"do": "next_turn" if game.unit == "turn" or rng.below(2) else "next_round"}
    return {"do": "kurultai", "votes": _votes(game, rng), "ends_round": True}


def playout(seed: int, players: int, on_move=None) -> "tuple[KhaanGame, int]":
    """Play one random game to the end: (the game, actions made). on_move(game, action)
    is called after each action."""
    chooser = PCG32(seed, CHOOSER_STREAM)
    game = new({"players": list(PLAYERS[:players]), "unit": INTERVAL_UNITS[seed % 2]}, seed)
    count = 0
    while True:
        action = choose(game, chooser)
        if action is None:
            return game, count
        if count >= MAX_MOVES:
            raise RuntimeError("random game did not end")
        apply(game, action)
        count += 1
        if on_move is not None:
            on_move(game, action)


def action(game: KhaanGame, rng: PCG32) -> "dict | None":
    """One random action as JSON (the template's form), or None once the Khan is elected."""
    return choose(game, rng)
