"""A game of Chu and Han as the companion keeps score: VP, edicts, abilities waiting for
counters, going out, the event deck, the next round's attacker and the 31-VP win.

The cards stay on the table; the players tell the engine what happened. The engine keeps
what the rules score by: an announced ability waits here until the opponent could cancel
it (Lu Zhi, then Xiao He), and takes effect when the next thing happens or on "resolve" -
so a player who reaches 31 from it wins before the other scores for going out.
The engine speaks in player indexes (tables.HAN, tables.CHU); chuhan/actions.py turns
JSON actions into these calls and chuhan/state.py saves and restores the whole game.
Every rule check runs before anything changes, so a refused action changes nothing.
"""

from shared_rules.chuhan import sets
from shared_rules.chuhan.tables import (CHU, DYNASTY, EDICT_CARDS, EDICTS, EVENTS, FIRST_EVENT, HAN, HAN_XIN_VP, HAND,
                                        LIU_BANG_RANK, TWOS_MIN, TWOS_RANK,
                                        LU_ZHI, ONCE_A_ROUND, OUT_CARDS_CAP, PLAYERS, SOURCES, START_VP, WIN_VP,
                                        XIANG_YU_FACTOR, XIAO_YING_VP, YING_BU_CARDS, end_bonus, late_win)
from shared_rules.errors import bad_args, illegal
from shared_rules.rng import PCG32

# event modes: no events (first games), the device keeps the event deck, or the table does
OFF = "off"
VIRTUAL = "virtual"
TABLE = "table"
MODES = (OFF, VIRTUAL, TABLE)
# phases
PLAY = "play"  # a round is under way
ROUND_OVER = "round_over"  # someone went out; the next round is still to start
OVER = "over"  # someone won
PHASES = (PLAY, ROUND_OVER, OVER)
STATE_VERSION = 1
# pending[2]: how far the counters went
NOT_COUNTERED = 0
CANCELLED = 1  # by Lu Zhi
RESTORED = 2  # Xiao He cancelled Lu Zhi


def going_out_vp(cards: int, edicts: int) -> int:
    """VP for going out: 1 per card in the opponent's hand (at most 5) + 1 per edict the
    opponent took this round (the going-out player's own edicts do not count)."""
    return (cards if cards < OUT_CARDS_CAP else OUT_CARDS_CAP) + edicts


def most_cards(edicts: int) -> int:
    """The most cards a hand can hold after this many edicts (tables.YING_BU_CARDS)."""
    return HAND + EDICT_CARDS * edicts + YING_BU_CARDS


def end_winner(vp, out: int) -> int:
    """The winner when the check waits for the end of the round, or -1: 31 VP or more
    and more than the other; a tie goes to the player who went out this round."""
    han = vp[0]
    chu = vp[1]
    if han < WIN_VP and chu < WIN_VP:
        return -1
    if han != chu:
        return HAN if han > chu else CHU
    return out


def next_attacker(vp, out: int) -> int:
    """The next round's attacker: fewer VP; a tie goes to who went out in the round just ended."""
    if vp[0] != vp[1]:
        return HAN if vp[0] < vp[1] else CHU
    return out


def shuffle(rng: PCG32, items: list) -> None:
    """Fisher-Yates walking down from the end, as rng.shuffle, but one draw serves several
    steps: the bounds i, i-1, ... are multiplied while the product stays below 0x4000 (so
    PCG32.below stays in small ints), and the draw is split into one digit per step. Each
    step stays uniform and independent; 14 events take 3 draws instead of 13."""
    i = len(items)
    while i > 1:
        bound = i
        k = i - 1
        while k > 1 and bound * k < 0x4000:
            bound *= k
            k -= 1
        r = rng.below(bound)
        while i > k:
            j = r % i
            r //= i
            i -= 1
            items[j], items[i] = items[i], items[j]


def event_deck(rng) -> "list[str]":
    """The face-down event deck, top first: every card but one Lull, shuffled by rng
    (None: in table order, for the table-mode pool). The Lull lies face up on it."""
    deck = []
    for e in EVENTS:
        for _ in range(e[2]):
            deck.append(e[0])
    deck.remove(FIRST_EVENT)
    if rng is not None:
        shuffle(rng, deck)
    return deck


