"""The game on flash: its journal of actions, snapshots along it, undo and redo.

A game is saved as NAME.jnl, shared_rules/journal.py's format: a header (the settings and
the seed, or a starting position), then one line per action, undo or redo. A change of
the game is one appended line, written after the new frame is out - so a save costs one
short write, and a power cut leaves the game at its last whole action: a torn last line
fails its checksum and is dropped at the next boot.

The game in RAM is the header's game with the actions in force applied. To come back at
boot without replaying the whole game, a snapshot of the state is written now and then
(every SNAP_EVERY actions, when the box is idle) into one of SLOTS files NAME.s0.. with
the places of the actions in force at that moment: boot reads the newest snapshot, the
journal lines after it, and replays those few actions. Undo rebuilds the game one action
back from the nearest snapshot still in force (its last action is still in force at the
same place in the file); redo applies the action again (the random draws come back the
same: the generator is part of the state).
"""

import gc
import json
import os

from shared_rules import cjson, journal
from shared_rules.errors import RulesError, bad_args
from shared_rules.journal import Stack, seal, unseal

SNAP_EVERY = 16  # actions between snapshots: at most this many are replayed at boot
SLOTS = 3  # snapshots kept: undo goes back ~SLOTS * SNAP_EVERY actions without a replay from the start


class Damaged(Exception):
    """The journal cannot be read at all (its header is torn or not a game)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _module(name: str, part: str = "game"):
    return __import__("shared_rules." + name + "." + part, None, None, ("new",))


def _size(path: str) -> int:
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def forget(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def write_state(game, name: str, out) -> None:
    """The game's canonical JSON through out.append (streamed where the game has it)."""
    state = _module(name, "state")
    writer = getattr(state, "write_game", None)
    if writer is not None:
        writer(game, out)
    else:
        cjson._encode(state.game_json(game), out)


