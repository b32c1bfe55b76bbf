"""Play Khan through the device's buttons: each move of the random player becomes the
presses a person would make, and every result is checked against the rules core.

press(button, long) must press a button on the device and return the reply of ui.press
(the screen's mode, cursor and choice); get_state() returns state.get's "state". Used by
`steppe play` without a terminal (a scripted demo) and by the tests of the firmware,
over the serial link or in-process.
"""

from shared_rules import cjson
from shared_rules.khan import load, randplay, state
from shared_rules.khan.game import END, FINAL, OVER
from shared_rules.rng import PCG32

SPECIAL_LETTERS = {"morale": "M", "patronage": "P", "gods": "G", "recon": "R"}


class DriveError(Exception):
    pass


class KhanDriver:
    def __init__(self, press, get_state, seed: int = 1) -> None:
        self._press = press
        self.get_state = get_state
        self.chooser = PCG32(seed, randplay.CHOOSER_STREAM)
        self.ui = {"mode": "board", "cursor": "A1"}
        self.presses = 0

    def press(self, button: str, long: bool = False) -> dict:
        self.ui = self._press(button, long)
        self.presses += 1
        return self.ui

    # -- moving the cursor and picking from lists ------------------------------------
    def goto(self, board, cell: int) -> None:
        here = board.cell(self.ui["cursor"])
        dx = cell % board.width - here % board.width
        dy = cell // board.width - here // board.width
        for _ in range(abs(dx)):
            self.press("RIGHT" if dx > 0 else "LEFT")
        for _ in range(abs(dy)):
            self.press("DOWN" if dy > 0 else "UP")
        if self.ui["cursor"] != board.name_of(cell):
            raise DriveError("the cursor went to %s, not %s" % (self.ui["cursor"], board.name_of(cell)))

    def uncover(self) -> None:
        """A hand shown only when its player asks: an arrow shows it."""
        if self.ui.get("covered"):
            self.press("DOWN")

    def pick(self, value) -> None:
        self.uncover()
        choices = self.ui.get("choices", [])
        if value not in choices:
            raise DriveError("%r is not offered (%s: %r)" % (value, self.ui.get("mode"), choices))
        for _ in range(len(choices)):
            if self.ui.get("choice") == value:
                break
            self.press("RIGHT")
        self.press("OK")

    # -- one move -----------------------------------------------------------------------
    def play(self, game, move: tuple) -> None:
        b = game.board
        do = move[0]
        if do == "setup_yurt":
            if self.ui["mode"] != "cursor":
                self.press("OK")
            self.goto(b, move[1])
            self.press("OK")
        elif do == "flip":
            self.press("OK")
        elif do == "end":
            if game.phase == FINAL or game.step == END:
                self.press("OK")
            else:
                self.press("OK")
                self.pick("E")
        elif do == "skip":
            self.press("OK")
            self.pick("S")
        elif do == "special":
            self.press("OK")
            self.pick(SPECIAL_LETTERS[move[1]])
            if move[1] == "gods" and move[2]:
                self.pick(move[2])
            elif move[1] == "recon":
                self.pick(move[3])
        elif do == "conquer":
            self.press("OK")
            if game.phase != FINAL:
                self.pick("C")
            for cell in move[2]:
                self.goto(b, cell)
                self.press("OK")
            self.press("OK", True)
        else:  # the actions that start in the menu: invade, expel, double
            self.press("OK")
            self.pick({"invade": "A", "expel": "B", "double": "D"}[do])
            if do == "expel":
                self.pick(move[1])
            elif do == "invade":
                if game.mode == "virtual":
                    self.pick(move[2])
                self.goto(b, move[1])
                self.press("OK")
            else:
                self.goto(b, move[1])
                self.press("OK")
                for card in move[2]:
                    self._mark(card)
                self.press("OK", True)

    def _mark(self, card: int) -> None:
        self.uncover()
        for _ in range(len(self.ui.get("choices", []))):
            if self.ui.get("choice") == card:
                break
            self.press("RIGHT")
        self.press("OK")

    # -- a whole game ------------------------------------------------------------------
    def game(self, max_moves: int = 2000, on_move=None) -> dict:
        """Play until the game is over; every move's result must match the rules core.
        Returns the final state."""
        for _ in range(max_moves):
            data = self.get_state()
            game = load.game(data)
            if game.phase == OVER:
                return data
            move = randplay.choose(game, self.chooser)
            self.play(game, move)
            randplay.play(game, move)
            expected = cjson.dumps(state.game_json(game))
            got = cjson.dumps(self.get_state())
            if got != expected:
                raise DriveError("after %r the device's game differs from the rules core" % (move,))
            if on_move is not None:
                on_move(game, move)
        raise DriveError("the game did not end in %d moves" % max_moves)

