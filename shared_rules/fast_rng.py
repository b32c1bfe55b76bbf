"""The pcg32 step in machine code (MicroPython's viper emitter).

A draw of shared_rules/rng.py's PCG32 steps a 64-bit state by a multiply-add done in 16-bit
limbs, so that no value leaves a Pico's small ints: ~80 bytecodes, ~0.2 ms of a Pico - a
deck of 72 cards shuffled for a new Khan game was 18 ms of it. _step() is PCG32._step as
viper, _draw() PCG32.next_halves, and shuffle() PCG32.shuffle drawing with _draw (rng.py
looks for them by the names its own methods have: it interns no new name on a box's boot
path). Every value they make is a machine word below 2**28, so it is the same on the Pico's
32-bit words and the unix port's 64-bit ones, and what they store in a list is a small int:
they allocate nothing.

Loaded with a host's rules ops that draw (firmware/rulesop.py FIRST, Khan's NEEDS) and with the
box's Khan game (firmware/ui/khan.py); rng.py uses it where it is loaded and its own step
elsewhere and on CPython (where this module defines nothing): tests/rules/test_rng.py holds
the two to the same draws. Let go with the rng's ops when the RAM runs out (memory.free).
"""

import sys

if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def _step(s, inc):
        """PCG32._step: the state's four 16-bit limbs (the list s, lowest first) times
        6364136223846793005 plus the increment's (the list inc), mod 2**64, column by column."""
        s0 = int(s[0])
        s1 = int(s[1])
        s2 = int(s[2])
        s3 = int(s[3])
        q00 = s0 * 127
        q01 = s0 * 76
        q02 = s0 * 244
        q10 = s1 * 127
        q11 = s1 * 76
        q20 = s2 * 127
        c = s0 * 45 + ((q00 & 0xFF) << 8) + int(inc[0])
        s[0] = c & 0xFFFF
        c = (c >> 16) + (q00 >> 8) + s0 * 149 + ((q01 & 0xFF) << 8) + s1 * 45 + ((q10 & 0xFF) << 8) + int(inc[1])
        s[1] = c & 0xFFFF
        c = ((c >> 16) + (q01 >> 8) + s0 * 45 + ((q02 & 0xFF) << 8) + (q10 >> 8) + s1 * 149
             + ((q11 & 0xFF) << 8) + s2 * 45 + ((q20 & 0xFF) << 8) + int(inc[2]))
        s[2] = c & 0xFFFF
        c = ((c >> 16) + (q02 >> 8) + s0 * 81 + (((s0 * 88) & 0xFF) << 8) + (q11 >> 8) + s1 * 45
             + (((s1 * 244) & 0xFF) << 8) + (q20 >> 8) + s2 * 149 + (((s2 * 76) & 0xFF) << 8)
             + s3 * 45 + (((s3 * 127) & 0xFF) << 8) + int(inc[3]))
        s[3] = c & 0xFFFF

    @micropython.viper
    def _draw(s, inc, out):
        """PCG32.next_halves: the state's output - its high and low 16 bits, in out[0] and
        out[1] - then the step."""
        s1 = int(s[1])
        s2 = int(s[2])
        s3 = int(s[3])
        lo = ((s1 >> 11) | ((s2 & 0x7FF) << 5)) ^ ((s2 >> 13) | ((s3 & 0x1FFF) << 3))
        hi = ((s2 >> 11) | ((s3 & 0x7FF) << 5)) ^ (s3 >> 13)
        rot = s3 >> 11
        if rot >= 16:
            t = lo
            lo = hi
            hi = t
            rot -= 16
        if rot != 0:
            mask = (1 << rot) - 1
            back = 16 - rot
            t = (lo >> rot) | ((hi & mask) << back)
            hi = (hi >> rot) | ((lo & mask) << back)
            lo = t
        out[0] = hi
        out[1] = lo
        _step(s, inc)

    def shuffle(s, inc, items: list, pause) -> None:
        """PCG32.shuffle of items (fewer than 0x4000) for the state s and increment inc, each
        bounded draw PCG32.below's for a bound under 0x4000 - 2**32 mod the bound worked out
        in small ints, the low draws that would bias it drawn again - with _draw: a 72-card
        deck ~18 ms of a Pico's bytecode through PCG32's calls, ~3 ms so."""
        out = [0, 0]
        i = len(items)
        while i > 1:
            m = 0x10000 % i
            threshold = (m * m) % i
            _draw(s, inc, out)
            while not out[0] and out[1] < threshold:
                _draw(s, inc, out)
            j = ((out[0] % i) * 0x10000 + out[1]) % i
            i -= 1
            items[j], items[i] = items[i], items[j]
            if pause is not None and not i & 127:
                pause()
