"""The conquest search in viper (khan/fast.py) finds what the plain loops find, in the same
order: under MicroPython each_placement runs the kernel and is held to plain_placements and
to a plain reference; under CPython it is the plain loops, held to the reference."""

import sys

from rulestest import position

from shared_rules import pause as pause_mod
from shared_rules.khan import conquer, randplay, search
from shared_rules.khan.board import from_lines
from shared_rules.khan.conquer import Protections
from shared_rules.khan.game import FINAL
from shared_rules.khan.position import BLACK, Position
from shared_rules.khan.tables import FIGURES
from shared_rules.rng import PCG32

MICROPYTHON = sys.implementation.name == "micropython"

# a river down column C that bends east along row 4; a yurt in every corner and on the edges
BOARD = """\
+#######+
#MM~MMMM#
#MM~MMMM#
#MM~MMMM#
#MM~~~~~#
#MMMMMMM#
+#######+
"""


def _reference(pos, player, stock, prot, consent) -> list:
    """Every legal conquest in each_placement's order, the plain way: for each of the
    player's yurts by cell, each available figure, orientation and cell of it over the
    yurt, every placement on the board that holds none of his yurts on an earlier cell,
    judged."""
    board = pos.board
    w = board.width
    me = pos.player_byte(player)
    cov = search.coverable(pos)
    found = []
    for y in range(board.size):
        if pos.yurt[y] != me or not cov[y]:
            continue
        for key, kind, shape, _ in FIGURES:
            if conquer.available(stock, prot, player, key) <= 0:
                continue
            n2 = 2 * len(conquer.shape_cells(shape))
            packed = conquer.orientations(shape)
            for o in range(0, len(packed), n2):
                for a in range(o, o + n2, 2):
                    cells = []
                    for k in range(o, o + n2, 2):
                        x = y % w - packed[a] + packed[k]
                        row = y // w - packed[a + 1] + packed[k + 1]
                        if 0 <= x < w and 0 <= row < board.height:
                            cells.append(row * w + x)
                    if len(cells) * 2 != n2 or [c for c in cells if c < y and pos.yurt[c] == me]:
                        continue
                    verdict = conquer.judge(pos, player, kind, cells, prot, consent, shape[0] == "I")
                    if isinstance(verdict, list):
                        found.append((key, tuple(sorted(cells)), verdict))
    return found


def _agree(pos, player, stock, prot, consent) -> list:
    """each_placement's conquests, once checked against the plain loops (and, under
    MicroPython, the kernel's own generator, with its pauses)."""
    got = list(search.each_placement(pos, player, stock, prot, consent))
    assert got == list(search.plain_placements(pos, player, stock, prot, consent)), player
    if MICROPYTHON:
        stepped = [c for c in search.fast_placements(pos, player, stock, prot, consent, True) if c is not search.PAUSE]
        assert stepped == got, player
    for each in (search.each_placement, search.plain_placements):
        _passed_over(each, got, pos, player, stock, prot, consent)
    return got


