"""journal.put: a whole journal from the host, in parts, checked here before it replaces a game.

Part 0 starts a file incoming.jnl with the header; each part appends its lines (sealed
with their checksums as the device writes them); the last part's lines in, the file is
renamed incoming.all (whole, waiting for its replay) and the whole journal replayed
strictly (every line whole, every action legal, every draw the one recorded). Only then
does it replace the game: the game's snapshots go, and the file is renamed over
NAME.jnl (a rename: atomic). Anything refused leaves the game as it was.

A replay that runs out of RAM is no refusal of the journal: the MemoryError goes up as it
is (the link answers no_memory; session.replace first lets the game in play go and tries
once more), and incoming.all stays, so the last part sent again - by session.replace, or by the
host after no_memory - replays it without appending its lines twice.
"""

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os

from rebuild import Reader, entry_of
from record import SLOTS, Record, forget
from shared_rules import cjson, journal
from shared_rules.errors import RulesError, bad_args

INCOMING = "incoming.jnl"
WHOLE = "incoming.all"  # the journal with its last part in, until it replays


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
    whole = root + WHOLE
    if part == 0:
        journal.check_header(lines[0])
        forget(whole)
    elif not _exists(path) and not (last and _exists(whole)):
        raise bad_args("part " + str(part) + " has no part 0 before it")
    if part == 0 or _exists(path):  # (else: the last part sent again after no_memory: its lines are in)
        with open(path, "w" if part == 0 else "a") as f:
            for e in lines:
                f.write(journal.seal(cjson.dumps(e)))
    if not last:
        return None
    if _exists(path):
        os.rename(path, whole)
    try:
        with open(whole, "rb") as f:
            head = entry_of(Reader(f).line(0))
        name = head.get("game") if isinstance(head, dict) else None
        if not isinstance(name, str):
            raise bad_args("journal line 1 is no journal's header")
        rec = Record.open(root, name, whole)
        fits = getattr(__import__("ui." + name, None, None, ("screen",)), "fits", None)
        if fits is not None:
            fits(rec.game)
    except MemoryError:  # the journal may be good: it stays for the next try
        rec = None
        raise
    except RulesError:
        forget(whole)
        raise
    except Exception as e:
        forget(whole)
        raise bad_args("the journal does not replay: " + type(e).__name__)
    final = root + name + ".jnl"
    for k in range(SLOTS):
        forget(rec._slot(k))
    os.rename(whole, final)
    rec.path = final
    return rec


def _exists(path: str) -> bool:
    try:
        os.stat(path)
        return True
    except OSError:
        return False
