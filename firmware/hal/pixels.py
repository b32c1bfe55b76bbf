"""The LED matrix as a pure frame buffer with one hardware hook, _transmit(buffer).

The UI draws palette indexes into `frame` (one byte a pixel, row-major from the top-left).
show() turns them into the GRB bytes of the strip - serpentine wiring, brightness and the
current cap all applied here - and hands them to _transmit(), the only method a backend
overrides (as Adafruit's pixelbuf does).

The palette is in LED output space (ui/palette.py): PWM levels at brightness 255, a floor
for each colour and which colours cover large areas. The brightness scales the levels
(never below the floors). The current cap is worked out for each frame from how many
LEDs show each colour (a count, not a sum of 768 bytes): the large colours go down
towards their floors first (to LARGE_KEEP of the way), then with the others towards theirs,
and only a frame whose floors
alone are over the budget is scaled down as a whole. Each pixel is then one 3-byte copy
from a table of the palette's GRB bytes, rebuilt only when the cap moves.
"""

import sys

try:
    from uarray import array  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from array import array

LARGE_KEEP = 96  # the large colours come down first, but to no less than this share (/255) of the
# others' factor: a frame of many small lit LEDs (a card, a band of text) leaves the board
# around them legible, not at its floors beside a bright white
STEP = 4  # the cap's factors move in steps this big (fewer rebuilds of the table)

_fast_encode = None
_fast_count = None
_fast_weigh = None
_fast_build = None
if sys.implementation.name == "micropython":
    try:
        from hal.fast import build as _fast_build
        from hal.fast import count as _fast_count
        from hal.fast import encode as _fast_encode
        from hal.fast import weigh as _fast_weigh
    except (ImportError, ValueError):  # a port without the viper emitter, or code of another arch
        _fast_encode = None
        _fast_count = None
        _fast_weigh = None
        _fast_build = None


def _count(counts, frame: bytearray, n: int, k: int) -> None:
    if _fast_count is not None:
        _fast_count(counts, frame, n, k)  # type: ignore[arg-type]
        return
    for c in range(k):
        counts[c] = 0
    for p in range(n):
        if frame[p] < k:
            counts[frame[p]] += 1


def _weigh(counts, levels: bytearray, big: bytes, k: int, large: int) -> int:
    if _fast_weigh is not None:
        return _fast_weigh(counts, levels, big, k, large)  # type: ignore[arg-type]
    s = 0
    for e in range(k):
        if big[e] == large:
            s += counts[e] * (levels[3 * e] + levels[3 * e + 1] + levels[3 * e + 2])
    return s


