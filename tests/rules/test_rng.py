"""PCG32 against O'Neill's reference output, bounded ints, shuffles, saved state."""

from rulestest import with_module

from shared_rules.rng import PCG32, state_value

# pcg32-demo (pcg_basic), seed 42 stream 54, round 1
DEMO_32BIT = (0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E)
DEMO_COINS = "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT"
DEMO_ROLLS = (3, 4, 1, 1, 2, 2, 3, 2, 4, 3, 2, 4, 3, 3, 5, 2, 3, 1, 3, 1, 5, 1, 4, 1, 5, 6, 4, 6, 6, 2, 6, 3, 3)
DEMO_CARDS = ("Qd Ks 6d 3s 3d 4c 3h Td Kc 5c Jh Kd Jd As 4s 4h Ad Th Ac Jc 7s Qs 2s 7h Kh 2d 6c Ah 4d Qh 9h 6s "
              "5s 2c 9c Ts 8d 9s 3c 8c Js 5d 2h 6h 7d 8s 9d 5h 8h Qc 7c Tc")

M64 = (1 << 64) - 1


def _reference(seed: int, stream: int, count: int) -> list:
    """The pcg32 recurrence written with plain big ints, as in pcg_basic.c."""
    inc = ((stream << 1) | 1) & M64
    state = 0
    out = []
    state = (state * 6364136223846793005 + inc) & M64
    state = (state + seed) & M64
    state = (state * 6364136223846793005 + inc) & M64
    for _ in range(count):
        old = state
        state = (old * 6364136223846793005 + inc) & M64
        x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        out.append(((x >> rot) | (x << ((-rot) & 31))) & 0xFFFFFFFF)
    return out


def test_reference_output_seed_42_stream_54():
    rng = PCG32(42, 54)
    assert tuple(rng.next32() for _ in range(6)) == DEMO_32BIT


def test_demo_coins_rolls_and_cards():
    rng = PCG32(42, 54)
    for _ in range(6):
        rng.next32()
    assert "".join("H" if rng.below(2) else "T" for _ in range(65)) == DEMO_COINS
    assert tuple(rng.below(6) + 1 for _ in range(33)) == DEMO_ROLLS
    cards = list(range(52))
    rng.shuffle(cards)
    assert " ".join("A23456789TJQK"[c // 4] + "hcds"[c % 4] for c in cards) == DEMO_CARDS


def test_limbs_match_big_int_recurrence():
    seeds = ((0, 0), (1, 1), (M64, M64), (0x853C49E6748FEA9B, 0xDA3E39CB94B95BDB), (2**63, 7), (12345, 2**40 + 3))
    for seed, stream in seeds:
        rng = PCG32(seed, stream)
        assert [rng.next32() for _ in range(40)] == _reference(seed, stream, 40), (seed, stream)


def test_below_is_in_range_and_hits_every_value():
    rng = PCG32(7, 1)
    for bound in (1, 2, 3, 6, 7, 52, 72, 100, 1000, 16383, 16384, 65537, 2**31 + 11):
        seen = []
        for _ in range(300):
            v = rng.below(bound)
            assert 0 <= v < bound
            if bound <= 7 and v not in seen:
                seen.append(v)
        if bound <= 7:
            assert len(seen) == bound


def test_below_rejects_the_biased_low_draws():
    # bound 3: threshold = 2**32 mod 3 = 1, so a raw 0 is redrawn, never returned as 0
    rng = PCG32(42, 54)
    raw = PCG32(42, 54)
    for _ in range(50):
        r = raw.next32()
        if r >= 1:
            assert rng.below(3) == r % 3


def test_below_of_a_bad_bound_raises():
    rng = PCG32(1, 1)
    for bound in (0, -3, 2**32):
        try:
            rng.below(bound)
        except ValueError:
            continue
        raise AssertionError("bound " + str(bound) + " accepted")


def test_shuffle_is_a_permutation_and_depends_on_the_seed():
    a = list(range(72))
    b = list(range(72))
    PCG32(1, 2).shuffle(a)
    PCG32(2, 2).shuffle(b)
    assert sorted(a) == list(range(72)) and sorted(b) == list(range(72))
    assert a != b and a != list(range(72))


def test_state_round_trip_continues_the_stream():
    rng = PCG32(99, 3)
    for _ in range(5):
        rng.next32()
    saved = rng.getstate()
    assert len(saved) == 8 and all(0 <= v <= 0xFFFF for v in saved)
    ahead = [rng.next32() for _ in range(10)]
    other = PCG32()
    other.setstate(saved)
    assert [other.next32() for _ in range(10)] == ahead
    state, inc = state_value(other)
    assert inc == (3 << 1) | 1 and 0 <= state <= M64


def test_bad_saved_state_is_refused():
    rng = PCG32(1, 1)
    for bad in ([1, 2, 3], [0] * 8, [70000] + [1] * 7, [0, 0, 0, 0, 1, 0, 0, "x"], "state"):
        try:
            rng.setstate(bad)
        except ValueError:
            continue
        raise AssertionError("accepted " + repr(bad))


FAST = "shared_rules.fast_rng"


def test_the_machine_code_step_draws_what_the_python_step_draws():
    """The reference outputs, coins, rolls and cards, and every op of a PCG32, with the step
    in machine code and in Python; and the two steps side by side from 3,000 states, the
    extreme limbs among them (under CPython fast_rng defines nothing: both are Python)."""
    import sys

    for loaded in (True, False):
        with_module(FAST, loaded, test_reference_output_seed_42_stream_54)
        with_module(FAST, loaded, test_demo_coins_rolls_and_cards)
        with_module(FAST, loaded, test_limbs_match_big_int_recurrence)
        with_module(FAST, loaded, test_shuffle_is_a_permutation_and_depends_on_the_seed)
    mod = __import__(FAST, None, None, ("_step",))
    assert hasattr(mod, "_step") == (sys.implementation.name == "micropython")
    source = PCG32(99, 5)
    states = [[0] * 8, [0xFFFF] * 8, [0xFFFF, 0, 0xFFFF, 0, 1, 0xFFFF, 0, 0xFFFF]]
    for _ in range(3000):
        states.append([source.below(0x10000) if k != 4 else source.below(0x8000) * 2 + 1 for k in range(8)])
    kernel = sys.modules.get(FAST)
    try:
        for state in states:
            state[4] |= 1
            a = PCG32(state=state)
            b = PCG32(state=state)
            sys.modules[FAST] = mod  # (the step as viper, where MicroPython has it)
            a._step()
            del sys.modules[FAST]  # (rng.py's own)
            b._step()
            assert a.getstate() == b.getstate(), state
    finally:
        sys.modules.pop(FAST, None)
        if kernel is not None:
            sys.modules[FAST] = kernel
    # a deck dealt by the machine code's walk (fast_rng.shuffle) and by PCG32's: the zero state's
    # first output is 0, a low draw the bounded draw rejects and draws again
    assert PCG32(state=[0, 0, 0, 0, 1, 0, 0, 0]).next_halves() == (0, 0)
    for state in [[0, 0, 0, 0, 1, 0, 0, 0]] + states[3:40]:
        decks = []
        for loaded in (True, False):
            def deal(decks=decks, state=state) -> None:
                items = list(range(72))
                PCG32(state=list(state)).shuffle(items)
                decks.append(items)
            with_module(FAST, loaded, deal)
        assert decks[0] == decks[1], state
