"""Games saved before journals (firmware 0.1: NAME.json, NAME.undo, NAME.log) become journals.

Read once at boot, with the game's checked reader: a good one becomes a journal whose
history starts at that position (the old log of button presses cannot be replayed, so it
goes); a save that cannot be read is kept as NAME.json.bad and named in the notice -
never a crash, never silently lost.
"""

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os

import store
from record import Record, forget
from shared_rules import journal
from shared_rules.errors import message

OLD_SAVE = 65536  # characters: the longest old save read (a late 4-player Khan game's is ~6,000)


def old_save(root: str, name: str) -> str:
    """Convert NAME.json; a notice when it had to be refused, else "". Beside a journal of
    the same game (a game played since, or a save copied back by hand) it is never taken
    over the game in progress: it is kept aside, and said."""
    path = root + name + ".json"
    try:
        os.stat(root + name + ".jnl")
        journal_there = True
    except OSError:
        journal_there = False
    if journal_there:
        kept = store.aside(path)
        try:
            os.rename(path, kept)
        except OSError:  # (it stays; the next boot says so again)
            kept = path
        return name + ".json (a game saved by an older firmware) was not taken: a game of " + name \
            + " is in progress on the box; the old save is kept as " + kept[len(root):] \
            + " (steppe sync pull --rescue fetches it)"
    data, why = store.load(path, OLD_SAVE, 12)
    try:
        if data is None:
            raise ValueError(why or "unreadable")
        if name == "khaan" and isinstance(data, dict) and "game" not in data:
            data["game"] = "khaan"  # the old Rise of the Khaan screen saved its game without it
        mod = __import__("shared_rules." + name + ".game", None, None, ("settings_of",))
        settings = mod.settings_of(journal.start({"game": name, "state": data}))
        colours = _old_colours(root, name)
        if "players" in settings and colours and len(colours) == len(settings["players"]):
            settings["players"] = colours
        Record.create(root, journal.header(name, settings, state=data))
    except MemoryError:  # the heap's, not the file's: it stays, for the next boot
        raise
    except Exception as e:
        kept = store.aside(path)
        try:
            os.rename(path, kept)
        except OSError:
            pass
        return name + ".json (saved by an older firmware) could not be read (" + message(e) + "): kept as " \
            + kept[len(root):]
    for old in (".json", ".undo", ".log", ".log.old"):
        forget(root + name + old)
    return ""


def _old_colours(root: str, name: str):
    data, _ = store.load(root + "app.json")
    colours = data.get("colours") if isinstance(data, dict) else None
    return colours.get(name) if isinstance(colours, dict) else None
