"""What the matrix shows over the screen in use: the frame drawn (render), the history
overlay after an undo or a redo, "MENU OK?" before a game is left, the red band of a
refusal the box itself makes (FULL, MEM, BAD), and a sentence scrolled over it all - why a
press was refused, or the help of a mode (ui/scroll.py, loaded only while one shows).
Functions of the App's display state (its screen, leaving, history, alert, why...).
"""

import gc

try:
    from ubinascii import crc32  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from binascii import crc32

from hal import clock
from memory import unload
from ui import palette

ALERT_MS = 1500  # a refusal of the box's own (FULL, MEM) is shown this long

_DARK = bytes(256)


def render(app, now: int) -> None:
    """The frame: the screen, what lies over it, out to the LEDs."""
    frame = app.pixels.frame
    frame[:] = _DARK  # palette.OFF everywhere, at C speed
    if app.leaving:
        _ask_menu(frame)
    else:
        app.screen.draw(frame, now)
        if app.history is not None:
            _draw_history(frame, app.history, app.screen.history_at)
    if app.why:
        _scroll().draw_over(app, frame, now)  # (ends it once it has gone by)
    elif app.alert and 0 <= clock.elapsed(now, app.alert_at) < ALERT_MS and not app.leaving:
        _draw_alert(frame, app.alert)
    app.pixels.show()
    app.frames += 1
    app.dirty = app.why != ""  # the sentence moves on: the loop draws it frame by frame


def ui_json(app) -> dict:
    """What the screen asks for (mode, cursor, choice...) and which screen it is."""
    if app.leaving:
        out = {"mode": "leave"}
    elif app.history is not None:
        kind, entry, n, total = app.history
        out = {"mode": "history", "kind": kind, "entry": entry, "actions": n, "redo": total > n}
    else:
        out = app.screen.ui_json()
    if app.alert and 0 <= clock.elapsed(clock.now(), app.alert_at) < ALERT_MS:
        out["alert"] = app.alert
        out["why"] = app.notice
    if app.why:
        out["help" if app.why_help else "why"] = app.why
    out["screen"] = app.screen_name()
    out["frame"] = "%08x" % crc32(app.pixels.frame)  # what the LEDs show: a host fetches ui.frame on a change
    if app.record is not None:
        out["actions"] = app.record.count()
    return out


def warn(app, label: str, why: str) -> None:
    """A refusal the box itself makes (not the rules): the reason scrolls (a red band with
    the word if the RAM has no room for that), and is kept for hello and ui.get."""
    app.alert = label
    app.alert_at = clock.now()
    app.notice = why
    app.dirty = True
    refuse(app, why)


def refuse(app, why, help: bool = False) -> None:
    """Say why a press was refused - why: a sentence, or a screen's (message key, values) -
    or, help, what the mode's buttons do: it scrolls over the screen until it has gone by
    or a button is pressed (that press does nothing else); ui_json gives it whole as "why"
    (or "help"). The code for it (ui/scroll.py) is loaded till then."""
    try:
        _scroll().begin(app, why, help)
    except MemoryError:  # no room to say it: the red flash (warn's band) alone
        app.why = ""
        gc.collect()


def end_scroll(app) -> None:
    """The sentence has gone by, or a button ended it."""
    app.why = ""
    app.alert = ""  # (a refusal of the box's own: its word goes too; the notice stays for hello)
    app.dirty = True
    unload("ui.scroll")


def scrolling(app, now: int) -> bool:
    """A button came while a sentence scrolled: the sentence ends; True when it was still
    going by (the button then does nothing else)."""
    going = _scroll().going(app, now)
    end_scroll(app)
    return going


def say_refusals(app, screen) -> None:
    """The screen refused the press, or the one it opened did: why, scrolled."""
    for shown in (screen, app.screen):
        if shown.refused is not None:
            refuse(app, shown.refused)
            shown.refused = None


def show_history(app, kind: str, entry, rec) -> None:
    """The history overlay: what was undone or redone, the actions in force and in all."""
    app.history = (kind, entry, rec.count(), rec.count() + rec.stack.u)
    app.dirty = True


def label(entry) -> str:
    """An action's name on the matrix: its "do", four letters at most."""
    if not isinstance(entry, dict):
        return "STRT"
    action = entry.get("a")
    do = action.get("do") if isinstance(action, dict) else None
    return do[:4].upper() if isinstance(do, str) else "?"


def _draw_history(frame: bytearray, history: tuple, at: int = 0) -> None:
    """The action just undone (orange) or redone (green), and a bar: how far into the game
    the history stands. At the top of the screen, the bar under the name; or, where the
    screen keeps its rows above `at` in view (Khan's board: Screen.history_at), the name in
    the five rows from `at` and the bar down column 0 beside the board, from the top."""
    from ui.base import fill, text

    kind, entry, n, total = history
    if at:
        fill(frame, 0, at, 16, 16 - at, palette.OFF)
        text(frame, 0, at, label(entry), palette.GOOD if kind == "redo" else palette.HINT)
        lit = at * n // total if total else 0
        fill(frame, 0, 0, 1, lit, palette.TEXT)
        fill(frame, 0, lit, 1, at - lit, palette.HALF)
        return
    fill(frame, 0, 0, 16, 6, palette.OFF)
    text(frame, 0, 0, label(entry), palette.GOOD if kind == "redo" else palette.HINT)
    lit = 16 * n // total if total else 0
    fill(frame, 0, 5, lit, 1, palette.TEXT)
    fill(frame, lit, 5, 16 - lit, 1, palette.HALF)


def _draw_alert(frame: bytearray, word: str) -> None:
    """A red band over the middle of the screen with a word: FULL, MEM, BAD."""
    from ui.base import fill, text

    fill(frame, 0, 5, 16, 7, palette.BAD)
    text(frame, 0, 6, word, palette.WHITE)


def _ask_menu(frame: bytearray) -> None:
    """Leave the game for the menu? OK yes, any other button no."""
    from ui.base import text

    text(frame, 0, 1, "MENU", palette.WHITE)
    text(frame, 2, 9, "OK?", palette.HINT)


def _scroll():
    return __import__("ui.scroll", None, None, ("begin",))
