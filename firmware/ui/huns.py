"""The Huns screen: the five action dice, whose turn, the round, the end check and the scoring.

Rows 0-4 (the head) show the round or what the screen asks for; rows 6-7 the seats, the
one to act blinking; row 8 the first-player token under its seat; rows 9-15 the dice, in
the deck order: a column of the die's colour as high as its value, the cursor above it; a
taken die leaves only a mark in the colour of the seat that took it. OK does what the
rules expect next; BACK steps back; BACK held undoes the last action (app.py). A refused
move flashes the head red.

Modes: table (the round: setup loot, roll, take a die, end the round), action (cards or
loot), placed (cubes placed), dice (the table's own roll), count (the supply and the decks
after card effects), score (the final scoring, camp by camp), result (the ranking, seat by
seat in place order, each with its scoring categories).

The end check takes OK held: a short OK there only says HOLD, so OKs mashed while the last
dice are taken cannot run past the check unseen.
"""

from shared_rules.errors import RulesError
from shared_rules.huns.game import CARDS, END, LOOT, OVER, ROLL, SCORING, SETUP, TAKE, is_face
from shared_rules.huns.state import CAMP_FIELDS, CAMP_TOPS, camp_json
from shared_rules.huns.tables import CARDS_IN_BOX, CARDS_PER_COLOUR, COLOURS, LOOT_PER_COLOUR
from shared_rules.ranking import rank
from hal import clock
from hal.clock import elapsed
from ui import palette
from ui.base import Screen, blink, fill, help_text, number, text

SEAT_Y = 6  # a seat: 3 x 2 pixels at column 4 * seat
TOKEN_Y = 8
MARK_Y = 9  # the cursor, or who took the die
TALL = 6  # the dice stand on the bottom row, at most this high
ERROR_MS = 900
TUMBLE_MS = 600  # the dice tumble this long after the device rolls them
DIM = palette.PLAYER_DIM - palette.PLAYER
# the ten counts of a camp (state.CAMP_FIELDS), four letters each; one string, not a tuple
LABELS = "RAIDMER+MER-TREACURSSTSHWAG WAG WAG WAG "
WAGON = 6  # the first wagon count
WAGON_COLOURS = bytes((palette.PLAYER + 5, palette.RULER + 3, palette.DIE + 2, palette.DIE))  # violet ... blue
# the result's rows, four letters each: the total, the scoring categories, the stash (tie-break)
RESULT = "VP  RAIDMERCTREACURSWAGNSTSH"
PARTS = ("raids", "mercenaries", "treasures", "curses", "wagons")  # rows 1-5 (huns/score.py)
HOLD_MS = 900  # a short OK on the end check: HOLD shows this long



def screen(game, settings: dict) -> "HunsScreen":
    # the rules count seats; the settings give each seat's colour
    colours = settings.get("players") or []
    if len(colours) != game.players:
        colours = palette.PLAYER_COLOURS[:game.players]
    return HunsScreen(game, colours)


def _x(c: int) -> int:
    """The left column of die (or colour) c."""
    return 1 + 3 * c


