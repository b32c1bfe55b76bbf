"""The virtual Pico honest about machine code (issue 20): a Pico keeps a viper module's
machine code on its heap (hal/fast.py, shared_rules/khan/fast.py, fast_pieces.py) and frees it with the
module; the unix port keeps it outside its heap and never frees it.

- Its size: the image names each viper module's RP2040 machine code (natives.json:
  host/steppe/build.py); while such modules are loaded the board holds a block of its heap
  as large - twice the bytes: the 64-bit port's heap is word-scaled (-X heapsize=...wK).
  Its own stand-ins for the Pico's C modules (SIM_BYTES: machine.py, ticks.py, neopixel.py
  and this module), which a Pico does not hold on its heap, are paid by a heap that much
  larger when steppe runs the board (host/steppe/sim.py STAND_INS); a board run otherwise
  holds that much less of the block.
- Its leak: each load of a viper module on the unix port leaves a node of its heap behind
  for every function's machine code (the port's list of executable memory, never freed;
  ~100 bytes for khan/fast.py), where a Pico gives the code back to its heap with the
  module. A module the firmware let go (memory.unload) and imports again is the one it
  loaded first, put back (its few objects kept while it is let go: the virtual Pico errs
  short by them), so the heap stays as flat as a Pico's would over a thousand loads. Only
  a whole first load is kept: one that ran out of RAM half way (a Khan game's search
  loaded late on a full heap) was put back half made, and its next use failed.
Looked at on every import (builtins.__import__). Imported by sim/machine.py, the first
module a board imports.
"""

import sys

SIM_BYTES = 8700  # the stand-ins' heap on the 64-bit port (tests/test_sim.py measures it)
NATIVE = ("hal.fast", "shared_rules.khan.fast", "shared_rules.khan.fast_pieces", "shared_rules.khan.fast_board",
          "shared_rules.fast_rng")  # the firmware's viper modules


def _start() -> None:
    if sys.implementation.name != "micropython":
        return  # (CPython's tests import the virtual Pico's modules: its imports are its own)
    import builtins
    import json
    import os

    try:
        with open("natives.json") as f:
            sizes = json.load(f)
    except (OSError, ValueError):
        sizes = {}
    # the stand-ins' heap paid already (steppe's virtual Pico asks for that much more heap:
    # host/steppe/sim.py STAND_INS), or held back from the block here
    stand_ins = 0 if os.getenv("STEPPE_STAND_INS") else SIM_BYTES
    real = builtins.__import__
    kept = {}  # a viper module's first load
    parts = [(full, full[:full.rfind(".")], full[full.rfind(".") + 1:]) for full in NATIVE]  # (its package, its name)
    held = [0, None]  # bytes held, the block

    def imported(name, *args):
        # (one function, no more: the 64-bit heap this module takes is the Pico's it is not; and
        # no string made on an import's way: a board at 96wK sits at its heap's edge)
        hits = 0  # the viper modules this import asks for, a bit each
        for k in range(len(parts)):
            full, parent, leaf = parts[k]
            if name == full or name == parent and len(args) > 2 and args[2] and leaf in args[2]:
                hits |= 1 << k
                if full in kept and full not in sys.modules:  # let go and asked for again: its first
                    sys.modules[full] = kept[full]  # load put back
                    if parent in sys.modules:
                        setattr(sys.modules[parent], leaf, kept[full])
        module = real(name, *args)
        for k in range(len(parts)):  # a viper module's first load once it is whole: its import
            full = parts[k][0]  # returned (one that ran out of RAM half way is not kept)
            if hits >> k & 1 and full not in kept and full in sys.modules:
                kept[full] = sys.modules[full]
        want = 2 * sum(sizes[m] for m in sizes if m in sys.modules) - stand_ins
        want = want if want > 0 else 0
        if want != held[0]:
            held[1] = None
            held[1] = bytearray(want) if want else None
            held[0] = want
        return module

    builtins.__import__ = imported


_start()
del _start  # (its code goes: the hook is all that stays)
