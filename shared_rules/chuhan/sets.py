"""Sets of dynasty cards: is a set well formed, what rank it counts as, what it scores,
and whether it may answer the last set of the trick.

A set is (cards, zhongli_mo, peng_yue): cards are ranks 0..9 (0 the joker) and 10 for
Liu Bang played as a 10; the two flags say that the Zhongli Mo or Peng Yue ability is
used with it. The ability card itself is not one of the set's cards: the rulebook's
example scores Zhongli Mo with 2, 4, 5, 6, 7, 8 as six "2"s, not seven.
Checks return () when all is well, else (message key, values...), so callers may
either raise the reason or report it (chuhan.answer does, with reason_text).

As JSON (set_value, set_from: chuhan.answer's sets and a set action's), a set is [ranks] or
{"cards": [ranks], "zhongli_mo": bool, "peng_yue": bool}.
"""

from shared_rules.chuhan.tables import DECK_CARDS, JOKER, LIU_BANG_RANK, RANK_COUNTS, TOP_RANK, TWOS_MIN, TWOS_RANK
from shared_rules.errors import bad_args

_SET_KEYS = ("cards", "peng_yue", "zhongli_mo")

# Why a set is refused. Part of the catalogue in chuhan/messages.py, kept here because
# chuhan.answer returns them as results: showing one must not load the whole catalogue.
REASONS = {
    "chuhan.two_jokers": "a set holds at most one joker: the deck has one",
    "chuhan.one_liu_bang": "Liu Bang is one card: a set holds at most one 10",
    "chuhan.too_many": "this play takes {0} cards of rank {1}, but the deck has {2} (ability cards count too)",
    "chuhan.zm_liu_bang": "Liu Bang's 10 cannot join a Zhongli Mo set",
    "chuhan.zm_repeat": "a Zhongli Mo set needs distinct ranks, and rank {0} appears twice",
    "chuhan.mixed_ranks": "a set is of one rank, not {0} and {1}: distinct ranks need Zhongli Mo",
    "chuhan.peng_yue_lead": "Peng Yue answers a set with the same rank: it cannot lead",
    "chuhan.liu_bang_lead": "Liu Bang plays as a 10 only in answer to a rank-9 set, not to lead",
    "chuhan.size": "the answer must have {0} cards, like the set it answers, not {1}",
    "chuhan.liu_bang_nine": "Liu Bang plays as a 10 only in answer to rank 9, not to rank {0}",
    "chuhan.not_higher": "rank {0} does not beat rank {1}",
    "chuhan.same_rank": "answering rank {0} with rank {0} needs Peng Yue",
    "chuhan.twice": "{0} is one card: it cannot play with both sets",
    "chuhan.too_many_both": "the two sets take {0} cards of rank {1}, but the deck has {2}",
}


def reason_text(reason: tuple) -> str:
    return REASONS[reason[0]].format(*reason[1:])


def _use(use: bytearray, cards, zm: bool, py: bool) -> bytearray:
    """Adds the printed cards of each rank 0..9 that playing the set takes from a hand."""
    for c in cards:
        # Liu Bang's 10 is a rank-6 card
        use[6 if c == LIU_BANG_RANK else c] += 1
    # the ability cards are rank-3 cards played beside the set
    use[3] += zm + py
    return use


def _over(use: bytearray) -> int:
    """The first rank of which more cards are used than the deck has, or -1."""
    for r in range(10):
        if use[r] > RANK_COUNTS[r]:
            return r
    return -1


def why_not(cards, zm: bool, py: bool) -> tuple:
    """Why these cards are no set on their own (any context), or ()."""
    jokers = cards.count(JOKER)
    if jokers > 1:
        return ("chuhan.two_jokers",)
    tens = cards.count(LIU_BANG_RANK)
    if tens > 1:
        return ("chuhan.one_liu_bang",)
    if zm:
        # distinct ranks take one card each (ranks 0..9 all have one): only a repeat fails
        if tens:
            return ("chuhan.zm_liu_bang",)
        if len(set(cards)) != len(cards):
            for c in cards:
                if cards.count(c) > 1:
                    return ("chuhan.zm_repeat", c)
        return ()
    rank = JOKER
    for c in cards:
        if c != JOKER:
            rank = c
            break
    if rank == JOKER:
        return ()
    if cards.count(rank) + jokers != len(cards):
        for c in cards:
            if c != JOKER and c != rank:
                return ("chuhan.mixed_ranks", rank, c)
    # only the set's own rank can run out (Peng Yue is a rank-3 card, Liu Bang a 6)
    printed = 6 if rank == LIU_BANG_RANK else rank
    n = len(cards) - jokers + (py if printed == 3 else 0)
    if n > RANK_COUNTS[printed]:
        return ("chuhan.too_many", n, printed, RANK_COUNTS[printed])
    return ()


