"""The serial link: line-delimited JSON over USB (shared with the REPL), one reply each.

{"id": 7, "op": "khan.flee", "args": {...}}  ->  {"id": 7, "ok": true, "result": {...}}
                                             or  {"id": 7, "ok": false, "error": {"code", "message"}}

Ops: the device's own (OPS below: hello, ui.press, ui.get, ui.frame, state.get, state.put, log.get,
journal.put, errors.get ...) and every op of the rules table.
Distinct error codes: bad_json, too_long (lines over MAX_LINE bytes), unknown_op,
bad_args. A Ctrl-C byte stops the app so the REPL (and mpremote) can take over.
"""

import gc
import sys

from hal import clock
from shared_rules import cjson, ops
from shared_rules.games import NAMES
from shared_rules.errors import BAD_ARGS, BAD_JSON, INTERNAL, NO_MEMORY, TOO_LONG, RulesError

MAX_LINE = ops.MAX_LINE
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "HELP")  # HELP: OK and BACK held together
CTRL_C = 3


STALL_MS = 2000  # a frame's next byte not come this long after its last: the frame is given up


class Lines:
    """Assembles bytes into request lines of at most `limit` bytes. A line is kept as the
    pieces it came in (never one buffer grown byte by byte, which needs ever larger blocks)
    and joined once, at its newline. An oversize line is dropped as it arrives (never held
    in RAM) and reported once as too long (None); a line the RAM could not hold is
    reported as False (no_memory); a framed line that stalled (Reader) as a tuple (why,).
    Either way the next line is read as usual."""

    def __init__(self, limit: int = MAX_LINE, free=None) -> None:
        self.limit = limit
        self.free = free  # called when the RAM runs out, before one more try
        self.parts = []
        self.size = 0
        self.lost = None  # why the line under way is dropped: None (too long), False (no memory), (why,) stalled
        self.dropping = False
        self.began = 0  # clock.now_us() when the line under way had its first byte
        self.line_began = 0  # ...and of the last line completed

    def feed(self, data: "bytes | bytearray") -> list:
        """Complete lines (bytes), None for each oversize line, False for each line that
        did not fit in RAM, (why,) for a frame given up. Raises KeyboardInterrupt on Ctrl-C,
        as the Pico's USB driver does. data (bytes, or a bytearray of the caller's that it
        leaves alone) may be kept as a piece of the line."""
        if data.find(b"\x03") >= 0:
            raise KeyboardInterrupt
        out = []
        start = 0
        while True:
            k = data.find(b"\n", start)
            end = len(data) if k < 0 else k
            if not self.size and not self.dropping and end >= start:
                self.began = clock.now_us()  # a line's first byte
            if not self.dropping and end > start:
                if self.size + end - start > self.limit:
                    self._drop(None)
                else:
                    try:  # (data whole, when it is all the line's: a slice of it is a copy)
                        self.parts.append(data if end - start == len(data) else data[start:end])
                        self.size += end - start
                    except MemoryError:
                        self._drop(False)
            if k < 0:
                return out
            self.line_began = self.began
            if self.dropping:
                out.append(self.lost)
            else:
                out.append(self._joined())
            self.parts = []
            self.size = 0
            self.dropping = False
            start = k + 1

    def _joined(self):
        """The line's pieces as one; when the RAM cannot hold it, what can go goes
        (free) and it is tried once more; False if it still does not fit."""
        for attempt in (0, 1):
            try:
                return b"".join(self.parts)
            except MemoryError:
                if attempt or self.free is None:
                    return False
                self.free()
        return False

    def reset(self) -> None:
        """Forget the line under way: the next byte starts a new line."""
        self.parts = []
        self.size = 0
        self.dropping = False

    def lose(self) -> None:
        """Reading failed for want of RAM: the line under way is dropped to its newline and
        answered no_memory (False) there."""
        self._drop(False)

    def stall(self, why: str) -> None:
        """A frame stalled (Reader): what came of it goes, and its line's end, which the
        Reader gives next, is answered bad_json, saying why."""
        self._drop((why,))

    def _drop(self, why) -> None:
        self.parts = []
        self.size = 0
        self.dropping = True
        self.lost = why


