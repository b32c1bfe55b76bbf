"""Rise of the Khaan's data: areas, dice faces, units, plunder, prestige, diplomacy, kurultai.

Numbers marked (decision) are our reading where the rulebook is silent (see
docs/rules-decisions-khaan.md); they live here, as data, so an owner can change them in
one place. Everything else is the rulebook's (seed 003, the Polish wiki page).
"""

# -- the board ---------------------------------------------------------------------------
# 31 face-down areas laid in columns from the left (the rulebook says "rows ... counting
# from the left"): 4, 5, 4, 5, 4, 5, 4. The short columns sit half an area lower, so an
# area touches two areas in each neighbouring column. Areas are named column letter + row
# number from the top: A1..A4, B1..B5, ..., G1..G4.
COLUMNS = (4, 5, 4, 5, 4, 5, 4)
# The 24 pastures by fertility, one digit each (0 no grass .. 4 rich grass). The rulebook
# does not print the split (decision): 2 x 0, 5 x 1, 8 x 2, 6 x 3, 3 x 4.
FERTILITY = "001111122222222333333444"
MAX_FERTILITY = 4
SETTLED = 7  # settled lands (ludy osiadle)
# (decision) "the corners of the board" (rogi planszy): the two ends of the first and the
# last column. Independent tribes start there; players may not take them.
CORNERS = ("A1", "A4", "G1", "G4")

# -- tribes and setup --------------------------------------------------------------------
TRIBES = 12  # 12 Khan cards, 12 votes at the kurultai, 24 pastures = 12 tribes x 2
MIN_PLAYERS = 2  # (decision) the rulebook gives no player count
MAX_PLAYERS = 6  # (decision) each player takes one of the 6 Khan's Council cards
START_PASTURES = 2
START_GOLD = 1

# -- dice --------------------------------------------------------------------------------
# Faces of each die, as printed; change them for house dice. A die is a tuple of ints.
DICE = {"d6": (1, 2, 3, 4, 5, 6), "d4": (1, 2, 3, 4)}
ORDER_DIE = "d6"  # turn order (who chooses pastures first)
HERD_DIE = "d6"  # herd growth
POPULATION_DIE = "d4"  # population growth
COMBAT_DIE = "d6"
PLUNDER_DIE = "d4"  # herd and population of a pasture; gold of a settled people
CHECK_DIE = "d4"  # alliance and right of passage
DICE_IN_BOX = 8  # 4 d6 and 4 d4: the most dice rolled at once

# -- growth ------------------------------------------------------------------------------
GROWTH_BONUS = 6  # (decision) bonuses and penalties to the herd and population rolls: -6..6

# -- combat ------------------------------------------------------------------------------
# Units in the order the winner loses them, their strength and the tokens in the box
# (which also cap one side: a battle cannot hold more tokens than exist).
UNITS = ("horde", "army", "guard")
STRENGTH = (1, 2, 3)
TOKENS = (36, 12, 24)
MAX_BONUS = 30  # (decision) bonuses and penalties of Khan, nukers, items, events: -30..30

# -- plunder -----------------------------------------------------------------------------
# Another player's pasture: half its population flees to him, "the majority for the
# owner", so the half that flees is rounded up (decision; plunder.pasture).
SILK_DIVISOR = 2  # a settled people: d4 gold, or half as much silk, rounded down (decision)
MAX_POPULATION = 72  # population and herd tokens in the box (72 each)
MAX_HERD = 72

# -- prestige ----------------------------------------------------------------------------
# Actions count when they happen (the ledger); holdings are counted when needed.
ACTIONS = (
    ("plunder_settled", 2),
    ("plunder_pasture", 1),  # (decision) any tribe's pasture, an independent one too
    ("battle_won", 1),
    ("vassalise_tribe", 3),
    ("vassalise_settled", 5),
    ("plundered", -1),
    ("battle_lost", -1),
    ("guard_destroyed", -1),
    ("became_vassal", -3),
)
ARISTOCRACY_PRESTIGE = 2  # per aristocracy token
ARISTOCRACY_TOKENS = 24  # in the box
GUARD_PRESTIGE = 1  # per guard token
# Religions of the 16 religion cards: the rulebook names only Islam and Buddhism (decision
# for the others); the points each gives.
RELIGIONS = (("tengrism", 0), ("islam", 1), ("buddhism", 1), ("christianity", 0))
MAX_PRESTIGE = 999  # (decision) a bound for checking input: 96 tokens plus holdings
PRESTIGE_PER_RELATION = 10  # +1 relation with everyone per 10 prestige

# -- diplomacy ---------------------------------------------------------------------------
# What changes the relations between two tribes, and by how much.
EVENTS = (
    ("attack", -1),  # an attack on the other's pastures
    ("same_religion", 1),
    ("other_religion", -1),
    ("trade", 1),
    ("alliance", 1),  # concluding an alliance (added by a successful alliance check)
    ("treachery", -2),  # a treacherous attack
    ("broken_alliance", -1),  # breaking an alliance: with everyone
    ("prestige", 1),  # each 10 prestige: with everyone
)
WAR_AT = -3  # war breaks out by itself at -3 (decision: and lasts while relations stay <= -3)
ALLIANCE_AT = 3  # an alliance may be offered at +3 ...
ALLIANCE_ROLL = 3  # ... and the d4 check succeeds on 3-4; it lasts while relations stay >= +3
PASSAGE_AT = 2  # a right of passage may be asked at +2 or more ...
PASSAGE_ROLL = 2  # ... and the d4 check succeeds on 2-4; it lasts while relations stay >= +2
MAX_RELATION = 30  # (decision) relations stay within -30..30

# -- kurultai ----------------------------------------------------------------------------
KURULTAI_EVERY = 4  # rounds between kurultais ("usually 4"; the game may set another)
ELECTION = (2, 3)  # the Great Khan needs two thirds of all votes (8 of 12)
ISSUE = (1, 2)  # an issue passes with half of the votes (decision: half rounded up, 6 of 12)
VOTE_RELATION = 2  # voting rule 3: relations of at least +2 with the candidate of most prestige
