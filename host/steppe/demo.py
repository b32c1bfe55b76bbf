"""`steppe demo`: a seeded game of Khan played by the random player, flip by flip.

Shows what the companion computes at the table: which card came up, where the ruler
fled and along which path, who went home, and the board after each turn.
"""

from shared_rules.khan import randplay
from shared_rules.khan.actions import card_json, flight_json
from shared_rules.khan.board import CELL_CHARS
from shared_rules.khan.game import FLIP, OVER, VIRTUAL, new_game
from shared_rules.khan.position import BLACK
from shared_rules.khan.tables import RULERS
from shared_rules.rng import PCG32

# 256-colour backgrounds for M G T R S F ~ and foregrounds for the rulers and players
_TERRAIN_BG = (94, 153, 107, 137, 180, 28, 25)
_RULER_FG = (250, 117, 231, 208, 129, 205, 130, 37)
_PLAYER_FG = {"red": 196, "yellow": 226, "blue": 21, "green": 46}


def render(game, plain: bool) -> str:
    """The board as text: two characters a cell, colour unless plain."""
    b = game.board
    pos = game.pos
    lines = ["   " + "".join(chr(65 + x) + " " for x in range(b.width))]
    for y in range(b.height):
        row = ["%2d " % (y + 1)]
        for x in range(b.width):
            i = y * b.width + x
            t = b.terrain[i]
            if not t:
                row.append("  ")
                continue
            glyph, fg = _glyph(game, i)
            if plain:
                row.append((glyph if glyph != " " else CELL_CHARS[t - 1]) + " ")
            else:
                row.append("\x1b[48;5;%dm\x1b[38;5;%dm%s \x1b[0m" % (_TERRAIN_BG[t - 1], fg, glyph))
        lines.append("".join(row))
    courts = "  ".join("%s:%d%s" % (RULERS[r], pos.courts[r], " home" if pos.home[r] else "")
                       for r in range(len(RULERS)))
    lines.append("courts " + courts + "   supply " + str(pos.supply))
    return "\n".join(lines)


def _glyph(game, i: int):
    pos = game.pos
    if pos.ruler_at[i]:
        r = pos.ruler_at[i] - 1
        return str(r + 1), _RULER_FG[r]
    if pos.fig_at[i]:
        return "#", 255
    y = pos.yurt[i]
    if y == BLACK:
        return "*", 16
    if y:
        name = pos.owner_name(y)
        return name[0], _PLAYER_FG.get(name, 255)
    return " ", 255


def run(seed: int, players: int, turns: int, plain: bool) -> int:
    chooser = PCG32(seed, randplay.CHOOSER_STREAM)
    game = new_game("default", list(randplay.PLAYERS[:players]), VIRTUAL, seed, randplay.GAME_STREAM)
    print("Khan, %d players, seed %d. Rulers: %s" % (players, seed, "  ".join(
        "%d=%s" % (r + 1, RULERS[r]) for r in range(len(RULERS)))))
    shown = 0
    while game.phase != OVER and shown < turns:
        move = randplay.choose(game, chooser)
        if move[0] == "flip" and game.step == FLIP:
            who = game.player
            card, skipped, r, flight = game.flip()
            shown += 1
            c = card_json(card) or {"ruler": RULERS[r], "direction": "?", "symbol": "?"}
            f = flight_json(game.board, flight)
            print()
            print("Turn %d, %s flips %s %s (%s)%s" % (game.turn, who, c["ruler"], c["direction"], c["symbol"],
                                                      ", skipping %d card(s) of rulers at home" % len(skipped)
                                                      if skipped else ""))
            if f["to"]:
                over = " over " + " ".join(f["path"][:-1]) if len(f["path"]) > 1 else ""
                print("  %s flees %s%s to %s" % (RULERS[r], f["direction"], over, f["to"]))
            else:
                print("  %s goes home to his court" % RULERS[r])
            if f["returned"] and f["to"]:
                print("  home now: " + " ".join(f["returned"]))
            if f["final_phase"]:
                print("  the 5th ruler is home: the final phase begins")
            print(render(game, plain))
        else:
            randplay.play(game, move)
    return 0
