"""A game of Rise of the Khaan as the companion keeps it beside the board.

The 31 areas, the herds and the armies stay on the table; the box keeps what its tools
decide and what the table would otherwise write down: the players (in seat order), the
round and the kurultai interval, each player's prestige tokens, the Great Khan once
elected, and the last roll of each tool (the dice, the turn order, a battle, a plunder)
with the PCG32 state they come from - so a roll cannot be taken back and rolled again
by undoing it: the undone game holds the same generator, and the same roll comes again.

The engine speaks in player indexes; khaan/actions.py turns JSON actions into these
calls and khaan/state.py saves and restores the game. Every rule check runs before
anything changes, so a refused action changes nothing.
"""

from shared_rules import args as A
from shared_rules.dice import roll_faces
from shared_rules.errors import bad_args, illegal
from shared_rules.khaan import combat, dice, kurultai, plunder, prestige
from shared_rules.khaan.tables import (ACTIONS, COMBAT_DIE, DICE, DICE_IN_BOX, KURULTAI_EVERY, MAX_PLAYERS,
                                       MAX_PRESTIGE, MIN_PLAYERS, PLUNDER_DIE, TRIBES)
from shared_rules.rng import PCG32

EACH = DICE_IN_BOX // 2  # the box holds 4 d6 and 4 d4
MAX_ROUND = 10000
MAX_EVERY = 100
MAX_NAME = 16
INTERVAL_UNITS = ("turn", "round")  # what the kurultai interval counts; the rulebook's tura is a player's turn
SETTINGS_KEYS = ("players", "every", "unit")
STATE_VERSION = 1


