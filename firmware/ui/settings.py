"""The box's own settings, from the menu's SET: the LEDs' brightness, what feeds the box
(a 500 mA USB port or a 2 A charger: the current the LEDs may draw) and the hints (Khan's
cells that may take a piece, its running score: docs/ui-khan.md; on unless turned off).
Saved on flash (settings.json, written whole as store.py writes) and applied at every boot.

UP/DOWN: which setting; LEFT/RIGHT: its value, shown at once; OK: keep them; BACK: leave
them as they were. Loaded only while the screen is shown.
"""

import store
from ui import palette
from ui.base import Screen, fill, help_text, text

FILE = "settings.json"
USB_MA = (500, 2000)  # a USB 2.0 port; a 5 V charger of 2 A
USB_LABEL = ("500", "2A")
ITEMS = ("brightness", "usb", "hints")


def load(app) -> "tuple[int, int, bool]":
    """(brightness, usb_ma, hints) saved on the box; the defaults for what is missing or
    wrong (the hints on)."""
    saved, _ = store.load(app.path(FILE))
    saved = saved if isinstance(saved, dict) else {}
    b = saved.get("brightness")
    usb = saved.get("usb_ma")
    return (b if type(b) is int and b in palette.BRIGHTNESS else palette.DEFAULT_BRIGHTNESS,
            usb if type(usb) is int and usb in USB_MA else app.usb_ma,
            saved.get("hints") is not False)


def apply(app, brightness: int, usb_ma: int, hints: bool = True) -> None:
    """The LEDs at this brightness, within what this supply leaves them (the Pico's own
    draw and the margin of pins.json taken off); the hints on or off (screens shown from
    now on take it: App.switch)."""
    px = app.pixels
    px.set_brightness(brightness)
    px.set_budget(usb_ma - app.overhead_ma)
    app.hints = hints


class Settings(Screen):
    def __init__(self, app, menu_index: int) -> None:
        self.menu_index = menu_index  # the menu's choice to come back to
        self.saved = load(app)
        b, usb, self.hints = self.saved
        self.level = palette.BRIGHTNESS.index(b)
        self.usb = USB_MA.index(usb) if usb in USB_MA else 0
        self.row = 0

    def press(self, app, button: str, long: bool) -> None:
        if button in ("UP", "DOWN"):
            self.row = (self.row + (1 if button == "DOWN" else -1)) % len(ITEMS)
        elif button in ("LEFT", "RIGHT"):
            step = 1 if button == "RIGHT" else -1
            if self.row == 0:
                self.level = max(0, min(len(palette.BRIGHTNESS) - 1, self.level + step))
            elif self.row == 1:
                self.usb = max(0, min(len(USB_MA) - 1, self.usb + step))
            else:
                self.hints = button == "RIGHT"  # RIGHT: on, LEFT: off
            apply(app, palette.BRIGHTNESS[self.level], USB_MA[self.usb], self.hints)  # seen at once
        elif button == "OK":
            try:
                store.save({"brightness": palette.BRIGHTNESS[self.level], "usb_ma": USB_MA[self.usb],
                            "hints": self.hints}, app.path(FILE))
            except OSError:  # the flash could not take it: the settings stay in force until a restart
                self.refuse("the box's flash could not save the settings: they last until the box restarts")
                return
            self._leave(app)
        elif button == "BACK":
            apply(app, *self.saved)
            self._leave(app)

    def help(self) -> str:
        return help_text("settings." + ITEMS[self.row])

    def _leave(self, app) -> None:
        from memory import unload

        app.menu(self.menu_index)
        unload("ui.settings")  # its code goes with its screen

    def ui_json(self) -> dict:
        return {"mode": "settings", "choice": ITEMS[self.row], "choices": list(ITEMS),
                "brightness": palette.BRIGHTNESS[self.level], "usb_ma": USB_MA[self.usb], "hints": self.hints}

    def draw(self, frame: bytearray, now: int) -> None:
        if self.row == 2:  # the hints: a page of their own, HINT over ON (green) or OFF
            text(frame, 0, 0, "HINT", palette.HINT)
            text(frame, 2, 9, "ON" if self.hints else "OFF", palette.GOOD if self.hints else palette.TEXT)
            return
        # the brightness: LITE over a bar of its levels
        text(frame, 0, 0, "LITE", palette.HINT if self.row == 0 else palette.TEXT)
        for k in range(len(palette.BRIGHTNESS)):
            fill(frame, 2 * k + 1, 6, 1, 2, palette.WHITE if k <= self.level else palette.HALF)
        # the supply: the port's 500 (mA) or a 2A charger
        text(frame, 0, 9, USB_LABEL[self.usb], palette.HINT if self.row == 1 else palette.TEXT)
        # Khan's terrains and a piece, to judge the brightness by
        for k in range(7):
            fill(frame, 2 * k + 1, 15, 2, 1, palette.TERRAIN + k)
        frame[15 * 16 + 15] = palette.PLAYER
