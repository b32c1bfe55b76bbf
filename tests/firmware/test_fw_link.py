"""The serial protocol: ids, replies, the four error codes, and a device that stays up."""

from fwtest import pixels, tmpdir

from app import App
from link import MAX_LINE, Link, Lines
from shared_rules.protocol import PROTOCOL


def _app(name):
    app = App(pixels(), None, tmpdir(name))
    app.boot()
    return app


def _ask(link, line):
    import json

    out = []
    link.answer(line, out.append)
    return json.loads("".join(out))


class _Counted:
    """with _Counted(link) as breaths: link's rules ops pause as when the loop serves it,
    each pause counted in breaths[0] (not a turn of the loop)."""

    def __init__(self, link) -> None:
        import rulesop

        self.link = link
        self.rulesop = rulesop
        self.real = rulesop.breathe
        self.breaths = [0]

    def count(self, app) -> None:
        self.breaths[0] += 1

    def __enter__(self) -> list:
        self.link.loop = True
        self.rulesop.breathe = self.count
        return self.breaths

    def __exit__(self, *exc) -> None:
        self.rulesop.breathe = self.real
        self.link.loop = False


def test_lines_are_assembled_and_oversize_ones_dropped():
    lines = Lines(8)
    assert lines.feed(b'{"a"') == []
    assert lines.feed(b":1}\nxyz") == [b'{"a":1}']
    assert lines.feed(b"0123456789abc\nok\n") == [None, b"ok"], "xyz0123456789abc is over the limit"


def test_ctrl_c_stops_the_app_for_the_repl():
    try:
        Lines().feed(b"ab\x03")
    except KeyboardInterrupt:
        return
    raise AssertionError("Ctrl-C must raise KeyboardInterrupt")


def test_hello_and_rules_ops_answer_with_the_id():
    link = Link(_app("link1"))
    r = _ask(link, b'{"id": 7, "op": "hello"}')
    assert r["id"] == 7 and r["ok"] and r["result"]["protocol"] == PROTOCOL and len(r["result"]["rules"]) == 64
    r = _ask(link, '{"id": "x", "op": "rng.draw", "args": {"seed": 42, "stream": 54, "count": 1}}')
    assert r == {"id": "x", "ok": True, "result": {"values": [2707161783]}}


def test_each_kind_of_bad_request_has_its_own_code():
    link = Link(_app("link2"))
    assert _ask(link, b"{nope")["error"]["code"] == "bad_json"
    assert _ask(link, None)["error"]["code"] == "too_long" and str(MAX_LINE) in _ask(link, None)["error"]["message"]
    assert _ask(link, '{"id": 1, "op": "khan.teleport"}')["error"]["code"] == "unknown_op"
    r = _ask(link, '{"id": 2, "op": "ui.press", "args": {"button": "JUMP"}}')
    assert r["id"] == 2 and r["error"]["code"] == "bad_args"
    assert _ask(link, '{"id": 3, "args": {}}')["error"]["code"] == "bad_args"
    assert _ask(link, b"\xff\xfe")["error"]["code"] == "bad_json"
    assert link.handle(b"   ") is None


def test_frame_is_256_colours_row_major():
    link = Link(_app("link3"))
    f = _ask(link, '{"id": 1, "op": "ui.frame"}')["result"]
    assert f["width"] == 16 and f["height"] == 16 and len(f["pixels"]) == 256
    assert all(len(p) == 7 and p[0] == "#" for p in f["pixels"])


def test_the_led_frame_is_what_the_strip_was_sent():
    app = _app("i9led-link-led")
    app.new_game("khan", ["red", "blue"], 0, 5)
    link = Link(app)
    f = _ask(link, '{"id": 1, "op": "ui.frame", "args": {"led": true}}')["result"]
    logical = _ask(link, '{"id": 2, "op": "ui.frame"}')["result"]["pixels"]
    px = app.pixels
    from ui import palette

    assert f["white"] == px.grb[3 * palette.CURSOR] <= px.brightness and len(f["pixels"]) == 256
    for p in range(256):
        j = 3 * px.where[p]
        assert f["pixels"][p] == "#%02x%02x%02x" % (px.out[j + 1], px.out[j], px.out[j + 2]), p
    assert f["pixels"] != logical, "the emitted levels are not the palette's"


