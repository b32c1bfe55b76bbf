"""Rise of the Khaan played through the buttons of the firmware, in-process on CPython: what
the screen computes must be what the op table answers (the ops `steppe rules` and
`steppe verify` run), and random presses must always leave a good game, saved."""

import random
import tempfile

import pytest

from app import App  # noqa: E402
from fwtest import pixels
from hal.pixels import NeoPixelStrip  # noqa: E402
from shared_rules import ops
from shared_rules.khaan import combat
from shared_rules.khaan import state as khaan_state
from test_fw_khaan_ui import _state, _tool, _ui  # the firmware tests' own ways about the screen
from ui import palette  # noqa: E402

PLAYERS = ["red", "yellow", "blue", "green", "white", "purple"]


def _app(players: int = 4, seed: int = 1, option: int = 0) -> App:
    """option 0: the kurultai counted in players' turns (the menu's default), 1: in rounds."""
    app = App(NeoPixelStrip(22, 16, 16, palette.PALETTE), None, tempfile.mkdtemp() + "/")
    app.boot()
    if players:
        app.new_game("khaan", PLAYERS[:players], option, seed)
    return app


def _to(app, value: int, now) -> None:
    """LEFT/RIGHT until now() gives value."""
    while now() != value:
        app.press("RIGHT" if now() < value else "LEFT")