class Pixels:
    def __init__(self, width: int, height: int, palette: bytes, brightness: int = 48, budget_ma: int = 400,
                 ma_per_channel: int = 20, ma_per_dark_led: int = 1, serpentine: bool = True,
                 floor: bytes = b"", large: bytes = b"") -> None:
        n = width * height
        self.width = width
        self.height = height
        self.n = n
        self.palette = palette  # levels at brightness 255: 3 bytes (r, g, b) per palette index
        self.floor = floor  # the levels no setting or cap goes below (none: b"")
        self.k = k = len(palette) // 3
        self.large = large or bytes(k)  # 1 per palette index: a colour of large areas, capped first
        self.frame = bytearray(n)  # palette index per pixel, row-major from the top-left
        self.out = bytearray(3 * n)  # GRB bytes in strip order
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
        self.counts = array("H", bytes(2 * k))  # LEDs of each palette index in the frame
        self._top = bytearray(3 * k)  # GRB levels of each entry at the brightness
        self._lo = bytearray(3 * k)  # GRB levels of each entry at its floor
        self.grb = bytearray(3 * k)  # GRB levels of each entry under the last frame's cap
        self.cap = (255, 255, 255)  # the last frame's cap: (small colours, large colours, whole frame)
        self.shown = bytearray(n)  # the frame last handed to the strip: show() sends no frame twice
        self.fresh = True  # ...unless the levels changed since (a brightness, a budget): then it does
        self.scale = 255  # the three as one factor out of 255 (255: not capped)
        self.set_brightness(brightness)

    def set_brightness(self, brightness: int) -> None:
        """Levels at this brightness (0..255), never below the floors."""
        b = self.brightness = max(0, min(255, brightness))
        pal = self.palette
        floor = self.floor
        top, lo = self._top, self._lo
        for e in range(self.k):
            for c in range(3):
                j = 3 * e + (1, 0, 2)[c]  # r, g, b -> the strip's G R B
                f = floor[3 * e + c] if floor else 0
                lo[j] = f
                top[j] = max(f, (pal[3 * e + c] * b + 127) // 255)
        self.cap = (-1, -1, -1)  # the table is built afresh at the next frame
        self.fresh = True

    def set_budget(self, budget_ma: int) -> None:
        self.budget_ma = budget_ma
        self.cap = (-1, -1, -1)
        self.fresh = True

    def encode(self) -> bytearray:
        """The strip bytes for the current frame, within the current budget: the cap of
        this very frame, from the count of each colour in it."""
        k = self.k
        counts = self.counts
        _count(counts, self.frame, self.n, k)
        top, lo, big = self._top, self._lo, self.large
        top0, lo0 = _weigh(counts, top, big, k, 0), _weigh(counts, lo, big, k, 0)
        top1, lo1 = _weigh(counts, top, big, k, 1), _weigh(counts, lo, big, k, 1)
        per = self.ma_per_channel
        spare = self.budget_ma - self.ma_per_dark_led * self.n
        allowed = spare * 255 // per if per else 1 << 30  # the level sum the budget allows
        small = large = whole = 255
        if top0 + top1 > allowed:
            keep = lo1 + (top1 - lo1) * LARGE_KEEP // 255
            if top0 + keep <= allowed:  # the large colours come down first, to LARGE_KEEP
                large = _factor(allowed - top0 - lo1, top1 - lo1)
            elif lo0 + lo1 <= allowed:  # then both, the large ones kept at LARGE_KEEP of the others
                small = _factor(allowed - lo0 - lo1, top0 - lo0 + (top1 - lo1) * LARGE_KEEP // 255)
                large = small * LARGE_KEEP // 255
            else:  # even the floors are over: all of it, scaled down as one
                small = large = 0
                whole = _factor(allowed, lo0 + lo1) if allowed > 0 else 0
        cap = (small, large, whole)
        if cap != self.cap:
            self._build(small, large, whole)
        self._encode()
        return self.out

    def _build(self, small: int, large: int, whole: int) -> None:
        """The GRB levels of every entry under the cap: floor + (top - floor) * factor."""
        grb, top, lo, big = self.grb, self._top, self._lo, self.large
        self.cap = (small, large, whole)
        self.scale = small * large * whole // 65025
        if _fast_build is not None:  # (a cap that moves - a card, a band of text - costs no frame)
            _fast_build(grb, top, lo, big, self.k, small, large, whole)  # type: ignore[arg-type]
            return
        for e in range(self.k):
            s = large if big[e] else small
            for j in range(3 * e, 3 * e + 3):
                f = lo[j]
                grb[j] = (f + (top[j] - f) * s // 255) * whole // 255

    def _encode(self) -> None:
        if _fast_encode is not None and self.n <= 256:
            _fast_encode(self.out, self.frame, self.where, self.grb, self.n)  # type: ignore[arg-type]
            return
        out = self.out
        grb = self.grb
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
        """The frame to the LEDs, unless they show it already: a screen that blinks is drawn
        60 times a second and changes a few times, and on a Pico a write of the strip holds
        the CPU 7.7 ms (256 LEDs x 24 bits x 1.25 us) - a press that came meanwhile waited
        for it (issue 20). Compared at C speed; the bytes are the same for the same frame."""
        frame = self.frame
        if not self.fresh and frame == self.shown:
            return
        self.fresh = False
        self.shown[:] = frame
        self._transmit(self.encode())

    def _transmit(self, buffer: bytearray) -> None:
        raise NotImplementedError("a backend sends the bytes to the LEDs")

    def rgb(self, p: int) -> "tuple[int, int, int]":
        """The palette colour of pixel p (its levels at brightness 255, before the cap)."""
        k = 3 * self.frame[p]
        return self.palette[k], self.palette[k + 1], self.palette[k + 2]


def _factor(room: int, span: int) -> int:
    """The factor out of 255 that fits `span` into `room`, a STEP down to be sure."""
    if span <= 0:
        return 255
    return max(0, min(255, room * 255 // span) // STEP * STEP)


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
