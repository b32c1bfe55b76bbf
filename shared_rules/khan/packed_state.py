"""A whole Khan game state packed: khan/state.py's state object as a few hundred bytes.

Packed pieces (khan/packed.py) leave the rest of a state - the deck's 72 cards, the stock
of 23 figures, the special cards, the protections - as ~1 KB of JSON of ~200 values, which
still cost a Pico ~80 ms of a khan.play request to read, check and write back (issue 13).
Packed, a state is

    {"game": "khan", "version": 1, "board": "default" or board text, "players": [ids],
     "packed": "<base64 of the bytes below>"}

and khan.play answers a packed state with its new state packed. The bytes, version 1:

    0       1 (the version)
    1       mode: 0 virtual, 1 table
    2       phase: 0 setup, 1 turn, 2 final, 3 over
    3       step: its index among the phase's steps (turn: flip, actions, special, end)
    4       current player
    5-8     turn (big-endian)
    9       actions
    10      bit 0 extra, bit 1 expel_blocked, bit 2 final_next
    11      setup_left
    12-14   done: up to 3 letters of A B C D S, then zeros
    15-30   the rng: eight 16-bit words (big-endian)
    31-     the stock: a byte per figure, in FIGURES order
    then    the special cards left: per player, a byte per card (morale, patronage, gods, recon)
    then    last used: patronage, then gods: a player (1 + index; 0 none) and a turn (4 bytes)
    then    protections: patronage's player (1 + index; 0 none); the gods' count, and each
            its player's index and region (0 every region, 1..6 TERRAINS); the recons'
            count, and each its player's index, figure (FIGURE_KEYS index) and all (0/1)
    then    virtual mode: the draw pile's count and cards, the discards', and each
            player's hand's
    then    the pieces, as khan/packed.py packs them (owners counted from the players)

A state that has something this cannot hold (a protection of someone who is not a player,
a turn past 2^32) is sent as the object (pack() returns None). Reading checks each byte as
khan/load.py checks the object, with the field named.
"""

try:
    from ustruct import pack_into, unpack_from  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from struct import pack_into, unpack_from

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.khan import packed
from shared_rules.pause import pause
from shared_rules.khan.game import (ACTIONS, CONQUESTS, END, FINAL, FLIP, OVER, SETUP, SPECIAL, STATE_VERSION,
                                    TABLE, TURN, VIRTUAL, Deck, KhanGame, blank_game)
from shared_rules.khan.tables import (CARD_COUNT, FIGURE_KEYS, FIGURES, GODS, HAND_SIZE, PATRONAGE, SETUP_YURTS,
                                      SPECIALS, SPECIALS_PER_PLAYER)
from shared_rules.rng import PCG32

VERSION = 1
MODES = (VIRTUAL, TABLE)
PHASES = (SETUP, TURN, FINAL, OVER)
STEPS = (("",), (FLIP, ACTIONS, SPECIAL, END), (CONQUESTS,), ("",))
LAST = (PATRONAGE, GODS)
_HEAD = 31
_KEYS = ("game", "version", "board", "players", packed.KEY)


def _u32(out: bytearray, at: int, v: int) -> None:
    out[at] = v >> 24 & 255
    out[at + 1] = v >> 16 & 255
    out[at + 2] = v >> 8 & 255
    out[at + 3] = v & 255


def _who(players: "list[str]", pid) -> int:
    """1 + the player's index, 0 for None; -1 for someone who is not a player."""
    if pid is None:
        return 0
    return players.index(pid) + 1 if pid in players else -1


