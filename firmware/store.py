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


MAX_FILE = 4096  # bytes: app.json and settings.json are a few dozen; a longer one is not ours
MAX_DEPTH = 8  # levels of nesting: theirs are two


def load(path: str, limit: int = MAX_FILE, depth: int = MAX_DEPTH):
    """The saved object, or None when there is none or it cannot be read (a message is
    returned as the second value so the device can say why). Its length (limit: characters)
    and nesting (depth) are bounded before it is parsed, so a damaged file is one that cannot be read - never one
    that makes the box run out of RAM at every boot; a MemoryError is the heap's, and goes
    up as it is."""
    try:
        with open(path) as f:
            text = f.read(limit + 1)
    except OSError:
        return None, ""
    except ValueError:  # (not UTF-8)
        text = None
    if text is None or len(text) > limit or not _shallow(text, depth):
        return None, path + " cannot be read; starting afresh"
    try:
        return json.loads(text), ""
    except ValueError:  # not JSON
        return None, path + " cannot be read; starting afresh"


def _shallow(text: str, depth: int) -> bool:
    """Whether no array or object in the JSON text nests deeper than depth (a glance, not
    a parse: brackets outside strings counted)."""
    level = 0
    quoted = False
    escaped = False
    for c in text:
        if quoted:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "[" or c == "{":
            level += 1
            if level > depth:
                return False
        elif c == "]" or c == "}":
            level -= 1
    return True
