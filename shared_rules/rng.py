"""PCG32 (O'Neill's pcg32_srandom_r / XSH-RR), unbiased bounded ints and Fisher-Yates.

Every random draw of the companion comes from here, so a seed gives the same game on
CPython, on the unix port and on the Pico. The Pico's small ints hold 30 bits, so the
64-bit state is kept as four 16-bit limbs and every intermediate value stays below 2**28:
drawing a number allocates nothing on the device.
"""

import sys

try:
    from uarray import array  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from array import array

_MASK16 = 0xFFFF
_FAST = "shared_rules.fast_rng"  # the step in machine code (viper), where loaded


def _limbs(value: int) -> "list[int]":
    """Four 16-bit limbs, lowest first, of a value taken modulo 2**64."""
    return [(value >> (16 * k)) & _MASK16 for k in range(4)]


def _join(limbs: "list[int]") -> int:
    return limbs[0] | (limbs[1] << 16) | (limbs[2] << 32) | (limbs[3] << 48)


def _step(st) -> None:
    """One pcg32 step of st (an array("H") of 10: the state's limbs 0-3, the increment's 4-7):
    the old state's output, as its high and low 16 bits, in st[8] and st[9]; the state
    advanced. shared_rules/fast_rng.py's step() in Python: each draw here is ~0.25 ms of a
    Pico's bytecode, there a few microseconds (tests/rules/test_rng.py holds the two equal)."""
    # state = state * 6364136223846793005 + inc (mod 2**64), column by column.
    # The multiplier's bytes are 2D 7F 95 4C 2D F4 51 58 (lowest first); products by
    # an odd byte straddle two 16-bit columns and are split so no sum passes 2**28.
    s0 = st[0]
    s1 = st[1]
    s2 = st[2]
    s3 = st[3]
    q00 = s0 * 127
    q01 = s0 * 76
    q02 = s0 * 244
    q10 = s1 * 127
    q11 = s1 * 76
    q20 = s2 * 127
    c = s0 * 45 + ((q00 & 0xFF) << 8) + st[4]
    st[0] = c & _MASK16
    c = (c >> 16) + (q00 >> 8) + s0 * 149 + ((q01 & 0xFF) << 8) + s1 * 45 + ((q10 & 0xFF) << 8) + st[5]
    st[1] = c & _MASK16
    c = ((c >> 16) + (q01 >> 8) + s0 * 45 + ((q02 & 0xFF) << 8) + (q10 >> 8) + s1 * 149
         + ((q11 & 0xFF) << 8) + s2 * 45 + ((q20 & 0xFF) << 8) + st[6])
    st[2] = c & _MASK16
    c = ((c >> 16) + (q02 >> 8) + s0 * 81 + (((s0 * 88) & 0xFF) << 8) + (q11 >> 8) + s1 * 45
         + (((s1 * 244) & 0xFF) << 8) + (q20 >> 8) + s2 * 149 + (((s2 * 76) & 0xFF) << 8)
         + s3 * 45 + (((s3 * 127) & 0xFF) << 8) + st[7])
    st[3] = c & _MASK16
    # the old state's output: xorshifted = ((old >> 18) ^ old) >> 27 = (old >> 27) ^ (old >> 45),
    # 32 bits, rotated right by old >> 59
    lo = ((s1 >> 11) | ((s2 & 0x7FF) << 5)) ^ ((s2 >> 13) | ((s3 & 0x1FFF) << 3))
    hi = ((s2 >> 11) | ((s3 & 0x7FF) << 5)) ^ (s3 >> 13)
    rot = s3 >> 11
    if rot >= 16:
        lo, hi = hi, lo
        rot -= 16
    if rot:
        mask = (1 << rot) - 1
        back = 16 - rot
        lo, hi = (lo >> rot) | ((hi & mask) << back), (hi >> rot) | ((lo & mask) << back)
    st[8] = hi
    st[9] = lo


def _stepper():
    """The step: fast_rng.step where that module is loaded (a host's rules ops load it:
    firmware/rulesop.py FIRST), else _step."""
    fast = sys.modules.get(_FAST)
    return getattr(fast, "step", _step) if fast is not None else _step


def _below(st, bound: int, step) -> int:
    """Uniform in 0..bound-1 for 1 <= bound < 0x4000, stepping st with step: 2**32 mod bound
    worked out without leaving the small ints, the low draws that would bias it rejected."""
    m = 0x10000 % bound
    threshold = (m * m) % bound
    while True:
        step(st)
        hi = st[8]
        lo = st[9]
        if hi or lo >= threshold:
            return ((hi % bound) * 0x10000 + lo) % bound


class PCG32:
    """pcg32 with a 64-bit state and a selectable stream, as in pcg_basic.c."""

    def __init__(self, seed: int = 0, stream: int = 0, state: "list | None" = None) -> None:
        """Seeded, or with state: as setstate(state) leaves it (ValueError if it is not one) -
        a saved game's, without the cost of seeding first."""
        self._st = array("H", bytes(20))  # the state's limbs, the increment's, the last output's halves (_step)
        if state is not None:
            self.setstate(state)
            return
        self.seed(seed, stream)

    def seed(self, seed: int, stream: int) -> None:
        """pcg32_srandom_r(initstate=seed, initseq=stream)."""
        st = self._st
        inc = _limbs((stream << 1) | 1)
        for k in range(4):
            st[k] = 0
            st[4 + k] = inc[k]
        step = _stepper()
        step(st)
        add = _limbs(seed)
        carry = 0
        for k in range(4):
            v = st[k] + add[k] + carry
            st[k] = v & _MASK16
            carry = v >> 16
        step(st)

    def next_halves(self) -> "tuple[int, int]":
        """The next 32-bit output as (high 16 bits, low 16 bits): small ints on every port."""
        st = self._st
        _stepper()(st)
        return st[8], st[9]

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
        return _below(self._st, bound, _stepper())

    def shuffle(self, items: list, pause=None, every: int = 0) -> None:
        """Fisher-Yates in place, walking down from the end as the pcg32 demo does; with
        pause, pause() after every `every` swaps (a long shuffle of a host's rules op: the
        box's buttons take their turn, shared_rules/pause.py)."""
        st = self._st
        step = _stepper()
        i = len(items)
        while i > 1:  # (i < 0x4000: a list on the Pico holds far fewer)
            j = _below(st, i, step) if i < 0x4000 else self.below(i)
            i -= 1
            items[j], items[i] = items[i], items[j]
            if pause is not None and not i % every:
                pause()

    def choice(self, items: list):
        return items[self.below(len(items))]

    def getstate(self) -> "list[int]":
        """State and increment as eight 16-bit ints: JSON-safe on every port."""
        return list(self._st)[:8]

    def setstate(self, state: list) -> None:
        if not isinstance(state, list) or len(state) != 8:
            raise ValueError("rng state must be a list of 8 ints")
        for v in state:
            if type(v) is not int or v < 0 or v > _MASK16:
                raise ValueError("rng state values must be ints 0..65535")
        if not state[4] & 1:
            raise ValueError("rng increment must be odd")
        st = self._st
        for k in range(8):
            st[k] = state[k]


def state_value(rng: PCG32) -> "tuple[int, int]":
    """(state, increment) as plain ints, for tests and diagnostics."""
    st = rng.getstate()
    return _join(st[:4]), _join(st[4:])
