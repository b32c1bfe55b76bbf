"""The virtual Pico honest about machine code (issue 20): a Pico keeps a viper module's
machine code on its heap (hal/fast.py, shared_rules/khan/fast.py), the unix port keeps it
outside. The image names each viper module's RP2040 machine code (natives.json:
host/steppe/build.py); while such modules are loaded the board holds a block of its heap as
large - twice the bytes: the 64-bit port's heap is word-scaled (-X heapsize=...wK) - less
what its own stand-ins for the Pico's C modules take (SIM_BYTES: machine.py, ticks.py,
neopixel.py and this module, which a Pico does not hold on its heap). Looked at after every
import (builtins.__import__). Imported by sim/machine.py, the first module a board imports.
"""

import sys

SIM_BYTES = 7200  # the stand-ins' heap on the 64-bit port (tests/test_sim.py measures it)


def _start() -> None:
    import json

    try:
        with open("natives.json") as f:
            sizes = json.load(f)
    except (OSError, ValueError):
        return
    import builtins

    real = builtins.__import__
    held = [0, None]  # bytes held, the block

    def imported(*args):
        module = real(*args)
        want = 2 * sum(sizes[name] for name in sizes if name in sys.modules) - SIM_BYTES
        want = want if want > 0 else 0
        if want != held[0]:
            held[1] = None
            held[1] = bytearray(want) if want else None
            held[0] = want
        return module

    builtins.__import__ = imported


_start()
