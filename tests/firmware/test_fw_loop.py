"""The run loop cannot die: a screen that raises in draw or in press, a link op that
raises, the log that cannot be written - each through the real App.run with the real
buttons (loopdrive.py) - the error screen shows its code, errors.log has the traceback,
the game is the one last saved, and buttons and link go on."""

import json
import os

from fwtest import pixels, tmpdir
from loopdrive import drive, presses

import errlog
import hostops
from app import App
from shared_rules import cjson
from ui.fault import SHOW_MS

# the error screen's time, then a turn for the loop to end it (a latched press acts in the
# turn its edge comes, before the loop looks at the time)
SHOWN = [("wait", SHOW_MS), ("wait", 0)]


def _app(name: str):
    folder = tmpdir("loop-" + name)
    app = App(pixels(), None, folder)
    app.boot()
    return app, folder


def _state(app) -> str:
    return cjson.dumps(app.state_get())


def _log(folder: str) -> str:
    try:
        with open(folder + errlog.LOG) as f:
            return f.read()
    except OSError:
        return ""


def _journal(app) -> list:
    out = []
    cjson.dump(hostops.log_get(app, {}), out.append)
    return json.loads("".join(out))["journal"]


def _replies(out) -> list:
    return [json.loads(line) for line in out.lines() if line.startswith("{")]


def _boom_draw(frame, now):
    raise KeyError("boom in draw")


def test_a_screen_that_raises_in_draw_shows_the_error_and_the_saved_game_comes_back():
    app, folder = _app("draw")
    seen = {}

    def saved(app):
        seen["state"] = _state(app)
        seen["actions"] = app.record.count()

    def half_change_and_break(app):
        g = app.record.game
        g.current = (g.current + 1) % len(g.players)  # the game in RAM half changed: never saved
        app.screen.draw = _boom_draw

    def during(app):
        seen["ui"] = app.ui_json()
        seen["lit"] = sum(1 for v in app.pixels.frame if v)

    # Khan for two through the menu; a yurt placed (saved); then the screen breaks
    script = presses("OK OK OK OK DOWN OK") + [("wait", 1000), ("do", saved), ("do", half_change_and_break),
                                           ("wait", 100), ("do", during), ("wait", SHOW_MS)]
    script += presses("DOWN") + [("link", b'{"id":7,"op":"hello"}'), ("wait", 100)]
    finger, out = drive(app, script, folder)
    assert seen["actions"] == 1, seen
    assert seen["ui"]["mode"] == "error" and seen["ui"]["code"] == "DK" and seen["ui"]["screen"] == "khan"
    assert seen["lit"] > 0  # ERR and the code on the matrix
    assert app.screen_name() == "khan" and app.ui_json()["mode"] != "error"  # the error screen has gone
    assert app.record.count() == 1 and _state(app) == seen["state"]  # the saved game, not the half-changed one
    log = _log(folder)
    assert log.startswith("@ DK #1 ") and "KeyError" in log and "boom in draw" in log and "khan/" in log, log
    assert "_boom_draw" in log  # the traceback names the function that raised
    hello = [r for r in _replies(out) if r.get("id") == 7]
    assert hello and "KeyError" in hello[0]["result"]["notice"]
    assert app.faults == 1


def test_a_screen_that_raises_in_press_after_acting_leaves_the_game_as_saved():
    app, folder = _app("press")
    seen = {}

    def break_press(app):
        seen["state"] = _state(app)
        seen["journal"] = _journal(app)
        real = app.screen.press

        def press(app_, button, long):
            real(app_, button, long)  # the yurt goes into the game in RAM...
            raise ValueError("boom in press")  # ...and the press fails before its save

        app.screen.press = press

    def during(app):
        seen["mode"] = app.ui_json()["mode"]
        seen["code"] = app.ui_json().get("code")

    def after(app):
        seen["after"] = _state(app)
        seen["after_journal"] = _journal(app)

    script = presses("OK OK OK OK DOWN OK") + [("do", break_press)] + presses("OK")
    script += [("wait", 50), ("do", during)] + presses("UP")  # any button: the error screen goes
    script += [("do", after)] + presses("BACK*")  # and the box plays on: BACK held takes the yurt back
    finger, out = drive(app, script, folder)
    assert seen["mode"] == "error" and seen["code"] == "PV"
    assert "ValueError" in _log(folder) and "boom in press" in _log(folder)
    assert seen["after"] == seen["state"] and seen["after_journal"] == seen["journal"]  # the yurt is not there
    assert app.screen_name() == "khan" and app.record.count() == 0 and _journal(app)[2:] == [{"undo": 1}]


