"""The Chu and Han screen: both VP tracks, the edicts, the event, the waiting ability.

The cards stay on the table; the players tell the device what happened and it keeps the
score. Han is always the left half of the matrix and LEFT, Chu the right half and RIGHT:
LEFT or RIGHT opens that player's list (a set, an edict, going out, an ability, a
counter, the event's bonus); OK on the board lets the waiting ability take effect or
starts the next round. BACK cancels; BACK held undoes the last action (app.py).

Rows 0-4: the VP (gold while Xiang Yu doubles them); 5 and 6: the tracks to 31, two VP a
pixel; 8-9: the attacker's block on his side, the six edicts between (Han's from the
left, Chu's from the right), a white block beside an open hand (Ji Bu); 10: the player
entering something; 11-15: the panel (the event, the waiting ability, a list, a set).

Modes: board, menu (a player's list), set (size and rank), cards (going out: the
opponent's cards), event (table mode: the event flipped for the next round).
"""

from shared_rules.errors import RulesError
from shared_rules.chuhan.game import OFF, OVER, PLAY, ROUND_OVER, TABLE, going_out_vp, most_cards
from shared_rules.chuhan.tables import (ABILITIES, EVENT_KEYS, LIU_BANG_RANK, ONCE_A_ROUND, PLAYERS, RANK_COUNTS,
                                        WIN_VP, XIANG_YU_FACTOR, end_bonus)
from hal import clock
from hal.clock import elapsed
from ui import palette
from ui.base import Choice, Screen, blink, fill, help_text, number, text

ERROR_MS = 900
GAIN_MS = 1100  # each VP gain is shown this long: "+6" in the colour of who gained it
FLIP_MS = 800  # the event card turning over at the start of a round
# what each key shows on the matrix (at most 4 characters): one string, not a dict
LABELS = ("|set=SET|edict=EDCT|out=OUT|zhongli_mo=ZHMO|peng_yue=PENG|zm_py=ZMPY|ji_bu=JIBU|yu_ji=YUJI"
          "|ying_bu=YGBU|han_xin=HXIN|xiao_ying=XYNG|xiang_yu=XYU|lu_zhi=LUZH|xiao_he=XHE|bonus=BONS"
          "|liu_bang=LIUB|lull=LULL|good_advice=ADVC|stability=STAB|hangu_pass=PASS|warlords=WARL"
          "|event_a=OTH1|event_b=OTH2|event_c=OTH3|event_d=OTH4|event_e=OTH5|event_f=OTH6|")
# (the six events the rulebook does not describe have no effect here: OTH1..OTH6, "another event")
MAX_SET = 10  # the largest set the size entry offers
SETS = ("set", "zhongli_mo", "peng_yue", "zm_py")
SEPARATOR = "XZP+"  # between size and rank: a plain set, Zhongli Mo, Peng Yue, both


def label(key: str) -> str:
    i = LABELS.find("|" + key + "=")
    if i < 0:
        return key[:4].upper()
    i += len(key) + 2
    return LABELS[i:LABELS.find("|", i)]


def screen(game, settings: dict) -> "ChuHanScreen":
    # the sides are the game's own (Han blue, Chu red); with events the event card turns over
    return ChuHanScreen(game, game.events != OFF)


def colour(p: int) -> int:
    return palette.HAN + p  # HAN, CHU


