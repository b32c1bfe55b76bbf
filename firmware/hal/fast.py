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