def test_a_bad_state_is_refused_and_the_game_kept():
    app = _app("link4")
    link = Link(app)
    app.new_game("khan", ["red", "blue"], 1, 5)
    before = _ask(link, '{"id": 1, "op": "state.get"}')["result"]
    assert before["game"] == "khan" and before["state"]["players"] == ["red", "blue"]
    r = _ask(link, '{"id": 2, "op": "state.put", "args": {"game": "khan", "state": {"game": "khan"}}}')
    assert r["error"]["code"] == "bad_args"
    assert _ask(link, '{"id": 3, "op": "state.get"}')["result"] == before


def test_ui_get_describes_the_menu_and_the_setup_without_pressing():
    app = _app("link_ui")
    link = Link(app)
    r = _ask(link, '{"id": 1, "op": "ui.get"}')["result"]
    assert r["screen"] == "menu" and r["mode"] == "menu" and r["choice"] == "khan"
    assert sorted(r["choices"]) == ["chuhan", "huns", "khaan", "khan", "settings"]
    assert _ask(link, '{"id": 2, "op": "ui.get"}')["result"] == r, "asking changes nothing"
    _ask(link, '{"id": 3, "op": "ui.press", "args": {"button": "DOWN"}}')
    r = _ask(link, '{"id": 4, "op": "ui.press", "args": {"button": "OK"}}')["result"]
    assert r["mode"] == "setup" and r["game"] == "chuhan" and r["players"] == 2 and r["option"] == "NOEV"


def test_long_ops_pause_for_the_buttons_and_answer_as_the_host_does():
    """Issue 20: khan.playout (a whole game: seconds on a Pico), every game's play, the
    conquest search and a board read pause every few ms of work (shared_rules/pause.py): a
    host's rules op on the box calls the loop's turn there (rulesop.breathe), and the reply
    is the host's all the same. The hook is off once the op is done, and the device's own
    ops (a journal replayed, the screen) never breathe."""
    import rulesop
    from shared_rules import pause

    link = Link(_app("i20pauses"))
    breaths = [0]

    def breathe(app):
        breaths[0] += 1
        assert pause.HOOK[0] is not None

    link.loop = True  # (as the loop serves it: its pauses are the loop's turns, rulesop.breathe)
    real = rulesop.breathe
    rulesop.breathe = breathe
    try:
        _pauses(link, breaths)
    finally:
        rulesop.breathe = real


def _pauses(link, breaths) -> None:
    import json

    from shared_rules import ops as op_table
    from shared_rules import pause
    from shared_rules.khan import packed, randplay
    from shared_rules.rng import PCG32

    plays = []
    for game, new in (("chuhan", {"seed": 4, "events": "virtual"}), ("huns", {"players": 3, "seed": 4}),
                      ("khaan", {"players": ["red", "blue", "green"], "seed": 4}),
                      ("khan", {"players": ["red", "blue"], "seed": 4})):
        state = op_table.call(game + ".new", new)["state"]
        g = __import__("shared_rules." + game + ".state", None, None, ("game",)).game(state)
        play = __import__("shared_rules." + game + ".randplay", None, None, ("action",))
        rng = PCG32(4, 1)
        actions = []
        apply = __import__("shared_rules." + game + ".actions", None, None, ("apply",)).apply
        for _ in range(6):
            actions.append(play.action(g, rng))
            apply(g, actions[-1])
        plays.append((game + ".play", {"state": state, "actions": actions}, 1 + 6))
    mid = []  # a board with many conquests to look at: seed 7's 4 players at turn 35

    def keep(game, move):
        if game.turn == 35 and not mid:
            mid.append(packed.pack(game.pos))
            mid.append(game.player)

    randplay.playout(7, 4, None, keep)
    for op, args, least in [("khan.playout", {"seed": 3, "players": 2}, 100),
                            ("khan.playout", {"seed": 7, "players": 4, "trace": True}, 150),
                            ("khan.conquests", {"pieces": mid[0], "player": mid[1], "consent": True}, 2),
                            ("khan.board", {"board": "default"}, 2)] + plays:
        line = json.dumps({"id": 1, "op": op, "args": args})
        breaths[0] = 0
        got = _ask(link, line)
        assert breaths[0] >= least, (op, breaths[0])
        assert got == json.loads(json.dumps(dict(op_table.reply(op, args), id=1))), op
        assert pause.HOOK[0] is None, "off once the op is done"
    moves = randplay.playout(3, 2)[1]
    assert moves < 300, "the pauses above are moves and searches, not one for every placement tried"
    breaths[0] = 0
    assert _ask(link, '{"id": 2, "op": "ui.get"}')["ok"] and breaths[0] == 0


