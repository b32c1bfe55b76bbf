"""The box's work paced while a host's rules op runs: a rules module imported a part at a
time, and the garbage collected at a pause (collected) - loaded once the box has loaded a
game's rules (firmware/rulesop.py load_rules), let go with rulesop (memory.free).

A rules module imported a part at a time (firmware/rulesop.py _load): its file read
through a folder of the box's own mounted at MOUNT - the box's own files, seen through a
filesystem object - with a pause after every other part read (2 x BUFFER bytes) (shared_rules/pause.py: there
the button loop takes its turn while a host's rules op is answered).

An import on MicroPython is mostly the lookup of its names and strings among the names
already interned (py/qstr.c qstr_find_strn walks every one, newest first): once every
game's rules had been loaded in `steppe verify`, a rules module of 3-7 KB was 25-45 ms of a
Pico in one stretch, a press waiting for all of it. The .mpy loader reads a file a buffer at
a time (py/reader.c: the size its file says, MP_STREAM_GET_BUFFER_SIZE) and interns each
name as it reads it (py/persistentcode.c: the names come first), so a pause between two
reads splits the import where its cost is. What is left in one stretch is the module's own
body run (its functions defined, its tables built) after the last read.

Nothing here at the box's boot: a filesystem object mounted for each of rulesop's imports
and taken down after it - the package's __path__ points into MOUNT for that import only, so
the box's own screens import their modules as before. On a Pico the modules are under /lib (an absolute __path__); on the
virtual Pico under lib, in the folder it runs in (a relative one, made whole for MOUNT).
"""

import gc
import sys

try:
    import uio as io  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
    import uos as os
except ImportError:
    import io
    import os

from shared_rules import pause

MOUNT = "/_paced"  # (no folder of the box's: a name in VFS's mount table only)
BUFFER = 255  # the loader's buffer, a pause after every other one: up to ~100 of a module's names,
# ~11 ms of a Pico once every game's rules were loaded. The most py/reader.c takes (asked more, it
# reads 255).
_CLOSE = 4  # py/stream.h MP_STREAM_CLOSE
_GET_BUFFER_SIZE = 11  # py/stream.h MP_STREAM_GET_BUFFER_SIZE


class _File(io.IOBase):
    """A module's file read for the loader: a pause after every other part (510 bytes)."""

    def __init__(self, f) -> None:
        self._f = f
        self._odd = False

    def readinto(self, buf) -> int:
        n = self._f.readinto(buf)
        self._odd = not self._odd
        if not self._odd:
            pause.pause()
        return n

    def ioctl(self, request: int, arg: int) -> int:
        if request == _CLOSE:
            self._f.close()
            return 0
        if request == _GET_BUFFER_SIZE:
            return BUFFER
        return -1

    def close(self) -> None:
        self._f.close()


class _Folder:
    """The box's own files seen through MOUNT: what an import asks of a filesystem (stat,
    open), each by the whole path it has on the box's own (SEEN)."""

    def mount(self, readonly, mkfs) -> None:
        pass

    def umount(self) -> None:
        pass

    def stat(self, path: str):
        return os.stat(path)

    def open(self, path: str, mode: str):
        return _File(open(path, mode))


_FOLDER: list = [None]  # the _Folder, made at the first paced import (mounted for each import only)
SEEN = {}  # a package's folder (its __path__) -> the same folder seen through MOUNT, each made once
# (a string made is a walk of every interned name: py/qstr.c)


