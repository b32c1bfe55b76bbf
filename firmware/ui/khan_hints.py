"""Khan's hints, the box's setting (on unless turned off: docs/ui-khan.md): what saves presses.

- The cursor's stops: when the cursor comes to place a yurt (a card's, D's, the setup's) the
  cells it may take are worked out once, a byte a cell; the arrows jump between them (LEFT
  and RIGHT to the one before or after in reading order, UP and DOWN to the nearest row
  above or below that has one, its cell nearest the cursor's column; all wrap round), and
  when they are few they blink in the player's colour, dimmed.
- A conquest: the placements the rules allow are listed once (five bytes each: the cells,
  255 after the last), and the cursor stops on the cells painted and those that can still
  join them in one of them; the panel's C turns green when the painted cells are one.
- The final phase: how many conquests each player could make now (up to 5) where the
  courts were.
- On the board an arrow shows the running score (the figures' points and the territory
  bonus as it would stand now) and the special cards in force; a mark beside the courts
  says which are in force, and whose.

What takes time (the placements, the counts, the score: up to ~150 ms a Pico) is a job of
short steps (the rules' conquest search pauses every few ms), run after the press's frame
has gone out (KhanScreen.settle) until a press waits: then the loop's frames take it on, a
step each, and the press is served first. Loaded only while hints are on.
"""

from shared_rules.khan import invade, search
from shared_rules.khan.game import FINAL, OVER
from shared_rules.khan.tables import ANYWHERE, FIGURES, card_symbol
from ui import palette
from ui.base import blink, fill, number, text

BLINK_MAX = 32  # the cursor's stops blink when there are at most this many (a card's cells;
# not every empty cell, as a joker or D has: a board of blinking cells would say nothing)
FIGURE_MAX = 5  # the most cells a figure covers: a placement's record
NONE = 255
LEFT_MAX = 5  # conquests counted for a player in the final phase: "5" is five or more
SLOTS = ("P", "G", "R", "M")  # the special cards' marks, a row each from row 11 in column 8