class ChuHanGame:
    """The score of a whole game; see the module docstring."""

    def __init__(self, events: str = OFF) -> None:
        self.events = events  # OFF, VIRTUAL or TABLE
        self.round = 1
        self.phase = PLAY
        self.vp: "list[int]" = list(START_VP)
        self.attacker = HAN  # who attacks first this round
        self.edicts: "list[int]" = [0, 0]  # edicts taken this round, per player
        self.doubled = -1  # the player Xiang Yu doubles this round
        self.open_hand = -1  # the player Ji Bu made play open-handed this round
        # lists are replaced, never changed in place: a game read from JSON shares them
        # with the JSON it came from (chuhan/state.py), which must stay as it was
        self.used: "list[str]" = []  # rank-6 abilities used this round (tables.ONCE_A_ROUND)
        # the announced ability waiting for counters: [player, ability, counters, set VP]
        self.pending: "list | None" = None
        self.out = -1  # who went out this round
        self.last_out = -1  # who went out in the round before
        self.event = ""  # this round's face-up event ("" without events)
        self.event_deck: "list[str]" = []  # face down, top first (table mode: what is left, unordered)
        self.bonus_taken = False  # the event's end-of-round VP went to somebody
        self.winner = -1
        self.gains: "list[tuple]" = []  # (player, vp, source, doubled) since actions.apply cleared it
        self.earned: "list[list[int]]" = [[0] * len(SOURCES), [0] * len(SOURCES)]  # VP by source, per player

    # -- queries -------------------------------------------------------------------------
    def deck(self) -> int:
        """Cards left in the dynasty deck, the 4 unavailable ones included."""
        return DYNASTY - EDICT_CARDS * (self.edicts[0] + self.edicts[1])

    def edicts_left(self) -> int:
        return EDICTS - self.edicts[0] - self.edicts[1]

    def check_waits(self) -> bool:
        """Does the 31-VP check wait for the end of the round (and has it not come yet)?"""
        if not late_win(self.event):
            return False
        return self.phase == PLAY or (self.phase == ROUND_OVER and end_bonus(self.event) > 0
                                      and not self.bonus_taken)

    def _expect(self, phase: str, do: str) -> None:
        if self.phase != phase:
            if self.phase == OVER:
                raise illegal("chuhan.game_over", PLAYERS[self.winner])
            raise illegal("chuhan.not_now", do, self.phase)

    # -- VP and the win ----------------------------------------------------------------
    def gain(self, p: int, n: int, source: str) -> None:
        """p gains n VP (doubled by Xiang Yu); 31 wins at once unless the event delays it."""
        doubled = self.doubled == p
        if doubled:
            n *= XIANG_YU_FACTOR
        self.vp[p] += n
        self.gains.append((p, n, source, doubled))
        if source in SOURCES:
            mine = list(self.earned[p])  # replaced, not changed in place (see __init__)
            mine[SOURCES.index(source)] += n
            self.earned = [mine, self.earned[1]] if p == 0 else [self.earned[0], mine]
        if self.vp[p] >= WIN_VP and not late_win(self.event):
            self._win(p)

    def _win(self, p: int) -> None:
        self.winner = p
        self.phase = OVER
        self.pending = None

    def _round_end_check(self) -> None:
        w = end_winner(self.vp, self.out)
        if w >= 0:
            self._win(w)

    # -- abilities and counters ----------------------------------------------------------
    def resolve(self) -> tuple:
        """The waiting ability takes effect unless Lu Zhi cancelled it (and Xiao He did not
        cancel Lu Zhi). Returns (player, ability, cancelled, counters played), or () if
        nothing waited."""
        pend = self.pending
        if pend is None:
            return ()
        self.pending = None
        p = pend[0]
        ability = pend[1]
        cancelled = pend[2] == CANCELLED
        if not cancelled:
            o = 1 - p
            if ability == "han_xin":
                self.gain(o, HAN_XIN_VP, ability)
            elif ability == "xiao_ying":
                self.gain(o, XIAO_YING_VP, ability)
            elif ability == "xiang_yu":
                self.doubled = p
            elif ability == "ji_bu":
                if not self.edicts_left():
                    # he looked at the last 4 cards: the opponent shows his hand this round
                    self.open_hand = o
            elif pend[3]:
                self.gain(p, pend[3], "twos")
        return (p, ability, cancelled, pend[2])

    def accept(self) -> tuple:
        """Nobody counters (any more): the waiting ability resolves now."""
        self._expect(PLAY, "resolve")
        if self.pending is None:
            raise illegal("chuhan.nothing_waits")
        return self.resolve()

    def _check_once(self, ability: str) -> None:
        if ability in ONCE_A_ROUND and ability in self.used:
            raise illegal("chuhan.used_up", ability)

    def _announce(self, p: int, ability: str, set_vp: int) -> None:
        if ability in ONCE_A_ROUND:
            self.used = self.used + [ability]
        self.pending = [p, ability, NOT_COUNTERED, set_vp]

    def use_ability(self, p: int, ability: str) -> tuple:
        """Announce an ability of its own (tables.ABILITIES); it waits for counters."""
        self._expect(PLAY, "ability")
        self._check_once(ability)
        done = self.resolve()
        if self.phase == PLAY:
            self._announce(p, ability, 0)
        return done

    def counter(self, p: int, card: str) -> None:
        """Lu Zhi cancels the waiting ability of the opponent; Xiao He, played by the
        ability's owner, cancels Lu Zhi."""
        self._expect(PLAY, "counter")
        pend = self.pending
        if pend is None:
            raise illegal("chuhan.nothing_to_counter")
        if pend[2] == RESTORED:
            raise illegal("chuhan.counters_done")
        if card == LU_ZHI:
            if p == pend[0]:
                raise illegal("chuhan.lu_zhi_own", PLAYERS[p])
            if pend[2] == CANCELLED:
                raise illegal("chuhan.lu_zhi_again")
            pend[2] = CANCELLED
        else:
            if pend[2] != CANCELLED:
                raise illegal("chuhan.xiao_he_first")
            if p != pend[0]:
                raise illegal("chuhan.xiao_he_own", PLAYERS[pend[0]])
            pend[2] = RESTORED

    # -- the play ------------------------------------------------------------------------
    def take_edict(self, p: int) -> tuple:
        """p takes an edict and 2 cards. An ability announced before waits no longer: a
        Lu Zhi drawn with the edict cannot cancel it."""
        self._expect(PLAY, "edict")
        if not self.edicts_left():
            raise illegal("chuhan.no_edict")
        done = self.resolve()
        if self.phase == PLAY:
            self.edicts[p] += 1
        return done

    def play_set(self, p: int, cards, zm: bool, py: bool, last=None) -> tuple:
        """p plays a set (answering last, a set tuple, when given). Six or more 2s score;
        a set that uses an ability waits for counters first.
        Returns (what resolved before, the set's rank, the VP it scores)."""
        self._expect(PLAY, "set")
        reason = sets.why_not(cards, zm, py)
        if not reason and last is not None:
            reason = sets.why_not_answer(last, (cards, zm, py))
        if reason:
            raise illegal(*reason)
        used = sets.abilities(cards, zm, py) if zm or py or LIU_BANG_RANK in cards else None
        if used:
            for ability in used:
                self._check_once(ability)
        done = self.resolve()
        rank = sets.rank(cards, zm)
        score = len(cards) if rank == TWOS_RANK and len(cards) >= TWOS_MIN else 0
        if self.phase == PLAY:
            if used:
                if "liu_bang" in used and used[0] != "liu_bang":
                    self.used = self.used + ["liu_bang"]
                self._announce(p, used[0], score)
            elif score:
                self.gain(p, score, "twos")
        return done, rank, score

    def go_out(self, p: int, cards: int) -> tuple:
        """p's hand is empty; cards: how many the opponent holds. A waiting ability
        resolves first, so its VP may win before the going-out VP are scored."""
        self._expect(PLAY, "out")
        o = 1 - p
        most = most_cards(self.edicts[o])
        if cards > most:
            raise illegal("chuhan.hand_too_big", PLAYERS[o], most)
        done = self.resolve()
        if self.phase != PLAY:
            return done
        self.out = p
        self.phase = ROUND_OVER
        self.gain(p, going_out_vp(cards, self.edicts[o]), "out")
        if self.phase == ROUND_OVER and not self.check_waits():
            self._round_end_check()
        return done

    def take_bonus(self, p: int) -> None:
        """The event's end-of-round VP (Advance to Hangu Pass) go to p."""
        self._expect(ROUND_OVER, "bonus")
        n = end_bonus(self.event)
        if not n:
            raise illegal("chuhan.no_bonus")
        if self.bonus_taken:
            raise illegal("chuhan.bonus_taken")
        self.bonus_taken = True
        self.gain(p, n, "bonus")
        if self.phase == ROUND_OVER:
            self._round_end_check()

    def next_round(self, event: str = "") -> None:
        """Start the next round: fewer VP attacks, the next event is flipped (table mode:
        the one named). A win the event kept for the end of the round comes first."""
        self._expect(ROUND_OVER, "next_round")
        if self.events == TABLE:
            if not event and self.event_deck:
                raise bad_args("chuhan.event_needed")
            if event and event not in self.event_deck:
                raise illegal("chuhan.event_not_left", event)
        elif event:
            raise bad_args("chuhan.event_kept")
        self._round_end_check()
        if self.phase == OVER:
            return
        self.attacker = next_attacker(self.vp, self.out)
        self.last_out = self.out
        self.out = -1
        self.round += 1
        self.phase = PLAY
        self.edicts = [0, 0]
        self.doubled = -1
        self.open_hand = -1
        self.used = []
        self.bonus_taken = False
        if self.events == OFF or not self.event_deck:
            self.event = ""  # (decision) an exhausted event deck: rounds without events
        elif self.events == TABLE:
            left = list(self.event_deck)
            left.remove(event)
            self.event_deck = left
            self.event = event
        else:
            self.event = self.event_deck[0]
            self.event_deck = self.event_deck[1:]


