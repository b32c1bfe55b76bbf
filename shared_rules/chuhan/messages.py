"""Every sentence of a Chu and Han error, by message key (see shared_rules/messages.py).

The reasons a set is refused live in chuhan/sets.py (REASONS), because chuhan.answer
reports them as results, not errors; they are part of this catalogue all the same.
"""

from shared_rules.chuhan.sets import REASONS
from shared_rules.chuhan.tables import EDICTS, EVENT_KEYS, HAND

MESSAGES = {
    # the game
    "chuhan.mode": "events must be \"off\" (first games), \"virtual\" (the device keeps the event deck) "
                   "or \"table\" (the players flip it)",
    "chuhan.game_over": "the game is over: {0} won",
    "chuhan.not_now": "\"{0}\" is not possible now (phase {1})",
    "chuhan.no_edict": "all " + str(EDICTS) + " edicts of this round are taken",
    "chuhan.used_up": "{0} is one card and was already used this round",
    "chuhan.nothing_waits": "no ability is waiting for counters",
    "chuhan.nothing_to_counter": "no ability is waiting: there is nothing to cancel",
    "chuhan.counters_done": "Xiao He has already answered Lu Zhi: no more counters",
    "chuhan.lu_zhi_own": "Lu Zhi cancels the opponent's ability, not {0}'s own",
    "chuhan.lu_zhi_again": "Lu Zhi has already cancelled this ability",
    "chuhan.xiao_he_first": "Xiao He cancels Lu Zhi, and Lu Zhi has not been played",
    "chuhan.xiao_he_own": "Xiao He is played by {0}, whose ability Lu Zhi cancelled",
    "chuhan.hand_too_big": "{0} can hold at most {1} cards (" + str(HAND) + " dealt, 2 per edict, 1 from Ying Bu)",
    "chuhan.no_bonus": "this round's event gives no end-of-round VP",
    "chuhan.bonus_taken": "the event's end-of-round VP were already given",
    "chuhan.event_needed": "name the event flipped for the new round: \"event\" is one of " + " ".join(EVENT_KEYS),
    "chuhan.event_not_left": "event {0} is not left in the event deck",
    "chuhan.event_kept": "do not name the event: this game keeps the event deck or plays without events",
}
MESSAGES.update(REASONS)


# -- the narration of a game (the host tells a journal's story; the device never loads it) ----
def _side(p: str) -> str:
    return p[:1].upper() + p[1:]  # (MicroPython has no str.capitalize)


def _gains(event: dict) -> str:
    out = ""
    for g in event.get("gains") or []:
        out += ", " + _side(g["player"]) + " +" + str(g["vp"]) + (" (doubled)" if g["doubled"] else "")
    if event.get("winner"):
        out += "; " + _side(event["winner"]) + " wins"
    return out


def narrate(game, who: str, action: dict, event: dict, names=None) -> str:
    """One action as a sentence: "Chu: 3x7, Han Xin +1" (game: the game after it)."""
    from shared_rules.chuhan.tables import CARDS

    names_of = {c[0]: c[1] for c in CARDS}
    do = action.get("do")
    p = _side(action.get("player") or "")
    res = event.get("resolved")
    before = ""
    if res:
        before = _side(res["player"]) + "'s " + names_of.get(res["ability"], res["ability"]) + (
            " is cancelled" if res["cancelled"] else " takes effect") + "; "
    if do == "set":
        cards = action["cards"]
        text = p + ": " + str(len(cards)) + "x" + str(event.get("rank"))
        if action.get("zhongli_mo"):
            text += " with Zhongli Mo"
        if action.get("peng_yue"):
            text += " with Peng Yue"
    elif do == "edict":
        text = p + " takes an edict"
    elif do == "ability":
        text = p + " uses " + names_of.get(action["card"], action["card"])
    elif do == "counter":
        text = p + " counters with " + ("Lu Zhi" if action["card"] == "lu_zhi" else "Xiao He")
    elif do == "resolve":
        text = "nobody counters"
    elif do == "out":
        text = p + " goes out (" + str(action["cards"]) + " cards left to the other)"
    elif do == "bonus":
        text = p + " takes the event's bonus"
    else:
        text = "round " + str(event.get("round")) + ": " + _side(event.get("attacker") or "") + " attacks" + (
            ", event " + event["event"] if event.get("event") else "") if not event.get("winner") else "the round ends"
    return before + text + _gains(event)