def test_tables_are_kept_as_text_while_the_heap_has_room():
    import gc

    import link as link_mod

    link = Link(_app("i13tables"))
    keep = link_mod.COLLECT_PERCENT
    try:
        link_mod.COLLECT_PERCENT = 101  # a short heap: nothing kept
        first = _ask(link, '{"id": 1, "op": "huns.tables", "args": {}}')
        assert first["ok"] and not link_mod.TABLES
        if not hasattr(gc, "mem_free"):
            return  # (CPython: no heap figures, nothing is kept)
        link_mod.COLLECT_PERCENT = 0  # room
        assert _ask(link, '{"id": 2, "op": "huns.tables", "args": {}}') == dict(first, id=2)
        assert "huns.tables" in link_mod.TABLES
        assert _ask(link, '{"id": 3, "op": "huns.tables", "args": {}}') == dict(first, id=3)
        link_mod.TABLES["huns.tables"] = "[]"  # what is kept is what goes out
        assert _ask(link, '{"id": 4, "op": "huns.tables", "args": {}}')["result"] == []
        link._free()
        assert not link_mod.TABLES
        assert _ask(link, '{"id": 5, "op": "huns.tables", "args": {}}') == dict(first, id=5)
    finally:
        link_mod.COLLECT_PERCENT = keep
        link_mod.TABLES.clear()


def test_after_a_reply_the_heap_is_collected_only_when_it_runs_low():
    import gc
    import sys

    import link as link_mod

    if not hasattr(gc, "mem_free"):
        return  # (CPython: no heap figures; tidy() collects each time)
    link = Link(_app("i13tidy"))
    on_device = sys.implementation.name == "micropython"
    keep = link_mod.TIDY_PERCENT, link_mod.COLLECT_PERCENT
    try:
        _ask(link, '{"id": 2, "op": "huns.roll", "args": {"seed": 1}}')
        assert "shared_rules.huns.ops" in sys.modules
        link.app.free_memory("huns")  # (the other tests' games let go: only this one's rules)
        link_mod.TIDY_PERCENT = link_mod.COLLECT_PERCENT = 0  # as if plenty were free
        _ask(link, '{"id": 1, "op": "huns.tables", "args": {}}')
        link.tidy()
        assert "huns.tables" in link_mod.TABLES and "shared_rules.huns.ops" in sys.modules, "nothing is let go"
        link_mod.TIDY_PERCENT = 101  # low, but not short: the game's own tables' text and rules stay,
        junk = [bytearray(64) for _ in range(50)]  # and the garbage waits for a short heap
        junk = None
        before = gc.mem_free()  # type: ignore[attr-defined]
        link.tidy()
        assert gc.mem_free() <= before, "not collected"  # type: ignore[attr-defined]
        assert "huns.tables" in link_mod.TABLES and "shared_rules.huns.ops" in sys.modules
        link_mod.COLLECT_PERCENT = 101  # short: collected
        link.tidy()
        assert gc.mem_free() > before, "collected"  # type: ignore[attr-defined]
        assert "shared_rules.huns.ops" in sys.modules, "the game of the last request keeps its rules"
        link_mod.COLLECT_PERCENT = 0
        assert _ask(link, '{"id": 3, "op": "khaan.tables", "args": {}}')["ok"]
        link.tidy()  # low: another game's loads go
        assert ("shared_rules.huns.ops" not in sys.modules) == on_device, "a game not in play: its rules went"
        assert "huns.tables" not in link_mod.TABLES, "and its tables' text"
        assert "shared_rules.khaan.ops" in sys.modules
        assert _ask(link, '{"id": 4, "op": "huns.roll", "args": {"seed": 1}}')["ok"], "and come back when asked for"
    finally:
        link_mod.TIDY_PERCENT, link_mod.COLLECT_PERCENT = keep
        link_mod.TABLES.clear()
    assert junk is None