def new_game(events: str = OFF, seed: int = 0, stream: int = 0) -> ChuHanGame:
    """Han 0 VP, Chu 1 VP, Han attacks; with events the Lull lies face up on the deck."""
    if events not in MODES:
        raise bad_args("chuhan.mode")
    g = ChuHanGame(events)
    if events != OFF:
        g.event = FIRST_EVENT
        g.event_deck = event_deck(PCG32(seed, stream) if events == VIRTUAL else None)
    return g


# -- the game template (shared_rules/games.py): settings, new, apply, queries -------------------
def check_settings(settings) -> dict:
    """A game's settings: {"events": "off" | "virtual" | "table"}; the players are Han and Chu."""
    if not isinstance(settings, dict):
        raise bad_args("settings must be a JSON object")
    for key in settings:
        if key != "events":
            raise bad_args("settings has an unknown key \"" + str(key)[:20] + "\"; the key is events")
    if settings.get("events", OFF) not in MODES:
        raise bad_args("chuhan.mode")
    return settings


def new(settings: dict, seed: int) -> ChuHanGame:
    """A new game: Han 0 VP, Chu 1 VP; with events the deck as the settings ask."""
    check_settings(settings)
    return new_game(settings.get("events", OFF), seed)


def settings_of(game: ChuHanGame) -> dict:
    return {"events": game.events}


def apply(game: ChuHanGame, action) -> dict:
    """One JSON action (chuhan/actions.py): what it did, as JSON; RulesError changes nothing. A
    finished game takes no more actions (undo takes back its end)."""
    from shared_rules.chuhan.actions import apply as act

    if is_over(game):
        raise illegal("over")
    return act(game, action)


def actor(game: ChuHanGame) -> str:
    """Either player may act at any time (the actions name who): none in particular."""
    return ""


def is_over(game: ChuHanGame) -> bool:
    return game.phase == OVER
