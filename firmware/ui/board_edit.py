"""The board editor: the players type in their own Khan board on the box.

The canvas is 15 x 11 cells, drawn where the Khan screen draws its board (rows 0-10,
columns 1-15). A tool paints the cell under the cursor: a terrain (M G T R S F), the river
(-), no cell (X), the row copied from the row above or below (an arrow: terrains, river and
no cells; edges and rulers stay), the edge (E: whether the cell's sides to the outside
border neighbouring territories; flagged cells blink while E is the tool), or a ruler's
start (1-8, in his colour: he moves there, and the next ruler's tool comes up).
Rows 11-15: the tool and the cursor's cell name.

Buttons: arrows move the cursor; OK paints and puts the pen down (not with a ruler): the
arrows then paint every cell they move to (held, they repeat: a row at a time; E gives
each the flag the first cell took; a row copy copies each row the pen comes to) until the
next OK. OK held: the tools (arrows step, OK takes one; OK held takes it and fills: the
cell under the cursor and every cell joined to it side by side that is as it was - the
same terrain, the river or no cell - take the tool, so an outline painted first bounds the
fill). BACK held: the last change undone (a fill, a stroke of the pen, a menu's NEW or
DFLT; again: done again). BACK: the menu SAVE (check, then write khanboard.txt:
ownboard.py; a board on which a card of the deck can never be played, or whose counts are
not the rulebook's, is saved and said), CNT (the count: the cells of each terrain against
the rulebook's, shared_rules/khan/board_check.py), EDIT (go on), QUIT (leave unsaved), NEW
(a blank canvas), DFLT (start again from the default board), DEL (forget the saved board).
A board the rules core refuses is not saved: the App scrolls the reason over the matrix
(any button stops it) and ui.get says it ("why"). The editor leaves for the Khan setup it
came from; this module is imported only while it is shown (menu.py) and let go after.
"""

from shared_rules.khan.tables import RIVER, RULERS, TERRAIN_NAMES
from ui import palette
from ui.base import Screen, blink, fill, help_text, text

W = 15  # the canvas: board_text.SCREEN, the most the Khan screen shows
H = 11
X0 = 1  # the canvas's column 0 on the matrix (as the Khan screen's board)
TOOLS = "MGTRSF~.^vE12345678"  # a cell's terrain, the river, no cell, row copies, the edge, a ruler's start
SHOWN = "MGTRSF-X  E12345678"  # each tool's letter on the matrix (the font has no "~"; the copies are arrows)
FILLS = 8  # the tools before this one fill (a terrain, the river, no cell)
ITEMS = ("SAVE", "CNT", "EDIT", "QUIT", "NEW", "DFLT", "DEL")
KINDS = "MGTRSF~"  # the count's pages (terrain codes 1-7), then the cards
NO_START = 255


