"""The error screen (faults.fault): ERR in red and the error's code (errlog.py; the codes
are in docs/ui.md), for SHOW_MS or until a button; then the game as it was last saved, or
the menu. Loaded only when an error happens, and let go when it has shown."""

from hal import clock
from ui import palette
from ui.base import Screen, text

SHOW_MS = 4000


class Fault(Screen):
    def __init__(self, under, code: str, of: str) -> None:
        self.under = under  # the screen that comes back
        self.code = code
        self.of = of  # the screen's name for the host while this shows (App.screen_name)
        self.at = clock.now()

    def press(self, app, button: str, long: bool) -> None:
        app.screen = self.under  # any button: the error screen goes, the button does nothing else
        app.dirty = True

    def fault_over(self, now: int) -> bool:
        """Shown long enough: the loop brings the screen under it back (faults.shown)."""
        return not 0 <= clock.elapsed(now, self.at) < SHOW_MS

    def draw(self, frame: bytearray, now: int) -> None:
        text(frame, 2, 1, "ERR", palette.BAD)
        text(frame, 4, 9, self.code, palette.WHITE)

    def ui_json(self) -> dict:
        return {"mode": "error", "code": self.code}
