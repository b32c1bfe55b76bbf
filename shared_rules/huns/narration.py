"""How a game of Huns is told: a sentence for each action of its journal (steppe's
history and story; the device never loads this - messages.py holds the sentences of
its errors, which it does)."""

def narrate(game, who, action: dict, event: dict, names=None) -> str:
    """One action as a sentence: "blue takes the red die (3): 3 cards". who: the seat that
    acted; names: each seat's name (its colour on the box)."""
    def seat(k) -> str:
        return names[k] if names and 0 <= k < len(names) else "seat " + str(k + 1)

    do = action.get("do")
    if do == "roll":
        dice = event["dice"]
        return seat(event["seat"]) + " rolls " + ", ".join(c + " " + str(dice[c]) for c in sorted(dice)) + (
            " (the table's dice)" if "dice" in action else "")
    if do == "take":
        text = seat(event["seat"]) + " takes the " + event["die"] + " die (" + str(event["value"]) + "): "
        if event["action"] == "cards":
            return text + str(event["drawn"]) + " card" + ("s" if event["drawn"] != 1 else "") + " drawn, one kept"
        return text + str(event["taken"]) + " loot, " + str(event["placed"]) + " placed"
    if do == "start_loot":
        return seat(event["seat"]) + " takes loot at setup: " + ", ".join(event["colours"])
    if do == "end":
        if event["over"]:
            return "the round ends: the end check ends the game (" + ", ".join(
                [c + " loot" for c in event["empty_loot"]] + [c + " deck" for c in event["empty_decks"]]) + " empty)"
        return "the round ends; round " + str(event["round"]) + ", " + seat(event["first"]) + " first"
    if do == "recount":
        return "recounted after card effects"
    totals = event.get("vp") or []
    ranked = ", ".join(seat(k) + " " + str(totals[k]) for k in range(len(totals)))
    return "final scoring: " + ranked + "; " + " and ".join(seat(k) for k in event.get("winners") or []) + " wins"
