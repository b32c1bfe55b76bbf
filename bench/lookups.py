"""What a Pico pays to look for a file that is not there: the search an import of one of
MicroPython's extensible built-ins by its plain name makes (NAME, NAME.py, NAME.mpy in ''
and in /lib: six littlefs lookups), every time the statement runs - the built-in is never
kept in sys.modules. tests/test_builtin_imports.py holds the device to its u-names.

Run under the micropython binary (bench/run.py runs it): a littlefs (vfs.VfsLfs2, 4 KB
blocks, 256-byte programs as the rp2 port mounts its flash) in a RAM block device, holding
the device image (the firmware's and the rules' .mpy in /lib) and a box's files at the root
(a few saved games, their snapshots, the settings). Each lookup is timed and its block
reads counted; the block device's reads are Python calls here (the Pico's rp2.Flash reads
its memory-mapped flash in C), so their measured cost is taken off before the time is
scaled to a Pico by the DESIGN.md calibration loop.

usage: micropython bench/lookups.py IMAGE
"""

import os
import sys
import time

import vfs

sys.path[:0] = [sys.argv[1] + "/lib", sys.argv[0][:sys.argv[0].rfind("/bench/") + 1] + "firmware/sim"]

import calib  # noqa: E402  (the image's: DESIGN.md's calibration loop)
from ramflash import RAMBlocks  # noqa: E402

N = 200  # lookups timed (each of the six, in turn)


def _copy(src: str, dest: str) -> int:
    """The tree at src copied to dest: files copied."""
    n = 0
    for entry in os.ilistdir(src):
        name, kind = entry[0], entry[1]
        if kind == 0x4000:
            try:
                os.mkdir(dest + "/" + name)
            except OSError:
                pass
            n += _copy(src + "/" + name, dest + "/" + name)
        else:
            with open(src + "/" + name, "rb") as f, open(dest + "/" + name, "wb") as g:
                g.write(f.read())
            n += 1
    return n


def main() -> None:
    image = sys.argv[1]
    blocks = RAMBlocks(4096, 352)  # (the RPI_PICO's 1.4 MB filesystem)
    vfs.VfsLfs2.mkfs(blocks, progsize=256)
    vfs.mount(vfs.VfsLfs2(blocks, progsize=256), "/flash")
    os.mkdir("/flash/lib")
    files = _copy(image + "/lib", "/flash/lib")
    for name in ("app.json", "khan.jnl", "khan.s0", "chuhan.jnl", "huns.jnl", "khaan.jnl", "settings.json"):
        with open("/flash/" + name, "wb") as f:
            f.write(b"x" * 3000)
    os.chdir("/flash")
    paths = []
    for folder in ("", "/flash/lib/"):
        for suffix in ("", ".py", ".mpy"):
            paths.append(folder + "binascii" + suffix)
    calls = RAMBlocks(16, 4)  # a bare block read's own cost (a Python call)
    buf = bytearray(256)
    best = call_us = None
    for _ in range(7):  # (the least of seven each, in turn: the desktop's other programs only slow a run)
        t0 = time.ticks_us()
        for _ in range(N):
            calls.readblocks(0, buf, 0)
        us = time.ticks_diff(time.ticks_us(), t0) / N
        call_us = us if call_us is None else min(call_us, us)
        blocks.reads = 0
        t0 = time.ticks_us()
        for k in range(N):
            try:
                os.stat(paths[k % 6])
            except OSError:
                pass
        us = time.ticks_diff(time.ticks_us(), t0)
        best = us if best is None else min(best, us)
    reads = blocks.reads / N
    own_us = best / N - reads * call_us
    scale = calib.scale()  # Pico us per unix-port us
    per = own_us * scale / 1000.0
    print("littlefs with %d files of the image in /lib and %d at the root: a lookup of a missing file %.1f us here"
          " (%.1f block reads, their Python calls taken off), %.2f ms Pico-eq.; an import of a built-in by its plain"
          " name (six of them) %.1f ms Pico-eq., each time it runs" % (files, 7, own_us, reads, per, 6 * per))


main()
