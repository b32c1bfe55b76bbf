"""The Rise of the Khaan screen: a toolbox beside the board - dice, the turn order, battles,
the kurultai and prestige.

The 31 areas stay on the table. The game the box keeps is the rules core's
(shared_rules/khaan/game.py: the players, the round and the kurultai interval, prestige,
the last roll of each tool, the Great Khan, the dice's PCG32 state - so an undone roll,
rolled again, gives the same dice); this screen keeps only its mode, the tool and the
fields being entered, and changes the game through app.act(action).

Modes: home (pick a tool), dice, ordr (the turn-order roll), war (a battle's fields),
fought (its result), kuru (the round and the countdown), tally (the votes), pres
(prestige), loot (plunder's fields), looted (its result). OK does the tool's thing, BACK
steps back (from home to the menu), BACK held undoes the last change (app.py). A refused
press flashes a red border.
"""

from shared_rules.errors import RulesError
from shared_rules.khaan import combat, kurultai, plunder
from shared_rules.khaan.game import EACH
from shared_rules.khaan.tables import ACTIONS, MAX_BONUS, MAX_FERTILITY, TOKENS, TRIBES
from hal import clock
from hal.clock import elapsed
from ui import palette
from ui.base import Screen, blink, fill, help_text, number, text

TOOLS = "DICEORDRWAR KURUPRESLOOT"  # four letters a tool; its mode is the word in lower case
NTOOLS = 6
ERROR_MS = 900
NOTICE_MS = 1200
TUMBLE_MS = 450  # dice tumble this long after the device rolls them
ATT = palette.CHU  # the attacker's colour (red): on the battle screens red means the attacker only
DEF = palette.HAN  # the defender's (blue)
WON = palette.GOOD  # the winner's strength (green); the loser's is dim, a tie's both orange
LOSS = palette.WHITE  # units lost (none: dim)
# a battle's fields, per side: horde, army, guard, weapons, bonus, die (0: the device rolls
# it). Weapons: «maksymalnie jeden na każdą jednostkę Ordy biorącej udział w walce», so at
# most the Horde units entered; the action's bonus is weapons + the other bonuses.
FIELDS = "HRD ARM GRD WPN BON DIE "
KEYS = ("horde", "army", "guard", "weapons", "bonus", "roll")
PER_SIDE = 6
UNITS = "HAG"
# prestige: the actions of tables.ACTIONS in their order, then +1 and -1 by hand
ACTION_LABELS = "SETLPASTWON VTRBVSETPLNDLOSTGRDXVASL+1  -1  "
TARGET_LABELS = "PLAYSETLTRIB"  # plunder.TARGETS: player, settled, tribe
# plunder's fields: the target, the pasture's fertility, the population on another player's
# pasture, who plunders (he gains the prestige), whose pasture it was (he loses it)
LOOT_FIELDS = ("target", "fertility", "population", "by", "owner")


def screen(game, settings: dict) -> "KhaanScreen":
    return KhaanScreen(game)


def _side_json(side) -> dict:
    return {"horde": side[0], "army": side[1], "guard": side[2], "bonus": side[3]}


