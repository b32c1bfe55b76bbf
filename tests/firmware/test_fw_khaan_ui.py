"""The Rise of the Khaan screen through its buttons: dice, the turn order with its re-rolls,
the rulebook's two battles, plunder, prestige, the kurultai countdown and election, what
the matrix shows, refusals, undo, restarts and the checks of a saved game."""

from fwtest import pixels, tmpdir

from app import App
from shared_rules.errors import RulesError
from shared_rules.dice import roll_faces
from shared_rules.khaan import combat, dice, kurultai, plunder, prestige
from shared_rules.khaan import state as khaan_state
from shared_rules.khaan.tables import ACTIONS, DICE, TRIBES
from shared_rules.rng import PCG32
from ui import khaan, palette

FOUR = ["red", "yellow", "blue", "green"]


def _app(name: str, players=None, seed: int = 1, option: int = 1) -> App:
    """A game whose kurultai interval counts rounds (option 1), or players' turns (0, the
    menu's default)."""
    app = App(pixels(), None, tmpdir("khaan-" + name))
    app.new_game("khaan", list(players or FOUR), option, seed)
    return app


def _state(app) -> dict:
    return app.state_get()["state"]


def _ui(app) -> dict:
    return app.screen.ui_json()


def _press(app, *buttons) -> None:
    for b in buttons:
        app.press(b)


def _tool(app, name: str) -> None:
    """From anywhere in the game to a tool of the home screen."""
    while app.screen.mode != "home":
        app.press("BACK")
    while _ui(app)["choice"] != name:
        app.press("DOWN")
    app.press("OK")
    assert app.screen.mode == name


def _frame(app, now: int = 10 ** 6) -> bytearray:
    """The frame as the screen draws it at a time with no tumble, flash or notice."""
    f = bytearray(256)
    app.screen.draw(f, now)
    return f


def _has(pixels, colour: int) -> bool:
    """Whether a colour is among the pixels (MicroPython's bytearray has no `in` for ints)."""
    for v in pixels:
        if v == colour:
            return True
    return False


def _set_war(app, field: str, value: int) -> None:
    """Move to a battle's field ("attacker.horde" ...) and set it with LEFT/RIGHT."""
    while _ui(app)["field"] != field:
        app.press("DOWN")
    side, key = field.split(".")
    while True:
        ui = _ui(app)
        now = ui["rolls"][0 if side == "attacker" else 1] if key == "roll" else ui[side][key]
        if now == value:
            return
        app.press("RIGHT" if now < value else "LEFT")


# -- a new game ------------------------------------------------------------------------------
def test_a_new_game_is_a_small_state_with_the_seeded_dice():
    app = _app("new", ["red", "blue", "green"], 7)
    s = _state(app)
    assert s["players"] == ["red", "blue", "green"] and s["round"] == 1 and s["every"] == 4
    assert s["prestige"] == {"red": 0, "blue": 0, "green": 0} and s["khan"] is None
    assert s["order"] is None and s["battle"] is None and s["plunder"] is None
    assert s["dice"] == {"d6": 1, "d4": 1, "rolls": []}
    assert s["rng"] == PCG32(7, 0).getstate()
    ui = _ui(app)
    assert ui["mode"] == "home" and ui["choice"] == "ordr", "the turn-order roll comes first"
    assert ui["choices"] == ["dice", "ordr", "war", "kuru", "pres", "loot"]


def test_back_on_the_home_screen_asks_then_goes_to_the_menu_and_the_game_resumes():
    app = _app("menu")
    _tool(app, "dice")
    app.press("OK")
    s = _state(app)
    app.press("BACK")  # out of the dice tool
    app.press("BACK")  # home: "menu?"
    assert app.screen_name() == "khaan" and app.leaving
    app.press("OK")
    assert app.screen_name() == "menu"
    assert "khaan" in app.saved_games()
    assert app.open_game("khaan") and _state(app) == s


