"""Small power-safe files: a JSON object saved whole (app.json, which game is current).

save() writes the new object to a temp file, closes it (littlefs commits file data on
close) and renames it over the old one: littlefs makes a single rename atomic even
across power loss, so a cut at any moment leaves the old file or the new, never a broken
one. No remove() first - that would open a window with no file at all. The games
themselves are journals (record.py).
"""

import sys

if sys.implementation.name == "micropython":
    import ujson as json  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
else:  # (CPython: its own, never a ujson package the host may have)
    import json

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
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
    and nesting (depth: shallow) are bounded before it is parsed, so a damaged file is one
    that cannot be read - never one that makes the box run out of RAM at every boot (on
    MicroPython json.loads of a deep text runs the stack or the heap out); a MemoryError is
    the heap's, and goes up as it is."""
    try:
        with open(path) as f:
            text = f.read(limit + 1)
    except OSError:
        return None, ""
    except ValueError:  # (not UTF-8)
        text = None
    try:
        if text is None or len(text) > limit or not shallow(text, depth):
            raise ValueError
        return json.loads(text), ""
    except ValueError:  # not JSON, or too long or too deep for one of ours
        return None, path + " cannot be read; starting afresh"


def shallow(text, depth: int, few: int = 0) -> bool:
    """Whether no array or object in the JSON text (str or bytes) nests deeper than depth: a
    glance, not a parse (brackets outside strings counted). A text with at most
    max(depth, few) brackets in all passes at C speed: few is for lines a parse of which
    cannot cost more than a whole game's state does however they nest (FEW), so a late Khan
    state (~90 brackets) is never walked a byte at a time at boot."""
    if isinstance(text, str):
        if text.count("[") + text.count("{") <= max(depth, few):
            return True
        text = text.encode()
    elif text.count(b"[") + text.count(b"{") <= max(depth, few):
        return True
    level = 0
    quoted = False
    escaped = False
    for c in text:  # (bytes: a str is walked several times slower on MicroPython)
        if quoted:
            if escaped:
                escaped = False
            elif c == 92:  # \\
                escaped = True
            elif c == 34:  # "
                quoted = False
        elif c == 34:
            quoted = True
        elif c == 91 or c == 123:  # [ {
            level += 1
            if level > depth:
                return False
        elif c == 93 or c == 125:  # ] }
            level -= 1
    return True


FEW = 160  # brackets: json.loads of a line with no more, however they nest, holds less than a late Khan
# game's state (~90 brackets, 3-5 KB) holds anyway; a line with more is walked for its depth first


def aside(path: str) -> str:
    """The name a file set aside takes: path + ".bad", or when one is there already (an
    earlier damage, not yet fetched by steppe sync pull --rescue) path + ".2.bad" and on,
    so nothing set aside is lost to the next; past 9, the last is replaced."""
    name = path + ".bad"
    for k in range(2, 10):
        try:
            os.stat(name)
        except OSError:
            return name
        name = path + "." + str(k) + ".bad"
    return name