def test_the_hosts_ops_stay_while_it_talks_and_go_when_the_link_is_quiet():
    """Issue 13: hostops was imported again for each request that needed it (~17 ms
    Pico-equivalent each). It stays while requests come, goes HOST_IDLE_MS after the
    last one, and goes at once when the heap runs low."""
    import gc
    import sys

    import link as link_mod
    from hal import clock

    link = Link(_app("i13host"))
    keep = link_mod.TIDY_PERCENT, link_mod.COLLECT_PERCENT
    try:
        assert _ask(link, '{"id": 1, "op": "link.stats", "args": {}}')["ok"]
        assert link_mod.HOST in sys.modules and link.host_at is not None
        module = sys.modules[link_mod.HOST]
        assert _ask(link, '{"id": 2, "op": "link.stats", "args": {}}')["ok"]
        assert sys.modules[link_mod.HOST] is module, "not imported again"
        link.idle(link.host_at + link_mod.HOST_IDLE_MS - 1)
        assert link_mod.HOST in sys.modules, "the host is still talking"
        link.idle(link.host_at + link_mod.HOST_IDLE_MS)
        assert link_mod.HOST not in sys.modules and link.host_at is None, "quiet: let go"
        link.idle(clock.now() + 10 * link_mod.HOST_IDLE_MS)  # (nothing loaded: nothing to do)
        assert _ask(link, '{"id": 3, "op": "link.stats", "args": {}}')["ok"] and link_mod.HOST in sys.modules
        if hasattr(gc, "mem_free"):  # (CPython: no heap figures; tidy() only collects)
            link_mod.TIDY_PERCENT = link_mod.COLLECT_PERCENT = 101  # the heap runs short: it goes
            link.tidy()  # with the reply's garbage
            assert link_mod.HOST not in sys.modules
    finally:
        link_mod.TIDY_PERCENT = keep[0]
        link_mod.COLLECT_PERCENT = keep[1]
        link_mod.TABLES.clear()


def test_the_reader_takes_what_came_to_a_line_end_or_a_ctrl_c():
    import select

    from link import Reader

    if not hasattr(select.poll(), "ipoll"):
        return  # (CPython has no ipoll: the reader is the device's)
    path = tmpdir("i13reader") + "/in"
    with open(path, "wb") as f:
        f.write(b'{"id":1}\nab\x03cd' + b"x" * 300)
    with open(path, "rb") as stream:
        reader = Reader(stream, 64)
        n = reader.fill()
        assert bytes(reader.chunk[:n]) == b'{"id":1}\n'
        n = reader.fill()
        assert bytes(reader.chunk[:n]) == b"ab\x03", "a Ctrl-C ends the piece at once"
        assert reader.fill() == 64 and bytes(reader.chunk[:2]) == b"cd", "at most the buffer"
        total = 0
        while True:
            n = reader.fill()
            if not n:
                break
            total += n
        assert total == 302 - 64, "then the rest, and nothing at the end"

    from link import _reading

    with open(path, "rb") as stream:  # a stream with read() only: a byte at a time the same
        into = _reading(stream)
        one = bytearray(1)
        got = []
        while into(one):
            got.append(one[0])
        assert bytes(got) == b'{"id":1}\nab\x03cd' + b"x" * 300 and into(one) == 0