# -- dice -------------------------------------------------------------------------------------
def test_the_dice_roller_rolls_what_was_picked_from_the_seeded_stream():
    app = _app("dice", seed=3)
    _tool(app, "dice")
    assert _ui(app)["d6"] == 1 and _ui(app)["d4"] == 1, "the growth roll: a d6 and a d4"
    _press(app, "UP", "UP", "RIGHT", "UP")  # 3 d6, 2 d4
    assert _ui(app)["d6"] == 3 and _ui(app)["d4"] == 2
    rng = PCG32(3, 0)
    app.press("OK")
    want = roll_faces(rng, [DICE["d6"]] * 3 + [DICE["d4"]] * 2)
    s = _state(app)
    assert s["dice"] == {"d6": 3, "d4": 2, "rolls": want} and s["rng"] == rng.getstate()
    f = _frame(app)
    for k in range(3):  # the d6 in white on the top row, the d4 in orange below
        assert _has(f[4 * k:4 * k + 3], palette.WHITE) or _has(f[16 + 4 * k:16 + 4 * k + 3], palette.WHITE)
    assert _has(f[6 * 16:11 * 16], palette.HINT)
    app.press("OK")
    assert _state(app)["dice"]["rolls"] == roll_faces(rng, [DICE["d6"]] * 3 + [DICE["d4"]] * 2)


def test_the_box_holds_four_of_each_die_and_a_roll_needs_one():
    app = _app("box")
    _tool(app, "dice")
    _press(app, *(["UP"] * 6))
    assert _ui(app)["d6"] == 4
    _press(app, *(["DOWN"] * 6), "RIGHT", *(["DOWN"] * 3))
    assert _ui(app)["d6"] == 0 and _ui(app)["d4"] == 0
    before = _state(app)
    app.press("OK")
    assert _ui(app)["error"] == "khaan.no_dice" and _state(app) == before


def test_undo_brings_the_dice_back_too():
    app = _app("undo", seed=5)
    _tool(app, "dice")
    before = _state(app)
    app.press("OK")
    rolled = _state(app)["dice"]["rolls"]
    app.press("BACK", True)
    assert _state(app) == before
    assert app.screen.mode == "home" and _ui(app)["choice"] == "dice", "back at the tool in use"
    _tool(app, "dice")
    app.press("OK")
    assert _state(app)["dice"]["rolls"] == rolled, "an undone roll rolls the same again"


# -- the turn order ----------------------------------------------------------------------------
def _seed_with_ties(n: int) -> int:
    for seed in range(1, 500):
        if len(dice.order(PCG32(seed, 0), n)[1]) > 2:
            return seed
    raise AssertionError("no seed with ties")


def test_the_turn_order_roll_re_rolls_ties_and_shows_each_round():
    seed = _seed_with_ties(4)
    app = _app("order", FOUR, seed)
    _tool(app, "ordr")
    app.press("OK")
    places, rounds = dice.order(PCG32(seed, 0), 4)
    s = _state(app)
    assert s["order"] == {"order": [FOUR[k] for k in places], "rounds": rounds}
    f = _frame(app)
    for j in range(4):  # the order on the bottom rows, first to choose on the left
        assert f[13 * 16 + 2 + 3 * j] == palette.player(FOUR[places[j]])
    for p in range(4):  # the first round: everybody's roll in his colour
        assert _has(f[4 * p:4 * p + 3] + f[64 + 4 * p:64 + 4 * p + 3], palette.player(FOUR[p]))
    assert f[11 * 16] == palette.HINT and f[11 * 16 + 1] == palette.HALF, "a dot per round"
    app.press("RIGHT")
    assert _ui(app)["page"] == 1
    f = _frame(app)
    for p in range(4):  # a player who did not re-roll shows a dim dash
        if rounds[1][p] is None:
            assert _has(f[2 * 16 + 4 * p:2 * 16 + 4 * p + 3], palette.player(FOUR[p], True))
    app.press("LEFT")
    assert _ui(app)["page"] == 0


def test_the_turn_order_screen_says_what_to_do_before_the_first_roll():
    from ui.base import text

    app = _app("ordr0", ["red", "blue", "green"])
    _tool(app, "ordr")
    ref = bytearray(256)
    text(ref, 0, 11, "ROLL", 1)
    for now in (0, 250, 500, 750, 1000, 1500):  # whatever the blink: never a blank matrix
        f = _frame(app, now)
        for p in range(3):  # a dash in each player's colour: everybody rolls
            assert f[2 * 16 + 4 * p] == palette.player(["red", "blue", "green"][p])
        assert [f[k] != 0 for k in range(11 * 16, 256)] == [ref[k] != 0 for k in range(11 * 16, 256)], "ROLL"
    app.press("OK")
    f = _frame(app)
    assert [f[k] != 0 for k in range(11 * 16, 256)] != [ref[k] != 0 for k in range(11 * 16, 256)]