def test_a_link_op_that_raises_is_answered_internal_logged_and_the_link_goes_on():
    app, folder = _app("link")

    def break_ui(app):
        app.screen.ui_json = None  # ui.get will call None: TypeError

    script = presses("OK OK OK OK") + [("do", break_ui), ("link", b'{"id":1,"op":"ui.get"}'), ("wait", 30),
                                    ("link", b'{"id":2,"op":"errors.get"}'), ("wait", 30),
                                    ("link", b'{"id":3,"op":"errors.get","args":{"clear":true}}'), ("wait", 30),
                                    ("link", b'{"id":4,"op":"errors.get","args":{"clear":1}}'), ("wait", 30),
                                    ("link", b'{"id":5,"op":"errors.get"}'), ("wait", 30)]
    finger, out = drive(app, script, folder)
    got = {r["id"]: r for r in _replies(out)}
    assert got[1]["ok"] is False and got[1]["error"]["code"] == "internal"
    assert "TypeError" in got[1]["error"]["message"] and "LT" in got[1]["error"]["message"]
    assert got[2]["ok"] and got[2]["result"]["text"].startswith("@ LT #1 ") and "in link ui.get" in got[2]["result"]["text"]
    assert got[2]["result"]["size"] == len(got[2]["result"]["text"]) and got[2]["result"]["cap"] == errlog.CAP
    assert got[3]["result"]["text"] == got[2]["result"]["text"]  # read, then cleared
    assert got[4]["error"]["code"] == "bad_args"
    assert got[5]["result"]["text"] == "" and got[5]["result"]["size"] == 0 and _log(folder) == ""
    assert app.screen_name() == "khan"


def test_an_error_while_handling_an_error_does_not_stop_the_loop():
    app, folder = _app("twice")
    os.mkdir(folder + errlog.LOG)  # the log cannot be written: a folder is in its place

    def break_all(app):
        app.screen.draw = _boom_draw

    script = presses("OK OK OK OK") + [("do", break_all), ("wait", 50)]
    script += SHOWN + presses("DOWN OK")
    finger, out = drive(app, script, folder)
    os.rmdir(folder + errlog.LOG)
    assert app.faults == 1 and app.screen_name() == "khan" and app.record.count() == 1, (
        app.faults, app.screen_name(), app.record.count() if app.record else None)
    assert "KeyError" in app.notice


def _no_memory(frame, now):
    raise MemoryError("memory allocation failed, allocating 1024 bytes")


def test_the_ram_running_out_in_draw_again_and_again_is_written_once_a_minute():
    app, folder = _app("again")

    def break_draw(app):
        app.screen.draw = _no_memory

    script = presses("OK OK OK OK DOWN OK")
    for wait in (0, 20000, 61000):  # three times: the second within a minute of the first
        script += [("wait", wait), ("do", break_draw), ("wait", 100), ("OK", False)]
    script += [("wait", 100)]
    finger, out = drive(app, script, folder)
    log = _log(folder)
    assert app.faults == 3 and log.count("@ DM #") == 2 and "@ DM #1 " in log and "@ DM #3 " in log, log
    assert "MemoryError" in log and app.screen_name() == "khan" and app.record.count() == 1


def test_a_frame_that_finds_no_room_once_is_drawn_at_the_next_turn_not_a_fault():
    """A split heap (an import, a new qstr pool) can refuse one frame's allocation: that is
    not a bug. The loop tidies the RAM and draws the frame again; the game stays in RAM and
    no ERR shows. Only a frame failing DRAW_TRIES times in a row is a fault (test above)."""
    app, folder = _app("once")
    seen = {}

    def fail_once(app):
        screen = app.screen
        real = screen.draw

        def draw(frame, now):
            screen.draw = real  # the next try finds room
            seen["tried"] = True
            raise MemoryError("memory allocation failed, allocating 1280 bytes")

        screen.draw = draw
        seen["game"] = app.record
        seen["frames"] = app.frames
        app.dirty = True

    script = presses("OK OK OK OK DOWN OK") + [("do", fail_once), ("wait", 200)]
    finger, out = drive(app, script, folder)
    assert seen["tried"] and app.faults == 0 and _log(folder) == ""
    assert app.record is seen["game"] and app.record.count() == 1  # the game was not let go
    assert app.frames > seen["frames"] and app.ui_json()["mode"] != "error" and "alert" not in app.ui_json()
    assert app.draw_misses == 0


