"""A seeded random player: plays legal Khan games to the end, for property tests.

Every choice comes from its own PCG32 stream over lists in a fixed order, so a seed plays
the same game on CPython and on MicroPython, move for move. It drives the engine's typed
calls directly (no JSON on the way), so a whole game fits in a small heap; a move is a
tuple, and khan/actions.py turns it into the JSON action khan.play would take.
"""

from shared_rules.khan import conquer, invade, search
from shared_rules.khan.game import ACTIONS, FINAL, FLIP, OVER, SETUP, SPECIAL, VIRTUAL, KhanGame, new_game
from shared_rules.khan.tables import (ANYWHERE, FIGURE_KEYS, GODS, HAND_SIZE, RECON, RULERS, TERRAINS,
                                      card_symbol)
from shared_rules.pause import pause
from shared_rules.rng import PCG32

PLAYERS = ("red", "yellow", "blue", "green")
MAX_MOVES = 5000  # a game that runs longer than this is a bug
CHOOSER_STREAM = 1
GAME_STREAM = 2


def _pick(rng: PCG32, items: list):
    return items[rng.below(len(items))]


def _cell(pos, sym: tuple, rng: PCG32) -> int:
    """A random cell where a yurt may go by this symbol (no list of them is built)."""
    return invade.nth(pos, sym, rng.below(invade.count(pos, sym)))


def _count(game: KhanGame, consent: bool) -> int:
    """The player's conquests counted: none of them built (the search pauses on its own)."""
    n = 0
    for _ in game.conquests(consent, bare=True):
        n += 1
    return n


def _nth(game: KhanGame, consent: bool, n: int) -> tuple:
    """The nth of the player's conquests: those before it passed over, not built."""
    for item in game.conquests(consent, n):
        return item
    raise IndexError(n)


def choose(game: KhanGame, rng: PCG32) -> tuple:
    """One random legal move for whoever is to act, as a tuple (see play())."""
    pos = game.pos
    if game.phase == SETUP:
        return ("setup_yurt", _cell(pos, invade.parse_symbol(invade.SETUP), rng))
    if game.phase == FINAL:
        consent = rng.below(2) == 1
        n = _count(game, consent) if game.actions < 2 else 0
        if n:
            c = _nth(game, consent, rng.below(n))
            return ("conquer", c[0], c[1], consent)
        return ("end",)
    if game.step == FLIP:
        return ("flip",)
    if game.step == ACTIONS:
        return _action(game, rng)
    if game.step == SPECIAL:
        return _special(game, rng)
    return ("end",)


def _action(game: KhanGame, rng: PCG32) -> tuple:
    pos = game.pos
    if game.extra:  # High Morale: a conquest
        consent = rng.below(2) == 1
        n = _count(game, consent)
        if not n:
            return ("skip",)
        c = _nth(game, consent, rng.below(n))
        return ("conquer", c[0], c[1], consent)
    kinds = []
    playable = []
    for c in game.hand():  # (a card's cells counted over the board: ~5-15 ms of a Pico each)
        if invade.count(pos, invade.parse_symbol(card_symbol(c))):
            playable.append(c)
        pause()
    if playable:
        kinds.append("invade")
    if game.can_expel():
        kinds.append("expel")
    consent = rng.below(2) == 1
    n_conquests = _count(game, consent)
    pause()
    if n_conquests:
        kinds.append("conquer")
    anywhere = invade.parse_symbol(ANYWHERE)
    if game.actions == 2 and not game.extra and invade.count(pos, anywhere):
        kinds.append("double")
    if not kinds:
        return ("skip",)
    kind = _pick(rng, kinds)
    if kind == "invade":
        card = _pick(rng, playable)
        return ("invade", _cell(pos, invade.parse_symbol(card_symbol(card)), rng), card)
    if kind == "expel":
        return ("expel", _pick(rng, [r for r in range(len(RULERS)) if pos.in_play(r)]))
    if kind == "conquer":
        c = _nth(game, consent, rng.below(n_conquests))
        return ("conquer", c[0], c[1], consent)
    hand = list(game.hand())
    discard = []
    for _ in range(rng.below(HAND_SIZE + 1)):
        if hand:
            discard.append(hand.pop(rng.below(len(hand))))
    return ("double", _cell(pos, anywhere, rng), discard)


def _special(game: KhanGame, rng: PCG32) -> tuple:
    allowed = game.specials_allowed()
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
    do = move[0]
    if do == "setup_yurt":
        game.setup_yurt(move[1])
    elif do == "flip":
        game.flip()
    elif do == "invade":
        game.invade(move[1], move[2])
    elif do == "expel":
        game.expel(move[1])
    elif do == "conquer":
        game.conquer(move[1], list(move[2]), move[3])
    elif do == "double":
        game.double(move[1], move[2])
    elif do == "skip":
        game.skip()
    elif do == "special":
        game.special(move[1], move[2], move[3])
    else:
        game.end()


def playout(seed: int, players: int, trace=None, on_move=None) -> "tuple[KhanGame, int, int]":
    """Play one random game to the end: (the game, moves made, turn the final phase began).
    trace: a list that receives every move (actions.move_json makes it JSON)."""
    chooser = PCG32(seed, CHOOSER_STREAM)
    game = new_game("default", list(PLAYERS[:players]), VIRTUAL, seed, GAME_STREAM)
    search.keep_scratch(True)  # (its searches' buffers go from one to the next: search._scratch)
    try:
        return _play_out(game, chooser, trace, on_move)
    finally:
        search.keep_scratch(False)


def _play_out(game: KhanGame, chooser: PCG32, trace, on_move) -> "tuple[KhanGame, int, int]":
    pause()  # (the box's buttons' turn: shared_rules/pause.py - after the deal, between a move's
    count = 0  # choice and its play, and after the move: ~10-60 ms of a Pico each)
    final_turn = 0
    while game.phase != OVER:
        if count >= MAX_MOVES:
            raise RuntimeError("random game did not end")
        move = choose(game, chooser)
        pause()
        play(game, move)
        pause()
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
