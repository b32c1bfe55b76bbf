"""The LED matrix as a pure frame buffer with one hardware hook, _transmit(buffer).

The UI draws palette indexes into `frame` (one byte a pixel, row-major from the top-left).
show() turns them into the GRB bytes of the strip - serpentine wiring, gamma, brightness
and the current cap all applied here, in pure Python - and hands them to _transmit(),
the only method a backend overrides (as Adafruit's pixelbuf does). Working through a
palette keeps it fast: each pixel is one 3-byte copy, and capping the current rescales a
few palette entries instead of 768 bytes.
"""

import sys

GAMMA = 2.2

_fast_encode = None
_fast_total = None
if sys.implementation.name == "micropython":
    try:
        from hal.fast import encode as _fast_encode
        from hal.fast import total as _fast_total
    except (ImportError, ValueError):  # a port without the viper emitter, or code of another arch
        _fast_encode = None
        _fast_total = None


def _total(buf: bytearray) -> int:
    """The sum of the bytes: what the LEDs will draw, in channel steps."""
    if _fast_total is not None:
        return _fast_total(buf, len(buf))  # type: ignore[arg-type]
    return sum(buf)


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
        self._grb = bytearray(len(palette))  # GRB bytes of each palette entry, 3 apiece
        self._build(255)

    def _build(self, scale: int) -> None:
        """GRB bytes of every palette entry: gamma, then brightness, then the cap's scale."""
        grb = self._grb
        level = self.brightness * scale  # 0..65025
        pal = self.palette
        lut = _gamma_table()
        for k in range(0, len(pal), 3):
            grb[k] = (lut[pal[k + 1]] * level + 32512) // 65025
            grb[k + 1] = (lut[pal[k]] * level + 32512) // 65025
            grb[k + 2] = (lut[pal[k + 2]] * level + 32512) // 65025

    def set_brightness(self, brightness: int) -> None:
        self.brightness = max(0, min(255, brightness))
        self.scale = 255
        self._build(255)

    def encode(self) -> bytearray:
        """The strip bytes for the current frame, within the current budget.

        The palette is kept built at the cap's scale of the last frame: frames that follow
        one another are alike, so it is rebuilt only when the scale must move."""
        self._encode()
        allowed = (self.budget_ma - self.ma_per_dark_led * self.n) * 255  # in channel units x mA
        per = self.ma_per_channel
        total = _total(self.out)
        scale = self.scale
        if scale < 255 and total * per * 255 <= allowed * max(scale, 1) * 7 // 8:
            # darker than what the cap was set for: take the scale back up as far as it goes
            full = total * 255 // max(scale, 1)
            want = 255 if full * per <= allowed else max(0, allowed * 255 // (full * per))
            if want > scale:
                self._rescale(want)
                total = _total(self.out)
        while total * per > allowed and self.scale:
            # over the budget: scale the palette down until the frame fits
            want = min(self.scale - 1, max(0, allowed * self.scale // (total * per)))
            self._rescale(want)
            total = _total(self.out)
        return self.out

    def _rescale(self, scale: int) -> None:
        self.scale = scale
        self._build(scale)
        self._encode()

    def _encode(self) -> None:
        if _fast_encode is not None and self.n <= 256:
            _fast_encode(self.out, self.frame, self.where, self._grb, self.n)  # type: ignore[arg-type]
            return
        out = self.out
        grb = self._grb
        frame = self.frame
        where = self.where
        for p in range(self.n):
            j = 3 * where[p]
            c = 3 * frame[p]
            out[j:j + 3] = grb[c:c + 3]

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


_lut = []


def _gamma_table() -> bytes:
    """v -> 255 * (v / 255) ** 2.2, computed once (the floats stay out of every frame)."""
    if not _lut:
        _lut.append(bytes(int((v / 255) ** GAMMA * 255 + 0.5) for v in range(256)))
    return _lut[0]


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
    """Adafruit's CircuitPython NeoPixel API (neopixel.NeoPixel on a board pin). Its own
    brightness stays at 1.0: ours, and the current cap, are already in the bytes."""

    def __init__(self, pin, width: int, height: int, palette: bytes, module=None, **kw) -> None:
        super().__init__(width, height, palette, **kw)
        self._pin = pin
        self._module = module  # the neopixel module (given when the name is taken)
        self._np = None

    def _transmit(self, buffer: bytearray) -> None:
        if self._np is None:
            neopixel = self._module
            if neopixel is None:
                import neopixel
            self._np = neopixel.NeoPixel(self._pin, self.n, brightness=1.0, auto_write=False,  # type: ignore
                                         pixel_order=neopixel.GRB)  # type: ignore
        np = self._np
        for i in range(self.n):
            np[i] = (buffer[3 * i + 1], buffer[3 * i], buffer[3 * i + 2])
        np.show()  # type: ignore
