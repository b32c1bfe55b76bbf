"""The Chu and Han screen through its buttons: the rulebook's two worked examples, what the
matrix shows (tracks, edicts, attacker, event, doubling, the win), refusals and undo."""

from fwtest import pixels, tmpdir

import hostops
from app import App
from hal import clock
from shared_rules.chuhan import state
from shared_rules.chuhan.game import new_game
from shared_rules.errors import RulesError
from ui import palette

SETS = ("set", "zhongli_mo", "peng_yue", "zm_py")


def _app(name: str, option: int = 0, seed: int = 1) -> App:
    app = App(pixels(), None, tmpdir(name))
    app.new_game("chuhan", ["red", "blue"], option, seed)
    return app


def _start(name: str, han: int, chu: int, option: int = 0) -> App:
    """A game from the start of a worked example: the VP put in as state.put does."""
    app = _app(name, option)
    s = app.state_get()["state"]
    s["vp"] = {"han": han, "chu": chu}
    hostops.state_put(app, {"game": "chuhan", "state": s})
    return app


def _pick(app, key) -> bool:
    """Scroll the list to key and press OK; False (back to the board) if it is not offered."""
    ui = app.screen.ui_json()
    if key not in ui["choices"]:
        app.press("BACK")
        return False
    while app.screen.ui_json()["choice"] != key:
        app.press("DOWN")
    app.press("OK")
    return True


def act(app, action: dict) -> bool:
    """Enter one chuhan action (as chuhan.play takes it) with the buttons. A set is given
    by "rank", "size" and "kind" (SETS), as the screen takes it. False if the screen did
    not offer it (or refused it at once)."""
    if "why" in app.ui_json():  # a refusal's reason scrolls: a press ends it (and only that)
        app.press("BACK")
    while app.screen.ui_json()["mode"] != "board":  # a refused entry stays open: leave it
        app.press("BACK")
    do = action["do"]
    if do == "resolve":
        app.press("OK")
        return True
    if do == "next_round":
        app.press("OK")
        if app.screen.ui_json()["mode"] == "event":
            return _pick(app, action["event"])
        return True
    app.press("LEFT" if action["player"] == "han" else "RIGHT")
    if app.screen.ui_json()["mode"] != "menu":
        return False
    if do == "set":
        if not _pick(app, action.get("kind", "set")):
            return False
        while app.screen.ui_json()["rank"] != action["rank"]:
            app.press("RIGHT")
        while app.screen.ui_json()["size"] != action["size"]:
            app.press("UP")
        app.press("OK")
        return True
    if do == "out":
        if not _pick(app, "out"):
            return False
        for _ in range(action["cards"]):
            app.press("UP")
        if app.screen.ui_json()["cards"] != action["cards"]:
            app.press("BACK")
            app.press("BACK")
            return False
        app.press("OK")
        return True
    return _pick(app, action.get("card", do))


def _state(app) -> dict:
    return app.state_get()["state"]


def _frame(app, now: int) -> bytearray:
    app.render(now)
    return app.pixels.frame


def _later(ms: int) -> int:
    return clock.later(clock.now(), ms)


def test_new_games_are_the_rules_cores_with_each_option():
    for option, mode in ((0, "off"), (1, "virtual"), (2, "table")):
        app = _app("ch_new", option, 7)
        assert app.screen_name() == "chuhan"
        assert _state(app) == state.game_json(new_game(mode, 7))


def test_worked_example_1_chu_wins_31_before_han_scores_going_out():
    app = _start("ch_ex1", 30, 28)
    assert act(app, {"do": "set", "player": "chu", "rank": 9, "size": 1})  # Ziying
    assert act(app, {"do": "ability", "player": "han", "card": "xiao_ying"})
    s = _state(app)
    assert s["pending"]["ability"] == "xiao_ying" and s["vp"] == {"han": 30, "chu": 28}
    assert act(app, {"do": "out", "player": "han", "cards": 1})  # Chu keeps one card
    s = _state(app)
    assert s["phase"] == "over" and s["winner"] == "chu" and s["vp"] == {"han": 30, "chu": 31}
    # the win is announced in Chu's colour; the gain came first
    f = _frame(app, _later(3000))
    assert f[10 * 16] == palette.CHU and f[10 * 16 + 15] == palette.CHU
    assert palette.BAD not in list(f)  # (MicroPython has no int in bytearray)


def _example_2(name: str) -> App:
    app = _start(name, 23, 24)
    for _ in range(3):
        assert act(app, {"do": "edict", "player": "chu"})
    assert _state(app)["edicts"] == {"han": 0, "chu": 3}
    return app


