"""Khan pieces packed: the same pieces as khan/state.py's JSON object, as a few bytes.

The pieces object names every yurt and figure cell by name ({"A2": "red", ...}): a late
game's is ~2.5 KB of JSON, ~300 values, and reading, checking and writing it back cost
a Pico ~250 ms of a request (issue 13). Packed, the pieces are one object of two members:

    {"packed": "<base64 of the bytes below>", "players": ["red", "yellow"]}

players are the ids the yurt and figure owner bytes count from (the Position's own
order: it decides who is listed first among a figure's sharers). The bytes, version 1:

    0       1 (the version)
    1-2     the board's cell count (big-endian): the board of the op, checked
    3-18    each ruler's cell (RULERS order, 2 bytes big-endian), 65535: not on the board
    19      the rulers at home: bit r for ruler r
    20-27   the black yurts on each ruler's court
    28      the black yurts in the general supply
    29-     a byte per cell: 0 no yurt, 1 a black (neutral) yurt, 2 + k player k's
    then    the figure count, and each figure: its FIGURES index (255: given by its cells
            only), a bit per player sitting on it, 1 if it was given as a bare list of
            cells, its cell count, and its cells (2 bytes each, big-endian)

Ops take either form wherever they take pieces (and a state's pieces) and answer in the
form they were given (docs/ops.md); steppe sends the device the packed form (its
transport packs and unpacks: host/steppe/device.py). Reading packed pieces checks what
khan/load.py checks of the object, cell by cell, with the field named.
"""

try:
    import ubinascii as binascii  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import binascii

import sys

try:
    from ustruct import unpack_from  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from struct import unpack_from

from shared_rules import cjson
from shared_rules.errors import bad_args
from shared_rules.khan.board import Board
from shared_rules.khan.position import MAX_FIGURES, MAX_PLAYERS, MAX_YURTS, NO_KEY, Position, check_player_id
from shared_rules.khan.tables import FIGURES, OFF, RIVER, RULERS

VERSION = 1
KEY = "packed"
_NONE = 65535
_HEAD = 29  # bytes before the yurts
_CELLS = tuple(">" + str(k) + "H" for k in range(9))  # a figure's cells' format (struct), by count
_FAST = "shared_rules.khan.fast_pieces"  # figures read and written in machine code, where loaded


def is_packed(data) -> bool:
    return isinstance(data, dict) and KEY in data


def pack(pos: Position) -> dict:
    """The packed form of pos's pieces."""
    return {KEY: text_of(pieces_bytes(pos)), "players": list(pos.players)}


def text_of(raw: bytearray) -> str:
    """raw's base64 text, known to cjson as such (its reply then writes it as it is)."""
    return cjson.plain(binascii.b2a_base64(raw, newline=False).decode())  # type: ignore[arg-type]  (any buffer: no copy)


def pieces_bytes(pos: Position, before: "bytes | bytearray" = b"") -> bytearray:
    """pos's pieces as the bytes above, after the bytes before (a whole state's: khan/
    packed_state.py). Sized first and written in place: one block of RAM, where a
    bytearray grown a byte at a time is moved a dozen times - each move a search of a
    fragmented heap for room (~0.3 ms of a Pico each)."""
    n = pos.board.size
    fig_cells = pos.fig_cells
    at = len(before)
    size = at + _HEAD + n + 1
    for cells in fig_cells:
        size += 4 + 2 * len(cells)
    out = bytearray(size)
    out[:at] = before
    out[at] = VERSION
    out[at + 1] = n >> 8
    out[at + 2] = n & 255
    home = 0
    cells = pos.ruler_cell
    at_home = pos.home
    for r in range(len(RULERS)):
        c = cells[r]
        if c < 0:
            c = _NONE
        out[at + 3 + 2 * r] = c >> 8
        out[at + 4 + 2 * r] = c & 255
        if at_home[r]:
            home |= 1 << r
    out[at + 19] = home
    out[at + 20:at + 28] = bytes(pos.courts)
    out[at + 28] = pos.supply
    at += _HEAD
    out[at:at + n] = pos.yurt
    at += n
    out[at] = len(fig_cells)
    at += 1
    keys = pos.fig_key
    owners = pos.fig_owners
    plain = pos.fig_plain
    fast = sys.modules.get(_FAST)
    put = getattr(fast, "put_figures", None) if fast is not None else None
    if put is not None:  # (machine code: a Python loop a cell cost a Pico ~1 ms of khan.play)
        put(out, at, fig_cells, keys, owners, plain)
        return out
    for f in range(len(fig_cells)):
        cells = fig_cells[f]
        out[at] = keys[f]
        out[at + 1] = owners[f]
        out[at + 2] = plain[f]
        out[at + 3] = len(cells)
        at += 4
        for i in cells:
            out[at] = i >> 8
            out[at + 1] = i & 255
            at += 2
    return out