def pack(g: KhanGame):
    """The packed form of a game's state, or None when it holds what the bytes cannot.
    (Sized first and written in place, the pieces after it: packed.pieces_bytes.)"""
    players = g.players
    n = len(players)
    prot = g.prot
    gods = prot.gods
    recon = prot.recon
    if g.turn < 0 or g.turn > 0xFFFFFFFF or g.setup_left > 255 or len(g.done) > 3 or len(gods) > 255 or len(recon) > 255:
        return None
    if list(g.pos.players) != list(players):
        return None
    piles = [g.deck.draw, g.deck.discard] + [g.hands[k] for k in range(n)] if g.mode == VIRTUAL else []
    size = _HEAD + len(FIGURE_KEYS) + n * len(SPECIALS) + 5 * len(LAST) + 3 + 2 * len(gods) + 3 * len(recon)
    for pile in piles:
        size += 1 + len(pile)
    out = bytearray(size)
    out[0] = VERSION
    out[1] = MODES.index(g.mode)
    out[2] = PHASES.index(g.phase)
    out[3] = STEPS[out[2]].index(g.step)
    out[4] = g.current
    _u32(out, 5, g.turn)
    out[9] = g.actions
    out[10] = (1 if g.extra else 0) | (2 if g.expel_blocked else 0) | (4 if g.final_next else 0)
    out[11] = g.setup_left
    for k in range(len(g.done)):
        out[12 + k] = ord(g.done[k])
    pack_into(">8H", out, 15, *g.rng.getstate())
    at = _HEAD
    stock = g.stock
    for key in FIGURE_KEYS:
        out[at] = stock[key]
        at += 1
    for p in players:
        mine = g.specials[p]
        for card in SPECIALS:
            out[at] = mine[card]
            at += 1
    for card in LAST:
        v = g.last_used.get(card)
        who = _who(players, v[0]) if v else 0
        if who < 0 or (v and (v[1] < 0 or v[1] > 0xFFFFFFFF)):
            return None
        out[at] = who
        _u32(out, at + 1, v[1] if v else 0)
        at += 5
    who = _who(players, prot.patronage)
    if who < 0:
        return None
    out[at] = who
    out[at + 1] = len(gods)
    at += 2
    for p, region in gods:
        if p not in players:
            return None
        out[at] = players.index(p)
        out[at + 1] = region
        at += 2
    out[at] = len(recon)
    at += 1
    for p, key, whole in recon:
        if p not in players:
            return None
        out[at] = players.index(p)
        out[at + 1] = FIGURE_KEYS.index(key)
        out[at + 2] = 1 if whole else 0
        at += 3
    for pile in piles:
        out[at] = len(pile)
        out[at + 1:at + 1 + len(pile)] = bytes(pile)
        at += 1 + len(pile)
    return {"game": "khan", "version": STATE_VERSION, "board": g.board_ref, "players": list(players),
            packed.KEY: packed.text_of(packed.pieces_bytes(g.pos, out))}


def _over(what: str, top: int):
    return bad_args("state.packed: " + what + " must be 0.." + str(top))


def _short(what: str):
    return bad_args("state.packed is cut short at " + what)


