"""The Khan screen: the board on the matrix, the flip and the flight, every placement.

The board fills rows 0-10 (columns 1-14). Below it, columns 0-7 show each ruler's court
(one pixel per black yurt, in his colour) and columns 9-15 the panel: the player to act
and what the device asks for next. OK does the next thing the rules expect; a cursor
picks cells; BACK cancels; BACK held undoes the last action (app.py).

Modes: board (idle), cursor (pick a cell), symbol (which card symbol, table mode),
hand (which card, virtual mode), ruler, direction, paint (cells of a figure), menu
(actions A-D, special cards), score (the running score, with hints), and a flight
animation. With the box's hints on (ui/khan_hints.py) the cursor jumps between the cells
it may take, and the score, the special cards in force and the final phase's conquests
left are shown.
"""

import sys

from shared_rules.errors import RulesError, bad_args
from shared_rules.khan import conquer, invade, search
from shared_rules.khan.game import ACTIONS, END, FINAL, FLIP, OVER, SETUP, SPECIAL, TURN, VIRTUAL
from shared_rules.khan.tables import (ANYWHERE, DIRECTIONS, DX, DY, FIGURES, RIVER, RULERS, SYMBOLS, TERRAINS,
                                      card_direction, card_ruler, card_symbol)

import memory
from hal import clock
from hal.clock import elapsed
from ui import palette
from ui.base import Choice, Screen, blink, fill, help_text, number, text

search.viper()  # the search's machine code (khan/fast.py) comes with the game, while the heap is tidy
try:  # and the rng's step (shared_rules/fast_rng.py, ~2 KB): a flip that reshuffles the deck draws 72
    __import__("shared_rules.fast_rng")  # cards before its card's frame, ~18 ms of a Pico in Python, ~3 so
except (ImportError, ValueError, SyntaxError, MemoryError):  # (a port without viper, code of another arch, no
    pass  # room: rng.py draws the same without it)

BOARD_X = 1  # the board's column 0 on the matrix
PANEL_X = 9
STEP_MS = 140  # a ruler's flight: this long per cell passed
CARD_MS = 1500  # the card flipped is shown this long before its ruler's flight
ANNOUNCE_MS = 2500  # "FINL": the final phase has begun
ERROR_MS = 900
ARROWS = {"UP": 0, "RIGHT": 2, "DOWN": 4, "LEFT": 6}  # the direction each arrow points

# the action menu of step 2 and the special-card menu of step 4
ACTION_ITEMS = ("A", "B", "C", "D")
SPECIAL_ITEMS = ("M", "P", "G", "R", "E")  # morale, patronage, gods, recon, end
SPECIAL_CARDS = {"M": "morale", "P": "patronage", "G": "gods", "R": "recon"}


def screen(game, settings: dict) -> "KhanScreen":
    return KhanScreen(game)


def fits(game) -> None:
    """A game's board must fit the matrix (bad_args when it does not)."""
    if game.board.width > 16 or game.board.height > 11:
        raise bad_args("the board must fit the matrix: at most 16 x 11 cells")


