"""A whole game of Khan as a state machine: setup, turns, special cards, final phase, end.

The engine speaks in cell and ruler indexes; khan/actions.py turns JSON actions into these
calls, and khan/parse.py restores a saved state. A turn: flip (step 1), two actions or the
double action (step 2), the special card (steps 3-4), end (refill the hand to 4, step 5).
After the 5th ruler is home every turn is two conquests, until nobody can conquer.

"Virtual" mode keeps the deck, the discards and every hand here and flips for the table;
"table" mode leaves the cards on the table and the players enter what they flipped.
Every rule check runs before anything changes, so an illegal move changes nothing.
KhanGame is two modules: its state and turns (khan/game_turns.py KhanTurns) and the special
cards, a turn's end and the scores here, imported one at a time by a host's first request.
"""

from shared_rules.errors import bad_args, illegal
from shared_rules.khan import conquer
from shared_rules.khan.deck import Deck  # noqa: F401  (the name here too: khan/load_game.py, khan/packed_state.py)
from shared_rules.khan.position import Position, check_player_id
from shared_rules.khan.tables import GODS, HAND_SIZE, MORALE, MORALE_COMBOS, PATRONAGE, RULERS, SPECIALS
from shared_rules.pause import pause
from shared_rules.rng import PCG32
from shared_rules.khan.game_turns import (ACTIONS, CONQUESTS, END, FINAL, FLIP, OVER, SETUP, SPECIAL,  # noqa: F401
                                          STATE_VERSION, TABLE, TURN, VIRTUAL, KhanTurns)  # (the names here too)


class KhanGame(KhanTurns):
    # -- steps 3 and 4: special cards --------------------------------------------------
    def specials_allowed(self) -> "list[str]":
        """The special cards the current player could play now."""
        if self.phase != TURN or self.step != SPECIAL:
            return []
        mine = self.specials[self.player]
        return [c for c in SPECIALS if mine[c] > 0 and not self._special_why_not(c)]

    def _special_why_not(self, card: str) -> str:
        me = self.player
        two = len(self.players) == 2
        if card == MORALE:
            if "".join(sorted(self.done)) + "C" not in MORALE_COMBOS:
                return "khan.morale_combo"
            if not self.can_conquer():
                return "khan.morale_no_conquest"
        if card == PATRONAGE:
            if self.prot.patronage is not None and self.prot.patronage != me:
                return "khan.patronage_taken"
            if two and self._used_last_turn(PATRONAGE):
                return "khan.patronage_twice"
        if card == GODS:
            if len(self.players) < 4 and self.prot.gods:
                return "khan.gods_taken"
            if two and self._used_last_turn(GODS):
                return "khan.gods_twice"
        return ""

    def _used_last_turn(self, card: str) -> bool:
        last = self.last_used.get(card)
        return last is not None and last[0] == self.player and last[1] == self.turn - len(self.players)

    def special(self, card: str, region: int = 0, key: str = "") -> None:
        """Step 4: one special card. region: Support of the Gods with 4 players (terrain
        code); key: the figure Land Reconnaissance reserves."""
        self._expect(TURN, SPECIAL, "special")
        me = self.player
        n = len(self.players)
        if self.specials[me].get(card, 0) < 1:
            raise illegal("khan.no_special", me, card)
        why = self._special_why_not(card)
        if why:
            raise illegal(why)
        if card == MORALE:
            self.extra = True
            self.step = ACTIONS
            self.actions = 1
        elif card == PATRONAGE:
            self.prot.patronage = me
        elif card == GODS:
            if n == 4:
                if not region:
                    raise bad_args("khan.gods_region")
                for g in self.prot.gods:
                    if g[1] == region:
                        raise illegal("khan.gods_region_taken")
            else:
                region = 0
            self.prot.gods.append((me, region))
        else:
            if conquer.available(self.stock, self.prot, me, key) < 1:
                raise illegal("khan.recon_none", key)
            self.prot.recon.append((me, key, n < 4))
        if card != MORALE:
            self.step = END
        if card == PATRONAGE or card == GODS:
            self.last_used[card] = [me, self.turn]
        self.specials[me][card] -= 1

    # -- ends of turns -------------------------------------------------------------
    def end(self) -> "list[int]":
        """End the turn: refill the hand to 4 (virtual mode) and pass to the left.
        Returns the cards drawn."""
        drawn = []
        if self.phase == FINAL:
            self._expect(FINAL, CONQUESTS, "end")
            if self.actions < 2 and self.can_conquer():
                raise illegal("khan.must_conquer", self.player)
            pause()
        else:
            self._expect(TURN, SPECIAL + " " + END, "end")
            hand = self.hand()
            while self.mode == VIRTUAL and len(hand) < HAND_SIZE:
                hand.append(self.deck.take(self.rng))
                drawn.append(hand[-1])
        self.current = (self.current + 1) % len(self.players)
        if self.final_next:
            self.phase = FINAL
            self.final_next = False
            self.expel_blocked = False
        self._start_turn()
        if self.phase == FINAL:
            self._maybe_over()
        return drawn

    def scores(self) -> dict:
        return score_position(self.pos, self.players)


