"""Small power-safe files: a JSON object saved whole (app.json, which game is current).

save() writes the new object to a temp file, closes it (littlefs commits file data on
close) and renames it over the old one: littlefs makes a single rename atomic even
across power loss, so a cut at any moment leaves the old file or the new, never a broken
one. No remove() first - that would open a window with no file at all. The games
themselves are journals (record.py).
"""

import json
import os

from shared_rules import cjson


def save(obj, path: str) -> None:
    replace(path, lambda write: cjson.dump(obj, write))


def replace(path: str, fill) -> None:
    """The file at path written whole by fill(write), as described above (a text file too:
    the own Khan board, ownboard.py)."""
    tmp = path[:-4] + "tmp" if path.endswith(".json") else path + ".tmp"
    with open(tmp, "w") as f:
        fill(f.write)
    os.rename(tmp, path)


def load(path: str):
    """The saved object, or None when there is none or it cannot be read (a message is
    returned as the second value so the device can say why)."""
    try:
        with open(path) as f:
            return json.load(f), ""
    except OSError:
        return None, ""
    except Exception:  # not JSON, nested too deep for the heap: the file cannot be read
        return None, path + " cannot be read; starting afresh"