def imported(name: str) -> None:
    """import name (a module of a package) a part at a time: its package imported first if
    it is not (a pause after), then its __path__ into MOUNT for this import, and back.
    Where no folder can be mounted (a port without VFS), the import as it is."""
    dot = name.rfind(".")
    package = name[:dot] if dot > 0 else ""
    parent = sys.modules.get(package) if package else None
    if parent is None and package:  # (a game's package: its __init__, a few names, then a pause)
        __import__(package)
        pause.pause()
        parent = sys.modules.get(package)
    was = getattr(parent, "__path__", None) if parent is not None else None
    if not isinstance(was, str) or not was or not _mount():
        __import__(name)
        return
    try:
        due = DUE[0]
        if due > 0 and _probed(due * 3 // 8):  # (an import's blocks stay: the heap runs out nearer 3/5
            pause.pause()  # of what was free than 8/5 - a collection came inside a module's import)
        seen = SEEN.get(was)
        if seen is None:  # (MicroPython's __path__ is the package's folder, a str: on a Pico /lib/..., on the
            seen = MOUNT + (was if was[0] == "/" else os.getcwd() + "/" + was)  # virtual Pico lib/...)
            SEEN[was] = seen
        setattr(parent, "__path__", seen)
        try:
            __import__(name)
        finally:
            setattr(parent, "__path__", was)
    finally:
        os.umount(MOUNT)


def _mount() -> bool:
    """The _Folder mounted at MOUNT for one import (False: this port mounts none). Taken
    down after it: mounted, it would hold this module's code (its class's methods) after
    memory.free let the module go - ~2 KB a 96wK box ran short of. One left mounted (a
    fault between) is taken down first."""
    mount = getattr(os, "mount", None)
    if mount is None:
        return False
    folder = _FOLDER[0]
    if folder is None:
        folder = _FOLDER[0] = _Folder()
    try:
        mount(folder, MOUNT)
    except OSError:
        try:
            os.umount(MOUNT)
            mount(folder, MOUNT)
        except OSError:
            return False
    return True


DUE = [0]  # bytes allocated since the last collection at which a pause collects (0: not known yet)
LONG_OP = 4  # pauses of an op's own work after which DUE is worked out (a long op: not a cold request's few)


def collected(own: bool, pauses: list) -> bool:
    """Whether the garbage was collected at this pause of a host's rules op (or the heap
    walked for DUE: a stretch of its own either way: firmware/rulesop.py breathe). own: the
    pause is in the op's own work (not its rules' imports), pauses[0] its count so far. A collection MicroPython makes itself - when an allocation finds
    no room - comes in the middle of a stretch: ~12-16 ms of a Pico at a 190 KB heap, and a
    press waited for it and the op's work around it (up to ~42 ms counted during verify, a
    game played out collecting every ~0.4 s of its work). Here it comes at a pause instead,
    once DUE bytes were allocated since the last collection - gc.threshold's own count,
    asked at one allocation (a list) and set back to none (-1) - before the heap runs out:
    DUE is 8/5 of what was free after the last one (gc.mem_free: a walk of the heap, ~5 ms,
    made after a collection here or once a long op has paused LONG_OP times): the count
    holds what was allocated and given back at once too (a list's or a string's buffer that
    grew), so a game played out had allocated ~2.4 times the free space when its heap ran
    out - at 3/5 its pauses collected 4 times as often as MicroPython did (verify's work
    40 -> 47 s counted). Whether it collected: the list made after lies no higher than the
    one made before it (_lowest). Not on CPython."""
    if not hasattr(gc, "threshold"):
        return False
    due = DUE[0]
    if due <= 0:
        if not own:
            return False
        pauses[0] += 1
        if pauses[0] < LONG_OP:
            return False
        DUE[0] = gc.mem_free() * 8 // 5  # type: ignore[attr-defined]
        return True
    return _probed(due)


def _probed(due: int) -> bool:
    """The garbage collected now if due bytes were allocated since the last collection
    (then DUE again); whether it was (not on CPython)."""
    if not hasattr(gc, "threshold"):
        return False
    before = _lowest()
    gc.threshold(due)  # type: ignore[attr-defined]
    probe = _lowest()
    gc.threshold(-1)  # type: ignore[attr-defined]
    if probe > before:
        return False
    DUE[0] = gc.mem_free() * 8 // 5  # type: ignore[attr-defined]
    return True


def _lowest() -> int:
    """Where a new list lies: MicroPython allocates a small block at the lowest free one.
    Made here, it is garbage once this returns (no slot of the caller's holds it): a
    collection frees its block, and the next list lies at or below it."""
    return id([])
