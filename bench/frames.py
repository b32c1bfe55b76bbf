"""Which functions of the device image take their frame from the heap at every call.

MicroPython's call of a bytecode function (py/objfun.c fun_bc_call) keeps the function's
state - its locals, its value stack, 3 words a try or with block it nests - on the C stack
when it is at most 11 words (VM_MAX_STATE_ON_STACK), and otherwise asks the heap for it (a
block of 5 or more of a Pico's 16-byte blocks), freeing it at the return. On a heap that
play has fragmented, finding a run of free blocks that long is a walk of the allocation
table past every small hole: ~15,000 machine instructions a call on the booted box at
190wK (bench/count_requests.py --keep, callgrind: fun_bc_call -> m_malloc_maybe), about
0.16 ms of a Pico - 28% of a small request's cost. A stock firmware cannot be told otherwise
(MICROPY_ENABLE_PYSTACK is off on the rp2 port too): what a hot path can do is call fewer
such functions. This lists them from the .mpy files' bytecode preludes (the .mpy v6
format: py/persistentcode.c, py/bc.h), the largest first.

Run: .venv/bin/python bench/frames.py [--all] [MODULE-PREFIX ...]
(an image is built in a temporary folder; the prefixes pick modules: link shared_rules.cjson)
"""

import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ON_STACK = 11  # words: py/objfun.c VM_MAX_STATE_ON_STACK (11 * sizeof(mp_uint_t))
EXC_WORDS = 3  # mp_exc_stack_t: a handler, a stack pointer, the previous exception


def _uint(b: bytes, i: int) -> "tuple[int, int]":
    v = 0
    while True:
        c = b[i]
        i += 1
        v = (v << 7) | (c & 0x7F)
        if not c & 0x80:
            return v, i


def _skip_obj(b: bytes, i: int) -> int:
    kind = b[i]
    i += 1
    if kind <= 4:  # the native function table, None, False, True, Ellipsis
        return i
    n, i = _uint(b, i)
    if kind == 10:  # a tuple: its items
        for _ in range(n):
            i = _skip_obj(b, i)
        return i
    return i + n + (1 if kind in (5, 6) else 0)  # (a str's and a bytes' trailing NUL)


def _prelude(code: bytes) -> "tuple[int, int, int]":
    """(n_state, n_exc_stack, the simple name's qstr index) of a bytecode function."""
    z = code[0]
    i = 1
    s = (z >> 3) & 0xF
    e = (z >> 2) & 1
    n = 0
    while z & 0x80:
        z = code[i]
        i += 1
        s |= (z & 0x30) << (2 * n)
        e |= (z & 0x02) << n
        n += 1
    while code[i] & 0x80:  # the prelude's sizes (n_info, n_cell)
        i += 1
    i += 1
    name, _ = _uint(code, i)
    return s + 1, e, name


def functions(path: str) -> "list[tuple[str, int, int]]":
    """(name, n_state, n_exc_stack) of each bytecode function of an .mpy file (none for a
    module of machine code: its layout differs)."""
    with open(path, "rb") as f:
        b = f.read()
    i = 4
    n_qstr, i = _uint(b, i)
    n_obj, i = _uint(b, i)
    names = []
    for _ in range(n_qstr):
        n, i = _uint(b, i)
        if n & 1:
            names.append("<static %d>" % (n >> 1))
        else:
            names.append(b[i:i + (n >> 1)].decode("utf-8", "surrogatepass"))  # (a lone surrogate: a test string of the JSON reader)
            i += (n >> 1) + 1
    for _ in range(n_obj):
        i = _skip_obj(b, i)
    out = []

    def raw(i: int) -> int:
        kind_len, i = _uint(b, i)
        if kind_len & 3:
            raise ValueError("machine code")
        size = kind_len >> 3
        s, e, name = _prelude(b[i:i + size])
        out.append((names[name] if name < len(names) else "?", s, e))
        i += size
        if kind_len & 4:
            n, i = _uint(b, i)
            for _ in range(n):
                i = raw(i)
        return i

    try:
        raw(i)
    except ValueError:
        return []
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--all", action="store_true", help="every function, not only those framed on the heap")
    p.add_argument("prefixes", nargs="*")
    o = p.parse_args(argv)
    sys.path[:0] = [os.path.join(ROOT, "host"), ROOT]
    from steppe import build

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        build.write(tmp, build.files(build.PICO))
        lib = os.path.join(tmp, "lib")
        for folder, _, files in os.walk(lib):
            for name in sorted(files):
                if not name.endswith(".mpy"):
                    continue
                mod = os.path.relpath(os.path.join(folder, name), lib)[:-4].replace("/", ".")
                if o.prefixes and not any(mod.startswith(x) for x in o.prefixes):
                    continue
                for fn, s, e in functions(os.path.join(folder, name)):
                    words = s + EXC_WORDS * e
                    if o.all or words > ON_STACK:
                        rows.append((words, mod, fn, s, e))
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    print("%-6s %-36s %-28s %s" % ("words", "module", "function", "(state, try blocks)"))
    for words, mod, fn, s, e in rows:
        print("%-6d %-36s %-28s (%d, %d)%s" % (words, mod, fn, s, e, "" if words > ON_STACK else "  on the stack"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
