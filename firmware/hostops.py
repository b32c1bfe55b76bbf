"""The link's device ops that a host asks for only now and then: a position or a journal
put, the journal, the files set aside, the error log. Loaded for such a request and let go
after its reply (link.py): play does not carry this code.
"""

import gc
import sys

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os

import session
from hal import clock
from memory import fits, prepare, unload
from session import writing
from shared_rules import cjson
from shared_rules.games import NAMES


def bad_files(app, args: dict) -> dict:
    """The files set aside because they could not be read back (NAME.jnl.bad, NAME.json.bad,
    a snapshot NAME.sK.bad), or with "name" one of them: its bytes as they are, whatever
    they are (not UTF-8, nested, one long line), in base64 - what `steppe sync pull
    --rescue` fetches. Streamed a block at a time: a file of any size goes out."""
    from shared_rules.errors import bad_args

    names = [n for n in os.listdir(app.root or ".") if n.endswith(".bad")]
    name = args.get("name")
    if name is None:
        return {"files": sorted(names)}
    if name not in names:
        raise bad_args("\"name\" must be one of the files set aside: " + (", ".join(names) or "there are none"))
    path = app.path(name)

    def data(out) -> None:
        try:  # (here, not at the top: one more name would grow the module's table of them)
            from ubinascii import b2a_base64  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
        except ImportError:  # CPython
            from binascii import b2a_base64

        out.append('"')
        block = bytearray(48)  # (a multiple of 3: the blocks' base64 joins up. Small: the reply's
        view = memoryview(block)  # pieces wait in the sink by the 32, and a box that set a file
        with open(path, "rb") as f:  # aside may have a heap of small holes only)
            while True:
                n = f.readinto(block)
                if not n:
                    break
                out.append(b2a_base64(bytes(view[:n])).decode()[:-1])
        out.append('"')

    return {"name": name, "size": os.stat(path)[6], "base64": cjson.Streamed(data)}


def state_put(app, args: dict) -> dict:
    """A new game standing at the position of a checked state (its history starts
    there); a bad state is refused and the game kept."""
    from record import Record
    from shared_rules import journal
    from shared_rules.errors import bad_args

    game = args.get("game")
    if game not in NAMES:
        raise bad_args("\"game\" must be one of " + ", ".join(NAMES))
    state = args.get("state")

    def build():
        settings = args.get("settings")
        prepare(game)
        if settings is None:
            mod = __import__("shared_rules." + game + ".game", None, None, ("settings_of",))
            settings = mod.settings_of(journal.start({"game": game, "state": state}))
            gc.collect()
        return writing(lambda: Record.create(app.root, journal.header(game, settings, state=state), fits(game)))

    session.replace(app, build)
    return {"game": game}


def log_get(app, args: dict) -> dict:
    """The current game's journal, streamed: the history the host replays and narrates.
    Every line (the header first), or with "from": k the lines after the first k."""
    rec = app.record
    start = args.get("from", 0)
    if type(start) is not int or start < 0:
        from shared_rules.errors import bad_args

        raise bad_args("\"from\" must be how many lines to leave out, 0 or more")
    if rec is None:
        return {"game": None, "journal": []}
    rec.save()
    proven = __import__("proven")
    unload("proven")  # its function stays for the reply; the module goes with it
    return {"game": rec.name, "journal": cjson.Streamed(lambda out: proven.write_lines(rec, out, start)),
            "actions": rec.count(), "lines": rec.lines_count()}


def journal_put(app, args: dict) -> dict:
    """A whole journal from the host, in parts (each a list of lines as JSON objects, the
    header first): kept aside until the last part, then replayed and checked here before
    it replaces the game; a journal that does not replay is refused, the game kept."""
    import journal_in

    try:
        if args.get("last") is not True:  # a part kept aside (journal_in judges "last")
            writing(lambda: journal_in.put(app.root, args))
            return {"game": None, "stored": True}
        rec = session.replace(app, lambda: writing(lambda: journal_in.put(app.root, args)))
    finally:
        unload("journal_in")
    return {"game": rec.name, "actions": rec.count()}


def archive_list(app, args: dict) -> dict:
    """The finished games kept on the box (archive.py), oldest first, without journals."""
    import archive

    return archive.listing(app.root)


def archive_get(app, args: dict) -> dict:
    """One finished game: its settings, times, summary and its whole journal."""
    import archive

    return archive.get(app.root, args.get("id"))


