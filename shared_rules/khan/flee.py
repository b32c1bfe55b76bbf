"""Where a ruler flees: the device's core job in step 1 and in action B.

Along the card's direction he takes the first empty land cell within 3; river cells
count towards the 3 but are never a stop; leaving the board ends that direction. With
no cell he tries the next direction clockwise, all 8 in turn. A black yurt goes on the
cell he left, from his court (step 1) or the general supply (action B). A court down to
its last yurt in step 1, or no cell in any direction, sends him home instead: the yurt
takes his cell and the rest of his court goes to the supply. The 5th ruler home starts
the final phase, and every ruler still on the board swaps with a yurt from his court.

A flight is a plain tuple (start, to, direction, walked, returned, final):
to and direction are -1 when he went home; walked counts the cells passed to his stop;
returned lists the ruler indexes sent home; final is 0, FINAL_ON, or FINAL_STARTED when
this very flight started the final phase.
"""

from shared_rules.errors import bad_args
from shared_rules.khan.position import BLACK, Position
from shared_rules.khan.tables import DIRECTIONS, DX, DY, FINAL_PHASE_HOME, FLEE_REACH, OFF, RIVER, RULERS

COURT = "court"
SUPPLY = "supply"
FINAL_ON = 1
FINAL_STARTED = 2


def walled_in(pos: Position, r: int) -> bool:
    """No cell to flee to in any direction: ruler r would go home, swapping with a yurt of
    his own court (action B then needs no yurt from the supply)."""
    return target(pos, pos.ruler_cell[r], 0)[0] < 0


def target(pos: Position, start: int, first: int) -> "tuple[int, int, int]":
    """(cell, direction, cells walked) of the flight from start, or (-1, -1, 0)."""
    board = pos.board
    w = board.width
    h = board.height
    terrain = board.terrain
    yurt = pos.yurt
    ruler_at = pos.ruler_at
    fig_at = pos.fig_at
    x0 = start % w
    y0 = start // w
    for turn in range(8):
        d = (first + turn) & 7
        dx = DX[d]
        dy = DY[d]
        x = x0
        y = y0
        for walked in range(1, FLEE_REACH + 1):
            x += dx
            y += dy
            if x < 0 or y < 0 or x >= w or y >= h:
                break
            i = y * w + x
            t = terrain[i]
            if t == OFF:
                break
            if t != RIVER and not yurt[i] and not ruler_at[i] and not fig_at[i]:
                return i, d, walked
    return -1, -1, 0


def path(board, flight: tuple) -> "list[int]":
    """The cells a flight passed, its stop last."""
    start, to, d, walked = flight[0], flight[1], flight[2], flight[3]
    if to < 0:
        return []
    return [start + k * (DY[d] * board.width + DX[d]) for k in range(1, walked + 1)]


def flee(pos: Position, r: int, direction: int, source: str) -> tuple:
    """Make ruler r flee in place; pos changes, the flight tuple says what happened."""
    start = pos.ruler_cell[r]
    if start < 0:
        raise bad_args("khan.ruler_home" if pos.home[r] else "khan.ruler_off_board", RULERS[r])
    before = pos.home_count()
    returned = []
    from_court = source == COURT
    to = d = -1
    walked = 0
    if not (from_court and pos.courts[r] == 1):
        to, d, walked = target(pos, start, direction)
    if to < 0:
        _go_home(pos, r)
        returned.append(r)
    else:
        if from_court:
            if pos.courts[r] < 1:
                raise bad_args("khan.court_empty", RULERS[r])
            pos.courts[r] -= 1
        else:
            pos.take_black()
        pos.yurt[start] = BLACK
        pos.place_ruler(r, to)
    final = 0
    if pos.home_count() >= FINAL_PHASE_HOME:
        final = FINAL_STARTED if before < FINAL_PHASE_HOME else FINAL_ON
        _final_phase(pos, returned)
    return (start, to, d, walked, returned, final)


def _go_home(pos: Position, r: int) -> None:
    """He swaps with a yurt of his court; the rest of his court goes to the supply."""
    if pos.courts[r] < 1:
        raise bad_args("khan.court_empty", RULERS[r])
    cell = pos.ruler_cell[r]
    pos.send_home(r)
    pos.yurt[cell] = BLACK
    pos.supply += pos.courts[r] - 1
    pos.courts[r] = 0


def _final_phase(pos: Position, returned: list) -> None:
    """Every ruler still on the board swaps with a black yurt from his own court."""
    for r in range(len(RULERS)):
        if pos.ruler_cell[r] >= 0 and pos.courts[r] < 1:
            raise bad_args("khan.court_empty", RULERS[r])
    for r in range(len(RULERS)):
        cell = pos.ruler_cell[r]
        if cell >= 0:
            pos.send_home(r)
            pos.yurt[cell] = BLACK
            pos.courts[r] -= 1
            returned.append(r)


def flight_json(board, f: tuple) -> dict:
    """A flight tuple (khan/flee.py) as the JSON of khan.flee and of flip/expel events."""
    return {"from": board.name_of(f[0]), "to": board.name_of(f[1]) if f[1] >= 0 else None,
            "direction": DIRECTIONS[f[2]] if f[2] >= 0 else None,
            "path": [board.name_of(i) for i in path(board, f)], "returned": [RULERS[r] for r in f[4]],
            "final_phase": f[5] != 0}
