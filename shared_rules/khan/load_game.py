"""A Khan game from its saved state, with every field checked: the half of khan/load.py
(load.game) that only a game coming back needs - boot, undo, state.put, a host's state given
as JSON. Its own module so that an op that takes only pieces (khan.score's figures) imports
the pieces' reader alone: one import of both cost a Pico ~30-50 ms, a press waiting for it.
"""

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.khan import packed
from shared_rules.khan.game import (ACTIONS, CONQUESTS, END, FINAL, FLIP, OVER, SETUP, SPECIAL, STATE_VERSION, TABLE,
                                    TURN, VIRTUAL, Deck, blank_game)
from shared_rules.khan.load import pieces
from shared_rules.khan.protections import protections
from shared_rules.rng import PCG32
from shared_rules.khan.tables import (CARD_COUNT, FIGURES, GODS, HAND_SIZE, PATRONAGE, SETUP_YURTS, SPECIALS,
                                      SPECIALS_PER_PLAYER)


def game(data):
    """A game from its saved state (a KhanGame), fully validated: a bad state raises bad_args."""
    if packed.is_packed(data):  # the whole state packed (khan/packed_state.py)
        from shared_rules.khan import packed_state

        return packed_state.unpack(data)
    if not isinstance(data, dict) or data.get("game") != "khan":
        raise bad_args("state must be a Khan game object with \"game\": \"khan\"")
    if data.get("version") != STATE_VERSION:
        raise bad_args("state version must be " + str(STATE_VERSION))
    players = A.array(data, "players", max_len=4)
    mode = A.choice(data, "mode", (VIRTUAL, TABLE))
    try:
        rng = PCG32(state=A.array(data, "rng"))
    except ValueError as e:
        raise bad_args("state.rng: " + str(e))
    game = blank_game(A.text(data, "board"), players, rng)
    game.mode = mode
    n = len(players)
    game.phase = A.choice(data, "phase", (SETUP, TURN, FINAL, OVER))
    steps = {SETUP: ("",), TURN: (FLIP, ACTIONS, SPECIAL, END), FINAL: (CONQUESTS,), OVER: ("",)}
    game.step = A.choice(data, "step", steps[game.phase])
    game.current = A.integer(data, "current", 0, n - 1)
    game.turn = A.integer(data, "turn", 0, 1000000)
    game.actions = A.integer(data, "actions", 0, 2)
    game.extra = A.flag(data, "extra")
    done = data.get("done", "")  # (states saved before High Morale's combos had none)
    if not isinstance(done, str) or len(done) > 3 or [c for c in done if c not in "ABCDS"]:
        raise bad_args("state.done must be the turn's actions so far: up to 3 of the letters A B C D S")
    game.done = done
    game.expel_blocked = A.flag(data, "expel_blocked")
    game.final_next = A.flag(data, "final_next")
    game.setup_left = A.integer(data, "setup_left", 0, SETUP_YURTS[n] * n)
    game.pos = pieces(game.board, A.obj(data, "pieces"), players)
    for p in game.pos.players:
        if p not in players:
            raise bad_args("state.pieces names " + p + ", who is not a player")
    stock = A.obj(data, "stock")
    for key, _, _, count in FIGURES:
        v = stock.get(key)
        if type(v) is not int or v < 0 or v > count:
            raise bad_args("state.stock." + key + " must be an integer 0.." + str(count))
        game.stock[key] = v
    game.prot = protections(data.get("protections"))
    last = A.obj(data, "last_used", {})
    for card in sorted(last):
        v = last[card]
        if card not in (PATRONAGE, GODS) or not isinstance(v, list) or len(v) != 2 or v[0] not in players \
                or type(v[1]) is not int:
            raise bad_args("state.last_used must map patronage/gods to [player, turn]")
        game.last_used[card] = [v[0], v[1]]
    specials = A.obj(data, "specials")
    for p in players:
        mine = specials.get(p)
        if not isinstance(mine, dict):
            raise bad_args("state.specials." + p + " must be an object")
        for card in SPECIALS:
            v = mine.get(card)
            if type(v) is not int or v < 0 or v > SPECIALS_PER_PLAYER[n][card]:
                raise bad_args("state.specials." + p + "." + card + " must be 0.." + str(SPECIALS_PER_PLAYER[n][card]))
            game.specials[p][card] = v
    deck = data.get("deck")
    if mode == VIRTUAL:
        if not isinstance(deck, dict):
            raise bad_args("state.deck must hold draw, discard and hands in virtual mode")
        seen = bytearray(CARD_COUNT)
        piles = []
        for name in ("draw", "discard"):
            piles.append(_cards(A.array(deck, name), seen, "state.deck." + name))
        hands_data = A.obj(deck, "hands")
        hands = []
        for p in players:
            hands.append(_cards(A.array(hands_data, p, max_len=HAND_SIZE), seen, "state.deck.hands." + p))
        if sum(seen) != CARD_COUNT:
            raise bad_args("state.deck must hold each of the " + str(CARD_COUNT) + " cards once")
        game.deck = Deck(piles[0], piles[1])
        game.hands = hands
    elif deck is not None:
        raise bad_args("state.deck must be null in table mode")
    return game


def _cards(items: list, seen: bytearray, where: str) -> "list[int]":
    out = []
    for c in items:
        if type(c) is not int or c < 0 or c >= CARD_COUNT:
            raise bad_args(where + " holds an unknown card")
        if seen[c]:
            raise bad_args(where + ": card " + str(c) + " is in two places")
        seen[c] = 1
        out.append(c)
    return out