def test_a_framed_line_is_read_in_blocks_and_a_bad_header_is_a_line_that_is_not_json():
    import select

    from link import Reader

    if not hasattr(select.poll(), "ipoll"):
        return  # (CPython has no ipoll: the reader is the device's)
    big = b'{"id":3,"pad":"' + b"y" * 270 + b'"}\n'
    path = tmpdir("i13frames") + "/in"
    with open(path, "wb") as f:
        f.write(b'#9:{"id":1}\n' + b'{"id":2}\n' + b"#x:zz\n" + b"#" + str(len(big)).encode() + b":" + big
                + b'{"id":4}\n')
    with open(path, "rb") as stream:
        reader = Reader(stream, 64)
        n = reader.fill()
        assert bytes(reader.chunk[:n]) == b'{"id":1}\n', "the header goes, the body comes whole"
        n = reader.fill()
        assert bytes(reader.chunk[:n]) == b'{"id":2}\n', "a plain line after a frame"
        n = reader.fill()
        assert bytes(reader.chunk[:n]) == b"#x:zz\n", "not a frame: the line kept whole (bad_json)"
        got = []
        while True:
            n = reader.fill()
            if not n:
                break
            got.append(bytes(reader.chunk[:n]))
        assert [len(p) for p in got[:5]] == [64, 64, 64, 64, len(big) - 256], "the body in blocks"
        assert b"".join(got[:5]) == big
        assert got[5:] == [b'{"id":4}\n'], "and the next line, plain, after it"



def test_a_rules_op_is_answered_in_stages_and_the_devices_own_ops_at_once():
    """Issue 13: the button loop takes its turn where a rules request yields - once its line
    is read, once its op is done; the device's own ops (their saved game, journal, screen)
    in one stretch. Staged or not, the reply is the same. Issue 20: an op's first request
    on the box imports the rules it needs one module a pause (rulesop.load_rules)."""
    import sys

    link = Link(_app("stages"))
    with _Counted(link) as breaths:
        for name in [m for m in sys.modules if m.startswith("shared_rules.huns") or m == "shared_rules.dice"]:
            del sys.modules[name]  # (as after boot: no rules of Huns loaded)
        line = b'{"id":1,"op":"huns.roll","args":{"seed":1}}'
        out = []
        stages = 0
        for _ in link.stages(line, out.append):
            stages += 1
            assert not out, "nothing is written before the op is done"
        assert stages == 2
        assert breaths[0] >= 5, "huns.tables, huns.ops, dice, huns.dice... a pause after each"
        breaths[0] = 0
        assert len(list(link.stages(line, [].append))) == 2 and breaths[0] == 0, "loaded: nothing imported"
        once = []
        link.answer(line, once.append)
        assert "".join(out) == "".join(once) and '"ok":true' in once[0]
        for device_op in (b'{"id":2,"op":"hello"}', b'{"id":3,"op":"ui.get"}',
                          b"{broken", b"   "):
            out = []
            assert list(link.stages(device_op, out.append)) == [], device_op
        assert _ask(link, '{"id":5,"op":"huns.nothing","args":{}}')["error"]["code"] == "unknown_op"


def test_rules_that_ran_out_of_ram_at_their_first_import_are_loaded_again_a_module_a_pause():
    """A first request whose rules' import runs out of RAM: what can go goes, and the rules
    are imported again one module a pause (rulesop.answer) - not all at once by the op's
    second try, one stretch a press would wait for (~55 ms of a Pico during verify)."""
    import builtins
    import sys

    link = Link(_app("reload"))
    real = builtins.__import__
    failed = []

    def short_once(name, *args):
        if name == "shared_rules.huns.tables" and not failed:
            failed.append(name)
            raise MemoryError
        return real(name, *args)

    with _Counted(link) as breaths:
        for name in [m for m in sys.modules if m.startswith("shared_rules.huns") or m == "shared_rules.dice"]:
            del sys.modules[name]  # (as after boot: no rules of Huns loaded)
        builtins.__import__ = short_once
        try:
            got = _ask(link, '{"id":1,"op":"huns.roll","args":{"seed":1}}')
        finally:
            builtins.__import__ = real
    assert failed and got["ok"] and got["id"] == 1, got
    assert breaths[0] >= 5, ("huns.tables, huns.ops, dice, huns.dice... a pause after each, the second time too", breaths[0])


