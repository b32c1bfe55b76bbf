"""journal.put: a whole journal from the host, in parts, checked here before it replaces a game.

Part 0 starts a file incoming.jnl with the header; each part appends its lines (sealed
with their checksums as the device writes them); the last part replays the whole journal
strictly (every line whole, every action legal, every draw the one recorded). Only then
does it replace the game: the game's snapshots go, and the file is renamed over
NAME.jnl (a rename: atomic). Anything refused leaves the game as it was.
"""

import os

from rebuild import Reader
from record import SLOTS, Record, forget
from shared_rules import cjson, journal
from shared_rules.errors import RulesError, bad_args

INCOMING = "incoming.jnl"


def put(root: str, args: dict) -> "Record | None":
    """One part; the checked Record once the last part is in, else None."""
    lines = args.get("lines")
    part = args.get("part")
    last = args.get("last", False)
    if type(part) is not int or part < 0:
        raise bad_args("\"part\" must be the part's number, 0 first")
    if last is not True and last is not False:
        raise bad_args("\"last\" must be true or false")
    if not isinstance(lines, list) or not all(isinstance(e, dict) for e in lines) or (part == 0 and not lines):
        raise bad_args("\"lines\" must be a list of journal lines as objects (part 0: the header first)")
    path = root + INCOMING
    if part == 0:
        journal.check_header(lines[0])
    else:
        try:
            os.stat(path)
        except OSError:
            raise bad_args("part " + str(part) + " has no part 0 before it")
    with open(path, "w" if part == 0 else "a") as f:
        for e in lines:
            f.write(journal.seal(cjson.dumps(e)))
    if not last:
        return None
    import json

    try:
        with open(path) as f:
            name = json.loads(journal.unseal(Reader(f).line(0)) or "{}").get("game")
        rec = Record.open(root, name, path)
        fits = getattr(__import__("ui." + name, None, None, ("screen",)), "fits", None)
        if fits is not None:
            fits(rec.game)
    except RulesError:
        forget(path)
        raise
    except Exception as e:
        forget(path)
        raise bad_args("the journal does not replay: " + type(e).__name__)
    final = root + name + ".jnl"
    for k in range(SLOTS):
        forget(rec._slot(k))
    os.rename(path, final)
    rec.path = final
    return rec
