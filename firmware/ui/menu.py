"""The game menu, then the setup of a new game: player count, colours, options.

The games, their player counts and options are shared_rules/games.py's: a row is (name,
label on the matrix, players min, max, default, whether the players pick colours, the
option's setting, its values with their labels: OK held on the setup screen steps
through them).
"""

from hal import clock
from hal.clock import elapsed
from shared_rules.errors import RulesError
from shared_rules.games import GAMES
from ui import palette
from ui.base import Choice, Screen, blink, fill, help_text, number, text

ERROR_MS = 900


SETTINGS = len(GAMES)  # the menu's last choice, after the games: SET, the box's settings


class Menu(Screen):
    """UP/DOWN: a game (or SET, the box's settings); OK: resume its saved game or set up a
    new one."""

    def __init__(self, saved: "list[str]", index: int = 0) -> None:
        self.saved = saved  # games with a saved game to resume
        self.choice = Choice(list(range(len(GAMES) + 1)), index)  # the game left last, to begin with

    def press(self, app, button: str, long: bool) -> None:
        if button in ("UP", "LEFT"):
            self.choice.move(-1)
        elif button in ("DOWN", "RIGHT"):
            self.choice.move(1)
        elif button == "OK" and self.choice.index == SETTINGS:
            from ui.settings import Settings

            app.switch(Settings(app, SETTINGS))
        elif button == "OK":
            game = GAMES[self.choice.index]
            if game[0] in self.saved and not long:
                if not app.open_game(game[0]):
                    app.to_menu()  # it could not come back: the menu again, with the notice
            else:
                app.switch(Setup(game, self.choice.index))

    def help(self) -> str:
        return help_text("menu")

    def ui_json(self) -> dict:
        choice = GAMES[self.choice.index][0] if self.choice.index < SETTINGS else "settings"
        return {"mode": "menu", "choice": choice, "choices": [g[0] for g in GAMES] + ["settings"],
                "saved": list(self.saved)}

    def draw(self, frame: bytearray, now: int) -> None:
        if self.choice.index == SETTINGS:
            text(frame, 0, 1, "SET", palette.WHITE)
            return
        name, label = GAMES[self.choice.index][:2]
        text(frame, 0, 1, label, palette.WHITE)
        for k in range(len(GAMES)):
            fill(frame, 4 * k + 1, 8, 2, 2, palette.HINT if k == self.choice.index else palette.HALF)
        if name in self.saved:
            text(frame, 0, 11, "RES", palette.GOOD)  # OK resumes; a long OK starts afresh
        else:
            text(frame, 0, 11, "NEW", palette.TEXT)


class Setup(Screen):
    """LEFT/RIGHT: the number of players; UP/DOWN: step through their colours; OK: start.
    A game whose players do not pick colours (Chu and Han: Han and Chu) asks for none."""

    def __init__(self, game: tuple, menu_index: int) -> None:
        self.game = game
        self.menu_index = menu_index
        self.count = game[4]
        self.colours: "list[str]" = list(palette.PLAYER_COLOURS[:game[3]])
        self.editing = 0  # whose colour UP/DOWN changes
        self.mode = 0  # the game's option (its index in the row's values), e.g. Khan: the box keeps the deck
        self.options = game[7]  # its values; Khan's grow with the own board (refresh)
        self.error_at = clock.now() - ERROR_MS  # a start the rules refused: a red flash

    def press(self, app, button: str, long: bool) -> None:
        lo, hi, colours, options = self.game[2], self.game[3], self.game[5], self.game[7]
        if button == "LEFT":
            self.count = max(lo, self.count - 1)
            self.editing = min(self.editing, self.count - 1)
        elif button == "RIGHT" and self.count < hi:
            self.count += 1
            k = self.count - 1
            if self.colours[k] in self.colours[:k]:  # the newcomer never takes a colour already taken
                self.colours[k] = [c for c in palette.PLAYER_COLOURS if c not in self.colours[:k]][0]
        elif button in ("UP", "DOWN") and colours:
            self._recolour(1 if button == "UP" else -1)
        elif button == "OK" and long:  # the next option, where the game has any
            if options:
                self.refresh(app)
                self.mode = (self.mode + 1) % len(self.options)
        elif button == "OK" and self.options and self.options[self.mode][0] == "edit":
            from ui.board_edit import BoardEdit  # (it lets itself go when it leaves)

            app.switch(BoardEdit(app, self))
        elif button == "OK":
            if colours and self.editing + 1 < self.count:
                self.editing += 1
            else:
                board = _own_board(app) if options and self.mode >= len(options) else ""
                try:
                    if board is None:  # the own board went meanwhile (steppe sync board remove)
                        self.refresh(app)
                        raise RulesError("bad_args", "there is no own board any more")
                    app.new_game(self.game[0], self.colours[:self.count], self.mode % len(options) if options else 0, board=board)
                except RulesError as e:
                    self._refuse(e.text, e.values)
        elif button == "BACK":
            if self.editing:
                self.editing -= 1
            else:
                app.menu(self.menu_index)

    def refresh(self, app, own: bool = False) -> None:
        """Khan's options: the deck or the table on the default board, the same on the
        players' own board when one is saved (MYDK, MYTB: ownboard.py), and EDIT, the board
        editor (ui/board_edit.py). own: a board was just saved, play on it."""
        if self.game[0] != "khan":
            return
        import ownboard

        mine = (("virtual", "MYDK"), ("table", "MYTB")) if ownboard.exists(app.root) else ()
        from memory import unload

        unload("ownboard")
        self.options = self.game[7] + mine + (("edit", "EDIT"),)
        if own and mine:
            self.mode = len(self.game[7]) + self.mode % len(self.game[7])
        elif self.mode >= len(self.options) - 1:
            self.mode = 0

    def help(self) -> str:
        return help_text("setup" if self.game[5] else "setup.plain")

    def _refuse(self, why: str, values: tuple = ()) -> None:
        self.error_at = clock.now()
        self.refuse(why, values)  # the App scrolls the reason

    def ui_json(self) -> dict:
        out = {"mode": "setup", "game": self.game[0], "players": self.count, "editing": self.editing}
        if self.game[5]:
            out["colours"] = self.colours[:self.count]
        if self.game[7]:
            out["option"] = self.options[self.mode][1]
        return out

    def _recolour(self, step: int) -> None:
        """The next colour nobody else has taken (the players still to come included: a
        colour is never shown twice)."""
        taken = self.colours[:self.count]
        options = palette.PLAYER_COLOURS
        k = options.index(self.colours[self.editing])
        for _ in range(len(options)):
            k = (k + step) % len(options)
            if options[k] not in taken:
                self.colours[self.editing] = options[k]
                return

    def draw(self, frame: bytearray, now: int) -> None:
        text(frame, 0, 1, self.game[1], palette.WHITE)
        number(frame, 0, 6, self.count, palette.HINT, 1)
        if self.game[5]:
            for k in range(self.count):
                c = palette.player(self.colours[k])
                if k != self.editing or blink(now):
                    fill(frame, 4 + 2 * k, 6, 2, 5, c)
        if self.game[7]:
            text(frame, 0, 11, self.options[self.mode][1], palette.GOOD)
        if 0 <= elapsed(now, self.error_at) < ERROR_MS:
            fill(frame, 0, 15, 16, 1, palette.BAD)

    def animating(self, now: int) -> bool:
        return True


def _own_board(app):
    """The text of the players' own Khan board (a new game's settings hold it), or None."""
    import ownboard

    try:
        return ownboard.read(app.root)
    finally:
        from memory import unload

        unload("ownboard")
