"""The Huns screen: games pressed through the buttons and checked against the rules core,
the dice on the matrix, the table's own roll, recounts, the end check, the scoring entry,
refused moves, undo and restore. Runs under pytest and under micropython (tests/mp_run.py)."""

import os

from fwtest import pixels, tmpdir

import hostops
from app import App
from hal import clock
from shared_rules import cjson
from shared_rules.errors import RulesError
from shared_rules.huns import randplay, state
from shared_rules.huns.actions import apply
from shared_rules.rng import PCG32
from ui import palette

COLOURS = ("blue", "red", "green", "black", "yellow")
SEATS = ["red", "yellow", "blue", "green"]
# this run's own folder (emptied for each game): other test runs may share the machine
FOLDER = "huns-%x" % int.from_bytes(os.urandom(4), "little")


def _app(players=2, seed=1):
    app = App(pixels(), None, tmpdir(FOLDER))
    app.boot()
    app.new_game("huns", SEATS[:players], 0, seed)
    return app


def _put(app, **changes):
    """The game, changed (a state as the host would put it)."""
    s = app.state_get()["state"]
    for k in changes:
        s[k] = changes[k]
    hostops.state_put(app, {"game": "huns", "state": s})
    return app.state_get()["state"]


class Driver:
    """Presses the buttons a player would press for each JSON action of the rules core.
    press(button, long) presses one on the device and returns the screen's ui_json;
    get_state() returns the device's game (state.get's "state")."""

    def __init__(self, press, get_state, ui=None):
        self._press = press
        self.get_state = get_state
        self.ui = ui or {"mode": "table", "cursor": "blue"}  # a new game's
        self.presses = 0

    def press(self, button, long=False):
        self.ui = self._press(button, long)
        self.presses += 1
        assert "refused" not in self.ui, (button, self.ui)

    def until(self, key, value, button, limit=130):
        for _ in range(limit):
            if self.ui.get(key) == value:
                return
            self.press(button)
        raise AssertionError("%s never became %s: %s" % (key, value, self.ui))

    def play(self, action):
        do = action["do"]
        if do == "start_loot":
            for colour in action["colours"]:
                self.until("cursor", colour, "RIGHT", 5)
                self.press("OK")
        elif do == "roll":
            if "dice" in action:
                self.press("OK", True)
                for colour in COLOURS:
                    self.until("cursor", colour, "RIGHT", 5)
                    while self.ui["dice"][COLOURS.index(colour)] != action["dice"][colour]:
                        self.press("UP")
            self.press("OK")
        elif do == "recount":
            self.press("DOWN")
            for item in ("supply", "decks"):
                counts = action.get(item, {})
                for colour in counts:
                    for _ in range(10):
                        if self.ui["item"] == item and self.ui["cursor"] == colour:
                            break
                        self.press("RIGHT")
                    self.until("value", counts[colour], "UP" if self.ui["value"] < counts[colour] else "DOWN")
            self.press("OK")
        elif do == "take":
            self.until("cursor", action["die"], "RIGHT", 5)
            self.press("OK")
            self.until("choice", action["action"], "RIGHT", 2)
            self.press("OK")
            if action["action"] == "loot":
                if "placed" in action:
                    self.until("value", action["placed"], "DOWN", 10)
                self.press("OK")
        elif do == "end":
            self.press("OK", True)  # the end check takes OK held
        elif do == "score":
            camps = state.camps(action["camps"])
            for camp in camps:
                for v in camp:
                    self.until("value", v, "UP")
                    self.press("OK")
        else:
            raise AssertionError("no presses for " + do)

    def game(self, seed, max_moves=400, table=False):
        """A random game to the end; after every action the device's game must be the rules
        core's. table: every other roll is the table's own, entered. Returns the final state."""
        chooser = PCG32(seed, randplay.CHOOSER_STREAM)
        dice = PCG32(seed, 9)
        for _ in range(max_moves):
            data = self.get_state()
            game = state.game(data)
            action = randplay.choose(game, chooser)
            if action is None:
                return data
            if table and action["do"] == "roll" and dice.below(2):
                action["dice"] = {}
                for c in range(5):
                    sides = game.faces[c]
                    action["dice"][COLOURS[c]] = ord(sides[dice.below(len(sides))]) - 48
            self.play(action)
            apply(game, action)
            assert cjson.dumps(self.get_state()) == cjson.dumps(state.game_json(game)), action
        raise AssertionError("the game did not end")


def driver(app):
    """A Driver pressing the buttons of an App in this process."""
    frames = [0]

    def press(button, long):
        app.press(button, long)
        frames[0] += 37
        app.render(frames[0])  # every frame draws, whatever the mode and the time
        return app.screen.ui_json()

    return Driver(press, lambda: app.state_get()["state"], app.screen.ui_json())


