"""The virtual Pico's `neopixel`: MicroPython's API, with the LEDs replaced by a record.

write() is the single lowest hook: the bytes the strip would receive are kept in
`sent` (the last frame) and counted in `writes`, so tests can check what went out.
"""

sent = bytearray()
writes = [0]


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1) -> None:
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.timing = timing

    def __len__(self) -> int:
        return self.n

    def __setitem__(self, i, v) -> None:
        offset = i * self.bpp
        for k in range(self.bpp):
            self.buf[offset + self.ORDER[k]] = v[k]

    def __getitem__(self, i):
        offset = i * self.bpp
        return tuple(self.buf[offset + self.ORDER[k]] for k in range(self.bpp))

    def fill(self, v) -> None:
        for i in range(self.n):
            self[i] = v

    def write(self) -> None:
        sent[:] = self.buf
        writes[0] += 1
