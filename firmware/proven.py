"""A journal's lines proven before they go to the host (log.get, archive.get) or come back
at boot (recover.py): a file whose CRC-32 is the one the box kept is sent as it is; any
other line is proven strict JSON first - the host's reader refuses what MicroPython's
takes (a missing comma, a duplicate key), and one such line would lose it the whole
reply. Loaded for those jobs only: play does not carry this code.
"""

import store
from rebuild import BLOCK, DEPTH, Reader
from record import _size, _sum
from shared_rules.errors import RulesError
from shared_rules.journal import unseal


def text_of(line) -> "str | None":
    """The JSON text of a whole journal line as the host will read it - strict JSON (the
    link's reader: shared_rules/ops.py), at most DEPTH deep - or None when it is not (torn,
    damaged, too long, too deep, not strict JSON): what goes to the host (log.get,
    archive.get) must be a line its reader takes, or the whole reply is lost."""
    text = unseal(line) if line else None
    return text if text is not None and is_strict(text) else None


def is_strict(text: str) -> bool:
    """Whether a line's JSON text is strict JSON at most DEPTH deep (glanced at first)."""
    if not store.shallow(text, DEPTH, store.FEW):
        return False
    from shared_rules import ops

    try:
        ops.loads_strict(text)
    except RulesError:
        return False
    return True


def sums(path: str, sizes: list, start: int = 0) -> list:
    """The CRC-32 of the file's bytes from start to each of sizes (ascending), in one pass
    at C speed: whether a file is still the one whose CRC was kept (a snapshot's, the
    record's own, an archived game's)."""
    out = []
    crc = 0
    at = start
    try:
        view = memoryview(bytearray(BLOCK))
    except MemoryError:  # (no block of 512 bytes in a heap split small: a 96 KB box after a damaged
        view = memoryview(bytearray(64))  # boot - the same sums, in smaller reads)
    size = len(view)
    with open(path, "rb") as f:
        f.seek(start)
        for s in sizes:
            while at < s:
                n = f.readinto(view[:min(size, s - at)])
                if not n:
                    break
                crc = _sum(view[:n], crc)
                at += n
            out.append(crc)
    return out


def texts(path: str, place: int, crc):
    """The JSON text of each line of a file from place on (None for one that is damaged), a
    line at a time (a generator): as it is when the file from place has the CRC-32 crc (the
    box's own writing, or what boot checked: no line parsed again), else each proven
    strict JSON first (text_of). crc None: proven, whatever."""
    trusted = crc is not None and sums(path, [_size(path)], place)[0] == crc
    with open(path, "rb") as f:
        lines = Reader(f)
        while place >= 0:
            line = lines.line(place)
            if line is None:  # too long to be a line of ours: passed over (to the end, if no newline)
                place = place + lines.skipped if lines.skipped else -1
            elif not line:
                return
            else:
                place += len(line)
            yield (unseal(line) if line else None) if trusted else text_of(line)


def write_lines(self, out, start: int = 0) -> None:
    """The lines of the journal from the start-th on (0: the header first), each as its
    JSON text, as one JSON array through out.append: the history the host replays. A
    line that is damaged (changed on flash since boot) goes as {"damaged": its line
    number}."""
    self.save()
    out.append("[")
    k = 0
    for text in texts(self.path, 0, self.crc if _size(self.path) == self.size else None):
        k += 1
        if k <= start:
            continue
        if text is None:
            text = '{"damaged":' + str(k) + "}"
        out.append(text if k == start + 1 else "," + text)
    out.append("]")