class KhaanGame:
    def __init__(self, players: "list[str]", rng: PCG32) -> None:
        n = len(players)
        self.players = players
        self.rng = rng
        self.round = 1
        self.every = KURULTAI_EVERY  # turns (or rounds) from one kurultai to the next
        self.unit = "round"  # what "every" counts: INTERVAL_UNITS; the settings give it ("turn" by the rulebook)
        self.turn = 0  # whose turn it is: a seat index
        self.first = 0  # the seat that began the game (the turn-order roll's first), each round's first
        self.prestige = [0] * n  # prestige tokens of each player (the ledger of actions)
        self.khan = -1  # the Great Khan, once elected
        self.counts = [1, 1]  # d6 and d4 of the last roll (the growth roll to begin with)
        self.rolls = []  # its results, d6 first
        self.order = None  # the turn-order roll: player indexes, first to choose first
        self.rounds = None  # ...and its rounds: a roll per player, None for one who did not roll
        self.battle = None  # (attacker, defender, [two d6]); a side is (horde, army, guard, bonus)
        self.loot = None  # (target index, fertility, population, rolls)

    def _player(self, p: int) -> None:
        if not 0 <= p < len(self.players):
            raise bad_args("khaan.no_player", p)

    # -- the tools ---------------------------------------------------------------------------
    def roll(self, d6: int, d4: int) -> "list[int]":
        """The dice tool: so many d6 and d4 rolled at once (d6 first)."""
        if not 0 <= d6 <= EACH or not 0 <= d4 <= EACH:
            raise bad_args("khaan.dice_count", EACH)
        if not d6 + d4:
            raise illegal("khaan.no_dice")
        self.rolls = roll_faces(self.rng, [DICE["d6"]] * d6 + [DICE["d4"]] * d4)
        self.counts = [d6, d4]
        return self.rolls

    def roll_order(self) -> "tuple[list[int], list[list]]":
        """The turn-order roll: highest first, ties re-rolled among the tied players. Rolled
        before any turn has ended, its first player begins the game («Gracz rozpoczynający»),
        the turns then going clockwise (in seat order) from him; a later roll changes nothing
        of the turns."""
        self.order, self.rounds = dice.order(self.rng, len(self.players))
        if self.round == 1 and self.turn == self.first:
            self.first = self.turn = self.order[0]
        return self.order, self.rounds

    def fight(self, attacker: tuple, defender: tuple, given: "list[int]") -> tuple:
        """A battle; given: each side's d6 as the table rolled it, 0 for the box to roll.
        Returns (the two d6, combat.battle's (winner, [SA, SD], attacker's losses, defender's
        losses))."""
        rolls = list(given)
        need = [k for k in (0, 1) if not rolls[k]]
        if need:
            got = roll_faces(self.rng, [DICE[COMBAT_DIE]] * len(need))
            for j in range(len(need)):
                rolls[need[j]] = got[j]
        self.battle = (tuple(attacker), tuple(defender), rolls)
        return rolls, combat.battle(attacker, defender, rolls)

    def plunder(self, target: int, fertility: int, population: int, by: int = -1, owner: int = -1) -> dict:
        """A plunder after a won battle: a pasture (d4 herd, d4 population) of an
        independent tribe or of another player, or a settled people (d4 gold). by: the
        player who plunders, owner: the player whose pasture it is (-1: not entered), for
        the prestige the plunder earns and costs."""
        kind = plunder.TARGETS[target]
        if kind != plunder.PLAYER:
            population = 0
            owner = -1
        if kind == plunder.SETTLED:
            fertility = 0
        if population > fertility:
            raise bad_args("khaan.plunder_pasture", population, fertility)
        for p in (by, owner):
            if p >= 0:
                self._player(p)
        if by >= 0 and by == owner:
            raise illegal("khaan.plunder_own")
        rolls = roll_faces(self.rng, [DICE[PLUNDER_DIE]] * (1 if kind == plunder.SETTLED else 2))
        if kind == plunder.SETTLED:
            got = plunder.settled(rolls[0])
        else:
            got = plunder.pasture(fertility, rolls[0], rolls[1], population)
        self.loot = (target, fertility, population, rolls)
        got["rolls"] = rolls
        points = got["prestige"]
        if by >= 0:
            self.prestige[by] = _add(self.prestige[by], points["attacker"])
        if owner >= 0:
            self.prestige[owner] = _add(self.prestige[owner], points["defender"])
        return got

    # -- prestige ----------------------------------------------------------------------------
    def record(self, p: int, action: int) -> int:
        """A prestige action of tables.ACTIONS for player p; the change it made."""
        self._player(p)
        before = self.prestige[p]
        after = prestige.record(before, [action])[0]  # signed: a loss is the tribe's, holdings and all
        if not -MAX_PRESTIGE <= after <= MAX_PRESTIGE:
            raise illegal("khaan.prestige", MAX_PRESTIGE)
        self.prestige[p] = after
        return after - before

    def adjust(self, p: int, points: int) -> int:
        """Prestige tokens given or taken by hand (a card, an event); the change."""
        self._player(p)
        after = self.prestige[p] + points
        if not -MAX_PRESTIGE <= after <= MAX_PRESTIGE:
            raise illegal("khaan.prestige", MAX_PRESTIGE)
        self.prestige[p] = after
        return points

    # -- turns, rounds and the kurultai ---------------------------------------------------------
    # «Kurułtaj odbywa się co określoną ilość tur (najczęściej 4)»: a tura is one player's
    # turn («Gracze wykonują swoje tury zgodnie z ruchem wskazówek zegara»), so the interval
    # counts turns by the rulebook; a table may count whole rounds instead (unit "round").
    def played(self) -> int:
        """Units (turns or rounds) of the interval played before the current one."""
        if self.unit == "turn":
            return (self.round - 1) * len(self.players) + (self.turn - self.first) % len(self.players)
        return self.round - 1

    def left(self) -> int:
        """Turns (or rounds) after this one to the next kurultai; 0: one is held at the end
        of this turn (round)."""
        return left_after(self.played(), self.every)

    def set_round(self, r: int) -> None:
        """The round as the table counts it (a correction)."""
        if not 1 <= r <= MAX_ROUND:
            raise illegal("khaan.round", MAX_ROUND)
        self.round = r

    def set_every(self, e: int) -> None:
        if not 1 <= e <= MAX_EVERY:
            raise illegal("khaan.every", MAX_EVERY)
        self.every = e

    def _due(self) -> None:
        if self.khan >= 0:
            raise illegal("khaan.elected")
        if not self.left():
            raise illegal("khaan.kurultai_due", self.unit)

    def next_turn(self) -> None:
        """A player's turn ends without a kurultai; after the last seat the round ends."""
        if self.unit == "turn" or (self.turn + 1) % len(self.players) == self.first:
            self._due()
        self._end_turn()

    def next_round(self) -> None:
        """The round ends without a kurultai (the interval counts rounds)."""
        if self.unit == "turn":
            raise illegal("khaan.by_turn")
        self._due()
        self.set_round(self.round + 1)
        self.turn = self.first

    def _end_turn(self) -> None:
        after = (self.turn + 1) % len(self.players)
        if after != self.first:
            self.turn = after
        else:  # the last of the round: the next begins with its first again
            self.set_round(self.round + 1)
            self.turn = self.first

    def kurultai(self, votes: "list[int]", ends_round: bool) -> int:
        """The tally: the votes each player got from the 12 tribes; a player with two
        thirds of them is the Great Khan. ends_round: the kurultai due at the end of this
        turn or round (which then ends) rather than one called by hand. The Khan, or -1."""
        if self.khan >= 0:
            raise illegal("khaan.elected")
        if len(votes) != len(self.players):
            raise bad_args("khaan.votes_count", len(self.players))
        total = 0
        for v in votes:
            if v < 0:
                raise bad_args("khaan.votes", TRIBES)
            total += v
        if total > TRIBES:
            raise illegal("khaan.votes", TRIBES)
        need = kurultai.needed(TRIBES)
        for k in range(len(votes)):
            if votes[k] >= need:
                self.khan = k
        if self.khan < 0 and ends_round:
            if self.unit == "turn":
                self._end_turn()
            else:
                self.set_round(self.round + 1)
                self.turn = self.first
        return self.khan