def _passed_over(each, got: list, pos, player, stock, prot, consent) -> None:
    """A random pick's count and nth (randplay: nothing built of the conquests passed over)
    hold to the conquests built: bare yields FOUND once for each, skip=n starts at the nth."""
    bare = list(each(pos, player, stock, prot, consent, False, 0, True))
    assert len(bare) == len(got) and all(c is search.FOUND for c in bare), player
    for n in sorted({0, 1, len(got) // 2, len(got) - 1, len(got)}):
        if n >= 0:
            assert list(each(pos, player, stock, prot, consent, False, n)) == got[n:], (player, n)


def test_the_search_runs_as_viper_only_under_micropython():
    if MICROPYTHON:
        assert search.viper() is not None, "the unix port and the Pico have the viper emitter"
        from shared_rules.khan import fast

        assert fast.PLAN_TILE != fast.PLAN_STRAIGHT
    else:
        assert search.viper() is None
        pos = position(BOARD, {"yurts": {"A1": "red", "B1": "red"}})
        found = search.each_placement(pos, "red", conquer.full_stock(), Protections(), False)
        assert found.__name__ == "plain_placements", "CPython: the plain loops"


def test_the_search_finds_what_the_reference_finds_in_its_order():
    yurts = {"A1": "red", "B1": "red", "A2": "blue", "B2": "neutral", "D1": "red", "E1": "red", "B4": "red",
             "E5": "red", "D5": "neutral", "A3": "red", "F2": "blue", "G2": "red", "G5": "blue", "G1": "red",
             "A5": "red", "F5": "red", "B3": "red", "F3": "blue", "G3": "red", "E2": "red"}
    pos = position(BOARD, {"yurts": yurts, "rulers": {"grey": "B5"}, "figures": [["F1"]]})
    stock = conquer.full_stock()
    for player in ("red", "blue"):
        for consent in (False, True):
            want = _reference(pos, player, stock, Protections(), consent)
            assert _agree(pos, player, stock, Protections(), consent) == want, player
    assert len(want) > 10
    # late in a seeded game, with the special cards then in force
    pos, stock, prot, players = _late(4, 3)
    for player in players:
        want = _reference(pos, player, stock, prot, True)
        assert _agree(pos, player, stock, prot, True) == want, player


def _late(seed: int, players: int) -> tuple:
    """(position, stock, protections, players) of a seeded game as its final phase begins:
    a crowded board, figures left."""
    kept = []

    def on_move(game, move):
        if not kept and (game.phase == FINAL or game.final_next):
            kept.append((game.pos.copy(), dict(game.stock), game.prot, list(game.players)))

    randplay.playout(seed, players, None, on_move)
    return kept[0]


def test_the_kernel_and_the_plain_loops_agree_in_random_games():
    seen = [0, 0, 0]  # searches, conquests found, searches with another's card in force

    def on_move(game, move):
        seen[0] += 1
        if seen[0] % 3:
            return
        for player in game.players:
            for consent in (False, True):
                seen[1] += len(_agree(game.pos, player, game.stock, game.prot, consent))
                others = [g for g in game.prot.gods if g[0] != player] + [r for r in game.prot.recon if r[0] != player]
                if others or game.prot.patronage not in (None, player):
                    seen[2] += 1

    for seed, players in ((21, 2), (22, 3), (23, 4)):
        randplay.playout(seed, players, None, on_move)
    assert seen[1] > 1000 and seen[2] > 20, seen


def test_every_special_card_of_every_player():
    pos, stock, _, players = _late(31, 4)
    done = 0
    for owner in players:
        cards = []
        p = Protections()
        p.patronage = owner
        cards.append(p)
        for region in (0, 1, 4, 6):
            p = Protections()
            p.gods.append((owner, region))
            cards.append(p)
        for whole in (False, True):
            p = Protections()
            p.recon.append((owner, "tile-I2", whole))
            p.recon.append((owner, "bridge-I3", whole))
            cards.append(p)
        p = Protections()  # all at once
        p.patronage = owner
        p.gods.append((owner, 0))
        p.recon.append((owner, "tile-L3", True))
        cards.append(p)
        for prot in cards:
            for player in players:
                for consent in (False, True):
                    done += len(_agree(pos, player, stock, prot, consent))
    assert done > 100, done


def _board(width: int, height: int, river_x: int):
    """A width x height board of the six terrains, a river down column river_x."""
    lines = ["+" * (width + 2)]
    for y in range(height):
        row = "".join("~" if x == river_x else "MGTRSF"[(x // 3 + y // 4) % 6] for x in range(width))
        lines.append("+" + row + "+")
    lines.append("+" * (width + 2))
    return from_lines(lines)


def _scatter(board, players: list, seed: int, yurts: int, figures: int) -> Position:
    """A position of yurts (a third of them black), a few I2 figures and two rulers put at
    random cells of the land (a ruler on a yurt, which no game makes: judge() refuses to
    cover him, and so must the kernel)."""
    rng = PCG32(seed, 1)
    pos = Position(board, list(players))
    land = [i for i in range(board.size) if board.is_land(i)]
    for _ in range(yurts):
        i = land[rng.below(len(land))]
        pos.yurt[i] = BLACK if rng.below(3) == 0 else 2 + rng.below(len(players))
    for _ in range(figures):
        i = land[rng.below(len(land))]
        j = i + 1
        if j < board.size and board.is_land(j) and not pos.fig_at[i] and not pos.fig_at[j]:
            pos.add_figure((i, j), 0, [players[0]])
    for r in range(2):
        mine = [i for i in land if pos.yurt[i] == 2 and not pos.fig_at[i]]
        pos.place_ruler(r, mine[rng.below(len(mine))])
    return pos


def test_small_boards_and_the_edges():
    for lines in (["+##+", "#MM#", "+##+"],  # two cells
                  ["+####+", "#MM~M#", "+####+"],  # a river between a pair and one cell
                  ["+#+", "#M#", "#~#", "#M#", "#M#", "+#+"]):  # a column
        b = from_lines(lines)
        for owners in (("red",) * 4, ("red", "blue", "red", "red"), ("red", "neutral", "red", "blue")):
            pos = Position(b, ["red", "blue"])
            k = 0
            for i in range(b.size):
                if b.is_land(i):
                    pos.yurt[i] = BLACK if owners[k] == "neutral" else 2 + ["red", "blue"].index(owners[k])
                    k += 1
            for player in ("red", "blue"):
                want = _reference(pos, player, conquer.full_stock(), Protections(), False)
                assert _agree(pos, player, conquer.full_stock(), Protections(), False) == want, lines
    # every edge and corner of a board: yurts of red's, blue's and black ones round it
    b = _board(9, 7, 4)
    pos = Position(b, ["red", "blue"])
    for i in range(b.size):
        x = i % 9
        y = i // 9
        if b.is_land(i) and (x in (0, 8) or y in (0, 6)):
            pos.yurt[i] = BLACK if (x + y) % 5 == 0 else 2 + (x + y) % 2
    stock = conquer.full_stock()
    for player in ("red", "blue"):
        assert _agree(pos, player, stock, Protections(), True) == _reference(pos, player, stock, Protections(), True)


def test_a_board_of_more_than_256_cells():
    """Cells past 255 (the kernel keeps them in 16 bits): a 26 x 26 board, the largest a
    board text may be (khan/board_text.py MAX_SIDE)."""
    b = _board(26, 26, 17)
    assert b.size > 256
    pos = _scatter(b, ["red", "blue", "green"], 5, 260, 20)
    stock = conquer.full_stock()
    far = 0
    for player in ("red", "blue"):
        got = _agree(pos, player, stock, Protections(), False)
        far += len([c for c in got if c[1][0] > 255])
        if player == "red":
            assert got == _reference(pos, player, stock, Protections(), False)
    assert far > 10, far


def test_the_kernel_goes_on_where_it_stopped():
    """One placement looked at a scan and room for one record (so the kernel stops and goes
    on everywhere), or pauses after every placement: the same conquests; pause() is called
    and search.PAUSE yielded, and neither changes what is found."""
    pos, stock, prot, players = _late(41, 4)
    want = {}
    for player in players:
        want[player] = list(search.plain_placements(pos, player, stock, prot, True))
    saved = (search.PAUSE_WORK, search.FAST_LOOKS, search.FAST_OUT)
    calls = [0]

    def count() -> None:
        calls[0] += 1

    pause_mod.HOOK[0] = count
    try:
        search.PAUSE_WORK = 1
        search.FAST_LOOKS = 1
        search.FAST_OUT = 7  # one record of a five-cell figure: 2 + 5 entries
        pauses = 0
        for player in players:
            assert list(search.each_placement(pos, player, stock, prot, True)) == want[player]
            stepped = list(search.each_placement(pos, player, stock, prot, True, True))
            assert [c for c in stepped if c is not search.PAUSE] == want[player]
            pauses += len(stepped) - len(want[player])
        assert calls[0] > 100 and pauses > 100, (calls, pauses)
    finally:
        pause_mod.HOOK[0] = None
        search.PAUSE_WORK, search.FAST_LOOKS, search.FAST_OUT = saved


def test_searches_under_way_at_once_or_given_up_keep_their_own_buffers():
    """A search run to its end leaves its buffers for the next (search._scratch): two under
    way at once - a hint's steps at a rules op's pause - each keep their own, one given up
    after its first conquest takes its buffers with it, and a larger board gets larger ones."""
    a, stock_a, prot_a, players_a = _late(4, 3)
    b, stock_b, prot_b, players_b = _late(5, 4)
    want_a = list(search.plain_placements(a, players_a[0], stock_a, prot_a, True))
    want_b = list(search.plain_placements(b, players_b[1], stock_b, prot_b, True))
    assert len(want_a) > 3 and len(want_b) > 3
    search.keep_scratch(True)  # (as a game played out keeps them)
    try:
        _in_turn(a, stock_a, prot_a, players_a, want_a, b, stock_b, prot_b, players_b, want_b)
    finally:
        search.keep_scratch(False)
    assert search.SCRATCH == [], "none kept once the game is played out: a box's own game needs its heap whole"
    list(search.each_placement(a, players_a[0], stock_a, prot_a, True))
    assert search.SCRATCH == [], "nor by a search of its own"
    randplay.playout(3, 2)
    assert search.SCRATCH == [] and not search.KEEP[0], "a game played out keeps none after it"


def _in_turn(a, stock_a, prot_a, players_a, want_a, b, stock_b, prot_b, players_b, want_b) -> None:
    for _ in range(2):  # (the second time with the buffers the first left)
        given_up = search.each_placement(a, players_a[0], stock_a, prot_a, True)
        assert next(given_up) == want_a[0]
        ga = search.each_placement(a, players_a[0], stock_a, prot_a, True)
        gb = search.each_placement(b, players_b[1], stock_b, prot_b, True)
        got_a, got_b = [], []
        for k in range(max(len(want_a), len(want_b)) + 1):  # (in turn, a conquest at a time)
            for gen, got in ((ga, got_a), (gb, got_b)):
                item = next(gen, None)
                if item is not None:
                    got.append(item)
        assert got_a == want_a and got_b == want_b
        del given_up
    big = position("+" + "#" * 18 + "+\n" + ("#" + "M" * 18 + "#\n") * 18 + "+" + "#" * 18 + "+\n",
                   {"yurts": {"A1": "red", "B1": "red", "R18": "red", "Q18": "red"}, "rulers": {}, "figures": []})
    assert big.board.size > a.board.size
    assert _agree(big, "red", conquer.full_stock(), Protections(), True)
    assert list(search.each_placement(a, players_a[0], stock_a, prot_a, True)) == want_a