class KhanScreen(Screen):
    name = "khan"
    history_at = 11  # the history's label over the courts and the panel: the board stays in view

    def __init__(self, game) -> None:
        self.game = game
        self.mode = "board"
        self.cursor = game.board.size // 2
        self.then = ""  # what to do with the cell/ruler/... picked: a tag
        self.choice = Choice([])
        self.picked = -1  # a cell or a ruler picked earlier in a two-step pick
        self.paint = []  # cells chosen for a figure
        self.consent = False
        self.flight = None  # (ruler, [cells], start ms, card) while a flight is shown (card: the flip's)
        self.pending = None  # a flip whose card is shown, its flight worked out after the frame (settle)
        self.covered = True  # the hand is hidden until its player asks (an arrow or OK)
        self.announce = None  # the final phase's banner: None, -1 (from the next frame) or its start
        self.error_at = clock.now() - ERROR_MS  # when the last refused move was tried
        self.error = ""
        self._scores = None
        self._scores_for = -1  # the version of the game they are of
        self.aid = None  # the hints (ui/khan_hints.py), while the box's setting has them on
        self.version = 0  # counts the changes of the game...
        self.layer = bytearray(256)  # ...and this is the board and the courts drawn for
        self.layer_for = -1  # this version: a frame only copies it (60 frames a second)
        if game.phase == SETUP:
            self.then = "setup"
            self._home()

    def show(self, game) -> None:
        """The game after an undo or a redo: the board redrawn, the cursor where it was."""
        self.game = game
        self.mode = "board"
        self.paint = []
        self.flight = None
        self.announce = None
        self._scores = None
        self.version += 1
        if self.aid is not None:
            self.aid.stop()
        if game.phase == SETUP:  # the cursor where the next yurt may go
            self.then = "setup"
            self._home()

    def ui_json(self) -> dict:
        out = {"mode": self.mode, "cursor": self.game.board.name_of(self.cursor),
               "paint": [self.game.board.name_of(i) for i in self.paint]}
        if self.mode == "discard":
            out["paint"] = list(self.paint)
        if self.mode in ("hand", "discard") and self.covered:
            out["covered"] = True  # the hand stays private: not even the host sees it
            out["cards"] = len(self.choice.items)
            out["paint"] = []
        elif self.mode not in ("board", "cursor", "paint") and self.choice.items:
            out["choice"] = self.choice.value
            out["choices"] = list(self.choice.items)
        if self.flight is not None and self.flight[3] is not None:
            r, d, symbol = self.flight[3]
            out["flipped"] = {"ruler": RULERS[r], "direction": DIRECTIONS[d], "symbol": symbol}
        if self.announce is not None:
            out["announce"] = "final"
        aid = self.aid
        if aid is not None:
            out["hints"] = True  # the cursor jumps between the cells a piece may take (steppe's driver plans so)
            if self.mode == "score":
                out.update(aid.page_json())
            elif self.mode == "paint" and aid.whole:
                out["whole"] = True  # the painted cells are a conquest the rules allow
            if self.game.phase == FINAL and aid.left is not None and aid.left_for == self.version:
                out["left"] = dict(zip(self.game.players, aid.left))
        return out

    def help(self) -> str:
        m = self.mode
        g = self.game
        if m == "board":
            key = g.phase if g.phase in (SETUP, FINAL, OVER) else g.step
            if g.step == FLIP and g.mode != VIRTUAL:
                key += ".table"
            m += "." + key
        elif m in ("cursor", "ruler"):
            m += "." + self.then
        elif m == "hand" and self.covered:
            m += ".covered"
        elif m == "board" and self.hints and self.game.phase not in (SETUP, OVER):
            m += ".hints"  # (and what an arrow shows)
        return help_text("khan." + m)

    # -- presses -----------------------------------------------------------------------
    def at_top(self) -> bool:
        return self.mode == "board"

    def _hints(self):
        """The hints (ui/khan_hints.py) when the box's setting has them on and the game is not
        over, else None (and their code let go: a finished game has nothing to hint, and the
        heap is wanted for its archive and the host's pulls)."""
        if not self.hints or self.game.phase == OVER:
            if self.aid is not None or "ui.khan_hints" in sys.modules:
                self.aid = None
                memory.unload("ui.khan_hints")
        elif self.aid is None:
            from ui.khan_hints import Hints

            self.aid = Hints(self)
        return self.aid

    def press(self, app, button: str, long: bool) -> None:
        self.flight = None
        self.announce = None
        aid = self._hints()
        if aid is not None:
            aid.press()  # the press's frame first; what the hints work out, at settle
        self._press(app, button, long, aid)
        if aid is not None and self.mode not in ("cursor", "paint"):
            aid.stop()
        if aid is not None and self.game.phase == OVER:
            self._hints()  # the game's end: the hints go

    def _press(self, app, button: str, long: bool, aid) -> None:
        mode = self.mode
        if mode in ("hand", "discard") and self.covered and button != "BACK" and not long:
            self.covered = False  # the player asks to see his hand: only that
            return
        if mode == "board":
            if button == "OK":
                self._next(app)
            elif button in ARROWS and self.game.phase == SETUP:
                self._cursor("setup")  # the cursor comes, on a cell the yurt may take
            elif button in ARROWS and aid is not None and self.game.phase != OVER:
                self.mode = "score"  # the running score, then the special cards in force
                aid.open_score()
        elif mode == "score":
            if button in ARROWS and aid is not None:
                aid.page += 1 if button in ("RIGHT", "DOWN") else -1
            else:
                self.mode = "board"
        elif mode == "cursor":
            if button in ARROWS:
                self._move(button)
            elif button == "OK":
                self._cell(app, self.cursor)
            elif button == "BACK":
                self.mode = "board"
        elif mode == "discard":
            if button in ("LEFT", "UP"):
                self.choice.move(-1)
            elif button in ("RIGHT", "DOWN"):
                self.choice.move(1)
            elif button == "OK" and long:
                self._double(app)
            elif button == "OK" and self.choice.items:
                card = self.choice.value
                if card in self.paint:
                    self.paint.remove(card)
                else:
                    self.paint.append(card)
            elif button == "BACK":
                self.paint = []
                self.mode = "board"
                self.covered = True
        elif mode == "paint":
            if button in ARROWS:
                self._move(button)
            elif button == "OK" and long:
                self._conquer(app)
            elif button == "OK":
                if self.cursor in self.paint:
                    self.paint.remove(self.cursor)
                elif len(self.paint) < 5:
                    self.paint.append(self.cursor)
                if aid is not None:
                    aid.paint()
            elif button == "BACK":
                self.paint = []
                self.mode = "board"
        else:  # the list modes: symbol, hand, ruler, direction, menu, special, region, figure
            if button in ("LEFT", "UP"):
                self.choice.move(-1)
            elif button in ("RIGHT", "DOWN"):
                self.choice.move(1)
            elif button == "OK":
                self._chosen(app, self.choice.value)
            elif button == "BACK":
                self.mode = "board"
                self.covered = True

    def _move(self, button: str) -> None:
        if self.aid is not None:
            i = self.aid.jump(self.cursor, button)
            if i >= 0:  # to the next cell the piece may take
                self.cursor = i
                return
        b = self.game.board
        d = ARROWS[button]
        x = self.cursor % b.width + DX[d]
        y = self.cursor // b.width + DY[d]
        if 0 <= x < b.width and 0 <= y < b.height:
            self.cursor = y * b.width + x

    def _list(self, mode: str, items: list, then: str = "") -> None:
        self.mode = mode
        self.choice = Choice(items)
        self.then = then
        self.covered = True  # a hand listed again is hidden again

    def _cursor(self, then: str) -> None:
        """Cursor mode, to pick a cell for then (setup, invade, double): on a legal cell."""
        self.mode = "cursor"
        self.then = then
        if self.aid is not None:
            self.aid.place(then, self.picked)  # (the cursor to the nearest of them: as _home)
        else:
            self._home()

    def _paint(self) -> None:
        """Paint mode: the cells of a figure, marked one by one."""
        self.paint = []
        self.mode = "paint"
        if self.aid is not None:
            self.aid.paint()

    def _home(self) -> None:
        """Move the cursor to the nearest cell where the yurt being placed may go (it
        stays where it is if it may go there, or if no cell would do)."""
        g = self.game
        then = self.then
        if then == "setup":
            sym = invade.parse_symbol(invade.SETUP)
        elif then == "invade" and g.mode == VIRTUAL and self.picked >= 0:
            sym = invade.parse_symbol(card_symbol(self.picked))
        elif then in ("invade", "double"):
            sym = invade.parse_symbol(ANYWHERE)
        else:
            return
        if invade.allowed(g.pos, self.cursor, sym):
            return
        w = g.board.width
        x0 = self.cursor % w
        y0 = self.cursor // w
        best = -1
        far = 1 << 20
        for i in invade.each(g.pos, sym):
            d = (i % w - x0) ** 2 + (i // w - y0) ** 2
            if d < far:
                best = i
                far = d
        if best >= 0:
            self.cursor = best

    def _next(self, app) -> None:
        """OK on the board: whatever the rules expect next."""
        g = self.game
        if g.phase == SETUP:
            self._cursor("setup")
        elif g.phase == FINAL:
            # two conquests, or none left to make (with anybody's consent): the turn ends
            if g.actions >= 2 or not any(True for _ in g.conquests(True)):
                self._try(app, {"do": "end"})
            else:
                self._paint()
        elif g.phase == OVER:
            pass
        elif g.step == FLIP:
            if g.mode == VIRTUAL:
                self._flip(app, -1, -1)
            else:
                self._list("ruler", [r for r in range(len(RULERS)) if g.pos.in_play(r)], "flip")
        elif g.step == ACTIONS:
            if g.extra:  # High Morale's third action is a conquest (every combination ends in C)
                items: list = ["C"]
            else:  # D only as both actions; B only while a ruler can be expelled
                items = [k for k in ACTION_ITEMS[:4 if g.actions == 2 else 3] if k != "B" or g.can_expel()]
            if not g.can_act():
                items.append("S")  # skipping is allowed only when nothing else is
            self._list("menu", items)
        elif g.step == SPECIAL:
            self._list("special", [k for k in SPECIAL_ITEMS if k == "E" or SPECIAL_CARDS[k] in g.specials_allowed()])
        elif g.step == END:
            self._try(app, {"do": "end"})

    def _chosen(self, app, value) -> None:
        g = self.game
        mode = self.mode
        if mode == "menu":
            if value == "A":
                if g.mode == VIRTUAL:
                    self._list("hand", list(g.hand()))
                else:
                    self._cursor("invade")
            elif value == "B":
                self._list("ruler", [r for r in range(len(RULERS)) if g.pos.in_play(r)], "expel")
            elif value == "C":
                self._paint()
            elif value == "D":
                self._cursor("double")
            elif value == "S":
                self._try(app, {"do": "skip"})
        elif mode == "special":
            if value == "E":
                self._try(app, {"do": "end"})
            elif value == "G" and len(g.players) == 4:
                self._list("region", [t for t in range(1, 7) if t not in [x[1] for x in g.prot.gods]])
            elif value == "R":
                keys = [f[0] for f in FIGURES if conquer.available(g.stock, g.prot, g.player, f[0]) > 0]
                self._list("figure", keys)
            else:
                self._try(app, {"do": "special", "card": SPECIAL_CARDS[value]})
        elif mode == "region":
            self._try(app, {"do": "special", "card": "gods", "region": TERRAINS[value - 1]})
        elif mode == "figure":
            self._try(app, {"do": "special", "card": "recon", "figure": value})
        elif mode == "hand":
            for _ in invade.each(g.pos, invade.parse_symbol(card_symbol(value))):
                self.picked = value
                self._cursor("invade")
                return
            self._refuse("khan.card_no_cell")  # said at once, not at the cell: the hand stays listed
        elif mode == "ruler":
            self.picked = value
            if g.mode == VIRTUAL:
                self._expel(app, value, -1)
            else:
                self._list("direction", list(range(8)), self.then)
        elif mode == "direction":
            if self.then == "flip":
                self._flip(app, self.picked, value)
            else:
                self._expel(app, self.picked, value)
        elif mode == "symbol":
            self._try(app, {"do": "invade", "cell": g.board.name_of(self.picked), "symbol": value})

    def _cell(self, app, i: int) -> None:
        """OK on a cell in cursor mode."""
        g = self.game
        name = g.board.name_of(i)
        if self.then == "setup":
            self._try(app, {"do": "setup_yurt", "cell": name}, keep=True)
        elif self.then == "double":
            if g.mode == VIRTUAL:
                # then the cards to discard: OK marks one, OK held discards them and ends
                self.picked = i
                self.paint = []
                self._list("discard", list(g.hand()))
            else:
                self._try(app, {"do": "double", "cell": name, "discard": []})
        elif self.then == "invade":
            if g.mode == VIRTUAL:
                self._try(app, {"do": "invade", "cell": name, "card": self.picked})
            else:
                fits = [s for s in SYMBOLS if invade.allowed(g.pos, i, invade.parse_symbol(s))]
                if not fits:
                    self._refuse("khan.no_symbol", (name,))
                    return
                self.picked = i
                self._list("symbol", fits)

    def _double(self, app) -> None:
        cards = list(self.paint)
        self.paint = []
        self._try(app, {"do": "double", "cell": self.game.board.name_of(self.picked), "discard": cards})

    def _flip(self, app, r: int, d: int) -> None:
        action = {"do": "flip"}
        if r >= 0:
            action["ruler"] = RULERS[r]
            action["direction"] = DIRECTIONS[d]
        self._fly(app, action)

    def _expel(self, app, r: int, d: int) -> None:
        action = {"do": "expel", "ruler": RULERS[r]}
        if d >= 0:
            action["direction"] = DIRECTIONS[d]
        self._fly(app, action)

    def _fly(self, app, action: dict) -> None:
        """A flip or an expel: the ruler is shown moving along his path; a flip shows its
        card first (the ruler's colour, the direction, the symbol). The card is known before
        the rules work out the flight (the deck's next ruler in play, or the table's card as
        entered): it goes to the LEDs at once, and the flight is worked out after that frame
        (settle) - a flip is seen within a frame of its press."""
        card = self._coming_card(action)
        if card is None:
            self._flown(app, action, None)
            return
        self.flight = (card[0], None, None, card)
        self.pending = action
        self.mode = "board"

    def _coming_card(self, action: dict):
        """(ruler, direction, symbol) of the card a flip will show, or None: not a flip, or
        one the rules may refuse or that reshuffles the deck (then all at once, as before)."""
        g = self.game
        if action["do"] != "flip" or g.step != FLIP or g.phase != TURN:
            return None
        if "ruler" in action:  # the table's card, as entered
            r = RULERS.index(action["ruler"])
            return (r, DIRECTIONS.index(action["direction"]), "") if g.pos.in_play(r) else None
        if g.mode != VIRTUAL:
            return None
        c = g.deck.peek(g.pos.home)
        return None if c < 0 else (card_ruler(c), card_direction(c), card_symbol(c))

    def settle(self, app) -> None:
        action = self.pending
        if action is not None:  # the flip's card is out: its flight now
            self.pending = None
            start = self.flight[2] if self.flight is not None else None
            self._flown(app, action, start)
        if self.aid is not None:  # the hints' sums, after the frame (until a press waits)
            self.aid.work(app.buttons)

    def _flown(self, app, action: dict, start) -> None:
        final = self.game.phase == FINAL
        try:
            event = app.act(action)
        except RulesError as e:
            self.flight = None
            self._refuse(e.text, e.values)
            return
        b = self.game.board
        flight = event["flight"]
        cells = [b.cell(flight["from"], "from")] + [b.cell(c, "path") for c in flight["path"]]
        r = RULERS.index(event["ruler"])
        card = None
        if action["do"] == "flip":
            c = event["card"]
            if c is not None:  # the deck's card
                card = (r, DIRECTIONS.index(c["direction"]), c["symbol"])
            else:  # the table's card, as entered
                card = (r, DIRECTIONS.index(action["direction"]), "")
        self.flight = (r, cells, start, card)
        self.mode = "board"
        self.version += 1
        self._final(final)

    def _final(self, was: bool) -> None:
        """The final phase has just begun: its banner, once the flight has been shown."""
        if not was and self.game.phase == FINAL:
            self.announce = -1

    def _conquer(self, app) -> None:
        """OK held in paint mode: the figure whose shape the painted cells make."""
        g = self.game
        cells = list(self.paint)
        last = None
        for key, kind, shape, _ in FIGURES:
            if len(cells) != len(conquer.shape_cells(shape)):
                continue
            has_river = any(g.board.terrain[i] == RIVER for i in cells)
            if (kind == "bridge") != has_river:
                continue
            for consent in (False, True):
                try:
                    app.act({"do": "conquer", "figure": key, "cells": [g.board.name_of(i) for i in cells],
                             "consent": consent})
                except RulesError as e:
                    last = e
                    continue
                self.paint = []
                self.mode = "board"
                self.version += 1
                return
        if last is not None:
            self._refuse(last.text, last.values)
        else:
            self._refuse("khan.no_shape", (len(cells),))

    def _try(self, app, action: dict, keep: bool = False) -> None:
        """An action on the game: done (the board redrawn), or refused (a red flash and
        the reason). keep: stay in cursor mode while the setup goes on."""
        final = self.game.phase == FINAL
        try:
            app.act(action)
        except RulesError as e:
            self._refuse(e.text, e.values)
            return
        if keep and self.game.phase == SETUP:
            self._cursor("setup")  # the next player's yurt: the cursor off the one just placed
        else:
            self.mode = "board"
        self.version += 1
        self._final(final)

    def _refuse(self, why: str, values: tuple = ()) -> None:
        self.refuse(why, values)  # the App scrolls the reason
        self.error = why
        self.error_at = clock.now()

    # -- drawing -----------------------------------------------------------------------
    def animating(self, now: int) -> bool:
        return True  # the cursor, the prompts and flights blink or move

    def draw(self, frame: bytearray, now: int) -> None:
        if self.layer_for != self.version:
            self._draw_layer(self.layer)
            self.layer_for = self.version
        frame[:] = self.layer
        b = self.game.board
        pos = self.game.pos
        aid = self._hints()
        if aid is not None and not aid.held:  # the hints' work left by a press that came, or
            aid.work(None, 1)  # after a restart (no press, no settle): a step a frame
        self._draw_flight(frame, now)
        self._draw_panel(frame, now)
        if aid is not None:
            if self.game.phase == FINAL:
                aid.draw_left(frame)
            aid.draw_marks(frame, now)
            if self.mode == "score":
                aid.draw_page(frame, now)
            elif self.mode in ("cursor", "paint"):
                aid.draw_stops(frame, now)
        if self.mode in ("cursor", "paint"):
            for i in self.paint if self.mode == "paint" else ():
                if blink(now, 300):
                    frame[(i // b.width) * 16 + BOARD_X + i % b.width] = palette.MARK
            if blink(now):
                at = (self.cursor // b.width) * 16 + BOARD_X + self.cursor % b.width
                frame[at] = palette.cursor_on(frame[at])  # white, or dark on a light cell
        if self.mode == "ruler" and blink(now):
            cell = pos.ruler_cell[self.choice.value] if self.choice.items else -1
            if cell >= 0:
                at = (cell // b.width) * 16 + BOARD_X + cell % b.width
                frame[at] = palette.cursor_on(frame[at])

    def _draw_layer(self, frame: bytearray) -> None:
        """What changes only with the game: the board, its pieces, the courts."""
        for i in range(len(frame)):
            frame[i] = palette.OFF
        g = self.game
        b = g.board
        pos = g.pos
        players = pos.players
        for i in range(b.size):
            t = b.terrain[i]
            if not t:
                continue
            c = palette.RIVER if t == RIVER else palette.TERRAIN + t - 1
            f = pos.fig_at[i]
            if f:
                bits = pos.fig_owners[f - 1]
                owners = [players[k] for k in range(len(players)) if bits >> k & 1]
                c = palette.player(owners[i % len(owners)], True) if owners else palette.HALF
            elif pos.ruler_at[i]:
                c = palette.RULER + pos.ruler_at[i] - 1
            elif pos.yurt[i] == 1:
                c = palette.NEUTRAL
            elif pos.yurt[i]:
                c = palette.player(players[pos.yurt[i] - 2])
            frame[(i // b.width) * 16 + BOARD_X + i % b.width] = c
        self._draw_courts(frame)

    def _draw_flight(self, frame: bytearray, now: int) -> None:
        if self.flight is None:
            self._draw_announce(frame, now)
            return
        r, cells, start, card = self.flight
        if start is None:
            start = now
            self.flight = (r, cells, start, card)
        t = max(0, elapsed(now, start))
        if card is not None:
            if t < CARD_MS:
                self._draw_card(frame, card)
                return
            t -= CARD_MS
        k = t // STEP_MS
        b = self.game.board
        if cells is None or k >= len(cells) - 1 or len(cells) < 2:  # (None: not worked out - settle does it)
            self.flight = None
            return
        i = cells[k]
        frame[(i // b.width) * 16 + BOARD_X + i % b.width] = palette.RULER + r
        last = cells[-1]
        frame[(last // b.width) * 16 + BOARD_X + last % b.width] = palette.TERRAIN + b.terrain[last] - 1 \
            if b.terrain[last] != RIVER else palette.RIVER

    def _draw_card(self, frame: bytearray, card: tuple) -> None:
        """The card flipped, over the board: framed in its ruler's colour, its direction
        (an arrow from the white centre) above its symbol."""
        r, d, symbol = card
        fill(frame, 3, 0, 10, 11, palette.RULER + r)
        fill(frame, 4, 1, 8, 9, palette.OFF)
        self._arrow(frame, 7, 3, d, 0)
        if symbol:
            self._symbol(frame, 6, symbol, 7)

    def _draw_announce(self, frame: bytearray, now: int) -> None:
        """FINL over the board for ANNOUNCE_MS: the final phase has begun."""
        if self.announce is None:
            return
        if self.announce < 0:
            self.announce = now
        if not 0 <= elapsed(now, self.announce) < ANNOUNCE_MS:
            self.announce = None
            return
        fill(frame, 0, 2, 16, 9, palette.OFF)
        fill(frame, 0, 2, 16, 1, palette.HINT)
        fill(frame, 0, 10, 16, 1, palette.HINT)
        text(frame, 0, 4, "FINL", palette.HINT if blink(now) else palette.WHITE)

    def _draw_courts(self, frame: bytearray) -> None:
        pos = self.game.pos
        for r in range(len(RULERS)):
            n = pos.courts[r]
            for k in range(min(n, 5)):
                frame[(15 - k) * 16 + r] = palette.RULER + r
            if pos.home[r]:  # a ruler at his court: his colour at its top, the court's yurts below
                frame[11 * 16 + r] = palette.RULER + r

    def _draw_panel(self, frame: bytearray, now: int) -> None:
        g = self.game
        if 0 <= elapsed(now, self.error_at) < ERROR_MS:
            fill(frame, PANEL_X, 11, 7, 5, palette.BAD)
            return
        if g.phase == OVER:
            self._draw_scores(frame, now)
            return
        me = palette.player(g.player)
        fill(frame, PANEL_X, 11, 1, 5, me)
        x = PANEL_X + 2
        mode = self.mode
        if mode in ("menu", "special"):
            text(frame, x + 1, 11, self.choice.value, palette.WHITE)
        elif mode in ("hand", "discard") and self.covered:
            fill(frame, x, 11, 2, 5, palette.HALF)  # the back of the hand, and its size
            number(frame, x + 2, 11, len(self.choice.items), palette.TEXT, 1)
        elif mode in ("hand", "discard") and self.choice.items:
            card = self.choice.value
            if mode == "discard" and card in self.paint and blink(now, 300):
                return
            fill(frame, x, 11, 2, 5, palette.RULER + card_ruler(card))
            self._symbol(frame, x + 3, card_symbol(card))
        elif mode == "symbol":
            self._symbol(frame, x + 1, self.choice.value)
        elif mode == "ruler":
            fill(frame, x, 12, 5, 3, palette.RULER + self.choice.value)
        elif mode == "direction":
            self._arrow(frame, x + 2, 13, self.choice.value)
        elif mode == "region":
            fill(frame, x, 12, 5, 3, palette.TERRAIN + self.choice.value - 1)
        elif mode == "figure":
            self.draw_shape(frame, x, [f[2] for f in FIGURES if f[0] == self.choice.value][0])
        elif mode in ("cursor", "paint"):
            whole = mode == "paint" and self.aid is not None and self.aid.whole  # OK held conquers
            text(frame, x + 1, 11, "C" if mode == "paint" else "+", palette.GOOD if whole else palette.HINT)
        elif g.phase == SETUP:
            text(frame, x + 1, 11, "S", palette.HINT if blink(now) else palette.TEXT)
        elif g.phase == FINAL:
            number(frame, x, 11, 2 - g.actions, palette.HINT, 1)
        elif g.step == FLIP:
            if blink(now):
                fill(frame, x, 12, 5, 3, palette.HINT)
        elif g.step == ACTIONS:
            number(frame, x + 1, 11, g.actions, palette.HINT, 1)
        else:
            text(frame, x + 1, 11, "E" if g.step == END else "?", palette.TEXT)

    def draw_shape(self, frame: bytearray, x: int, shape: str) -> None:
        """A figure's shape in the bottom rows from column x."""
        for cx, cy in conquer.shape_cells(shape):
            if cx < 5 and cy < 5:
                frame[(11 + cy) * 16 + x + cx] = palette.HINT

    def _symbol(self, frame: bytearray, x: int, symbol: str, y: int = 12) -> None:
        """A card symbol: its terrain colour, the river blue, the joker white, border a frame."""
        core = symbol.split("+")[0]
        if core in TERRAINS:
            fill(frame, x, y, 3, 3, palette.TERRAIN + TERRAINS.index(core))
        elif core == "river":
            fill(frame, x, y, 3, 3, palette.RIVER)
        elif core in ("khan", ANYWHERE):
            fill(frame, x, y, 3, 3, palette.WHITE)
        if "border" in symbol:
            fill(frame, x - 1, y - 1, 5, 1, palette.HINT)
            fill(frame, x - 1, y + 3, 5, 1, palette.HINT)

    def _arrow(self, frame: bytearray, cx: int, cy: int, d: int, top: int = 11) -> None:
        frame[cy * 16 + cx] = palette.WHITE
        for k in (1, 2):
            x = cx + DX[d] * k
            y = cy + DY[d] * k
            if 0 <= x < 16 and top <= y < 16:
                frame[y * 16 + x] = palette.HINT

    def scores_now(self):
        """The scores worked out for the game as it stands, or None (not yet: score())."""
        return self._scores if self._scores_for == self.version else None

    def score(self) -> dict:
        """Each player's score as it stands: the figures' points and the territory bonus."""
        from shared_rules.khan.game import score_position

        g = self.game
        self._scores = score_position(g.pos, g.players)
        self._scores_for = self.version
        return self._scores

    def _draw_scores(self, frame: bytearray, now: int) -> None:
        g = self.game
        s = self.scores_now() or self.score()
        k = (now // 1500) % len(g.players)
        p = g.players[k]
        c = palette.player(p)
        # the whole bottom band (the courts no longer matter): the player's colour, then his
        # total in three places (a winner's colour blinks)
        fill(frame, 0, 11, 16, 5, palette.OFF)
        if p not in s["winners"] or blink(now):
            fill(frame, 0, 11, 2, 5, c)
        number(frame, 4, 11, min(s["total"][p], 999), c, 3)