def test_one_games_tables_text_is_kept_not_every_games():
    """Issue 13: the text of the last game's tables is kept (a host asks one game's in a
    row); Khan's alone is 6 KB of a Pico's heap."""
    import gc

    import link as link_mod

    if not hasattr(gc, "mem_free"):
        return  # (CPython: no heap figures, nothing is kept)
    link = Link(_app("i13onetable"))
    keep = link_mod.COLLECT_PERCENT
    try:
        link_mod.COLLECT_PERCENT = 0  # room
        for game in ("khan", "huns", "khaan"):
            assert _ask(link, '{"id":1,"op":"' + game + '.tables","args":{}}')["ok"]
            assert list(link_mod.TABLES) == [game + ".tables"]
    finally:
        link_mod.COLLECT_PERCENT = keep
        link_mod.TABLES.clear()


def test_an_op_that_fails_after_its_pauses_is_answered_as_any_op():
    """Issue 20: khan.play pauses after each action applied; an action refused after some
    pauses is answered as the host's op refuses it, the hook off after it."""
    import json

    from shared_rules import ops as op_table
    from shared_rules import pause
    from shared_rules.khan import load, randplay
    from shared_rules.rng import PCG32

    link = Link(_app("steps"))
    with _Counted(link) as breaths:
        game = op_table.call("khan.new", {"players": ["red", "blue"], "seed": 3})["state"]
        chooser = PCG32(3, 1)
        for _ in range(60):  # a game well under way: past its setup
            game = op_table.call("khan.play", {"state": game, "actions": [randplay.action(load.game(game), chooser)]})["state"]
        g = load.game(game)
        moves = []
        for _ in range(4):
            moves.append(randplay.action(g, chooser))
            g = load.game(op_table.call("khan.play", {"state": game, "actions": moves})["state"])
        bad = json.dumps({"id": 2, "op": "khan.play", "args": {"state": game, "actions": moves + [{"do": "setup_yurt", "cell": "A1"}]}})
        got = _ask(link, bad)
        assert got["error"]["code"] == "illegal" and got["id"] == 2, "refused after its pauses, answered as any op"
        assert breaths[0] >= 5 and pause.HOOK[0] is None


class _Trickle:
    """A serial line whose bytes come in the pieces given, each only once the reader has
    found nothing waiting after the last (USB may split any write, and a host may stop
    in the middle of one): readinto and the reader's poll over those pieces."""

    def __init__(self, pieces: list) -> None:
        self.pieces = list(pieces)
        self.data = b""
        self.waits = 0

    def ipoll(self, timeout: int = 0):
        if not self.data and self.pieces:
            self.waits += 1
            if self.waits % 2 == 0:  # (one empty poll between pieces: the next comes later)
                self.data = self.pieces.pop(0)
        return [1] if self.data else []

    poll = ipoll

    def readinto(self, buf) -> int:
        n = min(len(buf), len(self.data))
        buf[:n] = self.data[:n]
        self.data = self.data[n:]
        return n


def _reader_over(pieces: list, size: int = 64):
    from link import Reader

    path = tmpdir("trickle") + "/in"
    with open(path, "wb") as f:
        f.write(b"")
    with open(path, "rb") as stream:  # (a real stream to make the reader; its bytes come from the trickle)
        lines = Lines()
        reader = Reader(stream, size, lines)
    line = _Trickle(pieces)
    reader.poll = line
    reader.into = line.readinto
    return reader, lines, line


def _read_all(reader, lines, line) -> list:
    got = []
    for _ in range(200):
        n = reader.fill()
        if n:
            got.extend(lines.feed(bytes(reader.chunk[:n])))
        elif not line.pieces and not line.data:
            break
    return got


def test_a_frames_header_is_read_whole_however_it_is_split():
    """Issue 23 finding 9: "#12" in one write and ":..." 50 ms later was a plain line that is
    not JSON (bad_json, id null): the header is read whole across any split now."""
    body = b'{"id":9,"op":"hello"}\n'
    header = b"#" + str(len(body)).encode() + b":"
    for cut in range(1, len(header) + 1):
        reader, lines, line = _reader_over([header[:cut], header[cut:] + body[:5], body[5:], b'{"id":2}\n'])
        assert _read_all(reader, lines, line) == [body[:-1], b'{"id":2}'], cut
    # not a frame after all: the header's bytes are the line's first, as they came
    for text in (b"#12x\n", b"#:\n", b"#1234567:{}\n", b"#99999:{}\n", b"#0:{}\n"):
        reader, lines, line = _reader_over([text[:2], text[2:]])
        assert _read_all(reader, lines, line) == [text[:-1]], text