def score_position(pos: Position, players: list) -> dict:
    """Full end scoring of the figures on a board (khan/score.py position: the khan.score op
    scores without this module)."""
    from shared_rules.khan import score

    return score.position(pos, players)


def new_game(board_ref: str, players: list, mode: str, seed: int, stream: int = 0) -> KhanGame:
    check_players(players)
    if mode != VIRTUAL and mode != TABLE:
        raise bad_args("khan.mode")
    return _starts(KhanGame(board_ref, list(players), mode, PCG32(seed, stream)))


def blank_game(board_ref: str, players: list, rng: PCG32) -> KhanGame:
    """A game in table mode to be filled in from a saved state (khan/load.py,
    khan/packed_state.py): its players and board checked as new_game checks them, the rng
    given; its pos is None until the reader sets it."""
    check_players(players)
    return _starts(KhanGame(board_ref, list(players), TABLE, rng, False))


def _starts(game: KhanGame) -> KhanGame:
    """game, if its board has a start for every ruler."""
    missing = [RULERS[r] for r in range(len(RULERS)) if r not in game.board.starts]
    if missing:
        raise bad_args("khan.no_start", " ".join(missing))
    return game


# -- the game template (shared_rules/games.py): settings, new, apply, queries -------------------
SETTINGS_KEYS = ("board", "mode", "players")


def check_settings(settings) -> dict:
    """A game's settings: {"players": [2-4 ids], "mode": "virtual" | "table", "board":
    "default" or board text (optional)}; bad_args names what is wrong."""
    if not isinstance(settings, dict):
        raise bad_args("settings must be a JSON object")
    for key in settings:
        if key not in SETTINGS_KEYS:
            raise bad_args("settings has an unknown key \"" + str(key)[:20] + "\"; keys are " + ", ".join(SETTINGS_KEYS))
    board = settings.get("board", "default")
    if not isinstance(board, str):
        raise bad_args("settings.board must be \"default\" or board text")
    if settings.get("mode", VIRTUAL) not in (VIRTUAL, TABLE):
        raise bad_args("khan.mode")
    check_players(settings.get("players"))
    return settings


def check_players(players) -> None:
    """2 to 4 player ids, each once."""
    if not isinstance(players, list) or len(players) < 2 or len(players) > 4:
        raise bad_args("khan.players")
    for k in range(len(players)):
        check_player_id(players[k], "players")
        if players[k] in players[k + 1:]:
            raise bad_args("khan.player_twice", players[k])


def new(settings: dict, seed: int) -> KhanGame:
    """A new game: the rulers on their start cells, the cards dealt (virtual mode)."""
    check_settings(settings)
    return new_game(settings.get("board", "default"), settings["players"], settings.get("mode", VIRTUAL), seed)


def settings_of(game: KhanGame) -> dict:
    out = {"players": list(game.players), "mode": game.mode}
    if game.board_ref != "default":
        out["board"] = game.board_ref
    return out


def apply(game: KhanGame, action) -> dict:
    """One JSON action (khan/actions.py): what it did, as JSON; RulesError changes nothing. A
    finished game takes no more actions (undo takes back its end)."""
    from shared_rules.khan.actions import apply as act

    if is_over(game):
        raise illegal("over")
    return act(game, action)


def actor(game: KhanGame) -> str:
    """Who acts next: the player to move."""
    return game.player


def is_over(game: KhanGame) -> bool:
    return game.phase == OVER
