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