def test_six_players_fit_the_turn_order():
    six = ["red", "yellow", "blue", "green", "white", "purple"]
    app = _app("six", six, 2)
    _tool(app, "ordr")
    app.press("OK")
    places = dice.order(PCG32(2, 0), 6)[0]
    f = _frame(app)
    assert [f[13 * 16 + 2 + 2 * j] for j in range(6)] == [palette.player(six[k]) for k in places]


# -- battles -----------------------------------------------------------------------------------
def _battle(app, attacker: dict, defender: dict, rolls: list) -> None:
    _tool(app, "war")
    for side, units in (("attacker", attacker), ("defender", defender)):
        for key in ("horde", "army", "guard", "bonus"):
            _set_war(app, side + "." + key, units.get(key, 0))
        _set_war(app, side + ".roll", rolls[0 if side == "attacker" else 1])
    app.press("OK")


def test_the_rulebooks_two_battles():
    app = _app("war")
    # 1: A's 3 Horde against B's 5, rolls 6 and 2: SA 9 against 7; B destroyed, A loses 2 Horde
    _battle(app, {"horde": 3}, {"horde": 5}, [6, 2])
    assert app.screen.mode == "fought"
    assert _state(app)["battle"] == {"attacker": {"horde": 3, "army": 0, "guard": 0, "bonus": 0},
                                     "defender": {"horde": 5, "army": 0, "guard": 0, "bonus": 0}, "rolls": [6, 2]}
    assert _result(app) == (combat.ATTACKER, [9, 7], [2, 0, 0], [5, 0, 0])
    f = _frame(app)
    assert _has(f[4:16], palette.GOOD) and _has(f[5 * 16 + 4:5 * 16 + 16], palette.HALF), "the winner green, the loser dim"
    _one_meaning(f)
    app.press("DOWN")  # the attacker's losses: 2 Horde
    f = _frame(app)
    assert f[0] == combat_colour(0) and _has(f[8:16], khaan.LOSS) and not _has(f[5 * 16:15 * 16], khaan.LOSS)
    _one_meaning(f)
    app.press("DOWN")  # the defender's: 5 Horde, in the defender's blue
    f = _frame(app)
    assert f[0] == combat_colour(1) and _has(f[8:16], khaan.LOSS)
    _one_meaning(f)
    # 2: 2 Horde + 1 Guard against 3 Horde, 4 and 4: SA 9 against 7; the Guard is kept
    app.press("OK")
    assert app.screen.mode == "war"
    _battle(app, {"horde": 2, "guard": 1}, {"horde": 3}, [4, 4])
    assert _result(app) == (combat.ATTACKER, [9, 7], [2, 0, 0], [3, 0, 0])


def _one_meaning(f) -> None:
    """On a battle's result red is the attacker's and nothing else (his stripe on the left,
    his die bottom left), no loser or loss in red (nor in the red of a refusal)."""
    for k in range(256):
        x, y = k % 16, k // 16
        if f[k] in (khaan.ATT, palette.BAD):
            attackers = (x < 2 and y < 5) or (x < 3 and 10 <= y < 15) or (x < 2 and f[0] == khaan.ATT)
            assert f[k] == khaan.ATT and attackers, "red off the attacker's at %d" % k


def _result(app):
    """What the game's last battle gave, as the rules core computes it."""
    a, d, rolls = app.record.game.battle
    return combat.battle(a, d, rolls)


def combat_colour(side: int) -> int:
    return khaan.DEF if side else khaan.ATT


def test_a_tie_and_bonuses_as_the_rules_core_computes():
    app = _app("tie")
    a = {"horde": 2, "army": 1, "guard": 0, "bonus": -1}
    d = {"horde": 1, "army": 0, "guard": 1, "bonus": 1}
    _battle(app, a, d, [3, 1])
    want = combat.battle((2, 1, 0, -1), (1, 0, 1, 1), [3, 1])
    assert want[0] == combat.TIE and _result(app) == want
    f = _frame(app)
    assert _has(f[4:16], palette.HINT) and _has(f[5 * 16 + 4:5 * 16 + 16], palette.HINT)


