"""A seeded random player: plays legal Khan games to the end, for property tests.

Every choice comes from its own PCG32 stream over lists in a fixed order, so a seed plays
the same game on CPython and on MicroPython, move for move. It drives the engine's typed
calls directly (no JSON on the way), so a whole game fits in a small heap; a move is a
tuple, and khan/actions.py turns it into the JSON action khan.play would take.
"""

from shared_rules.khan import conquer, invade
from shared_rules.khan.game import ACTIONS, FINAL, FLIP, OVER, SETUP, SPECIAL, VIRTUAL, KhanGame, new_game
from shared_rules.khan.tables import (ANYWHERE, FIGURE_KEYS, GODS, HAND_SIZE, RECON, RULERS, TERRAINS,
                                      card_symbol)
from shared_rules.rng import PCG32
from shared_rules.steps import finish

PLAYERS = ("red", "yellow", "blue", "green")
MAX_MOVES = 5000  # a game that runs longer than this is a bug
CHOOSER_STREAM = 1
GAME_STREAM = 2


def _pick(rng: PCG32, items: list):
    return items[rng.below(len(items))]


def _cell(pos, sym: tuple, rng: PCG32):
    """A random cell where a yurt may go by this symbol (no list of them is built; a
    generator of steps: the cells counted, then the one picked found)."""
    k = rng.below(invade.count(pos, sym))
    yield
    return invade.nth(pos, sym, k)


def _conquests(game: KhanGame, consent: bool):
    """The current player's legal conquests, conquer.PAUSE among them now and then (a step)."""
    return conquer.each_placement(game.pos, game.player, game.stock, game.prot, consent, True)


def _count(gen):
    """How many conquests gen yields (a generator of steps: it yields at each PAUSE)."""
    n = 0
    for c in gen:
        if c is conquer.PAUSE:
            yield
        else:
            n += 1
    return n


def _nth(gen, n: int):
    """The nth conquest gen yields (a generator of steps, as _count)."""
    for c in gen:
        if c is conquer.PAUSE:
            yield
        elif not n:
            return c
        else:
            n -= 1
    raise IndexError(n)


def choose(game: KhanGame, rng: PCG32) -> tuple:
    """One random legal move for whoever is to act, as a tuple (see play())."""
    return finish(choose_steps(game, rng))


def choose_steps(game: KhanGame, rng: PCG32):
    """choose() a step at a time (a generator that yields now and then while it counts and
    picks conquests - a late board has many - and returns the move)."""
    pos = game.pos
    if game.phase == SETUP:
        return ("setup_yurt", (yield from _cell(pos, invade.parse_symbol(invade.SETUP), rng)))
    if game.phase == FINAL:
        consent = rng.below(2) == 1
        n = (yield from _count(_conquests(game, consent))) if game.actions < 2 else 0
        if n:
            c = yield from _nth(_conquests(game, consent), rng.below(n))
            return ("conquer", c[0], c[1], consent)
        return ("end",)
    if game.step == FLIP:
        return ("flip",)
    if game.step == ACTIONS:
        return (yield from _action(game, rng))
    if game.step == SPECIAL:
        return (yield from _special(game, rng))
    return ("end",)


