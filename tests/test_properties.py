"""Property tests on CPython with fixed seeds (hypothesis, derandomized)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from shared_rules import cjson
from shared_rules.rng import PCG32

M64 = (1 << 64) - 1
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20)


@settings(derandomize=True, max_examples=400)
@given(json_values)
def test_canonical_json_equals_sorted_compact_json(value):
    assert cjson.dumps(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))


@settings(derandomize=True, max_examples=300)
@given(st.integers(0, M64), st.integers(0, M64))
def test_pcg32_limbs_equal_the_big_int_recurrence(seed, stream):
    inc = ((stream << 1) | 1) & M64
    state = (inc * 0 + inc) & M64  # state 0, one step
    state = (state + seed) & M64
    state = (state * 6364136223846793005 + inc) & M64
    rng = PCG32(seed, stream)
    for _ in range(8):
        old = state
        state = (old * 6364136223846793005 + inc) & M64
        x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        assert rng.next32() == ((x >> rot) | (x << ((-rot) & 31))) & 0xFFFFFFFF


@settings(derandomize=True, max_examples=200)
@given(st.integers(0, M64), st.integers(1, 2**32 - 1))
def test_bounded_draws_follow_the_reference_rejection(seed, bound):
    raw = PCG32(seed, 5)
    rng = PCG32(seed, 5)
    threshold = (2**32 - bound) % bound
    for _ in range(5):
        r = raw.next32()
        while r < threshold:
            r = raw.next32()
        assert rng.below(bound) == r % bound
