"""The companion: the box's parts put together - the pixels, the buttons, the screen in use,
the game in progress - and what a press does: the screen acts, its frame goes out at once,
then the game is saved.

Each job has its own module, all functions of this App (its state is theirs to read and
change; none imports this module): the loop and the link served beside it (loop.py), the
game on flash - open, new, act, save, undo, redo, snapshots, the end (session.py) - what
the matrix shows over a screen (display.py), an error anywhere (faults.py), and what stays
in RAM (memory.py). BACK held takes the last action back - again and again, to the start
of the game - and the history overlay it opens steps back and forth through the game
(undo, redo). At boot the last game comes back.
"""

import sys

import display
import faults
import loop
import session
from hal import clock
from memory import free, unload
from shared_rules.games import NAMES
from ui import palette
from ui.base import Screen

VERSION = "0.2.0"
SETTINGS_FILE = "settings.json"  # the brightness, the supply and the hints (ui/settings.py)


class App:
    VERSION = VERSION

    def __init__(self, pixels, buttons=None, fs_root: str = "") -> None:
        self.pixels = pixels
        self.buttons = buttons
        self.root = fs_root  # folder of the saved games ("" = the current folder)
        self.screen = Screen()
        self.dirty = True
        self.notice = ""  # why the last boot or state.put fell back, for hello
        self.frames = 0
        self.last_press = clock.now()
        # the game in progress (session.py)
        self.record = None  # the game in progress (record.Record), None on the menu
        self.snapping = None  # a snapshot being written a step at a time (record.snapshot_steps)
        self.summary_due = None  # (summary, when the game ended) until its summary comes up
        self.archive_budget = 0  # bytes of flash for finished games (0: archive.BUDGET)
        self.began = None  # (game, uptime) of the game begun since the box started: its relative start
        # what lies over the screen (display.py)
        self.leaving = False  # BACK on a game's top level: "menu?" until OK or another button
        self.history = None  # (kind, entry, actions, in all) while the history overlay shows: "undo", "redo", "start"
        self.alert = ""  # why the last press could not be done (the flash full, no RAM): shown a moment
        self.alert_at = 0
        self.why = ""  # the sentence scrolling over the screen (ui/scroll.py): why a press was refused, or help
        self.why_text = ""  # ...as the matrix shows it
        self.why_at = 0
        self.why_help = False  # the help of the mode in use (OK and BACK held together), not a refusal
        # errors (faults.py)
        self.faults = 0  # errors the box recovered from since it started
        self.draw_misses = 0  # the loop's frames in a row that found no room (loop.draw)
        self.fault_logged = None  # (code, when) of the last one written to errors.log
        # what the link cost (loop.py; link.stats reports it)
        self.link_us = 0  # the last request's cost on the device, first byte in to last byte out
        self.tidy_us = 0  # ...and the tidying after it (Link.tidy: a collection when the heap runs short)
        self.link_op = ""
        self.max_gap = 0  # ms: the longest gap between two turns of the button loop (link.stats)
        self.serving = ""  # the op of the request being answered ("" between requests)
        self.busy_op = ""  # what held the buttons longest: the op served ("loop": the loop's own turn)...
        self.busy_at = ""  # ...and where its stretch ended: a stage, a pause, the reply, the reading (link.stats)
        self.max_busy = 0  # us: the most CPU time a press could wait for its poll (link.stats):
        # a stretch of the link's work between two of its yields and a turn of the loop (the
        # gap without the loop's sleep, which a benchmark scales to a Pico's speed)
        self.turn_us = 0  # us: the loop's last turn's own work (the presses, a frame, a snapshot step)
        self.link_began = 0  # us: when the link's stretch under way began (loop.stretch)
        self.turned = 0  # ms: when the loop last took its turn (loop.turn; loop.breathe)
        self.drawn = 0  # ms: ...and drew its last frame
        self.moving = False  # the last frame drawn was of a screen animating: one more is due when it stops
        self.stats_read = False  # link.stats answered in the link's stretch under way: not counted
        # the supply
        self.overhead_ma = 100  # what the Pico and the margin take of the supply (pins.json: main sets it)
        self.hints = True  # the screens' hints (ui/settings.py): Khan's cells that may take a piece, its running score
        self.usb_ma = getattr(pixels, "budget_ma", 400) + self.overhead_ma  # the supply pins.json names

    def path(self, name: str) -> str:
        """A file of the box's, in its folder."""
        return self.root + name

    def saved_games(self) -> "list[str]":
        """The games with a journal on the box (the menu's RES)."""
        return session.saved_games(self)

    # -- boot, screens ---------------------------------------------------------------------
    def boot(self) -> None:
        """Come back to the game in progress, or to the menu."""
        self.apply_settings()
        game, self.notice = session.current(self)
        session.convert_old_saves(self)
        if game is not None and self.open_game(game):
            return
        self.to_menu()

    def apply_settings(self) -> None:
        """The brightness, the supply and the hints saved on the box (ui/settings.py), if any."""
        try:  # (here, not at the top: one more name would grow the module's table of them)
            from uos import stat  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
        except ImportError:  # CPython
            from os import stat
        try:
            stat(self.path(SETTINGS_FILE))
        except OSError:
            return  # pins.json's budget and the default brightness
        from ui import settings

        settings.apply(self, *settings.load(self))
        unload("ui.settings")

    def to_menu(self) -> None:
        """The game left (it stays saved) for the menu, the game's choice its first."""
        left = self.record.name if self.record is not None else ""
        session.let_go(self)
        self.menu(NAMES.index(left) if left else 0)
        session.note_current(self, None)

    def menu(self, index: int) -> None:
        """The menu shown, its choice at index (from a screen of its own: the settings)."""
        from ui.menu import Menu

        self.switch(Menu(self.saved_games(), index))

    def switch(self, screen) -> None:
        screen.hints = self.hints
        self.screen = screen
        self.dirty = True
        self.leaving = False
        self.history = None
        if screen.name:  # a game: the menu's code can go until the player comes back
            unload("ui.menu")
            for game in NAMES:
                if game != screen.name:
                    unload("ui." + game)

    def screen_name(self) -> str:
        return self.screen.name or getattr(self.screen, "of", "") or "menu"  # (of: under the error screen)

    def ui_json(self) -> dict:
        return display.ui_json(self)

    def free_memory(self, keep: str = "", collect: bool = True) -> None:
        """The RAM ran out: all code goes that is not the game in play's (memory.free)."""
        free(self.record.name if self.record is not None else "", self.screen.name, keep, collect)

    # -- the game (session.py) -------------------------------------------------------------
    def open_game(self, game: str) -> bool:
        return session.open_game(self, game)

    def new_game(self, game: str, colours: list, option: int, dice_seed: int = -1, board: str = "") -> None:
        session.new_game(self, game, colours, option, dice_seed, board)

    def act(self, action: dict) -> dict:
        return session.act(self, action)

    def flush(self) -> None:
        session.flush(self)

    def undo(self) -> None:
        """BACK held: the last action taken back; the history overlay shows it."""
        kind, entry, rec = session.undo(self)
        display.show_history(self, kind, entry, rec)

    def redo(self) -> None:
        kind, entry, rec = session.redo(self)
        if kind:
            display.show_history(self, kind, entry, rec)

    def tick(self, now: int) -> None:
        """The loop's turn without a press: the summary of a game just ended comes up after
        session.SUMMARY_MS without a press (the game's screen announces its end first)."""
        due = session.summary_due(self, now)
        if due is not None and self.record is not None and self.screen.name == self.record.name and not self.leaving:
            self.history = None  # a game ended by a redo: the summary replaces the history shown
            try:
                from ui.summary import Summary
            except MemoryError:
                return  # the game's own screen shows its end
            self.screen = Summary(self.screen, due)
            self.dirty = True

    def state_get(self, stream: bool = False) -> dict:
        """The game in progress as the link's state.get gives it (link.state_get)."""
        return __import__("link").state_get(self, stream)

    def clock_json(self) -> str:
        return "set" if clock.wall() is not None else "relative"

    # -- what the matrix shows (display.py) -----------------------------------------------------
    def warn(self, label: str, why: str) -> None:
        display.warn(self, label, why)

    def refuse(self, why, help: bool = False) -> None:
        display.refuse(self, why, help)

    def end_scroll(self) -> None:
        display.end_scroll(self)

    def render(self, now: int) -> None:
        display.render(self, now)

    # -- a press ---------------------------------------------------------------------------------
    def press(self, button: str, long: bool = False) -> None:
        """A button: the screen acts, the new frame goes out at once, then the game is
        saved (a cut in between leaves the game as it was before this press)."""
        self.last_press = clock.now()
        screen = self.screen
        if self.why and display.scrolling(self, self.last_press):  # any button ends the sentence,
            self.render(clock.now())  # and while it still went by does nothing else
            return
        if button == "HELP":  # OK and BACK held together: the help of what is shown
            self.refuse(None, True)
        elif self.leaving:  # "menu?": OK goes (the game stays saved), anything else stays
            self.leaving = False
            self.dirty = True
            if button == "OK" and not long:
                self.to_menu()
        elif screen.name and self.history is not None:
            self._history(button, long)
        elif button == "BACK" and long and screen.name:  # BACK held: undo, on every game screen
            self.undo()
        elif button == "BACK" and screen.name and screen.at_top():
            self.leaving = True
            self.dirty = True
        else:
            screen.press(self, button, long)
        display.say_refusals(self, screen)
        try:
            self.render(clock.now())
        except MemoryError:  # the press is made: its frame comes when the RAM allows
            self.free_memory()
            self.dirty = True
        self.screen.settle(self)  # (e.g. a Khan flip: the card is out, now the flight is worked out)
        display.say_refusals(self, self.screen)
        self.flush()

    def _history(self, button: str, long: bool) -> None:
        """The history overlay: BACK held or LEFT undoes one more, OK held or RIGHT redoes
        one; BACK closes it, and any other press closes it and goes on to the screen."""
        if (button == "BACK" and long) or button == "LEFT":
            self.undo()
        elif (button == "OK" and long) or button == "RIGHT":
            self.redo()
        else:
            self.history = None
            self.dirty = True
            if button != "BACK":
                self.screen.press(self, button, long)

    # -- errors, the loop ------------------------------------------------------------------------
    def fault(self, e, where: str) -> str:
        return faults.fault(self, e, where)

    async def run(self, link, stdin, stdout) -> None:
        await loop.run(self, link, stdin, stdout)


