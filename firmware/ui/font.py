"""A 3x5 font for the 16x16 matrix: four characters to a row."""

_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+-:?!/ .(),'\";=_<>*%[]#"
# five digits a glyph (its rows, top first), in the order of _CHARS; a digit is 3 bits
# of a row, 4 = the left column. One string: tuples would stay in RAM as constants.
_FONT = bytes(int(c) for c in (
    "755572622771747717175571174717747577112275757757172575565656"
    "344436555674647746443455355755722271115255655444475775565555"
    "255526564425573656553421672222555575555255775552555522271247"
    "0272000700020206120222202112440000000002"
    "122214222400024220005500002024070700000712421421240525051245644463111357575"
))


def glyph(ch: str) -> bytes:
    k = _CHARS.find(ch.upper())
    if k < 0:
        k = _CHARS.index("?")
    return _FONT[5 * k:5 * k + 5]


def text(frame: bytearray, width: int, x: int, y: int, s: str, colour: int) -> int:
    """Draw s at (x, y); returns the x after it. Clips at the frame's edges."""
    height = len(frame) // width
    for ch in s:
        rows = glyph(ch)
        for dy in range(5):
            bits = rows[dy]
            for dx in range(3):
                if bits & (4 >> dx):
                    px = x + dx
                    py = y + dy
                    if 0 <= px < width and 0 <= py < height:
                        frame[py * width + px] = colour
        x += 4
    return x


def number(frame: bytearray, width: int, x: int, y: int, n: int, colour: int, digits: int = 2) -> None:
    """A right-aligned number in `digits` places (blank-padded)."""
    s = str(n)
    while len(s) < digits:
        s = " " + s
    text(frame, width, x, y, s[-digits:], colour)