def test_a_menu_that_raises_comes_back_as_the_menu():
    app, folder = _app("menu")

    def break_menu(app):
        app.screen.press = None  # the next press calls None

    script = [("do", break_menu)] + presses("DOWN") + SHOWN + presses("DOWN DOWN OK")
    finger, out = drive(app, script, folder)
    assert app.ui_json()["mode"] == "setup" and app.ui_json()["game"] == "huns", app.ui_json()  # a fresh menu, then two DOWNs
    assert _log(folder).startswith("@ PT ")


def test_the_freeze_sequence_leaves_the_box_usable():
    """The issue's sequence: KHAN, OK, UP (player 1 green), OK, RIGHT (4 players), OK, OK,
    OK. Whatever the rules make of it, the loop goes on, and the buttons take the box back
    to the menu and into another game."""
    app, folder = _app("freeze")
    seen = []

    def script():
        yield from presses("OK UP OK RIGHT OK OK OK")
        yield ("wait", SHOW_MS)
        seen.append(app.ui_json())
        for _ in range(10):  # out to the menu, whatever screen it is on: BACK, and OK at MENU?
            if app.ui_json()["mode"] == "menu":
                break
            yield ("OK" if app.leaving else "BACK", False)
        yield from presses("DOWN OK OK")
        yield ("link", b'{"id":9,"op":"ui.get"}')
        yield ("wait", 50)

    finger, out = drive(app, script(), folder)
    assert finger.steps_done >= 10
    ui = [r for r in _replies(out) if r.get("id") == 9][0]["result"]
    assert ui["screen"] == "chuhan" or (ui["mode"] == "setup" and ui["game"] == "chuhan"), (seen, ui)
    if seen[0]["screen"] == "khan":  # the game began: four players, four colours
        colours = _khan_players(folder)
        assert len(colours) == 4 and len(set(colours)) == 4, colours


def _khan_players(folder: str) -> list:
    with open(folder + "khan.jnl") as f:
        head = json.loads(f.readline().split("\t")[0])  # the header, before its checksum
    return head["settings"]["players"]


def test_the_log_keeps_its_newest_entries_within_its_cap_whatever_it_held():
    folder = tmpdir("loop-cap")
    with open(folder + errlog.LOG, "wb") as f:  # a damaged log, longer than the cap, not UTF-8
        f.write(bytes(range(256)) * 40)
    for n in range(1, 40):
        try:
            raise IndexError("entry " + str(n))
        except IndexError as e:
            errlog.write(folder, e, "tick", "khan/board", n)
        size = os.stat(folder + errlog.LOG)[6]
        assert size <= errlog.CAP, size
    text = _log(folder)
    assert text.startswith("@ TI #") and text.endswith("entry 39\n")
    assert "entry 30\n" in text and "entry 1\n" not in text
    out = []
    errlog.stream(folder, out)
    assert json.loads("".join(out)) == text