def _action(game: KhanGame, rng: PCG32):
    pos = game.pos
    if game.extra:  # High Morale: a conquest
        consent = rng.below(2) == 1
        n = yield from _count(_conquests(game, consent))
        if not n:
            return ("skip",)
        c = yield from _nth(_conquests(game, consent), rng.below(n))
        return ("conquer", c[0], c[1], consent)
    kinds = []
    playable = []
    for c in game.hand():  # (a step a card: each a count of the board's cells)
        if invade.count(pos, invade.parse_symbol(card_symbol(c))):
            playable.append(c)
        yield
    if playable:
        kinds.append("invade")
    if game.can_expel():
        kinds.append("expel")
    consent = rng.below(2) == 1
    n_conquests = yield from _count(_conquests(game, consent))
    if n_conquests:
        kinds.append("conquer")
    anywhere = invade.parse_symbol(ANYWHERE)
    if game.actions == 2 and not game.extra and invade.count(pos, anywhere):
        kinds.append("double")
    if not kinds:
        return ("skip",)
    yield
    kind = _pick(rng, kinds)
    if kind == "invade":
        card = _pick(rng, playable)
        return ("invade", (yield from _cell(pos, invade.parse_symbol(card_symbol(card)), rng)), card)
    if kind == "expel":
        return ("expel", _pick(rng, [r for r in range(len(RULERS)) if pos.in_play(r)]))
    if kind == "conquer":
        c = yield from _nth(_conquests(game, consent), rng.below(n_conquests))
        return ("conquer", c[0], c[1], consent)
    hand = list(game.hand())
    discard = []
    for _ in range(rng.below(HAND_SIZE + 1)):
        if hand:
            discard.append(hand.pop(rng.below(len(hand))))
    return ("double", (yield from _cell(pos, anywhere, rng)), discard)


def _special(game: KhanGame, rng: PCG32):
    allowed = yield from game.specials_allowed_steps()
    if not allowed or rng.below(2) == 0:
        return ("end",)
    card = _pick(rng, allowed)
    region = 0
    key = ""
    if card == GODS and len(game.players) == 4:
        taken = [g[1] for g in game.prot.gods]
        free = [t for t in range(1, len(TERRAINS) + 1) if t not in taken]
        if not free:
            return ("end",)
        region = _pick(rng, free)
    if card == RECON:
        keys = [k for k in FIGURE_KEYS if conquer.available(game.stock, game.prot, game.player, k) > 0]
        if not keys:
            return ("end",)
        key = _pick(rng, keys)
    return ("special", card, region, key)


def play(game: KhanGame, move: tuple) -> None:
    """Make a move chosen by choose() through the engine's typed calls."""
    finish(play_steps(game, move))


def play_steps(game: KhanGame, move: tuple):
    """play() a step at a time (a generator): whether a player can conquer may be asked."""
    do = move[0]
    if do == "setup_yurt":
        game.setup_yurt(move[1])
    elif do == "flip":
        yield from game.flip_steps()
    elif do == "invade":
        game.invade(move[1], move[2])
    elif do == "expel":
        game.expel(move[1])
    elif do == "conquer":
        game.conquer(move[1], list(move[2]), move[3])
    elif do == "double":
        game.double(move[1], move[2])
    elif do == "skip":
        yield from game.skip_steps()
    elif do == "special":
        yield from game.special_steps(move[1], move[2], move[3])
    else:
        yield from game.end_steps()


def playout(seed: int, players: int, trace=None, on_move=None) -> "tuple[KhanGame, int, int]":
    """Play one random game to the end: (the game, moves made, turn the final phase began).
    trace: a list that receives every move (actions.move_json makes it JSON)."""
    return finish(playout_steps(seed, players, trace, on_move))


def playout_steps(seed: int, players: int, trace=None, on_move=None):
    """playout() a step at a time (a generator: it yields after each move and within a
    move's choice; a device answers khan.playout so, its buttons polled between)."""
    chooser = PCG32(seed, CHOOSER_STREAM)
    game = new_game("default", list(PLAYERS[:players]), VIRTUAL, seed, GAME_STREAM)
    count = 0
    final_turn = 0
    while game.phase != OVER:
        if count >= MAX_MOVES:
            raise RuntimeError("random game did not end")
        yield
        move = yield from choose_steps(game, chooser)
        yield
        yield from play_steps(game, move)
        count += 1
        if not final_turn and (game.phase == FINAL or game.phase == OVER or game.final_next):
            final_turn = game.turn
        if trace is not None:
            trace.append(move)
        if on_move is not None:
            on_move(game, move)
    return game, count, final_turn


def action(game: KhanGame, rng: PCG32) -> "dict | None":
    """One random legal action as JSON (the template's form), or None once the game is over."""
    from shared_rules.khan.actions import move_json

    return None if game.phase == OVER else move_json(game.board, choose(game, rng))