def main() -> None:
    """Start the companion on this board (or the virtual Pico)."""
    import asyncio

    from hal import pins
    from hal.buttons import PinButtons
    from hal.pixels import NeoPixelStrip
    from link import Link

    asyncio.new_event_loop()  # a restart (main.py) begins without the tasks of the loop that stopped
    cfg = pins.load()
    power = cfg["power"]
    matrix = cfg["matrix"]
    pixels = NeoPixelStrip(matrix["pin"], matrix["width"], matrix["height"], palette.PALETTE,
                           budget_ma=power["led_budget_ma"], ma_per_channel=power["ma_per_channel"],
                           ma_per_dark_led=power["ma_per_dark_led"], floor=palette.FLOOR, large=palette.LARGE)
    app = App(pixels, PinButtons(cfg["buttons"]))
    app.usb_ma = power["usb_ma"]
    app.overhead_ma = power["usb_ma"] - power["led_budget_ma"]
    cfg = power = matrix = None
    unload("hal.pins")  # read once: its code and the pin map go before the game comes
    try:
        app.boot()
    except Exception as e:  # (the flash refusing app.json...) the loop starts all the same: the link can mend it
        app.fault(e, "boot")
    sys.stdout.write("steppe companion " + VERSION + " ready\n")
    asyncio.run(app.run(Link(app), sys.stdin, sys.stdout))
