"""Every sentence of a Chu and Han error, by message key (see shared_rules/messages.py).

The reasons a set is refused live in chuhan/sets.py (REASONS), because chuhan.answer
reports them as results, not errors; they are part of this catalogue all the same (MORE).
"""

from shared_rules.chuhan.sets import REASONS
from shared_rules.chuhan.tables import EDICTS, EVENT_KEYS, HAND

FILL = {"edicts": EDICTS, "hand": HAND, "events": " ".join(EVENT_KEYS)}
MORE = REASONS
TEXT = b"""
chuhan.bonus_taken the event's end-of-round VP were already given
chuhan.counters_done Xiao He has already answered Lu Zhi: no more counters
chuhan.event_kept do not name the event: this game keeps the event deck or plays without events
chuhan.event_needed name the event flipped for the new round: "event" is one of {events}
chuhan.event_not_left event {0} is not left in the event deck
chuhan.game_over the game is over: {0} won
chuhan.hand_too_big {0} can hold at most {1} cards ({hand} dealt, 2 per edict, 1 from Ying Bu)
chuhan.lu_zhi_again Lu Zhi has already cancelled this ability
chuhan.lu_zhi_own Lu Zhi cancels the opponent's ability, not {0}'s own
chuhan.mode events must be "off" (first games), "virtual" (the device keeps the event deck) or "table" (the players flip it)
chuhan.no_bonus this round's event gives no end-of-round VP
chuhan.no_edict all {edicts} edicts of this round are taken
chuhan.not_now "{0}" is not possible now (phase {1})
chuhan.nothing_to_counter no ability is waiting: there is nothing to cancel
chuhan.nothing_waits no ability is waiting for counters
chuhan.used_up {0} is one card and was already used this round
chuhan.xiao_he_first Xiao He cancels Lu Zhi, and Lu Zhi has not been played
chuhan.xiao_he_own Xiao He is played by {0}, whose ability Lu Zhi cancelled
"""