def test_worked_example_2_zhongli_mo_cancelled_then_restored():
    app = _example_2("ch_ex2")
    assert act(app, {"do": "set", "player": "chu", "kind": "zhongli_mo", "rank": 2, "size": 6})
    assert _state(app)["pending"] == {"player": "chu", "ability": "zhongli_mo", "counters": [], "vp": 6}
    app.press("LEFT")  # Han's list starts with Lu Zhi while Chu's ability waits
    assert app.screen.ui_json()["choice"] == "lu_zhi"
    app.press("BACK")
    assert act(app, {"do": "counter", "player": "han", "card": "lu_zhi"})
    assert act(app, {"do": "counter", "player": "chu", "card": "xiao_he"})
    assert act(app, {"do": "out", "player": "han", "cards": 0})
    s = _state(app)
    assert s["vp"] == {"han": 26, "chu": 30} and s["phase"] == "round_over" and s["winner"] is None
    assert act(app, {"do": "next_round"})
    s = _state(app)
    assert s["round"] == 2 and s["attacker"] == "han" and s["last_out"] == "han" and s["deck"] == 16


def test_worked_example_2_with_xiao_he_in_the_set_han_wins_31_24():
    app = _example_2("ch_ex2b")
    assert act(app, {"do": "set", "player": "chu", "kind": "zhongli_mo", "rank": 2, "size": 7})
    assert _state(app)["pending"]["vp"] == 7
    assert act(app, {"do": "counter", "player": "han", "card": "lu_zhi"})
    assert act(app, {"do": "out", "player": "han", "cards": 7})
    s = _state(app)
    assert s["winner"] == "han" and s["vp"] == {"han": 31, "chu": 24}


def test_the_matrix_shows_vp_tracks_edicts_and_the_attacker():
    app = _start("ch_show", 12, 31 - 1)
    act(app, {"do": "edict", "player": "han"})
    act(app, {"do": "edict", "player": "chu"})
    act(app, {"do": "edict", "player": "chu"})
    f = _frame(app, _later(5000))
    han = [f[5 * 16 + k] for k in range(16)]
    chu = [f[6 * 16 + k] for k in range(16)]
    assert han[:6] == [palette.HAN] * 6 and han[6] == palette.OFF and han[15] == palette.HALF
    assert chu[:15] == [palette.CHU] * 15 and chu[15] == palette.PLAYER_DIM  # 30: the goal pixel dim red
    assert [f[8 * 16 + 5 + k] for k in range(6)] == [palette.HAN, palette.HALF, palette.HALF, palette.HALF,
                                                      palette.CHU, palette.CHU]
    assert f[8 * 16] == palette.HAN and f[9 * 16 + 1] == palette.HAN  # Han attacks in round 1
    assert f[8 * 16 + 15] == palette.OFF
    top = list(f[0:5 * 16])
    assert palette.HAN in top and palette.CHU in top


def test_xiang_yu_doubling_is_shown_in_gold():
    app = _start("ch_xy", 10, 10)
    act(app, {"do": "ability", "player": "chu", "card": "xiang_yu"})
    act(app, {"do": "resolve"})
    assert _state(app)["doubled"] == "chu"
    f = _frame(app, _later(5000))
    right = [f[y * 16 + x] for y in range(5) for x in range(9, 16)]
    left = [f[y * 16 + x] for y in range(5) for x in range(7)]
    assert palette.HINT in right and palette.CHU not in right and palette.HINT not in left
    # Xiang Yu is used up: it is no longer offered
    app.press("RIGHT")
    assert "xiang_yu" not in app.screen.ui_json()["choices"]
    app.press("BACK")
    # a doubled gain flashes "+12" in gold
    act(app, {"do": "set", "player": "chu", "rank": 2, "size": 6})
    assert _state(app)["vp"]["chu"] == 22
    f = _frame(app, _later(100))
    assert palette.HINT in list(f[11 * 16:])


def test_a_refused_set_flashes_red_and_changes_nothing():
    app = _app("ch_refuse")
    before = _state(app)
    act(app, {"do": "set", "player": "han", "rank": 0, "size": 2})  # two jokers
    assert app.screen.ui_json()["error"] == "chuhan.two_jokers"
    assert _state(app) == before
    f = _frame(app, _later(100))
    assert f[14 * 16] == palette.BAD and f[15 * 16 + 15] == palette.BAD  # under the reason's band
    act(app, {"do": "set", "player": "han", "kind": "zhongli_mo", "rank": 5, "size": 6})  # 5..10: no
    assert app.screen.ui_json()["error"] and _state(app) == before
    app.press("BACK")  # ends the reason scrolling, and only that
    app.press("BACK")
    app.press("BACK")
    app.press("OK")  # nothing waits: OK does nothing
    assert _state(app) == before and app.screen.ui_json()["mode"] == "board"


def test_undo_is_back_held():
    app = _app("ch_undo")
    before = _state(app)
    act(app, {"do": "set", "player": "han", "rank": 2, "size": 7})
    assert _state(app)["vp"]["han"] == 7
    app.press("BACK", True)
    assert _state(app) == before and app.screen_name() == "chuhan"


def test_table_mode_names_the_event_and_it_flips():
    app = _app("ch_table", 2)
    assert _state(app)["event"] == "lull"
    act(app, {"do": "out", "player": "chu", "cards": 3})
    app.press("OK")
    ui = app.screen.ui_json()
    assert ui["mode"] == "event" and ui["choices"][0] == "lull" and "warlords" in ui["choices"]
    assert _pick(app, "warlords")
    s = _state(app)
    assert s["event"] == "warlords" and s["round"] == 2 and s["attacker"] == "han"
    f = _frame(app, _later(5000))
    assert palette.TEXT in list(f[11 * 16:])  # WARL, once the card has turned
    app.press("UP")  # the round instead of the event
    assert app.screen.info


