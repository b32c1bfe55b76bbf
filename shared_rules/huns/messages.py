"""Every sentence of a Huns error, by message key (see shared_rules/messages.py)."""

MESSAGES = {
    # Huns: a new game
    "huns.players": "players must be an integer {0} to {1}",
    "huns.no_seat": "seat {0} is not at the table (seats are 0 to {1})",
    "huns.faces": "the {0} die must have 1 to {1} faces, one digit 1 to {2} each (e.g. \"112233\")",
    # Huns: setup and the round
    "huns.not_now": "\"{0}\" is not possible now (phase {1})",
    "huns.start_loot_count": "seat {0} takes {1} loot cube(s) at setup",
    "huns.start_loot_twice": "setup loot cubes must be of different colours: {0} is named twice",
    "huns.supply_empty": "the supply has no {0} loot cube left",
    "huns.camp_full": "{0} counts at most {1}: the box holds no more",
    "huns.not_a_face": "{0} is not a face of the {1} die (its faces are {2})",
    "huns.die_taken": "the {0} die is already taken this round",
    "huns.action": "a turn takes \"cards\" or \"loot\"",
    "huns.deck_empty": "the {0} deck is empty: take loot instead",
    "huns.placed_with_cards": "\"placed\" counts loot cubes: cards are kept one at a time",
    "huns.placed_more": "{0} cubes cannot be placed: only {1} {2} cube(s) were taken",
    # Huns: recount and scoring
    "huns.recount_over": "{0}.{1} cannot exceed {2}",
    "huns.camps_count": "the final scoring needs {0} camps, one per player",
}


# -- the narration of a game (the host tells a journal's story; the device never loads it) ----
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
