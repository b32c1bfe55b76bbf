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
