"""Finished games kept on the box: at a game's end its journal goes into the archive with
its summary and times, the summary comes up on the matrix, the host lists and fetches
the archive, the same game archived twice is kept once, and past the flash budget the
oldest go."""

from fwtest import pixels, tmpdir

import hostops
from app import App


def _app(name: str):
    app = App(pixels(), None, tmpdir(name))
    app.boot()
    return app


def _to_the_end(app, game: str, colours: list, seed: int) -> int:
    """Play a game with its random player through app.act, as the screens do."""
    from shared_rules.games import module
    from shared_rules.rng import PCG32

    app.new_game(game, colours, 0, seed)
    rng = PCG32(seed)
    rules = module(game)
    play = module(game, "randplay")
    while not rules.is_over(app.record.game):
        _try(app, play.action(app.record.game, rng))
    return app.record.count()


def _try(app, action) -> None:
    """An action of a random player (nearly always legal: a refused one changes nothing)."""
    from shared_rules.errors import RulesError

    try:
        app.act(action)
    except RulesError:
        return
    app.flush()


def _json(obj):
    import json

    from shared_rules import cjson

    out = []
    cjson.dump(obj, out.append)
    return json.loads("".join(out))


def test_a_finished_game_is_archived_summed_up_and_served_to_the_host():
    from shared_rules import replay
    from shared_rules.games import module

    app = _app("arc1")
    n = _to_the_end(app, "chuhan", [], 4)
    from hal import clock

    now = clock.now()
    app.tick(now)  # the game's own screen announces its end first...
    assert app.screen.ui_json().get("mode") != "summary"
    app.tick(now + 5000)  # ...and after a while without a press, the summary comes up
    assert app.screen.ui_json()["mode"] == "summary" and app.screen_name() == "chuhan"
    first = bytes(app.pixels.frame)
    app.press("RIGHT")  # the next page
    assert app.screen.page == 1 and bytes(app.pixels.frame) != first
    assert app.screen.pages[-2:] == [("len", "ACT", n), ("len", "MIN", 0)]  # its length, on the last pages
    listed = _json(hostops.archive_list(app, {}))["games"]
    assert len(listed) == 1 and listed[0]["game"] == "chuhan" and listed[0]["actions"] == n
    assert listed[0]["clock"] == "relative" and listed[0]["start"] is not None and listed[0]["size"] > 100
    got = _json(hostops.archive_get(app, {"id": listed[0]["id"]}))
    assert got["game"] == "chuhan" and got["summary"]["actions"] == n
    lines = got["journal"]
    assert lines[0]["game"] == "chuhan" and len(lines) == n + 1
    from shared_rules import cjson

    again = replay.replay(lines[0], [cjson.dumps(e) for e in lines[1:]])  # the host's check: the same end
    assert module("chuhan", "state").game_json(again) == app.state_get()["state"]
    app.press("OK")  # back to the game's own end screen
    assert app.screen.ui_json().get("mode") != "summary"


def test_an_ending_undone_and_played_again_is_kept_once():
    from shared_rules.games import module
    from shared_rules.rng import PCG32

    app = _app("arc2")
    _to_the_end(app, "chuhan", [], 5)
    first = _json(hostops.archive_list(app, {}))["games"]
    from hal import clock

    app.tick(clock.now() + 5000)
    app.press("BACK", True)  # undo the last action: from the summary, on the game's screen
    assert app.screen.ui_json().get("mode") != "summary" and app.history is not None
    app.press("BACK")  # the history overlay closes
    rng = PCG32(99)
    while not module("chuhan").is_over(app.record.game):  # the ending played again
        _try(app, module("chuhan", "randplay").action(app.record.game, rng))
    games = _json(hostops.archive_list(app, {}))["games"]
    assert len(games) == 1 and games[0]["id"] == first[0]["id"] and games[0]["actions"] == app.record.count()


class _NoRoom:
    """A game's summary module whose code found no room (a split heap at the game's end)."""

    @staticmethod
    def summary(game, settings):
        raise MemoryError("memory allocation failed, allocating 1280 bytes")


def test_a_summary_out_of_ram_at_the_end_is_tried_once_more_and_the_game_archived():
    import sys

    app = _app("arc5")
    sys.modules["shared_rules.chuhan.summary"] = _NoRoom  # (the real one comes back at the try after)
    try:
        n = _to_the_end(app, "chuhan", [], 4)
    finally:
        sys.modules.pop("shared_rules.chuhan.summary", None)
    listed = _json(hostops.archive_list(app, {}))["games"]
    assert len(listed) == 1 and listed[0]["actions"] == n
    assert _json(hostops.archive_get(app, {"id": listed[0]["id"]}))["summary"]["actions"] == n
    from hal import clock

    app.tick(clock.now() + 5000)
    assert app.screen.ui_json()["mode"] == "summary" and app.alert == ""


