"""The one-line help of every mode of every screen (OK and BACK held together shows it).

Imported by ui/base.py's help_text() for one line and let go at once, so the lines cost
no RAM in play. A key is "<screen>.<mode>" and, where the mode does different things
at different points of the game, ".<what>" after it (Khan's board: the step). The lines
read as the manuals (docs/ui*.md) say; the matrix shows them in upper case.
"""

LINES = {
    # the App's own overlays (app.py): "MENU OK?" and the history of undo and redo
    "app.leave": "OK: to the menu (the game stays saved). Any other button: stay",
    "app.history": "LEFT or BACK held: undo one more. RIGHT or OK held: redo. BACK: close",
    # the menu and the setup of a new game (ui/menu.py), a game's summary (ui/summary.py)
    "menu": "UP/DOWN: a game, or SET. OK: resume or set one up. OK held: a new game",
    "setup": "LEFT/RIGHT: players. UP/DOWN: colour. OK: next, start. OK held: option",
    "setup.plain": "LEFT/RIGHT: players. OK: start. OK held: the option. BACK: the menu",
    "settings.brightness": "LEFT/RIGHT: brightness. UP/DOWN: the supply. OK: keep. BACK: undo",
    "settings.usb": "LEFT/RIGHT: 500 mA USB port or 2A charger. OK: keep. BACK: undo",
    "settings.hints": "RIGHT: hints on, LEFT: off (Khan: cells, jumps, score). OK: keep",
    "summary": "LEFT/RIGHT: the pages of the result. OK or BACK: the game's end",
    # Khan (ui/khan.py)
    "khan.board.setup": "OK or an arrow: the cursor, to place a setup yurt (one per region)",
    "khan.board.flip": "OK: flip the next card, its ruler flees. BACK held: undo",
    "khan.board.flip.table": "OK: name the card flipped (its ruler, its direction)",
    "khan.board.actions": "OK: your actions, A invade, B expel, C conquer, D both actions",
    "khan.board.special": "OK: a special card, or E to end your turn",
    "khan.board.end": "OK: end your turn",
    "khan.board.final": "Final phase: OK, paint a figure's cells, OK held: conquer",
    # ...with the hints on (the box's settings): an arrow on the board shows the score
    "khan.board.flip.hints": "OK: flip the next card. An arrow: the score. BACK held: undo",
    "khan.board.flip.table.hints": "OK: name the card flipped. An arrow: the score so far",
    "khan.board.actions.hints": "OK: your actions A B C D. An arrow: the score so far",
    "khan.board.special.hints": "OK: a special card, or E to end. An arrow: the score so far",
    "khan.board.end.hints": "OK: end your turn. An arrow: the score so far",
    "khan.board.final.hints": "Final phase: OK, paint a figure, OK held: conquer. Arrow: score",
    "khan.score": "Arrows: each player's score as it stands, the special cards. OK: back",
    "khan.board.over": "The game is over: each player's score in turn. BACK held: undo",
    "khan.cursor": "Arrows: a cell. OK: pick it. BACK: cancel",
    "khan.cursor.setup": "Arrows: a cell. OK: your yurt there (one per region). BACK: leave",
    "khan.cursor.invade": "Arrows: a cell. OK: the card's yurt there. BACK: cancel",
    "khan.cursor.double": "Arrows: any empty land cell. OK: your yurt there. BACK: cancel",
    # Khan's board editor (ui/board_edit.py)
    "board_edit.paint": "Arrows: a cell. OK: paint it, pen down. OK held: tools. BACK held: undo",
    "board_edit.tools": "Arrows: a tool. OK: take it. OK held: take it, fill the area from here",
    "board_edit.menu": "Arrows: SAVE CNT EDIT QUIT NEW DFLT DEL. OK: do it. BACK: go on",
    "board_edit.count": "Arrows: each terrain's cells against the rulebook's, then the cards",
    "khan.discard": "Arrows: a card. OK: mark it to discard. OK held: done. BACK: cancel",
    "khan.paint": "Arrows: a cell. OK: mark it. OK held: conquer that figure. BACK: cancel",
    "khan.symbol": "Arrows: the symbol on your card. OK: the yurt. BACK: cancel",
    "khan.hand": "Arrows: a card of your hand. OK: play it, then its cell. BACK: hide it",
    "khan.hand.covered": "Your hand is hidden: an arrow or OK shows it (to you only)",
    "khan.ruler": "Arrows: a ruler. OK: pick him. BACK: cancel",
    "khan.ruler.flip": "Arrows: the ruler on the card flipped. OK: then its direction",
    "khan.ruler.expel": "Arrows: the ruler to expel. OK: he flees",
    "khan.direction": "Arrows: the card's direction. OK: the ruler flees",
    "khan.menu": "Arrows: A invade, B expel, C conquer, D both actions, S skip. OK: do it",
    "khan.special": "Arrows: M morale, P patronage, G gods, R recon, E end. OK: play it",
    "khan.region": "Arrows: the region the gods protect. OK: play the card",
    "khan.figure": "Arrows: the figure to reserve. OK: play Land Reconnaissance",
    # Chu and Han (ui/chuhan.py)
    "chuhan.board": "LEFT: Han enters a play, RIGHT: Chu. UP/DOWN: the round. BACK held: undo",
    "chuhan.board.pending": "OK: the ability takes effect. LEFT/RIGHT: a counter first",
    "chuhan.board.round": "OK: the next round. LEFT/RIGHT: the event's bonus",
    "chuhan.board.over": "The game is over. OK: the menu. BACK held: undo",
    "chuhan.menu": "Arrows: what the player did. OK: enter it. BACK: the board",
    "chuhan.set": "LEFT/RIGHT: the rank. UP/DOWN: how many cards. OK: the set is in",
    "chuhan.cards": "UP/DOWN: the cards the opponent has left. OK: going out",
    "chuhan.event": "Arrows: the event flipped. OK: the next round starts",
    # Huns (ui/huns.py)
    "huns.table.setup": "LEFT/RIGHT: a colour. OK: mark a loot cube, the last one takes them",
    "huns.table.roll": "OK: roll the dice. OK held: enter the table's own roll",
    "huns.table.take": "LEFT/RIGHT: a die. OK: take it. UP/DOWN: recount the supply",
    "huns.table.end": "OK: end the round (red: an empty supply or deck). UP/DOWN: recount",
    "huns.action": "Arrows: cards or loot. OK: take the die for it. BACK: another die",
    "huns.placed": "UP/DOWN: the loot cubes placed. OK: done. BACK: cards or loot",
    "huns.dice": "LEFT/RIGHT: a die. UP/DOWN: its face. OK: the table's roll is in",
    "huns.count": "LEFT/RIGHT: a colour. UP/DOWN: how many. OK: the counts are in",
    "huns.score": "UP/DOWN: the count. OK: the next count. OK held: the next camp",
    "huns.result": "Arrows: each seat's points. OK held: the menu. BACK held: undo",
    # Rise of the Khaan (ui/khaan.py)
    "khaan.home": "Arrows: a tool. OK: open it. BACK: the menu. BACK held: undo",
    "khaan.dice": "LEFT: d6, RIGHT: d4. UP/DOWN: how many. OK: roll",
    "khaan.ordr": "OK: roll for the turn order. Arrows: the rolls page by page",
    "khaan.war": "UP/DOWN: a field. LEFT/RIGHT: its value. OK: fight the battle",
    "khaan.fought": "Arrows: the result, then each side's losses. OK: the battle again",
    "khaan.kuru": "OK: next turn, or the kurultai. UP/DOWN: round. LEFT/RIGHT: how often",
    "khaan.tally": "LEFT/RIGHT: a player. UP/DOWN: his votes. OK: the kurultai decides",
    "khaan.pres": "LEFT/RIGHT: a player. UP/DOWN: what he did. OK: add its prestige",
    "khaan.loot": "UP/DOWN: a field. LEFT/RIGHT: its value. OK: plunder",
    "khaan.looted": "The plunder's result. OK: another plunder. BACK: the tools",
}


def get(key: str) -> str:
    """The line of this key, else of its mode (the key without its last part)."""
    while key:
        line = LINES.get(key)
        if line is not None:
            return line
        dot = key.rfind(".")
        key = key[:dot] if dot > 0 else ""
    return "OK and BACK held together: help"
