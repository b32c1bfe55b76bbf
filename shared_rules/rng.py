"""PCG32 (O'Neill's pcg32_srandom_r / XSH-RR), unbiased bounded ints and Fisher-Yates.

Every random draw of the companion comes from here, so a seed gives the same game on
CPython, on the unix port and on the Pico. The Pico's small ints hold 30 bits, so the
64-bit state is kept as four 16-bit limbs and every intermediate value stays below 2**28:
drawing a number allocates nothing on the device.

The step in machine code (shared_rules/fast_rng.py, loaded by a host's rules ops that draw and
by the box's Khan game) does the same where it is loaded; this module names nothing new for
it - a box at 96 KB boots with this module, and each name it interns is kept for good, a few
more enough to take a new block of the heap for them (firmware/README.md, Memory).
"""

import sys

_MASK16 = 0xFFFF


def _limbs(value: int) -> "list[int]":
    """Four 16-bit limbs, lowest first, of a value taken modulo 2**64."""
    return [(value >> (16 * k)) & _MASK16 for k in range(4)]


def _join(limbs: "list[int]") -> int:
    return limbs[0] | (limbs[1] << 16) | (limbs[2] << 32) | (limbs[3] << 48)


class PCG32:
    """pcg32 with a 64-bit state and a selectable stream, as in pcg_basic.c."""

    def __init__(self, seed: int = 0, stream: int = 0, state: "list | None" = None) -> None:
        """Seeded, or with state: as setstate(state) leaves it (ValueError if it is not one) -
        a saved game's, without the cost of seeding first."""
        if state is not None:
            self.setstate(state)
            return
        self._s = [0, 0, 0, 0]
        self._i = _limbs((stream << 1) | 1)
        self.seed(seed, stream)

    def seed(self, seed: int, stream: int) -> None:
        """pcg32_srandom_r(initstate=seed, initseq=stream)."""
        self._s = [0, 0, 0, 0]
        self._i = _limbs((stream << 1) | 1)
        self._step()
        add = _limbs(seed)
        s = self._s
        carry = 0
        for k in range(4):
            v = s[k] + add[k] + carry
            s[k] = v & _MASK16
            carry = v >> 16
        self._step()

    def _step(self) -> None:
        # state = state * 6364136223846793005 + inc (mod 2**64), column by column.
        # The multiplier's bytes are 2D 7F 95 4C 2D F4 51 58 (lowest first); products by
        # an odd byte straddle two 16-bit columns and are split so no sum passes 2**28.
        s = self._s
        inc = self._i
        fast = sys.modules.get("shared_rules.fast_rng")  # (where loaded: this step as viper, ~0.2 ms of a
        if fast is not None:  # Pico's bytecode a draw here; CPython's module defines nothing)
            kernel = getattr(fast, "_step", None)
            if kernel is not None:
                kernel(s, inc)
                return
        s0 = s[0]
        s1 = s[1]
        s2 = s[2]
        s3 = s[3]
        q00 = s0 * 127
        q01 = s0 * 76
        q02 = s0 * 244
        q10 = s1 * 127
        q11 = s1 * 76
        q20 = s2 * 127
        c = s0 * 45 + ((q00 & 0xFF) << 8) + inc[0]
        s[0] = c & _MASK16
        c = (c >> 16) + (q00 >> 8) + s0 * 149 + ((q01 & 0xFF) << 8) + s1 * 45 + ((q10 & 0xFF) << 8) + inc[1]
        s[1] = c & _MASK16
        c = ((c >> 16) + (q01 >> 8) + s0 * 45 + ((q02 & 0xFF) << 8) + (q10 >> 8) + s1 * 149
             + ((q11 & 0xFF) << 8) + s2 * 45 + ((q20 & 0xFF) << 8) + inc[2])
        s[2] = c & _MASK16
        c = ((c >> 16) + (q02 >> 8) + s0 * 81 + (((s0 * 88) & 0xFF) << 8) + (q11 >> 8) + s1 * 45
             + (((s1 * 244) & 0xFF) << 8) + (q20 >> 8) + s2 * 149 + (((s2 * 76) & 0xFF) << 8)
             + s3 * 45 + (((s3 * 127) & 0xFF) << 8) + inc[3])
        s[3] = c & _MASK16

    def next_halves(self) -> "tuple[int, int]":
        """The next 32-bit output as (high 16 bits, low 16 bits): small ints on every port."""
        s = self._s
        s1 = s[1]
        s2 = s[2]
        s3 = s[3]
        # xorshifted = ((old >> 18) ^ old) >> 27 = (old >> 27) ^ (old >> 45), 32 bits
        lo = ((s1 >> 11) | ((s2 & 0x7FF) << 5)) ^ ((s2 >> 13) | ((s3 & 0x1FFF) << 3))
        hi = ((s2 >> 11) | ((s3 & 0x7FF) << 5)) ^ (s3 >> 13)
        rot = s3 >> 11
        self._step()
        if rot >= 16:
            lo, hi = hi, lo
            rot -= 16
        if rot:
            mask = (1 << rot) - 1
            back = 16 - rot
            lo, hi = (lo >> rot) | ((hi & mask) << back), (hi >> rot) | ((lo & mask) << back)
        return hi, lo

    def next32(self) -> int:
        """pcg32_random_r: the next raw 32-bit output (a long int on the Pico)."""
        hi, lo = self.next_halves()
        return (hi << 16) | lo

    def below(self, bound: int) -> int:
        """pcg32_boundedrand_r: uniform in 0..bound-1, no modulo bias (rejects low draws)."""
        if bound < 1 or bound > 0xFFFFFFFF:
            raise ValueError("bound out of range")
        if bound >= 0x4000:
            threshold = (0x100000000 - bound) % bound
            while True:
                r = self.next32()
                if r >= threshold:
                    return r % bound
        # 2**32 mod bound, without leaving the small ints
        m = 0x10000 % bound
        threshold = (m * m) % bound
        while True:
            hi, lo = self.next_halves()
            if hi or lo >= threshold:
                return ((hi % bound) * 0x10000 + lo) % bound

    def shuffle(self, items: list, pause=None) -> None:
        """Fisher-Yates in place, walking down from the end as the pcg32 demo does; with
        pause, pause() after every 128 swaps (a host's long shuffle: the box's buttons take
        their turn, shared_rules/pause.py)."""
        fast = sys.modules.get("shared_rules.fast_rng")  # (where loaded: the walk with its draws in
        whole = getattr(fast, "shuffle", None) if fast is not None else None  # machine code)
        if whole is not None and len(items) < 0x4000:
            whole(self._s, self._i, items, pause)
            return
        i = len(items)
        while i > 1:
            j = self.below(i)
            i -= 1
            items[j], items[i] = items[i], items[j]
            if pause is not None and not i & 127:
                pause()

    def choice(self, items: list):
        return items[self.below(len(items))]

    def getstate(self) -> "list[int]":
        """State and increment as eight 16-bit ints: JSON-safe on every port."""
        return self._s + self._i

    def setstate(self, state: list) -> None:
        if not isinstance(state, list) or len(state) != 8:
            raise ValueError("rng state must be a list of 8 ints")
        for v in state:
            if type(v) is not int or v < 0 or v > _MASK16:
                raise ValueError("rng state values must be ints 0..65535")
        if not state[4] & 1:
            raise ValueError("rng increment must be odd")
        self._s = list(state[:4])
        self._i = list(state[4:])


def state_value(rng: PCG32) -> "tuple[int, int]":
    """(state, increment) as plain ints, for tests and diagnostics."""
    st = rng.getstate()
    return _join(st[:4]), _join(st[4:])
