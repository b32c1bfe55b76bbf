"""The game menu, then the setup of a new game: player count, colours, options."""

from ui import palette
from ui.base import Choice, Screen, blink, fill, number, text

# (game name on the matrix, screen module, players min, max, default, the game's option
# labels: OK held on the setup screen steps through them; the module's new() gets its index)
GAMES = (
    ("KHAN", "khan", 2, 4, 3, ("DECK", "TABL")),
    ("CHU", "chuhan", 2, 2, 2, ("NOEV", "EVNT", "TABL")),
    ("HUNS", "huns", 2, 4, 3, ()),
    ("RISE", "khaan", 2, 6, 3, ()),
)


class Menu(Screen):
    """UP/DOWN: a game; OK: resume its saved game or set up a new one."""

    def __init__(self, saved: "list[str]", index: int = 0) -> None:
        self.saved = saved  # games with a saved game to resume
        self.choice = Choice(list(range(len(GAMES))), index)

    def press(self, app, button: str, long: bool) -> None:
        if button in ("UP", "LEFT"):
            self.choice.move(-1)
        elif button in ("DOWN", "RIGHT"):
            self.choice.move(1)
        elif button == "OK":
            game = GAMES[self.choice.index]
            if game[1] in self.saved and not long:
                app.open_game(game[1])
            else:
                app.switch(Setup(game, self.choice.index))

    def ui_json(self) -> dict:
        return {"mode": "menu", "choice": GAMES[self.choice.index][1], "choices": [g[1] for g in GAMES],
                "saved": list(self.saved)}

    def draw(self, frame: bytearray, now: int) -> None:
        label, name = GAMES[self.choice.index][:2]
        text(frame, 0, 1, label, palette.WHITE)
        for k in range(len(GAMES)):
            fill(frame, 4 * k + 1, 8, 2, 2, palette.HINT if k == self.choice.index else palette.HALF)
        if name in self.saved:
            text(frame, 0, 11, "RES", palette.GOOD)  # OK resumes; a long OK starts afresh
        else:
            text(frame, 0, 11, "NEW", palette.TEXT)


class Setup(Screen):
    """LEFT/RIGHT: the number of players; UP/DOWN: step through their colours; OK: start."""

    def __init__(self, game: tuple, menu_index: int) -> None:
        self.game = game
        self.menu_index = menu_index
        self.count = game[4]
        self.colours = list(palette.PLAYER_COLOURS[:game[3]])
        self.editing = 0  # whose colour UP/DOWN changes
        self.mode = 0  # the game's option (GAMES[5]), e.g. Khan: the device keeps the deck

    def press(self, app, button: str, long: bool) -> None:
        lo, hi = self.game[2], self.game[3]
        if button == "LEFT":
            self.count = max(lo, self.count - 1)
        elif button == "RIGHT":
            self.count = min(hi, self.count + 1)
        elif button in ("UP", "DOWN"):
            self._recolour(1 if button == "UP" else -1)
        elif button == "OK" and long and self.game[5]:
            self.mode = (self.mode + 1) % len(self.game[5])
        elif button == "OK":
            if self.editing + 1 < self.count:
                self.editing += 1
            else:
                app.new_game(self.game[1], self.colours[:self.count], self.mode)
        elif button == "BACK":
            if self.editing:
                self.editing -= 1
            else:
                from ui.menu import Menu

                app.switch(Menu(app.saved_games(), self.menu_index))

    def ui_json(self) -> dict:
        out = {"mode": "setup", "game": self.game[1], "players": self.count, "colours": self.colours[:self.count],
               "editing": self.editing}
        if self.game[5]:
            out["option"] = self.game[5][self.mode]
        return out

    def _recolour(self, step: int) -> None:
        """The next colour nobody else has taken."""
        taken = self.colours[:self.count]
        options = palette.PLAYER_COLOURS
        k = options.index(self.colours[self.editing])
        for _ in range(len(options)):
            k = (k + step) % len(options)
            if options[k] not in taken:
                self.colours[self.editing] = options[k]
                return

    def draw(self, frame: bytearray, now: int) -> None:
        text(frame, 0, 1, self.game[0], palette.WHITE)
        number(frame, 0, 6, self.count, palette.HINT, 1)
        for k in range(self.count):
            c = palette.player(self.colours[k])
            if k != self.editing or blink(now):
                fill(frame, 4 + 2 * k, 6, 2, 5, c)
        if self.game[5]:
            text(frame, 0, 11, self.game[5][self.mode], palette.GOOD)

    def animating(self, now: int) -> bool:
        return True