def test_the_buttons_take_their_turn_between_a_rules_requests_stages():
    """Issue 13: a rules request yields to the loop at the end of a stage (its line read,
    its op done) when a press is waiting - an edge latched meanwhile, a button held - so the
    press waits for a stage, not for the whole request; with nothing waiting the request
    runs on (a yield costs a Pico's scheduler ~5 ms). The device's own ops are answered in
    one stretch."""
    import link as link_mod
    import machine
    from loopdrive import PINS

    from shared_rules import ops

    app, folder = _app("stages")
    ops.call("huns.roll", {"seed": 0})  # (its rules loaded: a first request imports them a pause each)
    when = []
    read, done = link_mod.Link.read, link_mod.Link.done

    def spy_read(self, line):
        when.append(("read", app.buttons.turns))
        if len(when) == 1:  # UP goes down while the first request is read: its edge is latched
            machine.press(PINS["UP"], True)  # type: ignore[attr-defined]
        return read(self, line)

    def spy_done(self, rid, op, args):
        when.append(("op", app.buttons.turns))
        if len(when) == 2:
            machine.press(PINS["UP"], False)  # type: ignore[attr-defined]
        return done(self, rid, op, args)

    link_mod.Link.read, link_mod.Link.done = spy_read, spy_done
    try:
        script = [("link", b'{"id":1,"op":"huns.roll","args":{"seed":1}}'), ("wait", 30),
                  ("link", b'{"id":2,"op":"huns.roll","args":{"seed":2}}'), ("wait", 30),
                  ("link", b'{"id":3,"op":"hello"}'), ("wait", 30), ("wait", 30), ("wait", 30)]
        finger, out = drive(app, script, folder)
    finally:
        link_mod.Link.read, link_mod.Link.done = read, done
    got = {r["id"]: r for r in _replies(out)}
    assert got[1]["ok"] and got[2]["ok"] and got[3]["ok"]
    kinds = [k for k, _ in when]
    turns = [t for _, t in when]
    assert kinds == ["read", "op", "read", "op", "read", "op"], kinds
    assert turns[1] > turns[0], "a press latched during the read: the buttons polled before the op"
    assert turns[3] == turns[2], "nothing waiting: the request ran on, no yield paid"
    assert turns[5] == turns[4], "hello: read and answered in one stretch"


def test_a_press_in_the_middle_of_a_whole_game_played_out_is_acted_on_before_its_reply():
    """Issue 20: khan.playout (a whole game: 8-9 s of a Pico) pauses after every move
    (shared_rules/pause.py), and at a pause the loop takes its turn (loop.breathe): a press
    latched at the GPIO level in the middle of it is acted on - its frame drawn - between two
    of its moves, long before the reply; the reply is the host's all the same."""
    import machine
    from loopdrive import PINS

    from shared_rules import ops
    from shared_rules.khan import randplay

    app, folder = _app("playout")
    args = {"seed": 5, "players": 3}
    want = ops.call("khan.playout", args)
    moves = [0]
    seen = []
    play, press = randplay.play, app.press

    def spy_play(game, move):
        moves[0] += 1
        if moves[0] == 40:  # the finger on RIGHT, at the GPIO level: its edge latched by the interrupt
            machine.press(PINS["RIGHT"], True)  # type: ignore[attr-defined]
        return play(game, move)

    def spy_press(button, long=False):
        seen.append((button, moves[0], app.link_op, app.frames))  # (link_op: the op of the last reply written)
        machine.press(PINS["RIGHT"], False)  # type: ignore[attr-defined]  (the finger lifted)
        press(button, long)

    randplay.play = spy_play
    app.press = spy_press
    try:
        line = ('{"id":1,"op":"khan.playout","args":' + cjson.dumps(args) + "}").encode()
        finger, out = drive(app, [("link", line)] + [("wait", 30)] * 300, folder, keep=True)
    finally:
        randplay.play = play
    got = _replies(out)
    assert got and got[0]["ok"] and got[0]["result"] == json.loads(cjson.dumps(want)), "the host's reply"
    assert [b for b, _, _, _ in seen] == ["RIGHT"], seen
    _, at, replied, frames = seen[0]
    assert 40 <= at < want["moves"] // 2, "acted on between two moves, in the middle of the game"
    assert replied == "", "before the reply was written"
    assert app.link_op == "khan.playout" and app.frames > frames, "its frame drawn, then the reply"


def test_a_line_answered_gets_no_second_answer_when_the_tidying_after_it_fails():
    """Every line gets one answer: the tidying after a reply (a collection, the host's ops
    let go) running out of RAM was answered once more, no_memory with no id - which steppe
    then took for the answer to its next request. Now only a line not yet answered gets
    one; and the lines read with it in the same piece are answered too."""
    app, folder = _app("tidy")
    script = [("link", b'{"id":1,"op":"ui.get"}\n{"id":2,"op":"ui.get"}'), ("wait", 30),
              ("link", b'{"id":3,"op":"khan.bonus","args":{"territories":{"red":[4]}}}')] + [("wait", 30)] * 4
    got, left = _tidy_failing(app, folder, script, 1)
    assert [r["id"] for r in got] == [1, 2, 3] and all(r["ok"] for r in got), got
    assert left == 0 and "MemoryError" in app.notice


