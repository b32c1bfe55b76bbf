"""The pcg32 step in machine code (MicroPython's viper emitter).

A draw of shared_rules/rng.py's PCG32 is a 64-bit multiply-add done in 16-bit limbs, so
that no value leaves a Pico's small ints: ~80 bytecodes, ~0.25 ms of a Pico - a deck of 72
cards shuffled for a new Khan game is 18 ms of it. step() is rng._step as viper: every value
it makes is a machine word below 2**28, so it is the same on the Pico's 32-bit words and the
unix port's 64-bit ones, and it allocates nothing.

Loaded with a host's rules ops (firmware/rulesop.py FIRST) before the game's rules; rng.py
uses it where it is loaded (rng._stepper looks in sys.modules) and its own _step elsewhere
and on CPython (where this module defines nothing): tests/rules/test_rng.py holds the two to
the same draws. Viper has no bounds checks: st is an array("H") of 10, as rng.py makes it.
"""

import sys

if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def step(st: ptr16):
        """rng._step: the old state's output's high and low halves in st[8] and st[9], the
        state (st[0:4]) advanced by the increment (st[4:8])."""
        s0 = int(st[0])
        s1 = int(st[1])
        s2 = int(st[2])
        s3 = int(st[3])
        q00 = s0 * 127
        q01 = s0 * 76
        q02 = s0 * 244
        q10 = s1 * 127
        q11 = s1 * 76
        q20 = s2 * 127
        c = s0 * 45 + ((q00 & 0xFF) << 8) + int(st[4])
        st[0] = c & 0xFFFF
        c = (c >> 16) + (q00 >> 8) + s0 * 149 + ((q01 & 0xFF) << 8) + s1 * 45 + ((q10 & 0xFF) << 8) + int(st[5])
        st[1] = c & 0xFFFF
        c = ((c >> 16) + (q01 >> 8) + s0 * 45 + ((q02 & 0xFF) << 8) + (q10 >> 8) + s1 * 149
             + ((q11 & 0xFF) << 8) + s2 * 45 + ((q20 & 0xFF) << 8) + int(st[6]))
        st[2] = c & 0xFFFF
        c = ((c >> 16) + (q02 >> 8) + s0 * 81 + (((s0 * 88) & 0xFF) << 8) + (q11 >> 8) + s1 * 45
             + (((s1 * 244) & 0xFF) << 8) + (q20 >> 8) + s2 * 149 + (((s2 * 76) & 0xFF) << 8)
             + s3 * 45 + (((s3 * 127) & 0xFF) << 8) + int(st[7]))
        st[3] = c & 0xFFFF
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
        st[8] = hi
        st[9] = lo
