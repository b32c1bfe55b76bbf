"""Chu and Han's fixed data: the 46 dynasty cards, the named cards, the 15 events, the VP track.

Everything a table might want to change lives here as plain data. Readings marked
(decision) are ours where the rulebook is silent (docs/rules-decisions-chuhan.md).
"""

# The two dynasties; the engine speaks in these indexes, the JSON in these names.
HAN = 0
CHU = 1
PLAYERS = ("han", "chu")  # Han (blue) is the first player and attacks first in round 1
START_VP = (0, 1)
# where VP come from, as the game keeps them for the end summary: sets of 2s, going out,
# Han Xin's and Xiao Ying's gifts from the opponent, the end-of-round event bonus
SOURCES = ("twos", "out", "han_xin", "xiao_ying", "bonus")
WIN_VP = 31

# The dynasty deck: cards of each rank 0..9 (rank 0 is the joker).
RANK_COUNTS = (1, 9, 8, 7, 6, 5, 4, 3, 2, 1)
JOKER = 0
LIU_BANG_RANK = 10  # Liu Bang plays as a 10, only in answer to a rank-9 set
TOP_RANK = 10
DECK_CARDS = 46
HAND = 15  # each player's hand at the start of a round
DYNASTY = 16  # the dynasty deck of a round...
UNAVAILABLE = 4  # ...whose bottom 4 cards are turned sideways: nobody may take them
EDICTS = 6  # edicts of a round, shared by both players
EDICT_CARDS = 2  # cards an edict takes from the dynasty deck
# (decision) a hand holds at most 15 dealt + 2 per edict + 1 taken back by Ying Bu:
# nothing else brings a card into a hand (a cancelled set only returns what it held).
YING_BU_CARDS = 1

# VP sources
TWOS_RANK = 2
TWOS_MIN = 6  # a set of six or more rank-2 cards scores its size when played
OUT_CARDS_CAP = 5  # going out: 1 VP per card in the opponent's hand, at most this...
# ...plus 1 VP per edict the opponent took this round
HAN_XIN_VP = 1  # to the opponent of the player who uses Han Xin
XIAO_YING_VP = 3  # to the opponent of the player who uses Xiao Ying
XIANG_YU_FACTOR = 2  # every VP the Xiang Yu player gains for the rest of the round

# Named cards: key, printed name, rank, kind. Every rank-3 and rank-6 card is unique and
# has an ability; "attack" abilities are used before the attacker leads, "counter"
# abilities out of turn, "play" abilities change how a set is played or a pass is made.
ATTACK = "attack"
COUNTER = "counter"
PLAY = "play"
CARDS = (
    ("ji_bu", "Ji Bu", 3, ATTACK),
    ("yu_ji", "Yu Ji", 3, ATTACK),
    ("lu_zhi", "Lu Zhi", 3, COUNTER),
    ("xiao_he", "Xiao He", 3, COUNTER),
    ("peng_yue", "Peng Yue", 3, PLAY),
    ("xiao_ying", "Xiao Ying", 3, PLAY),
    ("zhongli_mo", "Zhongli Mo", 3, PLAY),
    ("ying_bu", "Ying Bu", 6, ATTACK),
    ("han_xin", "Han Xin", 6, PLAY),
    ("liu_bang", "Liu Bang", 6, PLAY),
    ("xiang_yu", "Xiang Yu", 6, PLAY),
    ("ziying", "Ziying", 9, ""),  # the one rank-9 card: no ability
)
# abilities used on their own (the "ability" action), and those used with a set
ABILITIES = ("ji_bu", "yu_ji", "ying_bu", "han_xin", "xiao_ying", "xiang_yu")
SET_ABILITIES = ("zhongli_mo", "peng_yue", "liu_bang")
LU_ZHI = "lu_zhi"  # cancels an ability right after it is announced
XIAO_HE = "xiao_he"  # cancels Lu Zhi, so the ability takes effect after all
COUNTERS = (LU_ZHI, XIAO_HE)
# Abilities of rank-6 cards: once per round, since Ying Bu takes back only ranks 1-5 and
# a played card stays in the discard until the next round's shuffle.
ONCE_A_ROUND = ("ying_bu", "han_xin", "liu_bang", "xiang_yu")

# The event deck: key, printed name, copies, late_win, end_bonus.
# late_win = 1: the 31-VP check waits for the end of the round (after scoring);
# end_bonus: VP that any one player may gain at the end of the round.
# Only four of the ten unique events are described in the rulebook; the other six are
# placeholders without effect (decision): type their names and effects in when known.
EVENTS = (
    ("lull", "Lull", 5, 0, 0),
    ("good_advice", "Good Advice", 1, 1, 0),
    ("stability", "Stability", 1, 1, 0),
    ("hangu_pass", "Advance to Hangu Pass", 1, 0, 3),
    ("warlords", "Warlords", 1, 0, 0),  # the attacker's attack and lead may each use a face-up card
    ("event_a", "unknown event A", 1, 0, 0),
    ("event_b", "unknown event B", 1, 0, 0),
    ("event_c", "unknown event C", 1, 0, 0),
    ("event_d", "unknown event D", 1, 0, 0),
    ("event_e", "unknown event E", 1, 0, 0),
    ("event_f", "unknown event F", 1, 0, 0),
)
FIRST_EVENT = "lull"  # set aside and put face up on the shuffled deck: round 1's event
EVENT_KEYS = tuple(e[0] for e in EVENTS)


def event_total() -> int:
    """Cards in the event deck (15 with the printed table)."""
    n = 0
    for e in EVENTS:
        n += e[2]
    return n


_ROWS = {}  # key -> EVENTS row, filled on first use


def event_info(key: str) -> tuple:
    """The EVENTS row of a key; () for no event ("") or an unknown key."""
    if not _ROWS:
        for e in EVENTS:
            _ROWS[e[0]] = e
    return _ROWS.get(key, ())


def late_win(key: str) -> bool:
    e = event_info(key) if key else ()
    return bool(e) and e[3] != 0


def end_bonus(key: str) -> int:
    e = event_info(key) if key else ()
    return e[4] if e else 0