def clock_set(app, args: dict) -> dict:
    """The time of day from the host (the Pico has no battery clock): seconds since 1970
    UTC. Games begun and ended from now on carry real times."""
    from hal import clock
    from shared_rules.errors import bad_args

    epoch = args.get("epoch")
    if type(epoch) is not int or epoch < 1577836800 or epoch > 4102444800:
        raise bad_args("\"epoch\" must be the time as seconds since 1970 UTC (2020..2100)")
    clock.set_wall(epoch)
    return {"clock": "set", "epoch": clock.wall()}


def board_get(app, args: dict) -> dict:
    """The players' own Khan board (khanboard.txt): its text, or null when there is none
    (`steppe sync board pull`)."""
    import ownboard

    try:
        return {"board": ownboard.read(app.root)}
    finally:
        unload("ownboard")


def board_put(app, args: dict) -> dict:
    """A board for new Khan games (`steppe sync board push`): checked by the rules core, then
    written whole (ownboard.py); a refused board changes nothing; "warnings" says what is not
    the rulebook's board (board_check.py: a card that can never be played, the counts). {"board":
    null} forgets the own board. The game in play is not touched: its journal holds its own board."""
    import ownboard
    from shared_rules.errors import bad_args

    text = args.get("board")
    try:
        if text is None:
            return {"board": None, "removed": ownboard.remove(app.root)}
        if not isinstance(text, str):
            raise bad_args("\"board\" must be board text, or null to forget the own board")
        board = writing(lambda: ownboard.save(app.root, text))
        from shared_rules.khan import board_check  # what is not the rulebook's board: said, not refused

        warnings = board_check.findings(board_check.check(board))
        return {"board": board.name, "width": board.width, "height": board.height, "warnings": warnings}
    finally:
        unload("ownboard")
        unload("shared_rules.khan.board_check")


def errors_get(app, args: dict) -> dict:
    """errors.log (errlog.py): the errors the box recovered from, newest last, streamed;
    with "clear": true it is emptied once its text has gone out."""
    clear = args.get("clear", False)
    if clear is not True and clear is not False:
        from shared_rules.errors import bad_args

        raise bad_args("\"clear\" must be true or false")
    import errlog

    unload("errlog")  # its functions stay for the reply; the module goes with it
    size = errlog.size_of(app.path(errlog.LOG))
    return {"text": cjson.Streamed(lambda out: errlog.stream(app.root, out, clear)), "size": size,
            "cap": errlog.CAP, "errors": app.faults}


# -- the link's own occasional ops (link.OPS): hello, link.stats, and the long rules ops --
_x = 0


def speed_us() -> int:
    """How fast this device runs Python: microseconds for 10,000 of the calibration loop's
    additions (DESIGN.md: a Pico takes about 80 ms; its globals as at module scope).
    Measured at the first hello after boot (kept in link.SPEED); `steppe verify` scales its
    timeouts by it."""
    global _x
    from link import SPEED

    if not SPEED:
        t0 = clock.now_us()
        _x = 0
        for _ in range(10000):
            _x = _x + 1
        SPEED.append(max(1, clock.elapsed(clock.now_us(), t0)))
    return SPEED[0]


def ui_frame(app, args: dict) -> dict:
    """The frame as 256 "#rrggbb", row-major from the top-left: the palette's levels at
    brightness 255 (logical colours), or with "led": true the levels the LEDs emit (the
    bytes sent to the strip: brightness and the frame's current cap), with "white": the
    level of the box's brightest white in this frame (the eye, or a camera, adapts to it). The list is streamed out, never built
    (it would be 256 strings in RAM)."""
    if app.dirty:
        app.render(clock.now())
    px = app.pixels
    led = args.get("led") is True

    def pixels(out) -> None:
        src = px.out if led else px.palette
        where = px.where
        frame = px.frame
        out.append("[")
        for p in range(len(frame)):
            if led:
                k = 3 * where[p]
                r, g, b = src[k + 1], src[k], src[k + 2]
            else:
                k = 3 * frame[p]
                r, g, b = src[k], src[k + 1], src[k + 2]
            out.append(('"#' if not p else ',"#') + "%02x%02x%02x" % (r, g, b) + '"')
        out.append("]")

    got = {"width": px.width, "height": px.height, "pixels": cjson.Streamed(pixels)}
    if led:  # the cursor's white is the box's brightest
        from ui.palette import CURSOR

        got["white"] = max(px.grb[3 * CURSOR:3 * CURSOR + 3])
    return got


