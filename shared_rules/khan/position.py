"""What stands on a Khan board: rulers, yurts, figures, courts and the general supply.

A Position keeps one byte per cell for each kind of piece, so the hot questions (is this
cell empty? whose yurt is here?) are single lookups. khan/state.py converts it to and
from the JSON "pieces" object of the ops.
"""

from shared_rules.errors import bad_args
from shared_rules.khan.board import Board
from shared_rules.khan.tables import COURT_YURTS, OFF, RIVER, RULERS, SUPPLY_YURTS

NEUTRAL = "neutral"
NONE = 0
BLACK = 1  # yurt byte of a neutral (black) yurt; player k's yurts are k + 2
MAX_PLAYER_ID = 16
MAX_PLAYERS = 8  # ids with pieces on one board (a figure keeps its sharers as bits)
NO_KEY = 255  # fig_key of a figure given only by its cells
MAX_FIGURES = 64  # figures a pieces object may hold
MAX_YURTS = 60  # black yurts a court or the supply may hold (60 in the box)


def check_player_id(pid, where: str) -> str:
    if not isinstance(pid, str) or not pid or len(pid) > MAX_PLAYER_ID:
        raise bad_args("player_id", where, MAX_PLAYER_ID)
    if pid == NEUTRAL:
        raise bad_args("player_neutral", where)
    return pid


def ruler_index(rid, where: str) -> int:
    if rid not in RULERS:
        raise bad_args("khan.unknown_ruler", where, rid[:12] if isinstance(rid, str) else "?")
    return RULERS.index(rid)


class Position:
    def __init__(self, board: Board, players: "list[str]") -> None:
        n = board.size
        self.board = board
        self.players = players
        self.yurt = bytearray(n)  # NONE, BLACK or player index + 2
        self.ruler_at = bytearray(n)  # ruler index + 1
        self.fig_at = bytearray(n)  # figure index + 1
        self.ruler_cell = [-1] * len(RULERS)
        self.home = bytearray(len(RULERS))
        self.courts = [COURT_YURTS] * len(RULERS)
        self.supply = SUPPLY_YURTS
        # figures, one entry each in four parallel lists (a class per figure costs the Pico
        # ten times the RAM): covered cells, FIGURES index (NO_KEY if unknown), a bit per
        # player sitting on it, and whether it was given as a bare list of cells
        self.fig_cells = []
        self.fig_key = bytearray()
        self.fig_owners = bytearray()
        self.fig_plain = bytearray()

    # -- questions ---------------------------------------------------------------
    def empty(self, i: int) -> bool:
        """Land with no yurt, ruler, tile or bridge: where a ruler may stop or a yurt go."""
        t = self.board.terrain[i]
        return t != OFF and t != RIVER and not self.yurt[i] and not self.ruler_at[i] and not self.fig_at[i]

    def in_play(self, r: int) -> bool:
        return self.ruler_cell[r] >= 0

    def home_count(self) -> int:
        return sum(self.home)

    def player_byte(self, pid: str) -> int:
        if pid not in self.players:
            if len(self.players) >= MAX_PLAYERS:
                raise bad_args("too_many_players", MAX_PLAYERS)
            self.players.append(pid)
        return self.players.index(pid) + 2

    def owners(self, f: int) -> "list[str]":
        """The players sitting on figure f, in player order."""
        bits = self.fig_owners[f]
        return [self.players[k] for k in range(len(self.players)) if bits >> k & 1]

    def owner_name(self, byte: int) -> str:
        return NEUTRAL if byte == BLACK else self.players[byte - 2]

    def black_yurts(self) -> int:
        """Black yurts on the board, on the courts and in the supply: 60 in a real game."""
        on_board = 0
        for b in self.yurt:
            if b == BLACK:
                on_board += 1
        return on_board + sum(self.courts) + self.supply

    def black_under_figure(self) -> int:
        """The first cell under a figure with a black yurt, or -1."""
        for i in range(len(self.yurt)):
            if self.fig_at[i] and self.yurt[i] == BLACK:
                return i
        return -1

    def has_black(self) -> bool:
        """A black yurt for action B: from the general supply, or, once it is empty, from
        under a figure («берите их из-под плиток, когда юрты завоеваны»)."""
        return self.supply > 0 or self.black_under_figure() >= 0

    # -- changes -----------------------------------------------------------------
    def take_black(self) -> None:
        """Take a black yurt for action B: the supply's, or one from under a figure."""
        if self.supply > 0:
            self.supply -= 1
            return
        i = self.black_under_figure()
        if i < 0:
            raise bad_args("khan.supply_empty")
        self.yurt[i] = 0  # the figure stays; the yurt that lay under it goes to the ruler's cell

    def place_ruler(self, r: int, i: int) -> None:
        old = self.ruler_cell[r]
        if old >= 0:
            self.ruler_at[old] = 0
        self.ruler_cell[r] = i
        if i >= 0:
            self.ruler_at[i] = r + 1

    def send_home(self, r: int) -> None:
        self.place_ruler(r, -1)
        self.home[r] = 1

    def add_figure(self, cells: "tuple[int, ...]", key: int, owners: "list[str]", plain: bool = False) -> None:
        bits = 0
        for pid in owners:
            bits |= 1 << (self.player_byte(pid) - 2)
        self.fig_cells.append(cells)
        self.fig_key.append(key)
        self.fig_owners.append(bits)
        self.fig_plain.append(1 if plain else 0)
        mark = len(self.fig_cells)
        for i in cells:
            self.fig_at[i] = mark

    def copy(self) -> "Position":
        p = Position(self.board, list(self.players))
        p.yurt = bytearray(self.yurt)
        p.ruler_at = bytearray(self.ruler_at)
        p.fig_at = bytearray(self.fig_at)
        p.ruler_cell = list(self.ruler_cell)
        p.home = bytearray(self.home)
        p.courts = list(self.courts)
        p.supply = self.supply
        p.fig_cells = list(self.fig_cells)
        p.fig_key = bytearray(self.fig_key)
        p.fig_owners = bytearray(self.fig_owners)
        p.fig_plain = bytearray(self.fig_plain)
        return p