class BoardEdit(Screen):
    def __init__(self, app, back) -> None:
        self.back = back  # the Khan setup to go back to
        self.cells = bytearray(W * H)  # terrain codes: 0 no cell, 1-6 M G T R S F, RIVER
        self.edge = bytearray(W * H)  # 1: the cell's outer sides border neighbouring territories
        self.starts = bytearray([NO_START] * len(RULERS))  # each ruler's start cell, or NO_START
        self.before = None  # the canvas before the last change (cells, edge, starts): BACK held
        self.board_name = "Own board"
        self.cursor = 5 * W + 7
        self.tool = 0
        self.mode = "paint"  # paint, tools, menu, count
        self.pen = False  # the arrows paint the cells they move to
        self.flag = 0  # what the edge tool's stroke sets: 1 borders neighbouring territories
        self.item = 0
        self.page = 0  # the count's page: KINDS, then the cards
        self.result = None  # the count's board_check result
        import ownboard

        own = ownboard.read(app.root)
        board = None
        if own is not None:
            try:
                board = ownboard.check(own)
            except MemoryError:  # the heap's, not the file's: the editor does not open
                raise
            except Exception:  # a damaged file: start from the default board, say so
                self._refuse("the saved board cannot be read: starting from the default board")
        self._load(board)

    def _load(self, board) -> None:
        """The canvas from a board (None: the default board)."""
        if board is None:
            from shared_rules.khan.board import default_board

            board = default_board()
        else:
            self.board_name = board.name or self.board_name
        for i in range(W * H):
            self.cells[i] = 0
            self.edge[i] = 0
        for i in range(board.size):
            j = (i // board.width) * W + i % board.width
            self.cells[j] = board.terrain[i]
            self.edge[j] = 1 if board.border[i] else 0
        for r in range(len(RULERS)):
            i = board.starts.get(r)
            self.starts[r] = NO_START if i is None else (i // board.width) * W + i % board.width

    def _blank(self) -> None:
        """A blank canvas: no cell anywhere, no ruler placed; every cell painted on it borders
        neighbouring territories on its sides to the outside until E says it does not."""
        for i in range(W * H):
            self.cells[i] = 0
            self.edge[i] = 1
        for r in range(len(RULERS)):
            self.starts[r] = NO_START

    def lines(self) -> "list[str]":
        """The canvas's grid lines, frame included (khan/board.py's format)."""
        from shared_rules.khan.board_text import grid_lines

        return grid_lines(self.cells, self.edge, W, H)

    def text(self) -> str:
        """The canvas as board text (khan/board.py's format)."""
        out = "\n".join(self.lines()) + "\nname " + self.board_name + "\n"
        for r in range(len(RULERS)):
            i = self.starts[r]
            if i != NO_START:  # (on no cell: the rules core says so)
                out += "ruler " + RULERS[r] + " " + _cell_name(i) + "\n"
        return out

    # -- presses -----------------------------------------------------------------------
    def press(self, app, button: str, long: bool) -> None:
        if button != "OK" or long or self.mode != "paint":
            self.pen = self.pen and self.mode == "paint" and button in ("UP", "DOWN", "LEFT", "RIGHT")
        if self.mode == "tools":
            if button in ("LEFT", "UP"):
                self.tool = (self.tool - 1) % len(TOOLS)
            elif button in ("RIGHT", "DOWN"):
                self.tool = (self.tool + 1) % len(TOOLS)
            elif button in ("OK", "BACK"):
                self.mode = "paint"
                if button == "OK" and long:
                    self._fill(self.cursor)
        elif self.mode == "menu":
            if button in ("LEFT", "UP"):
                self.item = (self.item - 1) % len(ITEMS)
            elif button in ("RIGHT", "DOWN"):
                self.item = (self.item + 1) % len(ITEMS)
            elif button == "OK":
                self._do(app, ITEMS[self.item])
            elif button == "BACK":
                self.mode = "paint"
        elif self.mode == "count":
            if button in ("LEFT", "UP"):
                self.page = (self.page - 1) % (len(KINDS) + 1)
            elif button in ("RIGHT", "DOWN"):
                self.page = (self.page + 1) % (len(KINDS) + 1)
            else:
                self.mode = "paint"
                self.result = None
        elif button in ("UP", "DOWN", "LEFT", "RIGHT"):
            x = self.cursor % W + (1 if button == "RIGHT" else -1 if button == "LEFT" else 0)
            y = self.cursor // W + (1 if button == "DOWN" else -1 if button == "UP" else 0)
            if 0 <= x < W and 0 <= y < H:
                self.cursor = y * W + x
                if self.pen:
                    self._paint(self.cursor)
        elif button == "OK" and long:
            self.mode = "tools"
        elif button == "OK" and self.pen:
            self.pen = False
        elif button == "OK":
            tool = TOOLS[self.tool]
            y = self.cursor // W
            if tool in "^v" and not 0 <= y + (1 if tool == "v" else -1) < H:
                self._refuse("row " + str(y + 1) + " has no row " + ("above" if tool == "^" else "below") + " to copy")
                return
            self._mark()  # a change (a stroke: all its cells) that BACK held undoes whole
            if tool == "E":
                self.flag = self.edge[self.cursor] ^ 1  # the stroke gives every cell this flag
            self._paint(self.cursor)
            self.pen = tool not in "12345678"  # every tool but a ruler's start: the pen stays down
            if tool in "1234567":
                self.tool += 1  # a ruler placed: the next one's start comes next
        elif button == "BACK" and long:
            self._undo()
        elif button == "BACK":
            self.mode = "menu"
            self.item = 0

    def _paint(self, i: int) -> None:
        tool = TOOLS[self.tool]
        if tool == "E":
            self.edge[i] = self.flag
        elif tool in "^v":
            self._copy_row(i // W, -1 if tool == "^" else 1)
        elif tool in "12345678":
            r = int(tool) - 1
            for other in range(len(RULERS)):  # one ruler a cell
                if self.starts[other] == i:
                    self.starts[other] = NO_START
            self.starts[r] = i
        else:
            self.cells[i] = "MGTRSF~.".index(tool) + 1 if tool != "." else 0

    def _copy_row(self, y: int, step: int) -> None:
        """Row y takes the cells (terrains, river, no cells) of the row above (step -1) or
        below (1); its edges and rulers stay as they are."""
        src = y + step
        if not 0 <= src < H:  # (the pen moved to the top or bottom row: nothing to copy)
            return
        for x in range(W):
            self.cells[y * W + x] = self.cells[src * W + x]

    def _fill(self, i: int) -> None:
        """The tool's terrain (the river, no cell) over the cell i and every cell joined to it
        side by side that is what i was: a fill up to the cells that are otherwise."""
        tool = self.tool
        if tool >= FILLS:
            self._refuse("fill takes a terrain, the river or no cell (X)")
            return
        new = 0 if tool == 7 else tool + 1
        old = self.cells[i]
        if old == new:
            self._refuse(_cell_name(i) + " is " + _kind(new) + " already: fill from a cell inside the area")
            return
        self._mark()
        cells = self.cells
        cells[i] = new
        stack = [i]
        while stack:
            j = stack.pop()
            x = j % W
            for k in (j - W, j + W, j - 1 if x else -1, j + 1 if x + 1 < W else -1):
                if 0 <= k < W * H and cells[k] == old:
                    cells[k] = new
                    stack.append(k)

    def _mark(self) -> None:
        """Keep the canvas as it is now, for BACK held to bring back."""
        n = W * H
        if self.before is None:
            self.before = bytearray(2 * n + len(RULERS))
        b = self.before
        b[:n] = self.cells
        b[n:2 * n] = self.edge
        b[2 * n:] = self.starts

    def _undo(self) -> None:
        """BACK held: the canvas before the last change, and the change kept to be done again."""
        b = self.before
        if b is None:
            self._refuse("nothing to undo: a fill, a row copied and a stroke of the pen can be undone")
            return
        n = W * H
        now = bytes(self.cells) + bytes(self.edge) + bytes(self.starts)
        self.cells[:] = b[:n]
        self.edge[:] = b[n:2 * n]
        self.starts[:] = b[2 * n:]
        b[:] = now

    def _do(self, app, item: str) -> None:
        import ownboard

        if item == "SAVE":
            missing = [RULERS[r] for r in range(len(RULERS)) if self.starts[r] == NO_START]
            if missing:
                self._refuse("set the start cell of ruler " + " ".join(missing) + " (tools 1-8)")
                return
            try:
                board = ownboard.save(app.root, self.text())
            except OSError:
                self._refuse("the box's flash could not take the board: nothing was saved")
                return
            except MemoryError:
                self._refuse("not enough memory to save the board now: nothing was saved")
                return
            except Exception as e:  # the rules core's refusal (RulesError), said as it is
                from shared_rules.errors import message

                self._refuse(message(e))
                return
            warning = _warning(board)
            if warning:
                self.refuse(warning)  # saved all the same: the App scrolls it over the setup
            self._leave(app, True)
        elif item == "CNT":
            self._count()
        elif item == "EDIT":
            self.mode = "paint"
        elif item == "QUIT":
            self._leave(app, False)
        elif item in ("NEW", "DFLT"):
            self._mark()
            if item == "NEW":
                self._blank()
            else:
                self._load(None)
            self.mode = "paint"
        else:  # DEL
            ownboard.remove(app.root)
            self._leave(app, False)

    def _count(self) -> None:
        """The count: the canvas checked as the board it would save, on the first page that
        differs from the rulebook's (or the first)."""
        from shared_rules.khan.board import Board
        from shared_rules.khan.board_check import check

        r = check(Board(self.lines(), "", {}))
        self.result = r
        self.mode = "count"
        self.page = 0
        for k in range(len(KINDS)):
            kind = KINDS[k]
            if r["cells"][kind] != r["rulebook"][kind] or r["pieces"][kind] > 1:
                self.page = k
                return
        if r["dead"]:
            self.page = len(KINDS)

    def _refuse(self, why: str) -> None:
        """The App scrolls the reason over the matrix (ui/scroll.py); ui.get has it too."""
        self.mode = "paint"
        self.refuse(why)

    def help(self) -> str:
        return help_text("board_edit." + self.mode)

    def _leave(self, app, saved: bool) -> None:
        """Back to the Khan setup (its choice of board brought up to date); this module and
        the board file's go."""
        back = self.back
        back.refresh(app, saved)
        app.switch(back)
        from memory import ON_DEVICE, unload

        unload("ownboard")
        unload("ui.board_edit")
        if ON_DEVICE:  # the rules' board code came for the editor (a Khan game imports it again)
            for part in ("board_check", "board_text", "board", "tables"):
                unload("shared_rules.khan." + part)

    # -- what it shows -------------------------------------------------------------------
    def ui_json(self) -> dict:
        out: dict = {"mode": "board_edit", "edit": self.mode, "tool": TOOLS[self.tool], "cursor": _cell_name(self.cursor),
                     "pen": self.pen}
        if self.mode == "menu":
            out["choice"] = ITEMS[self.item]
            out["choices"] = list(ITEMS)
        elif self.mode == "count" and self.result is not None:
            r = self.result
            out["ok"] = r["ok"]
            if self.page < len(KINDS):
                kind = KINDS[self.page]
                out["page"] = kind
                out["cells"] = r["cells"][kind]
                out["rulebook"] = r["rulebook"][kind]
                out["pieces"] = r["pieces"][kind]
            else:
                from shared_rules.khan.board_check import card_name

                out["page"] = "cards"
                out["dead"] = [card_name(c) for c in r["dead"]]
                out["symbols"] = r["symbols"]
        return out

    def animating(self, now: int) -> bool:
        return True

    def draw(self, frame: bytearray, now: int) -> None:
        r = self.result
        if self.mode == "count" and r is not None:
            self._draw_count(frame, now, r)
            return
        on = blink(now)
        edge_tool = TOOLS[self.tool] == "E"
        for i in range(W * H):
            t = self.cells[i]
            c = palette.OFF if not t else palette.RIVER if t == RIVER else palette.TERRAIN + t - 1
            if edge_tool and self.edge[i] and t and on:
                c = palette.HINT
            frame[(i // W) * 16 + X0 + i % W] = c
        for r in range(len(RULERS)):
            i = self.starts[r]
            if i != NO_START:
                frame[(i // W) * 16 + X0 + i % W] = palette.RULER + r
        if on:
            frame[(self.cursor // W) * 16 + X0 + self.cursor % W] = palette.CURSOR
        if self.mode == "menu":
            text(frame, 0, 11, ITEMS[self.item], palette.HINT)
        else:
            tool = self.tool
            if self.mode != "tools" or on:
                if TOOLS[tool] in "^v":
                    _arrow(frame, 0, 11, TOOLS[tool] == "^")
                else:
                    text(frame, 0, 11, SHOWN[tool], _tool_colour(tool))
            text(frame, 4, 11, _cell_name(self.cursor), palette.HINT if self.pen else palette.TEXT)

    def _draw_count(self, frame: bytearray, now: int, r: dict) -> None:
        """A page of the count: the cells of one terrain (or the river) lit on the canvas,
        blinking when they are in more than one piece; below, its letter and its count in
        green when it is the rulebook's (orange: in pieces), else how many more (+) or fewer
        (-) in red. The last page: each card symbol with no cell, and how many cards."""
        if self.page == len(KINDS):
            symbols = r["symbols"]
            for k in range(min(len(symbols), 8)):
                _symbol(frame, 1 + 4 * (k % 4), 1 + 5 * (k // 4), symbols[k])
            text(frame, 0, 11, "C", palette.WHITE)
            n = len(r["dead"])
            text(frame, 4, 11, str(n), palette.BAD if n else palette.GOOD)
            return
        kind = KINDS[self.page]
        code = self.page + 1
        colour = palette.RIVER if code == RIVER else palette.TERRAIN + code - 1
        pieces = r["pieces"][kind]
        if pieces <= 1 or blink(now):
            for i in range(W * H):
                if self.cells[i] == code:
                    frame[(i // W) * 16 + X0 + i % W] = colour
        text(frame, 0, 11, "-" if code == RIVER else kind, colour)
        n = r["cells"][kind]
        want = r["rulebook"][kind]
        if n == want:
            text(frame, 4, 11, str(n), palette.GOOD if pieces == 1 else palette.HINT)
        else:
            text(frame, 4, 11, ("+" if n > want else "-") + str(abs(n - want)), palette.BAD)


def _warning(board) -> str:
    """What a saved board is told: a card of the deck that can never be played on it, or
    counts that are not the rulebook's (the count, CNT, says which); "" when it is the
    rulebook's."""
    from shared_rules.khan.board_check import check

    r = check(board)
    if r["dead"]:
        n = len(r["dead"])
        return ("saved, but " + str(n) + (" cards" if n > 1 else " card") + " can never be played here: "
                + " ".join(r["symbols"]))
    if not r["ok"]:
        return "saved, but the cells are not the rulebook's: see CNT in the editor"
    return ""


def _symbol(frame: bytearray, x: int, y: int, symbol: str) -> None:
    """A card symbol as the Khan screen shows it: its terrain colour, the river blue, the
    joker white, with a frame above and below for neighbouring territories."""
    core = symbol.split("+")[0]
    k = "MGTRSF".find(core)
    c = palette.TERRAIN + k if k >= 0 else palette.RIVER if core == "river" else palette.WHITE
    if core != "border":
        fill(frame, x, y + 1, 3, 2, c)
    if "border" in symbol:
        fill(frame, x, y, 3, 1, palette.HINT)
        fill(frame, x, y + 3, 3, 1, palette.HINT)


def _arrow(frame: bytearray, x: int, y: int, up: bool) -> None:
    """The row copies' tool on the matrix: an arrow up (the row above) or down (below)."""
    for k in range(5):
        frame[(y + k) * 16 + x + 1] = palette.WHITE
    tip = y if up else y + 4
    step = 1 if up else -1
    frame[(tip + step) * 16 + x] = palette.WHITE
    frame[(tip + step) * 16 + x + 2] = palette.WHITE


def _kind(code: int) -> str:
    return "no cell" if not code else "river" if code == RIVER else TERRAIN_NAMES[code - 1]


def _tool_colour(tool: int) -> int:
    if tool < 6:
        return palette.TERRAIN + tool
    if tool == 6:
        return palette.RIVER
    if tool == 7:
        return palette.HALF
    if tool == 10:
        return palette.HINT
    return palette.RULER + tool - 11


def _cell_name(i: int) -> str:
    return chr(65 + i % W) + str(i // W + 1)