def hello(app, args: dict) -> dict:
    from shared_rules.fingerprint import rules_hash
    from shared_rules.protocol import PROTOCOL

    rules = rules_hash()
    sys.modules.pop("shared_rules.fingerprint", None)  # read once a connection: not kept
    gc.collect()
    out = {"protocol": PROTOCOL, "firmware": app.VERSION, "rules": rules, "screen": app.screen_name(),
           "notice": app.notice, "clock": app.clock_json(), "speed_us": speed_us()}
    if hasattr(gc, "mem_free"):  # MicroPython: how much RAM is left
        out["heap"] = {"free": gc.mem_free(), "used": gc.mem_alloc()}  # type: ignore[attr-defined]
    return out


def link_stats(app, args: dict) -> dict:
    """What the device paid for the link (the benchmarks read it, bench/bench_device.py):
    the last request's time from its first byte read to its reply's last byte written (and
    the tidying after it: tidy_us, a collection when the heap runs short), the
    longest gap between two turns of the button loop since the last link.stats (gap_ms: wall
    time, the loop's sleep in it), the most CPU time a press could wait for its poll (busy_us:
    a stretch of the link's between two of its yields and a turn of the loop, loop.stretch;
    the last link.stats's own left out; busy_op and busy_at: the op being answered then
    and where the stretch ended - a stage, a pause, its reply, the reading - or "loop" and
    "turn" for a turn of the loop itself), on the
    virtual Pico with GPIO input (sim/gpio.py) the buttons' events made (and by button:
    events, {name: [presses, long presses, repeats, HELP]}), polls that took
    edges late (they waited for a busy loop), edges lost to a full ring and edge to frame
    ([polls, wait ms sum, max, work us sum, max], the largest since the last link.stats), and with
    "calibrate": true the DESIGN.md calibration loop's time, run here (firmware/calib.py); with
    "calibrate": n, n of its additions (their time scaled to 1,000,000: a short one)."""
    out = {"last_us": app.link_us, "tidy_us": app.tidy_us, "op": app.link_op, "gap_ms": app.max_gap, "busy_us": app.max_busy,
           "busy_op": app.busy_op, "busy_at": app.busy_at}
    timing = getattr(app.buttons, "timing", None)  # (the virtual Pico's GPIO input: sim/gpio.py)
    if timing is not None:
        out["presses"] = timing[5]
        out["late_edges"] = timing[6]
        out["events"] = timing[7]
        out["dropped"] = app.buttons.dropped
        out["edge_frame"] = list(timing[:5])
        timing[2] = timing[4] = 0  # (the largest: since the last link.stats)
        if len(timing) > 8:  # (each poll's wait, work and the wait's work, for the benchmark)
            out["samples"] = timing[8]()
    app.max_gap = app.max_busy = 0
    app.stats_read = True  # (this request's own stretch is not counted: loop.stretch)
    calibrate = args.get("calibrate")
    n = 1000000 if calibrate is True else calibrate if type(calibrate) is int and 0 < calibrate <= 1000000 else 0
    if n:  # (n of its additions, their time scaled to 1,000,000: a short calibration)
        import calib

        out["calibration_us"] = calib.run(n) * 1000000 // n
        unload("calib")
    return out


def rules_op(app, op: str, args: dict):
    """A game's tables computed by the box's rules - when the image's text of them is missing
    or damaged (link.known_tables answers them from flash otherwise). A constant: encoded once
    and kept as their text in link.TABLES - the last game's only: 1-6 KB - which goes out at
    the speed of a write instead of that of the encoder; kept only while the heap is not short
    - on a short heap the text's block would split what is free - and let go by Link.tidy:
    another game's when the heap runs low)."""
    from link import TABLES, short
    from shared_rules import ops

    text = TABLES.get(op)
    if text is None:
        result = ops.call(op, {})
        if not hasattr(gc, "mem_free") or short():
            # a short heap: the rules' code (not the game in play's) goes before the reply
            # is written - a few KB of reply streamed on a heap full of code found room
            # only by a collection for every piece (~1.5 s Pico-eq. for Khan's at 96wK)
            app.free_memory()
            return result
        parts = []  # (encoded a part at a time, a pause between: ~70 ms of a Pico for Khan's at once)
        __import__("shared_rules.cjson_steps", None, None, ("dump",)).dump(result, parts.append)
        result = None
        text = "".join(parts)
        parts = None
        TABLES.clear()  # one game's text kept: a host asks one game's (verify), and
        TABLES[op] = text  # Khan's alone is 6 KB, a twentieth of a Pico's heap
    return cjson.Streamed(lambda out: out.append(text))
