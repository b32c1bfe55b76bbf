"""A game as a journal: a header, then one line per action, undo or redo.

The device saves a game by appending one line, and the host proves the device's game by
replaying the same lines with the same rules code. A line is canonical JSON, a tab and a
short checksum (the low 16 bits of its CRC-32, four hex digits), so a line torn by a
power cut, or changed by hand, is recognised and named:

  header  {"game": name, "journal": 1, "settings": {...}, "seed": n}
          or, for a game that starts at a given position, "state": {...} instead of "seed"
  action  {"a": action, "r": draws}      "r" (the random draws it made) only when it drew
  undo    {"undo": 1}                    the last action is taken back
  redo    {"redo": 1}                    the last action taken back is made again

Undo and redo are lines too, so saving is always an append and the history keeps every
step, undos included. The game the journal stands at is the header's game with the
actions that are still in force applied in order (shared_rules/replay.py: the whole
journal replayed, each action's draws compared with what it recorded; the device keeps
the places of its actions in firmware/record.py). This module is the format alone: all
the device needs to write and read its lines.
"""

try:
    from ubinascii import crc32  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from binascii import crc32

from shared_rules.errors import bad_args

VERSION = 1
UNDO = '{"undo":1}'
REDO = '{"redo":1}'
ACTION = '{"a":'
MAX_SEED = 0xFFFFFFFFFFFFFFFF


def check(text: str) -> str:
    """The checksum of a line's JSON text: four hex digits."""
    return "%04x" % (crc32(text.encode()) & 0xFFFF)


def seal(text: str) -> str:
    """A whole journal line for the JSON text: text, tab, checksum, newline."""
    return text + "\t" + check(text) + "\n"


def unseal(line) -> "str | None":
    """The JSON text of a whole journal line (str or bytes), or None when it is torn (no
    newline, no checksum) or its checksum does not match (a damaged or changed line)."""
    if isinstance(line, (bytes, bytearray)):
        try:
            line = line.decode()
        except UnicodeError:
            return None
    if len(line) < 7 or line[-1] != "\n" or line[-6] != "\t":
        return None
    text = line[:-6]
    return text if check(text) == line[-5:-1] else None


def entry(action: dict, draws) -> dict:
    out = {"a": action}
    if draws:
        out["r"] = draws
    return out


def header(game: str, settings: dict, seed: int = -1, state=None, start=None) -> dict:
    """A journal's first line. start: when the game began (seconds since 1970 UTC), when
    the box's clock was set by a host; left out otherwise."""
    out = {"game": game, "journal": VERSION, "settings": settings}
    if start is not None:
        out["start"] = start
    if state is not None:
        out["state"] = state
    else:
        out["seed"] = seed
    return out


def check_header(head) -> dict:
    """A header, every field checked (bad_args names the field)."""
    from shared_rules.games import NAMES, module

    if not isinstance(head, dict):
        raise bad_args("journal header must be a JSON object")
    for key in head:
        if key not in ("game", "journal", "seed", "settings", "state", "start"):
            raise bad_args("journal header has an unknown key \"" + str(key)[:20] + "\"")
    if head.get("journal") != VERSION:
        raise bad_args("journal version must be " + str(VERSION))
    game = head.get("game")
    if game not in NAMES:
        raise bad_args("journal game must be one of " + ", ".join(NAMES))
    module(game).check_settings(head.get("settings"))
    if ("state" in head) == ("seed" in head):
        raise bad_args("a journal header has either \"seed\" (a new game) or \"state\" (a game from a position)")
    if "seed" in head:
        seed = head["seed"]
        if type(seed) is not int or seed < 0 or seed > MAX_SEED:
            raise bad_args("journal seed must be an integer 0..2**64-1")
    start = head.get("start", 0)
    if type(start) is not int or start < 0:
        raise bad_args("journal start must be seconds since 1970, 0 or more")
    return head


def start(head: dict):
    """The game a (checked) header starts: a new game, or the game at its position."""
    from shared_rules.games import module

    name = head["game"]
    if "state" in head:
        return module(name, "state").game(head["state"])
    return module(name).new(head["settings"], head["seed"])