class HunsScreen(Screen):
    name = "huns"

    def __init__(self, game, colours) -> None:
        self.game = game
        self.seats = bytes(palette.player(c) for c in colours)
        self.mode = "table"
        self.cursor = 0  # a colour: the die to take, the setup cube, the die of the table's roll
        self.marked = []  # setup: the colours picked
        self.choice = 0  # action: 0 cards, 1 loot; placed: cubes placed
        self.most = 0  # placed: cubes taken
        self.values = []  # dice: the table's roll; count: the supply then the decks
        self.item = 0  # count: which of the ten
        self.camps = []  # score: ten counts a camp, as entered
        self.seat = 0  # score: the camp entered; result: the place shown (an index into places)
        self.field = 0  # score: the count entered; result: the row of RESULT shown
        self.places = []  # result: (seat, place) best first
        self.hold_at = clock.now() - HOLD_MS
        self.tumble = -2  # -2: still; -1: tumbles from the next frame on; else when it began
        self.error = ""  # why the last press was refused
        self.error_at = -2  # the red flash, timed as the tumble
        self._settle()

    def show(self, game) -> None:
        self.game = game
        self.camps = []
        self._settle()

    def ui_json(self) -> dict:
        mode = self.mode
        out = {"mode": mode, "phase": self.game.phase}
        if mode == "count":
            out["item"] = "supply" if self.item < 5 else "decks"
            out["cursor"] = COLOURS[self.item % 5]
            out["value"] = self.values[self.item]
        elif mode == "score":
            out["seat"] = self.seat
            out["field"] = CAMP_FIELDS[self.field]
            out["value"] = self.camps[self.seat][self.field]
        elif mode == "result":
            seat, place = self.places[self.seat]
            out["seat"] = seat
            out["place"] = place
            out["show"] = "vp" if not self.field else PARTS[self.field - 1] if self.field <= len(PARTS) else "stash"
            out["value"] = self._result_value(seat, self.field)
            out["ranking"] = [p[0] for p in self.places]
        else:
            out["cursor"] = COLOURS[self.cursor]
            if mode == "table" and self.game.phase == SETUP:
                out["marked"] = [COLOURS[c] for c in self.marked]
            elif mode == "action":
                out["choice"] = LOOT if self.choice else CARDS
                out["choices"] = [CARDS, LOOT]
            elif mode == "placed":
                out["value"] = self.choice
                out["most"] = self.most
            elif mode == "dice":
                out["dice"] = list(self.values)
        if self.error:
            out["refused"] = self.error
        return out

    def _settle(self) -> None:
        """Back to what the phase asks for."""
        g = self.game
        self.marked = []
        if g.phase == SCORING:
            if len(self.camps) != g.players:
                self.camps = [[0] * len(CAMP_TOPS) for _ in range(g.players)]
                self.seat = 0
                self.field = 0
            self.mode = "score"
        elif g.phase == OVER:
            self.camps = []
            r = g.result()
            seats = list(range(g.players))
            self.places = [(p["player"], p["place"]) for p in rank(seats, r["vp"], r["winners"])]
            self.seat = 0  # the first place
            self.field = 0  # the VP
            self.mode = "result"
        else:
            self.mode = "table"
            if g.phase == TAKE:
                self._step(0)

    def _step(self, step: int) -> None:
        """Move the table's cursor to the next die left (step 0: stay if it is left)."""
        g = self.game
        c = self.cursor
        for _ in range(5):
            c = (c + step) % 5
            if g.phase != TAKE or c not in g.taken:
                self.cursor = c
                return
            step = step or 1

    def help(self) -> str:
        m = self.mode
        return help_text("huns." + m + ("." + self.game.phase if m == "table" else ""))

    # -- presses -----------------------------------------------------------------------
    def at_top(self) -> bool:
        # (the scoring's first count too: BACK there asks MENU OK? - the scoring is begun again on return)
        return ((self.mode == "table" and not self.marked) or self.mode == "result"
                or (self.mode == "score" and not self.seat and not self.field))

    def press(self, app, button: str, long: bool) -> None:
        self.error = ""
        mode = self.mode
        up = 1 if button in ("UP", "RIGHT") else -1
        if mode == "table":
            self._table(app, button, long)
        elif mode == "action":
            if button == "OK":
                self._act(app)
            elif button == "BACK":
                self.mode = "table"
            else:
                self.choice = 1 - self.choice
        elif mode == "placed":
            if button == "OK":
                self._try(app, {"do": "take", "die": COLOURS[self.cursor], "action": LOOT, "placed": self.choice})
            elif button == "BACK":
                self.mode = "action"
            else:
                self.choice = max(0, min(self.most, self.choice + up))
        elif mode == "dice":
            if button in ("LEFT", "RIGHT"):
                self.cursor = (self.cursor + up) % 5
            elif button in ("UP", "DOWN"):
                c = self.cursor
                self.values[c] = _face(self.game.faces[c], self.values[c], up)
            elif button == "OK":
                self._roll(app, self.values)
            elif button == "BACK":
                self.mode = "table"
        elif mode == "count":
            self._count(app, button, up)
        elif mode == "score":
            self._score(app, button, long, up)
        elif mode == "result":
            if button in ("LEFT", "RIGHT"):
                self.seat = (self.seat + up) % len(self.places)
            elif button in ("UP", "DOWN"):
                self.field = (self.field - up) % (len(RESULT) // 4)  # DOWN: the next row
            elif button == "OK" and long:
                app.to_menu()

    def _table(self, app, button: str, long: bool) -> None:
        g = self.game
        phase = g.phase
        if button in ("LEFT", "RIGHT"):
            if phase == SETUP:
                self.cursor = (self.cursor + (1 if button == "RIGHT" else -1)) % 5
            elif phase == TAKE:
                self._step(1 if button == "RIGHT" else -1)
        elif button in ("UP", "DOWN"):
            if phase in (ROLL, TAKE, END):
                self.values = g.supply + g.decks
                self.item = 0
                self.mode = "count"
        elif button == "BACK":
            if self.marked:
                self.marked.pop()
        elif button != "OK":
            return
        elif phase == SETUP:
            self._start_loot(app)
        elif phase == ROLL:
            if long:  # the table rolled its own dice: enter them
                self.values = [_face(g.faces[c], 0, 1) for c in range(5)]
                self.cursor = 0
                self.mode = "dice"
            else:
                self._roll(app, None)
        elif phase == TAKE:
            self.choice = 1 if g.decks[self.cursor] < 1 else 0
            self.mode = "action"
        elif phase == END:
            if long:
                self._try(app, {"do": "end"})
            else:  # a short OK (perhaps one of many mashed): the check waits for OK held
                self.hold_at = clock.now()

    def _start_loot(self, app) -> None:
        """OK in setup: mark the cube's colour (again: unmark it); the last one takes them."""
        g = self.game
        c = self.cursor
        if c in self.marked:
            self.marked.remove(c)
            return
        if g.supply[c] < 1:
            self._refuse("huns.supply_empty", (COLOURS[c],))
            return
        self.marked.append(c)
        if len(self.marked) == g.start_loot[0][1]:
            self._try(app, {"do": "start_loot", "colours": [COLOURS[k] for k in self.marked]})

    def _roll(self, app, values) -> None:
        action: dict = {"do": "roll"}
        if values is not None:
            action["dice"] = {COLOURS[k]: values[k] for k in range(len(COLOURS))}
        if self._try(app, action) and values is None:
            self.tumble = -1

    def _act(self, app) -> None:
        """OK on cards or loot: cards are taken at once; loot asks how many cubes stay."""
        g = self.game
        c = self.cursor
        if not self.choice:
            self._try(app, {"do": "take", "die": COLOURS[c], "action": CARDS})
            return
        v = g.dice[c]
        self.most = v if v < g.supply[c] else g.supply[c]
        self.choice = self.most
        self.mode = "placed"

    def _count(self, app, button: str, up: int) -> None:
        """The supply (the first five) and the decks as the table shows them."""
        g = self.game
        k = self.item
        if button in ("LEFT", "RIGHT"):
            self.item = (k + up) % 10
        elif button in ("UP", "DOWN"):
            top = LOOT_PER_COLOUR[g.players] if k < 5 else CARDS_PER_COLOUR[g.players]
            self.values[k] = max(0, min(top, self.values[k] + up))
        elif button == "OK":
            v = self.values
            if v == g.supply + g.decks:
                self.mode = "table"  # nothing changed
            else:
                self._try(app, {"do": "recount", "supply": {COLOURS[k]: v[k] for k in range(5)},
                                "decks": {COLOURS[k]: v[5 + k] for k in range(5)}})
        elif button == "BACK":
            self.mode = "table"

    def _score(self, app, button: str, long: bool, up: int) -> None:
        """Each camp's ten counts: UP/DOWN the count, LEFT/RIGHT or OK the next count."""
        camp = self.camps[self.seat]
        f = self.field
        if button in ("UP", "DOWN"):
            v = camp[f] + up
            top = CAMP_TOPS[f]
            if f == 1 or f == 2:  # full and partial mercenaries: one pile of cards
                top = CARDS_IN_BOX - camp[3 - f]
            if 0 <= v <= top:
                camp[f] = v
            elif v > 0:
                self._refuse("huns.camp_full", (CAMP_FIELDS[f], top))  # more than the box holds
        elif button in ("LEFT", "RIGHT"):
            self.field = (f + up) % len(camp)
        elif button == "BACK":
            if f:
                self.field = f - 1
            elif self.seat:
                self.seat -= 1
                self.field = len(camp) - 1
        elif button == "OK":
            if f + 1 < len(camp) and not long:
                self.field = f + 1
            elif self.seat + 1 < len(self.camps):
                self.seat += 1
                self.field = 0
            else:
                self._try(app, {"do": "score", "camps": [camp_json(c) for c in self.camps]})

    def _try(self, app, action: dict) -> bool:
        """An action on the game: done (back to what the phase asks for), or refused (a
        red flash)."""
        try:
            app.act(action)
        except RulesError as e:
            self._refuse(e.text, e.values)
            return False
        self._settle()
        return True

    def _refuse(self, why: str, values: tuple = ()) -> None:
        self.refuse(why, values)  # the App scrolls the reason
        self.error = why
        self.error_at = -1

    # -- drawing -----------------------------------------------------------------------
    def animating(self, now: int) -> bool:
        return True  # the cursor and the one to act blink

    def draw(self, frame: bytearray, now: int) -> None:
        mode = self.mode
        if mode != "result":  # (the result draws the seats in place order)
            self._draw_seats(frame, now)
        if mode == "score":
            self._draw_score(frame, now)
        elif mode == "result":
            self._draw_result(frame, now)
        elif mode == "count":
            self._draw_count(frame, now)
        else:
            self._draw_dice(frame, now)
            self._draw_head(frame, now)
        if self.error_at != -2:
            self.error_at = _since(self.error_at, now, ERROR_MS)
            if self.error_at >= 0:
                fill(frame, 0, 0, 16, 5, palette.BAD)

    def _draw_seats(self, frame: bytearray, now: int) -> None:
        """The seats in seat order, the one to act (the camp being scored) blinking; the
        first-player token under its seat. (The result draws them in place order.)"""
        g = self.game
        scoring = g.phase == SCORING
        who = self.seat if scoring else g.current
        for k in range(g.players):
            c = self.seats[k]
            if k != who or not blink(now):
                c += DIM
            fill(frame, 4 * k, SEAT_Y, 3, 2, c)
        if not scoring:
            fill(frame, 4 * g.first, TOKEN_Y, 3, 1, palette.WHITE)

    def _draw_dice(self, frame: bytearray, now: int) -> None:
        g = self.game
        phase = g.phase
        mode = self.mode
        values = self.values if mode == "dice" else g.dice
        tumbling = False
        if self.tumble != -2:
            self.tumble = _since(self.tumble, now, TUMBLE_MS)
            tumbling = self.tumble >= 0
        for c in range(5):
            x = _x(c)
            colour = palette.DIE + c
            if phase == SETUP:
                h = TALL if c in self.marked else 1
                fill(frame, x, 16 - h, 2, h, colour if g.supply[c] else palette.BAD)
            elif phase == END:  # the end check: an empty supply (left) or deck (right) in red
                if g.supply[c] < 1:
                    fill(frame, x, 16 - TALL, 1, TALL, palette.BAD)
                if g.decks[c] < 1:
                    fill(frame, x + 1, 16 - TALL, 1, TALL, palette.BAD)
                if g.supply[c] and g.decks[c]:
                    fill(frame, x, 15, 2, 1, colour)
            elif phase == ROLL and mode != "dice":
                if blink(now):
                    fill(frame, x, 15, 2, 1, colour)  # waiting for the roll
            elif c not in g.taken or mode == "dice":
                v = values[c]
                if tumbling:
                    v = (now // 70 + 2 * c) % 3 + 1
                h = v if v < TALL else TALL
                fill(frame, x, 16 - h, 2, h, colour)
                if v > TALL:
                    fill(frame, x, 16 - TALL, 2, 1, palette.WHITE)  # a face over six
        for k in range(len(g.taken)):  # who took each die
            fill(frame, _x(g.taken[k]), MARK_Y, 2, 1, self.seats[(g.first + k) % g.players])
        steady = mode == "action" or mode == "placed"
        if steady or ((mode == "dice" or phase == SETUP or phase == TAKE) and blink(now)):
            fill(frame, _x(self.cursor), MARK_Y, 2, 1, palette.CURSOR)

    def _draw_head(self, frame: bytearray, now: int) -> None:
        g = self.game
        mode = self.mode
        c = self.cursor
        if mode == "action":
            if self.choice:
                text(frame, 0, 0, "LOOT", palette.DIE + c)
            else:
                text(frame, 0, 0, "CARD", palette.DIE + c if g.decks[c] else palette.BAD)
        elif mode == "placed":
            number(frame, 0, 0, self.choice, palette.HINT, 1)
            text(frame, 4, 0, "/" + str(self.most))
        elif mode == "dice":
            text(frame, 0, 0, "T")
            number(frame, 12, 0, self.values[c], palette.DIE + c, 1)
        elif g.phase == SETUP:
            text(frame, 0, 0, "+" + str(g.start_loot[0][1] - len(self.marked)), palette.HINT)
        elif g.phase == END:
            if 0 <= elapsed(now, self.hold_at) < HOLD_MS:
                text(frame, 0, 0, "HOLD", palette.HINT)  # the check takes OK held
                return
            ends = g.supply.count(0) + g.decks.count(0)
            text(frame, 0, 0, "END", (palette.BAD if ends else palette.TEXT) if blink(now) else palette.HALF)
        else:
            text(frame, 0, 0, "R" + str(g.round % 1000), palette.TEXT)

    def _draw_count(self, frame: bytearray, now: int) -> None:
        g = self.game
        k = self.item
        first = k - k % 5
        top = LOOT_PER_COLOUR[g.players] if k < 5 else CARDS_PER_COLOUR[g.players]
        text(frame, 0, 0, "L" if k < 5 else "C")
        number(frame, 8, 0, self.values[k], palette.DIE + k % 5, 2)
        for c in range(5):
            v = self.values[first + c]
            h = (v * TALL + top - 1) // top
            if h:
                fill(frame, _x(c), 16 - h, 2, h, palette.DIE + c)
            else:
                fill(frame, _x(c), 15, 2, 1, palette.BAD)
        if blink(now):
            fill(frame, _x(k % 5), MARK_Y, 2, 1, palette.CURSOR)

    def _draw_score(self, frame: bytearray, now: int) -> None:
        f = self.field
        colour = self.seats[self.seat]
        text(frame, 0, 0, LABELS[4 * f:4 * f + 4], colour)
        if f >= WAGON:
            fill(frame, 13, 0, 3, 5, WAGON_COLOURS[f - WAGON])
        number(frame, 4, MARK_Y, self.camps[self.seat][f], palette.HINT, 3)
        for k in range(len(CAMP_TOPS)):
            frame[15 * 16 + 3 + k] = palette.CURSOR if k == f else palette.HALF

    def _result_value(self, seat: int, row: int) -> int:
        """A seat's total (row 0), one scoring category (1-5) or its stash (6)."""
        r = self.game.result()
        if row == 0:
            return r["vp"][seat]
        if row > len(PARTS):
            return r["stash"][seat]
        return r["breakdown"][seat][PARTS[row - 1]]

    def _draw_result(self, frame: bytearray, now: int) -> None:
        """Head: the row shown (VP, a category, STSH). Rows 6-7: the seats in place order,
        the one shown blinking; 8: green under the winners. 10-14: its place and value in
        its colour. 15: which of the seven rows."""
        f = self.field
        text(frame, 0, 0, RESULT[4 * f:4 * f + 4], palette.HINT if f == 0 else palette.TEXT)
        for k in range(len(self.places)):
            seat, place = self.places[k]
            c = self.seats[seat]
            if k == self.seat and not blink(now):
                c += DIM
            fill(frame, 4 * k, SEAT_Y, 3, 2, c)
            if place == 1:
                fill(frame, 4 * k, TOKEN_Y, 3, 1, palette.GOOD)
        seat, place = self.places[self.seat]
        number(frame, 0, 10, place, palette.GOOD if place == 1 else palette.TEXT, 1)
        number(frame, 4, 10, self._result_value(seat, f), self.seats[seat], 3)
        for k in range(len(RESULT) // 4):
            frame[15 * 16 + 4 + k] = palette.CURSOR if k == f else palette.HALF


def _since(start: int, now: int, ms: int) -> int:
    """An effect's start (-1: it starts now), or -2 once it has lasted ms."""
    if start < 0:
        return now
    d = elapsed(now, start)
    return start if 0 <= d < ms else -2


def _face(sides: str, v: int, step: int) -> int:
    """The next value up (or down) that the die shows on some face."""
    for _ in range(9):
        v = v % 9 + 1 if step > 0 else (v - 2) % 9 + 1
        if is_face(sides, v):
            break
    return v
