"""Khan's fixed data: terrains, rulers, the 72-card deck, figures, special cards, setup.

Numbers marked (decision) in docs/rules-decisions.md are our reading where the rulebook
is silent; they live here, as data, so an owner can change them in one place.
"""

# Terrain codes of a board cell. 0 is "no cell here" (off the board).
OFF = 0
RIVER = 7
TERRAINS = "MGTRSF"  # code = index + 1
TERRAIN_NAMES = ("mountains", "glacier", "tundra", "rocky desert", "sand desert", "forest")

# The rulebook's board: cells of each terrain (M G T R S F: 132 land cells in six regions)
# and of the river, by terrain code 1-7 (khan/board_check.py compares a board with it).
BOARD_CELLS = (22, 20, 22, 21, 22, 25, 22)

# Compass directions, clockwise from north; rows grow southwards.
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DX = (0, 1, 1, 1, 0, -1, -1, -1)
DY = (-1, -1, 0, 1, 1, 1, 0, -1)
FLEE_REACH = 3

# The 8 rulers by colour. Seljuk = grey and Russian = light blue come from the rulebook;
# the other six colours are our names (decision) until a source names them.
RULERS = ("grey", "lightblue", "white", "orange", "purple", "pink", "brown", "teal")
COURT_YURTS = 5  # black yurts on each court at setup
SUPPLY_YURTS = 20  # black yurts in the general supply at setup
FINAL_PHASE_HOME = 5  # the 5th ruler home starts the final phase

# Invasion symbols on the cards: a terrain letter, the Khan joker, the river,
# neighbouring territories, or a terrain together with neighbouring territories.
JOKER = "khan"
RIVER_SYMBOL = "river"
BORDER = "border"
ANYWHERE = "any"  # action D: invade anywhere (not on a card)
SYMBOLS = tuple(TERRAINS) + (JOKER, RIVER_SYMBOL, BORDER) + tuple(t + "+" + BORDER for t in TERRAINS)

# The deck: 9 cards per ruler colour, in the order of RULERS. (decision) per colour the 8
# directions once plus one more, and the 9 kinds of symbol (6 terrains, joker, river, a terrain
# with neighbouring territories) once each, rotated so that every symbol meets many directions:
# the cards as "DIRECTION:SYMBOL" words are tests/rules/test_khan_game.py's DECK.
CARDS_PER_RULER = 9
CARD_COUNT = CARDS_PER_RULER * 8
HAND_SIZE = 4
# The deck, a byte a card by id: its direction's index in DIRECTIONS and its symbol's in SYMBOLS
# (tests/rules/test_khan_game.py holds them to its DECK, the cards as words: edit both). Bytes,
# not the words parsed at the first card asked for: every word split out of them was a new
# string looked up among every interned name (py/qstr.c), ~26 ms of a Pico's khan.flip.
DECK_DIRECTIONS = (b"\x00\x01\x02\x03\x04\x05\x06\x07\x00" b"\x00\x01\x02\x03\x04\x05\x06\x07\x01"
                   b"\x00\x01\x02\x03\x04\x05\x06\x07\x02" b"\x00\x01\x02\x03\x04\x05\x06\x07\x03"
                   b"\x00\x01\x02\x03\x04\x05\x06\x07\x04" b"\x00\x01\x02\x03\x04\x05\x06\x07\x05"
                   b"\x00\x01\x02\x03\x04\x05\x06\x07\x06" b"\x00\x01\x02\x03\x04\x05\x06\x07\x07")
DECK_SYMBOLS = (b"\x00\x01\x02\x03\x04\x05\x06\x07\x09" b"\x01\x02\x03\x04\x05\x06\x07\x0a\x00"
                b"\x02\x03\x04\x05\x06\x07\x0b\x00\x01" b"\x03\x04\x05\x06\x07\x0c\x00\x01\x02"
                b"\x04\x05\x06\x07\x0d\x00\x01\x02\x03" b"\x05\x06\x07\x0e\x00\x01\x02\x03\x04"
                b"\x06\x07\x09\x00\x01\x02\x03\x04\x05" b"\x07\x0a\x00\x01\x02\x03\x04\x05\x06")


def card_ruler(card: int) -> int:
    return card // CARDS_PER_RULER


def card_direction(card: int) -> int:
    return DECK_DIRECTIONS[card]


def card_symbol(card: int) -> str:
    return SYMBOLS[DECK_SYMBOLS[card]]


def card_json(card: int):
    if card < 0:
        return None
    return {"id": card, "ruler": RULERS[card_ruler(card)], "direction": DIRECTIONS[card_direction(card)],
            "symbol": card_symbol(card)}


# Scoring figures: khan/figures.py (the names here too: the rules import them from this module)
from shared_rules.khan.figures import BRIDGE, FIGURE_KEYS, FIGURES, SHAPES, TILE, figure_vp, shape_size  # noqa: E402, F401


# Special cards. Totals in the box and cards per player by player count.
MORALE = "morale"  # High Morale: a 3rd action
PATRONAGE = "patronage"  # Great Khan's Patronage: protect own yurts
GODS = "gods"  # Support of the Gods: protect neutral yurts
RECON = "recon"  # Land Reconnaissance: reserve figures
SPECIALS = (MORALE, PATRONAGE, GODS, RECON)
# High Morale's combinations, the rulebook's list («ААВ, АВВ, ГВ, ББВ»: A invade, B expel,
# C conquer, D double): the turn's two actions (in any order) and then a conquest
MORALE_COMBOS = ("AAC", "ACC", "DC", "BBC")
SPECIAL_TOTALS = {MORALE: 6, PATRONAGE: 4, GODS: 4, RECON: 4}
SPECIALS_PER_PLAYER = {
    2: {MORALE: 2, PATRONAGE: 2, GODS: 2, RECON: 2},
    3: {MORALE: 2, PATRONAGE: 1, GODS: 1, RECON: 1},
    4: {MORALE: 1, PATRONAGE: 1, GODS: 1, RECON: 1},
}
SETUP_YURTS = {2: 3, 3: 2, 4: 1}  # own yurts each player places at setup

# Territory bonus for the three largest conquered territories.
BONUS = (10, 6, 3)