def why_not_lead(cards, zm: bool, py: bool) -> tuple:
    """Why a well-formed set may not lead a trick, or ()."""
    if py:
        return ("chuhan.peng_yue_lead",)
    if LIU_BANG_RANK in cards:
        return ("chuhan.liu_bang_lead",)
    return ()


def rank(cards, zm: bool) -> int:
    """The rank a well-formed set counts as: the lowest with Zhongli Mo (a joker there is
    a 0), else the rank of its cards (a joker joins them; alone it is a 0)."""
    if zm:
        return min(cards)
    for c in cards:
        if c != JOKER:
            return c
    return JOKER


def vp(cards, zm: bool) -> int:
    """VP for playing the set: six or more rank-2 cards score their number."""
    if len(cards) >= TWOS_MIN and rank(cards, zm) == TWOS_RANK:
        return len(cards)
    return 0


def why_not_answer(last: tuple, answer: tuple) -> tuple:
    """Why answer (a well-formed set) may not answer last (a well-formed set), or ()."""
    cards, zm, py = answer
    lcards, lzm, lpy = last
    if len(cards) != len(lcards):
        return ("chuhan.size", len(lcards), len(cards))
    mine = rank(cards, zm)
    theirs = rank(lcards, lzm)
    if LIU_BANG_RANK in cards and theirs != 9:
        return ("chuhan.liu_bang_nine", theirs)
    if mine < theirs:
        return ("chuhan.not_higher", mine, theirs)
    if mine == theirs and not py:
        return ("chuhan.same_rank", mine)
    if zm and lzm:
        return ("chuhan.twice", "Zhongli Mo")
    if py and lpy:
        return ("chuhan.twice", "Peng Yue")
    use = _use(_use(bytearray(10), cards, zm, py), lcards, lzm, lpy)
    r = _over(use)
    if r >= 0:
        return ("chuhan.too_many_both", use[r], r, RANK_COUNTS[r])
    return ()


def abilities(cards, zm: bool, py: bool) -> "list[str]":
    """The abilities a set uses (each can be cancelled by Lu Zhi), in table order."""
    out = []
    if zm:
        out.append("zhongli_mo")
    if py:
        out.append("peng_yue")
    if LIU_BANG_RANK in cards:
        out.append("liu_bang")
    return out


def _cards(cards, where: str):
    if type(cards) is not list or not cards or len(cards) > DECK_CARDS:
        raise bad_args(where + "cards must be a list of 1 to " + str(DECK_CARDS) + " ranks")
    for c in cards:
        if type(c) is not int:
            break
    else:
        if min(cards) >= 0 and max(cards) <= TOP_RANK:
            return cards
    raise bad_args(where + "cards: a card is a rank 0..10 (0 the joker, 10 Liu Bang as a 10)")


def set_from(d: dict, where: str = "") -> tuple:
    """The set (cards, zhongli_mo, peng_yue) from the keys of an object; where: the
    object's name and a dot, for messages."""
    cards = _cards(d.get("cards"), where)
    zm = d.get("zhongli_mo", False)
    py = d.get("peng_yue", False)
    if zm is not True and zm is not False:
        raise bad_args(where + "zhongli_mo must be true or false")
    if py is not True and py is not False:
        raise bad_args(where + "peng_yue must be true or false")
    return (cards, zm, py)


def set_value(v, name: str) -> tuple:
    """A set given as a list of ranks or as {"cards", "zhongli_mo", "peng_yue"}."""
    if type(v) is list:
        return (_cards(v, name + " "), False, False)
    if type(v) is not dict:
        raise bad_args(name + " must be a list of ranks or {\"cards\", \"zhongli_mo\", \"peng_yue\"}")
    for k in v:
        if k not in _SET_KEYS:
            for k2 in sorted(v):
                if k2 not in _SET_KEYS:
                    raise bad_args(name + " has an unknown key \"" + str(k2)[:20] + "\"")
    return set_from(v, name + ".")
