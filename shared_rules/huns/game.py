"""A whole game of Huns as a state machine: setup loot, rounds of five dice, end check, scoring.

The engine speaks in colour and seat indexes; huns/actions.py turns JSON actions into these
calls and huns/state.py saves and restores the game. A round: the first player rolls the
five action dice (or enters the table's roll); from him clockwise each player takes one die
and takes cards or loot of its colour; when the five are gone, the end of the round checks
the supply and the decks, and the first-player token passes to the left.

The companion counts what the end check needs: loot cubes in the supply and cards in the
decks, by colour. The camps stay on the table; card effects that bring cubes or cards back
are entered with recount. Every rule check runs before anything changes, so a refused
action changes nothing.
"""

from shared_rules.errors import bad_args, illegal
from shared_rules.huns import dice, score
from shared_rules.huns.tables import (CARDS_PER_COLOUR, COLOURS, DECKS, DIE_FACES, FACE_DIGITS, LOOT_PER_COLOUR,
                                      MAX_FACE, MAX_FACES, MAX_PLAYERS, MIN_PLAYERS, START_LOOT)
from shared_rules.rng import PCG32

# phases
SETUP = "setup"  # the third and fourth players take their loot cubes
ROLL = "roll"  # the first player rolls the action dice
TAKE = "take"  # players take the dice in turn
END = "end"  # every die is taken: end the round (card effects may still recount)
SCORING = "scoring"  # the end check ended the game: enter each camp for final scoring
OVER = "over"  # scored
PHASES = (SETUP, ROLL, TAKE, END, SCORING, OVER)
_RECOUNT_PHASES = (ROLL, TAKE, END)
# the two actions of a turn
CARDS = "cards"
LOOT = "loot"
STATE_VERSION = 1
NO_SEAT = -1


_scratch = []  # one generator, set to the saved state before each roll (seeding one costs)


def roll_dice(rng_state: "list[int]", faces) -> "tuple[list[int], list[int]]":
    """Roll the dice from a saved generator state: (values, the state after)."""
    if not _scratch:
        _scratch.append(PCG32())
    rng = _scratch[0]
    rng.setstate(rng_state)
    return dice.roll(rng, faces), rng.getstate()


class HunsGame:
    # Where a new game starts; an instance gets its own value when one changes (loading a
    # game must stay cheap: every op has 5 ms on the Pico).
    round = 1
    phase = ROLL
    start_loot: "tuple" = ()  # (seat, cubes) still to take at setup, in turn order; replaced, never changed
    final: "list | None" = None  # the scoring entry (ten counts a camp, see huns/score.py) once scored
    _result: "dict | None" = None

    def __init__(self, players: int, rng: "list[int]", faces, first: int, supply: "list[int]", decks: "list[int]",
                 dice_values: "list[int]", taken: "list[int]") -> None:
        self.players = players
        self.rng = rng  # the PCG32 state (getstate()): a generator is set to it only to roll
        self.faces = faces  # the faces of each die (one digit each), in colour order
        self.first = first  # the seat holding the first-player token
        self.supply = supply  # loot cubes in the supply, by colour
        self.decks = decks  # cards in the decks, by colour
        self.dice = dice_values  # values rolled this round, in colour order; 0 before the roll
        self.taken = taken  # colours of the dice taken this round, in order

    @property
    def current(self) -> int:
        """The seat to act: setup loot, the roll, the next die; NO_SEAT once the game ended."""
        if self.phase == TAKE:
            return (self.first + len(self.taken)) % self.players  # dice.taker, inlined: asked often
        if self.phase == SETUP:
            return self.start_loot[0][0]
        if self.phase == ROLL or self.phase == END:
            return self.first
        return NO_SEAT

    def left(self) -> "list[int]":
        """The colours of the dice not taken yet this round (none before the roll)."""
        if self.phase != TAKE:
            return []
        return [c for c in range(len(COLOURS)) if c not in self.taken]

    def _expect(self, phase: str, do: str) -> None:
        """Refuse an action that does not belong to this phase."""
        if self.phase != phase:
            raise illegal("huns.not_now", do, self.phase)

    # -- setup ---------------------------------------------------------------------
    def take_start_loot(self, colours: "list[int]") -> "tuple[int, list[int]]":
        """The third (and fourth) player takes setup cubes of different colours from the
        supply. Returns (seat, colours)."""
        self._expect(SETUP, "start_loot")
        seat, cubes = self.start_loot[0]
        if len(colours) != cubes:
            raise illegal("huns.start_loot_count", seat, cubes)
        for k in range(len(colours)):
            if colours[k] in colours[k + 1:]:
                raise illegal("huns.start_loot_twice", COLOURS[colours[k]])
            if self.supply[colours[k]] < 1:
                raise illegal("huns.supply_empty", COLOURS[colours[k]])
        for c in colours:
            self.supply[c] -= 1
        self.start_loot = self.start_loot[1:]
        if not self.start_loot:
            self.phase = ROLL
        return seat, colours

    # -- the round -------------------------------------------------------------------
    def roll(self, values=None) -> "list[int]":
        """Step 1: the first player rolls the five dice (values: the table's own roll)."""
        self._expect(ROLL, "roll")
        if values is None:
            values, self.rng = roll_dice(self.rng, self.faces)
        else:
            for c in range(len(COLOURS)):
                if not is_face(self.faces[c], values[c]):
                    raise illegal("huns.not_a_face", values[c], COLOURS[c], self.faces[c])
        self.dice = list(values)
        self.taken = []
        self.phase = TAKE
        return self.dice

    def take(self, colour: int, action: str, placed: int = -1) -> "tuple[int, int, int]":
        """Step 2: the current player takes a die and takes its cards or its loot.

        cards: draw as many cards of the colour as the die shows (fewer if the deck runs
        short), keep one (a curse goes to an opponent's camp), put the rest under the deck.
        loot: take as many cubes as the die shows (fewer, or none, if the supply runs
        short); `placed` of them stay on a card or on wagons (default all), the rest go
        back to the supply. Returns (seat, cards drawn or cubes taken, cubes placed).
        """
        if self.phase != TAKE:
            raise illegal("huns.not_now", "take", self.phase)
        seat = (self.first + len(self.taken)) % self.players  # dice.taker
        if colour in self.taken:
            raise illegal("huns.die_taken", COLOURS[colour])
        value = self.dice[colour]
        if action == CARDS:
            if placed >= 0:
                raise bad_args("huns.placed_with_cards")
            deck = self.decks[colour]
            if deck < 1:
                raise illegal("huns.deck_empty", DECKS[colour])
            count = value if value < deck else deck
            self.decks[colour] = deck - 1  # one card is kept, the others go under the deck
            placed = 0
        elif action == LOOT:
            have = self.supply[colour]
            count = value if value < have else have
            if placed < 0:
                placed = count
            if placed > count:
                raise illegal("huns.placed_more", placed, count, COLOURS[colour])
            self.supply[colour] = have - placed
        else:
            raise bad_args("huns.action")
        self.taken.append(colour)
        if len(self.taken) == len(COLOURS):
            self.phase = END
        return seat, count, placed

    def end_round(self) -> "tuple[bool, list[int], list[int]]":
        """Steps 3-4: the end check, at the end of a round only: a loot colour or a deck run
        out ends the game; otherwise the first-player token passes to the left.
        Returns (game over, empty loot colours, empty decks)."""
        self._expect(END, "end")
        empty_loot, empty_decks = end_check(self.supply, self.decks)
        self.dice = [0] * len(COLOURS)
        self.taken = []
        if empty_loot or empty_decks:
            self.phase = SCORING
            return True, empty_loot, empty_decks
        self.first = dice.next_first(self.players, self.first)
        self.round += 1
        self.phase = ROLL
        return False, empty_loot, empty_decks

    def recount(self, supply=None, decks=None) -> None:
        """Set what the table shows after card effects: loot cubes in the supply and cards
        in the decks by colour (-1: unchanged)."""
        if self.phase not in _RECOUNT_PHASES:
            raise illegal("huns.not_now", "recount", self.phase)
        n = self.players
        for values, top, what in ((supply, LOOT_PER_COLOUR[n], "supply"), (decks, CARDS_PER_COLOUR[n], "decks")):
            if values is not None:
                for c in range(len(COLOURS)):
                    if values[c] > top:
                        raise illegal("huns.recount_over", what, COLOURS[c], top)
        for have, values in ((self.supply, supply), (self.decks, decks)):
            if values is not None:
                for c in range(len(COLOURS)):
                    if values[c] >= 0:
                        have[c] = values[c]

    # -- final scoring ------------------------------------------------------------------
    def score(self, camps: list) -> dict:
        """Final scoring, once the end check ended the game: one camp (its ten counts) per seat."""
        self._expect(SCORING, "score")
        if len(camps) != self.players:
            raise bad_args("huns.camps_count", self.players)
        result = score.score(camps)
        self.final = camps
        self._result = result
        self.phase = OVER
        return result

    def result(self) -> "dict | None":
        """The final scoring, once scored; else None."""
        if self.final is not None and self._result is None:
            self._result = score.score(self.final)
        return self._result


