"""Khan games and pieces from JSON, with every field checked (protections: khan/protections.py).

A bad backup or a bad op argument is refused here, with the field named, before it can
reach a game. The device loads this module only when a game comes back (boot, undo,
state.put) and lets it go again; an op that takes only pieces loads it without the game's
own modules. A game's own fields are read by khan/load_game.py (load.game), imported only
for a game.
"""

from shared_rules.errors import bad_args
from shared_rules.pause import pause
from shared_rules.khan.board import Board
from shared_rules.khan import packed
from shared_rules.khan.position import (BLACK, MAX_FIGURES, MAX_YURTS, NEUTRAL, NO_KEY, Position, check_player_id,
                                        ruler_index)
from shared_rules.khan.tables import FIGURE_KEYS, SUPPLY_YURTS

_PIECE_KEYS = ("rulers", "home", "yurts", "figures", "courts", "supply")


def pieces(board: Board, data, players=None) -> Position:
    """Build and validate a Position; errors name the field and the cell. data: the pieces
    object, or packed pieces (khan/packed.py)."""
    if packed.is_packed(data):
        return packed.unpack(board, data, players)
    if not isinstance(data, dict):
        raise bad_args("pieces must be a JSON object")
    for key in sorted(data):
        if key not in _PIECE_KEYS:
            raise bad_args("pieces has an unknown key \"" + str(key)[:20] + "\"; keys are " + ", ".join(_PIECE_KEYS))
    pos = Position(board, list(players) if players else [])
    home = data.get("home", [])
    if not isinstance(home, list):
        raise bad_args("pieces.home must be a list of ruler ids")
    for rid in home:
        r = ruler_index(rid, "pieces.home")
        if pos.home[r]:
            raise bad_args("pieces.home: ruler " + rid + " is listed twice")
        pos.home[r] = 1
        pos.courts[r] = 0
    rulers = data.get("rulers", {})
    if not isinstance(rulers, dict):
        raise bad_args("pieces.rulers must be an object {ruler: cell}")
    for rid in sorted(rulers):
        r = ruler_index(rid, "pieces.rulers")
        if pos.home[r]:
            raise bad_args("pieces.rulers: ruler " + rid + " is on the board and also home")
        i = board.cell(rulers[rid], "pieces.rulers." + rid)
        if not board.is_land(i):
            raise bad_args("pieces.rulers: ruler " + rid + " cannot stand on the river at " + board.name_of(i))
        if pos.ruler_at[i]:
            raise bad_args("pieces.rulers: " + board.name_of(i) + " holds two rulers")
        pos.place_ruler(r, i)
    yurts = data.get("yurts", {})
    if not isinstance(yurts, dict):
        raise bad_args("pieces.yurts must be an object {cell: player or \"neutral\"}")
    for name in sorted(yurts):
        i = board.cell(name, "pieces.yurts")
        if not board.is_land(i):
            raise bad_args("pieces.yurts: no yurt can stand on the river at " + name)
        if pos.ruler_at[i]:
            raise bad_args("pieces.yurts: " + name + " holds a ruler and a yurt")
        owner = yurts[name]
        if owner == NEUTRAL:
            pos.yurt[i] = BLACK
        else:
            pos.yurt[i] = pos.player_byte(check_player_id(owner, "pieces.yurts." + name))
    figures = data.get("figures", [])
    if not isinstance(figures, list) or len(figures) > MAX_FIGURES:
        raise bad_args("pieces.figures must be a list of at most " + str(MAX_FIGURES) + " figures")
    for n, f in enumerate(figures):
        _figure_from_json(pos, f, "pieces.figures[" + str(n) + "]")
        if n & 1:
            pause()  # (~2-8 ms of a Pico a figure, more the more names are interned: a host's khan.score)
    courts = data.get("courts", {})
    if not isinstance(courts, dict):
        raise bad_args("pieces.courts must be an object {ruler: black yurts}")
    for rid in sorted(courts):
        r = ruler_index(rid, "pieces.courts")
        v = courts[rid]
        if type(v) is not int or v < 0 or v > MAX_YURTS:
            raise bad_args("pieces.courts." + rid + " must be an integer 0.." + str(MAX_YURTS))
        pos.courts[r] = v
    supply = data.get("supply", SUPPLY_YURTS)
    if type(supply) is not int or supply < 0 or supply > MAX_YURTS:
        raise bad_args("pieces.supply must be an integer 0.." + str(MAX_YURTS))
    pos.supply = supply
    return pos


def _figure_from_json(pos: Position, f, where: str) -> None:
    board = pos.board
    plain = isinstance(f, list)
    key = None
    owners = []
    if plain:
        names = f
    elif isinstance(f, dict):
        names = f.get("cells")
        key = f.get("shape")
        if key is not None and key not in FIGURE_KEYS:
            raise bad_args(where + ": unknown shape \"" + str(key)[:20] + "\"; shapes are " + " ".join(FIGURE_KEYS))
        owners = f.get("owners", [])
        if not isinstance(owners, list):
            raise bad_args(where + ".owners must be a list of player ids")
        seen = []
        for pid in owners:
            check_player_id(pid, where + ".owners")
            if pid in seen:
                raise bad_args(where + ".owners lists " + pid + " twice")
            seen.append(pid)
            pos.player_byte(pid)
    else:
        raise bad_args(where + " must be a list of cells or {\"cells\", \"shape\", \"owners\"}")
    if not isinstance(names, list) or not names or len(names) > 8:
        raise bad_args(where + ": a figure covers 1 to 8 cells")
    cells = []
    for name in names:
        i = board.cell(name, where)
        if i in cells:
            raise bad_args(where + " covers " + name + " twice")
        if pos.fig_at[i]:
            raise bad_args(where + ": " + name + " is already under another figure")
        if pos.ruler_at[i]:
            raise bad_args(where + ": a figure cannot cover the ruler at " + name)
        cells.append(i)
    pos.add_figure(tuple(cells), FIGURE_KEYS.index(key) if key is not None else NO_KEY, owners, plain)


def game(data):
    """A game from its saved state (a KhanGame), fully validated: a bad state raises bad_args
    (khan/load_game.py: an op that takes only pieces imports no game's reader)."""
    from shared_rules.khan import load_game

    return load_game.game(data)