def test_a_frame_that_stalls_is_given_up_and_answered_and_the_link_reads_afresh():
    """Finding 11: a frame whose next byte does not come (a host killed while it wrote it)
    is given up after STALL_MS: its line is answered bad_json saying so, and the next line
    is read as usual - a stalled header, a frame that stalled before its body, or between
    its body's blocks. (A block once begun is read whole: the Pico cannot time out a read.)"""
    import link as link_mod

    keep = link_mod.STALL_MS
    link_mod.STALL_MS = 0  # (the clock's: nothing waiting is a stall at once)
    try:
        body = b'{"id":3,"pad":"' + b"y" * 100 + b'"}\n'
        for pieces, said in (([b"#12"], "its header #12 came"), ([b"#130:"], "0 of its 130 bytes came"),
                             ([b"#130:" + body[:64]], "64 of its 130 bytes came")):
            reader, lines, line = _reader_over(pieces + [b'{"id":4}\n'])
            got = _read_all(reader, lines, line)
            assert len(got) == 2 and got[1] == b'{"id":4}', (pieces, got)
            reply = Link(None).read(got[0])
            assert reply["error"]["code"] == "bad_json" and reply["id"] is None and said in reply["error"]["message"], reply
    finally:
        link_mod.STALL_MS = keep


def test_a_hosts_rng_ops_and_the_rngs_machine_code_go_when_the_ram_runs_out():
    """The rng's ops and its step in machine code (shared_rules/fast_rng.py, ~2 KB of a
    Pico's heap) belong to no game: a host's rng and Khan ops load them (rulesop.FIRST, Khan's
    NEEDS), and memory.free lets them go with the other games' rules (on the device: CPython
    keeps its modules); the draws after are the same, by rng.py's own step."""
    import sys

    import memory

    from shared_rules.rng import PCG32

    link = Link(_app("rngfree"))
    link.loop = True  # (as the button loop serves it: the op's rules modules loaded one at a time)
    try:
        got = _ask(link, '{"id": 1, "op": "rng.shuffle", "args": {"seed": 9, "n": 30}}')
        assert got["ok"] and "shared_rules.rng_ops" in sys.modules and "shared_rules.fast_rng" in sys.modules
    finally:
        link.loop = False
    memory.free("", "")
    on_device = sys.implementation.name == "micropython"
    for name in ("shared_rules.rng_ops", "shared_rules.fast_rng"):
        assert (name not in sys.modules) == on_device, name
    items = list(range(30))
    PCG32(9).shuffle(items)
    assert _ask(link, '{"id": 2, "op": "rng.shuffle", "args": {"seed": 9, "n": 30}}')["result"]["order"] == items


def test_a_long_op_collects_its_garbage_at_a_pause_in_a_stretch_of_its_own():
    """Issue 20: a collection MicroPython makes itself comes where an allocation finds no
    room, in the middle of a stretch a press waits for (~12-16 ms of a Pico more). The op's
    pauses collect first, once DUE bytes were allocated since the last collection
    (paced.collected: gc.threshold asked at one allocation, then none again): a stretch
    of its own ("collect"), its reply the same. On CPython nothing does."""
    import gc
    import sys

    import loop
    import paced

    link = Link(_app("collect"))
    line = b'{"id":1,"op":"rng.shuffle","args":{"seed":3,"stream":1,"n":4000}}'

    def asked() -> dict:
        import json

        out = []
        for _ in link.stages(line, out.append):  # (as the loop serves it; the tidying after is not
            pass  # its, and would let its rules go)
        return json.loads("".join(out))

    labels = []
    real = loop.stretch

    def counted(app, began, at):
        labels.append(at)
        return real(app, began, at)

    link.loop = True
    sys.modules["paced"] = paced  # (the box's paced, as once it has loaded a game's rules)
    try:
        plain = asked()  # (its rules loaded, a part at a time: an import's own probe is not this test's)
        loop.stretch = counted
        paced.DUE[0] = 4096  # (a list of 4,000 ints is more: the op's first pause collects)
        got = asked()
        due = paced.DUE[0]
    finally:
        loop.stretch = real
        paced.DUE[0] = 0
        link.loop = False
    assert got == plain and len(got["result"]["order"]) == 4000
    if sys.implementation.name == "micropython":
        assert 1 <= labels.count("collect") <= 2, labels
        assert labels.index("collect") > 0 and labels[labels.index("collect") - 1] == "pause"
        assert gc.threshold() == -1, "no threshold left behind"  # type: ignore[attr-defined]
        assert due > 4096, "DUE again: 8/5 of what the collection left free"
    else:
        assert "collect" not in labels and due == 4096


