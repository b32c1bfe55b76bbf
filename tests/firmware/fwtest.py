"""Helpers for the firmware tests (pytest and micropython alike)."""

from ui import palette


def pixels(w: int = 16, h: int = 16, **kw):
    from hal.pixels import NeoPixelStrip

    kw.setdefault("floor", palette.FLOOR)
    kw.setdefault("large", palette.LARGE)
    return NeoPixelStrip(22, w, h, palette.PALETTE, **kw)


_BASE = []  # this run's own folder for the tests' files (made at the first tmpdir(), removed by cleanup())


def _base() -> str:
    """A folder of this run's own under $TMPDIR: two runs at once never share a file."""
    if not _BASE:
        import os

        root = os.getenv("TMPDIR") or "/tmp"
        while True:
            name = root + "/steppe-fwtest-" + "".join("%02x" % b for b in os.urandom(5))
            try:
                os.mkdir(name)
                break
            except OSError:  # (taken: another name)
                pass
        _BASE.append(name)
    return _BASE[0]


def _is_folder(path: str) -> bool:
    import os

    return os.stat(path)[0] & 0x4000 != 0


def _empty(path: str) -> None:
    """Everything in a folder removed (its folders too)."""
    import os

    for f in os.listdir(path):
        if _is_folder(path + "/" + f):
            _empty(path + "/" + f)
            os.rmdir(path + "/" + f)
        else:
            os.remove(path + "/" + f)


def tmpdir(name: str) -> str:
    """A fresh, empty folder for files (the cwd-relative 'filesystem' of a test), inside
    this run's own folder."""
    import os

    base = _base() + "/" + name
    try:
        os.mkdir(base)
    except OSError:
        _empty(base)
    return base + "/"


def cleanup() -> None:
    """This run's folder and everything in it removed (the end of a run: mp_run.py, conftest)."""
    import os

    if _BASE:
        _empty(_BASE[0])
        os.rmdir(_BASE[0])
        _BASE.pop()
