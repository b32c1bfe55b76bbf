"""A 3x5 font for the 16x16 matrix: four characters to a row."""

_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+-:?!/ .(),'\";=_<>*%[]#"
# five digits a glyph (its rows, top first), in the order of _CHARS; a digit is 3 bits
# of a row, 4 = the left column. One string: tuples would stay in RAM as constants.
_FONT = bytes(int(c) for c in (
    "755572622771747717175571174717747577112275757757172575565656"
    "344436555674647746443455355755722271115255655444475775565555"
    "255526564425573656553421672222555575555255777552555522271247"
    "0272000700020206120222202112440000000002"
    "122214222400024220005500002024070700000712421421240525051245644463111357575"
))


# a character's code (ASCII) -> its glyph's index; lower case as upper, any other as "?".
# Built from bytes: a str walked a character at a time makes each character a qstr, kept
# for good, and a full qstr pool asks for a new block of ~1 KB - on a split 96wK heap,
# that is the MemoryError a frame must never meet.
def _index() -> bytearray:
    table = bytearray(bytes([_CHARS.index("?")]) * 128)
    for k, c in enumerate(_CHARS.encode()):
        table[c] = k
        if 65 <= c <= 90:
            table[c + 32] = k
    return table


_INDEX = _index()


def glyph(ch: str) -> bytes:
    """The five rows of a character's glyph."""
    c = ord(ch)
    k = _INDEX[c if c < 128 else 63]
    return _FONT[5 * k:5 * k + 5]


def text(frame: bytearray, width: int, x: int, y: int, s: str, colour: int) -> int:
    """Draw s at (x, y); returns the x after it. Clips at the frame's edges. Allocates
    nothing but the bytes of s."""
    height = len(frame) // width
    for c in s.encode():
        if c >= 128:  # a character beyond ASCII: "?" at its first byte (UTF-8), nothing at the others
            if c < 192:
                continue
            c = 63
        at = 5 * _INDEX[c]
        for dy in range(5):
            bits = _FONT[at + dy]
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
