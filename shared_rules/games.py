"""The four games the companion keeps: one row each, read by the menu, the app, sync and the ops.

Every game is a package of the same shape (shared_rules/<name>/): tables, game (new,
apply, the legal-action queries), state (the game to and from JSON), actions (the JSON
form of an action and the random draws it made), randplay (a seeded random player),
messages (every sentence: errors and the narration of a game) and ops.

A row: (name, label on the matrix, players min, max, default, whether the players pick
colours, the setting the menu's option sets, the option values with their labels).
"""

GAMES = (
    ("khan", "KHAN", 2, 4, 3, True, "mode", (("virtual", "DECK"), ("table", "TABL"))),
    ("chuhan", "CHU", 2, 2, 2, False, "events", (("off", "NOEV"), ("virtual", "EVNT"), ("table", "TABL"))),
    ("huns", "HUNS", 2, 4, 3, True, "", ()),
    ("khaan", "RISE", 2, 6, 3, True, "unit", (("turn", "TURN"), ("round", "RNDS"))),
)
NAMES = ("khan", "chuhan", "huns", "khaan")
COLOURS = ("red", "yellow", "blue", "green", "white", "purple")  # the players' colours, as ids
SIDES = ("han", "chu")  # Chu and Han's two players are the game's own sides


def row(name: str) -> tuple:
    return GAMES[NAMES.index(name)]


def module(name: str, part: str = "game"):
    """A game's module (its game by default): shared_rules.<name>.<part>."""
    return __import__("shared_rules." + name + "." + part, None, None, ("new",))


def settings(name: str, colours: list, option: int = 0) -> dict:
    """A new game's settings from the menu: the players' colours and the option chosen."""
    r = row(name)
    out = {}
    if r[5]:
        out["players"] = list(colours)
    if r[6]:
        out[r[6]] = r[7][option][0]
    return out


def players(name: str, settings: dict) -> list:
    """The players' ids (colours; Chu and Han's sides) from a game's settings."""
    if name == "chuhan":
        return list(SIDES)
    return list(settings.get("players") or [])
