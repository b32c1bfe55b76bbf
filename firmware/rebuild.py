"""The game rebuilt from its journal: undo, redo, the game after its first n actions, a
line read at its place. Loaded for the job and let go after (record._borrow): play does
not carry this code between undos. The functions take the Record as `self`.
"""

import gc
import sys

if sys.implementation.name == "micropython":
    import ujson as json  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
else:  # (CPython: its own, never a ujson package the host may have)
    import json

import store
from record import _module
from shared_rules import cjson, journal
from shared_rules.errors import RulesError, bad_args, message
from shared_rules.journal import unseal

BLOCK = 512  # bytes read at a time
LINE = 20480  # bytes: the longest line read whole - a header holding a whole starting position (a late
# 4-player Khan game's ~8 KB), a snapshot's state; a longer one is damage, and is never held in RAM
ACTION = 4096  # bytes: the longest action, undo or redo line (an action is a few hundred; steppe sends
# none over 2 KB): a longer one is damage
DEPTH = 32  # levels of nesting in a line (shared_rules/strict.py's bound): a deeper one is damage


class BadLine(Exception):
    """A journal line that is whole (its checksum holds) but does not replay: not JSON, or an
    action the rules refuse. place: where it begins in the journal; why: what is wrong. At
    boot the journal is cut there (recover.py); elsewhere it is an error like any other."""

    def __init__(self, place: int, why: str) -> None:
        super().__init__(why)
        self.place = place
        self.message = why


class Reader:
    """The lines of a journal (or a snapshot, or an archived game) by their places (byte
    offsets), read in blocks: a file's readline() reads a byte at a time on MicroPython,
    and a journal is read line after line at boot, for undo and for the host. The file is
    opened "rb": a line is bytes (a changed byte that is not UTF-8 fails its checksum, never
    the reading) and its place is its offset whatever the bytes. A line that runs past a
    block is gathered as the blocks it came in, joined once at its newline, and none is
    kept longer than limit: one that runs on past it is passed over to its newline (line()
    gives None, `skipped` its length), so a damaged file can never make the box run out of
    RAM reading it, not even a heap split into small blocks."""

    def __init__(self, f, limit: int = LINE) -> None:
        self.f = f
        self.limit = limit
        self.start = 0  # the place of buf's first byte; the file stands at start + len(buf)
        self.buf = b""
        self.skipped = 0  # the length of the last line too long to hold, its newline included (0: no newline)

    def line(self, place: int):
        """The line at place, its newline included (b"" at the end, no newline if torn), or
        None when it is longer than limit."""
        k = place - self.start
        if not 0 <= k <= len(self.buf):
            self.f.seek(place)
            self.start = place
            try:
                self.buf = self.f.read(BLOCK)
            except MemoryError:  # (no block of 512 bytes in a heap split small: a 96 KB box after a
                self.buf = self.f.read(64)  # damaged boot - the lines read all the same, in smaller reads)
            k = 0
        buf = self.buf
        end = buf.find(b"\n", k)
        if end >= 0:
            if end + 1 - k > self.limit:
                self.skipped = end + 1 - k
                return None
            return buf[k:end + 1]
        held = len(buf) - k
        parts = [buf[k:]] if held <= self.limit else None  # (None: too long, passed over)
        while True:
            try:
                block = self.f.read(BLOCK)
            except MemoryError:  # (as above: smaller reads)
                block = self.f.read(64)
            if not block:  # the file's end: a line without its newline (torn)
                self.buf = b""
                self.start = place + held
                self.skipped = 0
                return b"".join(parts) if parts is not None else None
            end = block.find(b"\n")
            took = len(block) if end < 0 else end + 1
            held += took
            if parts is not None and held <= self.limit:
                parts.append(block if end < 0 else block[:took])
            else:
                parts = None
            if end >= 0:
                self.buf = block
                self.start = place + held - took
                if parts is None:
                    self.skipped = held
                    return None
                return b"".join(parts)