def _tumble(now: int, since: int, v: int, sides: int, k: int) -> int:
    """A die's face while it tumbles (a pattern of the time, no draw), then its value."""
    t = elapsed(now, since)
    if 0 <= t < TUMBLE_MS:
        return (t // 70 + 3 * k) % sides + 1
    return v


def _signed(v: int) -> str:
    return "+" + str(v) if v > 0 else str(v)


class KhaanScreen(Screen):
    name = "khaan"

    def __init__(self, game) -> None:
        n = len(game.players)
        self.game = game
        self.colours = [palette.player(p) for p in game.players]
        self.mode = "home"
        self.tool = 1  # ORDR: the first tool a game needs
        self.field = 0
        self.page = 0
        self.who = 0
        self.action = 0
        self.want = [1, 1]  # dice to roll
        self.sides = [[1, 0, 0, 0], [1, 0, 0, 0]]  # a battle being entered (bonus without weapons)
        self.weapons = [0, 0]  # weapon tokens of each side, at most one per Horde unit
        self.given = [0, 0]  # its dice as the table rolled them (0: the device rolls)
        # plunder: target, fertility, population, who plunders, whose pasture (player indexes)
        self.plan = [plunder.TARGETS.index(plunder.TRIBE), 2, 0, 0, 1]
        self.votes = [0] * n
        self.advance = False  # the tally ends the round
        self.rolled_at = clock.now() - TUMBLE_MS
        self.error_at = clock.now() - ERROR_MS
        self.error = ""
        self.notice = ""
        self.notice_at = self.error_at

    def show(self, game) -> None:
        """The game after an undo or a redo: home, on the tool in use."""
        self.game = game
        self.mode = "home"
        self.notice = ""

    def ui_json(self) -> dict:
        m = self.mode
        out: dict = {"mode": m}
        if self.error:
            out["error"] = self.error
        if m == "home":
            out["choice"] = self._tool(self.tool)
            out["choices"] = [self._tool(k) for k in range(NTOOLS)]
        elif m == "dice":
            out["field"] = "d4" if self.field else "d6"
            out["d6"] = self.want[0]
            out["d4"] = self.want[1]
        elif m in ("ordr", "fought"):
            out["page"] = self.page
        elif m == "war":
            out["field"] = ("attacker." if self.field < PER_SIDE else "defender.") + KEYS[self.field % PER_SIDE]
            for side in (0, 1):
                entered = _side_json(self.sides[side])
                entered["weapons"] = self.weapons[side]
                out["defender" if side else "attacker"] = entered
            out["rolls"] = list(self.given)
        elif m == "kuru":
            out["left"] = self.game.left()
            out["unit"] = self.game.unit
            out["turn"] = self.game.players[self.game.turn]
        elif m == "tally":
            out["choice"] = self.game.players[self.who]
            out["votes"] = {self.game.players[k]: self.votes[k] for k in range(len(self.game.players))}
            out["ends_round"] = self.advance
        elif m == "pres":
            out["choice"] = self.game.players[self.who]
            out["action"] = ACTIONS[self.action][0] if self.action < len(ACTIONS) else _signed(self._points())
        elif m == "loot":
            fields = self._loot_fields()
            out["field"] = LOOT_FIELDS[fields[self.field]]
            out["fields"] = [LOOT_FIELDS[f] for f in fields]
            out["target"] = plunder.TARGETS[self.plan[0]]
            out["fertility"] = self.plan[1]
            out["population"] = self.plan[2]
            out["by"] = self.game.players[self.plan[3]]
            if plunder.TARGETS[self.plan[0]] == plunder.PLAYER:
                out["owner"] = self.game.players[self.plan[4]]
        return out

    def help(self) -> str:
        return help_text("khaan." + self.mode)

    # -- presses -------------------------------------------------------------------------
    def at_top(self) -> bool:
        return self.mode == "home"  # BACK here: the App asks "menu?"

    def press(self, app, button: str, long: bool) -> None:
        self.error = ""
        m = self.mode
        if button == "BACK":  # one step back (on home the App asks "menu?" before this)
            self.notice = ""
            self.mode = "war" if m == "fought" else "loot" if m == "looted" else "kuru" if m == "tally" else "home"
            return
        # arrows: a step through a list (UP/LEFT back) or a value (UP/RIGHT more)
        back = -1 if button in ("UP", "LEFT") else 1
        more = 1 if button in ("UP", "RIGHT") else -1
        updown = button in ("UP", "DOWN")
        ok = button == "OK"
        if m == "home":
            if ok:
                self._open(self.tool)
            else:
                self.tool = (self.tool + back) % NTOOLS
        elif m == "dice":
            if ok:
                self._roll_dice(app)
            elif updown:
                w = self.want[self.field] + more
                if 0 <= w <= EACH:
                    self.want[self.field] = w
            else:
                self.field = 0 if button == "LEFT" else 1
        elif m == "ordr":
            if ok:
                self._roll_order(app)
            elif self.game.rounds:
                self.page = (self.page + back) % len(self.game.rounds)
        elif m == "war":
            if ok:
                self._fight(app)
            elif updown:
                self.field = (self.field + back) % (2 * PER_SIDE)
            else:
                self._set_field(more)
        elif m == "fought":
            if ok:
                self.mode = "war"
            else:
                self.page = (self.page + back) % 3
        elif m == "kuru":
            self._kuru(app, button, long)
        elif m == "tally":
            self._tally(app, button)
        elif m == "pres":
            if ok:
                self._prestige(app)
            elif updown:
                self.action = (self.action + back) % (len(ACTIONS) + 2)
            else:
                self.who = (self.who + back) % len(self.game.players)
        elif m == "loot":
            if ok:
                self._plunder(app)
            elif updown:
                self.field = (self.field + back) % len(self._loot_fields())
            else:
                self._set_plan(more)
        elif m == "looted" and ok:
            self.mode = "loot"

    def _tool(self, k: int) -> str:
        return TOOLS[4 * k:4 * k + 4].strip().lower()

    def _open(self, k: int) -> None:
        self.tool = k
        self.notice = ""
        self.mode = self._tool(k)
        self.field = 0
        self.page = 0
        if self.mode == "dice":
            self.want = list(self.game.counts)
        elif self.mode == "war":
            if self.game.battle is not None:
                self.sides = [list(self.game.battle[0]), list(self.game.battle[1])]
                self.weapons = [0, 0]  # the last battle's weapons are in its bonus
            self.given = [0, 0]
        elif self.mode == "loot" and self.game.loot is not None:
            self.plan[:3] = list(self.game.loot[:3])

    def _refuse(self, why: str, values: tuple = ()) -> None:
        self.refuse(why, values)  # the App scrolls the reason
        self.error = why
        self.error_at = clock.now()

    def _say(self, what: str) -> None:
        self.notice = what
        self.notice_at = clock.now()

    def _do(self, app, action: dict):
        """An action on the game: what it did, or None when the rules refused it (a red
        border flashes)."""
        try:
            return app.act(action)
        except RulesError as e:
            self._refuse(e.text, e.values)
            return None

    def _rolled(self) -> None:
        self.rolled_at = clock.now()

    # the tools ------------------------------------------------------------------------
    def _roll_dice(self, app) -> None:
        if self._do(app, {"do": "roll", "d6": self.want[0], "d4": self.want[1]}) is not None:
            self._rolled()

    def _roll_order(self, app) -> None:
        if self._do(app, {"do": "order"}) is not None:
            self.page = 0
            self._rolled()

    def _set_field(self, step: int) -> None:
        side = self.field // PER_SIDE
        k = self.field % PER_SIDE
        if k == 5:
            self.given[side] = (self.given[side] + step) % 7  # 0 (the device rolls), 1..6
            return
        if k == 3:
            v = self.weapons[side] + step
            if v > self.sides[side][0]:
                self._refuse("khaan.weapons")
            elif v >= 0:
                self.weapons[side] = v
            return
        if k == 4:
            k = 3
        lo = -MAX_BONUS if k == 3 else 0
        hi = MAX_BONUS if k == 3 else TOKENS[k]
        v = self.sides[side][k] + step
        if lo <= v <= hi:
            self.sides[side][k] = v
        if self.weapons[side] > self.sides[side][0]:  # fewer Horde units: fewer weapons
            self.weapons[side] = self.sides[side][0]

    def _side_action(self, side: int) -> dict:
        out = _side_json(self.sides[side])
        out["bonus"] += self.weapons[side]
        return out

    def _fight(self, app) -> None:
        for side in (0, 1):
            s = self.sides[side]
            if not (s[0] or s[1] or s[2]):
                self.field = PER_SIDE * side
                self._refuse("khaan.no_units", ("the defender" if side else "the attacker",))
                return
        rolls = [v if v else None for v in self.given]
        if self._do(app, {"do": "battle", "attacker": self._side_action(0), "defender": self._side_action(1),
                          "rolls": rolls}) is not None:
            self.mode = "fought"
            self.page = 0
            self._rolled()

    def _kuru(self, app, button: str, long: bool) -> None:
        g = self.game
        if button == "OK":
            if g.khan >= 0:
                self._refuse("khaan.elected")
            elif long or not g.left():
                self.votes = [0] * len(g.players)
                self.who = 0
                self.advance = not long
                self.mode = "tally"
            else:
                self._do(app, {"do": "next_turn" if g.unit == "turn" else "next_round"})
        elif button in ("UP", "DOWN"):
            self._do(app, {"do": "round", "round": g.round + (1 if button == "UP" else -1)})
        elif self._do(app, {"do": "every", "every": g.every + (1 if button == "RIGHT" else -1)}) is not None:
            self._say("E" + str(g.every))

    def _tally(self, app, button: str) -> None:
        v = self.votes
        players = self.game.players
        if button == "OK":
            event = self._do(app, {"do": "kurultai", "votes": {players[k]: v[k] for k in range(len(v))},
                                   "ends_round": self.advance})
            if event is not None:
                if event["khan"] is None:
                    self._say("NONE")
                self.mode = "kuru"
        elif button in ("LEFT", "RIGHT"):
            self.who = (self.who + (1 if button == "RIGHT" else -1)) % len(v)
        elif button == "UP":
            if sum(v) < TRIBES:
                v[self.who] += 1
            else:
                self._refuse("khaan.votes", (TRIBES,))
        elif v[self.who]:
            v[self.who] -= 1

    def _points(self) -> int:
        a = self.action
        return ACTIONS[a][1] if a < len(ACTIONS) else (1 if a == len(ACTIONS) else -1)

    def _prestige(self, app) -> None:
        action: dict = {"do": "prestige", "player": self.game.players[self.who]}
        if self.action < len(ACTIONS):
            action["action"] = ACTIONS[self.action][0]
        else:
            action["points"] = self._points()
        event = self._do(app, action)
        if event is not None:
            change = event["change"]
            self._say(_signed(change) if change else "0")

    def _loot_fields(self) -> tuple:
        """The fields of the plunder being entered (indexes into LOOT_FIELDS): the target,
        the fertility (a pasture), the population (another player's pasture), who plunders,
        and whose pasture it was (another player's)."""
        t = plunder.TARGETS[self.plan[0]]
        return (0, 3) if t == plunder.SETTLED else (0, 1, 2, 3, 4) if t == plunder.PLAYER else (0, 1, 3)

    def _set_plan(self, step: int) -> None:
        fields = self._loot_fields()
        if self.field >= len(fields):  # (the target changed under the field)
            self.field = 0
        f = fields[self.field]
        plan = self.plan
        n = len(self.game.players)
        mine = plunder.TARGETS[plan[0]] == plunder.PLAYER  # another player's pasture: an owner
        if f == 0:
            plan[0] = (plan[0] + step) % len(plunder.TARGETS)
            if plunder.TARGETS[plan[0]] == plunder.PLAYER and plan[3] == plan[4]:
                plan[4] = (plan[3] + 1) % n
        elif f >= 3:  # a player: who plunders and whose pasture are never the same
            plan[f] = (plan[f] + step) % n
            if mine and plan[3] == plan[4]:  # the owner makes way (the plunderer is set first)
                plan[4] = (plan[4] + step) % n
        else:
            v = plan[f] + step
            if 0 <= v <= MAX_FERTILITY:
                plan[f] = v

    def _plunder(self, app) -> None:
        """The d4s rolled; the plunderer gains its prestige, the pasture's owner loses his."""
        t, f, n, by, owner = self.plan
        players = self.game.players
        action: dict = {"do": "plunder", "target": plunder.TARGETS[t], "by": players[by]}
        if plunder.TARGETS[t] != plunder.SETTLED:
            action["fertility"] = f
        if plunder.TARGETS[t] == plunder.PLAYER:
            action["population"] = n
            action["owner"] = players[owner]
        before = self.game.prestige[by]
        if self._do(app, action) is not None:
            self.mode = "looted"
            self._rolled()
            change = self.game.prestige[by] - before
            self._say(_signed(change) if change else "0")

    def _looted(self):
        """What the last plunder gave: (herd or gold, population or silk, fleeing or -1)."""
        t, f, n, rolls = self.game.loot
        if plunder.TARGETS[t] == plunder.SETTLED:
            got = plunder.settled(rolls[0])
            return got["gold"], got["silk"], -1
        got = plunder.pasture(f, rolls[0], rolls[1], n)
        return got["herd"], got["population"], got["fleeing"] if plunder.TARGETS[t] == plunder.PLAYER else -1

    # -- drawing -------------------------------------------------------------------------
    def animating(self, now: int) -> bool:
        return True  # cursors blink, dice tumble

    def draw(self, frame: bytearray, now: int) -> None:
        m = self.mode
        if m == "home":
            self._draw_home(frame, now)
        elif m == "dice":
            self._draw_dice(frame, now)
        elif m == "ordr":
            self._draw_order(frame, now)
        elif m == "war":
            self._draw_war(frame, now)
        elif m == "fought":
            self._draw_fought(frame, now)
        elif m == "kuru":
            self._draw_kuru(frame, now)
        elif m == "tally":
            self._draw_tally(frame, now)
        elif m == "pres":
            self._draw_prestige(frame)
        elif m == "loot":
            self._draw_loot(frame, now)
        else:
            self._draw_looted(frame, now)
        if self.notice and 0 <= elapsed(now, self.notice_at) < NOTICE_MS:
            fill(frame, 0, 6, 16, 5, palette.OFF)
            text(frame, 16 - 4 * len(self.notice), 6, self.notice, palette.HINT)
        if 0 <= elapsed(now, self.error_at) < ERROR_MS:
            fill(frame, 0, 0, 16, 1, palette.BAD)
            fill(frame, 0, 15, 16, 1, palette.BAD)
            fill(frame, 0, 0, 1, 16, palette.BAD)
            fill(frame, 15, 0, 1, 16, palette.BAD)

    def _draw_home(self, frame: bytearray, now: int) -> None:
        k = self.tool
        text(frame, 0, 0, TOOLS[4 * k:4 * k + 4], palette.WHITE)
        for j in range(NTOOLS):
            frame[6 * 16 + 2 + 2 * j] = palette.HINT if j == k else palette.HALF
        if self.game.khan >= 0:
            text(frame, 0, 8, "KHAN", self.colours[self.game.khan])
        else:
            # (counting turns: the R in the colour of the player whose turn it is)
            text(frame, 0, 8, "R", self.colours[self.game.turn] if self.game.unit == "turn" else palette.TEXT)
            number(frame, 4, 8, self.game.round, palette.TEXT, 3)
        self._draw_cycle(frame, 14, 2, now)

    def _draw_cycle(self, frame: bytearray, y: int, h: int, now: int) -> None:
        """The turns (rounds) to the kurultai: one cell each, the last (orange) the kurultai's;
        played ones lit, the current one blinking. The Great Khan elected: his colour."""
        if self.game.khan >= 0:
            fill(frame, 0, y, 16, h, self.colours[self.game.khan])
            return
        e = self.game.every
        cells = e if e < 16 else 16
        w = 16 // cells
        cur = self.game.played() % e * cells // e
        for k in range(cells):
            c = palette.HINT if k == cells - 1 else palette.TEXT if k < cur else palette.HALF
            if k == cur and blink(now):
                c = palette.WHITE
            fill(frame, k * w, y, w - 1 if w > 2 else w, h, c)

    def _draw_dice(self, frame: bytearray, now: int) -> None:
        n6, n4 = self.want
        shown = self.want == self.game.counts and self.game.rolls
        for k in range(n6 + n4):
            d6 = k < n6
            x = 4 * (k if d6 else k - n6)
            y = 0 if d6 else 6
            c = palette.WHITE if d6 else palette.HINT
            if shown:
                number(frame, x, y, _tumble(now, self.rolled_at, self.game.rolls[k], 6 if d6 else 4, k), c, 1)
            else:
                text(frame, x, y, "-", c)
        for k in range(EACH):  # the box: 4 d6 (white), 4 d4 (orange); the count being set blinks
            for g in (0, 1):
                lit = k < self.want[g]
                if lit and g == self.field and not blink(now):
                    lit = False
                c = (palette.HINT if g else palette.WHITE) if lit else palette.HALF
                fill(frame, 2 * k + 9 * g, 13, 1, 3, c)

    def _draw_order(self, frame: bytearray, now: int) -> None:
        n = len(self.game.players)
        rows = self.game.rounds
        for p in range(n):
            x = 4 * (p % 4)
            y = 0 if p < 4 else 6
            v = rows[self.page][p] if rows else None
            if v is None:  # no roll yet: each player's dash in his colour; a re-roll he sat out: dim
                text(frame, x, y, "-", palette.player(self.game.players[p], bool(rows)))
            else:
                number(frame, x, y, _tumble(now, self.rolled_at, v, 6, p), self.colours[p], 1)
        if rows is None or self.game.order is None:  # before the first roll: what OK does
            text(frame, 0, 11, "ROLL", palette.HINT if blink(now, 1000) else palette.TEXT)
            return
        if len(rows) > 1:
            for j in range(min(len(rows), 16)):
                frame[11 * 16 + j] = palette.HINT if j == self.page else palette.HALF
        if elapsed(now, self.rolled_at) < TUMBLE_MS and elapsed(now, self.rolled_at) >= 0:
            return
        step = 16 // n if n > 5 else 3
        x0 = (16 - step * n + step - 2) // 2
        for j in range(n):
            fill(frame, x0 + j * step, 13, 2, 3, self.colours[self.game.order[j]])

    def _draw_war(self, frame: bytearray, now: int) -> None:
        side = self.field // PER_SIDE
        k = self.field % PER_SIDE
        c = DEF if side else ATT
        text(frame, 0, 0, FIELDS[4 * k:4 * k + 4], c)
        if k == 5:
            v = self.given[side]
            s = str(v) if v else "?"
        elif k == 3:
            s = str(self.weapons[side])
        else:
            v = self.sides[side][3 if k == 4 else k]
            s = _signed(v) if k == 4 else str(v)
        text(frame, 16 - 4 * len(s), 6, s, palette.WHITE)
        for j in range(2 * PER_SIDE):
            c = DEF if j >= PER_SIDE else ATT
            if j == self.field and blink(now):
                c = palette.WHITE
            fill(frame, j if j < PER_SIDE else j + 4, 13, 1, 3, c)

    def _draw_fought(self, frame: bytearray, now: int) -> None:
        battle = self.game.battle
        if battle is None:
            return
        winner, sa, lost_a, lost_d = combat.battle(battle[0], battle[1], battle[2])
        rolls = battle[2]
        for j in range(3):
            frame[15 * 16 + 6 + 2 * j] = palette.HINT if j == self.page else palette.HALF
        if self.page:
            side = self.page - 1
            fill(frame, 0, 0, 2, 15, DEF if side else ATT)
            lost = lost_d if side else lost_a
            for u in range(3):
                text(frame, 4, 5 * u, UNITS[u], palette.TEXT)
                number(frame, 8, 5 * u, lost[u], LOSS if lost[u] else palette.HALF, 2)
            return
        number(frame, 0, 10, _tumble(now, self.rolled_at, rolls[0], 6, 0), ATT, 1)
        number(frame, 12, 10, _tumble(now, self.rolled_at, rolls[1], 6, 1), DEF, 1)
        if 0 <= elapsed(now, self.rolled_at) < TUMBLE_MS:
            return
        for side in (0, 1):
            me = combat.DEFENDER if side else combat.ATTACKER
            fill(frame, 0, 5 * side, 2, 5, DEF if side else ATT)
            c = palette.HINT if winner == combat.TIE else WON if winner == me else palette.HALF
            number(frame, 4, 5 * side, sa[side], c, 3)

    def _draw_kuru(self, frame: bytearray, now: int) -> None:
        # counting turns: the R in the colour of the player whose turn it is
        text(frame, 0, 0, "R", self.colours[self.game.turn] if self.game.unit == "turn" else palette.TEXT)
        number(frame, 4, 0, self.game.round, palette.WHITE, 3)
        if self.game.khan >= 0:
            if blink(now, 1000):
                text(frame, 0, 6, "KHAN", self.colours[self.game.khan])
        elif not self.game.left():
            text(frame, 0, 6, "KURU", palette.HINT if blink(now) else palette.TEXT)
        else:
            text(frame, 0, 6, "K", palette.TEXT)
            number(frame, 4, 6, self.game.left(), palette.WHITE, 3)
        self._draw_cycle(frame, 13, 3, now)

    def _draw_tally(self, frame: bytearray, now: int) -> None:
        v = self.votes
        n = len(v)
        need = kurultai.needed(TRIBES)
        number(frame, 0, 0, v[self.who], self.colours[self.who], 2)
        number(frame, 8, 0, TRIBES - sum(v), palette.TEXT, 2)  # votes not cast yet
        step = 16 // n if n > 5 else 3
        x0 = (16 - step * n + step - 2) // 2
        for k in range(n):
            x = x0 + k * step
            if k == self.who:
                fill(frame, x, 5, 2, 11, palette.HALF)
            if v[k] < need:
                fill(frame, x, 16 - need, 2, 1, palette.HINT)
            c = self.colours[k]
            if v[k] >= need and not blink(now):
                c = palette.WHITE
            fill(frame, x, 16 - v[k], 2, v[k], c)

    def _draw_prestige(self, frame: bytearray) -> None:
        c = self.colours[self.who]
        fill(frame, 0, 0, 2, 5, c)
        number(frame, 4, 0, self.game.prestige[self.who], c, 3)
        a = self.action
        text(frame, 0, 6, ACTION_LABELS[4 * a:4 * a + 4] or "?", palette.TEXT)
        s = _signed(self._points())
        text(frame, 16 - 4 * len(s), 11, s, palette.GOOD if s[0] == "+" else palette.BAD)

    def _draw_loot(self, frame: bytearray, now: int) -> None:
        """Rows 0-4: the target; 6-10: F fertility, P population; 12-15: who plunders (left)
        and whose pasture it was (right) in their colours. The field being set is orange
        (a player's block blinks)."""
        plan = self.plan
        fields = self._loot_fields()
        cur = fields[self.field] if self.field < len(fields) else 0
        t = plan[0]
        text(frame, 0, 0, TARGET_LABELS[4 * t:4 * t + 4], palette.HINT if cur == 0 else palette.TEXT)
        for f in (1, 2):
            if f in fields:
                c = palette.HINT if cur == f else palette.TEXT
                text(frame, 8 * (f - 1), 6, "FP"[f - 1], c)
                number(frame, 8 * (f - 1) + 4, 6, plan[f], c, 1)
        for f in (3, 4):
            if f in fields and not (cur == f and not blink(now)):
                fill(frame, 0 if f == 3 else 10, 12, 6, 4, self.colours[plan[f]])
        if 4 in fields:
            text(frame, 7, 11, ">", palette.HALF)  # from the plunderer's side to the owner's

    def _draw_looted(self, frame: bytearray, now: int) -> None:
        if self.game.loot is None:
            return
        a, b, fled = self._looted()
        rolls = self.game.loot[3]
        labels = "GS" if fled < 0 and len(rolls) == 1 else "HP"
        for k in range(2):
            y = 5 * k
            text(frame, 0, y, labels[k], palette.TEXT)
            if 0 <= elapsed(now, self.rolled_at) < TUMBLE_MS:
                if k < len(rolls):
                    number(frame, 12, y, _tumble(now, self.rolled_at, 0, 4, k), palette.HINT, 1)
            else:
                number(frame, 8, y, a if k == 0 else b, palette.GOOD, 2)
        if fled >= 0 and not 0 <= elapsed(now, self.rolled_at) < TUMBLE_MS:
            text(frame, 0, 10, "R", palette.TEXT)
            number(frame, 8, 10, fled, palette.BAD, 2)
