"""A board checked against the rulebook's (khan/board_check.py): the cells per terrain, the
regions joined side by side, and the cards of the deck that can never be played."""

from rulestest import board

from shared_rules.khan import board_check, board_text, invade
from shared_rules.khan.board import DEFAULT_TEXT
from shared_rules.khan.position import Position
from shared_rules.khan.tables import CARD_COUNT, RIVER, SYMBOLS, card_symbol
from shared_rules.rng import PCG32

RULEBOOK = {"M": 22, "G": 20, "T": 22, "R": 21, "S": 22, "F": 25, "~": 22}  # the rulebook's component list


def test_counts_that_are_not_the_rulebook_s_are_each_said():
    text = DEFAULT_TEXT.replace("+MMMMMMMMM~GGGG+\n+MMMMMMMMM~GGGG+", "+MMMMMMMMM~GGGG+\n+MMMMMMMMG~GGGG+")
    text = text.replace("+RRRRR~~~~~~TTT+", "+RRRRR~~~~~.TTT+")  # K6: no cell, the river cut there
    r = board_check.check(board(text))
    assert r["cells"]["M"] == 21 and r["cells"]["G"] == 21 and r["cells"]["~"] == 21 and not r["ok"]
    assert r["rulebook"] == RULEBOOK
    said = board_check.findings(r)
    assert r["pieces"]["G"] == 2  # I2 touches the glacier only across the river
    assert said[:5] == ["mountains: 21 cells, the rulebook's board has 22",
                    "glacier: 21 cells, the rulebook's board has 20",
                    "the river: 21 cells, the rulebook's board has 22",
                    "glacier is in 2 pieces: the rulebook's regions are one joined area each",
                    "the river is in 2 pieces: the rulebook's river is one"]


def test_a_region_joins_side_by_side_never_at_corners_nor_across_the_river():
    b = board("#####\n#M.M#\n#.M.#\n#M~M#\n#####\n")
    r = board_check.check(b)
    assert r["cells"]["M"] == 5 and r["pieces"]["M"] == 5  # corners only, and the river between
    b = board("#####\n#MMM#\n#M.M#\n#MMM#\n#####\n")
    assert board_check.check(b)["pieces"]["M"] == 1  # a ring is one piece
    b = board("####\n#M~#\n#MM#\n####\n")
    r = board_check.check(b)
    assert r["pieces"] == {"M": 1, "G": 0, "T": 0, "R": 0, "S": 0, "F": 0, "~": 1}


def test_a_symbol_with_no_cell_names_every_card_that_shows_it():
    # forest and sand only, no river, no side on neighbouring territories
    b = board("#####\n#FFS#\n#####\n")
    r = board_check.check(b)
    dead = r["dead"]
    assert dead == sorted(dead) and len(set(dead)) == len(dead)
    for c in range(CARD_COUNT):
        s = card_symbol(c)
        live = s in ("F", "S", "khan")
        assert (c in dead) != live, (c, s)
    assert r["symbols"][0] == card_symbol(dead[0]) and "river" in r["symbols"] and "F+border" in r["symbols"]
    said = board_check.findings(r)
    river = [line for line in said if line.startswith("no land cell touches the river: ")]  # deck order
    assert river == ["no land cell touches the river: grey NW, lightblue W, white SW, orange S, purple SE, pink E, "
                     "brown NE, teal N (river) can never be played"]
    assert "no mountains cell: " in said[7] and said[7].endswith(" (M) can never be played"), said[7]


def _random_text(rng, w: int, h: int) -> str:
    """A board of w x h squares: random terrains, river and no cells, a random frame."""
    rows = []
    for y in range(h + 2):
        row = ""
        for x in range(w + 2):
            if y in (0, h + 1) or x in (0, w + 1):
                row += "+#"[rng.below(2)]
            else:
                row += "MGTRSF~~...+#"[rng.below(4) if rng.below(3) == 0 else rng.below(13)]
        rows.append(row)
    if all(ch not in "MGTRSF" for row in rows for ch in row):
        rows[1] = rows[1][0] + "M" + rows[1][2:]
    return "\n".join(rows) + "\n"


def _pieces(b, code: int) -> int:
    """Joined pieces of one terrain code, another way: labels spread until nothing changes."""
    label = [i if b.terrain[i] == code else -1 for i in range(b.size)]
    changed = True
    while changed:
        changed = False
        for i in range(b.size):
            if label[i] < 0:
                continue
            for k in range(4):
                j = b.side[4 * i + k]
                if j >= 0 and label[j] >= 0 and label[j] < label[i]:
                    label[i] = label[j]
                    changed = True
    return len([i for i in range(b.size) if label[i] == i])


def test_the_check_agrees_with_the_invasion_rules_on_random_boards():
    rng = PCG32(21, 1)
    seen_dead = 0
    for _ in range(60):
        b = board(_random_text(rng, 1 + rng.below(9), 1 + rng.below(7)))
        r = board_check.check(b)
        assert r["cells"] == {k: v for k, v in board_text.counts(b).items()}
        empty = Position(b, [])
        for s in SYMBOLS[:6] + SYMBOLS[6:]:
            no_cell = invade.count(empty, invade.parse_symbol(s)) == 0
            cards = [c for c in range(CARD_COUNT) if card_symbol(c) == s]
            if cards:
                assert (s in r["symbols"]) == no_cell, (s, b.frame)
                assert all((c in r["dead"]) == no_cell for c in cards)
        for code in range(1, RIVER + 1):
            assert r["pieces"]["MGTRSF~"[code - 1]] == _pieces(b, code), (code, b.frame)
        seen_dead += 1 if r["dead"] else 0
    assert 10 < seen_dead < 60, seen_dead  # boards with dead cards and boards without


class _Canvas:
    """What the box's editor holds: a width, a height, a terrain code and a border flag a cell."""

    def __init__(self, b) -> None:
        self.width = b.width
        self.height = b.height
        self.terrain = bytearray(b.terrain)
        self.border = bytearray(1 if v else 0 for v in b.border)


def test_anything_with_a_width_a_height_terrains_and_borders_is_checked_alike():
    for text in (DEFAULT_TEXT, "#####\n#FFS#\n#####\n"):
        b = board(text)
        assert board_check.check(_Canvas(b)) == board_check.check(b)
