"""How a game of Chu and Han is told: a sentence for each action of its journal (steppe's
history and story; the device never loads this - messages.py holds the sentences of
its errors, which it does)."""

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
        text = "no more counters" if res and res.get("counters") else "nobody counters"
    elif do == "out":
        text = p + " goes out (" + str(action["cards"]) + " cards left to the other)"
    elif do == "bonus":
        text = p + " takes the event's bonus"
    else:
        text = "round " + str(event.get("round")) + ": " + _side(event.get("attacker") or "") + " attacks" + (
            ", event " + event["event"] if event.get("event") else "") if not event.get("winner") else "the round ends"
    return before + text + _gains(event)
