"""The game rebuilt from its journal: undo, redo, the game after its first n actions, a
line read at its place. Loaded for the job and let go after (record._borrow): play does
not carry this code between undos. The functions take the Record as `self`.
"""

import gc
import json

from record import _module
from shared_rules import cjson, journal
from shared_rules.errors import RulesError, bad_args, message
from shared_rules.journal import unseal

BLOCK = 512  # bytes read at a time


class Reader:
    """The lines of a journal (or snapshot) file by their places (byte offsets), read in
    blocks: a file's readline() reads a byte at a time on MicroPython, and a journal is
    read line after line at boot, for undo and for the host."""

    def __init__(self, f) -> None:
        self.f = f
        self.start = 0  # the place of buf's first byte; the file stands at start + len(buf)
        self.buf = ""

    def line(self, place: int) -> str:
        """The line at place, its newline included ("" at the end, no newline if torn)."""
        while True:
            k = place - self.start
            if 0 <= k <= len(self.buf):
                end = self.buf.find("\n", k)
                if end >= 0:
                    return self.buf[k:end + 1]
                block = self.f.read(BLOCK)
                if not block:
                    return self.buf[k:]
                self.buf = self.buf[k:] + block
                self.start = place
            else:
                self.f.seek(place)
                self.start = place
                self.buf = self.f.read(BLOCK)
                if not self.buf:
                    return ""


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
    with open(self.path) as f:
        text = unseal(Reader(f).line(place))
    if text is None:
        raise bad_args(self.name + ".jnl is damaged at byte " + str(place))
    return json.loads(text)


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
    with open(self.path) as f:
        lines = Reader(f)
        for k in range(first, n):
            place = items.item(k)
            text = unseal(lines.line(place))
            if text is None:
                raise bad_args(self.name + ".jnl is damaged at byte " + str(place))
            e = json.loads(text)
            if not check:
                apply(game, e["a"])
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
    with open(self.path) as f:
        text = unseal(Reader(f).line(0))
    if text is None:
        raise bad_args(self.name + ".jnl: its first line is damaged")
    return journal.start(journal.check_header(json.loads(text)))

# -- snapshots ----------------------------------------------------------------------------


def snapshot_state(self, slot: int):
    with open(self._slot(slot)) as f:
        lines = Reader(f)
        meta = lines.line(0)
        text = unseal(lines.line(len(meta) + len(lines.line(len(meta)))))
    if text is None:
        raise ValueError("snapshot damaged")
    return _module(self.name, "state").game(json.loads(text))


def write_lines(self, out, start: int = 0) -> None:
    """The lines of the journal from the start-th on (0: the header first), each as its
    JSON text, as one JSON array through out.append: the history the host replays. A
    line whose checksum does not match (changed on flash since) goes as {"damaged": its
    line number}."""
    self.save()
    out.append("[")
    k = 0
    place = 0
    with open(self.path) as f:
        lines = Reader(f)
        while True:
            line = lines.line(place)
            if not line:
                break
            place += len(line)
            k += 1
            if k <= start:
                continue
            text = unseal(line)
            if text is None:
                text = '{"damaged":' + str(k) + "}"
            out.append(text if k == start + 1 else "," + text)
    out.append("]")