def unpack(data) -> KhanGame:
    """A game from a packed state, every byte checked: a bad one raises bad_args naming it."""
    for key in data:
        if key not in _KEYS:
            raise bad_args("a packed state has game, version, board, players and packed; not \"" + str(key)[:20] + "\"")
    if data.get("game") != "khan" or data.get("version") != STATE_VERSION:
        raise bad_args("state must be a Khan game object with \"game\": \"khan\", \"version\": " + str(STATE_VERSION))
    players = A.array(data, "players", max_len=4)
    raw = packed.bytes_of(data, "state")
    if len(raw) < _HEAD or raw[0] != VERSION:
        raise bad_args("state.packed: not a version " + str(VERSION) + " packed state")
    try:
        rng = PCG32(state=list(unpack_from(">8H", raw, 15)))
    except ValueError as e:
        raise bad_args("state.packed: " + str(e))
    game = blank_game(A.text(data, "board"), players, rng)  # (the players and the board checked)
    n = len(players)
    # (the fields are read inline, their messages made only when one is wrong: a call and a
    # message for each of ~200 bytes cost a Pico ~35 ms)
    phase = raw[2]
    if raw[1] > 1 or phase > 3 or raw[3] >= len(STEPS[phase if phase < 4 else 0]) or raw[4] >= n:
        raise bad_args("state.packed: the mode, phase, step or current player is out of range")
    game.mode = MODES[raw[1]]
    game.phase = PHASES[phase]
    game.step = STEPS[phase][raw[3]]
    game.current = raw[4]
    game.turn = raw[5] << 24 | raw[6] << 16 | raw[7] << 8 | raw[8]
    if game.turn > 1000000:
        raise _over("the turn", 1000000)
    if raw[9] > 2 or raw[10] > 7:
        raise bad_args("state.packed: the actions (0..2) or the flags (0..7) are out of range")
    game.actions = raw[9]
    game.extra = bool(raw[10] & 1)
    game.expel_blocked = bool(raw[10] & 2)
    game.final_next = bool(raw[10] & 4)
    if raw[11] > SETUP_YURTS[n] * n:
        raise _over("setup_left", SETUP_YURTS[n] * n)
    game.setup_left = raw[11]
    done = ""
    for k in range(12, 15):
        c = raw[k]
        if c:
            if chr(c) not in "ABCDS" or len(done) < k - 12:
                raise bad_args("state.packed: done must be up to 3 of the letters A B C D S")
            done += chr(c)
    game.done = done
    at = _HEAD
    if len(raw) < at + len(FIGURES) + n * len(SPECIALS) + 10 + 3:
        raise _short("the stock, the special cards or the protections")
    stock = game.stock
    for key, _, _, count in FIGURES:
        v = raw[at]
        if v > count:
            raise _over("the stock of " + key, count)
        stock[key] = v
        at += 1
    allowed = SPECIALS_PER_PLAYER[n]
    for p in players:
        mine = game.specials[p]
        for card in SPECIALS:
            v = raw[at]
            if v > allowed[card]:
                raise _over("the " + card + " cards of " + p, allowed[card])
            mine[card] = v
            at += 1
    for card in LAST:
        who = raw[at]
        turn = raw[at + 1] << 24 | raw[at + 2] << 16 | raw[at + 3] << 8 | raw[at + 4]
        at += 5
        if who > n or (turn and not who):
            raise bad_args("state.packed: last used " + card + " must be a player (1.." + str(n) + ") and a turn")
        if who:
            game.last_used[card] = [players[who - 1], turn]
    prot = game.prot  # (blank_game's, none in force)
    who = raw[at]
    if who > n:
        raise _over("the patronage", n)
    prot.patronage = players[who - 1] if who else None
    at += 1
    for _ in range(raw[at]):
        if at + 3 > len(raw) or raw[at + 1] >= n or raw[at + 2] > 6:
            raise bad_args("state.packed: a god's player or region is out of range")
        prot.gods.append((players[raw[at + 1]], raw[at + 2]))
        at += 2
    at += 1
    if at >= len(raw):
        raise _short("the recons")
    for _ in range(raw[at]):
        if at + 4 > len(raw) or raw[at + 1] >= n or raw[at + 2] >= len(FIGURE_KEYS) or raw[at + 3] > 1:
            raise bad_args("state.packed: a recon's player, figure or all is out of range")
        prot.recon.append((players[raw[at + 1]], FIGURE_KEYS[raw[at + 2]], raw[at + 3] == 1))
        at += 3
    at += 1
    if game.mode == VIRTUAL:
        piles = []
        seen = bytearray(256)  # a mark for each card: a card twice marks one place
        total = 0
        for k in range(2 + n):
            if at >= len(raw):
                raise _short("the deck")
            count = raw[at]
            if count > (CARD_COUNT if k < 2 else HAND_SIZE) or at + 1 + count > len(raw):
                raise bad_args("state.packed: a pile of the deck is too long")
            pile = list(raw[at + 1:at + 1 + count])
            for c in pile:
                seen[c] = 1
            piles.append(pile)
            total += count
            at += 1 + count
        # each of the cards once: as many as there are, each of them marked (a set and a max
        # of the 72 cost a Pico ~2 ms)
        if total != CARD_COUNT or seen[:CARD_COUNT].count(b"\x01") != CARD_COUNT:
            raise bad_args("state.packed: the deck must hold each of the " + str(CARD_COUNT) + " cards once")
        game.deck = Deck(piles[0], piles[1])
        game.hands = piles[2:]
    pause()  # (the game's fields read: its pieces, as many again, after)
    game.pos = packed.read(game.board, raw, at, list(players))
    return game