def test_a_whole_game_through_the_buttons_matches_the_rules_core():
    for seed, players in ((1, 2), (2, 4)):
        app = _app(players, seed)
        d = driver(app)
        final = d.game(seed, table=players == 4)
        assert final["phase"] == "over" and d.presses > 100
        assert app.screen.ui_json()["mode"] == "result"


def test_the_dice_stand_in_their_colours_as_high_as_their_values():
    app = _app()
    app.press("OK")  # the first player rolls
    s = app.state_get()["state"]
    assert s["phase"] == "take"
    frame = bytearray(256)
    app.screen.draw(frame, 1000)
    app.screen.draw(frame, 1000)  # the dice tumble for a moment, then settle
    frame = bytearray(256)
    app.screen.draw(frame, 5000)
    for c in range(5):
        x = 1 + 3 * c
        column = [frame[y * 16 + x] for y in range(10, 16)]
        assert column == [0] * (6 - s["dice"][c]) + [palette.DIE + c] * s["dice"][c], (c, column)
        assert frame[15 * 16 + x + 1] == palette.DIE + c
    assert frame[6 * 16 + 4 * s["current"]] in (palette.player(SEATS[s["current"]]),
                                                palette.player(SEATS[s["current"]], True))
    assert frame[8 * 16 + 4 * s["first"]] == palette.WHITE  # the first-player token


def test_a_taken_die_leaves_the_mark_of_its_taker_and_the_cursor_moves_on():
    app = _app()
    app.press("OK")
    first = app.state_get()["state"]["first"]
    app.press("RIGHT")  # the red die
    app.press("OK")
    assert app.screen.ui_json()["choices"] == ["cards", "loot"]
    app.press("OK")  # cards
    s = app.state_get()["state"]
    assert s["taken"] == ["red"] and s["decks"][1] == 9 and s["current"] == 1 - first
    ui = app.screen.ui_json()
    assert ui["mode"] == "table" and ui["cursor"] == "green"
    frame = bytearray(256)
    app.screen.draw(frame, 5000)
    assert frame[9 * 16 + 4] == palette.player(SEATS[first])
    assert [frame[y * 16 + 4] for y in range(10, 16)] == [0] * 6


def test_loot_asks_how_many_cubes_stay():
    app = _app()
    app.press("OK")
    s = app.state_get()["state"]
    value = s["dice"][0]
    app.press("OK")  # the blue die
    app.press("RIGHT")  # loot
    app.press("OK")
    ui = app.screen.ui_json()
    assert ui["mode"] == "placed" and ui["value"] == value and ui["most"] == value
    for _ in range(value + 2):
        app.press("DOWN")
    assert app.screen.ui_json()["value"] == 0
    app.press("UP")
    app.press("BACK")  # back to cards or loot, then loot again: all of them by default
    app.press("OK")
    app.press("DOWN")
    app.press("OK")
    assert app.state_get()["state"]["supply"][0] == 20 - (value - 1)


def test_the_tables_own_roll():
    app = _app()
    app.press("OK", True)
    ui = app.screen.ui_json()
    assert ui["mode"] == "dice" and ui["dice"] == [1, 1, 1, 1, 1]
    app.press("DOWN")  # below 1: round to the top face
    app.press("RIGHT")
    app.press("UP")
    app.press("RIGHT")
    app.press("UP")
    app.press("UP")
    assert app.screen.ui_json()["dice"] == [3, 2, 3, 1, 1]
    app.press("OK")
    s = app.state_get()["state"]
    assert s["phase"] == "take" and s["dice"] == [3, 2, 3, 1, 1]


def test_setup_loot_of_the_third_and_fourth_players():
    app = _app(4, 3)
    s = app.state_get()["state"]
    assert s["phase"] == "setup" and s["start_loot"] == [[(s["first"] + 2) % 4, 1], [(s["first"] + 3) % 4, 2]]
    app.press("RIGHT")
    app.press("OK")  # the third player: one red cube
    s = app.state_get()["state"]
    assert s["supply"] == [23, 24, 24, 24, 24] or s["supply"] == [24, 23, 24, 24, 24]
    before = s["supply"]
    app.press("OK")
    assert app.screen.ui_json()["marked"] == [app.screen.ui_json()["cursor"]]
    app.press("OK")  # unmarked again: nothing is taken yet
    assert app.screen.ui_json()["marked"] == [] and app.state_get()["state"]["supply"] == before
    app.press("OK")
    app.press("LEFT")
    app.press("OK")  # the fourth player: two cubes of different colours
    s = app.state_get()["state"]
    assert s["phase"] == "roll" and sum(s["supply"]) == 5 * 24 - 3


