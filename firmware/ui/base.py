"""What every screen shares: the screen interface and a few drawing helpers."""

import sys

from ui import font, palette

W = 16
H = 16

_fast_fill = None
if sys.implementation.name == "micropython":
    try:  # (hal.pixels has hal.fast loaded already)
        from hal.fast import fill as _fast_fill
    except (ImportError, ValueError):  # a port without the viper emitter
        _fast_fill = None


class Screen:
    """A screen draws the whole frame and takes presses; a game's screen shows its game
    (the App's record.game) and changes it only through app.act(action). Screens never
    touch hardware."""

    name = ""  # the game it belongs to, or "" for menus
    game = None
    refused = None  # (message key or sentence, values): a press refused, for the App to say why
    hints = True  # the box's hints setting (App.switch gives it): show what saves presses
    history_at = 0  # the history overlay (display.py): over the top rows (0), or the rows from this one

    def refuse(self, why: str, values: tuple = ()) -> None:
        """A press is refused: the App scrolls the sentence of this message key (or this
        sentence) over the screen."""
        self.refused = (why, values)

    def help(self) -> str:
        """One line: what the buttons do in the mode in use (OK and BACK held together)."""
        return ""

    def press(self, app, button: str, long: bool) -> None:
        pass

    def settle(self, app) -> None:
        """The work a press left for after its frame has gone to the LEDs (the App calls
        it then, before the save): the press is seen at once, its sums come after."""

    def draw(self, frame: bytearray, now: int) -> None:
        pass

    def animating(self, now: int) -> bool:
        """True while the screen wants frames without a press (blinks, flights)."""
        return False

    def at_top(self) -> bool:
        """True on the game's top level, where BACK asks to leave for the menu."""
        return False

    def show(self, game) -> None:
        """The game changed under the screen (undo, redo): show it, from the top level."""
        self.game = game

    def ui_json(self) -> dict:
        """What the screen is asking for (its mode, cursor, choice), for remote control."""
        return {}


def fill(frame: bytearray, x: int, y: int, w: int, h: int, colour: int) -> None:
    """A w x h box at (x, y), clipped at the frame's edges (machine code on MicroPython: a
    Khan card is 182 LEDs)."""
    if _fast_fill is not None:
        _fast_fill(frame, W, max(0, x), min(W, x + w), max(0, y), min(H, y + h), colour)  # type: ignore[arg-type]
        return
    for yy in range(max(0, y), min(H, y + h)):
        for xx in range(max(0, x), min(W, x + w)):
            frame[yy * W + xx] = colour


def text(frame: bytearray, x: int, y: int, s: str, colour: int = palette.TEXT) -> int:
    return font.text(frame, W, x, y, s, colour)


def number(frame: bytearray, x: int, y: int, n: int, colour: int = palette.TEXT, digits: int = 2) -> None:
    font.number(frame, W, x, y, n, colour, digits)


def help_text(key: str) -> str:
    """A mode's help line from ui/helptext.py, which is imported for it and let go."""
    import sys

    try:
        from ui import helptext

        return helptext.get(key)
    finally:
        sys.modules.pop("ui.helptext", None)
        ui = sys.modules.get("ui")
        if ui is not None and hasattr(ui, "helptext"):
            delattr(ui, "helptext")


def blink(now: int, period: int = 500) -> bool:
    """On for the first half of every period (a pure function of the time)."""
    return (now // (period // 2)) % 2 == 0


class Choice:
    """A list to pick from with UP/DOWN (or LEFT/RIGHT): an index that wraps."""

    def __init__(self, items: list, index: int = 0) -> None:
        self.items = items
        self.index = index if items else 0

    def move(self, step: int) -> None:
        if self.items:
            self.index = (self.index + step) % len(self.items)

    @property
    def value(self):
        return self.items[self.index]