def end_check(supply, decks) -> "tuple[list[int], list[int]]":
    """The colours whose loot supply is empty and those whose deck is empty: any of them
    at the end of a round ends the game. Cubes and cards that came back count."""
    empty_loot = [c for c in range(len(COLOURS)) if supply[c] < 1]
    empty_decks = [c for c in range(len(COLOURS)) if decks[c] < 1]
    return empty_loot, empty_decks


def is_face(sides: str, value: int) -> bool:
    """Does a die with these faces (one digit each) show this value on some face?"""
    return 0 < value <= MAX_FACE and FACE_DIGITS[value - 1] in sides


def check_faces(faces) -> None:
    """Every die needs 1 to MAX_FACES faces, one digit 1..MAX_FACE each (a 0 could not
    take cards)."""
    for c in range(len(COLOURS)):
        sides = faces[c]
        if not isinstance(sides, str) or not sides or len(sides) > MAX_FACES or sides.strip(FACE_DIGITS):
            raise bad_args("huns.faces", COLOURS[c], MAX_FACES, MAX_FACE)


def new_game(players: int, seed: int, stream: int = 0, first: int = NO_SEAT, faces=None) -> HunsGame:
    """A new game: the supply and decks for the player count, a random first player
    (unless `first` is given), the setup loot of the third and fourth players to take."""
    if type(players) is not int or players < MIN_PLAYERS or players > MAX_PLAYERS:
        raise bad_args("huns.players", MIN_PLAYERS, MAX_PLAYERS)
    if faces is None:
        faces = DIE_FACES
    elif faces is not DIE_FACES:  # (the tables' own dice are checked by a test)
        check_faces(faces)
    rng = PCG32(seed, stream)
    if first == NO_SEAT:
        first = rng.below(players)
    elif first < 0 or first >= players:
        raise bad_args("huns.no_seat", first, players - 1)
    game = HunsGame(players, rng.getstate(), faces if faces is DIE_FACES else tuple(faces), first,
                    [LOOT_PER_COLOUR[players]] * len(COLOURS),
                    [CARDS_PER_COLOUR[players]] * len(COLOURS), [0] * len(COLOURS), [])
    game.start_loot = setup_loot(players, first)
    if game.start_loot:
        game.phase = SETUP
    return game


def setup_loot(players: int, first: int) -> tuple:
    """(seat, cubes) of each player who takes loot cubes at setup, in turn order."""
    cubes = START_LOOT[players]
    return tuple((dice.taker(players, first, place), cubes[place]) for place in range(players) if cubes[place])


# -- the game template (shared_rules/games.py): settings, new, apply, queries -------------------
def check_settings(settings) -> dict:
    """A game's settings: {"players": [2-4 distinct player ids, in seat order]} (the seats'
    colours on the box; the rules count seats)."""
    if not isinstance(settings, dict):
        raise bad_args("settings must be a JSON object")
    for key in settings:
        if key != "players":
            raise bad_args("settings has an unknown key \"" + str(key)[:20] + "\"; the key is players")
    seats = settings.get("players")
    if not isinstance(seats, list) or not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise bad_args("huns.players", MIN_PLAYERS, MAX_PLAYERS)
    for k in range(len(seats)):
        if not isinstance(seats[k], str) or not 0 < len(seats[k]) <= 16 or seats[k] in seats[k + 1:]:
            raise bad_args("settings.players must be distinct names of 1 to 16 characters")
    return settings


def new(settings: dict, seed: int) -> HunsGame:
    """A new game for the seats of the settings; the first player drawn from the seed."""
    check_settings(settings)
    return new_game(len(settings["players"]), seed)


def settings_of(game: HunsGame) -> dict:
    from shared_rules.games import COLOURS

    return {"players": list(COLOURS[:game.players])}


def apply(game: HunsGame, action) -> dict:
    """One JSON action (huns/actions.py): what it did, as JSON; RulesError changes nothing. A
    finished game takes no more actions (undo takes back its end)."""
    from shared_rules.huns.actions import apply as act

    if is_over(game):
        raise illegal("over")
    return act(game, action)


def actor(game: HunsGame) -> int:
    """The seat to act (NO_SEAT once the game is over)."""
    return game.current


def is_over(game: HunsGame) -> bool:
    return game.phase == OVER
