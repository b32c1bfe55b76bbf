"""Ops over shared_rules.rng: raw PCG32 draws, bounded ints and shuffles for verification."""

from shared_rules import args as A
from shared_rules.pause import pause
from shared_rules.rng import PCG32

_U64 = 0xFFFFFFFFFFFFFFFF
EVERY = 128  # values drawn between two pauses (shared_rules/pause.py: ~7 ms of a Pico with the step in
# machine code, fast_rng.py; 4,096 of them were one stretch of ~200 ms, of ~0.9 s without it)


def _rng(args: dict) -> PCG32:
    return PCG32(A.integer(args, "seed", 0, _U64), A.integer(args, "stream", 0, _U64, 0))


def draw(args: dict) -> dict:
    """{"seed", "stream", "count"} -> {"values": raw 32-bit outputs}."""
    count = A.integer(args, "count", 0, 4096)
    return {"values": _drawn(count, _rng(args).next32)}


def below(args: dict) -> dict:
    """{"seed", "stream", "bound", "count"} -> {"values": unbiased ints in 0..bound-1}."""
    bound = A.integer(args, "bound", 1, 0xFFFFFFFF)
    count = A.integer(args, "count", 0, 4096)
    rng = _rng(args)
    return {"values": _drawn(count, lambda: rng.below(bound))}


def _drawn(count: int, take) -> list:
    """count values of take(), a pause after every EVERY of them."""
    out = []
    for k in range(1, count + 1):
        out.append(take())
        if not k % EVERY:
            pause()
    return out


def shuffle(args: dict) -> dict:
    """{"seed", "stream", "n"} -> {"order": 0..n-1 shuffled by Fisher-Yates}."""
    n = A.integer(args, "n", 0, 4096)
    rng = _rng(args)
    items = list(range(n))
    rng.shuffle(items, pause)  # (a pause every 128 swaps: EVERY)
    return {"order": items}


OPS = {"draw": draw, "below": below, "shuffle": shuffle}

READY = {}  # the ops whose modules are loaded (firmware/link.py ready)