class Reader:
    """The request bytes that have come, read without blocking the button loop. A plain
    line is read one byte at a time into one buffer reserved once, since the Pico's USB
    serial can neither say how many bytes wait nor read more than one without blocking
    (micropython issue 8772; ~30 us a byte on a Pico). A framed line - "#" and its length in
    decimal, ":", then that many bytes, its newline the last (what steppe sends:
    docs/ops.md) - has its body read in blocks at the speed of a copy: the host wrote it
    all at once, and a block is begun only once its first byte has come.

    A frame's header is read whole however it comes (USB may split any write: "#12" now,
    ":" 50 ms later). A frame whose next byte - of its header, or the first of its body's
    next block - has not come STALL_MS after its last is given up (a host killed while it
    wrote it): what came of it goes, and its line is answered bad_json (lines.stall) - the
    link reads afresh. A block once begun is read whole: the Pico cannot time a read out,
    so a frame cut inside one of its blocks waits for bytes (steppe, when it connects,
    sends them first: host/steppe/ports.py)."""

    def __init__(self, stdin, size: int = 256, lines=None) -> None:
        try:  # (here, not at the top: two more names grew the module's table of them by 24 slots)
            import uselect as select  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
        except ImportError:  # CPython
            import select

        self.poll = select.poll()
        self.poll.register(stdin, select.POLLIN)
        raw = stdin.buffer if hasattr(stdin, "buffer") else stdin
        self.into = getattr(raw, "readinto", None) or _reading(raw)
        self.one = bytearray(1)
        self.chunk = bytearray(size)  # the bytes that came
        self.lines = lines  # told when a frame is given up (Lines.stall)
        self.fresh = True  # the next byte begins a line
        self.body = 0  # the bytes of a frame's body still to come
        self.want = 0  # ...and all of them (what it said it would be)
        self.head = bytearray(8)  # a frame's header so far: "#" and digits
        self.held = 0  # ...how many bytes of it (0: no header under way)
        self.last = 0  # clock.now() when the frame under way had its last byte

    def fill(self) -> int:
        """How many bytes were read into chunk: those that have come, to the end of a line
        or a Ctrl-C (acted on at once: what follows it is the REPL's), at most its size; of
        a frame's body, the next block of it (its header, read whole, goes)."""
        chunk = self.chunk
        one = self.one
        into = self.into
        ipoll = getattr(self.poll, "ipoll", self.poll.poll)  # (CPython's poll has no ipoll: the tests')
        size = len(chunk)
        n = 0
        while n < size:
            for _ in ipoll(0):
                break
            else:  # nothing more has come
                if (self.held or self.body) and clock.elapsed(clock.now(), self.last) >= STALL_MS:
                    return self._give_up()
                return n
            if self.body:
                if n:
                    return n
                n = into(memoryview(chunk)[:min(self.body, size)])
                self.body -= n
                self.fresh = not self.body
                self.last = clock.now()
                return n
            if not into(one):
                return n
            c = one[0]
            if self.held:  # a header under way: "#" digits ":" or not a frame after all
                if 48 <= c <= 57 and self.held < 7:
                    self.head[self.held] = c
                    self.held += 1
                    self.last = clock.now()
                    continue
                k = 0
                for i in range(1, self.held):
                    k = 10 * k + self.head[i] - 48
                if c == 58 and self.held > 1 and 0 < k <= MAX_LINE + 1:  # its body (k bytes) comes next
                    self.held = 0
                    self.body = self.want = k
                    self.last = clock.now()
                    continue
                for i in range(self.held):  # not a frame (too long, or not JSON): its bytes are the line's
                    chunk[n] = self.head[i]
                    n += 1
                self.held = 0
            elif c == 35 and self.fresh:  # "#" begins a line: a frame's header, perhaps
                self.head[0] = c
                self.held = 1
                self.fresh = False
                self.last = clock.now()
                continue
            chunk[n] = c
            n += 1
            self.fresh = c == 10
            if c == 10 or c == 3:
                break
        return n

    def _give_up(self) -> int:
        """The frame under way stalled: it goes (the line it was is answered bad_json, as
        Lines.stall has it), and the next byte begins a new line. A newline in chunk ends
        the line for Lines."""
        if self.held:
            what = "its header " + bytes(self.head[:self.held]).decode()
        else:
            what = "%d of its %d bytes" % (self.want - self.body, self.want)
        if self.lines is not None:
            self.lines.stall("a framed line stalled: " + what + " came, then nothing for %d s; it is given up"
                             % (STALL_MS // 1000))
        self.held = self.body = 0
        self.fresh = True
        self.chunk[0] = 10
        return 1


TIDY_PERCENT = 50  # the free heap under this share: the host's loads go (tidy)
COLLECT_PERCENT = 20  # ...under this, or under COLLECT_WORDS words (32 KB on a Pico), the garbage
COLLECT_WORDS = 8192  # is collected after a reply
HOST_IDLE_MS = 3000  # the host's ops stay loaded this long after its last request (Link.idle)
TABLES = {}  # op -> the canonical text of a game's tables (they never change): hostops.rules_op
SPEED = []  # hostops.speed_us(), once a boot


TABLES_BLOCK = 512  # bytes of a game's tables' text read from flash at a time (known_tables)


def known_tables(op: str):
    """A game's tables (GAME.tables without arguments) as the image holds them, or None.
    They are constants: `steppe build` writes each game's canonical text beside the rules
    (lib/shared_rules/tables/GAME.json, its CRC-32 in hex on the first line) from the same
    rules code, and the tests hold MicroPython's own answer to it. The file's CRC is checked,
    then its text streamed from flash a block at a time: a few ms and no block of RAM, where
    computing and encoding Khan's cost ~200 ms Pico-equivalent (the request's first) and
    keeping it 6 KB. Missing, or not its CRC (damaged, cut short): None - the rules compute
    them (hostops.rules_op), as before; the box never answers with a damaged file's bytes."""
    game = op[:op.find(".")]
    if game not in NAMES:  # (an op of no game: the ops table says what it is)
        return None
    import shared_rules

    try:  # (not at the top: see Reader)
        from ubinascii import crc32  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
    except ImportError:  # CPython
        from binascii import crc32

    path = shared_rules.__file__
    path = path[:path.rfind("/") + 1] + "tables/" + game + ".json"
    block = bytearray(TABLES_BLOCK)
    view = memoryview(block)
    try:
        with open(path, "rb") as f:
            head = f.read(9)
            crc = 0
            while True:
                n = f.readinto(block)
                if not n:
                    break
                crc = crc32(view[:n], crc)
    except OSError:
        return None
    if len(head) != 9 or head[8] != 10 or head[:8] != b"%08x" % crc:
        return None

    def text(out) -> None:
        put = getattr(out, "put", out.append)  # (a sink's pieces wait to be joined: these need not)
        with open(path, "rb") as f:
            f.seek(9)
            while True:
                n = f.readinto(block)
                if not n:
                    break
                put(bytes(view[:n]).decode())

    return cjson.Streamed(text)


def reply(rid, ok: bool, body) -> dict:
    out = {"id": rid, "ok": ok}
    out["result" if ok else "error"] = body
    return out


def error(rid, code: str, message: str) -> dict:
    return reply(rid, False, {"code": code, "message": message})


def state_get(app, stream: bool = False) -> dict:
    """The game in progress: its state (streamed for the link, or as dicts for tests),
    its settings and how many actions it stands after."""
    rec = app.record
    if rec is None:
        return {"game": None, "state": None}
    rec.save()
    if stream:
        from record import write_state

        body = cjson.Streamed(lambda out: write_state(rec.game, rec.name, out))
    else:
        body = __import__("shared_rules." + rec.name + ".state", None, None, ("game_json",)).game_json(rec.game)
    return {"game": rec.name, "state": body, "settings": rec.settings, "actions": rec.count()}


def _state(app, args: dict) -> dict:
    return state_get(app, True)


def _press(app, args: dict) -> dict:
    button = args.get("button")
    if button not in BUTTONS:
        raise RulesError(BAD_ARGS, "\"button\" must be one of " + ", ".join(BUTTONS))
    long = args.get("long", False)
    if long is not True and long is not False:
        raise RulesError(BAD_ARGS, "\"long\" must be true or false")
    app.press(button, long)
    return app.ui_json()


def _ui(app, args: dict) -> dict:  # what ui.press answers, without pressing
    return app.ui_json()


# the device's own ops (shared_rules/protocol.py names them for the host), beside the rules
# table: a function here, or the name of one in hostops.py, which only a host asks for
OPS = {
    "hello": "hello", "ui.press": _press, "ui.get": _ui, "ui.frame": "ui_frame", "state.get": _state,
    "link.stats": "link_stats",
    "state.put": "state_put", "log.get": "log_get", "journal.put": "journal_put", "files.bad": "bad_files",
    "archive.list": "archive_list", "archive.get": "archive_get", "clock.set": "clock_set",
    "board.get": "board_get", "board.put": "board_put",
    "errors.get": "errors_get",
}
HOST = "hostops"
STRICT = "shared_rules.strict"  # the strict JSON reader: imported for a few lines only, let go after (tidy)
RULES = "rulesop"  # a host's rules op answered (Link.rules): loaded with the rules, let go with hostops
OUT_OF_MEMORY = '{"error":{"code":"no_memory","message":"the request did not fit in the device\'s RAM"},"id":null,"ok":false}\n'


def _reading(raw):
    """readinto for a stream that has only read() (a firmware without it): a byte at a
    time, a frame's blocks too."""
    read = raw.read

    def into(buf) -> int:
        b = read(1)
        if not b:
            return 0
        buf[0] = b[0]
        return 1

    return into


_HEAP = [0]  # the heap's size (free + used), asked once: each gc.mem_free() walks the heap's
# allocation table (~3 ms Pico-equivalent at 190 KB), and a request used to pay three
_WORD = 8 if sys.maxsize > 0xFFFFFFFF else 4  # bytes a word: the 64-bit virtual Pico's heap holds as
# many objects as a Pico's of half its bytes


def _heap(free: int) -> int:
    if not _HEAP[0]:
        _HEAP[0] = free + gc.mem_alloc()  # type: ignore[attr-defined]
    return _HEAP[0]


def _low(free: int) -> bool:
    """The free heap under TIDY_PERCENT: what the host loaded and can load again goes."""
    return free * 100 < TIDY_PERCENT * _heap(free)


def _let_go() -> None:
    """The host's ops go (hostops, rulesop): loaded again at its next request."""
    for name in (HOST, RULES):
        if name in sys.modules:
            del sys.modules[name]


def short(free: int = -1) -> bool:
    """The free heap under COLLECT_PERCENT or COLLECT_WORDS: time to collect the garbage."""
    if free < 0:
        free = gc.mem_free()  # type: ignore[attr-defined]
    return free * 100 < COLLECT_PERCENT * _heap(free) or free < COLLECT_WORDS * _WORD


class Link:
    def __init__(self, app) -> None:
        self.app = app
        self.op = ""  # the op of the last request (link.stats)
        self.game = ""  # the game of the last rules op: its rules stay loaded (tidy)
        self.host_at = None  # when the host's ops (hostops) were last used; None: not loaded
        self.loop = False  # it serves the button loop (loop.serve): a rules op's pauses are its turns

    def answer(self, line, write) -> None:
        """Answer one request line through write(text), all at once (stages(), run through)."""
        for _ in self.stages(line, write):
            pass

    def stages(self, line, write):
        """Answer one request line through write(text), a stage at a time: a generator that
        yields where the button loop may take its turn - a rules op's request read, its op
        done - so a press waits for a stage, not for the whole request; within the op the
        loop takes its turn at the rules' pauses (rules()). The device's own ops (the saved game, the journal, the screen) are
        answered in one stretch: a press between their stages could change what they read.
        The reply is written in chunks, so a whole saved game goes out without ever being
        one string in RAM. A reply that runs out of RAM on its way out is cut short (its line
        broken off) and followed by a no_memory error with the request's id: the host always
        gets an answer."""
        out = None
        try:
            try:
                out = self.read(line)
            except MemoryError:  # reading it did not fit: what can go goes, and once more
                self._free()
                out = self.read(line)
            line = None  # (its bytes go: a journal part's 2 KB is room for its replay)
            op = None
            if isinstance(out, tuple):  # a rules op, read: the buttons' turn, then the op
                yield
                rid, op, args = out
                known = known_tables(op) if not args and op.endswith(".tables") else None
                if known is None and RULES not in sys.modules:  # (let go with the host's ops, tidy:
                    __import__(RULES)  # imported again, ~15 ms of a Pico once the games' names are
                    yield  # interned - with the op, ~33 ms counted in one stretch - a stage of its own)
                if known is None:
                    out = self.rules(rid, op, args)
                else:  # (no rules, no host's ops loaded: the reply is the file's)
                    out = reply(rid, True, known)
                    op = None
                yield
            if out is None:
                return
            try:
                if op is None:
                    cjson.dump(out, write, end="\n")
                else:  # (a long reply a part at a time: rulesop.dump)
                    __import__(RULES).dump(self, op, out, write, "\n")
            except MemoryError:
                write("\n")  # the line broken off ends here (the host passes over it)...
                self._free()
                try:  # ...and the reply goes again, with what could go gone
                    cjson.dump(out, write)
                    write("\n")
                except MemoryError:
                    rid = out.get("id")
                    out = None
                    gc.collect()
                    write("\n")  # the error is one line of its own
                    cjson.dump(error(rid, NO_MEMORY, "the reply did not fit in the device's RAM"), write)
                    write("\n")
        except MemoryError:  # even reading the request, or saying no, did not fit
            out = None
            self._free()
            write("\n")
            write(OUT_OF_MEMORY)  # a constant: saying so needs no RAM
        finally:
            out = None
            if HOST in sys.modules or RULES in sys.modules:  # the host's ops stay while it talks (idle()
                self.host_at = clock.now()  # lets them go)

    def idle(self, now: int) -> None:
        """No request is coming: the host's ops (hostops, ~3 KB on a Pico; rulesop) go once the link
        has been quiet HOST_IDLE_MS. While a host talks (steppe sync, verify, history) they
        stay, if the heap has room (tidy): importing them again cost each request ~17 ms
        Pico-equivalent."""
        if self.host_at is not None and clock.elapsed(now, self.host_at) >= HOST_IDLE_MS:
            self.host_at = None
            _let_go()

    def tidy(self, collect: bool = True) -> bool:
        """After a reply: one look at the heap (a walk of its allocation table). Under
        TIDY_PERCENT free, what a host loaded and can load again goes - the rules of the
        games neither in play nor of the last rules op, and the other games' tables' texts
        (they come back at the next request of their game, a cold one) - and the garbage is
        collected. The garbage alone is collected only under COLLECT_PERCENT free, or
        COLLECT_WORDS (a small heap: after every reply): a collection costs the Pico 10-100
        ms, and most requests leave a few KB - collecting after each one was most of a small
        request's cost. The strict JSON reader goes at once: a request that needed it (a line
        not plain canonical ASCII JSON) is rare, and it is 3 KB of a Pico's heap. Not collect
        (the loop's): the collection is left to the caller, True when one is due - the walk,
        what goes, then a turn of the loop, then the collection, a stretch each (the two were
        ~30 ms of a Pico counted in one)."""
        cjson.plain(None)  # (the request's packed text and its bytes, ~1 KB, go with it)
        if not hasattr(gc, "mem_free"):  # (CPython, the tests: no heap figure)
            gc.collect()
            return False
        if STRICT in sys.modules:
            from memory import unload

            unload(STRICT)
        free = gc.mem_free()  # type: ignore[attr-defined]
        if not _low(free):
            return False
        last = self.game
        others = [op for op in TABLES if not op.startswith(last + ".")]
        if others or self._others(last):
            for op in others:
                del TABLES[op]
            self.app.free_memory(last, collect)  # (it collects if asked to; the host's ops go too)
            self.host_at = None
        elif short(free):
            if HOST in sys.modules or RULES in sys.modules:  # a short heap keeps no host's ops
                _let_go()  # between requests: loaded early and let go late, they would leave a hole in it
                self.host_at = None
            if collect:
                gc.collect()
        else:
            return False
        return not collect

    def _others(self, last: str) -> bool:
        """Whether rules are loaded of a game that app.free_memory(last) would let go: one
        not in play (with none in play: not last's either)."""
        rec = self.app.record
        mine = "shared_rules." + (rec.name if rec is not None else last or "-") + "."
        for name in sys.modules:
            if name.startswith("shared_rules.") and name.count(".") >= 2 and not name.startswith(mine):
                return True
        return False

    def _free(self) -> None:
        """The RAM ran out: the tables' texts kept go, and what the app can let go."""
        TABLES.clear()
        self.app.free_memory()

    def run(self, op: str, args: dict):
        fn = OPS.get(op)
        if fn is None:
            if not args and op.endswith(".tables"):  # (the image's text, else the rules' kept)
                return known_tables(op) or getattr(__import__(HOST), "rules_op")(self.app, op, args)
            return ops.call(op, args)
        if isinstance(fn, str):
            return getattr(__import__(HOST), fn)(self.app, args)
        return fn(self.app, args)

    def handle(self, line) -> "dict | None":
        """The reply to one request line (bytes or str, newline stripped); None for a
        blank line."""
        out = self.read(line)
        return self.done(out[0], out[1], out[2]) if isinstance(out, tuple) else out

    def read(self, line):
        """One request line (bytes or str, newline stripped) read: (id, op, args) of a
        rules op still to run, the reply to any other request (an error, a device op's
        answer), or None for a blank line."""
        if line is None:
            return error(None, TOO_LONG, "line is longer than " + str(MAX_LINE) + " bytes")
        if line is False:
            gc.collect()
            return error(None, NO_MEMORY, "the line did not fit in the device's RAM")
        if type(line) is tuple:  # a frame given up (Reader): why
            return error(None, BAD_JSON, line[0])
        if isinstance(line, (bytes, bytearray)):
            if not line or line[0] <= 32 or line[-1] <= 32:  # (a strip copies: ~2 ms a KB on a Pico)
                line = line.strip()
            try:
                text = line.decode()
            except UnicodeError:
                return error(None, BAD_JSON, "line is not UTF-8")
            ascii = len(text) == len(line)
            if not ascii:  # MicroPython's decode takes overlong forms, surrogates and code points
                from shared_rules import strict  # past U+10FFFF, the host's not

                if not strict.utf8(line):
                    return error(None, BAD_JSON, "line is not UTF-8")
            raw = line
            line = text
        else:
            line = line.strip()
            ascii = False
            raw = None
        if not line:
            return None
        try:
            req = ops.loads_strict(line, ascii, raw)
        except RulesError as e:
            return error(None, e.code, e.message)
        if not isinstance(req, dict):
            return error(None, BAD_ARGS, "a request is an object {\"id\", \"op\", \"args\"}")
        rid = req.get("id")
        if rid is not None and type(rid) is not int and not isinstance(rid, str):
            return error(None, BAD_ARGS, "\"id\" must be a number or a string")
        op = req.get("op")
        self.op = op if isinstance(op, str) else ""
        if self.app is not None:  # (a link without a box: the tests' reader)
            self.app.serving = self.op
        dot = self.op.find(".")
        game = self.op[:dot] if dot > 0 else ""  # (once: each str made is looked for among the interned names)
        if game in NAMES:
            self.game = game
        args = req.get("args", {})
        if not isinstance(op, str):
            return error(rid, BAD_ARGS, "missing \"op\"")
        if not isinstance(args, dict):
            return error(rid, BAD_ARGS, "\"args\" must be an object")
        if op in OPS:
            return self.done(rid, op, args)
        return rid, op, args

    def rules(self, rid, op: str, args: dict) -> dict:
        """The reply to a host's rules op: its pauses the button loop's turns (rulesop.py,
        loaded for the host's rules ops only)."""
        return __import__(RULES).answer(self, rid, op, args)

    def done(self, rid, op: str, args: dict) -> dict:
        """The reply to a request read: its op run."""
        try:
            return reply(rid, True, self.run(op, args))
        except Exception as e:
            out = self._failed(rid, op, e)
        if out is not None:
            return out
        # the RAM ran out: what can go goes (the code of the games not in play), and a
        # rules op is tried once more; then a clear no_memory, and the next line is served
        self._free()
        try:
            if op in OPS:
                raise MemoryError
            return reply(rid, True, ops.call(op, args))
        except Exception as e:
            out = self._failed(rid, op, e)
        if out is not None:
            return out
        self._free()
        return error(rid, NO_MEMORY, "out of memory in " + op)

    def _failed(self, rid, op: str, e) -> "dict | None":
        """The reply to an op that raised e: its error (a RulesError), the internal error of a
        bug of ours (the box's error screen and log, the saved game back), or None when the
        RAM ran out (the caller frees what can go and tries again)."""
        if isinstance(e, RulesError):
            return error(rid, e.code, e.message)
        if isinstance(e, MemoryError):
            return None
        return self._internal(rid, op, e)

    def _internal(self, rid, op: str, e) -> dict:
        """The reply to an op that failed with a bug of ours; the App shows and logs it
        (faults.fault: the code names it in errors.log) and goes back to its saved game."""
        name = type(e).__name__
        code = self.app.fault(e, "link " + op)
        return error(rid, INTERNAL, "internal error in " + op + ": " + name + " (" + code + " in errors.log)")
