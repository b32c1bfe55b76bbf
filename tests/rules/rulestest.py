"""Helpers for the rules tests, which run under pytest and under micropython alike."""

from shared_rules.errors import RulesError
from shared_rules.khan import board as board_mod
from shared_rules.khan import load


def raises(code: str, fn, *args):
    """Call fn(*args) and return the RulesError it must raise with this code."""
    try:
        fn(*args)
    except RulesError as e:
        assert e.code == code, "expected " + code + ", got " + e.code + ": " + e.message
        assert "\n" not in e.message and e.message, "error messages are one non-empty line"
        return e
    raise AssertionError("expected a RulesError " + code)


def board(text: str):
    return board_mod.load(text)


def position(text: str, pieces: dict):
    """A position on a board given as text (or "default"), from a pieces object."""
    return load.pieces(board_mod.load(text), pieces)


def cells(b, names: str) -> "list[int]":
    return [b.cell(n) for n in names.split()]


_KERNELS = {}  # the modules with_module imported, put back each time they are asked for again


def with_module(name: str, loaded: bool, work):
    """work()'s value with module name in sys.modules (loaded) or not: the rules look there
    for a viper kernel (khan/fast_board.py, khan/fast_pieces.py, fast_rng.py) and run their
    own Python without it. sys.modules is as it was after. A module imported here is kept and
    put back the next time (imported again, a kernel would be compiled again)."""
    import sys

    was = sys.modules.get(name)
    if not loaded:
        sys.modules.pop(name, None)
    elif was is None:
        if name not in _KERNELS:
            __import__(name)
            _KERNELS[name] = sys.modules[name]
        sys.modules[name] = _KERNELS[name]
    try:
        return work()
    finally:
        sys.modules.pop(name, None)
        if was is not None:
            sys.modules[name] = was
