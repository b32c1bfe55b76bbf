"""A whole journal replayed: the actions in force after every undo and redo, each action
applied with the rules core and its draws compared with the ones it recorded.

The host proves a device's game this way (steppe verify --game, sync push, the story of
a game); the line format itself is shared_rules/journal.py.
"""

import sys

if sys.implementation.name == "micropython":
    import ujson as json  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
else:  # (CPython: its own, never a ujson package the host may have)
    import json

from shared_rules import cjson
from shared_rules.errors import bad_args
from shared_rules.journal import ACTION, REDO, UNDO, check_header, start, unseal


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


def parse_lines(lines) -> "tuple[dict, list]":
    """(header, [JSON text of each entry]) of journal lines (str), each checksum checked:
    bad_args naming the first line that is torn or damaged (line 1 is the header)."""
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
