"""The code a hard interrupt runs computes only with a 32-bit Pico's small ints.

A Pico's small ints are 31-bit (-2**30 .. 2**30 - 1): any other int is a heap object, and
a hard IRQ runs with the heap locked, so a number outside that range in its path raises
MemoryError there and MicroPython turns that pin's interrupt off for good (issue 20: the
clock's PERIOD = 2**30 killed the latched buttons on the chip). The 64-bit virtual Pico
cannot show it: 2**30 is small there. So every expression on the heap-locked paths
(HEAP_LOCKED: each hard interrupt's handler and the firmware functions it calls) is
checked here, as the paths run on edges around the tick counter's wrap: the functions'
code is compiled again with each value it names or computes passed through a check.
(tests/firmware/test_fw_buttons.py runs the same handler with the heap really locked,
under MicroPython.)
"""

import ast
import inspect
import os
import sys
import textwrap

import machine
import pytest

from hal import buttons, clock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SMALL = (-(1 << 30), (1 << 30) - 1)
PINS = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "OK": 14, "BACK": 15}
# the functions that run with the heap locked: a hard interrupt's handler and what it calls
# (firmware/README.md lists them); on a Pico hal.clock's are time.ticks_diff and ticks_add
# themselves, their CPython twins here do the same arithmetic (and clock.now, time.ticks_ms,
# is the test's fake clock here)
HEAP_LOCKED = [(buttons.PinButtons, "_irq"), (buttons.PinButtons, "add"), (clock, "elapsed"), (clock, "later")]
HARD_IRQS = {("firmware/hal/buttons.py", "PinButtons.start")}  # where a hard interrupt is set up


class _Checked(ast.NodeTransformer):
    """Every value an expression reads or makes goes through __small__(value, line)."""

    KINDS = (ast.BinOp, ast.UnaryOp, ast.Call, ast.Name, ast.Attribute, ast.Subscript, ast.Constant)

    def generic_visit(self, node):
        node = super().generic_visit(node)
        if isinstance(node, self.KINDS) and isinstance(getattr(node, "ctx", ast.Load()), ast.Load):
            return ast.copy_location(ast.Call(ast.Name("__small__", ast.Load()), [node, ast.Constant(node.lineno)], []),
                                     node)
        return node


def checked(fn, found: list):
    """fn compiled again with every value it reads or computes checked: an int outside the
    Pico's small ints goes into found as (function, line, value)."""
    source = textwrap.dedent(inspect.getsource(fn))
    tree = ast.parse(source)
    tree.body[0].decorator_list = []
    tree = ast.fix_missing_locations(_Checked().visit(tree))
    first = fn.__code__.co_firstlineno - 1

    def small(value, line):
        if type(value) is int and not SMALL[0] <= value <= SMALL[1]:
            found.append((fn.__qualname__, first + line, value))
        return value

    space = dict(fn.__globals__)
    space["__small__"] = small
    exec(compile(tree, inspect.getsourcefile(fn) or "?", "exec"), space)
    return space[fn.__name__]


class _Locked:
    """The heap-locked paths checked while in force."""

    def __init__(self) -> None:
        self.found: "list[tuple]" = []
        self.saved = []

    def __enter__(self) -> "_Locked":
        for owner, name in HEAP_LOCKED:
            fn = owner.__dict__[name]
            self.saved.append((owner, name, fn))
            setattr(owner, name, checked(fn, self.found))
        return self

    def __exit__(self, *exc) -> None:
        for owner, name, fn in self.saved:
            setattr(owner, name, fn)


def test_every_hard_interrupt_is_one_whose_path_is_checked():
    found = set()
    for folder, _, files in os.walk(os.path.join(ROOT, "firmware")):
        if os.path.basename(folder) == "sim":
            continue  # (the virtual Pico's own hardware)
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(folder, f)
            tree = ast.parse(open(path).read())
            for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)] + [tree]:
                for fn in [n for n in getattr(cls, "body", []) if isinstance(n, ast.FunctionDef)]:
                    for call in [n for n in ast.walk(fn) if isinstance(n, ast.Call)]:
                        hard = [k for k in call.keywords if k.arg == "hard" and getattr(k.value, "value", 0) is True]
                        if isinstance(call.func, ast.Attribute) and call.func.attr == "irq" and hard:
                            where = (cls.name + "." if isinstance(cls, ast.ClassDef) else "") + fn.name
                            found.add((os.path.relpath(path, ROOT), where))
    assert found == HARD_IRQS, "a hard interrupt whose path is not in HEAP_LOCKED: %r" % (found - HARD_IRQS)


@pytest.fixture
def bench():
    """Buttons on a fake clock (hal.clock.now), their pins' handler the interrupt."""
    real = clock.now
    t = [0]
    clock.now = lambda: t[0]
    b = buttons.PinButtons(PINS)
    try:
        yield b, t
    finally:
        clock.now = real
        for n in PINS.values():
            machine.press(n, False)  # type: ignore[attr-defined]


def _edge(b, t: list, name: str, down: bool, at: int, both: bool = False) -> None:
    t[0] = at
    n = PINS[name]
    (machine._held.add if down else machine._held.discard)(n)  # type: ignore[attr-defined]
    pin, handler = machine._irqs[n]  # type: ignore[attr-defined]
    if both:
        pin.flags = lambda: 4 | 8
    try:
        handler(pin)
    finally:
        if both:
            del pin.flags


@pytest.mark.parametrize("start", [clock.MASK - 30, clock.MASK - 700, 5, clock.HALF - 10])
def test_the_buttons_interrupt_computes_only_with_small_ints_around_the_wrap(bench, start):
    b, t = bench
    t[0] = clock.later(start, -40)
    assert b.poll(t[0]) == ()
    edges = [(name, down, clock.later(start, ms), both) for name, down, ms, both in (
        ("OK", True, 0, False), ("OK", False, 3, False), ("OK", True, 6, False), ("OK", False, 45, False),
        ("RIGHT", True, 60, False), ("RIGHT", False, 85, False), ("DOWN", False, 100, True),
        ("BACK", True, 120, False), ("BACK", False, 120 + buttons.LONG_MS + 5, False))]
    with _Locked() as locked:
        for name, down, at, both in edges:
            _edge(b, t, name, down, at, both)
    assert not locked.found, "ints a Pico must allocate, on a path that runs with the heap locked: %r" % locked.found
    assert b.poll(clock.later(start, 1000)) == [("OK", buttons.PRESS), ("RIGHT", buttons.PRESS),
                                               ("DOWN", buttons.PRESS), ("BACK", buttons.LONG)]
    taps = [(clock.later(start, 2000 + 100 * k), clock.later(start, 2050 + 100 * k)) for k in range(2 * buttons._RING + 3)]
    with _Locked() as locked:  # the ring's counters around their own wrap
        for down, up in taps:
            b.add(0, 1, down)
            b.add(0, 0, up)
            b.tail = b.head
    assert not locked.found, locked.found
    assert 0 <= b.head < 2 * buttons._RING and b.dropped == 0


PERIOD = 0x40000000  # the constant of issue 20, in the code it was in


def _old_elapsed(later: int, earlier: int) -> int:
    d = (later - earlier) & (PERIOD - 1)
    return d - PERIOD if d >= PERIOD // 2 else d


def test_the_check_catches_the_period_that_killed_the_buttons():
    found: "list[tuple]" = []
    assert checked(_old_elapsed, found)(5, clock.MASK - 2) == 8
    assert any(v == PERIOD for _, _, v in found), found
    found.clear()
    assert checked(clock.elapsed, found)(5, clock.MASK - 2) == 8
    assert not found, found


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
