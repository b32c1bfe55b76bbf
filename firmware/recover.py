"""A saved game read back from flash: the journal, its snapshots, what a cut left.

Loaded only when a game comes back (boot, the menu's resume, a journal put by the host)
and let go again (record.Record.open): play does not carry its code. The functions take
the Record being opened as `self`, as its methods would.
"""

import json
import os

from rebuild import Reader
from record import SLOTS, Damaged, _crc, _size
from shared_rules import journal
from shared_rules.errors import RulesError, bad_args
from shared_rules.journal import unseal


def open_record(rec, path: str = ""):
    """The Record rec (new, of its folder and game) with its game read back: the journal
    read (a torn last line dropped, a damaged line and all after it moved aside), the game
    rebuilt from the newest good snapshot. Damaged when there is no game to come back to;
    OSError when there is no journal. path: a journal put by the host, checked strictly
    instead: no snapshot, every line whole and every action's draws the ones it recorded,
    or bad_args naming the line."""
    strict = bool(path)
    if strict:
        rec.path = path
    _read_head(rec)
    if not strict:
        _read_snapshots(rec)
    _scan(rec, strict)
    rec.game = rec._build(rec.stack.n, strict)
    return rec


def _read_head(self) -> None:
    with open(self.path) as f:
        line = Reader(f).line(0)
    text = unseal(line)
    if text is None:
        raise Damaged(self.name + ".jnl: its first line (the game's settings) is damaged")
    try:
        head = journal.check_header(json.loads(text))
    except ValueError:
        raise Damaged(self.name + ".jnl: its first line is not JSON")
    except RulesError as e:
        raise Damaged(self.name + ".jnl: " + e.message)
    if head["game"] != self.name:
        raise Damaged(self.name + ".jnl holds a game of " + head["game"])
    self.settings = head["settings"]
    self.start = head.get("start")
    self.head_id = _crc(line)
    self.size = len(line)


def _read_snapshots(self) -> None:
    """The snapshots of this journal (their first lines), newest last; the newest one
    whose list of actions reads gives the places of the actions up to it."""
    size = _size(self.path)
    found = []
    for k in range(SLOTS):
        try:
            with open(self._slot(k)) as f:
                first = Reader(f).line(0)
            text = unseal(first)
            meta = json.loads(text) if text is not None else None
            if type(meta) is dict and meta.get("head") == self.head_id and 0 < meta["size"] <= size:
                found.append([k, meta["n"], meta["line"], meta["last"], meta["size"], len(first)])
        except (OSError, ValueError, KeyError, TypeError):
            continue
    found.sort(key=lambda s: s[2])
    while found:
        newest = found[-1]
        try:
            with open(self._slot(newest[0])) as f:
                text = unseal(Reader(f).line(newest[5]))
            lists = json.loads(text) if text is not None else None
            if type(lists) is dict and len(lists["items"]) == newest[1]:
                self.stack.load(lists["items"], lists["undone"])
                self.size = newest[4]
                self.lines = newest[2]
                break
        except (OSError, ValueError, KeyError, TypeError):
            pass
        found.pop()
    self.snaps = [s[:4] for s in found]


def _scan(self, strict: bool = False) -> None:
    """Read the journal lines after the newest snapshot (or the header): a torn last line
    is dropped, a damaged line is cut off with all that follows (kept aside as .bad).
    strict: a torn or damaged line is refused (bad_args with its line number)."""
    size = _size(self.path)
    place = self.size
    good = place
    bad = ""
    with open(self.path) as f:
        lines = Reader(f)
        while True:
            line = lines.line(place)
            if not line:
                break
            text = unseal(line)
            if text is None or not self.stack.feed(text, place):
                if strict:
                    raise bad_args("journal line " + str(self.lines + 2) + (
                        " is damaged (its checksum does not match)" if text is None else
                        " is no action, undo or redo that can apply here"))
                bad = "torn" if place + len(line) >= size and text is None else "damaged"
                break
            place += len(line)
            good = place
            self.lines += 1
            self.since += 1
    self.size = good
    if bad:
        _cut(self, good, bad)


def _cut(self, good: int, why: str) -> None:
    """Keep the first `good` bytes of the journal (the rest was torn by a cut, or damaged):
    copied into a temp file renamed over it; damaged lines are kept aside as NAME.jnl.bad."""
    tmp = self.path + ".tmp"
    with open(self.path) as src:
        if why == "damaged":
            src.seek(good)
            with open(self.path + ".bad", "w") as aside:
                while True:
                    chunk = src.read(512)
                    if not chunk:
                        break
                    aside.write(chunk)
            src.seek(0)
        with open(tmp, "w") as dst:
            left = good
            while left > 0:
                chunk = src.read(512 if left > 512 else left)
                if not chunk:
                    break
                dst.write(chunk)
                left -= len(chunk)
    os.rename(tmp, self.path)
    if why == "damaged":
        self.notice = (self.name + ".jnl was damaged after action " + str(self.stack.n)
                       + ": the game is back there; the rest is kept in " + self.name + ".jnl.bad")
