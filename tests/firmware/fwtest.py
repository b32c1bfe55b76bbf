"""Helpers for the firmware tests (pytest and micropython alike)."""

from ui import palette


def pixels(w: int = 16, h: int = 16, **kw):
    from hal.pixels import NeoPixelStrip

    return NeoPixelStrip(22, w, h, palette.PALETTE, **kw)


def tmpdir(name: str) -> str:
    """A fresh folder for files (the cwd-relative 'filesystem' of a test)."""
    import os

    base = "/tmp/steppe-fwtest-" + name
    try:
        os.mkdir(base)
    except OSError:
        for f in os.listdir(base):
            os.remove(base + "/" + f)
    return base + "/"
