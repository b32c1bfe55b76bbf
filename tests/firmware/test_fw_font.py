"""The 3x5 font: a word on the matrix reads as itself."""

from ui import font


def _apart(a: str, b: str) -> int:
    """How many of the 15 LEDs tell two glyphs apart."""
    return sum(bin(x ^ y).count("1") for x, y in zip(font.glyph(a), font.glyph(b)))


def test_w_is_told_from_h_and_from_every_other_letter_and_digit():
    """Issue 21: the W was the H with one more LED (WIN read HIN, WAR read HAR)."""
    for ch in "ABCDEFGHIJKLMNOPQRSTUVXYZ0123456789":
        assert _apart("W", ch) >= 2, ch
    frame = bytearray(16 * 5)
    other = bytearray(16 * 5)
    font.text(frame, 16, 0, 0, "WIN", 1)
    font.text(other, 16, 0, 0, "HIN", 1)
    assert sum(1 for a, b in zip(frame, other) if a != b) >= 2