def entry_of(line, depth: int = DEPTH):
    """The JSON value of a whole journal line (bytes, from Reader.line), or None when it is
    torn, damaged (its checksum), too long (None), too deep or not JSON: its length bounded
    by the Reader and its nesting glanced at before it is parsed (store.shallow), so a
    MemoryError here is the heap's, and goes up as one."""
    if not line or not store.shallow(line, depth, store.FEW):
        return None
    text = unseal(line)
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:  # not JSON
        return None


def undo(self) -> "dict | None":
    """Take the last action back: the game is rebuilt one action earlier. Returns the
    journal entry taken back, or None at the start of the game."""
    self.save()
    n = self.stack.n
    if not n:
        return None
    entry = line_entry(self, self.stack.item(n - 1))
    self.game = None  # the old game goes before the rebuilt one is made
    gc.collect()
    try:
        self.game = build(self, n - 1)
    except Exception:
        self.game = build(self, n)  # nothing is taken back
        raise
    self._append(journal.UNDO)
    self.stack.undo()
    return entry


def redo(self) -> "dict | None":
    """Make the last action taken back again; the entry, or None when nothing was."""
    if not self.can_redo():
        return None
    entry = line_entry(self, self.stack.next_redo())
    _module(self.name).apply(self.game, entry["a"])
    self._append(journal.REDO)
    self.stack.redo()
    return entry


def line_entry(self, place: int) -> dict:
    with open(self.path, "rb") as f:
        e = entry_of(Reader(f, ACTION).line(place))
    if not isinstance(e, dict):
        raise BadLine(place, self.name + ".jnl is damaged at byte " + str(place))
    return e


def build(self, n: int, check: bool = False):
    """The game after the first n actions in force: from the newest snapshot that holds
    a prefix of them, or from the header. check: each action's draws compared with the
    ones it recorded."""
    items = self.stack
    best = None
    for s in self.snaps:
        m = s[1]
        if m <= n and (m == 0 or items.item(m - 1) == s[3]) and (best is None or m > best[1]):
            best = s
    game = None
    first = 0
    if best is not None:
        try:
            game = snapshot_state(self, best[0])
            first = best[1]
        except (OSError, ValueError, RulesError):
            self.snaps.remove(best)
            game = None
    if game is None:
        game = start(self)
    apply = _module(self.name).apply
    draws = _module(self.name, "actions").draws
    with open(self.path, "rb") as f:
        lines = Reader(f, ACTION)
        for k in range(first, n):
            place = items.item(k)
            e = entry_of(lines.line(place))
            if not isinstance(e, dict):
                if check:
                    raise bad_args(self.name + ".jnl is damaged at byte " + str(place))
                raise BadLine(place, "is damaged")
            if not check:
                try:
                    apply(game, e["a"])
                except MemoryError:  # the heap's: not the line's
                    raise
                except Exception as err:  # the line is whole but no action of this game here
                    raise BadLine(place, "does not apply (" + message(err) + ")")
                continue
            try:
                event = apply(game, e["a"])
                got = cjson.dumps(draws(e["a"], event))
            except (RulesError, KeyError, TypeError) as err:
                raise bad_args("the action at byte " + str(place) + " does not apply: " + message(err))
            if got != cjson.dumps(e.get("r")):
                raise bad_args("the action at byte " + str(place) + " recorded other draws than the game "
                               "makes: " + got[:60])
    return game


def start(self):
    """The game the header starts (read again from the file: a header holding a whole
    starting position is not kept in RAM)."""
    with open(self.path, "rb") as f:
        head = entry_of(Reader(f).line(0))
    if head is None:
        raise bad_args(self.name + ".jnl: its first line is damaged")
    return journal.start(journal.check_header(head))

# -- snapshots ----------------------------------------------------------------------------


def snapshot_state(self, slot: int):
    state = None
    with open(self._slot(slot), "rb") as f:
        lines = Reader(f)
        meta = lines.line(0)
        if meta:
            lists = lines.line(len(meta))  # (passed over: its length is all that is needed)
            size = len(lists) if lists is not None else lines.skipped
            if size:
                state = entry_of(lines.line(len(meta) + size))
    if state is None:
        raise ValueError("snapshot damaged")
    return _module(self.name, "state").game(state)
