"""A game of Khan's turns: its state, setup, the flip, the actions of step 2 and the final
phase's end - the first half of khan/game.py's KhanGame (the special cards, the end of a turn
and the scores are the other), in a module of its own so that a host's first request of a
whole game imports the game in two stretches, not one (khan/ops.py NEEDS lists this module
before khan.game: one import of both cost a Pico ~34 ms, a press waiting for it).
"""

from shared_rules.errors import bad_args, illegal
from shared_rules.khan import board as board_mod
from shared_rules.khan import conquer, flee, invade
from shared_rules.khan.deck import Deck
from shared_rules.khan.position import Position
from shared_rules.khan.tables import (ANYWHERE, CARD_COUNT, HAND_SIZE, RULERS, SETUP_YURTS, SPECIALS_PER_PLAYER,
                                      card_direction, card_ruler, card_symbol)
from shared_rules.pause import pause
from shared_rules.rng import PCG32

_SEARCH = []  # khan/search.py once imported (conquests): a conquest's check and most actions need none of it

VIRTUAL = "virtual"
TABLE = "table"
# phases
SETUP = "setup"
TURN = "turn"
FINAL = "final"
OVER = "over"
# steps of a normal turn, and the final-phase turn
FLIP = "flip"
ACTIONS = "actions"
SPECIAL = "special"
END = "end"
CONQUESTS = "conquests"
STATE_VERSION = 1