def test_the_menu_starts_a_game_of_rise_of_the_khaan():
    app = _app(0)
    assert app.screen_name() == "menu"
    for _ in range(3):
        app.press("DOWN")  # KHAN, CHU, HUNS, RISE
    app.press("OK")
    app.press("LEFT")  # two players
    app.press("OK")
    app.press("OK")
    assert app.screen_name() == "khaan"
    assert _state(app)["players"] == ["red", "yellow"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_first_roll_is_the_roll_op(seed):
    app = _app(3, seed)
    _tool(app, "dice")
    r = random.Random(seed)
    n6, n4 = r.randint(0, 4), r.randint(1, 4)
    while _ui(app)["d6"] != n6:
        app.press("UP" if _ui(app)["d6"] < n6 else "DOWN")
    app.press("RIGHT")
    while _ui(app)["d4"] != n4:
        app.press("UP" if _ui(app)["d4"] < n4 else "DOWN")
    app.press("OK")
    want = ops.call("khaan.roll", {"dice": ["d6"] * n6 + ["d4"] * n4, "seed": seed})
    assert _state(app)["dice"]["rolls"] == want["rolls"]


@pytest.mark.parametrize("seed,players", [(s, 2 + s % 5) for s in range(1, 21)])
def test_the_turn_order_is_the_order_op(seed, players):
    app = _app(players, seed)
    _tool(app, "ordr")
    app.press("OK")
    want = ops.call("khaan.order", {"players": PLAYERS[:players], "seed": seed})
    assert _state(app)["order"] == want
    f = app.pixels.frame
    app.render(10 ** 6)
    step = 16 // players if players > 5 else 3
    x0 = (16 - step * players + step - 2) // 2
    assert [f[13 * 16 + x0 + j * step] for j in range(players)] == [palette.player(p) for p in want["order"]]


def _fight(app, attacker: dict, defender: dict, rolls: list) -> None:
    for side, units, die in (("attacker", attacker, rolls[0]), ("defender", defender, rolls[1])):
        for key in ("horde", "army", "guard", "bonus", "roll"):
            while _ui(app)["field"] != side + "." + key:
                app.press("DOWN")
            if key == "roll":
                _to(app, die, lambda: _ui(app)["rolls"][0 if side == "attacker" else 1])
            else:
                _to(app, units[key], lambda: _ui(app)[side][key])
    app.press("OK")


def test_battles_are_the_combat_op():
    app = _app(2, 8)
    r = random.Random(8)
    _tool(app, "war")
    for _ in range(60):
        sides = []
        for _side in range(2):
            s = {"horde": r.randint(0, 5), "army": r.randint(0, 3), "guard": r.randint(0, 3), "bonus": r.randint(-3, 3)}
            if not s["horde"] + s["army"] + s["guard"]:
                s["horde"] = 1
            sides.append(s)
        _fight(app, sides[0], sides[1], [r.randint(0, 6), r.randint(0, 6)])
        battle = _state(app)["battle"]
        assert battle["attacker"] == sides[0] and battle["defender"] == sides[1]
        want = ops.call("khaan.combat", battle)
        a, d, rolls = app.record.game.battle
        winner, sa, lost_a, lost_d = combat.battle(a, d, rolls)
        assert winner == want["winner"] and sa == want["sa"]
        assert {"horde": lost_a[0], "army": lost_a[1], "guard": lost_a[2]} == want["losses"]["attacker"]
        assert {"horde": lost_d[0], "army": lost_d[1], "guard": lost_d[2]} == want["losses"]["defender"]
        app.render(10 ** 6)
        colour = {"attacker": palette.GOOD, "defender": palette.HALF, "tie": palette.HINT}[want["winner"]]
        assert colour in app.pixels.frame[4:16]
        app.press("OK")


def test_plunder_is_the_plunder_op():
    app = _app(3, 12)
    r = random.Random(12)
    _tool(app, "loot")
    for _ in range(40):
        target = r.choice(["tribe", "player", "settled"])
        while _ui(app)["field"] != "target":
            app.press("UP")
        _to(app, ["player", "settled", "tribe"].index(target),
            lambda: ["player", "settled", "tribe"].index(_ui(app)["target"]))
        fertility = r.randint(0, 4)
        if target != "settled":
            app.press("DOWN")
            _to(app, fertility, lambda: _ui(app)["fertility"])
        if target == "player":
            app.press("DOWN")
            _to(app, r.randint(0, fertility), lambda: _ui(app)["population"])  # no more than the grass feeds
        by = r.randrange(3)
        app.press("DOWN")
        _to(app, by, lambda: PLAYERS.index(_ui(app)["by"]))
        owner = -1
        if target == "player":
            owner = r.choice([k for k in range(3) if k != by])
            app.press("DOWN")
            _to(app, owner, lambda: PLAYERS.index(_ui(app)["owner"]))
        before = _state(app)["prestige"]
        app.press("OK")
        loot = _state(app)["plunder"]
        want = ops.call("khaan.plunder", loot)
        after = _state(app)["prestige"]
        for k in range(3):  # LOOT adds its prestige: the plunderer's gain, the owner's loss
            points = want["prestige"]["attacker"] if k == by else want["prestige"]["defender"] if k == owner else 0
            assert after[PLAYERS[k]] == before[PLAYERS[k]] + points, (target, k)
        if target == "settled":
            assert app.screen._looted() == (want["gold"], want["silk"], -1)
        else:
            fled = want["fleeing"] if target == "player" else -1
            assert app.screen._looted() == (want["herd"], want["population"], fled)
        app.press("OK")


def test_prestige_is_the_prestige_op():
    app = _app(3, 2)
    r = random.Random(2)
    _tool(app, "pres")
    keys = sorted(ops.call("khaan.tables", {})["prestige"]["actions"])
    done = {"red": [], "yellow": [], "blue": []}
    for _ in range(60):
        who = r.choice(list(done))
        action = r.choice(keys)
        while _ui(app)["choice"] != who:
            app.press("RIGHT")
        while _ui(app)["action"] != action:
            app.press("DOWN")
        app.press("OK")
        done[who].append(action)
        for p in done:
            assert _state(app)["prestige"][p] == ops.call("khaan.prestige", {"actions": done[p]})["ledger"]


@pytest.mark.parametrize("seed", range(1, 31))
def test_the_tally_is_the_kurultai_op(seed):
    r = random.Random(seed)
    players = 2 + seed % 5
    app = _app(players, seed)
    _tool(app, "kuru")
    app.press("OK", True)
    votes = [0] * players
    left = 12
    for k in range(players):
        votes[k] = r.randint(0, left) if r.random() < 0.5 else r.randint(0, min(left, 3))
        left -= votes[k]
    for k in range(players):
        while _ui(app)["choice"] != PLAYERS[k]:
            app.press("RIGHT")
        for _ in range(votes[k]):
            app.press("UP")
    app.press("OK")
    tribes = PLAYERS[:players] + ["tribe-" + str(k + 1) for k in range(12 - players)]
    ballot = {}
    cast = [PLAYERS[k] for k in range(players) for _ in range(votes[k])]
    for k in range(12):
        ballot[tribes[k]] = cast[k] if k < len(cast) else None
    want = ops.call("khaan.kurultai", {"votes": ballot})
    assert _state(app)["khan"] == want["elected"]


@pytest.mark.parametrize("option,players", [(0, 3), (1, 2)])
def test_the_countdown_is_the_countdown_op(option, players):
    app = _app(players, 3, option)
    r = random.Random(3)
    _tool(app, "kuru")
    turns = 0
    for _ in range(300):
        app.press(r.choice(["OK", "OK", "OK", "UP", "DOWN", "LEFT", "RIGHT"]))
        if app.screen.mode == "tally":
            app.press("BACK")
        s = _state(app)
        if s["unit"] == "round":
            want = ops.call("khaan.countdown", {"round": s["round"], "every": s["every"]})["rounds_left"]
        else:
            seat = PLAYERS.index(s["turn"]) + 1
            turns += seat > 1
            want = ops.call("khaan.countdown", {"round": s["round"], "every": s["every"], "unit": "turn",
                                                "players": players, "turn": seat})["turns_left"]
        assert _ui(app)["left"] == want
    assert option == 1 or turns > 10, "the turns went round"


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 4), (3, 6)])
def test_random_presses_always_leave_a_good_game_saved(seed, players):
    app = _app(players, seed)
    r = random.Random(seed)
    buttons = ["UP", "DOWN", "LEFT", "RIGHT", "OK", "OK", "BACK"]
    seen = set()
    for _ in range(1500):
        b = r.choice(buttons)
        long = b in ("OK", "BACK") and r.random() < 0.08
        if b == "BACK" and not long and app.screen.mode == "home":
            continue  # that is the way out to the menu
        app.press(b, long)
        assert app.screen_name() == "khaan"
        seen.add(app.screen.mode)
        for now in (0, r.randrange(1 << 30)):
            app.render(now)
        s = _state(app)
        saved = App(pixels(), None, app.root)  # every change is saved: a restart comes back to it
        saved.boot()
        assert _state(saved) == s
        assert khaan_state.game_json(khaan_state.game(s)) == s
    assert seen == {"home", "dice", "ordr", "war", "fought", "kuru", "tally", "pres", "loot", "looted"}
