"""An error anywhere in the box - a screen, a press, a request, a save - or the RAM running
out: the error screen with a code, the traceback into errors.log (errlog.py, loaded only
then), the game as last saved (its journal read again, so what the failed step half changed
in RAM is gone), and the loop goes on. Functions of the App."""

import gc

from memory import unload
from shared_rules.errors import message
from ui.base import Screen


def fault(app, e, where: str) -> str:
    """Something the box did failed (a bug; the RAM ran out): the error screen, the log,
    the saved game back. Returns the code. Never raises: a step that fails in turn (the
    log, for want of RAM) is left out."""
    from session import let_go

    app.faults += 1
    game = app.record.name if app.record is not None else ""
    try:
        about = app.screen_name() + "/" + str(app.screen.ui_json().get("mode"))
    except Exception:  # the screen itself may be what is broken
        about = "?"
    try:  # the game in RAM and all code that can go, first: the log may want the room
        let_go(app)
        app.free_memory()
    except Exception:
        app.snapping = app.record = None
        app.screen = Screen()
    try:
        import errlog

        return errlog.after(app, e, where, about, game)  # the log, the saved game, ERR
    except Exception:  # not even room for that: a red band, and a dark screen the loop
        unload("errlog")  # replaces with the menu at its next turn (shown())
        app.record = None
        app.screen = Screen()
        app.warn("ERR", "the box recovered from an error")
        return "??"


def shown(app, now: int) -> None:
    """The error screen has shown long enough: the screen under it comes back. (No screen
    at all: after an error not even the menu could come back; it is tried again.)"""
    over = getattr(app.screen, "fault_over", None)
    if over is not None and over(now):
        app.screen = getattr(app.screen, "under")
        app.dirty = True
        unload("ui.fault")
    if type(app.screen) is Screen:
        app.free_memory()
        app.to_menu()


def recovered(app, e) -> None:
    """The link's reading ran out of RAM (a line too big for the heap left): answered
    no_memory, noted for hello; not a fault - the game is untouched. A notice already
    standing stays (why the boot fell back: a journal's damage set aside, which the user must
    be told; a box just up at 96wK can run out reading the host's first hello)."""
    app.snapping = None
    app.dirty = True
    gc.collect()
    if app.notice:
        return
    try:
        app.notice = "the box recovered from " + type(e).__name__ + ": " + message(e)
    except Exception:
        app.notice = "the box recovered from an error"