def _tidy_failing(app, folder: str, script: list, times: int) -> "tuple[list, int]":
    """The script driven with the link's tidying after a reply running out of RAM the first
    `times` times: the replies, and how many of those failures were not reached."""
    import link as link_mod

    real = link_mod.Link.tidy
    fails = [times]

    def tidy(self, collect=True):
        if fails[0]:
            fails[0] -= 1
            raise MemoryError("memory allocation failed, allocating 512 bytes")
        return real(self, collect)

    link_mod.Link.tidy = tidy
    try:
        finger, out = drive(app, script, folder)
    finally:
        link_mod.Link.tidy = real
    return _replies(out), fails[0]


def test_the_ram_running_out_on_the_link_leaves_the_boots_notice_of_damage_standing():
    """A 96wK box just up beside a journal it had to cut (its bad line kept in a .bad file)
    ran out of RAM with the host's first requests: the notice of the damage - what hello and
    the box say - became "the box recovered from MemoryError", and the user was never told
    that a line of their game was set aside. The link's own no_memory is no fallback of the
    game: the standing notice stays (tests/test_damage.py found it at 96wK)."""
    app, folder = _app("said")
    said = "khan.jnl: line 3 does not apply; it and all after it (1 line) are kept in khan.jnl.bad"
    app.notice = said
    script = [("link", b'{"id":1,"op":"ui.get"}'), ("wait", 30), ("link", b'{"id":2,"op":"hello"}')]
    got, left = _tidy_failing(app, folder, script + [("wait", 30)] * 4, 2)
    assert [r["id"] for r in got] == [1, 2] and left == 0, got
    assert app.notice == said and got[1]["result"]["notice"] == said, (app.notice, got)


class _Fading:
    """A screen that animates for 300 ms after it comes, its frame changing as it goes (an
    event card turning over, a VP gain shown for a while), then stands still."""

    name = ""
    refused = None

    def __init__(self, now: int) -> None:
        self.at = now

    def animating(self, now: int) -> bool:
        from hal import clock

        return clock.elapsed(now, self.at) < 300

    def draw(self, frame, now: int) -> None:
        from hal import clock

        t = clock.elapsed(now, self.at)
        frame[0] = 1 + min(t, 300) // 100  # 1, 2, 3 while it moves; 4 once it stands

    def settle(self, app) -> None:
        pass

    def ui_json(self) -> dict:
        return {"mode": "fading"}

    def at_top(self) -> bool:
        return False


def test_a_screen_that_stops_animating_gets_its_last_frame_drawn():
    """Issue 21: the loop drew only while the screen animated, so the LEDs kept a frame from
    the middle of an animation once it ended (Chu and Han's event name cut, a "+6" that
    stayed until the next press): the frame after the animation is drawn too."""
    app, folder = _app("fading")

    def fade(app):
        from hal import clock

        app.switch(_Fading(clock.now()))

    finger, out = drive(app, [("do", fade)] + [("wait", 30)] * 20, folder)
    assert app.pixels.frame[0] == 4, app.pixels.frame[0]


def test_a_turn_counts_in_the_longest_stretch_once_not_in_every_stretch_after_it():
    """link.stats busy_us (the longest a press could wait for the loop): the stretch that
    follows a turn of the loop counts that turn's work with its own - a press that came as
    the turn began waited for both - and the stretches after it do not. (Before, every
    stretch until the next turn counted it again: a whole game played out, which pauses
    ~1,500 times and turns at few of them, reported stretches of ~600 us on a laptop where
    its own were ~350.)"""
    import loop
    from hal import clock

    app, folder = _app("stretch")
    app.stats_read = False
    app.max_busy = 0
    app.turn_us = 5000000  # (a turn of 5 s: no stretch of this test's own comes near it)
    loop.stretch(app, clock.now_us(), "pause")
    assert app.max_busy >= 5000000 and app.busy_at == "pause"
    app.max_busy = 0
    loop.stretch(app, clock.now_us(), "pause")
    assert app.max_busy < 5000000, app.max_busy
