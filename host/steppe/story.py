"""The story of a game: its journal replayed with the rules core, one sentence a line.

Shared by everything on the host that tells a game: `steppe sync pull` (the history), the
front panel of `steppe play` (each action as it happens, what an undo took back),
`steppe demo`, and the game records. Every action is checked on the way (it applies, it
draws what it recorded), so a story is only told of a journal that is the game.
"""

import json

from shared_rules import cjson, journal, replay
from shared_rules.games import module, players


class Story:
    """A journal being told line by line: feed() each line's JSON text in order."""

    def __init__(self, head: dict) -> None:
        self.head = journal.check_header(head)
        self.name = head["game"]
        self.game_mod = module(self.name)
        self.draws = module(self.name, "actions").draws
        self.narrate = module(self.name, "narration").narrate
        self.names = players(self.name, head["settings"])
        self.game = journal.start(head)
        self.texts: "list[str]" = []  # every line after the header, as fed
        self.stack = replay.Stack()  # indexes into texts of the actions in force
        self.told: "dict[int, str]" = {}  # the sentence of each action line

    def feed(self, text: str) -> str:
        """One more line: its sentence (an undo or redo says what it took back or made
        again). bad_args (shared_rules.errors) naming the line when it is not the game's."""
        k = len(self.texts)
        where = "journal line " + str(k + 2)
        self.texts.append(text)
        if text == journal.UNDO:
            item = self.stack.undo()
            if item is None:
                raise journal.bad_args(where + ": an undo with nothing to take back")
            self.game = replay.replay(self.head, self.texts)
            return "undo: " + self.told[item]
        if text == journal.REDO:
            item = self.stack.redo()
            if item is None:
                raise journal.bad_args(where + ": a redo with nothing to make again")
            self._apply(json.loads(self.texts[item]), where)
            return "redo: " + self.told[item]
        try:
            entry = json.loads(text)
        except ValueError:
            raise journal.bad_args(where + " is not JSON")
        if not isinstance(entry, dict) or "a" not in entry:
            raise journal.bad_args(where + " is no action, undo or redo")
        sentence = self._apply(entry, where)
        self.stack.push(k)
        self.told[k] = sentence
        return sentence

    def act(self, action: dict) -> str:
        """An action made here, not read from a journal (the demo): applied, written into
        the story's journal with the draws it made, and told. RulesError if refused."""
        who = self._who()
        event = self.game_mod.apply(self.game, action)
        entry = journal.entry(action, self.draws(action, event))
        k = len(self.texts)
        self.texts.append(cjson.dumps(entry))
        self.stack.push(k)
        self.told[k] = self.narrate(self.game, who, action, event, self.names)
        return self.told[k]

    def _who(self) -> str:
        who = self.game_mod.actor(self.game)
        if isinstance(who, int):
            return self.names[who] if 0 <= who < len(self.names) else ""
        return who

    def _apply(self, entry: dict, where: str) -> str:
        from shared_rules.errors import RulesError

        who = self._who()
        try:
            event = self.game_mod.apply(self.game, entry["a"])
        except RulesError as e:
            raise journal.bad_args(where + " does not apply: " + e.message)
        got = self.draws(entry["a"], event)
        if cjson.dumps(got) != cjson.dumps(entry.get("r")):
            raise journal.bad_args(where + " recorded the draws " + cjson.dumps(entry.get("r"))[:80]
                                   + " but the game draws " + cjson.dumps(got)[:80])
        return self.narrate(self.game, who, entry["a"], event, self.names)


def tell(lines: list) -> "list[tuple[int, str]]":
    """(line number, sentence) of every line after the header of a journal given as JSON
    objects (log.get's "journal", a sync file's)."""
    story = Story(lines[0])
    return [(k + 2, story.feed(cjson.dumps(lines[k + 1]))) for k in range(len(lines) - 1)]
