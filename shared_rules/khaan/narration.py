"""How a game of Rise of the Khaan is told: a sentence for each action of its journal (steppe's
history and story; the device never loads this - messages.py holds the sentences of
its errors, which it does)."""

def _units(side: dict) -> str:
    parts = []
    for key, letter in (("horde", "H"), ("army", "A"), ("guard", "G")):
        if side.get(key):
            parts.append(str(side[key]) + letter)
    bonus = side.get("bonus", 0)
    return " ".join(parts) + (" %+d" % bonus if bonus else "")


def narrate(game, who: str, action: dict, event: dict, names=None) -> str:
    """One action as a sentence: "battle: 3H against 5H, dice 6 and 2: the attacker wins 9 to 7"."""
    do = action.get("do")
    if do == "roll":
        rolls = event["rolls"]
        d6 = action.get("d6", 0)
        return "dice: " + " ".join(str(v) for v in rolls[:d6]) + (" | d4 " + " ".join(str(v) for v in rolls[d6:])
                                                                  if rolls[d6:] else "")
    if do == "order":
        return "turn order: " + ", ".join(event["order"]) + " (" + str(len(event["rounds"])) + " round(s) of rolls)"
    if do == "battle":
        sa = event["sa"]
        won = {"attacker": "the attacker wins", "defender": "the defender wins", "tie": "a tie"}[event["winner"]]
        return "battle: " + _units(action["attacker"]) + " against " + _units(action["defender"]) + ", dice " + \
            " and ".join(str(v) for v in event["rolls"]) + ": " + won + " " + str(sa[0]) + " to " + str(sa[1])
    if do == "plunder":
        by = (action["by"] + " plunders ") if "by" in action else "plunder of "
        if action["target"] == "settled":
            return by + "a settled people: " + str(event["gold"]) + " gold or " + str(event["silk"]) + " silk"
        return by + ("a player's" if action["target"] == "player" else "a tribe's") + " pasture: herd " + \
            str(event["herd"]) + ", population " + str(event["population"])
    if do == "prestige":
        why = action.get("action") or "by hand"
        return event["player"] + " %+d prestige (%s): %d" % (event["change"], why.replace("_", " "), event["prestige"])
    if do == "kurultai":
        return "kurultai: " + (event["khan"] + " is elected the Great Khan" if event["khan"] else "nobody is elected")
    if do == "every":
        return "a kurultai every " + str(action["every"]) + " " + game.unit + "s"
    if do == "next_turn":
        return event["turn"] + "'s turn, round " + str(event["round"])
    return "round " + str(event["round"])