class KhanTurns:
    """A game's state and its turns' steps (khan/game.py KhanGame adds the special cards, the
    end of a turn and the scores)."""

    def __init__(self, board_ref: str, players: "list[str]", mode: str, rng: PCG32, pieces: bool = True) -> None:
        """A new game; pieces False: one to be filled in from a saved state (blank_game), its
        pos (None) set by the reader - no rulers placed, no position built to be thrown away."""
        self.board_ref = board_ref  # "default" or the board text
        self.board = board_mod.load(board_ref)
        self.players = players
        self.mode = mode
        self.rng = rng
        self.pos: Position = Position(self.board, list(players)) if pieces else None  # type: ignore[assignment]
        self.stock = conquer.full_stock()
        self.prot = conquer.Protections()
        self.last_used = {}  # "patronage"/"gods" -> [player, turn number] of the last use
        n = len(players)
        self.specials = {}
        for p in players:
            self.specials[p] = dict(SPECIALS_PER_PLAYER[n])
        self.phase = SETUP
        self.step = ""
        self.current = 0
        self.turn = 0  # turns begun, counted over all players
        self.actions = 0  # step 2: actions left; final phase: conquests made
        self.extra = False  # the action under way is High Morale's third
        self.done = ""  # the letters of this turn's actions so far (A B C D; S a skip): High Morale's combos
        self.expel_blocked = False  # the final phase began in step 2: no more action B
        self.final_next = False  # ...and starts with the next player
        self.setup_left = SETUP_YURTS[n] * n
        self.deck = Deck([], [])  # virtual mode only
        self.hands = []
        if mode == VIRTUAL:
            pause()  # (the board and its position built: the deck's shuffle and the deal after)
            self.deck.draw = list(range(CARD_COUNT))
            rng.shuffle(self.deck.draw)
            for _ in range(n):
                self.hands.append([])
            for _ in range(HAND_SIZE):
                for k in range(n):
                    self.hands[k].append(self.deck.take(rng))
        if pieces:
            for r in range(len(RULERS)):
                if r in self.board.starts:
                    self.pos.place_ruler(r, self.board.starts[r])

    @property
    def player(self) -> str:
        return self.players[self.current]

    def hand(self) -> "list[int]":
        return self.hands[self.current] if self.hands else []

    def _expect(self, phase: str, steps: str, do: str) -> None:
        """Refuse an action that does not belong to this phase and step of the turn."""
        if self.phase != phase or (steps and self.step not in steps.split()):
            raise illegal("khan.not_now", do, self.phase if self.phase != TURN else "step " + self.step)

    # -- setup -------------------------------------------------------------------
    def setup_yurt(self, i: int) -> None:
        """Setup: the current player puts a yurt in a region that holds no yurt yet."""
        self._expect(SETUP, "", "setup_yurt")
        self._place_yurt(i, invade.parse_symbol(invade.SETUP))
        self.setup_left -= 1
        self.current = (self.current + 1) % len(self.players)
        if not self.setup_left:
            self.phase = TURN
            self.current = 0
            self._start_turn()

    # -- turn structure ------------------------------------------------------------
    def _start_turn(self) -> None:
        me = self.player
        # the special cards this player used last turn end now; their cards go to the box
        if self.prot.patronage == me:
            self.prot.patronage = None
        self.prot.gods = [g for g in self.prot.gods if g[0] != me]
        self.prot.recon = [r for r in self.prot.recon if r[0] != me]
        self.turn += 1
        self.extra = False
        self.done = ""
        self.actions = 0
        self.step = CONQUESTS if self.phase == FINAL else FLIP

    def flip(self, r: int = -1, d: int = -1) -> "tuple[int, list[int], int, tuple]":
        """Step 1: flip and flee. Virtual mode flips the deck; table mode is told (r, d).
        Returns (card or -1, skipped cards, ruler, flight)."""
        self._expect(TURN, FLIP, "flip")
        pos = self.pos
        card = -1
        skipped = []
        if self.mode == VIRTUAL:
            if r >= 0 or d >= 0:
                raise bad_args("khan.deck_kept")
            card, skipped = self.deck.flip(self.rng, pos.home)
            r = card_ruler(card)
            d = card_direction(card)
        elif not pos.in_play(r):
            raise illegal("khan.flip_home", RULERS[r])
        flight = flee.flee(pos, r, d, flee.COURT)
        if flight[5] == flee.FINAL_STARTED:
            # the turn ends at once and this player starts the final phase
            self.phase = FINAL
            self.turn -= 1
            self._start_turn()
            self._maybe_over()
        else:
            self.step = ACTIONS
            self.actions = 2
        return card, skipped, r, flight

    def _used_action(self, n: int, letter: str) -> None:
        self.done += letter
        self.actions -= n
        if self.actions <= 0:
            self.step = END if self.extra else SPECIAL

    def invade(self, i: int, card: int = -1, symbol: str = "") -> None:
        """Action A: a yurt by a card (virtual mode: a card in hand; table mode: its symbol)."""
        self._expect(TURN, ACTIONS, "invade")
        self._not_morale()
        if self.mode == VIRTUAL:
            if card not in self.hand():
                raise illegal("khan.not_in_hand", card, self.player)
            symbol = card_symbol(card)
        if symbol == invade.SETUP or symbol == ANYWHERE:
            raise bad_args("khan.invade_symbol")
        self._place_yurt(i, invade.parse_symbol(symbol))
        if self.mode == VIRTUAL:
            self.hand().remove(card)
            self.deck.discard.append(card)
        self._used_action(1, "A")

    def _place_yurt(self, i: int, sym) -> None:
        if not invade.allowed(self.pos, i, sym):
            raise illegal(*invade.why_not(self.pos, i, sym))
        self.pos.yurt[i] = self.pos.player_byte(self.player)

    def double(self, i: int, discard: "list[int]") -> None:
        """Action D, both actions: a yurt anywhere, then discard 0-4 cards."""
        self._expect(TURN, ACTIONS, "double")
        if self.actions != 2 or self.extra:
            raise illegal("khan.double_both")
        if self.mode == VIRTUAL:
            hand = list(self.hand())
            for c in discard:
                if c not in hand:
                    raise illegal("khan.not_in_hand", c, self.player)
                hand.remove(c)
        self._place_yurt(i, invade.parse_symbol(ANYWHERE))
        if self.mode == VIRTUAL:
            for c in discard:
                self.hand().remove(c)
                self.deck.discard.append(c)
        self._used_action(2, "D")

    def expel(self, r: int, d: int = -1) -> "tuple[int, tuple]":
        """Action B: a ruler in play flees by the next card's direction; the yurt comes
        from the general supply. Returns (card or -1, flight)."""
        self._expect(TURN, ACTIONS, "expel")
        self._not_morale()
        pos = self.pos
        if self.expel_blocked:
            raise illegal("khan.expel_final")
        if not pos.in_play(r):
            raise illegal("khan.ruler_off_board", RULERS[r])
        if not pos.has_black() and not flee.walled_in(pos, r):  # walled in: he goes home, no yurt needed
            raise illegal("khan.supply_empty")
        card = -1
        if self.mode == VIRTUAL:
            if d >= 0:
                raise bad_args("khan.deck_kept")
            card = self.deck.take(self.rng)
            self.deck.discard.append(card)
            d = card_direction(card)
        flight = flee.flee(pos, r, d, flee.SUPPLY)
        if flight[5] == flee.FINAL_STARTED:
            self.expel_blocked = True
            self.final_next = True
        self._used_action(1, "B")
        return card, flight

    def conquer(self, key: str, cells: "list[int]", consent: bool) -> "list[str]":
        """Action C, or a final-phase conquest. Returns the players who sit on the figure."""
        if self.phase == FINAL:
            self._expect(FINAL, CONQUESTS, "conquer")
            if self.actions >= 2:
                raise illegal("khan.two_conquests")
        else:
            self._expect(TURN, ACTIONS, "conquer")
        verdict = conquer.check(self.pos, self.player, key, cells, self.stock, self.prot, consent)
        conquer.place(self.pos, verdict, self.stock)
        if self.phase == FINAL:
            self.actions += 1
        else:
            self._used_action(1, "C")
        return verdict[2]

    def skip(self) -> None:
        """An action of step 2 when no action at all is possible."""
        self._expect(TURN, ACTIONS, "skip")
        if self.can_act():
            raise illegal("khan.no_skip")
        self._used_action(1, "S")

    def _not_morale(self) -> None:
        if self.extra:
            raise illegal("khan.morale_conquest")

    def can_expel(self) -> bool:
        if self.expel_blocked:
            return False
        black = self.pos.has_black()
        for r in range(len(RULERS)):
            if self.pos.in_play(r) and (black or flee.walled_in(self.pos, r)):
                return True
        return False

    def can_act(self) -> bool:
        """Is any action of step 2 possible for the current player?"""
        pos = self.pos
        if self.extra:  # High Morale's third action: a conquest only
            return self.can_conquer()
        if self.can_expel():
            return True
        if (self.actions == 2 and not self.extra) or self.mode == TABLE:
            if invade.count(pos, invade.parse_symbol(ANYWHERE)):
                return True
        for card in self.hand():
            if invade.count(pos, invade.parse_symbol(card_symbol(card))):
                return True
        return self.can_conquer()

    def conquests(self, consent: bool = False, skip: int = 0, bare: bool = False):
        """The current player's legal conquests (a generator); by default those that need
        nobody's consent, which is what "can conquer" means in the final phase. skip, bare:
        search.each_placement's (a count, the nth: nothing built of those passed over)."""
        if not _SEARCH:  # (an import statement each call: ~0.3 ms of a Pico)
            from shared_rules.khan import search

            _SEARCH.append(search)
        return _SEARCH[0].each_placement(self.pos, self.player, self.stock, self.prot, consent, False, skip, bare)

    def can_conquer(self) -> bool:
        for _ in self.conquests(bare=True):
            return True
        return False


    def _maybe_over(self) -> None:
        """The game ends when nobody can conquer («Игра заканчивается тогда, когда никто уже
        не может совершать завоевания»): each player judged at his own turn, with the
        protections in force then - a special card lapses when its owner's turn begins
        («...остаются в силе до... следующего хода игрока, сыгравшего эти карты»)."""
        here = self.current
        prot = self.prot
        n = len(self.players)
        try:
            # two rounds: in the first the protections lapse one by one, in the second none is
            # left (nothing but conquests changes the board in the final phase)
            for k in range(2 * n):
                self.current = (here + k) % n
                self.prot = prot.without([self.players[(here + j) % n] for j in range(1, min(k, n) + 1)])
                if self.can_conquer():
                    return
                pause()  # (a search each, up to eight: the box's buttons' turn between them)
        finally:
            self.current = here
            self.prot = prot
        self.phase = OVER
        self.step = ""

    # -- results ------------------------------------------------------------
