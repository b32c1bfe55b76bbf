"""Issue 20: a rules module imported a part at a time (firmware/paced.py): on MicroPython
its file is read through a folder mounted over the box's own, a pause after every other part read (2 x paced.BUFFER bytes)
- an import's cost is its names' lookups, made as the loader reads them - so a press waits
for a part of an import, not for all of it. The package's folder is the box's own again
after, whatever happened; under CPython (no VFS to mount) the import is the plain one."""

import os
import sys

import paced
from shared_rules import pause

MICROPYTHON = sys.implementation.name == "micropython"
LEAF = "shared_rules.khan.narration"  # (a module of the rules no other imports at its load)


def _file_of(name: str) -> str:
    package = sys.modules[name[:name.rfind(".")]]
    folder = getattr(package, "__path__")
    folder = folder if isinstance(folder, str) else folder[0]
    for ext in (".mpy", ".py"):
        path = folder + "/" + name[name.rfind(".") + 1:] + ext
        try:
            os.stat(path)
            return path
        except OSError:
            pass
    raise AssertionError("no file for " + name)


def _paced(name: str) -> "tuple[int, object]":
    """(the pauses, the module) of name imported by paced (out of sys.modules before: its
    module put back after)."""
    import shared_rules.khan  # noqa: F401 (the package loaded: the rules' are, leaves first)

    before = sys.modules.pop(name, None)
    count = [0]

    def counted():
        count[0] += 1

    pause.HOOK[0] = counted
    try:
        paced.imported(name)
        return count[0], sys.modules[name]
    finally:
        pause.HOOK[0] = None
        if before is not None:
            sys.modules[name] = before


def test_a_rules_module_is_imported_with_a_pause_after_every_other_part_of_its_file_read():
    import shared_rules.khan as package

    path = getattr(package, "__path__")
    size = os.stat(_file_of(LEAF))[6]
    pauses, module = _paced(LEAF)
    assert callable(getattr(module, "narrate", None)), "the module whole"
    assert getattr(package, "__path__") == path, "the package's folder is the box's own again"
    where = getattr(module, "__file__", "")
    if MICROPYTHON:  # (its __file__ names MOUNT, taken down after: no rules module paced reads its own)
        assert where.startswith(paced.MOUNT + "/"), where
        try:
            os.stat(paced.MOUNT)
            raise AssertionError("the folder is mounted for an import only")
        except OSError:
            pass
        assert size > 6 * paced.BUFFER
        assert size // (2 * paced.BUFFER) <= pauses <= size // (2 * paced.BUFFER) + 1, (size, pauses)
    else:
        assert pauses == 0, "CPython: the plain import"


def test_the_box_s_own_imports_are_not_paced():
    """Only paced.imported's: the same module imported as the screens import theirs reads
    its file without a pause (the package's __path__ was given back)."""
    import shared_rules.khan  # noqa: F401

    _paced(LEAF)
    before = sys.modules.pop(LEAF)
    count = [0]

    def counted():
        count[0] += 1

    pause.HOOK[0] = counted
    try:
        __import__(LEAF)
    finally:
        pause.HOOK[0] = None
        sys.modules[LEAF] = before
    assert count[0] == 0


def test_a_module_that_is_not_there_fails_and_the_folder_is_given_back():
    import shared_rules.khan as package

    path = getattr(package, "__path__")
    try:
        paced.imported("shared_rules.khan.no_such_module")
        raise AssertionError("imported a module that is not there")
    except ImportError:
        pass
    assert getattr(package, "__path__") == path


def test_a_fault_in_a_pause_stops_the_import_and_the_folder_is_given_back():
    """A pause's turn of the loop that raises (it never should: the loop takes its own faults)
    ends the import with it - the module not half in sys.modules - and the package's folder
    is the box's own."""
    import shared_rules.khan as package

    if not MICROPYTHON:
        return  # (no pause in CPython's import)
    path = getattr(package, "__path__")
    _paced(LEAF)
    before = sys.modules.pop(LEAF)

    def fault():
        raise OSError(5)

    pause.HOOK[0] = fault
    try:
        paced.imported(LEAF)
        raise AssertionError("the pause's fault was lost")
    except OSError as e:
        assert e.args[0] == 5
    finally:
        pause.HOOK[0] = None
    assert LEAF not in sys.modules and getattr(package, "__path__") == path
    sys.modules[LEAF] = before


def test_let_go_and_imported_again_it_mounts_its_folder_again():
    """memory.free lets paced go with rulesop: imported again, it takes down the folder its
    first self mounted and mounts its own."""
    import memory

    _paced(LEAF)  # (the first one's folder mounted)
    memory.unload("paced")
    again = __import__("paced")
    count = [0]

    def counted():
        count[0] += 1

    try:
        before = sys.modules.pop(LEAF)
        pause.HOOK[0] = counted
        try:
            again.imported(LEAF)
        finally:
            pause.HOOK[0] = None
        assert sys.modules[LEAF] is not before
        sys.modules[LEAF] = before
    finally:
        sys.modules["paced"] = paced
    assert again is not paced
    assert count[0] > 0 if MICROPYTHON else count[0] == 0
