"""Play Khan through the device's buttons: each move of the random player becomes the
presses a person would make, and every result is checked against the rules core.

press(button, long) must press a button on the device and return the reply of ui.press
(the screen's mode, cursor and choice); get_state() returns state.get's "state". Used by
`steppe play` without a terminal (a scripted demo) and by the tests of the firmware,
over the serial link or in-process.

With the box's hints on (ui.press says "hints") the cursor stops only on the cells the
piece may take, and the driver plans its presses as docs/ui-khan.md tells a player: LEFT
and RIGHT go to the stop before or after in reading order, UP and DOWN to the nearest row
above or below with one, its stop nearest the cursor's column, all round the board. The
stops it works out with the rules core, not the device's code: a device that jumps
elsewhere is caught (DriveError).
"""

from collections import deque

from shared_rules import cjson
from shared_rules.khan import invade, load, randplay, search, state
from shared_rules.khan.game import END, FINAL, OVER
from shared_rules.khan.tables import ANYWHERE, card_symbol
from shared_rules.rng import PCG32

ARROWS = ("UP", "DOWN", "LEFT", "RIGHT")

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
    def goto(self, board, cell: int, stops=None) -> None:
        """The cursor to a cell: with the hints on, by the fewest jumps between the stops."""
        here = board.cell(self.ui["cursor"])
        if self.ui.get("hints") and stops:
            for button in jumps(board, sorted(stops), here, cell):
                self.press(button)
        else:
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
        pos = game.pos
        do = move[0]
        if do == "setup_yurt":
            if self.ui["mode"] != "cursor":
                self.press("OK")
            self.goto(b, move[1], invade.cells(pos, invade.parse_symbol(invade.SETUP)))
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
            places = [set(c[1]) for c in search.each_placement(pos, game.player, game.stock, game.prot, True)]
            painted: "set[int]" = set()
            for cell in move[2]:
                stops = set(painted).union(*[p for p in places if painted <= p])
                self.goto(b, cell, stops)
                self.press("OK")
                painted.add(cell)
            self.press("OK", True)
        else:  # the actions that start in the menu: invade, expel, double
            self.press("OK")
            self.pick({"invade": "A", "expel": "B", "double": "D"}[do])
            anywhere = invade.cells(pos, invade.parse_symbol(ANYWHERE))
            if do == "expel":
                self.pick(move[1])
            elif do == "invade":
                if game.mode == "virtual":
                    self.pick(move[2])
                    self.goto(b, move[1], invade.cells(pos, invade.parse_symbol(card_symbol(move[2]))))
                else:
                    self.goto(b, move[1], anywhere)
                self.press("OK")
            else:
                self.goto(b, move[1], anywhere)
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



def jump(board, stops: "list[int]", at: int, button: str) -> int:
    """Where an arrow takes the cursor from cell `at` when it stops only on `stops` (sorted):
    docs/ui-khan.md's rule, as a player reads it."""
    if button in ("LEFT", "RIGHT"):
        after = [c for c in stops if c > at] if button == "RIGHT" else [c for c in reversed(stops) if c < at]
        return after[0] if after else (stops[0] if button == "RIGHT" else stops[-1])
    w = board.width
    y = at // w
    rows = sorted({c // w for c in stops}, reverse=button == "UP")
    ahead = [r for r in rows if (r > y if button == "DOWN" else r < y)]
    row = ahead[0] if ahead else rows[0]
    return min((c for c in stops if c // w == row), key=lambda c: (abs(c % w - at % w), c))


def jumps(board, stops: "list[int]", start: int, goal: int) -> "list[str]":
    """The fewest arrows from start to goal, jumping between the stops (a search)."""
    came: "dict[int, tuple[int, str]]" = {start: (-1, "")}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        if at == goal:
            path = []
            while at != start:
                at, button = came[at]
                path.append(button)
            return path[::-1]
        for button in ARROWS:
            nxt = jump(board, stops, at, button)
            if nxt not in came:
                came[nxt] = (at, button)
                todo.append(nxt)
    raise DriveError("%s cannot be reached from %s by the cursor's jumps" % (board.name_of(goal), board.name_of(start)))
