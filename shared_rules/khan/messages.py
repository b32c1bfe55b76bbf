"""Every sentence of a Khan error, by message key (see shared_rules/messages.py)."""

from shared_rules.khan.tables import FIGURE_KEYS, RULERS

MESSAGES = {
    # Khan: cells and symbols
    "khan.no_cell": "{0} \"{1}\" is not a cell of this board (columns A-{2}, rows 1-{3})",
    "khan.unknown_symbol": "unknown symbol \"{0}\"; symbols are M G T R S F (terrains), khan, river, border, "
                           "a terrain with +border (e.g. M+border), any (action D) and setup",
    "khan.yurt_on_river": "{0} is river: yurts go on land",
    "khan.cell_has_ruler": "{0} holds a ruler",
    "khan.cell_covered": "{0} is under a figure",
    "khan.cell_has_yurt": "{0} already holds a yurt",
    "khan.wrong_terrain": "{0} is not {1}",
    "khan.not_border": "{0} has no side on neighbouring territories",
    "khan.not_river_side": "{0} has no side touching the river",
    "khan.region_taken": "the region of {0} already holds a yurt (setup: one yurt per region)",
    # Khan: flight
    "khan.unknown_ruler": "{0}: unknown ruler \"{1}\"; rulers are " + " ".join(RULERS),
    "khan.ruler_home": "ruler {0} is home, not on the board",
    "khan.ruler_off_board": "ruler {0} is not on the board",
    "khan.court_empty": "ruler {0} is on the board but his court has no black yurt",
    "khan.supply_empty": "the general supply has no black yurt for action B",
    # Khan: conquest
    "khan.unknown_figure": "unknown figure \"{0}\"; figures are " + " ".join(FIGURE_KEYS),
    "khan.cover_ruler": "a figure cannot cover the ruler at {0}",
    "khan.tile_on_river": "a tile cannot lie on the river at {0}",
    "khan.no_yurt": "{0} holds no yurt",
    "khan.bridge_no_river": "a bridge must cross the river",
    "khan.bridge_one_bank": "a bridge needs a covered land cell with a yurt on each bank of the river",
    "khan.morale_combo": "High Morale follows actions A A, A C, D or B B only: the rulebook's AAC, ACC, DC, BBC",
    "khan.morale_conquest": "High Morale's third action is a conquest",
    "khan.morale_no_conquest": "High Morale's third action is a conquest, and none is possible now",
    "khan.bridge_straight_bend": "a straight bridge crosses one river cell: a bend of the river takes an L-shaped bridge",
    "khan.no_own_yurt": "{0} has no yurt under the figure",
    "khan.outnumbered": "another player has more yurts under the figure than {0}",
    "khan.patronage": "the Great Khan's Patronage protects the yurts of {0}",
    "khan.patronage_consent": "conquering together with {0} needs {0}'s consent (Patronage)",
    "khan.gods": "the Support of the Gods ({0}) protects the black yurt at {1}",
    "khan.gods_consent": "conquering together with {0} needs {0}'s consent (Support of the Gods)",
    "khan.reserved": "Land Reconnaissance of another player reserves {0}",
    "khan.no_figure_left": "no {0} is left beside the board",
    "khan.wrong_shape": "the cells do not form the shape of {0} (any rotation or mirror image)",
    "khan.no_shape": "no figure left beside the board has these {0} cells (a bridge crosses the river, a tile does not)",
    "khan.no_symbol": "no card symbol lets a yurt go on {0}",
    # Khan: the game
    "khan.not_now": "\"{0}\" is not possible now ({1})",
    "khan.deck_empty": "no card is left in the draw pile or the discard pile",
    "khan.no_flip_card": "no card of a ruler in play is left to flip",
    "khan.deck_kept": "this game keeps the deck: do not name the card",
    "khan.flip_home": "ruler {0} is home: flip the next card",
    "khan.not_in_hand": "card {0} is not in {1}'s hand",
    "khan.invade_symbol": "invade by a card symbol; invading anywhere is the double action",
    "khan.double_both": "the double action takes both actions of the turn",
    "khan.expel_final": "the final phase has begun: no more action B this turn",
    "khan.two_conquests": "a final-phase turn has two conquests",
    "khan.no_skip": "an action is possible, so it may not be skipped",
    "khan.patronage_taken": "another player's yurt is on the Great Khan's Patronage",
    "khan.patronage_twice": "with 2 players nobody uses the Patronage two turns in a row",
    "khan.gods_taken": "another player already protects the black yurts",
    "khan.gods_twice": "with 2 players nobody uses the Support of the Gods two turns in a row",
    "khan.no_special": "{0} has no {1} card left",
    "khan.gods_region": "with 4 players the Support of the Gods names a region",
    "khan.gods_region_taken": "another player already protects the black yurts of that region",
    "khan.recon_none": "no {0} is free to reserve",
    "khan.must_conquer": "{0} can still conquer: a final-phase turn has two conquests",
    "khan.players": "players must be a list of 2 to 4 player ids",
    "khan.player_twice": "players lists {0} twice",
    "khan.mode": "mode must be \"virtual\" or \"table\"",
    "khan.board_too_big": "the board is {0} x {1} cells; the box shows at most {2} x {3}",
    "khan.no_start": "the board has no start cell for ruler(s) {0}; add lines such as \"ruler grey C4\" after the grid",
}


# -- the narration of a game (the host tells a journal's story; the device never loads it) ----
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
