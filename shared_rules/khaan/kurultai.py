"""The kurultai: how an independent tribe votes, the tally, and the Great Khan's election.

Players vote as they choose. An independent tribe takes the first rule that applies:
  overlord  - for its overlord; or for itself if it has vassals;
  alliance  - for the member of its alliance (itself and its allies) with most prestige;
  prestige  - for the candidate with most prestige, if relations with him are +2 or more;
  relations - for the candidate with the best relations; ties -> most prestige.
Ties that these leave go to the one listed first (decision): the table lists alliances
and candidates in seat order, so every port, and every member of an alliance, agrees.
"""

from shared_rules.khaan.tables import ELECTION, ISSUE, VOTE_RELATION

OVERLORD = "overlord"
ALLIANCE = "alliance"
PRESTIGE = "prestige"
RELATIONS = "relations"
NOBODY = -1
ITSELF = -2
OVERLORD_VOTE = -3


def vote(has_overlord: bool, vassals: bool, alliance: list, candidates: list) -> "tuple[int, str]":
    """(whom the tribe votes for, the rule that decided). Whom: OVERLORD_VOTE, ITSELF,
    k >= 0 the k-th member of its alliance (rule 2) or the k-th candidate (rules 3, 4),
    or NOBODY (no candidate). alliance: prestige of each member, itself included, in seat
    order (fewer than 2 members: no allies); candidates: (prestige, relations with it)."""
    if has_overlord:
        return OVERLORD_VOTE, OVERLORD
    if vassals:
        return ITSELF, OVERLORD
    if len(alliance) > 1:
        best = 0
        for k in range(1, len(alliance)):
            if alliance[k] > alliance[best]:
                best = k
        return best, ALLIANCE
    if not candidates:
        return NOBODY, RELATIONS
    top = 0
    for k in range(1, len(candidates)):
        if candidates[k][0] > candidates[top][0]:
            top = k
    most = candidates[top][0]
    # among the candidates sharing the most prestige: the best relations, then the first
    pick = -1
    for k in range(len(candidates)):
        prestige, relation = candidates[k]
        if prestige == most and relation >= VOTE_RELATION and (pick < 0 or relation > candidates[pick][1]):
            pick = k
    if pick >= 0:
        return pick, PRESTIGE
    pick = 0
    for k in range(1, len(candidates)):
        prestige, relation = candidates[k]
        best = candidates[pick]
        if relation > best[1] or (relation == best[1] and prestige > best[0]):
            pick = k
    return pick, RELATIONS


def needed(voters: int) -> int:
    """Votes the Great Khan needs: two thirds of all votes, rounded up (8 of 12)."""
    return (voters * ELECTION[0] + ELECTION[1] - 1) // ELECTION[1]


def issue_needed(voters: int) -> int:
    """Votes an issue needs: half of all votes, rounded up (decision: 6 of 12 pass)."""
    return (voters * ISSUE[0] + ISSUE[1] - 1) // ISSUE[1]
