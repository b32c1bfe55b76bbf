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

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os
try:
    from ubinascii import crc32  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from binascii import crc32

from shared_rules import cjson, journal
from shared_rules.errors import RulesError
from shared_rules.journal import ACTION, REDO, UNDO, seal

SNAP_EVERY = 4  # journal lines after which a snapshot is written when the box is idle...
OVERDUE = 8  # ...and after this many whether idle or not: boot replays at most OVERDUE - 1 lines
STEP = 128  # characters of a snapshot written at a time, between presses
SLOTS = 4  # snapshots kept: undo goes back ~SLOTS * SNAP_EVERY actions without a replay from the start
CHUNK = 32  # places are kept in lists of this many: small blocks, which a fragmented heap always has


class Pile:
    """A stack of small ints in lists of CHUNK: it grows a block of a few hundred bytes at a
    time - a list grown action by action would need ever larger blocks of one piece, and
    late in a game the heap, fragmented by play, has none to give."""

    def __init__(self) -> None:
        self.chunks = []
        self.n = 0

    def push(self, v: int) -> None:
        n = self.n
        if n == len(self.chunks) * CHUNK:
            self.chunks.append([0] * CHUNK)
        self.chunks[n // CHUNK][n % CHUNK] = v
        self.n = n + 1

    def pop(self) -> int:
        self.n -= 1
        return self.get(self.n)

    def get(self, k: int) -> int:
        return self.chunks[k // CHUNK][k % CHUNK]


class Places:
    """The places in the journal (byte offsets) of the actions in force, and of those undone
    that redo can bring back, the last undone on top: journal lines' Stack (shared_rules/
    replay.py) for the device, in Piles."""

    def __init__(self) -> None:
        self.items = Pile()
        self.undone = Pile()

    @property
    def n(self) -> int:
        return self.items.n

    @property
    def u(self) -> int:
        return self.undone.n

    def item(self, k: int) -> int:
        return self.items.get(k)

    def push(self, place: int) -> None:
        """A new action: what was undone can no longer be redone."""
        self.undone.n = 0
        self.items.push(place)

    def undo(self):
        if not self.items.n:
            return None
        place = self.items.pop()
        self.undone.push(place)
        return place

    def redo(self):
        if not self.undone.n:
            return None
        place = self.undone.pop()
        self.items.push(place)
        return place

    def next_redo(self) -> int:
        return self.undone.get(self.undone.n - 1)

    def feed(self, text: str, place: int) -> bool:
        """One line's JSON text, as replay.Stack.feed."""
        if text.startswith(ACTION):
            self.push(place)
            return True
        if text == UNDO:
            return self.undo() is not None
        if text == REDO:
            return self.redo() is not None
        return False

    def load(self, items: list, undone: list) -> None:
        """The lists as a snapshot keeps them (replay.Stack's items and undone)."""
        self.items.n = 0
        self.undone.n = 0
        for place in items:
            self.items.push(place)
        for place in undone:
            self.undone.push(place)

    def json_chunks(self):
        """{"items": [...], "undone": [...]} (replay.Stack's lists), a piece at a time."""
        for key, pile in (('{"items":[', self.items), ('],"undone":[', self.undone)):
            yield key
            for k in range(pile.n):
                yield ("," if k else "") + str(pile.get(k))
        yield "]}"


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


def state_chunks(game, name: str):
    """The game's canonical JSON a piece at a time (a generator): the game's own pieces
    where it has them (Khan's state is large), else the whole text at once."""
    state = _module(name, "state")
    chunks = getattr(state, "game_chunks", None)
    if chunks is not None:
        yield from chunks(game)
    else:
        yield cjson.dumps(state.game_json(game))


def write_state(game, name: str, out) -> None:
    """The game's canonical JSON through out.append (a cjson.Chunks: state.get's reply): the
    game's own pieces where it has them, else its encoding's pieces as they come - not the
    whole text at once (cjson.dumps: its pieces listed, then joined - blocks as long), which a
    96 KB box's heap, split by a boot that set a damaged file aside, may not have."""
    state = _module(name, "state")
    chunks = getattr(state, "game_chunks", None)
    if chunks is None:
        cjson.encode(state.game_json(game), out)
        return
    for text in chunks(game):
        out.append(text)


class Record:
    def __init__(self, root: str, name: str) -> None:
        self.root = root
        self.name = name
        self.path = root + name + ".jnl"
        self.settings = {}  # the game's settings, from the journal's header
        self.head_id = ""  # the CRC-32 of the header line: snapshots of another game are not ours
        self.game = None
        self.stack = Places()  # the places (byte offsets) in the journal of the actions in force, and undone
        self.size = 0  # bytes in the journal: the place of the next line
        self.crc = 0  # the CRC-32 of those bytes: a snapshot keeps it, so boot sees the journal before it changed
        self.lines = 0  # lines after the header
        self.snaps = []  # [slot, actions in force, lines, place of its last action] of each snapshot
        self.since = 0  # journal lines since the newest snapshot
        self.pending = ""  # the line of the last action, written by save()
        self.notice = ""  # what boot had to repair, for the screen and hello
        self.snap_failed = -OVERDUE  # the journal's line count when a snapshot last failed
        self.start = None  # when the game began (the header's "start"), if the clock was set
        self.archived = -1  # the action count when the game was last archived (its end)

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
        rec.start = head.get("start")
        rec.head_id = _crc(line)
        rec.size = len(line)
        rec.crc = _sum(line)
        return rec

    def _slot(self, k: int) -> str:
        return self.root + self.name + ".s" + str(k)

    # -- play ---------------------------------------------------------------------------------
    def act(self, action: dict) -> dict:
        """Apply one action to the game; its journal line waits for save(). RulesError (the
        game unchanged) when the rules refuse it; any other failure on the way (the RAM ran
        out halfway through) brings the game back as saved, then raises."""
        self.save()
        try:
            event = _module(self.name).apply(self.game, action)
            draws = _module(self.name, "actions").draws(action, event)
            self.pending = cjson.dumps(journal.entry(action, draws))
        except RulesError:
            raise
        except Exception:
            self.pending = ""
            self.game = None
            gc.collect()
            self.game = self._build(self.stack.n)
            raise
        return event

    def save(self) -> None:
        """Append the last action's line: the save. When it cannot be written (the flash
        is full), the action is taken back - the game in RAM is the game on flash again -
        and the OSError raised."""
        if not self.pending:
            return
        self.stack.push(self.size)
        try:
            self._append(self.pending)
        except Exception:
            self.stack.items.n -= 1  # not on flash: not in force
            self.pending = ""
            self.game = None
            gc.collect()
            self.game = self._build(self.stack.n)
            raise
        self.pending = ""

    def _append(self, text: str) -> int:
        line = seal(text)
        place = self.size
        with open(self.path, "a") as f:
            n = f.write(line)
            if n is not None and n != len(line):
                raise OSError(28)  # a short write: no room left on the flash
        self.size += len(line)
        self.crc = _sum(line, self.crc)
        self.lines += 1
        self.since += 1
        return place

    def count(self) -> int:
        """Actions in force: the game stands after this many."""
        return self.stack.n + (1 if self.pending else 0)

    def can_redo(self) -> bool:
        return not self.pending and self.stack.u > 0

    def undo(self) -> "dict | None":
        """Take the last action back: the game is rebuilt one action earlier (rebuild.py).
        Returns the journal entry taken back, or None at the start of the game."""
        return _borrow("rebuild").undo(self)

    def redo(self) -> "dict | None":
        """Make the last action taken back again; the entry, or None when nothing was."""
        return _borrow("rebuild").redo(self)

    def _build(self, n: int, check: bool = False):
        """The game after the first n actions in force (rebuild.build)."""
        return _borrow("rebuild").build(self, n, check)

    def snapshot(self) -> None:
        """Write a snapshot of the game as it stands, all at once (snapshot.py)."""
        for _ in self.snapshot_steps():
            pass

    def snapshot_steps(self):
        """A snapshot written a step at a time (a generator: snapshot.steps)."""
        yield from _borrow("snapshot").steps(self)

    def snapshot_due(self) -> bool:
        return self.since >= SNAP_EVERY and not self.pending and self._may_snap()

    def overdue(self) -> bool:
        """So many lines since the last snapshot that boot would replay too many: write one
        now (a step at a time), idle or not."""
        return self.since >= OVERDUE and self._may_snap()

    def far_behind(self) -> bool:
        """Presses came so fast that no snapshot could finish between them: write one at
        once, so a boot never replays more than this."""
        return self.since >= 3 * OVERDUE and self._may_snap()

    def _may_snap(self) -> bool:
        """After a snapshot the flash could not take, the next try waits OVERDUE lines."""
        return self.lines - self.snap_failed >= OVERDUE

    # -- boot -------------------------------------------------------------------------------------
    @staticmethod
    def open(root: str, name: str, path: str = "") -> "Record":
        """The saved game read back (recover.py: a torn last line dropped, a damaged line
        and all after it moved aside, the game rebuilt from the newest good snapshot).
        Damaged when there is no game to come back to; OSError when there is no journal.
        path: a journal put by the host, checked strictly instead (recover.open_record)."""
        import sys

        import recover

        try:
            return recover.open_record(Record(root, name), path)
        finally:
            sys.modules.pop("recover", None)  # its code is needed when a game comes back only
            sys.modules.pop("mend", None)
            sys.modules.pop("proven", None)

    # -- the whole journal, for the link -----------------------------------------------------------
    def lines_count(self) -> int:
        """Lines in the journal, the header included."""
        return self.lines + 1


def _borrow(name: str):
    """A module of the record's (rebuild, snapshot): imported by load_parts() when a game
    begins and kept - a module loaded in the middle of a game needs large blocks of a heap
    that play has fragmented, and may not get them."""
    return __import__(name)


def load_parts(name: str) -> None:
    """Everything a game of `name` needs in play, imported at once while the heap is tidy:
    the record's own parts and the game's actions and state."""
    gc.collect()
    for part in ("rebuild", "snapshot"):
        __import__(part)
    for part in ("actions", "state"):
        _module(name, part)


def _crc(line) -> str:
    return "%08x" % _sum(line)


def _sum(line, crc: int = 0) -> int:
    """The CRC-32 of a line (str or bytes) continued from crc."""
    return crc32(line.encode() if isinstance(line, str) else line, crc)
