"""The LED matrix as a pure frame buffer with one hardware hook, _transmit(buffer).

The UI draws palette indexes into `frame` (one byte a pixel, row-major from the top-left).
show() turns them into the GRB bytes of the strip - serpentine wiring, gamma, brightness
and the current cap all applied here, in pure Python - and hands them to _transmit(),
the only method a backend overrides (as Adafruit's pixelbuf does). Working through a
palette keeps it fast: each pixel is one 3-byte copy, and capping the current rescales a
few palette entries instead of 768 bytes.
"""

GAMMA = 2.2


class Pixels:
    def __init__(self, width: int, height: int, palette: bytes, brightness: int = 48, budget_ma: int = 400,
                 ma_per_channel: int = 20, ma_per_dark_led: int = 1, serpentine: bool = True) -> None:
        n = width * height
        self.width = width
        self.height = height
        self.n = n
        self.palette = palette  # logical colours: 3 bytes (r, g, b) per palette index
        self.frame = bytearray(n)  # palette index per pixel, row-major from the top-left
        self.out = bytearray(3 * n)  # GRB bytes in strip order
        self.brightness = brightness  # 0..255
        self.budget_ma = budget_ma
        self.ma_per_channel = ma_per_channel
        self.ma_per_dark_led = ma_per_dark_led
        # strip position of each pixel: even rows run right, odd rows run back left
        where = bytearray(n) if n <= 256 else None
        order = []
        for y in range(height):
            for x in range(width):
                order.append(y * width + (width - 1 - x if serpentine and y & 1 else x))
        if where is not None:
            for p in range(n):
                where[p] = order[p]
            self.where = where
        else:
            self.where = order
        self.scale = 255  # the current cap's factor out of 255 for the last frame
        self._grb = []
        self._build(255)

    def _build(self, scale: int) -> None:
        """GRB bytes of every palette entry: gamma, then brightness, then the cap's scale."""
        grb = []
        level = self.brightness * scale
        pal = self.palette
        for k in range(0, len(pal), 3):
            grb.append(bytes((_gamma(pal[k + 1], level), _gamma(pal[k], level), _gamma(pal[k + 2], level))))
        self._grb = grb

    def set_brightness(self, brightness: int) -> None:
        self.brightness = max(0, min(255, brightness))
        self._build(255)

    def encode(self) -> bytearray:
        """The strip bytes for the current frame, within the current budget."""
        self._encode()
        lit = self.budget_ma - self.ma_per_dark_led * self.n
        total = sum(self.out)
        if total and total * self.ma_per_channel > lit * 255:
            # over the budget: scale the palette down so the frame draws at most `lit` mA
            self.scale = max(0, lit * 255 * 255 // (total * self.ma_per_channel))
            self._build(self.scale)
            self._encode()
            while sum(self.out) * self.ma_per_channel > lit * 255 and self.scale:
                self.scale -= 1  # rounding in the gamma table can leave a hair over
                self._build(self.scale)
                self._encode()
            self._build(255)
        else:
            self.scale = 255
        return self.out

    def _encode(self) -> None:
        out = self.out
        grb = self._grb
        frame = self.frame
        where = self.where
        for p in range(self.n):
            j = 3 * where[p]
            out[j:j + 3] = grb[frame[p]]

    def current_ma(self) -> int:
        """Estimated draw of the last encoded frame."""
        return self.ma_per_dark_led * self.n + sum(self.out) * self.ma_per_channel // 255

    def show(self) -> None:
        self._transmit(self.encode())

    def _transmit(self, buffer: bytearray) -> None:
        raise NotImplementedError("a backend sends the bytes to the LEDs")

    def rgb(self, p: int) -> "tuple[int, int, int]":
        """The logical colour of pixel p (before gamma, brightness and the cap)."""
        k = 3 * self.frame[p]
        return self.palette[k], self.palette[k + 1], self.palette[k + 2]


def _gamma(v: int, level: int) -> int:
    """v (0..255) through gamma 2.2, then scaled by level (brightness x scale, 0..65025)."""
    if not v or not level:
        return 0
    return int((v / 255) ** GAMMA * level / 255 + 0.5)


class NeoPixelStrip(Pixels):
    """MicroPython's neopixel module on a machine.Pin (the Pico; the simulator's fake too)."""

    def __init__(self, pin: int, width: int, height: int, palette: bytes, **kw) -> None:
        super().__init__(width, height, palette, **kw)
        self._pin = pin
        self._np = None

    def _transmit(self, buffer: bytearray) -> None:
        if self._np is None:
            import machine
            import neopixel

            self._np = neopixel.NeoPixel(machine.Pin(self._pin), self.n)
        np = self._np
        # neopixel keeps its GRB bytes in .buf: copy ours in one go, then send
        np.buf[:] = buffer
        np.write()


class CircuitPythonStrip(Pixels):
    """Adafruit's CircuitPython NeoPixel API (neopixel.NeoPixel on a board pin)."""

    def __init__(self, pin, width: int, height: int, palette: bytes, **kw) -> None:
        super().__init__(width, height, palette, **kw)
        self._pin = pin
        self._np = None

    def _transmit(self, buffer: bytearray) -> None:
        if self._np is None:
            import neopixel

            self._np = neopixel.NeoPixel(self._pin, self.n, brightness=1.0, auto_write=False,  # type: ignore
                                         pixel_order=neopixel.GRB)  # type: ignore
        np = self._np
        for i in range(self.n):
            np[i] = (buffer[3 * i + 1], buffer[3 * i], buffer[3 * i + 2])
        np.show()  # type: ignore
