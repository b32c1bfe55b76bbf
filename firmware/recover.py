"""A saved game read back from flash: the journal and its snapshots.

Loaded only when a game comes back (boot, the menu's resume, a journal put by the host)
and let go again (record.Record.open): play does not carry its code. The functions take
the Record being opened as `self`, as its methods would. What boot does about a cut or
damage - snapshots checked against the journal, a damaged line cut off and set aside, and
said - is mend.py's, loaded only for a boot's read (a journal put has its own checks).

Every line is read with its length and its nesting bounded before it is parsed
(rebuild.Reader, store.shallow), so no file can be one that runs the heap out at every
boot: a MemoryError here is the heap's and goes up as it is (the box says MEM and keeps
its files for the next boot).
"""

from rebuild import ACTION, Reader, entry_of
from record import Damaged, _crc, _size, _sum
from shared_rules import journal
from shared_rules.errors import RulesError, bad_args
from shared_rules.journal import unseal


def open_record(rec, path: str = ""):
    """The Record rec (new, of its folder and game) with its game read back: the journal
    read (a torn last line dropped; a line damaged, too long or that does not apply cut off
    with all after it, kept aside: mend.py), the game rebuilt from the newest snapshot the
    journal still agrees with. Damaged when there is no game to come back to; OSError when
    there is no journal. path: a journal put by the host, checked strictly instead: no
    snapshot, every line whole and every action's draws the ones it recorded, or bad_args
    naming the line."""
    if not path:
        return __import__("mend").boot(rec)
    rec.path = path
    read_head(rec)
    scan(rec, True)
    rec.game = rec._build(rec.stack.n, True)
    return rec


def read_head(self) -> None:
    with open(self.path, "rb") as f:
        line = Reader(f).line(0)
    if line is None or unseal(line) is None:
        raise Damaged(self.name + ".jnl: its first line (the game's settings) is damaged")
    head = entry_of(line)
    if head is None:
        raise Damaged(self.name + ".jnl: its first line is not JSON")
    try:
        head = journal.check_header(head)
    except RulesError as e:
        raise Damaged(self.name + ".jnl: " + e.message)
    if head["game"] != self.name:
        raise Damaged(self.name + ".jnl holds a game of " + head["game"])
    self.settings = head["settings"]
    self.start = head.get("start")
    self.head_id = _crc(line)
    self.size = len(line)
    self.crc = _sum(line)


def scan(self, strict: bool = False) -> str:
    """Read the journal lines after the newest snapshot (or the header), up to the first
    that is torn ("torn" is returned), damaged (its checksum), too long, not strict JSON or
    no action, undo or redo that can apply here (what it is, returned: mend.py cuts it off);
    self.size is where the good lines end. strict: such a line is refused (bad_args with
    its line number)."""
    size = _size(self.path)
    place = self.size
    good = place
    why = ""
    is_strict = None if strict else __import__("proven").is_strict  # (a journal put is the box's own writing)
    with open(self.path, "rb") as f:
        lines = Reader(f, ACTION)
        while True:
            line = lines.line(place)
            if line is None:
                why = "is longer than any line of a journal"
            elif not line:
                break
            else:
                text = unseal(line)
                if text is None:
                    why = "torn" if place + len(line) >= size and not line.endswith(b"\n") else \
                        "is damaged (its checksum does not match)"
                elif is_strict is not None and not is_strict(text):  # (as strictly as the host reads: log.get
                    # sends it as it is)
                    why = "is not JSON as a journal holds it (too deep, or not strict JSON)"
                elif not self.stack.feed(text, place):
                    why = "is no action, undo or redo that can apply here"
            if line is None or why:
                if strict:
                    raise bad_args("journal line " + str(self.lines + 2) + " " + (
                        "is damaged (its checksum does not match)" if why == "torn" else why))
                break
            self.crc = _sum(line, self.crc)
            place += len(line)
            good = place
            self.lines += 1
            self.since += 1
    self.size = good
    return why


