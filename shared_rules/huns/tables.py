"""Huns' data: colours, decks, action dice faces, setup by player count, wagons, scoring.

Numbers marked (decision) in docs/rules-decisions-huns.md are our reading where the
rulebook is silent; they live here, as data, so an owner can change them in one place.
"""

# The five colours, in the order the decks lie on the table (left to right). A colour
# names a card deck, an action die and a loot colour at once.
COLOURS = ("blue", "red", "green", "black", "yellow")
DECKS = ("equipment", "raids", "mercenaries", "curses", "treasures")  # by colour
BLUE = 0
RED = 1
GREEN = 2
BLACK = 3  # curses: the card kept goes to an opponent's camp
YELLOW = 4

MIN_PLAYERS = 2
MAX_PLAYERS = 4

# Action dice, one per colour: each die's faces, one digit a face. The rulebook does not
# print the faces; (decision) six faces 1,1,2,2,3,3 on every die, as public sources say.
# A die has 1 to MAX_FACES faces, each worth 1 to MAX_FACE.
DIE_FACES = (
    "112233",  # blue
    "112233",  # red
    "112233",  # green
    "112233",  # black
    "112233",  # yellow
)
FACE_DIGITS = "123456789"
MAX_FACES = 20
MAX_FACE = 9

# Setup by player count: cards of each colour in play (cards marked "3+" and "4" leave the
# decks with fewer players), loot cubes of each colour in the supply.
CARDS_IN_BOX = 12  # per colour
LOOT_IN_BOX = 24  # per colour
CARDS_PER_COLOUR = {2: 10, 3: 11, 4: 12}
REMOVED_MARKS = {2: ("3+", "4"), 3: ("4",), 4: ()}
LOOT_PER_COLOUR = {2: 20, 3: 22, 4: 24}

# Loot cubes each player takes from the supply at setup, by place in turn order from the
# first player: the third takes 1 of any colour, the fourth 2 of different colours.
# (decision) a player's setup cubes are always of different colours (moot for one cube).
START_LOOT = {2: (0, 0), 3: (0, 0, 1), 4: (0, 0, 1, 2)}

# Wagon cards. (decision) 4 types of 8, as a public description says; the rulebook names
# blue, violet and orange in its example.
WAGON_TYPES = ("violet", "orange", "green", "blue")
WAGONS_PER_TYPE = 8
WAGONS_FACE_UP = 4
WAGONS_EACH = 2

# Final scoring. Treasures met and curses avoided are worth the number of players.
RAID_VP = 1
MERCENARY_FULL_VP = 1
MERCENARY_PARTIAL_VP = -1
# Dispatched wagons: WAGON_TYPE_VP per distinct type, or WAGON_VP per wagon of one type,
# whichever is better for the player.
WAGON_TYPE_VP = 1
WAGON_VP = 1
STASH_MAX = LOOT_IN_BOX * len(COLOURS)  # every cube in the box
