"""Relations between two tribes: events move them; war at -3; alliance (+3, d4 3-4) and
right of passage (+2, d4 2-4) asked for when a point is gained, kept while the relations
stay at their threshold."""

from shared_rules.errors import illegal
from shared_rules.khaan.tables import (ALLIANCE_AT, ALLIANCE_ROLL, EVENTS, MAX_RELATION, PASSAGE_AT, PASSAGE_ROLL,
                                       WAR_AT)

EVENT_KEYS = tuple(e[0] for e in EVENTS)
ALLIANCE = "alliance"
PASSAGE = "passage"
ASKS = (ALLIANCE, PASSAGE)
_TRADE = EVENT_KEYS.index("trade")
_ALLIANCE_EVENT = EVENT_KEYS.index("alliance")


def at_war(value: int) -> bool:
    """(decision) War breaks out by itself at -3 and lasts while relations stay there."""
    return value <= WAR_AT


class Relation:
    """The relations of two tribes: value, alliance, right of passage."""

    def __init__(self, value: int, alliance: bool, passage: bool) -> None:
        self.value = value
        self.alliance = alliance
        self.passage = passage

    def apply(self, event: int) -> int:
        """One event (an index into EVENTS); returns its change. An alliance and a right of
        passage end when the relations fall below their threshold."""
        if event == _TRADE and at_war(self.value):
            raise illegal("khaan.trade_at_war", self.value)
        if event == _ALLIANCE_EVENT:
            raise illegal("khaan.alliance_event")
        before = self.value
        self.value += EVENTS[event][1]
        self._keep()
        return self.value - before

    def _keep(self) -> None:
        """(decision) Relations stay within -MAX_RELATION..MAX_RELATION."""
        if self.value > MAX_RELATION:
            self.value = MAX_RELATION
        elif self.value < -MAX_RELATION:
            self.value = -MAX_RELATION
        if self.value < ALLIANCE_AT:
            self.alliance = False
        if self.value < PASSAGE_AT:
            self.passage = False

    def may_ask(self, gained: bool) -> "list[str]":
        """What may be asked now: only when a relation point has just been gained
        ("when the player gains a point above the threshold"), at the threshold or more,
        and not already held."""
        out = []
        if gained:
            if not self.alliance and self.value >= ALLIANCE_AT:
                out.append(ALLIANCE)
            if not self.passage and self.value >= PASSAGE_AT:
                out.append(PASSAGE)
        return out

    def why_not(self, ask: str, gained: bool) -> "tuple | None":
        """The reason an ask is refused, as (message key, values...), or None."""
        held = self.alliance if ask == ALLIANCE else self.passage
        need = ALLIANCE_AT if ask == ALLIANCE else PASSAGE_AT
        if held:
            return ("khaan.ask_held", ask)
        if self.value < need:
            return ("khaan.ask_low", ask, need, self.value)
        if not gained:
            return ("khaan.ask_no_gain", ask)
        return None

    def check(self, ask: str, roll: int) -> bool:
        """The d4 check of an ask that may be made; success concludes it (an alliance also
        brings its +1)."""
        if ask == ALLIANCE:
            if roll < ALLIANCE_ROLL:
                return False
            self.value += EVENTS[_ALLIANCE_EVENT][1]
            self.alliance = True
            self._keep()
            return True
        if roll < PASSAGE_ROLL:
            return False
        self.passage = True
        return True
