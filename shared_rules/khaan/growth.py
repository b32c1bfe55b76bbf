"""Growth of a tribe: the d6 herd and d4 population rolls, and placing them on the pastures.

A pasture is [fertility, herd, population]: herd <= fertility, population <= herd, and a
herd never stands without population. Herd that is not placed goes to the central store;
population that finds no room (population < herd) on any pasture becomes Horde, and only
then: while some pasture has room, population must go there. A plan is two lists, the
herd and the population added to each pasture.
"""

from shared_rules.errors import illegal


def check(pastures: list, where: str = "pastures", error=illegal, indexed: bool = True) -> None:
    """The placement limits on every pasture; the first broken one raises error (illegal
    for a plan, bad_args for a pasture given as input)."""
    for k in range(len(pastures)):
        f, h, n = pastures[k]
        if h > f or n > h or (h and not n):
            at = where + "[" + str(k) + "]" if indexed else where
            if h > f:
                raise error("khaan.over_fertility", at, h, f)
            if n > h:
                raise error("khaan.over_herd", at, n, h)
            raise error("khaan.herd_alone", at)


def room(pastures: list) -> "tuple[int, int]":
    """(room for population beside the herd, spare grass for more herd) over all pastures.
    Both 0: every pasture is fully populated (population = fertility), and the d4 is not
    rolled. (decision) Herd grows first, so a pasture short of herd still has room."""
    beside = 0
    spare = 0
    for p in pastures:
        beside += p[1] - p[2]
        spare += p[0] - p[1]
    return beside, spare


def full(pastures: list) -> bool:
    beside, spare = room(pastures)
    return beside + spare == 0


def auto_place(pastures: list, herd: int, population: int, sums=None) -> "tuple[list, int, int]":
    """Our default placement (decision), in pasture order, which keeps as much population
    off the Horde and as much herd on the grass as the limits allow: population first
    fills the room beside herd already there; then herd and population go in pairs onto
    pastures with grass to spare; the herd left over goes beside population already
    standing. Returns (pastures after, herd to the store, population to the Horde).

    The three steps run in one pass: the room and the spare grass are summed first (sums:
    room(pastures) if the caller has it), so what each step places in all is known
    before the pass begins."""
    beside, spare = sums if sums is not None else room(pastures)
    fill = population if population < beside else beside  # step 1
    population -= fill
    pairs = herd if herd < population else population  # step 2
    if pairs > spare:
        pairs = spare
    herd -= pairs
    horde = population - pairs
    after = []
    for k in range(len(pastures)):
        if not (fill or pairs or herd):
            after.extend(pastures[k:])  # nothing left to place: the rest stay as they are
            break
        f, h, n = pastures[k]
        if fill:
            put = h - n if h - n < fill else fill
            n += put
            fill -= put
        if pairs:
            put = f - h if f - h < pairs else pairs
            h += put
            n += put
            pairs -= put
        if herd and n:
            put = f - h if f - h < herd else herd
            h += put
            herd -= put
        after.append([f, h, n])
    return after, herd, horde


def place(pastures: list, herd: int, population: int, plan, sums=None) -> "tuple[list, int, int]":
    """Put the grown herd and population on the pastures by a plan: the herd and the
    population added to each pasture (None: auto_place). Returns (pastures after, herd to
    the central store, population that becomes Horde); an illegal plan raises."""
    if plan is None:
        return auto_place(pastures, herd, population, sums)
    add_h, add_n = plan
    after = []
    put_herd = 0
    put_population = 0
    bad = -1  # the first pasture over its limits
    room = -1  # the first pasture with room for population
    for k in range(len(pastures)):
        f, h, n = pastures[k]
        h += add_h[k]
        n += add_n[k]
        put_herd += add_h[k]
        put_population += add_n[k]
        after.append([f, h, n])
        if n < h and room < 0:
            room = k
        if (h > f or n > h or (h and not n)) and bad < 0:
            bad = k
    if put_herd > herd:
        raise illegal("khaan.plan_herd", put_herd, herd)
    if put_population > population:
        raise illegal("khaan.plan_population", put_population, population)
    if bad >= 0:
        check(after)
    horde = population - put_population
    if horde and room >= 0:
        raise illegal("khaan.room_left", horde, room, after[room][1], after[room][2])
    return after, herd - put_herd, horde