def test_a_refused_move_flashes_red_and_changes_nothing():
    app = _app()
    _put(app, decks=[0, 10, 10, 10, 10])
    app.press("OK")
    before = app.state_get()["state"]
    app.press("OK")  # the blue die: loot is offered first, the deck is empty
    assert app.screen.ui_json()["choice"] == "loot"
    app.press("LEFT")
    app.press("OK")  # cards from an empty deck
    ui = app.screen.ui_json()
    assert ui["refused"] == "huns.deck_empty" and ui["mode"] == "action"
    assert app.state_get()["state"] == before
    frame = bytearray(256)
    app.screen.draw(frame, app.screen.error_at + 100)
    assert frame[0] == palette.BAD and frame[4 * 16 + 15] == palette.BAD
    app.press("BACK")  # ends the reason scrolling, and only that
    assert app.screen.ui_json()["mode"] == "action"
    app.press("BACK")
    assert app.screen.ui_json()["mode"] == "table" and "refused" not in app.screen.ui_json()


def test_recount_and_the_end_check_go_to_the_scoring():
    app = _app()
    app.press("DOWN")  # the supply and the decks as the table shows them
    ui = app.screen.ui_json()
    assert ui["mode"] == "count" and ui["item"] == "supply" and ui["value"] == 20
    app.press("OK")  # nothing changed: no new state
    assert app.screen.ui_json()["mode"] == "table"
    app.press("UP")
    for _ in range(6):
        app.press("RIGHT")  # the red deck
    for _ in range(12):
        app.press("DOWN")
    app.press("OK")
    assert app.state_get()["state"]["decks"] == [10, 0, 10, 10, 10]
    app.press("OK")  # roll
    for _ in range(5):
        app.press("OK")
        if app.screen.ui_json()["choice"] == "cards":
            app.press("RIGHT")
        app.press("OK")
        app.press("OK")
    s = app.state_get()["state"]
    assert s["phase"] == "end"
    frame = bytearray(256)
    app.screen.draw(frame, 0)
    assert frame[10 * 16 + 5] == palette.BAD and frame[10 * 16 + 4] != palette.BAD  # the red deck ran out
    app.press("OK", True)
    assert app.state_get()["state"]["phase"] == "scoring"
    assert app.screen.ui_json() == {"mode": "score", "phase": "scoring", "seat": 0, "field": "raids", "value": 0}
    # BACK on the scoring's first count asks MENU OK? (the box can always be left for the menu)
    app.press("RIGHT")
    app.press("BACK")
    assert app.ui_json()["mode"] == "score" and app.ui_json()["field"] == "raids"
    app.press("BACK")
    assert app.ui_json()["mode"] == "leave"
    app.press("DOWN")  # stay
    assert app.ui_json()["mode"] == "score"
    app.press("BACK")
    app.press("OK")
    assert app.ui_json()["mode"] == "menu" and app.ui_json()["choice"] == "huns"


def test_scoring_entry_then_the_vp_and_the_winners():
    app = _app(3, 4)
    s = app.state_get()["state"]
    _put(app, phase="scoring", start_loot=[], supply=[0, 22, 22, 22, 22])
    # seat 0: 2 raids, a full and a partial mercenary; seat 1: 3 raids; seat 2: nothing
    for k in range(2):
        app.press("UP")
    app.press("OK")
    app.press("UP")
    app.press("OK")
    app.press("UP")
    app.press("OK", True)  # the rest of this camp is 0
    for k in range(3):
        app.press("UP")
    app.press("BACK")  # back to the camp before: its last count
    assert app.screen.ui_json()["seat"] == 0 and app.screen.ui_json()["field"] == "blue"
    app.press("OK")
    assert app.screen.ui_json()["value"] == 3  # seat 1's raids kept
    app.press("OK", True)
    app.press("OK", True)
    s = app.state_get()["state"]
    assert s["phase"] == "over" and s["result"]["vp"] == [2, 3, 0] and s["result"]["winners"] == [1]
    assert s["final"][0][:3] == [2, 1, 1]
    ui = app.screen.ui_json()
    assert ui["mode"] == "result" and ui["seat"] == 1 and ui["place"] == 1 and ui["ranking"] == [1, 0, 2]
    frame = bytearray(256)
    app.screen.draw(frame, 0)
    assert frame[8 * 16] == palette.GOOD and frame[8 * 16 + 4] == 0  # the winner's mark, first in place order
    app.press("RIGHT")
    assert app.screen.ui_json()["seat"] == 0
    app.press("OK", True)
    assert app.screen_name() == "menu"


def test_mercenaries_stop_at_the_cards_in_the_box():
    app = _app()
    _put(app, phase="scoring", supply=[0, 20, 20, 20, 20])
    app.press("RIGHT")
    for _ in range(10):
        app.press("UP")
    app.press("RIGHT")
    app.press("UP")
    app.press("UP")
    assert app.screen.ui_json()["value"] == 2
    app.press("UP")
    assert app.screen.ui_json()["value"] == 2 and "refused" in app.screen.ui_json()