def test_the_device_rolls_the_dice_not_given():
    app = _app("roll", seed=9)
    _tool(app, "war")
    rng = PCG32(9, 0)
    app.press("OK")  # 1 Horde each, both dice rolled by the device
    both = roll_faces(rng, [DICE["d6"], DICE["d6"]])
    assert _state(app)["battle"]["rolls"] == both
    app.press("OK")
    _set_war(app, "defender.roll", 5)
    app.press("OK")
    assert _state(app)["battle"]["rolls"] == [dice.roll(rng, "d6"), 5]
    assert _state(app)["rng"] == rng.getstate()


def test_a_side_without_units_is_refused():
    app = _app("empty")
    _tool(app, "war")
    _set_war(app, "defender.horde", 0)
    before = _state(app)
    app.press("OK")
    ui = _ui(app)
    assert ui["mode"] == "war" and ui["error"] == "khaan.no_units" and ui["field"] == "defender.horde"
    assert _state(app) == before
    f = bytearray(256)
    app.screen.draw(f, app.screen.error_at + 1)
    assert f[0] == palette.BAD and f[255] == palette.BAD, "a refused press flashes a red border"


def test_the_battle_fields_keep_to_the_box():
    app = _app("limits")
    _tool(app, "war")
    _set_war(app, "attacker.army", 12)
    app.press("RIGHT")
    _set_war(app, "attacker.bonus", -30)
    app.press("LEFT")
    ui = _ui(app)
    assert ui["attacker"]["army"] == 12 and ui["attacker"]["bonus"] == -30
    _set_war(app, "attacker.roll", 6)
    app.press("RIGHT")
    assert _ui(app)["rolls"][0] == 0, "after 6 the device rolls again"


def test_weapons_at_most_one_per_horde_unit_and_added_to_the_bonus():
    """«Podczas walki można użyć żetonów Broni (maksymalnie jeden na każdą jednostkę Ordy
    biorącej udział w walce), by zwiększyć SA danej armii o +1.» The combat op takes one
    bonus number; the box's battle wizard counts the weapons apart and caps them."""
    app = _app("weapons")
    _tool(app, "war")
    _set_war(app, "attacker.horde", 2)
    _set_war(app, "attacker.weapons", 2)
    app.press("RIGHT")
    assert _ui(app)["attacker"]["weapons"] == 2 and _ui(app)["error"] == "khaan.weapons", "a third weapon: refused"
    _set_war(app, "attacker.bonus", 1)
    _set_war(app, "defender.horde", 3)
    _set_war(app, "attacker.roll", 4)
    _set_war(app, "defender.roll", 4)
    app.press("OK")
    attacker = _state(app)["battle"]["attacker"]
    assert attacker["horde"] == 2 and attacker["bonus"] == 3, "two weapons and +1 from elsewhere"
    assert combat.attack_value((2, 0, 0, 3), 4) == 2 + 4 + 3
    app.press("OK")  # back to the fields
    _set_war(app, "defender.weapons", 3)
    _set_war(app, "defender.horde", 1)
    _set_war(app, "defender.weapons", 1)
    assert _ui(app)["defender"]["weapons"] == 1, "fewer Horde units: fewer weapons"