def test_hangu_pass_bonus_and_a_virtual_flip():
    app = _app("ch_bonus", 2)
    act(app, {"do": "out", "player": "han", "cards": 0})
    assert act(app, {"do": "next_round", "event": "hangu_pass"})
    assert act(app, {"do": "out", "player": "chu", "cards": 2})
    app.press("LEFT")
    assert app.screen.ui_json()["choices"] == ["bonus"]
    app.press("OK")
    s = _state(app)
    assert s["bonus_taken"] and s["vp"] == {"han": 3, "chu": 3}
    app.press("LEFT")  # taken: nothing left to enter
    assert app.screen.ui_json()["mode"] == "board" and app.screen.ui_json()["error"]
    virtual = _app("ch_flip", 1, 3)
    deck = _state(virtual)["event_deck"]
    act(virtual, {"do": "out", "player": "han", "cards": 1})
    act(virtual, {"do": "next_round"})
    assert _state(virtual)["event"] == deck[0] and virtual.screen.animating(clock.now())


def test_a_position_put_is_read_by_the_checked_reader_and_a_bad_one_changes_nothing():
    app = _app("ch_put", 1)
    good = state.game_json(new_game("virtual", 4))
    hostops.state_put(app, {"game": "chuhan", "state": good})
    assert app.state_get()["state"] == good
    bad = dict(good)
    bad["round"] = 0
    try:
        hostops.state_put(app, {"game": "chuhan", "state": bad})
    except RulesError as e:
        assert e.code == "bad_args" and "state.round" in e.message
    else:
        raise AssertionError("a bad round was accepted")
    assert app.state_get()["state"] == good and app.screen_name() == "chuhan"


def test_every_mode_draws_and_a_restart_resumes():
    app = _app("ch_modes", 1)
    now = clock.now()
    for b in ("LEFT", "RIGHT", "UP", "OK", "RIGHT", "DOWN", "BACK", "BACK", "RIGHT", "UP", "UP", "OK"):
        app.press(b)
        for dt in (0, 300, 700, 1500):
            _frame(app, clock.later(now, dt))
    again = App(pixels(), None, app.root)
    again.boot()
    assert again.screen_name() == "chuhan" and _state(again) == _state(app)


def _spy(app) -> list:
    """The actions the screen hands the App, in order (the App still does them)."""
    done = []
    act = app.act

    def spy(action):
        done.append(action)
        return act(action)

    app.act = spy
    return done


def test_a_set_size_starts_at_1_each_time_and_stops_at_1_and_10():
    app = _app("ch_size")
    done = _spy(app)
    app.press("RIGHT")  # Chu's list: SET
    app.press("OK")
    assert app.screen.ui_json()["size"] == 1 and app.screen.ui_json()["rank"] == 2
    for _ in range(7):
        app.press("UP")
    assert app.screen.ui_json()["size"] == 8
    app.press("OK")  # a set of eight 2s (the UP x7 gave three)
    cards = done[-1]["cards"]
    assert len(cards) == 8 and cards[0] == 2 and done[-1]["player"] == "chu"
    app.press("LEFT")  # Han's set: the size starts at 1 again, not at the last one
    app.press("OK")
    assert app.screen.ui_json()["size"] == 1
    app.press("DOWN")
    assert app.screen.ui_json()["size"] == 1, "no wrap from 1 to 10"
    for _ in range(12):
        app.press("UP")
    assert app.screen.ui_json()["size"] == 10, "no wrap from 10 to 1"


def test_the_six_undescribed_events_have_readable_labels():
    from shared_rules.chuhan.tables import EVENT_KEYS
    from ui import chuhan

    labels = [chuhan.label(k) for k in EVENT_KEYS]
    assert labels[-6:] == ["OTH1", "OTH2", "OTH3", "OTH4", "OTH5", "OTH6"]
    for k in range(len(labels)):
        assert len(labels[k]) == 4 and " " not in labels[k] and labels[k] not in labels[:k]
    app = _app("ch_oth", 2)  # TABL: the table names the event it flipped
    act(app, {"do": "out", "player": "chu", "cards": 3})
    app.press("OK")
    ui = app.screen.ui_json()
    assert ui["mode"] == "event" and "event_c" in ui["choices"]
    while app.screen.ui_json()["choice"] != "event_c":
        app.press("DOWN")
    f = _frame(app, _later(5000))
    lit = [k for k in range(11 * 16, 256) if f[k] == palette.WHITE]
    ref = bytearray(256)
    from ui.base import text

    text(ref, 0, 11, "OTH3", palette.WHITE)
    assert lit == [k for k in range(256) if ref[k] == palette.WHITE], "OTH3 on the panel"
    app.press("OK")
    assert _state(app)["event"] == "event_c"
    f = _frame(app, _later(5000))  # the round's event on the board's panel, once turned
    assert [k for k in range(11 * 16, 256) if f[k] == palette.TEXT] == [k for k in range(256) if ref[k]]
