"""Finished games kept on flash: the archive the players' history is pulled from.

When a game ends, its journal is copied into ended/ as one file: a first line (sealed
like a journal line) with what the history lists - the game, its settings, when it began
and ended, its length and its summary - then the journal itself, byte for byte. The host
(`steppe history pull`) lists the archive (archive.list), fetches each game it does not
have (archive.get) and replays its journal before storing it.

A game's id is the CRC-32 of its journal's first line (the header: game, settings, dice
seed, start): the same game archived again (undone at its end, then ended anew) replaces
its file. Files are named SEQ-ID, SEQ counting up: past the flash budget the oldest go.
This module is imported at a game's end and for the host's archive ops only.
"""

import gc

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os

import sys

from rebuild import Reader, entry_of

from shared_rules import cjson
from shared_rules.errors import bad_args
from shared_rules.journal import seal

# the folder on flash: not "archive", which the board's own "" on sys.path would import as
# a namespace package in place of this module (found by steppe history on the virtual Pico)
FOLDER = "ended"
BUDGET = 160 * 1024  # bytes of flash for finished games: about 20 whole 4-player Khan games
BLOCK = 512


def _dir(root: str) -> str:
    return root + FOLDER + "/"


def _files(root: str) -> list:
    """The archive's files, oldest first (their SEQ), temp files left by a cut removed."""
    try:
        names = os.listdir(root + FOLDER)
    except OSError:
        return []
    out = []
    for name in names:
        if name.endswith(".tmp"):
            _remove(_dir(root) + name)
        elif "-" in name:
            out.append(name)
    out.sort()
    return out


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def _size(path: str) -> int:
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def keep(rec, summary: dict, start, end, clock: str, budget: int = BUDGET) -> str:
    """Archive the game of a Record (its journal copied, its first line the meta): its id.
    OSError when the flash cannot take it (the game in play is untouched either way)."""
    root = rec.root
    try:
        os.mkdir(root + FOLDER)
    except OSError:
        pass
    gid = rec.head_id
    names = _files(root)
    seq = int(names[-1].split("-")[0]) + 1 if names else 1
    meta = {"id": gid, "game": rec.name, "settings": rec.settings, "start": start, "end": end, "clock": clock,
            "actions": rec.count(), "summary": summary, "crc": rec.crc}  # (crc: the journal's, as the box wrote it)
    final = _dir(root) + "%06d-%s" % (seq, gid)
    tmp = final + ".tmp"
    try:
        with open(tmp, "wb") as out:
            out.write(seal(cjson.dumps(meta)).encode())
            with open(rec.path, "rb") as src:
                while True:
                    block = src.read(BLOCK)
                    if not block:
                        break
                    out.write(block)
        for name in names:  # the same game, archived before: replaced
            if name.endswith("-" + gid):
                _remove(_dir(root) + name)
        os.rename(tmp, final)
    except BaseException:
        _remove(tmp)
        raise
    _within_budget(root, budget)
    gc.collect()
    return gid


def _within_budget(root: str, budget: int) -> None:
    names = _files(root)
    sizes = [_size(_dir(root) + n) for n in names]
    total = sum(sizes)
    k = 0
    while total > budget and k < len(names) - 1:  # the newest always stays
        _remove(_dir(root) + names[k])
        total -= sizes[k]
        k += 1


META = 4096  # bytes: an archived game's first line (its settings and summary: ~1 KB; a Khan game
# on an own board holds the board's text too); a longer one is damage


def _meta(path: str) -> "dict | None":
    """A file's first line, or None when it is damaged (its checksum, too long, too deep, not
    a JSON object): read bounded, so a damaged file is never taken for a lack of RAM."""
    try:
        with open(path, "rb") as f:
            meta = entry_of(Reader(f, META).line(0))
        return meta if isinstance(meta, dict) else None
    except OSError:
        return None


def has(root: str, gid: str) -> bool:
    """Whether the game of this id is in the archive (a whole file: a .tmp left by a cut
    is not)."""
    for name in _files(root):
        if name.endswith("-" + gid):
            return True
    return False


def _find(root: str, gid) -> str:
    if not isinstance(gid, str):
        raise bad_args("\"id\" must be a game's id from archive.list")
    for name in _files(root):
        if name.endswith("-" + gid):
            return _dir(root) + name
    raise bad_args("no game " + gid[:20] + " in the archive (archive.list lists them)")


def listing(root: str) -> dict:
    """archive.list: every game kept, oldest first, without their journals (streamed)."""

    def games(out) -> None:
        out.append("[")
        first = True
        for name in _files(root):
            path = _dir(root) + name
            meta = _meta(path)
            if meta is None:  # listed by the id in its name, and said to be damaged: named, not hidden
                row = {"id": name.split("-", 1)[1], "damaged": "its first line (the game's summary) is damaged",
                       "size": _size(path)}
            else:
                row = {"id": meta.get("id"), "game": meta.get("game"), "actions": meta.get("actions"),
                       "start": meta.get("start"), "end": meta.get("end"), "clock": meta.get("clock"),
                       "size": _size(path)}
            out.append("" if first else ",")
            first = False
            out.append(cjson.dumps(row))
            gc.collect()
        out.append("]")

    return {"games": cjson.Streamed(games), "budget": BUDGET}


def get(root: str, gid) -> dict:
    """archive.get: one game with its meta and its journal (the header first), streamed."""
    path = _find(root, gid)
    meta = _meta(path)
    if meta is None:
        raise bad_args("game " + str(gid) + " is damaged in the archive")
    crc = meta.pop("crc", None)

    from proven import texts  # (for this reply: it stays with it, the module goes)

    sys.modules.pop("proven", None)

    def lines(out) -> None:
        with open(path, "rb") as f:
            place = len(Reader(f).line(0) or b"")  # the meta line: not the journal's
        out.append("[")
        first = True
        for text in texts(path, place, crc):  # (the journal as the box wrote it: its lines as they are)
            out.append("" if first else ",")
            first = False
            out.append(text if text is not None else '{"damaged":true}')
        out.append("]")

    meta["journal"] = cjson.Streamed(lines)
    return meta
