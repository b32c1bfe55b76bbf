"""The matrix as a PNG: each LED a round dot on the black of the box, from ui.frame's
pixels ("#rrggbb", row-major from the top-left). Written with zlib alone (no imaging
library): docs/screens/ and `steppe history` reports use it."""

import struct
import zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def frame_png(pixels: list, width: int = 16, height: int = 16, cell: int = 12) -> bytes:
    """A PNG of the frame: cell x cell pixels per LED, the LED a dot of 3/4 of the cell."""
    rgb = []
    for p in pixels:
        v = int(str(p)[1:7], 16) if str(p).startswith("#") and len(str(p)) == 7 else 0
        rgb.append(bytes(((v >> 16) & 255, (v >> 8) & 255, v & 255)))
    dark = b"\x08\x08\x08"
    r = cell * 3 / 8
    mask = [[((x + 0.5 - cell / 2) ** 2 + (y + 0.5 - cell / 2) ** 2) <= r * r for x in range(cell)]
            for y in range(cell)]
    rows = []
    for j in range(height):
        for y in range(cell):
            line = bytearray(b"\x00")  # filter: none
            for i in range(width):
                colour = rgb[j * width + i] if j * width + i < len(rgb) else dark
                for x in range(cell):
                    line += colour if mask[y][x] else dark
            rows.append(bytes(line))
    header = struct.pack(">IIBBBBB", width * cell, height * cell, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + \
        _chunk(b"IEND", b"")


def write(path: str, pixels: list, width: int = 16, height: int = 16) -> None:
    with open(path, "wb") as f:
        f.write(frame_png(pixels, width, height))


def image_rows(data: bytes) -> bytes:
    """The image data of a PNG written by frame_png (its IDAT, inflated): two PNGs of the
    same picture compare equal by it whatever zlib compressed them."""
    out = b""
    at = 8
    while at + 8 <= len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            out += data[at + 8:at + 8 + n]
        at += 12 + n
    return zlib.decompress(out)


def chunks(data: bytes):
    """(kind, body) of every chunk of a PNG, in order."""
    at = 8
    while at + 8 <= len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, data[at + 8:at + 8 + n]
        at += 12 + n


def with_text(data: bytes, key: str, value: str) -> bytes:
    """The PNG with a tEXt chunk key=value after its header (what a picture was made from)."""
    end = 8 + 12 + struct.unpack(">I", data[8:12])[0]  # the IHDR chunk
    return data[:end] + _chunk(b"tEXt", key.encode("latin-1") + b"\0" + value.encode("latin-1")) + data[end:]


def text(data: bytes, key: str) -> "str | None":
    for kind, body in chunks(data):
        if kind == b"tEXt" and body.split(b"\0", 1)[0] == key.encode("latin-1"):
            return body.split(b"\0", 1)[1].decode("latin-1")
    return None


def size(data: bytes) -> "tuple[int, int]":
    """(width, height) of a PNG."""
    return struct.unpack(">II", data[16:24])