class ChuHanScreen(Screen):
    name = "chuhan"

    def __init__(self, game, flip: bool = False) -> None:
        self.game = game
        self.mode = "board"
        self.who = -1  # the player whose list, set or going out is being entered
        self.choice = Choice([])
        self.rank = 2  # the last set's rank, kept for the next one
        self.size = 1  # a set's size: 1 each time a set is entered
        self.kind = 0  # index into SETS
        self.cards = 0
        self.info = False  # UP/DOWN on the board: the round number instead of the event
        self.error = ""
        now = clock.now()
        self.error_at = now - ERROR_MS
        self.shown = []  # the last action's gains: (player, vp, source, doubled)
        self.shown_at = now
        self.flip_at = now if flip else now - FLIP_MS

    def show(self, game) -> None:
        self.game = game
        self.mode = "board"
        self.shown = []

    def ui_json(self) -> dict:
        mode = self.mode
        out: dict = {"mode": mode, "error": self.error}
        if mode != "board":
            out["player"] = PLAYERS[self.who] if self.who >= 0 else None
        if mode in ("menu", "event"):
            out["choice"] = self.choice.value
            out["choices"] = list(self.choice.items)
        elif mode == "set":
            out["kind"] = SETS[self.kind]
            out["rank"] = self.rank
            out["size"] = self.size
        elif mode == "cards":
            out["cards"] = self.cards
            out["most"] = most_cards(self.game.edicts[1 - self.who])
        return out

    def help(self) -> str:
        m = self.mode
        g = self.game
        if m == "board":
            if g.phase == OVER:
                m += ".over"
            elif g.phase == ROUND_OVER:
                m += ".round"
            elif g.pending is not None:
                m += ".pending"
        return help_text("chuhan." + m)

    # -- presses -----------------------------------------------------------------------
    def at_top(self) -> bool:
        return self.mode == "board"

    def press(self, app, button: str, long: bool) -> None:
        self.error = ""
        mode = self.mode
        g = self.game
        if mode == "board":
            if button in ("LEFT", "RIGHT"):
                self._menu(0 if button == "LEFT" else 1)
            elif button == "OK":
                self._next(app)
            elif button in ("UP", "DOWN"):
                self.info = not self.info
        elif mode == "set":
            if button in ("LEFT", "RIGHT"):
                self.rank = (self.rank + (1 if button == "RIGHT" else -1)) % (LIU_BANG_RANK + 1)
            elif button in ("UP", "DOWN"):  # 1..MAX_SET, no wrap: UP x7 from 1 is 8
                self.size = max(1, min(MAX_SET, self.size + (1 if button == "UP" else -1)))
            elif button == "OK":
                self._set(app)
            elif button == "BACK":
                self.mode = "menu"
        elif mode == "cards":
            if button in ("UP", "RIGHT"):
                self.cards = min(self.cards + 1, most_cards(g.edicts[1 - self.who]))
            elif button in ("DOWN", "LEFT"):
                self.cards = max(self.cards - 1, 0)
            elif button == "OK":
                self._try(app, {"do": "out", "player": PLAYERS[self.who], "cards": self.cards})
            elif button == "BACK":
                self.mode = "menu"
        else:  # menu, event: lists
            if button in ("LEFT", "UP"):
                self.choice.move(-1)
            elif button in ("RIGHT", "DOWN"):
                self.choice.move(1)
            elif button == "OK":
                if mode == "event":
                    self._try(app, {"do": "next_round", "event": self.choice.value})
                else:
                    self._chosen(app, self.choice.value)
            elif button == "BACK":
                self.mode = "board"

    def _menu(self, p: int) -> None:
        """The list of what player p can enter now."""
        g = self.game
        items = []
        if g.phase == PLAY:
            pend = g.pending
            if pend is not None:
                if pend[2] == 0 and p != pend[0]:
                    items.append("lu_zhi")  # the opponent cancels the ability...
                elif pend[2] == 1 and p == pend[0]:
                    items.append("xiao_he")  # ...and its owner cancels Lu Zhi
            items.append("set")
            if g.edicts_left():
                items.append("edict")
            items.append("out")
            items.extend(SETS[1:])
            for a in ABILITIES:
                if a not in ONCE_A_ROUND or a not in g.used:
                    items.append(a)
        elif g.phase == ROUND_OVER and end_bonus(g.event) and not g.bonus_taken:
            items.append("bonus")
        if not items:
            self._refuse("nothing to enter now")
            return
        self.who = p
        self.choice = Choice(items)
        self.mode = "menu"

    def _next(self, app) -> None:
        """OK on the board: the waiting ability takes effect, or the next round starts."""
        g = self.game
        if g.phase == OVER:
            app.to_menu()
        elif g.phase == ROUND_OVER:
            if g.events == TABLE and g.event_deck:
                self.who = -1
                self.choice = Choice([e for e in EVENT_KEYS if e in g.event_deck])
                self.mode = "event"
            else:
                self._try(app, {"do": "next_round"})
        elif g.pending is not None:
            self._try(app, {"do": "resolve"})

    def _chosen(self, app, value: str) -> None:
        p = PLAYERS[self.who]
        if value in SETS:
            self.kind = SETS.index(value)
            self.size = 1
            self.mode = "set"
        elif value == "out":
            self.cards = 0
            self.mode = "cards"
        elif value == "edict":
            self._try(app, {"do": "edict", "player": p})
        elif value == "bonus":
            self._try(app, {"do": "bonus", "player": p})
        elif value in ("lu_zhi", "xiao_he"):
            self._try(app, {"do": "counter", "player": p, "card": value})
        else:
            self._try(app, {"do": "ability", "player": p, "card": value})

    def _set(self, app) -> None:
        """The set of this size and rank: of one rank (a joker makes up the last card when
        the rank runs out), or with Zhongli Mo the ranks from this one up."""
        zm = self.kind in (1, 3)
        py = self.kind >= 2
        r = self.rank
        n = self.size
        if zm:
            if r + n > LIU_BANG_RANK:
                self._refuse("a Zhongli Mo set of these ranks goes past 9")
                return
            cards = list(range(r, r + n))
        else:
            # Liu Bang is one card; Peng Yue is one of the seven 3s
            have = 1 if r == LIU_BANG_RANK else RANK_COUNTS[r] - (1 if py and r == 3 else 0)
            cards = [r] * n if n <= have or not r else [r] * (n - 1) + [0]
        self._try(app, {"do": "set", "player": PLAYERS[self.who], "cards": cards, "zhongli_mo": zm, "peng_yue": py})

    def _try(self, app, action: dict) -> None:
        """An action on the game: done (its VP gains shown), or refused (a red flash)."""
        g = self.game
        rnd = g.round
        try:
            event = app.act(action)
        except RulesError as e:
            self._refuse(e.text, e.values)
            return
        now = clock.now()
        gains = event["gains"]
        if gains:
            self.shown = [(PLAYERS.index(x["player"]), x["vp"], x["source"], x["doubled"]) for x in gains]
            self.shown_at = now
        if g.round != rnd and g.phase == PLAY:
            self.flip_at = now
        self.mode = "board"

    def _refuse(self, why: str, values: tuple = ()) -> None:
        self.refuse(why, values)  # the App scrolls the reason
        self.error = why
        self.error_at = clock.now()

    # -- drawing -----------------------------------------------------------------------
    def animating(self, now: int) -> bool:
        g = self.game
        return (self.mode != "board" or g.phase != PLAY or g.pending is not None
                or elapsed(now, self.error_at) < ERROR_MS or elapsed(now, self.flip_at) < FLIP_MS
                or elapsed(now, self.shown_at) < GAIN_MS * len(self.shown))

    def draw(self, frame: bytearray, now: int) -> None:
        g = self.game
        over = g.phase == OVER
        for p in (0, 1):
            c = colour(p)
            x = 9 * p
            if not (over and g.winner == p and not blink(now)):
                number(frame, x, 0, min(g.vp[p], 99), palette.HINT if g.doubled == p else c)
            self._track(frame, 5 + p, g.vp[p], c, palette.PLAYER_DIM + 2 - 2 * p)
            if g.open_hand == p:
                fill(frame, 2 + 10 * p, 8, 2, 2, palette.WHITE)
        fill(frame, 14 * g.attacker, 8, 2, 2, colour(g.attacker))
        e0 = g.edicts[0]
        e1 = g.edicts[1]
        for k in range(6):
            c = colour(0) if k < e0 else colour(1) if k >= 6 - e1 else palette.HALF
            frame[8 * 16 + 5 + k] = c
            frame[9 * 16 + 5 + k] = c
        if self.mode != "board":
            fill(frame, 0, 10, 16, 1, colour(self.who) if self.who >= 0 else palette.HALF)
        self._panel(frame, now)

    def _track(self, frame: bytearray, y: int, vp: int, c: int, dim: int) -> None:
        """Two VP a pixel, the last pixel at 31; an odd VP lights the next pixel dim."""
        row = y * 16
        for k in range(16):
            t = 2 * k + 2 if k < 15 else WIN_VP
            if vp >= t:
                frame[row + k] = c
            elif vp == t - 1:
                frame[row + k] = dim
            elif k == 15:
                frame[row + k] = palette.HALF  # the goal

    def _panel(self, frame: bytearray, now: int) -> None:
        g = self.game
        if 0 <= elapsed(now, self.error_at) < ERROR_MS:
            fill(frame, 0, 11, 16, 5, palette.BAD)
            return
        t = elapsed(now, self.shown_at)
        if 0 <= t < GAIN_MS * len(self.shown):
            p, n, _, doubled = self.shown[t // GAIN_MS]
            text(frame, 0, 11, "+" + str(n), palette.HINT if doubled else colour(p))
            return
        mode = self.mode
        if mode == "board":
            t = elapsed(now, self.flip_at)
            if 0 <= t < FLIP_MS:
                self._flip(frame, t)
            elif g.phase == OVER:
                fill(frame, 0, 10, 16, 1, colour(g.winner))
                if blink(now, 1000):
                    text(frame, 0, 11, PLAYERS[g.winner] + "!", colour(g.winner))
            elif g.phase == ROUND_OVER:
                if blink(now, 1000):
                    text(frame, 0, 11, "NEXT", palette.HINT)
            elif g.pending is not None:
                self._pending(frame, now)
            else:
                text(frame, 0, 11, self._event(), palette.TEXT)
        elif mode == "set":
            x = text(frame, 0, 11, str(self.size), palette.WHITE)
            x = text(frame, x, 11, SEPARATOR[self.kind], palette.HALF if not self.kind else palette.GOOD)
            text(frame, x, 11, str(self.rank), palette.HINT)
        elif mode == "cards":
            p = self.who
            o = 1 - p
            number(frame, 9 * o, 11, self.cards, colour(o))
            vp = going_out_vp(self.cards, g.edicts[o]) * (XIANG_YU_FACTOR if g.doubled == p else 1)
            number(frame, 9 * p, 11, vp, palette.HINT if g.doubled == p else colour(p))
        else:
            text(frame, 0, 11, label(self.choice.value), palette.WHITE)

    def _event(self) -> str:
        g = self.game
        if g.event and not self.info:
            return label(g.event)
        return "R" + str(g.round)

    def _pending(self, frame: bytearray, now: int) -> None:
        """The ability waiting for counters, blinking; row 10: Lu Zhi red, Xiao He green."""
        pend = self.game.pending
        if pend[2]:
            fill(frame, 0, 10, 8, 1, palette.BAD)
        if pend[2] > 1:
            fill(frame, 8, 10, 8, 1, palette.GOOD)
        if blink(now, 800):
            text(frame, 0, 11, label(pend[1]), colour(pend[0]))

    def _flip(self, frame: bytearray, t: int) -> None:
        """The event card turns over: its back narrows, then its face widens."""
        half = FLIP_MS // 2
        if t < half:
            w = 16 - 16 * t // half
            fill(frame, 8 - w // 2, 11, w, 5, palette.HALF)
            return
        text(frame, 0, 11, self._event(), palette.WHITE)
        w = 16 * (t - half) // half
        left = 8 - w // 2
        fill(frame, 0, 11, left, 5, palette.OFF)
        fill(frame, left + w, 11, 16 - left - w, 5, palette.OFF)