class Record:
    def __init__(self, root: str, name: str) -> None:
        self.root = root
        self.name = name
        self.path = root + name + ".jnl"
        self.settings = {}  # the game's settings, from the journal's header
        self.head_id = ""  # the CRC-32 of the header line: snapshots of another game are not ours
        self.game = None
        self.stack = Stack()  # the places (byte offsets) in the journal of the actions in force
        self.size = 0  # bytes in the journal: the place of the next line
        self.lines = 0  # lines after the header
        self.snaps = []  # [slot, actions in force, lines, place of its last action] of each snapshot
        self.since = 0  # journal lines since the newest snapshot
        self.pending = ""  # the line of the last action, written by save()
        self.notice = ""  # what boot had to repair, for the screen and hello

    # -- a new game -------------------------------------------------------------------------
    @staticmethod
    def create(root: str, head: dict, fits=None) -> "Record":
        """A new journal for a header, written in one atomic step: the header goes to a temp
        file that is renamed over the old journal. The game starts at once. The header is
        checked and the game started (and fits(game) called, the device's own demands)
        before anything is written: a RulesError leaves the old journal as it was."""
        journal.check_header(head)
        name = head["game"]
        rec = Record(root, name)
        rec.game = journal.start(head)
        if fits is not None:
            fits(rec.game)
        line = seal(cjson.dumps(head))
        tmp = rec.path + ".tmp"
        with open(tmp, "w") as f:
            f.write(line)
        os.rename(tmp, rec.path)
        for k in range(SLOTS):
            forget(rec._slot(k))
        rec.settings = head["settings"]
        rec.head_id = _crc(line)
        rec.size = len(line)
        return rec

    def _slot(self, k: int) -> str:
        return self.root + self.name + ".s" + str(k)

    # -- play ---------------------------------------------------------------------------------
    def act(self, action: dict) -> dict:
        """Apply one action to the game; its journal line waits for save(). RulesError (the
        game unchanged) when the rules refuse it."""
        self.save()
        mod = _module(self.name)
        event = mod.apply(self.game, action)
        draws = _module(self.name, "actions").draws(action, event)
        self.pending = cjson.dumps(journal.entry(action, draws))
        return event

    def save(self) -> None:
        """Append the last action's line: the save."""
        if not self.pending:
            return
        text = self.pending
        self.pending = ""
        place = self._append(text)
        self.stack.push(place)

    def _append(self, text: str) -> int:
        line = seal(text)
        place = self.size
        with open(self.path, "a") as f:
            f.write(line)
        self.size += len(line)
        self.lines += 1
        self.since += 1
        return place

    def count(self) -> int:
        """Actions in force: the game stands after this many."""
        return len(self.stack.items) + (1 if self.pending else 0)

    def can_redo(self) -> bool:
        return not self.pending and bool(self.stack.undone)

    def undo(self) -> "dict | None":
        """Take the last action back: the game is rebuilt one action earlier. Returns the
        journal entry taken back, or None at the start of the game."""
        self.save()
        items = self.stack.items
        if not items:
            return None
        place = items[-1]
        entry = self._entry(place)
        self.game = None  # the old game goes before the rebuilt one is made
        gc.collect()
        try:
            self.game = self._build(len(items) - 1)
        except Exception:
            self.game = self._build(len(items))  # nothing is taken back
            raise
        self._append(journal.UNDO)
        self.stack.undo()
        return entry

    def redo(self) -> "dict | None":
        """Make the last action taken back again; the entry, or None when nothing was."""
        if not self.can_redo():
            return None
        entry = self._entry(self.stack.undone[-1])
        _module(self.name).apply(self.game, entry["a"])
        self._append(journal.REDO)
        self.stack.redo()
        return entry

    def _entry(self, place: int) -> dict:
        with open(self.path) as f:
            f.seek(place)
            text = unseal(f.readline())
        if text is None:
            raise bad_args(self.name + ".jnl is damaged at byte " + str(place))
        return json.loads(text)

    def _build(self, n: int, check: bool = False):
        """The game after the first n actions in force: from the newest snapshot that holds
        a prefix of them, or from the header. check: each action's draws compared with the
        ones it recorded."""
        items = self.stack.items
        best = None
        for s in self.snaps:
            m = s[1]
            if m <= n and (m == 0 or items[m - 1] == s[3]) and (best is None or m > best[1]):
                best = s
        game = None
        start = 0
        if best is not None:
            try:
                game = self._snapshot_state(best[0])
                start = best[1]
            except (OSError, ValueError, RulesError):
                self.snaps.remove(best)
                game = None
        if game is None:
            game = self._start()
        apply = _module(self.name).apply
        draws = _module(self.name, "actions").draws if check else None
        with open(self.path) as f:
            for k in range(start, n):
                f.seek(items[k])
                text = unseal(f.readline())
                if text is None:
                    raise bad_args(self.name + ".jnl is damaged at byte " + str(items[k]))
                e = json.loads(text)
                if not check:
                    apply(game, e["a"])
                    continue
                try:
                    event = apply(game, e["a"])
                    got = cjson.dumps(draws(e["a"], event))
                except (RulesError, KeyError, TypeError) as err:
                    raise bad_args("the action at byte " + str(items[k]) + " does not apply: " + _message(err))
                if got != cjson.dumps(e.get("r")):
                    raise bad_args("the action at byte " + str(items[k]) + " recorded other draws than the game "
                                   "makes: " + got[:60])
        return game

    def _start(self):
        """The game the header starts (read again from the file: a header holding a whole
        starting position is not kept in RAM)."""
        with open(self.path) as f:
            text = unseal(f.readline())
        if text is None:
            raise bad_args(self.name + ".jnl: its first line is damaged")
        return journal.start(journal.check_header(json.loads(text)))

    # -- snapshots ----------------------------------------------------------------------------
    def snapshot_due(self) -> bool:
        return self.since >= SNAP_EVERY and not self.pending

    def overdue(self) -> bool:
        """So many lines since the last snapshot that boot would replay too many: write one
        now, idle or not."""
        return self.since >= 2 * SNAP_EVERY

    def snapshot(self) -> None:
        """Write a snapshot of the game as it stands into the oldest slot (temp file, then a
        rename: a cut leaves the old snapshot or the new one)."""
        self.save()
        used = [s[0] for s in self.snaps]
        slot = 0
        for k in range(SLOTS):
            if k not in used:
                slot = k
                break
        else:
            oldest = self.snaps[0]
            for s in self.snaps:
                if s[2] < oldest[2]:
                    oldest = s
            slot = oldest[0]
        items = self.stack.items
        n = len(items)
        last = items[n - 1] if n else -1
        meta = {"head": self.head_id, "n": n, "line": self.lines, "size": self.size, "last": last}
        gc.collect()
        tmp = self._slot(slot) + ".tmp"
        with open(tmp, "w") as f:
            f.write(seal(cjson.dumps(meta)))
            f.write(seal(cjson.dumps({"items": items, "undone": self.stack.undone})))
            out = []
            write_state(self.game, self.name, out)
            f.write(seal("".join(out)))
        os.rename(tmp, self._slot(slot))
        self.snaps = [s for s in self.snaps if s[0] != slot]
        self.snaps.append([slot, n, self.lines, last])
        self.since = 0

    def _snapshot_state(self, slot: int):
        with open(self._slot(slot)) as f:
            f.readline()
            f.readline()
            text = unseal(f.readline())
        if text is None:
            raise ValueError("snapshot damaged")
        return _module(self.name, "state").game(json.loads(text))

    # -- boot -------------------------------------------------------------------------------------
    @staticmethod
    def open(root: str, name: str, path: str = "") -> "Record":
        """The saved game: the journal read (a torn last line dropped, a damaged line and
        all after it moved aside), the game rebuilt from the newest good snapshot.
        Damaged when there is no game to come back to; OSError when there is no journal.
        path: a journal put by the host, checked strictly instead: no snapshot, every line
        whole and every action's draws the ones it recorded, or bad_args naming the line."""
        rec = Record(root, name)
        strict = bool(path)
        if strict:
            rec.path = path
        rec._read_head()
        if not strict:
            rec._read_snapshots()
        rec._scan(strict)
        rec.game = rec._build(len(rec.stack.items), strict)
        return rec

    def _read_head(self) -> None:
        with open(self.path) as f:
            line = f.readline()
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
                    text = unseal(f.readline())
                    meta = json.loads(text) if text is not None else None
                    if type(meta) is not dict or meta.get("head") != self.head_id or not 0 < meta["size"] <= size:
                        continue
                    found.append([k, meta["n"], meta["line"], meta["last"], meta["size"], f.readline()])
            except (OSError, ValueError, KeyError, TypeError):
                continue
        found.sort(key=lambda s: s[2])
        while found:
            newest = found[-1]
            text = unseal(newest[5])
            try:
                lists = json.loads(text) if text is not None else None
                if type(lists) is dict and len(lists["items"]) == newest[1]:
                    self.stack = Stack(lists["items"], lists["undone"])
                    self.size = newest[4]
                    self.lines = newest[2]
                    break
            except (ValueError, KeyError, TypeError):
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
            f.seek(place)
            while True:
                line = f.readline()
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
            self._cut(good, bad)

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
            self.notice = (self.name + ".jnl was damaged after action " + str(len(self.stack.items))
                           + ": the game is back there; the rest is kept in " + self.name + ".jnl.bad")

    # -- the whole journal, for the link -----------------------------------------------------------
    def write_lines(self, out, start: int = 0) -> None:
        """The lines of the journal from the start-th on (0: the header first), each as its
        JSON text, as one JSON array through out.append: the history the host replays. A
        line whose checksum does not match (changed on flash since) goes as {"damaged": its
        line number}."""
        self.save()
        out.append("[")
        k = 0
        with open(self.path) as f:
            while True:
                line = f.readline()
                if not line:
                    break
                k += 1
                if k <= start:
                    continue
                text = unseal(line)
                if text is None:
                    text = '{"damaged":' + str(k) + "}"
                out.append(text if k == start + 1 else "," + text)
        out.append("]")

    def lines_count(self) -> int:
        """Lines in the journal, the header included."""
        return self.lines + 1


def _message(e) -> str:
    msg = getattr(e, "message", None)
    return msg if isinstance(msg, str) else type(e).__name__


def _crc(line: str) -> str:
    from binascii import crc32

    return "%08x" % crc32(line.encode())
