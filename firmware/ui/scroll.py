"""A sentence scrolled across the middle of the matrix: why a press was refused, or the
one-line help of the mode in use (OK and BACK held together).

Imported only while a sentence shows and let go after it (app.py): play never pays for
it. The sentence is the rules' own (shared_rules/errors.py describe()), shortened for
the matrix by short(): upper case, cut at its first "; " (what follows lists values for
the host's user) and at MAX_CHARS on a word. A band over rows 4-12: a line in the
sentence's colour (red: refused, orange: help) above and below, the text between in the
3x5 font. It shows the first letters for HOLD_MS, then moves a column every COLUMN_MS
until its last letter has gone; any button ends it sooner.
"""

import sys

from hal import clock
from ui import font, palette

MAX_CHARS = 72
HOLD_MS = 600
COLUMN_MS = 45  # about five and a half letters a second
TOP = 4  # the band: rows TOP..TOP+8, the text on rows TOP+2..TOP+6


def short(sentence: str) -> str:
    """The sentence as the matrix shows it."""
    s = sentence
    cut = s.find("; ")
    if cut > 0:
        s = s[:cut]
    s = s.upper()
    if len(s) > MAX_CHARS:
        cut = s.rfind(" ", 0, MAX_CHARS - 2)
        s = s[:cut if cut > 0 else MAX_CHARS - 2] + ".."
    return s


def length_ms(text: str) -> int:
    """How long the text takes to go by."""
    return HOLD_MS + 4 * len(text) * COLUMN_MS


def offset(text: str, ms: int) -> int:
    """The text's first column at ms into the scroll (0 at first, then leftwards)."""
    if ms < HOLD_MS:
        return 0
    return -((ms - HOLD_MS) // COLUMN_MS)


def draw(frame: bytearray, text: str, ms: int, colour: int) -> bool:
    """The band at ms into the scroll; False once the text has gone by (nothing drawn)."""
    if ms >= length_ms(text):
        return False
    w = 16
    for y in range(TOP, TOP + 9):
        c = colour if y == TOP or y == TOP + 8 else palette.OFF
        row = y * w
        for x in range(w):
            frame[row + x] = c
    x = offset(text, ms)
    first = -x // 4  # the letters wholly off the left edge are not drawn
    font.text(frame, w, x + 4 * first, TOP + 2, text[first:first + 5], palette.WHITE)
    return True


# -- the App's side (display.py: refuse, render and a press call these) -----------------------
def begin(app, why, help: bool) -> None:
    """Start scrolling: why is a sentence, a screen's (message key, values), or None for
    the help of what the App shows."""
    if why is None:
        why = help_line(app)
    elif isinstance(why, tuple):
        why = reason(why[0], why[1])
    app.why_text = short(why)
    app.why = why
    app.why_at = clock.now()
    app.why_help = help
    app.dirty = True


def going(app, now: int) -> bool:
    """Whether the App's sentence is still going by at now."""
    return clock.elapsed(now, app.why_at) < length_ms(app.why_text)


def draw_over(app, frame: bytearray, now: int) -> None:
    """The App's sentence over its frame; gone by, it ends (and this module is let go)."""
    if not draw(frame, app.why_text, clock.elapsed(now, app.why_at), palette.HINT if app.why_help else palette.BAD):
        app.end_scroll()


def reason(key: str, values: tuple) -> str:
    """The catalogue's sentence for a refusal (shared_rules/errors.py describe()); the
    catalogue is imported for it and let go at once."""
    from shared_rules.errors import describe

    try:
        try:
            return describe(key, *values)
        except (IndexError, KeyError):  # a value the screen did not give: "?"
            return describe(key, *(tuple(values) + ("?", "?", "?", "?")))
    except MemoryError:
        return key
    finally:
        dot = key.find(".")
        if 0 < dot and " " not in key:
            _let_go(key[:dot])
        _let_go("")  # (the shared catalogue: its sentence() found the line)


def _let_go(game: str) -> None:
    """The catalogue (the game's, or the shared one) out of RAM: the module and its name
    in its package."""
    package = "shared_rules." + game if game else "shared_rules"
    sys.modules.pop(package + ".messages", None)
    parent = sys.modules.get(package)
    if parent is not None and hasattr(parent, "messages"):
        delattr(parent, "messages")


def help_line(app) -> str:
    """The help of what the App shows: its own overlays', else the screen's mode's."""
    from ui.base import help_text

    if app.leaving:
        return help_text("app.leave")
    if app.history is not None and app.screen.name:
        return help_text("app.history")
    return app.screen.help() or help_text("")
