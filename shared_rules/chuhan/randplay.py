"""A seeded random table: plays Chu and Han games to the end, for tests and op cases.

The cards stay on the table, so a random table is a sequence of what two players could
report: sets (twos that score, plain sets, Zhongli Mo and Peng Yue sets), edicts,
abilities, counters, going out, the event's bonus, the next round. Every choice comes
from its own PCG32 stream, so a seed plays the same game on CPython and on MicroPython.
By default the actions are (nearly always) legal; wild=True picks with no regard to the
rules, which tests use to show that a refused action changes nothing.
"""

from shared_rules.chuhan.actions import apply
from shared_rules.chuhan.game import OVER, ROUND_OVER, TABLE, ChuHanGame, most_cards, new
from shared_rules.chuhan.tables import (ABILITIES, COUNTERS, EVENT_KEYS, LIU_BANG_RANK, ONCE_A_ROUND, PLAYERS,
                                        RANK_COUNTS, end_bonus)
from shared_rules.rng import PCG32

MAX_MOVES = 3000  # a game that runs longer than this is a bug
CHOOSER_STREAM = 1
MODES = ("off", "virtual", "table")


def _pick(rng: PCG32, items):
    return items[rng.below(len(items))]


def plain_set(rng: PCG32, rank: int, size: int) -> list:
    """A set of one rank as a table lays it: a joker (0) makes up the last card when the
    rank runs out (Liu Bang is one card)."""
    have = 1 if rank == LIU_BANG_RANK else RANK_COUNTS[rank]
    return [rank] * size if size <= have or not rank else [rank] * (size - 1) + [0]


def _set(rng: PCG32, p: str, wild: bool) -> dict:
    """A set: six or more 2s (they score), a plain set, or one with Zhongli Mo / Peng Yue."""
    k = rng.below(8)
    action: dict = {"do": "set", "player": p}
    if k < 3:
        action["cards"] = [2] * (3 + rng.below(6))
    elif k < 6 or wild:
        rank = rng.below(LIU_BANG_RANK + 1) if wild else 1 + rng.below(LIU_BANG_RANK - 1)
        action["cards"] = plain_set(rng, rank, 1 + rng.below(3))
        if wild and rng.below(4) == 0:
            action["zhongli_mo"] = True
    elif k == 6:
        rank = 1 + rng.below(LIU_BANG_RANK - 3)
        action["cards"] = list(range(rank, rank + 2 + rng.below(2)))
        action["zhongli_mo"] = True
    else:
        action["cards"] = [3] * (1 + rng.below(3))
        action["peng_yue"] = True
    return action


def choose(game: ChuHanGame, rng: PCG32, wild: bool = False) -> dict:
    """One random action for the table to report in game (see the module docstring)."""
    p = _pick(rng, PLAYERS)
    if game.phase == ROUND_OVER:
        if end_bonus(game.event) and not game.bonus_taken and rng.below(5) < 3:
            return {"do": "bonus", "player": p}
        if wild and rng.below(4) == 0:
            return {"do": "bonus", "player": p}
        action = {"do": "next_round"}
        if game.events == TABLE and game.event_deck:
            # wild: now and then an event that is not left in the deck
            action["event"] = _pick(rng, EVENT_KEYS if wild and rng.below(4) == 0 else game.event_deck)
        return action
    pend = game.pending
    if pend is not None and (wild or rng.below(5) < 3):
        k = rng.below(4)
        if k == 0 or (k == 1 and pend[2] == 0 and not wild):
            owner = pend[0] if not wild else rng.below(2)
            return {"do": "counter", "player": PLAYERS[1 - owner], "card": COUNTERS[0]}
        if k == 1 or (k == 2 and pend[2] == 1):
            return {"do": "counter", "player": PLAYERS[pend[0]] if not wild else p, "card": COUNTERS[1]}
        return {"do": "resolve"}
    k = rng.below(20)
    if k < 4 and (wild or game.edicts_left()):
        return {"do": "edict", "player": p}
    if k < 9:
        free = ABILITIES if wild else [a for a in ABILITIES if a not in ONCE_A_ROUND or a not in game.used]
        return {"do": "ability", "player": p, "card": _pick(rng, free)}
    if k < 17:
        return _set(rng, p, wild)
    o = 1 - PLAYERS.index(p)
    return {"do": "out", "player": p, "cards": rng.below(most_cards(game.edicts[o]) + (3 if wild else 1))}


def playout(seed: int, events: str = "virtual", on_move=None) -> "tuple[ChuHanGame, int]":
    """Play one random game to the end: (the game, actions made). A refused action (rare:
    a set that cannot answer) changes nothing and another is chosen. on_move(game, action)
    is called after each action that applied."""
    from shared_rules.errors import RulesError

    chooser = PCG32(seed, CHOOSER_STREAM)
    game = new({"events": events}, seed)
    count = 0
    for _ in range(MAX_MOVES):
        if game.phase == OVER:
            return game, count
        action = choose(game, chooser)
        try:
            apply(game, action)
        except RulesError:
            continue
        count += 1
        if on_move is not None:
            on_move(game, action)
    raise RuntimeError("random game did not end")


def action(game: ChuHanGame, rng: PCG32) -> "dict | None":
    """One random action as JSON (the template's form), or None once the game is over."""
    return None if game.phase == OVER else choose(game, rng)
