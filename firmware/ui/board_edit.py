"""The board editor: the players type in their own Khan board on the box.

The canvas is 15 x 11 cells, drawn where the Khan screen draws its board (rows 0-10,
columns 1-15). A tool paints the cell under the cursor: a terrain (M G T R S F), the river
(-), no cell (X), the edge (E: toggles whether the cell's sides to the outside border
neighbouring territories; a flagged cell blinks while E is the tool), or a ruler's start
(1-8, in his colour: he moves there). Rows 11-15: the tool and the cursor's cell name.

Buttons: arrows move the cursor; OK paints; with a terrain, the river or no cell as the
tool, OK also puts the pen down: the arrows paint every cell they move to (held, they
repeat: a row at a time) until the next OK. OK held: the tools (arrows step, OK takes
one); BACK: the menu SAVE (check, then write khanboard.txt: ownboard.py), EDIT (go on),
QUIT (leave unsaved), DFLT (start again from the default board), DEL (forget the saved
board). A board the rules core refuses is not saved: the App scrolls the reason over the
matrix (any button stops it) and ui.get says it ("why"). The editor leaves for the Khan setup it came
from; this module is imported only while it is shown (menu.py) and let go after.
"""

from shared_rules.khan.tables import RIVER, RULERS
from ui import palette
from ui.base import Screen, blink, help_text, text

W = 15  # the canvas: board_text.SCREEN, the most the Khan screen shows
H = 11
X0 = 1  # the canvas's column 0 on the matrix (as the Khan screen's board)
TOOLS = "MGTRSF~.E12345678"  # a cell's terrain, the river, no cell, the edge, a ruler's start
SHOWN = "MGTRSF-XE12345678"  # each tool's letter on the matrix (the font has no "~")
ITEMS = ("SAVE", "EDIT", "QUIT", "DFLT", "DEL")
NO_START = 255


class BoardEdit(Screen):
    def __init__(self, app, back) -> None:
        self.back = back  # the Khan setup to go back to
        self.cells = bytearray(W * H)  # terrain codes: 0 no cell, 1-6 M G T R S F, RIVER
        self.edge = bytearray(W * H)  # 1: the cell's outer sides border neighbouring territories
        self.starts = bytearray([NO_START] * len(RULERS))  # each ruler's start cell, or NO_START
        self.board_name = "Own board"
        self.cursor = 5 * W + 7
        self.tool = 0
        self.mode = "paint"  # paint, tools, menu
        self.pen = False  # the arrows paint the cells they move to
        self.item = 0
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

    def text(self) -> str:
        """The canvas as board text (khan/board.py's format)."""
        from shared_rules.khan.board_text import grid_lines

        lines = grid_lines(self.cells, self.edge, W, H)
        out = "\n".join(lines) + "\nname " + self.board_name + "\n"
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
        elif self.mode == "menu":
            if button in ("LEFT", "UP"):
                self.item = (self.item - 1) % len(ITEMS)
            elif button in ("RIGHT", "DOWN"):
                self.item = (self.item + 1) % len(ITEMS)
            elif button == "OK":
                self._do(app, ITEMS[self.item])
            elif button == "BACK":
                self.mode = "paint"
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
            self._paint(self.cursor)
            self.pen = self.tool < 8  # a terrain, the river, no cell: the pen stays down
        elif button == "BACK":
            self.mode = "menu"
            self.item = 0

    def _paint(self, i: int) -> None:
        tool = TOOLS[self.tool]
        if tool == "E":
            self.edge[i] ^= 1
        elif tool in "12345678":
            r = int(tool) - 1
            for other in range(len(RULERS)):  # one ruler a cell
                if self.starts[other] == i:
                    self.starts[other] = NO_START
            self.starts[r] = i
        else:
            self.cells[i] = 0 if tool == "." else "MGTRSF~".index(tool) + 1

    def _do(self, app, item: str) -> None:
        import ownboard

        if item == "SAVE":
            missing = [RULERS[r] for r in range(len(RULERS)) if self.starts[r] == NO_START]
            if missing:
                self._refuse("set the start cell of ruler " + " ".join(missing) + " (tools 1-8)")
                return
            try:
                ownboard.save(app.root, self.text())
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
            self._leave(app, True)
        elif item == "EDIT":
            self.mode = "paint"
        elif item == "QUIT":
            self._leave(app, False)
        elif item == "DFLT":
            self._load(None)
            self.mode = "paint"
        else:  # DEL
            ownboard.remove(app.root)
            self._leave(app, False)

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
            for part in ("board_text", "board", "tables"):
                unload("shared_rules.khan." + part)

    # -- what it shows -------------------------------------------------------------------
    def ui_json(self) -> dict:
        out: dict = {"mode": "board_edit", "edit": self.mode, "tool": TOOLS[self.tool], "cursor": _cell_name(self.cursor),
                     "pen": self.pen}
        if self.mode == "menu":
            out["choice"] = ITEMS[self.item]
            out["choices"] = list(ITEMS)
        return out

    def animating(self, now: int) -> bool:
        return True

    def draw(self, frame: bytearray, now: int) -> None:
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
                text(frame, 0, 11, SHOWN[tool], _tool_colour(tool))
            text(frame, 4, 11, _cell_name(self.cursor), palette.HINT if self.pen else palette.TEXT)


def _tool_colour(tool: int) -> int:
    if tool < 6:
        return palette.TERRAIN + tool
    if tool == 6:
        return palette.RIVER
    if tool == 7:
        return palette.HALF
    if tool == 8:
        return palette.HINT
    return palette.RULER + tool - 9


def _cell_name(i: int) -> str:
    return chr(65 + i % W) + str(i // W + 1)
