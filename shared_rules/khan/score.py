"""End scoring: figure VP shared and rounded up, the 10/6/3 territory bonus, the winner.

A territory of a player is a group of figure-covered cells (land and river) carrying his
yurt, joined side to side; a shared figure counts for every sharer. Players are ranked by
their territory sizes sorted largest first, compared element by element (a missing
territory counts as 0). Identical lists share a place and each gets its bonus in full;
the next list still gets the next place's bonus. A player with no territory gets 0.
Winner: most VP; tie -> largest territory; then the next largest, and so on.
"""

from shared_rules.khan.tables import BONUS, FIGURES, figure_vp
from shared_rules.pause import pause


def share(vp: int, sharers: int) -> int:
    """A shared figure's VP split equally, rounded up for each sharer."""
    return (vp + sharers - 1) // sharers


def territories(side, figures: list, player: str) -> "list[int]":
    """Sizes of a player's territories, largest first. figures: (cells, owners)."""
    mine = bytearray(len(side) // 4)  # 1: covered and his, 2: already counted
    starts = []
    for cells, owners in figures:
        if player in owners:
            for i in cells:
                mine[i] = 1
                starts.append(i)
    sizes = []
    for start in starts:
        if mine[start] != 1:
            continue
        mine[start] = 2
        stack = [start]
        size = 0
        while stack:
            i = stack.pop()
            size += 1
            for k in range(4 * i, 4 * i + 4):
                j = side[k]
                if j >= 0 and mine[j] == 1:
                    mine[j] = 2
                    stack.append(j)
        sizes.append(size)
    sizes.sort()
    sizes.reverse()
    return sizes


def _better(a: list, b: list) -> int:
    """1 if territory list a beats b, -1 if b beats a, 0 if identical (missing = 0)."""
    n = len(a) if len(a) > len(b) else len(b)
    for k in range(n):
        x = a[k] if k < len(a) else 0
        y = b[k] if k < len(b) else 0
        if x != y:
            return 1 if x > y else -1
    return 0


def _rank_groups(players: list, lists: dict) -> list:
    """Players grouped by identical territory lists, best group first."""
    rest = [p for p in players if lists[p]]
    groups = []
    while rest:
        best = [rest[0]]
        for p in rest[1:]:
            c = _better(lists[p], lists[best[0]])
            if c > 0:
                best = [p]
            elif c == 0:
                best.append(p)
        groups.append(best)
        rest = [p for p in rest if p not in best]
    return groups


def bonus(players: list, lists: dict) -> dict:
    """The territory bonus of each player: 10 / 6 / 3 by place, ties in full."""
    out = {}
    for p in players:
        out[p] = 0
    groups = _rank_groups(players, lists)
    for place in range(len(groups)):
        if place < len(BONUS):
            for p in groups[place]:
                out[p] = BONUS[place]
    return out


def figure_points(players: list, figures: list) -> dict:
    """VP from figures: figures are (vp, owners)."""
    out = {}
    for p in players:
        out[p] = 0
    for vp, owners in figures:
        for p in owners:
            out[p] = out.get(p, 0) + share(vp, len(owners))
    return out


def winners(players: list, totals: dict, lists: dict) -> "list[str]":
    """Most VP; ties broken by the territory lists; still tied -> all of them win."""
    top = max(totals[p] for p in players) if players else 0
    best = [p for p in players if totals[p] == top]
    if len(best) > 1:
        best = _rank_groups(best, lists)[0] if any(lists[p] for p in best) else best
    return best


def position(pos, players: list) -> dict:
    """Full end scoring of the figures on a board (khan.score, and a game's end: khan/game.py
    score_position): a pause every 8 figures, after the figures and after each player's
    territories (shared_rules/pause.py)."""
    fig_vp = []
    cells_owners = []
    for f in range(len(pos.fig_cells)):
        key = pos.fig_key[f]
        vp = figure_vp(FIGURES[key][0]) if key < len(FIGURES) else len(pos.fig_cells[f])
        owners = pos.owners(f)
        fig_vp.append((vp, owners))
        cells_owners.append((pos.fig_cells[f], owners))
        if f & 7 == 7:  # (a late board: ~2 ms of a Pico a figure, as much as ~30 for each player's territories)
            pause()
    pause()
    vp = figure_points(players, fig_vp)
    lists = {}
    for p in players:
        lists[p] = territories(pos.board.side, cells_owners, p)
        pause()
    bonus_ = bonus(players, lists)
    total = {}
    for p in players:
        total[p] = vp[p] + bonus_[p]
    return {"vp": vp, "territories": lists, "bonus": bonus_, "total": total,
            "winners": winners(players, total, lists)}
