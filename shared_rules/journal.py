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
actions that are still in force (Stack) applied in order. Replaying an action must give
the draws it recorded: a journal whose draws disagree is not this game's.
"""

from binascii import crc32

from shared_rules import cjson
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


def header(game: str, settings: dict, seed: int = -1, state=None) -> dict:
    out = {"game": game, "journal": VERSION, "settings": settings}
    if state is not None:
        out["state"] = state
    else:
        out["seed"] = seed
    return out


class Stack:
    """The actions in force (items: journal lines, or their places in the file) and the
    ones undone since the last new action, which redo brings back, last undone first."""

    def __init__(self, items=None, undone=None) -> None:
        self.items = items if items is not None else []
        self.undone = undone if undone is not None else []

    def push(self, item) -> None:
        """A new action: what was undone can no longer be redone."""
        self.items.append(item)
        if self.undone:
            self.undone = []

    def undo(self):
        """Take the last action back (None when there is none)."""
        if not self.items:
            return None
        item = self.items.pop()
        self.undone.append(item)
        return item

    def redo(self):
        """Bring the last undone action back (None when there is none)."""
        if not self.undone:
            return None
        item = self.undone.pop()
        self.items.append(item)
        return item

    def feed(self, text: str, item) -> bool:
        """One line's JSON text: an action (pushed as item), undo or redo. False when the
        line is none of them, or an undo or redo with nothing to act on."""
        if text.startswith(ACTION):
            self.push(item)
            return True
        if text == UNDO:
            return self.undo() is not None
        if text == REDO:
            return self.redo() is not None
        return False


# -- reading a whole journal (the host, the tests, a journal pushed to the device) ----------
def check_header(head) -> dict:
    """A header, every field checked (bad_args names the field)."""
    from shared_rules.games import NAMES, module

    if not isinstance(head, dict):
        raise bad_args("journal header must be a JSON object")
    for key in head:
        if key not in ("game", "journal", "seed", "settings", "state"):
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
    return head


def start(head: dict):
    """The game a (checked) header starts: a new game, or the game at its position."""
    from shared_rules.games import module

    name = head["game"]
    if "state" in head:
        return module(name, "state").game(head["state"])
    return module(name).new(head["settings"], head["seed"])


def parse_lines(lines) -> "tuple[dict, list]":
    """(header, [JSON text of each entry]) of journal lines (str), each checksum checked:
    bad_args naming the first line that is torn or damaged (line 1 is the header)."""
    import json

    texts = []
    k = 0
    for line in lines:
        k += 1
        text = unseal(line)
        if text is None:
            raise bad_args("journal line " + str(k) + " is damaged (its checksum does not match)")
        texts.append(text)
    if not texts:
        raise bad_args("the journal is empty: it needs its header line")
    try:
        head = json.loads(texts[0])
    except ValueError:
        raise bad_args("journal line 1 is not JSON")
    return check_header(head), texts[1:]


def in_force(texts: list) -> "list[int]":
    """The indexes (into texts) of the actions in force after every undo and redo."""
    stack = Stack()
    for k in range(len(texts)):
        if not stack.feed(texts[k], k):
            raise bad_args("journal line " + str(k + 2) + " is no action, undo or redo that can apply here")
    return stack.items


def replay(head: dict, texts: list, each=None):
    """The game a journal stands at: the header's game, its actions in force applied in
    order, each one's draws compared with what it recorded. each(game, k, entry, event,
    who) is called after each action (k: its index in texts; who: the game's actor before
    it). bad_args names the line that does not apply or whose draws differ."""
    import json

    from shared_rules.errors import RulesError
    from shared_rules.games import module

    name = head["game"]
    game_mod = module(name)
    draws_of = module(name, "actions").draws
    try:
        game = start(head)
    except RulesError as err:
        raise bad_args("journal line 1: " + err.message)
    for k in in_force(texts):
        where = "journal line " + str(k + 2)
        try:
            e = json.loads(texts[k])
        except ValueError:
            raise bad_args(where + " is not JSON")
        if not isinstance(e, dict) or "a" not in e:
            raise bad_args(where + " is not an action")
        who = game_mod.actor(game)
        try:
            event = game_mod.apply(game, e["a"])
        except RulesError as err:
            raise bad_args(where + " does not apply: " + err.message)
        got = draws_of(e["a"], event)
        if cjson.dumps(got) != cjson.dumps(e.get("r")):
            raise bad_args(where + " recorded the draws " + cjson.dumps(e.get("r"))[:80] + " but the game draws "
                           + cjson.dumps(got)[:80])
        if each is not None:
            each(game, k, e, event, who)
    return game
