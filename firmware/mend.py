"""What boot does about a journal a cut or damage has touched: damage is said, and only the
damage is lost. Loaded for a boot's read of a game (recover.open_record) and let go with
it; the functions take the Record being opened as `self`.

The first line that is torn, damaged (its checksum), too long, not strict JSON, or whole
but no action that applies cuts the journal there: the game comes back at the action
before it, and that line and all after it are kept aside as NAME.jnl.bad (the next free
name: store.aside), named in the notice the box shows and hello gives. A snapshot keeps
the journal's length and CRC-32 as they were when it was taken: a journal shorter than
that, or changed before it, is said too, never read over in silence, and the newest such
snapshot is kept aside (NAME.sK.bad) - the box's last word on how far the game had got.
"""

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os

from rebuild import BadLine, Reader, entry_of
from record import SLOTS, Damaged, Record, _size, forget
from recover import read_head, scan
from store import aside

META = 512  # bytes: a snapshot's first line (its counts, places and CRC) is far shorter
CUTS = 4  # journals read again after a cut, at most (each cut takes at least a line off)
BLOCK = 512  # bytes copied at a time


def boot(rec):
    """The Record rec (new) with its game read back as recover.open_record says, what was
    cut or set aside in its notice."""
    notes = []  # what was cut (said first: the matrix shows a notice to its first "; ")...
    told = []  # ...and what the snapshots said
    for _ in range(CUTS):
        read_head(rec)
        told.extend(_read_snapshots(rec))
        why = scan(rec)
        if why == "torn":  # a power cut's: dropped, nothing to say
            _cut(rec, rec.size, False)
        elif why:
            notes.append("line " + str(rec.lines + 2) + " " + why + _cut(rec, rec.size))
        try:
            rec.game = rec._build(rec.stack.n)
        except BadLine as e:  # whole, but not an action that replays here: cut there, read again
            rec.game = None
            line = _line_number(rec, e.place)
            kept = _cut(rec, e.place)
            rec = Record(rec.root, rec.name)
            notes.append("line " + str(line) + " " + e.message + kept)
            continue
        if notes or told:
            rec.notice = _notice(rec, notes + told)
        return rec
    raise Damaged(rec.name + ".jnl: too many of its lines do not apply; " + "; ".join(notes + told))


def _notice(rec, notes: list) -> str:
    return rec.name + ".jnl: " + "; ".join(notes) + "; the game is back at action " + str(rec.stack.n) \
        + " (steppe sync pull --rescue fetches what was kept aside)"


def _read_snapshots(self) -> list:
    """The snapshots of this journal, newest last: the newest one the journal still agrees
    with (its first bytes summed as the snapshot summed them) whose list of actions reads
    gives the places of the actions up to it. A snapshot taken further than the journal
    goes, or one the journal no longer agrees with (the newest kept aside): what is said
    about them is returned."""
    size = _size(self.path)
    found = []
    gone = []  # snapshots the journal cannot reach: past its end, or of a journal changed since
    for k in range(SLOTS):
        try:
            with open(self._slot(k), "rb") as f:
                first = Reader(f, META).line(0)
            meta = entry_of(first, 2)
            if first is not None and type(meta) is dict and meta.get("head") == self.head_id and type(meta["size"]) is int \
                    and meta["size"] > 0:
                s = [k, meta["n"], meta["line"], meta["last"], meta["size"], len(first), meta.get("crc")]
                (gone if meta["size"] > size else found).append(s)
        except (OSError, ValueError, KeyError, TypeError):
            continue
    notes = []
    if gone:
        newest = max(s[2] for s in gone)
        notes.append("it is shorter than its snapshot of line %d says (%d bytes, not %d)" % (
            newest + 1, size, max(s[4] for s in gone)))
    from proven import sums

    found.sort(key=lambda s: s[4])
    crcs = sums(self.path, [s[4] for s in found])
    agree = []
    for s, crc in zip(found, crcs):
        if s[6] is not None and s[6] != crc:  # (a snapshot of an older firmware has no CRC: trusted)
            gone.append(s)
        else:
            s[6] = crc
            agree.append(s)
    if len(agree) < len(found):
        notes.append("it changed before its snapshot of line %d" % (max(s[2] for s in gone) + 1))
    kept = _set_aside(self, gone)
    if kept:
        notes.append("that snapshot is kept as " + kept[len(self.root):])
    found = agree
    while found:
        newest = found[-1]
        try:
            with open(self._slot(newest[0]), "rb") as f:
                lists = entry_of(Reader(f, 12 * newest[2] + 64).line(newest[5]), 2)
            if type(lists) is dict and len(lists["items"]) == newest[1]:
                self.stack.load(lists["items"], lists["undone"])
                self.size = newest[4]
                self.lines = newest[2]
                self.crc = newest[6]
                break
        except (OSError, ValueError, KeyError, TypeError):
            pass
        forget(self._slot(newest[0]))  # damaged: never to be taken for a snapshot again
        found.pop()
    self.snaps = [s[:4] for s in found]
    return notes


def _set_aside(self, snaps: list) -> str:
    """Snapshots the journal cannot reach: the newest kept aside (NAME.sK.bad: how far the
    game had got; its name is returned), the others removed."""
    kept = ""
    if not snaps:
        return kept
    newest = snaps[0]
    for s in snaps:
        if s[2] > newest[2]:
            newest = s
    for s in snaps:
        path = self._slot(s[0])
        if s is newest:
            try:
                kept = aside(path)
                os.rename(path, kept)
            except OSError:
                kept = ""
        else:
            forget(path)
    return kept


def _line_number(self, place: int) -> int:
    """The line number (the header is 1) of the line at place."""
    with open(self.path, "rb") as f:
        lines = Reader(f)
        at = 0
        k = 1
        while at < place:
            line = lines.line(at)
            if not line:
                break
            at += len(line)
            k += 1
    return k


def _cut(self, good: int, keep: bool = True) -> str:
    """Keep the first `good` bytes of the journal (the rest was torn by a cut, or damaged):
    copied into a temp file renamed over it; with keep, the rest goes into a file set aside
    (NAME.jnl.bad, or the next free name): what is said of it is returned."""
    tmp = self.path + ".tmp"
    told = ""
    with open(self.path, "rb") as src:
        if keep:
            src.seek(good)
            name = aside(self.path)
            lines = 0
            last = 10
            with open(name, "wb") as out:
                while True:
                    chunk = src.read(BLOCK)
                    if not chunk:
                        break
                    out.write(chunk)
                    lines += chunk.count(b"\n")
                    last = chunk[-1]
            lines += last != 10  # (a last line without its newline)
            told = "; it and all after it (%d line%s) are kept in %s" % (lines, "" if lines == 1 else "s",
                                                                          name[len(self.root):])
            src.seek(0)
        with open(tmp, "wb") as dst:
            left = good
            while left > 0:
                chunk = src.read(BLOCK if left > BLOCK else left)
                if not chunk:
                    break
                dst.write(chunk)
                left -= len(chunk)
    os.rename(tmp, self.path)
    return told