def test_a_short_op_never_walks_the_heap_for_its_due():
    """DUE is worked out (a walk of the heap, ~5 ms of a Pico) once an op has paused
    paced.LONG_OP times in its own work: a short request never pays it."""
    import paced

    link = Link(_app("due"))
    link.loop = True
    paced.DUE[0] = 0
    try:
        _ask(link, '{"id":1,"op":"rng.shuffle","args":{"seed":3,"stream":1,"n":200}}')  # (one pause)
        short = paced.DUE[0]
        _ask(link, '{"id":2,"op":"rng.shuffle","args":{"seed":3,"stream":1,"n":2000}}')  # (15 pauses)
        long = paced.DUE[0]
    finally:
        paced.DUE[0] = 0
        link.loop = False
    assert short == 0
    import sys

    assert long > 0 if sys.implementation.name == "micropython" else long == 0


def test_the_loops_tidying_leaves_its_collection_to_a_stretch_of_its_own():
    """After a reply the loop tidies (Link.tidy: a walk of the heap, what can go goes) and
    then collects the garbage in a stretch of its own, a turn of the loop between: the two
    were ~30 ms of a Pico in one stretch. tidy(False) says whether a collection is due and
    leaves it; tidy() makes it, as before."""
    import gc
    import sys

    link = Link(_app("tidied"))
    if sys.implementation.name != "micropython":
        assert link.tidy(False) is False and link.tidy() is False, "CPython: no heap figure, a collection at once"
        return
    gc.collect()
    assert link.tidy(False) is False, "a heap with room: nothing is due"
    heap = gc.mem_free() + gc.mem_alloc()  # type: ignore[attr-defined]
    ballast = []  # (a heap gone short: under COLLECT_PERCENT free, 15%)
    size = 4096
    while gc.mem_free() * 100 > 15 * heap and size >= 64:  # type: ignore[attr-defined]
        try:
            ballast.append(bytearray(size))
        except MemoryError:  # (no block that long is left: shorter ones)
            size //= 2
    try:
        for _ in range(100):
            bytearray(64)  # (garbage, then)
        before = gc.mem_free()  # type: ignore[attr-defined]
        assert link.tidy(False) is True, "short: a collection is due"
        assert gc.mem_free() <= before, "and left to the loop"  # type: ignore[attr-defined]
        assert link.tidy() is False and gc.mem_free() > before, "tidy() collects at once"  # type: ignore[attr-defined]
    finally:
        del ballast[:]
        gc.collect()


def test_rulesop_let_go_is_imported_again_in_a_stage_of_its_own():
    """The tidying after a reply lets the host's ops go when the heap runs short (rulesop
    with them): the next rules request imports it again, ~15 ms of a Pico once every game's
    names are interned - with the op's own work ~33 ms counted in one stretch. It is a stage
    of its own: read, rulesop imported, the op done - a turn of the loop after each."""
    import sys

    from memory import unload

    link = Link(_app("again"))
    line = b'{"id":1,"op":"rng.draw","args":{"seed":1,"count":2}}'
    counts = []
    for _ in range(2):
        out = []
        counts.append(len(list(link.stages(line, out.append))))
        assert '"ok":true' in "".join(out)
        unload("rulesop")
    assert "rulesop" not in sys.modules
    out = []
    assert len(list(link.stages(line, out.append))) == 3 and '"ok":true' in "".join(out)
    assert counts[1] == 3, counts  # (the first: rulesop loaded or not, as the tests before left it)
    assert len(list(link.stages(line, [].append))) == 2, "loaded: read, then the op"
