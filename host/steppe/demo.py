"""`steppe demo`: a seeded game of Khan played by the random player, flip by flip.

Shows what the companion computes at the table: which card came up, where the ruler
fled, who went home (the game's narration, story.py, as every steppe command tells a
game), and the board after each turn.
"""

from shared_rules.khan import randplay
from shared_rules.khan.board import CELL_CHARS
from shared_rules.khan.game import OVER, VIRTUAL
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
    from shared_rules import journal
    from steppe.story import Story

    settings = {"players": list(randplay.PLAYERS[:players]), "mode": VIRTUAL}
    story = Story(journal.header("khan", settings, seed))
    chooser = PCG32(seed, randplay.CHOOSER_STREAM)
    print("Khan, %d players, seed %d. Rulers: %s" % (players, seed, "  ".join(
        "%d=%s" % (r + 1, RULERS[r]) for r in range(len(RULERS)))))
    shown = 0
    while story.game.phase != OVER and shown < turns:
        action = randplay.action(story.game, chooser)
        if action is None:
            break
        flip = action["do"] == "flip"
        said = story.act(action)
        if flip:
            shown += 1
            print()
            print("Turn %d: %s" % (story.game.turn, said))
            print(render(story.game, plain))
    return 0