def bytes_of(data, what: str = "pieces") -> bytes:
    """The bytes of a packed object's text, refused unless it is exactly their base64."""
    text = data.get(KEY)
    if not isinstance(text, str) or not text:
        raise bad_args(what + ".packed must be a base64 string")
    raw = cjson.decoded(text)  # (the request line's check decoded it: cjson.fast_parts)
    if raw is not None:
        return raw
    try:
        raw = binascii.a2b_base64(text)
    except ValueError:
        raw = None
    # (both ports' readers pass over characters that are not base64: the text must be the
    # bytes' own encoding, so the host and the device read the same bytes or refuse alike)
    if raw is None or binascii.b2a_base64(raw, newline=False) != text.encode():
        raise bad_args(what + ".packed is not base64 as packed (docs/ops.md)")
    return raw


def _players(data, players) -> "list[str]":
    names = data.get("players")
    if not isinstance(names, list) or len(names) > MAX_PLAYERS:
        raise bad_args("pieces.players must be a list of at most " + str(MAX_PLAYERS) + " player ids")
    for k in range(len(names)):
        check_player_id(names[k], "pieces.players")
        if names[k] in names[:k]:
            raise bad_args("pieces.players lists " + names[k] + " twice")
    if players and names[:len(players)] != list(players):
        raise bad_args("pieces.players must begin with the game's players, in their order")
    return list(names)


def unpack(board: Board, data, players=None) -> Position:
    """A Position from packed pieces on board, every byte checked: a bad one raises bad_args
    naming what is wrong. players: the game's (the packed list must begin with them)."""
    for key in data:
        if key != KEY and key != "players":
            raise bad_args("packed pieces have only \"packed\" and \"players\"; not \"" + str(key)[:20] + "\"")
    raw = bytes_of(data)
    return read(board, raw, 0, _players(data, players))


def read(board: Board, raw: bytes, at: int, names: "list[str]") -> Position:
    """The Position of the packed pieces that fill raw from at on; owners count from names.
    (Read where they lie: a copy of them, or of the yurts, is a block of RAM searched for.)"""
    n = board.size
    if len(raw) < at + _HEAD + n + 1 or raw[at] != VERSION:
        raise bad_args("pieces.packed: not version " + str(VERSION) + " packed pieces")
    if (raw[at + 1] << 8 | raw[at + 2]) != n:
        raise bad_args("pieces.packed is of a board of " + str(raw[at + 1] << 8 | raw[at + 2]) + " cells, not this one's " + str(n))
    pos = Position(board, names)
    terrain = board.terrain
    ruler_at = pos.ruler_at
    courts = pos.courts
    home = raw[at + 19]
    for r in range(len(RULERS)):
        c = raw[at + 3 + 2 * r] << 8 | raw[at + 4 + 2 * r]
        at_home = home >> r & 1
        if at_home:
            pos.home[r] = 1
        if c != _NONE:
            if at_home:
                raise bad_args("pieces.packed: ruler " + RULERS[r] + " is on the board and also home")
            if c >= n or terrain[c] == OFF or terrain[c] == RIVER:
                raise bad_args("pieces.packed: ruler " + RULERS[r] + " is not on a land cell")
            if ruler_at[c]:
                raise bad_args("pieces.packed: " + board.name_of(c) + " holds two rulers")
            pos.ruler_cell[r] = c  # (place_ruler on a new Position)
            ruler_at[c] = r + 1
        k = raw[at + 20 + r]
        if k > MAX_YURTS:
            raise bad_args("pieces.packed: the court of " + RULERS[r] + " holds more than " + str(MAX_YURTS))
        courts[r] = k
    if home >> len(RULERS):
        raise bad_args("pieces.packed: the rulers at home name a ruler that is not")
    if raw[at + 28] > MAX_YURTS:
        raise bad_args("pieces.packed: the supply holds more than " + str(MAX_YURTS))
    pos.supply = raw[at + 28]
    yurts = pos.yurt
    yurts[:] = memoryview(raw)[at + _HEAD:at + _HEAD + n]
    top = 2 + len(names)  # owner bytes 1 (black) .. top - 1
    if max(yurts) >= top:  # (a loop over every cell cost a Pico ~10 ms: the few that can be wrong)
        bad = [i for i in range(n) if yurts[i] >= top]
        raise bad_args("pieces.packed: the yurt at " + board.name_of(bad[0]) + " " + _why_not_yurt(pos, bad[0], yurts[bad[0]], top))
    for i in board.water() + tuple(c for c in pos.ruler_cell if c >= 0):
        if yurts[i]:
            raise bad_args("pieces.packed: the yurt at " + board.name_of(i) + " " + _why_not_yurt(pos, i, yurts[i], top))
    _figures(pos, raw, at + _HEAD + n, len(names))
    return pos


