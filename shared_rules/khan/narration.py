"""How a game of Khan is told: a sentence for each action of its journal (steppe's
history and story; the device never loads this - messages.py holds the sentences of
its errors, which it does)."""

SPECIAL_NAMES = {"morale": "High Morale", "patronage": "the Great Khan's Patronage", "gods": "Support of the Gods",
                 "recon": "Land Reconnaissance"}


def _where(game, cell: str) -> str:
    """A cell and its terrain: "H5 (tundra)"."""
    from shared_rules.khan.tables import RIVER, TERRAIN_NAMES

    t = game.board.terrain[game.board.cell(cell, "cell")]
    return cell + " (" + ("river" if t == RIVER else TERRAIN_NAMES[t - 1] if t else "off the board") + ")"


def _flight(ruler: str, f: dict) -> str:
    if f["to"] is None:
        text = ruler + " goes home from " + f["from"]
    else:
        text = ruler + " flees " + f["direction"] + " from " + f["from"] + " to " + f["to"]
    if f["returned"]:
        text += "; home now: " + ", ".join(f["returned"])
    if f["final_phase"]:
        text += "; the final phase begins"
    return text


def narrate(game, who: str, action: dict, event: dict, names=None) -> str:
    """One action as a sentence: "purple flees W from J4 to I4", "red invades H5 (tundra)".
    game: the game after it; who: the player who acted (the game's actor before it)."""
    do = action.get("do")
    if do == "setup_yurt":
        return who + " places a yurt on " + _where(game, action["cell"])
    if do == "flip":
        card = event.get("card")
        head = who + " flips " + (card["ruler"] + " " + card["direction"] + " (" + card["symbol"] + ")"
                                  if card else event["ruler"] + " " + event["flight"]["direction"])
        return head + ": " + _flight(event["ruler"], event["flight"])
    if do == "invade":
        how = " by " + action["symbol"] if "symbol" in action else ""
        return who + " invades " + _where(game, action["cell"]) + how
    if do == "double":
        n = len(action.get("discard") or [])
        return who + " invades " + _where(game, action["cell"]) + " anywhere (the double action)" + (
            ", discarding " + str(n) + " card" + ("s" if n > 1 else "") if n else "")
    if do == "expel":
        return who + " expels " + event["ruler"] + ": " + _flight(event["ruler"], event["flight"])
    if do == "conquer":
        shared = [p for p in event.get("sharers") or [] if p != who]
        return who + " conquers " + " ".join(action["cells"]) + " with " + action["figure"] + (
            " together with " + ", ".join(shared) if shared else "")
    if do == "special":
        extra = action.get("region") or action.get("figure")
        return who + " plays " + SPECIAL_NAMES.get(action["card"], action["card"]) + (" (" + extra + ")" if extra
                                                                                        else "")
    if do == "skip":
        return who + " can do nothing: an action passes"
    drawn = event.get("drawn") or []
    over = " - the game is over" if game.phase == "over" else ""
    return who + " ends the turn" + (" and draws " + str(len(drawn)) if drawn else "") + over