def test_with_the_clock_set_a_game_carries_real_times_and_its_minutes():
    from hal import clock

    app = _app("arc3")
    clock.set_wall(1795000000)
    try:
        _to_the_end(app, "khaan", ["red", "blue"], 6)
        listed = _json(hostops.archive_list(app, {}))["games"]
        assert listed[0]["clock"] == "set" and listed[0]["start"] >= 1795000000
        assert listed[0]["end"] >= listed[0]["start"]
        got = _json(hostops.archive_get(app, {"id": listed[0]["id"]}))
        assert got["journal"][0]["start"] == listed[0]["start"]  # in the header: part of the game's id
        assert got["summary"]["minutes"] == 0
        assert hostops.hello(app, {})["clock"] == "set"
    finally:
        clock._wall = None


def test_past_the_flash_budget_the_oldest_games_go():
    import os

    import archive

    app = _app("arc4")
    app.archive_budget = 6000
    ids = []
    for seed in range(1, 6):
        _to_the_end(app, "chuhan", [], seed)
        ids.append(_json(hostops.archive_list(app, {}))["games"][-1]["id"])
    kept = _json(hostops.archive_list(app, {}))["games"]
    sizes = sum(g["size"] for g in kept)
    assert sizes <= 6000 and 1 <= len(kept) < 5
    assert [g["id"] for g in kept] == ids[-len(kept):]  # the newest kept, in order
    assert len(os.listdir(app.root + archive.FOLDER)) == len(kept)


def test_archive_ops_refuse_bad_ids_with_one_line():
    from shared_rules.errors import RulesError

    app = _app("arc5")
    for bad in (None, 5, "nope"):
        try:
            hostops.archive_get(app, {"id": bad})
        except RulesError as e:
            assert e.code == "bad_args" and "archive" in e.message or "id" in e.message
        else:
            raise AssertionError("archive.get took " + str(bad))


def test_a_damaged_archive_entry_is_named_and_never_stops_the_others():
    """Issue 23 finding 1: an archived game whose journal line is 5,000 deep but sealed, or
    not UTF-8, or 60 KB long, goes out with that line as {"damaged": true} (the host names
    it) and the reply stays JSON; one whose first line is deep is listed as damaged, by the
    id in its name - before, archive.list ran out of RAM and no game could be pulled."""
    import os

    from shared_rules import journal

    app = _app("arc-bad")
    ids = []
    for seed in (4, 5, 6):
        _to_the_end(app, "chuhan", [], seed)
        ids.append(app.record.head_id)
    folder = app.root + "ended/"
    names = sorted(os.listdir(folder))
    assert len(names) == 3
    with open(folder + names[0], "rb") as f:
        whole = f.read()
    first = whole[:whole.find(b"\n") + 1]
    second_at = len(first) + whole[len(first):].find(b"\n") + 1  # the journal's second line (an action)
    end = whole.find(b"\n", second_at) + 1
    for bad in (journal.seal('{"a":' + "[" * 5000 + "]" * 5000 + "}").encode(), b"\xff\xfe\n",
                journal.seal('{"a":{"pad":"' + "x" * 60000 + '"}}').encode(), journal.seal('{"a":1 "b":2}').encode()):
        with open(folder + names[0], "wb") as f:
            f.write(whole[:second_at] + bad + whole[end:])
        got = _json(hostops.archive_get(app, {"id": ids[0]}))
        assert got["journal"][1] == {"damaged": True} and len(got["journal"]) == whole.count(b"\n") - 1, bad[:20]
        assert "damaged" not in got["journal"][0] and "damaged" not in got["journal"][2]  # only that line
    with open(folder + names[1], "wb") as f:  # the first line (the meta) itself: deep, sealed
        f.write(journal.seal("[" * 30000 + "]" * 30000).encode() + whole[len(first):])
    listing = _json(hostops.archive_list(app, {}))["games"]
    assert [g["id"] for g in listing] == ids and "damaged" in listing[1] and "damaged" not in listing[2]
    assert _json(hostops.archive_get(app, {"id": ids[2]}))["game"] == "chuhan"  # the good ones: whole
    try:
        hostops.archive_get(app, {"id": ids[1]})
        raise AssertionError("a damaged entry served")
    except Exception as e:
        assert getattr(e, "code", "") == "bad_args" and "damaged" in e.message


def test_the_summarys_code_goes_with_its_game():
    """ui/summary.py is loaded for a game's end and let go with the game (to the menu): it
    stayed loaded, 3 KB of a 190wK heap, after every game that ended (tests/test_loop.py's
    heap, flat but for it)."""
    import sys

    from hal import clock

    app = _app("arc-unload")
    _to_the_end(app, "chuhan", [], 4)
    app.tick(clock.now() + 5000)
    assert app.screen.ui_json()["mode"] == "summary" and "ui.summary" in sys.modules
    app.to_menu()
    assert app.screen_name() == "menu" and "ui.summary" not in sys.modules