# -- plunder ----------------------------------------------------------------------------------
def test_plunder_of_a_players_pasture_and_of_a_settled_people():
    app = _app("loot", seed=4)
    _tool(app, "loot")
    rng = PCG32(4, 0)
    assert _ui(app)["target"] == plunder.TRIBE
    while _ui(app)["target"] != plunder.PLAYER:
        app.press("RIGHT")
    _press(app, "DOWN", "RIGHT", "DOWN", "RIGHT", "RIGHT", "RIGHT")  # fertility 3, population 3
    app.press("OK")
    rolls = roll_faces(rng, [DICE["d4"]] * 2)
    got = plunder.pasture(3, rolls[0], rolls[1], 3)
    assert _state(app)["plunder"] == {"target": "player", "fertility": 3, "population": 3, "rolls": rolls}
    assert app.screen._looted() == (got["herd"], got["population"], got["fleeing"])
    app.press("OK")
    _press(app, "UP", "UP")
    while _ui(app)["target"] != plunder.SETTLED:
        app.press("RIGHT")
    app.press("DOWN")
    assert _ui(app)["field"] == "by" and _ui(app)["fields"] == ["target", "by"], "a settled people: no pasture"
    app.press("OK")
    r = dice.roll(rng, "d4")
    assert _state(app)["plunder"]["rolls"] == [r] and app.screen._looted() == (r, r // 2, -1)
    assert _frame(app) != bytearray(256)


def test_loot_adds_its_prestige_to_who_plunders_and_takes_it_from_the_owner():
    # the digest's Prestige: «+2 plunder a settled people, +1 plunder an enemy pasture ...
    # -1 plundered by an enemy»
    points = dict(ACTIONS)
    app = _app("loot_pres", seed=6)
    _tool(app, "loot")
    assert _ui(app)["fields"] == ["target", "fertility", "by"] and _ui(app)["by"] == "red"
    _press(app, "DOWN", "DOWN", "RIGHT", "RIGHT")  # by: yellow, then blue
    assert _ui(app)["by"] == "blue"
    app.press("OK")  # an independent tribe's pasture
    assert _state(app)["prestige"]["blue"] == points["plunder_pasture"] == 1
    assert app.screen.notice == "+1", "the gain shows for a moment"
    app.press("OK")  # back to the fields
    while _ui(app)["field"] != "target":
        app.press("UP")
    while _ui(app)["target"] != plunder.PLAYER:
        app.press("RIGHT")
    assert _ui(app)["fields"] == ["target", "fertility", "population", "by", "owner"]
    while _ui(app)["field"] != "owner":
        app.press("DOWN")
    assert _ui(app)["owner"] != "blue"
    while _ui(app)["owner"] != "green":
        app.press("RIGHT")
        assert _ui(app)["owner"] != _ui(app)["by"], "nobody plunders his own pasture"
    f = _frame(app)
    assert f[14 * 16] == palette.player("blue") and f[14 * 16 + 15] == palette.player("green")
    app.press("OK")
    s = _state(app)
    assert s["prestige"]["blue"] == 2 and s["prestige"]["green"] == points["plundered"] == -1
    app.press("OK")
    while _ui(app)["field"] != "target":
        app.press("UP")
    while _ui(app)["target"] != plunder.SETTLED:
        app.press("RIGHT")
    app.press("OK")  # blue beats a settled people
    assert _state(app)["prestige"]["blue"] == 2 + points["plunder_settled"] == 4


# -- prestige ----------------------------------------------------------------------------------
def test_prestige_actions_as_the_ledger_keeps_them():
    app = _app("prestige")
    _tool(app, "pres")
    app.press("RIGHT")  # yellow
    assert _ui(app)["choice"] == "yellow" and _ui(app)["action"] == ACTIONS[0][0]
    app.press("OK")
    assert _state(app)["prestige"]["yellow"] == ACTIONS[0][1]
    while _ui(app)["action"] != "became_vassal":
        app.press("DOWN")
    app.press("OK")
    # a loss is the tribe's, holdings and all («na bieżąco»): the ledger goes below 0
    assert _state(app)["prestige"]["yellow"] == prestige.record(ACTIONS[0][1], [8])[0] == ACTIONS[0][1] - 3
    while _ui(app)["action"] != "+1":
        app.press("DOWN")
    app.press("OK")
    app.press("OK")
    assert _state(app)["prestige"]["yellow"] == ACTIONS[0][1] - 1
    app.press("DOWN")
    assert _ui(app)["action"] == "-1"
    app.press("LEFT")  # red has no action points: the loss comes off his holdings' share
    app.press("OK")
    assert not _ui(app).get("error") and _state(app)["prestige"]["red"] == -1
    f = _frame(app)
    assert f[0] == palette.player("red")


# -- the kurultai ------------------------------------------------------------------------------
def test_the_countdown_and_a_kurultai_that_elects_nobody():
    app = _app("kuru")
    _tool(app, "kuru")
    for r in range(1, 4):
        assert _ui(app)["left"] == (4 - r % 4) % 4
        app.press("OK")
    assert _state(app)["round"] == 4 and _ui(app)["left"] == 0
    app.press("OK")  # the end of round 4: the kurultai
    ui = _ui(app)
    assert ui["mode"] == "tally" and ui["ends_round"]
    _press(app, *(["UP"] * 7), "RIGHT", *(["UP"] * 5))
    assert _ui(app)["votes"] == {"red": 7, "yellow": 5, "blue": 0, "green": 0}
    app.press("UP")
    assert _ui(app)["error"] == "khaan.votes", "12 tribes, 12 votes"
    app.press("DOWN")  # ends the reason scrolling (and only that)
    app.press("OK")
    s = _state(app)
    assert s["khan"] is None and s["round"] == 5, "7 of 12 is not two thirds: the game goes on"
    assert _ui(app)["left"] == 3


def test_the_kurultai_every_four_players_turns_by_default():
    """«Kurułtaj odbywa się co określoną ilość tur (najczęściej 4)»: a tura is one player's
    turn («Gracze wykonują swoje tury zgodnie z ruchem wskazówek zegara»)."""
    app = _app("turns", ["red", "yellow", "blue"], option=0)
    assert _state(app)["unit"] == "turn" and _state(app)["every"] == 4
    _tool(app, "kuru")
    seen = []
    for _ in range(3):
        ui = _ui(app)
        seen.append((ui["turn"], ui["left"]))
        assert _frame(app)[16] == palette.player(ui["turn"]), "the R in the colour of whose turn it is"
        app.press("OK")
    assert seen == [("red", 3), ("yellow", 2), ("blue", 1)]
    s = _state(app)
    assert (s["round"], s["turn"], _ui(app)["left"]) == (2, "red", 0), "red's turn in round 2 is the 4th"
    app.press("OK")
    assert _ui(app)["mode"] == "tally" and _ui(app)["ends_round"]
    _press(app, "UP", "OK")
    s = _state(app)
    assert (s["khan"], s["round"], s["turn"]) == (None, 2, "yellow"), "the kurultai ended red's turn"
    assert _ui(app)["left"] == 3


def test_eight_of_twelve_votes_elect_the_great_khan():
    assert kurultai.needed(TRIBES) == 8
    app = _app("khan")
    _tool(app, "kuru")
    app.press("OK", True)  # a kurultai now, in round 1
    assert _ui(app)["mode"] == "tally" and not _ui(app)["ends_round"]
    _press(app, "LEFT", *(["UP"] * 8))
    f = _frame(app)
    assert _has(f[8 * 16:9 * 16], palette.HINT), "the height of two thirds is marked"
    app.press("OK")
    s = _state(app)
    assert s["khan"] == "green" and s["round"] == 1
    f = _frame(app)
    assert f[15 * 16] == palette.player("green"), "the Great Khan's colour"
    app.press("OK")
    assert _ui(app)["error"] == "khaan.elected"
    app.press("OK")  # ends the reason scrolling (and only that)
    app.press("BACK", True)
    assert _state(app)["khan"] is None


def test_round_corrections_and_the_interval():
    app = _app("every")
    _tool(app, "kuru")
    app.press("DOWN")
    assert _ui(app)["error"] == "khaan.round" and _state(app)["round"] == 1
    _press(app, "OK", "UP", "UP", "LEFT")  # (OK ends the reason scrolling, and only that)  # round 3, a kurultai every 3 rounds
    s = _state(app)
    assert s["round"] == 3 and s["every"] == 3 and _ui(app)["left"] == 0
    for _ in range(5):
        app.press("LEFT")
    assert _state(app)["every"] == 1 and _ui(app)["error"] == "khaan.every"


# -- drawing, saving, restoring ------------------------------------------------------------------
def _draws(app, seen: set) -> None:
    seen.add(app.screen.mode)
    for now in (0, 123, 10 ** 6, 2 ** 30 - 5):
        f = bytearray(256)
        app.screen.draw(f, now)
        assert app.screen.animating(now)
        assert f != bytearray(256), app.screen.mode


def test_every_mode_draws_at_any_time():
    app = _app("draw", ["red", "blue"], 11)
    seen = set()
    _draws(app, seen)
    for name in ("dice", "ordr", "war", "kuru", "pres", "loot"):
        _tool(app, name)
        for button in ("OK", "DOWN", "RIGHT", "OK", "UP", "LEFT", "OK"):
            app.press(button)
            _draws(app, seen)
    _tool(app, "kuru")
    app.press("OK", True)
    _press(app, "UP", "RIGHT")
    _draws(app, seen)
    assert seen == {"home", "dice", "ordr", "war", "fought", "kuru", "tally", "pres", "loot", "looted"}


def test_a_restart_comes_back_to_the_game():
    app = _app("restart", seed=21)
    _tool(app, "ordr")
    app.press("OK")
    _battle(app, {"horde": 2, "army": 1}, {"guard": 2}, [0, 3])
    _tool(app, "loot")
    app.press("OK")
    s = _state(app)
    assert khaan_state.game_json(khaan_state.game(s)) == s
    again = App(pixels(), None, app.root)
    again.boot()
    assert again.screen_name() == "khaan" and _state(again) == s


def _refused(data) -> bool:
    try:
        khaan_state.game(data)
    except RulesError:
        return True
    return False


def test_bad_saved_games_are_refused():
    app = _app("bad")
    _tool(app, "ordr")
    app.press("OK")
    _battle(app, {"horde": 1}, {"horde": 1}, [1, 2])
    good = _state(app)
    assert not _refused(good)
    changes = (
        ("version", 2), ("players", ["red"]), ("players", ["red", "red"]), ("players", ["red", ""]),
        ("round", 0), ("every", 0), ("prestige", {"red": 1}), ("khan", "pink"), ("rng", [1, 2]),
        ("dice", {"d6": 5, "d4": 0, "rolls": []}), ("dice", {"d6": 0, "d4": 0, "rolls": []}),
        ("dice", {"d6": 1, "d4": 1, "rolls": [7, 1]}), ("dice", {"d6": 1, "d4": 1, "rolls": [3]}),
        ("order", {"order": FOUR, "rounds": [[1, 2, 3, 3]]}),
        ("order", {"order": ["red", "yellow", "blue", "green"], "rounds": [[1, 2, 3, 4]]}),
        ("order", {"order": ["green", "blue", "yellow", "red"], "rounds": [[1, 2, 3, 4], [5, None, None, None]]}),
        ("order", {"order": ["blue", "red", "yellow", "green"], "rounds": [[6, 5, 3, 3], [None, None, 2, None]]}),
        ("battle", {"attacker": {"horde": 0}, "defender": {"horde": 1}, "rolls": [1, 1]}),
        ("battle", {"attacker": {"horde": 1}, "defender": {"horde": 1}, "rolls": [1, 7]}),
        ("plunder", {"target": "tribe", "fertility": 2, "population": 1, "rolls": [1, 1]}),
        ("plunder", {"target": "settled", "fertility": 0, "population": 0, "rolls": [1, 1]}),
        ("plunder", {"target": "nobody", "fertility": 0, "population": 0, "rolls": [1]}),
        ("nonsense", 1),
    )
    for key, value in changes:
        bad = dict(good)
        bad[key] = value
        assert _refused(bad), key
    assert _refused([1, 2]) and _refused(None)
    bad = dict(good)
    del bad["rng"]
    assert _refused(bad)
    ok = dict(good)
    ok["order"] = {"order": ["red", "yellow", "green", "blue"], "rounds": [[6, 5, 3, 3], [None, None, 2, 4]]}
    assert khaan_state.game_json(khaan_state.game(ok))["order"] == ok["order"], "blue and green tied on 3; green's 4 wins"


def test_the_turn_order_rolls_first_player_begins_and_home_shows_whose_turn_it_is():
    """Issue 21: the ORDR result was not used for who starts (turns began with the first
    seat whoever rolled highest), and the home screen's R was never in the colour of the
    player whose turn it is, as the manual says."""
    from ui import font

    assert font.glyph("R")[0] & 4  # (the R's top-left LED: row 8, column 0 of the home screen)
    seed = 1
    while True:  # a roll whose first player is not the first seat
        app = _app("starter", ["red", "yellow", "blue"], seed=seed, option=0)
        _tool(app, "ordr")
        app.press("OK")
        first = _state(app)["order"]["order"][0]
        if first != "red":
            break
        seed += 1
    seats = ["red", "yellow", "blue"]
    s = _state(app)
    assert s["turn"] == first and s["first"] == first
    turns = []
    _tool(app, "kuru")
    for _ in range(3):
        turns.append(_ui(app)["turn"])
        app.press("OK")
    k = seats.index(first)
    assert turns == [seats[(k + j) % 3] for j in range(3)], "clockwise from who rolled highest"
    s = _state(app)
    assert (s["round"], s["turn"]) == (2, first), "the round's first again"
    while app.screen.mode != "home":
        app.press("BACK")
    assert _frame(app)[8 * 16] == palette.player(first), "home: the R in the colour of whose turn it is"
    _tool(app, "ordr")
    app.press("OK")  # rolled again later: the turns stay as they are
    assert _state(app)["turn"] == first and _state(app)["first"] == first
