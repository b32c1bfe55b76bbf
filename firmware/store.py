"""Power-safe persistence: the whole game is saved after every change.

save() writes the new state to a temp file, closes it (littlefs commits file data on
close) and renames it over the old one: littlefs makes a single rename atomic even
across power loss, so a cut at any moment leaves the old state or the new, never a
broken one. No remove() first - that would open a window with no state at all.

keep() does the same but first moves the old state aside as GAME.undo (its own atomic
rename): that is the undo of the last action, kept on flash, not in RAM. A cut between
the two renames leaves only the undo file; load_kept() takes it then - the state before
the interrupted change.
"""

import json
import os

from shared_rules import cjson

STATE = "state.json"
TEMP = "state.tmp"


def save(obj, path: str = STATE) -> None:
    tmp = path[:-4] + "tmp" if path.endswith(".json") else path + ".tmp"
    with open(tmp, "w") as f:
        cjson.dump(obj, f.write)
    os.rename(tmp, path)


def keep(obj, path: str, undo: str) -> None:
    """Save obj (a JSON-able object or a cjson.Streamed) as the new state at path, the old
    one becoming undo."""
    tmp = path[:-4] + "tmp"
    with open(tmp, "w") as f:
        cjson.dump(obj, f.write)
    try:
        os.rename(path, undo)
    except OSError:
        pass  # no old state yet (a new game)
    os.rename(tmp, path)


def load_kept(path: str, undo: str):
    """The state at path; if a cut came between keep()'s renames, the undo file."""
    data, why = load(path)
    if data is None and not why:
        try:
            os.rename(undo, path)
        except OSError:
            return None, ""
        return load(path)
    return data, why


def load(path: str = STATE):
    """The saved object, or None when there is none or it cannot be read (a message is
    returned as the second value so the device can say why)."""
    try:
        with open(path) as f:
            return json.load(f), ""
    except OSError:
        return None, ""
    except ValueError:
        return None, path + " is not valid JSON; starting afresh"


def append(obj, path: str) -> None:
    """One JSON line at the end of a log file."""
    with open(path, "a") as f:
        cjson.dump(obj, f.write)
        f.write("\n")


def write_lines(paths, out) -> None:
    """The JSON lines of log files as one JSON array through out.append, a line at a time;
    lines that do not parse (a write torn by a power cut) are left out."""
    out.append("[")
    first = True
    for path in paths:
        try:
            f = open(path)
        except OSError:
            continue
        with f:
            for line in f:
                line = line.strip()
                try:
                    json.loads(line)
                except ValueError:
                    continue
                out.append(line if first else "," + line)
                first = False
    out.append("]")


def forget(path: str = STATE) -> None:
    try:
        os.remove(path)
    except OSError:
        pass
