"""A snapshot of the game written to flash a step at a time, between presses. Loaded when a
snapshot begins and let go when it ends (record.Record.snapshot_steps). steps() takes the
Record as `self`.
"""

import gc

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os
try:
    from ubinascii import crc32  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from binascii import crc32

from record import SLOTS, STEP, forget, state_chunks
from shared_rules import cjson
from shared_rules.journal import seal


def steps(self):
    """Write a snapshot of the game as it stands into the oldest slot (temp file, then a
    rename: a cut leaves the old snapshot or the new one), a step at a time: a generator
    that writes about STEP characters each time it is advanced, so the box goes on
    serving presses between the steps. The game must not change until it is done;
    closing it before (a press changed the game) leaves no trace but a temp file gone."""
    self.save()
    n = self.stack.n
    last = self.stack.item(n - 1) if n else -1
    used = [s[0] for s in self.snaps]
    slot = -1
    for s in self.snaps:
        if s[1] == n and s[3] == last:
            slot = s[0]  # a snapshot of this very game: the new one takes its place
    for k in range(SLOTS):
        if slot < 0 and k not in used:
            slot = k
    if slot < 0:
        oldest = self.snaps[0]
        for s in self.snaps:
            if s[2] < oldest[2]:
                oldest = s
        slot = oldest[0]
    meta = {"head": self.head_id, "n": n, "line": self.lines, "size": self.size, "last": last, "crc": self.crc}
    gc.collect()
    yield
    tmp = self._slot(slot) + ".tmp"
    f = open(tmp, "w")
    try:
        f.write(seal(cjson.dumps(meta)))
        yield
        yield from _sealed_steps(f, self.stack.json_chunks())
        yield from _sealed_steps(f, state_chunks(self.game, self.name))
        f.close()
        f = None
        os.rename(tmp, self._slot(slot))
    except (OSError, MemoryError):  # (the flash full, or the RAM: the next try waits OVERDUE lines)
        self.snap_failed = self.lines
        raise
    finally:
        if f is not None:  # closed before its end (or failed): the half-written temp file goes
            f.close()
            forget(tmp)
    self.snaps = [s for s in self.snaps if s[0] != slot]
    self.snaps.append([slot, n, self.lines, last])
    self.since = 0


class _Sealed:
    """A file being written a chunk at a time, the CRC-32 of what went in summed as it goes:
    a line too long to hold in RAM at once is sealed as journal.seal() would seal it."""

    def __init__(self, f) -> None:
        self.f = f
        self.crc = 0

    def write(self, text: str) -> None:
        self.f.write(text)
        self.crc = crc32(text.encode(), self.crc)

    def seal(self) -> str:
        return "\t%04x\n" % (self.crc & 0xFFFF)


def _sealed_steps(f, chunks):
    """One journal-format line of the pieces of text, written about STEP characters at a
    time (a generator: it pauses after each; a whole state is never one string in RAM),
    its checksum summed on the way."""
    sink = _Sealed(f)
    parts = []
    held = 0
    for text in chunks:
        parts.append(text)
        held += len(text)
        if held >= STEP:
            sink.write("".join(parts))
            parts = []
            held = 0
            yield
    sink.write("".join(parts))
    f.write(sink.seal())
