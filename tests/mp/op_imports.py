"""Run under CPython and MicroPython by tests/test_op_imports.py: each op's first request
imports its rules modules one at a time, leaves first (firmware/rulesop.py load_rules: its
game's ops module's own imports, FIRST, then the module, then the module's NEEDS), and the
op itself imports nothing more.

argv: a JSON file {"first": rulesop.FIRST, "cases": {op: [args, ...]}}. Prints one line:
"ok N" or what went wrong.
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


def main() -> None:
    with open(sys.argv[1]) as f:
        given = json.load(f)
    first = given["first"]
    cases = given["cases"]
    wrong = []
    for op in sorted(cases):
        game = op[:op.find(".")]
        _forget()
        path = "shared_rules.rng_ops" if game == "rng" else "shared_rules." + game + ".ops"
        names = ["shared_rules." + m for m in first[game].split()] + [path]
        for name in names:
            before = _loaded()
            __import__(name)
            new = [m for m in _loaded() if m not in before and m != name and m.count(".") > 1]
            if name in before or new:
                wrong.append(op + ": " + name + " imports " + (", ".join(new) or "nothing new"))
            if name == path:  # the ops module loaded: then its NEEDS
                names.extend(["shared_rules." + m for m in _needs(sys.modules[path], op[op.find(".") + 1:])])
        before = _loaded()
        for args in cases[op]:
            ops.reply(op, args)
        new = [m for m in _loaded() if m not in before]
        if new:
            wrong.append(op + " itself imports " + ", ".join(new))
    print("ok " + str(len(cases)) if not wrong else "\n".join(wrong))


main()
