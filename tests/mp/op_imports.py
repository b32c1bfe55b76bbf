"""Run under CPython and MicroPython by tests/test_op_imports.py: each op's first request
imports its rules modules one at a time, leaves first (firmware/rulesop.py load_rules: its
game's ops module's own imports, FIRST, then the module, then the module's NEEDS), each of
them importing nothing unlisted; then the op, given its cases as steppe sends them, imports
nothing more on its way to an answer but a game's messages (a refusal's sentence), and each
module it lists is one its cases import when it is not loaded (none imported for nothing). Cases
that take another way (Khan's pieces and states as JSON, an error) import what they need
there and then, and are answered all the same (never an internal error).

argv: a JSON file {"first": rulesop.FIRST, "cases": {op: [args as sent, ...]}, "plain":
{op: [args as JSON, ...]}}. Prints one line: "ok N" or what went wrong.
"""

import json
import sys

from shared_rules import ops

BOOT = ("shared_rules", "shared_rules.ops", "shared_rules.cjson", "shared_rules.errors", "shared_rules.games",
        "shared_rules.pause")


def _loaded() -> list:
    return [m for m in sys.modules if m.startswith("shared_rules")]


def _forget() -> None:
    """Every rules module but what the device's link holds once it answered a rules op
    (BOOT) let go."""
    for m in _loaded():
        if m not in BOOT:
            del sys.modules[m]


def _needs(mod, op: str) -> list:
    text = getattr(mod, "NEEDS", "")
    at = text.find(";" + op + " ")
    if at < 0:
        return []
    at += len(op) + 2
    return text[at:text.find(";", at)].split()


def _load(first: dict, op: str, wrong: list, needs: bool = True) -> None:
    """A fresh start (BOOT only), then op's modules as load_rules imports them; what one of
    them imports unlisted, or a module listed twice, into wrong. needs: False, its game's
    ops module and what that imports only (FIRST), not the op's own NEEDS."""
    _forget()
    game = op[:op.find(".")]
    path = ops.ops_name(game)
    names = ["shared_rules." + m for m in first[game].split()] + [path]
    for name in names:
        before = _loaded()
        __import__(name)
        new = [m for m in _loaded() if m not in before and m != name and m.count(".") > 1]
        if name in before or new:
            wrong.append(op + ": " + name + " imports " + (", ".join(new) or "nothing new"))
        if name == path and needs:  # the ops module loaded: then its NEEDS
            names.extend(["shared_rules." + m for m in _needs(sys.modules[path], op[op.find(".") + 1:])])


def _wording(name: str) -> bool:
    """A game's messages (or the shared ones): a refusal's sentence, imported when one is worded."""
    return name == "shared_rules.messages" or name.endswith(".messages")


ASKED = ("fast_rng", "khan.fast", "khan.fast_pieces")  # machine code the rules take where it is loaded (sys.modules.get),
# and never import: loaded by NEEDS for the ops that draw or search, and let go with them


def _unneeded(first: dict, op: str, cases: list) -> list:
    """The modules op's NEEDS lists that none of its cases imports when they are not loaded
    (its game's FIRST and ops module only): each is an import a press waits for on the
    device's first request of the op, for nothing."""
    _load(first, op, [], False)
    before = _loaded()
    for args in cases:
        ops.reply(op, args)
    used = [m[13:] for m in _loaded() if m not in before]
    mod = sys.modules[ops.ops_name(op[:op.find(".")])]
    return [m for m in _needs(mod, op[op.find(".") + 1:]) if m not in used and m not in ASKED]


def main() -> None:
    with open(sys.argv[1]) as f:
        given = json.load(f)
    first = given["first"]
    wrong = []
    for op in sorted(given["cases"]):
        extra = _unneeded(first, op, given["cases"][op])
        if extra:
            wrong.append(op + " lists " + ", ".join(extra) + ", which none of its cases imports")
        _load(first, op, wrong)
        for args in given["cases"][op]:
            before = _loaded()
            reply = ops.reply(op, args)
            new = [m for m in _loaded() if m not in before]
            more = [m for m in new if not _wording(m)]
            if reply["ok"] and more:
                wrong.append(op + " itself imports " + ", ".join(more) + " for " + json.dumps(args)[:80])
            if not reply["ok"] and reply["error"]["code"] == "internal":
                wrong.append(op + ": " + reply["error"]["message"])
            if new:  # (a fresh start: what this case imported must not hide what the next needs)
                _load(first, op, [])
        for args in given["plain"].get(op, ()):
            reply = ops.reply(op, args)
            if not reply["ok"] and reply["error"]["code"] == "internal":
                wrong.append(op + " (as JSON): " + reply["error"]["message"])
    print("ok " + str(len(given["cases"])) if not wrong else "\n".join(wrong))


main()