def left_after(played: int, every: int) -> int:
    """Units (turns or rounds) after the current one to the kurultai held at the end of
    every `every`-th, `played` units being over; 0: it is held at the end of this one."""
    return (every - (played + 1) % every) % every


def _add(prestige_tokens: int, points: int) -> int:
    """A plunder's prestige on a player's ledger: signed like every action's (prestige.record:
    a loss is the tribe's «na bieżąco», holdings and all, so "plundered" on an empty ledger
    is -1 as the PRES action gives it), kept within the ledger's bounds."""
    after = prestige_tokens + points
    return -MAX_PRESTIGE if after < -MAX_PRESTIGE else MAX_PRESTIGE if after > MAX_PRESTIGE else after


def action_index(key: str) -> int:
    for k in range(len(ACTIONS)):
        if ACTIONS[k][0] == key:
            return k
    return -1


# -- the game template (shared_rules/games.py): settings, new, apply, queries -------------------
def check_settings(settings) -> dict:
    """A game's settings: {"players": [2-6 distinct player ids, in seat order], "every": the
    kurultai interval (1-100, 4 by default), "unit": what it counts, "turn" (one player's
    turn, the rulebook's tura) or "round"}. A game saved before the interval was a setting
    has neither key: it counted rounds, every 4th, and still does."""
    if not isinstance(settings, dict):
        raise bad_args("settings must be a JSON object")
    for key in settings:
        if key not in SETTINGS_KEYS:
            raise bad_args("settings has an unknown key \"" + str(key)[:20] + "\"; the keys are "
                           + ", ".join(SETTINGS_KEYS))
    check_players(settings.get("players"), "settings.players")
    A.integer(settings, "every", 1, MAX_EVERY, KURULTAI_EVERY)
    A.choice(settings, "unit", INTERVAL_UNITS, "round")
    return settings


def check_players(players, where: str) -> "list[str]":
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise bad_args("khaan.list", where, MIN_PLAYERS, MAX_PLAYERS)
    for k in range(len(players)):
        p = players[k]
        if not isinstance(p, str) or not 0 < len(p) <= MAX_NAME:
            raise bad_args("khaan.name", where, MAX_NAME)
        if p in players[k + 1:]:
            raise bad_args("khaan.twice", where, p)
    return players


def new(settings: dict, seed: int) -> KhaanGame:
    """A new game: round 1, nobody's prestige yet, the dice's generator seeded."""
    check_settings(settings)
    g = KhaanGame(list(settings["players"]), PCG32(seed, 0))
    g.every = settings.get("every", KURULTAI_EVERY)
    g.unit = settings.get("unit", "round")
    return g


def settings_of(game: KhaanGame) -> dict:
    return {"players": list(game.players), "every": game.every, "unit": game.unit}


def apply(game: KhaanGame, action) -> dict:
    """One JSON action (khaan/actions.py): what it did, as JSON; RulesError changes nothing. A
    finished game takes no more actions (undo takes back its end)."""
    from shared_rules.khaan.actions import apply as act

    if is_over(game):
        raise illegal("over")
    return act(game, action)


def actor(game: KhaanGame) -> str:
    """The tools serve the whole table: none in particular."""
    return ""


def is_over(game: KhaanGame) -> bool:
    """The game is over once a Great Khan is elected."""
    return game.khan >= 0
