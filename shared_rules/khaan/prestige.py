"""The prestige ledger: points for actions kept as they happen (prestige tokens), points for
holdings (aristocracy, guard, religion) counted when needed, kumys only at a kurultai."""

from shared_rules.khaan.tables import (ACTIONS, ARISTOCRACY_PRESTIGE, GUARD_PRESTIGE, PRESTIGE_PER_RELATION,
                                       RELIGIONS)

ACTION_KEYS = tuple(a[0] for a in ACTIONS)
RELIGION_KEYS = tuple(r[0] for r in RELIGIONS)


def record(ledger: int, actions: list) -> "tuple[int, list[int]]":
    """The ledger after actions (indexes into ACTIONS), and each action's change.
    (decision) The ledger is prestige tokens, so it never goes below 0: a loss takes
    only the tokens there are."""
    changes = []
    for a in actions:
        after = ledger + ACTIONS[a][1]
        if after < 0:
            after = 0
        changes.append(after - ledger)
        ledger = after
    return ledger, changes


def holdings(aristocracy: int, guard: int, religion: int) -> int:
    """Points of what a tribe holds now; religion is an index into RELIGIONS or -1."""
    points = aristocracy * ARISTOCRACY_PRESTIGE + guard * GUARD_PRESTIGE
    if religion >= 0:
        points += RELIGIONS[religion][1]
    return points


def relation_bonus(before: int, after: int) -> int:
    """Relation points with everyone for the tens of prestige newly reached (+1 per 10).
    (decision) Falling back below a ten takes nothing back."""
    gained = after // PRESTIGE_PER_RELATION - before // PRESTIGE_PER_RELATION
    return gained if gained > 0 else 0
