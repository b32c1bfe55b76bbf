"""The LED encoder in machine code (MicroPython's viper emitter): MicroPython only.

Expanding 256 palette indexes into 768 strip bytes takes ~150 us of bytecode on the unix
port (some 20 ms on the Pico); as viper it takes 2 us. hal/pixels.py falls back to plain
Python where viper is missing (CPython, in tests).
"""

import micropython


@micropython.viper
def encode(out: ptr8, frame: ptr8, where: ptr8, grb: ptr8, n: int):
    """out[3 * where[p] ...] = the 3 GRB bytes of palette entry frame[p], for every p < n."""
    for p in range(n):
        j = where[p] * 3
        c = frame[p] * 3
        out[j] = grb[c]
        out[j + 1] = grb[c + 1]
        out[j + 2] = grb[c + 2]


@micropython.viper
def count(counts: ptr16, frame: ptr8, n: int, k: int):
    """counts[c] = how many of the first n frame bytes are c, for every c < k (a byte of
    k or more is no palette entry: not counted)."""
    for c in range(k):
        counts[c] = 0
    for p in range(n):
        c = frame[p]
        if c < k:
            counts[c] = counts[c] + 1


@micropython.viper
def weigh(counts: ptr16, levels: ptr8, big: ptr8, k: int, large: int) -> int:
    """The levels the frame's LEDs of the small (large = 0) or the large (large = 1)
    colours add up to: counts[e] * the 3 levels of entry e, over the entries of that kind."""
    s = 0
    for e in range(k):
        if big[e] == large:
            j = 3 * e
            s += counts[e] * (levels[j] + levels[j + 1] + levels[j + 2])
    return s


@micropython.viper
def build(grb: ptr8, top: ptr8, lo: ptr8, big: ptr8, k: int, small: int, large: int, whole: int):
    """grb[j] = (lo[j] + (top[j] - lo[j]) * factor // 255) * whole // 255 for the 3 levels of
    every entry e < k, factor = large where big[e] else small (factors 0..255). x // 255 as
    (x + 1 + (x >> 8)) >> 8: exact for 0 <= x < 65535, and no division in machine code."""
    for e in range(k):
        s = large if big[e] else small
        for j in range(3 * e, 3 * e + 3):
            f = lo[j]
            x = (top[j] - f) * s
            x = f + ((x + 1 + (x >> 8)) >> 8)
            x = x * whole
            grb[j] = (x + 1 + (x >> 8)) >> 8


@micropython.viper
def fill(frame: ptr8, width: int, x0: int, x1: int, y0: int, y1: int, colour: int):
    """frame[y * width + x] = colour for x0 <= x < x1, y0 <= y < y1 (clipped by the caller)."""
    for y in range(y0, y1):
        row = y * width
        for x in range(x0, x1):
            frame[row + x] = colour