def test_undo_and_restore_bring_the_game_and_its_colours_back():
    app = App(pixels(), None, tmpdir(FOLDER))
    app.boot()
    app.new_game("huns", ["purple", "green"], 0, 5)
    before = app.state_get()["state"]
    app.press("OK")
    assert app.state_get()["state"]["phase"] == "take"
    app.press("BACK", True)
    assert app.state_get()["state"] == before and app.screen.seats == bytes((palette.player("purple"),
                                                                            palette.player("green")))
    again = App(pixels(), None, app.root)
    again.boot()
    assert again.screen_name() == "huns" and again.state_get()["state"] == before


def test_a_bad_position_is_refused_and_the_game_kept():
    app = _app()
    before = app.state_get()["state"]
    for bad in ({"game": "huns"}, None, {"game": "huns", "version": 1, "players": 9}):
        try:
            hostops.state_put(app, {"game": "huns", "state": bad})
        except RulesError as e:
            assert e.code == "bad_args"
        else:
            raise AssertionError("accepted %r" % (bad,))
        assert app.state_get()["state"] == before


def _over(players=3, seed=4):
    """A game scored through the buttons: seat 0 two raids and a full mercenary, seat 1
    three raids and a curse avoided, seat 2 a treasure and four loot cubes in the stash."""
    app = _app(players, seed)
    _put(app, phase="scoring", start_loot=[], supply=[0, 22, 22, 22, 22])
    for camp in ([2, 1], [3, 0, 0, 0, 1], [0, 0, 0, 1, 0, 4]):
        for k in range(len(camp)):
            while app.screen.ui_json()["value"] < camp[k]:
                app.press("UP")
            if k + 1 < len(camp):
                app.press("OK")
        app.press("OK", True)  # the rest of the camp is 0
    return app


def test_the_result_is_a_ranking_with_each_seats_scoring_categories():
    app = _over()
    s = app.state_get()["state"]
    assert s["phase"] == "over"
    r = s["result"]
    from shared_rules.huns.summary import summary

    want = summary(app.record.game, {"players": SEATS[:3]})
    ui = app.screen.ui_json()
    assert ui["ranking"] == [SEATS.index(p["player"]) for p in want["ranking"]]
    assert [r["vp"][k] for k in ui["ranking"]] == sorted(r["vp"], reverse=True)
    frame = bytearray(256)
    app.screen.draw(frame, 0)
    for k in range(3):  # the seats in place order, left to right
        assert frame[6 * 16 + 4 * k] == palette.player(SEATS[ui["ranking"][k]])
    rows = ("vp", "raids", "mercenaries", "treasures", "curses", "wagons", "stash")
    for place in range(3):
        ui = app.screen.ui_json()
        seat = ui["seat"]
        assert seat == ui["ranking"][place] and ui["place"] == want["ranking"][place]["place"]
        parts = want["breakdown"][SEATS[seat]]
        for row in rows:
            ui = app.screen.ui_json()
            assert ui["show"] == row
            if row == "vp":
                assert ui["value"] == want["ranking"][place]["total"]
            else:
                assert ui["value"] == parts[row], row
            app.press("DOWN")
        assert app.screen.ui_json()["show"] == "vp", "the rows wrap"
        app.press("RIGHT")
    assert app.screen.ui_json()["seat"] == ui["ranking"][0], "the places wrap"
    app.press("UP")
    assert app.screen.ui_json()["show"] == "stash"


def _to_end_check(app):
    """Take the five dice of a round (cards each time) with OK after OK, as a table would
    mash it, and keep mashing: returns how many OKs came after the fifth die."""
    app.press("OK")  # roll
    mashed = 0
    while app.state_get()["state"]["phase"] != "end":
        app.press("OK")
    for _ in range(10):
        app.press("OK")
        mashed += 1
    return mashed


def test_a_mashed_ok_cannot_skip_the_end_check():
    app = _app(2, 5)
    s = _put(app, decks=[10, 0, 10, 10, 10])  # the red deck is empty: the check will end the game
    assert s["phase"] == "roll"
    _to_end_check(app)
    assert app.state_get()["state"]["phase"] == "end", "ten short OKs did not run past the check"
    frame = bytearray(256)
    app.render(clock.now())
    frame = app.pixels.frame
    ref = bytearray(256)
    from ui.base import text

    text(ref, 0, 0, "HOLD", palette.HINT)
    assert [frame[k] == palette.HINT for k in range(80)] == [ref[k] == palette.HINT for k in range(80)]
    app.screen.draw(frame, clock.later(clock.now(), 5000))  # later: the check again
    assert frame[10 * 16 + 5] == palette.BAD  # the red deck ran out
    app.press("OK", True)
    assert app.state_get()["state"]["phase"] == "scoring"