def _why_not_yurt(pos: Position, i: int, y: int, top: int) -> str:
    if y >= top:
        return "has an owner byte " + str(y) + " past the players (" + str(top - 2) + ")"
    if pos.ruler_at[i]:
        return "stands on a ruler"
    return "is not on land"


def _bad_figure(f: int, why: str):
    return bad_args("pieces.packed figure " + str(f) + why)


def _figures(pos: Position, raw: bytes, at: int, players: int) -> None:
    """The figures from raw[at] to its end put on pos, each checked: in machine code where
    khan/fast_pieces.py is loaded (a host's khan.play loads it; a figure's cells then one
    struct read), else - and to say what is wrong with one - each cell in Python."""
    fast = sys.modules.get(_FAST)
    check = getattr(fast, "figures", None) if fast is not None else None
    if check is not None:
        board = pos.board
        fig_at = pos.fig_at
        count = check(raw, at, len(raw), board.terrain, fig_at, pos.ruler_at, board.size, len(FIGURES), players)
        if count >= 0:
            add_cells = pos.fig_cells.append
            keys = pos.fig_key
            owners = pos.fig_owners
            plain = pos.fig_plain
            at += 1
            for _ in range(count):
                size = raw[at + 3]
                keys.append(raw[at])
                owners.append(raw[at + 1])
                plain.append(raw[at + 2])
                add_cells(unpack_from(_CELLS[size], raw, at + 4))
                at += 4 + 2 * size
            return
        fig_at[:] = bytes(len(fig_at))  # (its marks go: the loop below says what is wrong)
    board = pos.board
    n = board.size
    terrain = board.terrain
    fig_at = pos.fig_at
    ruler_at = pos.ruler_at
    add_cells = pos.fig_cells.append
    add_key = pos.fig_key.append
    add_owners = pos.fig_owners.append
    add_plain = pos.fig_plain.append
    shapes = len(FIGURES)
    end = len(raw)
    count = raw[at]
    at += 1
    if count > MAX_FIGURES:
        raise bad_args("pieces.packed holds more than " + str(MAX_FIGURES) + " figures")
    for f in range(count):  # (messages made only for a wrong figure: one each cost the Pico)
        if at + 4 > end:
            raise _bad_figure(f, " is cut short")
        key = raw[at]
        owners = raw[at + 1]
        plain = raw[at + 2]
        size = raw[at + 3]
        at += 4
        if key != NO_KEY and key >= shapes:
            raise _bad_figure(f, ": no shape has the number " + str(key))
        if plain > 1 or (plain and (key != NO_KEY or owners)):
            raise _bad_figure(f, ": a figure given by its cells only has no shape and no owners")
        if owners >> players:
            raise _bad_figure(f, ": an owner bit past the players")
        if size < 1 or size > 8 or at + 2 * size > end:
            raise _bad_figure(f, ": a figure covers 1 to 8 cells")
        cells = []
        mark = f + 1
        for k in range(size):
            i = raw[at] << 8 | raw[at + 1]
            at += 2
            if i >= n or not terrain[i]:  # (OFF)
                raise _bad_figure(f, ": a cell that is not on the board")
            if fig_at[i]:  # (marked as each cell is taken: this figure's own, a cell twice)
                if fig_at[i] == mark:
                    raise _bad_figure(f, " covers " + board.name_of(i) + " twice")
                raise _bad_figure(f, ": " + board.name_of(i) + " is already under another figure")
            if ruler_at[i]:
                raise _bad_figure(f, ": a figure cannot cover the ruler at " + board.name_of(i))
            fig_at[i] = mark
            cells.append(i)
        add_cells(tuple(cells))
        add_key(key)
        add_owners(owners)
        add_plain(plain)
    if at != end:
        raise bad_args("pieces.packed has " + str(end - at) + " bytes too many")