class Hints:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.stops = None  # bytearray, 1 for each cell the cursor stops on; None: it moves freely
        self.count = 0  # how many
        self.cells = b""  # their cells, in order
        self.few = None  # their frame positions, when they are few enough to blink
        self.places = None  # the legal placements of a conquest (FIGURE_MAX bytes each)
        self.whole = False  # the painted cells are one of them
        self.due_paint = False  # the stops of a conquest are to be worked out
        self.due_score = False  # the running score is
        self.job = None  # the work under way (a generator of short steps), or None
        self.held = False  # a press is under way: its frame first, the sums at settle
        self.left = None  # the final phase: conquests each player could make (in player order)
        self.left_for = -1  # ...for this version of the game
        self.pages = []  # the score pages: ("p", player, 0) or (card letter, owner, what)
        self.page = 0
        self.marks = ()  # the owners of each kind of special card in force (SLOTS), for this
        self.marks_for = -1  # version of the game

    # -- the cursor's stops ------------------------------------------------------------------
    def place(self, then: str, picked: int) -> None:
        """The cursor comes to place a yurt (then: setup, invade, double): its stops."""
        g = self.screen.game
        if then == "setup":
            sym = invade.parse_symbol(invade.SETUP)
        elif then == "invade" and picked >= 0 and g.mode == "virtual":
            sym = invade.parse_symbol(card_symbol(picked))
        else:  # D, or the table's card before its symbol is known: any empty land
            sym = invade.parse_symbol(ANYWHERE)
        stops = bytearray(g.board.size)
        for i in invade.each(g.pos, sym):
            stops[i] = 1
        self._set(stops)
        self.places = None
        if self.count and not stops[self.screen.cursor]:
            self._nearest()

    def _set(self, stops: bytearray) -> None:
        """The stops (1 for each cell), also as their cells in order (the jumps look there)
        and, when few, as their frame positions (what blinks, the painted cells left out: a
        frame need not look through every cell)."""
        cells = bytes(i for i in range(len(stops)) if stops[i])
        self.stops = stops
        self.cells = cells
        self.count = len(cells)
        self.few = None
        if self.count <= BLINK_MAX:
            w = self.screen.game.board.width
            paint = self.screen.paint
            self.few = bytes((i // w) * 16 + 1 + i % w for i in cells if i not in paint)

    def jump(self, at: int, button: str) -> int:
        """The cursor's next stop from cell `at` for an arrow, or -1 (no stops: it moves a
        cell). A search in the stops' cells, in order: no look through the board."""
        cells = self.cells
        m = len(cells)
        if self.stops is None or not m:
            return -1
        if button == "RIGHT":
            k = _first(cells, at + 1)
            return cells[k] if k < m else cells[0]
        if button == "LEFT":
            return cells[_first(cells, at) - 1]  # (before the first: the last)
        b = self.screen.game.board
        w = b.width
        step = 1 if button == "DOWN" else -1
        x0 = at % w
        y = at // w
        for _ in range(b.height):
            y = (y + step) % b.height
            lo = _first(cells, y * w)
            best = -1
            far = w
            for k in range(lo, _first(cells, y * w + w)):  # the row's stops, left to right
                d = abs(cells[k] % w - x0)
                if d < far:
                    far = d
                    best = cells[k]
            if best >= 0:
                return best
        return -1

    def stop(self) -> None:
        """The cursor moves freely again (the board, a list): its stops and a conquest's
        placements go."""
        self.stops = None
        self.cells = b""
        self.count = 0
        self.few = None
        self.places = None
        self.whole = False
        self.due_paint = False

    # -- a conquest ----------------------------------------------------------------------------
    def paint(self) -> None:
        """Paint mode began, or a cell was marked or unmarked: the stops are worked out at settle."""
        self.due_paint = True
        self.stops = None  # (until then the cursor moves a cell at a time)

    def _list(self):
        """Once a conquest, a step at a time: every placement the rules allow (with consent);
        self.places only once they all are."""
        g = self.screen.game
        places = bytearray()
        for key, cells, _ in search.each_placement(g.pos, g.player, g.stock, g.prot, True, True):
            if not key:  # (the search's pause)
                yield
                continue
            for k in range(FIGURE_MAX):
                places.append(cells[k] if k < len(cells) else NONE)
        self.places = places

    def _paint(self) -> None:
        s = self.screen
        g = s.game
        marked = bytearray(256)  # 1 for a painted cell (NONE, the records' padding, never is)
        for i in s.paint:
            marked[i] = 1
        want = len(s.paint)
        stops = bytearray(g.board.size)
        places = self.places or b""
        whole = False
        for o in range(0, len(places), FIGURE_MAX):
            hit = 0
            size = 0
            for k in range(o, o + FIGURE_MAX):
                c = places[k]
                if c != NONE:
                    size += 1
                    hit += marked[c]
            if hit == want:  # a placement with every painted cell: its cells may join them
                whole = whole or size == want
                for k in range(o, o + size):
                    stops[places[k]] = 1
        for i in s.paint:  # (a painted cell is a stop too: OK there unmarks it)
            stops[i] = 1
        self._set(stops)
        self.whole = whole and want > 0
        if self.count and not stops[s.cursor]:  # the cursor onto the nearest stop
            self._nearest()

    def _nearest(self) -> None:
        s = self.screen
        w = s.game.board.width
        x0 = s.cursor % w
        y0 = s.cursor // w
        far = 1 << 20
        for i in self.cells:
            d = (i % w - x0) ** 2 + (i // w - y0) ** 2
            if d < far:
                far = d
                s.cursor = i

    # -- the sums after the frame --------------------------------------------------------------
    def press(self) -> None:
        """A press: its frame comes first, the work goes on at settle (or begins again, if the
        press changed the game or left the mode it was for)."""
        self.held = True

    def work(self, buttons=None, steps: int = -1) -> None:
        """The work the hints have to do, a step at a time: all of it, or `steps` steps, or
        until a press waits (buttons.waiting(): the loop serves it, and its frames go on
        with the rest)."""
        self.held = False
        if self.job is None:
            s = self.screen
            if not (self.due_paint or self.due_score or (s.game.phase == FINAL and self.left_for != s.version)):
                return
            self.job = self._jobs()
        while steps:
            try:
                next(self.job)
            except StopIteration:
                self.job = None
                return
            steps -= 1
            if buttons is not None and buttons.waiting():
                return

    def _jobs(self):
        """What is due, a step at a time, for the game as it is now: a press that changes it
        ends the job (work() begins another)."""
        s = self.screen
        v = s.version
        while s.version == v:
            if self.due_paint and s.mode == "paint":
                if self.places is None:
                    for _ in self._list():
                        yield
                        if s.version != v or s.mode != "paint":
                            return
                self.due_paint = False  # (painting a cell meanwhile makes it due again)
                self._paint()
            elif self.due_score and s.mode == "score":
                self.due_score = False
                yield
                s.score()
            elif s.game.phase == FINAL and self.left_for != v:
                for _ in self._left():
                    yield
                    if s.version != v:
                        return
            else:
                return

    def _left(self):
        """How many conquests (up to LEFT_MAX) each player could make at his own turn, with the
        special cards in force then (one lapses when its owner's turn begins: game._maybe_over),
        a step at a time."""
        g = self.screen.game
        here = g.current
        prot = g.prot
        players = g.players
        n = len(players)
        left = bytearray(n)
        for k in range(n):
            p = (here + k) % n
            c = 0
            for key, _, _ in search.each_placement(g.pos, players[p], g.stock,
                                                    prot.without([players[(here + j) % n] for j in range(1, k + 1)]),
                                                    False, True):
                if not key:
                    yield
                    continue
                c += 1
                if c >= LEFT_MAX:
                    break
            left[p] = c
            yield
        self.left = left
        self.left_for = self.screen.version

    # -- the score and the special cards ---------------------------------------------------
    def open_score(self) -> None:
        """An arrow on the board: the pages of the running score, the current player's first,
        then one for each special card in force."""
        g = self.screen.game
        n = len(g.players)
        self.pages = [("p", g.players[(g.current + k) % n], 0) for k in range(n)] + self.specials()
        self.page = 0
        self.due_score = True

    def specials(self) -> list:
        """The special cards in force: (letter, owner, what) - the region Support of the Gods
        protects (terrain code, 0 every one), the figure Land Reconnaissance reserves."""
        g = self.screen.game
        out = []
        if g.prot.patronage is not None:
            out.append(("P", g.prot.patronage, 0))
        for owner, region in g.prot.gods:
            out.append(("G", owner, region))
        for owner, key, _ in g.prot.recon:
            out.append(("R", owner, key))
        if g.extra:  # High Morale, this turn
            out.append(("M", g.player, 0))
        return out

    # -- drawing -----------------------------------------------------------------------------
    def draw_stops(self, frame: bytearray, now: int) -> None:
        """The cursor's stops, when few, blink in the player's colour (dimmed: a piece of his
        to come); the painted cells are not among them."""
        few = self.few
        if few is None or self.stops is None or blink(now, 1000):
            return
        s = self.screen
        c = palette.player(s.game.player, True)
        for at in few:
            frame[at] = c

    def draw_left(self, frame: bytearray) -> None:
        """The final phase, where the courts were: each player's conquests left, a bar of his
        colour two columns wide (up to 5); none, a dimmed pixel."""
        left = self.left
        if left is None:
            return
        g = self.screen.game
        fill(frame, 0, 11, 8, 5, palette.OFF)
        for k in range(min(len(left), 4)):
            p = g.players[k]
            n = left[k]
            if n:
                fill(frame, 2 * k, 16 - n, 2, n, palette.player(p))
            else:
                fill(frame, 2 * k, 15, 2, 1, palette.player(p, True))

    def draw_marks(self, frame: bytearray, now: int) -> None:
        """Beside the courts (column 8): a mark for each kind of special card in force, in its
        owner's colour (P, G, R, M from row 11; several owners take turns, a second each)."""
        s = self.screen
        if s.game.phase == OVER:
            return
        if self.marks_for != s.version:  # (worked out once a change of the game, not each frame)
            cards = self.specials()
            self.marks = tuple([c[1] for c in cards if c[0] == slot] for slot in SLOTS)
            self.marks_for = s.version
        for row in range(len(SLOTS)):
            owners = self.marks[row]
            if owners:
                frame[(11 + row) * 16 + 8] = palette.player(owners[(now // 1000) % len(owners)])

    def draw_page(self, frame: bytearray, now: int) -> None:
        """A score page over the bottom rows: the player's colour and his total as it stands
        (the leader's colour blinks); or a special card: its owner's colour, its letter, and
        the region or the figure it holds."""
        s = self.screen
        fill(frame, 0, 11, 16, 5, palette.OFF)
        if not self.pages:
            return
        page = self.pages[self.page % len(self.pages)]
        c = palette.player(page[1])
        scores = s.scores_now()
        if page[0] == "p":
            lead = scores is not None and page[1] in scores["winners"]
            if not lead or blink(now):
                fill(frame, 0, 11, 2, 5, c)
            if scores is not None:
                number(frame, 4, 11, min(scores["total"][page[1]], 999), c, 3)
            return
        fill(frame, 0, 11, 2, 5, c)
        text(frame, 3, 11, page[0], palette.WHITE)
        what = page[2]
        if page[0] == "G" and what:
            fill(frame, 9, 12, 3, 3, palette.TERRAIN + int(what) - 1)
        elif page[0] == "R":
            s.draw_shape(frame, 8, [f[2] for f in FIGURES if f[0] == what][0])

    def page_json(self) -> dict:
        page = self.pages[self.page % len(self.pages)] if self.pages else ("p", "", 0)
        out: dict = {"page": self.page % len(self.pages) if self.pages else 0, "pages": len(self.pages)}
        if page[0] == "p":
            out["player"] = page[1]
            scores = self.screen.scores_now()
            if scores is not None:
                out["score"] = scores["total"][page[1]]
        else:
            out["special"] = page[0]
            out["owner"] = page[1]
            if page[2]:
                out["holds"] = page[2]
        return out


def _first(cells: bytes, v: int) -> int:
    """The index of the first of the cells (in order) at v or after it (len(cells): none)."""
    lo = 0
    hi = len(cells)
    while lo < hi:
        mid = (lo + hi) // 2
        if cells[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo
