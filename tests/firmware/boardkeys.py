"""A board typed into the box's editor through its buttons, the presses counted (pytest and
micropython alike): the helpers a recipe is written with, the recipe a player follows for
the default board with the region fill (recipe_default), and painting every cell with the
pen, what the editor offered before the fill (cell_by_cell)."""

from ui.board_edit import ITEMS, TOOLS

ARROW = {(1, 0): "RIGHT", (-1, 0): "LEFT", (0, 1): "DOWN", (0, -1): "UP"}


def xy(name: str) -> "tuple[int, int]":
    return ord(name[0]) - 65, int(name[1:]) - 1


class Hand:
    """Presses the app's buttons ("OK+" held), each one counted; a refusal is a failure."""

    def __init__(self, app) -> None:
        self.app = app
        self.presses = 0
        self.marks = []  # (what was entered, the presses it took)

    def mark(self, what: str) -> None:
        self.marks.append((what, self.presses - sum(n for _, n in self.marks)))

    def press(self, *buttons, said: bool = False) -> dict:
        """said: the last press may be answered with a sentence (a saved board's warning)."""
        for k in range(len(buttons)):
            b = buttons[k]
            self.app.press(b.rstrip("+"), b.endswith("+"))
            self.presses += 1
            assert not self.app.why or (said and k == len(buttons) - 1), (b, self.app.why)
        return self.app.ui_json()

    def ui(self) -> dict:
        return self.app.ui_json()

    def lift(self) -> None:
        if self.ui()["pen"]:
            self.press("OK")

    def go(self, cell: str) -> None:
        """The cursor to a cell, the pen up (columns first, then rows)."""
        self.lift()
        x, y = xy(self.ui()["cursor"])
        tx, ty = xy(cell)
        while x != tx:
            self.press("RIGHT" if tx > x else "LEFT")
            x += 1 if tx > x else -1
        while y != ty:
            self.press("DOWN" if ty > y else "UP")
            y += 1 if ty > y else -1

    def _steps(self, tool: str) -> "list[str]":
        k = TOOLS.index(self.ui()["tool"])
        n = (TOOLS.index(tool) - k) % len(TOOLS)
        return ["RIGHT"] * n if n <= len(TOOLS) - n else ["LEFT"] * (len(TOOLS) - n)

    def tool(self, tool: str) -> None:
        """Take a tool: OK held, the arrows the shorter way round, OK."""
        if self.ui()["tool"] != tool:
            self.press("OK+", *self._steps(tool))
            self.press("OK")

    def fill(self, cell: str, tool: str) -> None:
        """The area from cell filled with the tool: OK held, the tool, OK held."""
        self.go(cell)
        self.press("OK+", *self._steps(tool))
        self.press("OK+")

    def pen(self, tool: str, path: str) -> None:
        """Paint a path of cells side by side with the pen: OK at its first, an arrow for
        each next one (the pen is lifted by what comes next: OK, or OK held for a tool)."""
        cells = path.split()
        self.tool(tool)
        self.go(cells[0])
        self.press("OK")
        for k in range(1, len(cells)):
            (x, y), (nx, ny) = xy(cells[k - 1]), xy(cells[k])
            self.press(ARROW[(nx - x, ny - y)])

    def each(self, tool: str, cells: str) -> None:
        """OK on each cell with a tool that paints one cell (the edge, a ruler, a row copy)."""
        self.tool(tool)
        for cell in cells.split():
            self.go(cell)
            self.press("OK")

    def menu(self, item: str) -> dict:
        """BACK (it lifts the pen too), then the arrows the shorter way to the item, OK."""
        n = ITEMS.index(item)
        self.press("BACK", *(["DOWN"] * n if n <= len(ITEMS) - n else ["UP"] * (len(ITEMS) - n)))
        return self.press("OK", said=item == "SAVE")

    def rulers(self, starts: dict) -> None:
        """Each ruler's start in RULERS order (ruler index -> cell name): tool 1, then OK on
        each start (the tool goes on to the next ruler by itself)."""
        self.tool("1")
        for r in sorted(starts):
            assert self.ui()["tool"] == str(r + 1)
            self.go(starts[r])
            self.press("OK")


def edges_and_rulers(hand: Hand, board) -> None:
    """The edge cells of a board that do not border neighbouring territories (a new canvas's
    cells all do), a stroke of the edge tool for each run of them side by side; then the
    rulers' starts."""
    quiet = []
    for i in range(board.size):
        x = i % board.width
        y = i // board.width
        outside = x == 0 or y == 0 or x == board.width - 1 or y == board.height - 1
        if board.is_land(i) and outside and not board.border[i]:
            quiet.append(i)
    run = []
    for i in quiet + [-1]:
        if run and (i < 0 or i != run[-1] + 1 or i % board.width == 0):
            hand.pen("E", " ".join(board.name_of(j) for j in run))
            run = []
        run.append(i)
    hand.mark("edges")
    hand.rulers({r: board.name_of(board.starts[r]) for r in board.starts})
    hand.mark("rulers")


def recipe_default(hand: Hand, board) -> None:
    """The default board on a new canvas, as a player would enter it: mountains everywhere,
    the column right of the board no cell, the river with the pen, then each region: its
    line against the regions already right painted with the pen, and the rest filled."""
    hand.menu("NEW")
    hand.fill("H6", "M")  # the whole canvas
    hand.pen(".", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11")  # the board is 14 wide
    hand.pen("~", "K11 K10 L10 L9 L8 L7 K7 K6 J6 I6 H6 G6 F6 F5 F4 F3 G3 H3 I3 J3 J2 J1")
    hand.fill("K1", "T")  # the bank east of the river
    hand.pen("G", "G4 H4 I4 J4 K4 L4 M4 N4")  # glacier against tundra...
    hand.fill("N1", "G")  # ...and the glacier above it
    hand.pen("R", "E3 E4 D4 C4 B4 A4")  # rocky desert against the mountains...
    hand.fill("A5", "R")  # ...and all below
    hand.pen("F", "A8 B8 C8 D8 E8")  # forest against rocky desert
    if board.terrain[board.cell("G11")] == 5:  # sand desert against rocky desert and forest
        hand.pen("S", "F7 G7 G8 G9 H9 H10 H11 G11")
    else:  # (the default board before issue 21: G10 sand, G11 forest)
        hand.pen("S", "F7 G7 G8 G9 G10 H10 H11")
    hand.fill("F11", "F")  # the forest
    hand.fill("I9", "S")  # the rest of the sand desert
    hand.mark("cells")
    edges_and_rulers(hand, board)
    hand.menu("SAVE")
    hand.mark("save")


def cell_by_cell(hand: Hand, board) -> None:
    """Every cell painted with the pen on a new canvas, row by row (what the editor offered
    before the region fill): a row's run of one terrain in one stroke, the row below taken
    the other way round."""
    hand.menu("NEW")
    for y in range(board.height):
        xs = range(board.width) if y % 2 == 0 else range(board.width - 1, -1, -1)
        runs = []
        for x in xs:
            t = board.terrain[y * board.width + x]
            name = board.name_of(y * board.width + x) if t else ""
            if runs and runs[-1][0] == t:
                runs[-1][1].append(name)
            else:
                runs.append((t, [name]))
        for t, names in runs:
            if t:
                hand.pen("MGTRSF~"[t - 1], " ".join(names))
    hand.mark("cells")
    edges_and_rulers(hand, board)
    hand.menu("SAVE")
    hand.mark("save")


def open_editor(root: str):
    """A fresh box at root, in the board editor: the menu's Khan, OK held to EDIT, OK."""
    from app import App
    from fwtest import pixels

    app = App(pixels(), None, root)
    app.boot()
    app.press("OK")
    for _ in range(6):
        app.press("OK", True)
        if app.ui_json().get("option") == "EDIT":
            break
    app.press("OK")
    assert app.ui_json()["mode"] == "board_edit"
    return app


def board_of(app):
    """The board the editor saved (khanboard.txt), parsed."""
    from shared_rules.khan.board_text import parse

    with open(app.root + "khanboard.txt") as f:
        return parse(f.read())


