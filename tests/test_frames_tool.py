"""bench/frames.py, the list of the device's functions whose frame MicroPython takes from the
heap at every call (state over 11 words), read from the .mpy files the box runs. It had
stopped at a string constant holding a lone surrogate (the JSON reader's tests of it): every
module of the image is read, and a function's state is what its code makes it."""

import os
import sys

from conftest import ROOT
from steppe import build

sys.path.insert(0, os.path.join(ROOT, "bench"))
import frames  # noqa: E402


def _read(tmp_path) -> "dict[str, list]":
    build.write(str(tmp_path), build.files(build.PICO))
    lib = os.path.join(str(tmp_path), "lib")
    out = {}
    for folder, _, files in os.walk(lib):
        for name in files:
            if name.endswith(".mpy"):
                mod = os.path.relpath(os.path.join(folder, name), lib)[:-4].replace(os.sep, ".")
                out[mod] = frames.functions(os.path.join(folder, name))
    return out


def test_every_module_of_the_image_is_read_and_a_functions_state_is_its_codes(tmp_path):
    modules = _read(tmp_path)
    assert len(modules) > 100
    # every module of bytecode gives its functions (a module of machine code: none, its layout differs)
    empty = [mod for mod, rows in modules.items() if not rows]
    assert empty and all(mod.rsplit(".", 1)[-1].startswith("fast") for mod in empty), empty
    cjson = {name: (state, tries) for name, state, tries in modules["shared_rules.cjson"]}
    # _ordered takes 12 arguments (its builtins as locals): over 11 words, framed on the heap
    state, tries = cjson["_ordered"]
    assert state >= 12 and tries == 0
    assert state + frames.EXC_WORDS * tries > frames.ON_STACK
    # fast_parts has one try block: 3 words of it
    assert cjson["fast_parts"][1] == 1
    # memory.unload: one argument, two locals, a short stack - on the C stack
    unload = dict((name, (s, e)) for name, s, e in modules["memory"])["unload"]
    assert unload[0] + frames.EXC_WORDS * unload[1] <= frames.ON_STACK
