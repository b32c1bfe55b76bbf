"""The App around every screen: leaving a game for the menu, the game's log, the players'
colours across a restart."""

from fwtest import pixels, tmpdir

from app import App


def _app(name: str):
    app = App(pixels(), None, tmpdir(name))
    app.boot()
    return app


def _log(app) -> list:
    import json

    from shared_rules import cjson

    out = []
    cjson.dump(app.log_get(), out.append)
    return json.loads("".join(out))["entries"]


def _lit(app) -> int:
    return sum(1 for v in app.pixels.frame if v)


def test_back_on_a_game_asks_before_leaving_for_the_menu():
    app = _app("leave")
    app.new_game("khan", ["red", "blue"], 0, 5)
    before = app.state_get()
    app.press("BACK")
    assert app.leaving and app.screen_name() == "khan"
    asked = bytes(app.pixels.frame)
    app.press("DOWN")  # anything but OK: stay in the game
    assert not app.leaving and app.screen_name() == "khan" and bytes(app.pixels.frame) != asked
    app.press("BACK")
    app.press("OK")
    assert app.screen_name() == "menu" and app.saved_games() == ["khan"]
    app.press("OK")  # the menu's first game is Khan, saved: OK resumes it
    assert app.screen_name() == "khan" and app.state_get() == before


def test_back_inside_a_mode_still_steps_back_without_asking():
    app = _app("leave2")
    app.new_game("khan", ["red", "blue"], 0, 5)
    app.press("RIGHT")  # setup: the arrows bring the cursor
    assert app.screen.mode == "cursor"
    app.press("BACK")
    assert app.screen.mode == "board" and not app.leaving


def test_the_log_records_the_new_game_each_change_and_an_undo():
    app = _app("log1")
    app.new_game("khan", ["red", "blue"], 0, 5)
    first = _log(app)
    assert first == [{"new": "khan", "players": ["red", "blue"], "option": 0, "seed": 5}]
    app.press("DOWN")  # the cursor moves: no change of the game, nothing logged
    assert _log(app) == first
    app.press("OK")  # a yurt placed at setup (H7, sand): logged with the mode it was pressed in
    assert not app.screen.error, app.screen.error
    entries = _log(app)
    assert entries[1:] == [{"press": "OK", "long": False, "mode": "cursor"}], entries
    app.press("BACK", True)
    assert _log(app)[-1] == {"undo": True}


def test_a_torn_log_line_is_skipped_and_a_new_game_starts_a_new_log():
    app = _app("log2")
    app.new_game("khaan", ["red", "blue", "green"], 0, 1)
    with open(app.root + "khaan.log", "a") as f:
        f.write('{"press": "O')  # a power cut in the middle of an append
    app.log({"press": "OK", "long": False, "mode": "home"})
    entries = _log(app)
    assert entries[0]["new"] == "khaan" and len(entries) == 1, entries  # the torn line took the next one with it
    app.new_game("khaan", ["red", "blue"], 0, 2)
    assert [e.get("new") for e in _log(app)] == ["khaan"]


def test_the_log_rolls_over_and_keeps_its_older_part():
    import app as app_module

    app = _app("log3")
    app.new_game("chuhan", ["han", "chu"], 0, 3)
    saved = app_module.LOG_MAX
    app_module.LOG_MAX = 200
    try:
        for k in range(60):
            app.log({"k": k})
    finally:
        app_module.LOG_MAX = saved
    entries = _log(app)
    ks = [e["k"] for e in entries if "k" in e]
    assert "new" not in entries[0] and 0 < ks[0] and ks == list(range(ks[0], 60))  # the last two parts, in order


def test_log_put_appends_or_resets_and_refuses_what_is_not_a_list_of_objects():
    from shared_rules.errors import RulesError

    app = _app("log4")
    try:
        app.log_put({"entries": []})
        raise AssertionError("no game: refused")
    except RulesError as e:
        assert e.code == "bad_args"
    app.new_game("huns", ["red", "blue"], 0, 4)
    app.log_put({"entries": [{"a": 1}, {"b": 2}], "reset": True})
    assert _log(app) == [{"a": 1}, {"b": 2}]
    for bad in ({"entries": {"a": 1}}, {"entries": [1, 2]}, {}):
        try:
            app.log_put(bad)
            raise AssertionError("refused: " + repr(bad))
        except RulesError as e:
            assert e.code == "bad_args"
    assert _log(app) == [{"a": 1}, {"b": 2}]


def test_the_players_colours_come_back_after_a_restart():
    app = _app("colours")
    app.new_game("huns", ["purple", "white", "green"], 0, 9)
    seats = app.screen.seats
    app.render(0)
    lit = bytes(app.pixels.frame)
    again = App(pixels(), None, app.root)
    again.boot()
    assert again.screen_name() == "huns" and again.screen.seats == seats
    again.render(0)
    assert bytes(again.pixels.frame) == lit and _lit(again) > 0


def test_each_game_keeps_its_own_colours_through_the_menu_and_other_games():
    app = _app("colours2")
    app.new_game("huns", ["purple", "white", "green"], 0, 9)
    seats = app.screen.seats
    app.to_menu()
    app.new_game("khan", ["red", "blue"], 0, 5)
    app.to_menu()
    again = App(pixels(), None, app.root)
    again.boot()
    assert again.open_game("huns") and again.screen.seats == seats
