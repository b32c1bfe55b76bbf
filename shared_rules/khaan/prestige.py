"""The prestige ledger: points for actions kept as they happen (prestige tokens), points for
holdings (aristocracy, guard, religion) counted when needed, kumys only at a kurultai."""

from shared_rules.khaan.tables import (ACTIONS, ARISTOCRACY_PRESTIGE, GUARD_PRESTIGE, PRESTIGE_PER_RELATION,
                                       RELIGIONS)

ACTION_KEYS = tuple(a[0] for a in ACTIONS)
RELIGION_KEYS = tuple(r[0] for r in RELIGIONS)


def record(ledger: int, actions: list) -> "tuple[int, list[int]]":
    """The ledger after actions (indexes into ACTIONS), and each action's change.
    Prestige is lost "as it happens" («traci się na bieżąco») from the tribe's whole
    prestige, holdings included: the ledger is signed (below 0 when losses outweigh the
    actions' gains, the holdings making up the rest), so the result never depends on the
    order of the actions; the tribe's total (total()) is never below 0."""
    changes = []
    for a in actions:
        changes.append(ACTIONS[a][1])
        ledger += ACTIONS[a][1]
    return ledger, changes


def total(ledger: int, held: int, kumys: int = 0) -> int:
    """A tribe's prestige: actions, holdings and kumys, never below 0."""
    t = ledger + held + kumys
    return t if t > 0 else 0


def holdings(aristocracy: int, guard: int, religion: int) -> int:
    """Points of what a tribe holds now; religion is an index into RELIGIONS or -1."""
    points = aristocracy * ARISTOCRACY_PRESTIGE + guard * GUARD_PRESTIGE
    if religion >= 0:
        points += RELIGIONS[religion][1]
    return points


def relation_bonus(before: int, after: int) -> int:
    """Relation points with everyone for the tens of prestige newly reached (+1 per 10,
    «10 pkt. Prestiżu +1 dla wszystkich»), by actions or by holdings alike: before and
    after are the tribe's totals. (decision) Falling back below a ten takes nothing back."""
    gained = after // PRESTIGE_PER_RELATION - before // PRESTIGE_PER_RELATION
    return gained if gained > 0 else 0
