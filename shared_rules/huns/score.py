"""Final scoring: camps to victory points, the wagon choice and the stash tie-break.

A camp is its ten counts: raids, mercenaries_full, mercenaries_partial, treasures_met,
curses_avoided, stash, then the dispatched wagons of each type (tables.WAGON_TYPES).
"""

from shared_rules.huns.tables import MERCENARY_FULL_VP, MERCENARY_PARTIAL_VP, RAID_VP, WAGON_TYPE_VP, WAGON_VP

TYPES = "types"  # the wagon choice: a point per distinct type...
ONE_TYPE = "one_type"  # ...or a point per wagon of one type
STASH = 5  # where the stash sits among a camp's counts
WAGONS = 6  # where the wagon counts begin


def wagon_points(wagons) -> "tuple[int, str]":
    """(VP, choice) for dispatched wagons by type: the better of the two ways to count.
    Equal counts take "types" (the same VP either way)."""
    kinds = 0
    most = 0
    for n in wagons:
        if n > 0:
            kinds += 1
            if n > most:
                most = n
    by_types = kinds * WAGON_TYPE_VP
    by_one = most * WAGON_VP
    if by_types >= by_one:
        return by_types, TYPES
    return by_one, ONE_TYPE


def winners(vp: list, stash: list) -> "list[int]":
    """Most VP; a tie goes to more loot in the stash; still tied, all of them win (decision)."""
    top = max(vp)
    most = max(stash[k] for k in range(len(vp)) if vp[k] == top)
    return [k for k in range(len(vp)) if vp[k] == top and stash[k] == most]


def score(camps: list) -> dict:
    """The final scoring of every camp; the number of camps is the number of players, the
    worth of a treasure met and of a curse avoided."""
    players = len(camps)
    vp = []
    stash = []
    breakdown = []
    for camp in camps:
        raids = camp[0] * RAID_VP
        mercenaries = camp[1] * MERCENARY_FULL_VP + camp[2] * MERCENARY_PARTIAL_VP
        treasures = camp[3] * players
        curses = -camp[4] * players
        wagons, choice = wagon_points(camp[WAGONS:])
        vp.append(raids + mercenaries + treasures + curses + wagons)
        stash.append(camp[STASH])
        breakdown.append({"raids": raids, "mercenaries": mercenaries, "treasures": treasures, "curses": curses,
                          "wagons": wagons, "wagon_choice": choice})
    return {"vp": vp, "winners": winners(vp, stash), "stash": stash, "breakdown": breakdown}
