"""Errors every op reports the same way: {"ok": false, "error": {"code", "message"}}.

The rules engine raises errors by message key with values, e.g.
illegal("khan.no_yurt", "C4"); the sentence comes from the game's catalogue
(shared_rules/khan/messages.py; keys without a game from shared_rules/messages.py) only
when somebody reads it. So the catalogue costs the device no
RAM while nothing goes wrong, and every sentence a player can see is in one place.
A text with a space in it is already a sentence and is shown as it is.
"""

BAD_JSON = "bad_json"  # the line is not JSON
TOO_LONG = "too_long"  # the line is over the documented limit
UNKNOWN_OP = "unknown_op"  # no such op in the table
BAD_ARGS = "bad_args"  # JSON, but not arguments the op accepts
ILLEGAL = "illegal"  # well-formed, but the rules forbid it
INTERNAL = "internal"  # a bug of ours; never a traceback to the user
NO_MEMORY = "no_memory"  # the device ran out of RAM for this request; it serves the next one
NO_SPACE = "no_space"  # the device's flash is full (or will not take a write): nothing was changed


def describe(text: str, *values) -> str:
    """The sentence for a message key and its values (or a sentence as it is)."""
    if " " in text:
        return text
    dot = text.find(".")
    module = "shared_rules." + (text[:dot] + ".messages" if dot > 0 else "messages")
    catalogue = __import__(module, None, None, ("TEXT",))
    from shared_rules.messages import sentence  # (loaded with the catalogues: an error's, not the play's)

    template = sentence(catalogue, text)
    if template is None:
        return text + "".join(" " + str(v) for v in values)
    return template.format(*values, **getattr(catalogue, "FILL", {}))


class RulesError(Exception):
    """A one-line, user-facing error with a stable code."""

    def __init__(self, code: str, text: str, values: tuple = ()) -> None:
        super().__init__(text)
        self.code = code
        self.text = text
        self.values = values

    @property
    def message(self) -> str:
        return describe(self.text, *self.values)


def message(e) -> str:
    """What an error says: a RulesError's (or a Damaged journal's) sentence, else the name
    of its type - never its Python text, which may be a traceback's words."""
    msg = getattr(e, "message", None)
    return msg if isinstance(msg, str) else type(e).__name__


def bad_args(text: str, *values) -> RulesError:
    return RulesError(BAD_ARGS, text, values)


def illegal(text: str, *values) -> RulesError:
    return RulesError(ILLEGAL, text, values)
