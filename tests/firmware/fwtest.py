"""Helpers for the firmware tests (pytest and micropython alike)."""

from ui import palette


def pixels(w: int = 16, h: int = 16, **kw):
    from hal.pixels import NeoPixelStrip

    kw.setdefault("floor", palette.FLOOR)
    kw.setdefault("large", palette.LARGE)
    return NeoPixelStrip(22, w, h, palette.PALETTE, **kw)


def tmpdir(name: str) -> str:
    """A fresh folder for files (the cwd-relative 'filesystem' of a test)."""
    import os

    base = "/tmp/steppe-fwtest-" + name
    try:
        os.mkdir(base)
    except OSError:
        for f in os.listdir(base):
            try:
                os.remove(base + "/" + f)
            except OSError:  # a folder (the archive): emptied, then removed
                for g in os.listdir(base + "/" + f):
                    os.remove(base + "/" + f + "/" + g)
                os.rmdir(base + "/" + f)
    return base + "/"
