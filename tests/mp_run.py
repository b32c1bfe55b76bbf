"""Runs the rules and firmware tests (tests/rules/, tests/firmware/) under micropython.

MicroPython has no unittest and no pytest: every test is a plain function with asserts,
collected here by name. Prints one line per failure and "N passed, N failed"; exits 1 if
anything failed. Usage: micropython tests/mp_run.py [name-substring]
"""

import gc
import os
import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE + "/.."
FOLDERS = (HERE + "/rules", HERE + "/firmware")
# the firmware's own modules (hal, ui, link ...) and the simulator's machine/neopixel
sys.path.insert(0, ROOT)
sys.path.insert(0, ROOT + "/firmware")
sys.path.insert(0, ROOT + "/firmware/sim")
for folder in FOLDERS:
    sys.path.insert(0, folder)


def main() -> int:
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    passed = 0
    failed = 0
    names = []
    for folder in FOLDERS:
        try:
            names.extend(n[:-3] for n in os.listdir(folder) if n.startswith("test_") and n.endswith(".py"))
        except OSError:
            pass
    names.sort()
    for name in names:
        module = __import__(name)
        tests = [attr for attr in sorted(dir(module)) if attr.startswith("test_")]
        for attr in tests:
            if only not in name + "." + attr:
                continue
            try:
                getattr(module, attr)()
                passed += 1
            except Exception as e:  # report and go on with the next test
                failed += 1
                print("FAIL " + name + "." + attr + ": " + type(e).__name__ + ": " + str(e))
                sys.print_exception(e)
        module = None
        sys.modules.pop(name, None)  # its code and what it kept go: one process runs them all, and a
        gc.collect()  # heap that only grows ends up too split for a test's 16 KB line
    if "fwtest" in sys.modules:
        sys.modules["fwtest"].cleanup()  # this run's files go
    print("micropython: " + str(passed) + " passed, " + str(failed) + " failed")
    return 1 if failed else 0


sys.exit(main())
