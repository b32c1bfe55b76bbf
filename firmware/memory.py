"""What the box keeps in RAM: only the code in use stays loaded. A game's code is imported
when it begins, while the heap is tidy (a module loaded in the middle of a game needs large
blocks of a heap that play has split); when the RAM runs out, all that can go goes."""

import gc
import sys

from shared_rules.games import NAMES

ON_DEVICE = sys.implementation.name == "micropython"  # the rules' modules are let go only there
# (under CPython, the tests' process, other code holds these modules)


def unload(name: str) -> None:
    """Let a module go: the device keeps only the code of the screen in use."""
    if name in sys.modules:
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None and hasattr(parent, name[dot + 1:]):
            delattr(parent, name[dot + 1:])


def screen_module(game: str):
    """A game's screen (ui/<game>.py), imported if it is not."""
    return __import__("ui." + game, None, None, ("screen",))


def fits(game: str):
    """The screen's demands on a game (Khan: the board fits the matrix), or None."""
    return getattr(screen_module(game), "fits", None)


def prepare(game: str) -> None:
    """Before a game is built: its screen and everything it needs in play imported, while
    the heap is tidy (record.load_parts)."""
    from record import load_parts

    gc.collect()
    screen_module(game)
    load_parts(game)


def let_go_game(game: str) -> None:
    """A game's code gone (its screen and the screen's parts, ui/<game>_*.py, and the summary
    of its end, ui/summary.py; on the device its rules): imported again when a game of it
    comes back."""
    for module in list(sys.modules):
        if module == "ui." + game or module.startswith("ui." + game + "_") or module == "ui.summary":
            unload(module)
    if ON_DEVICE:
        for module in list(sys.modules):
            if module.startswith("shared_rules." + game + "."):
                unload(module)


def free(playing: str, showing: str, keep: str = "", collect: bool = True) -> None:
    """The RAM ran out: all code goes that is not the game in play's (playing) or the
    screen's shown (showing, "" for the menu): the other games' rules loaded for the link's
    ops and their screens, the menu while a game is shown, the host's occasional ops (hostops,
    rulesop and its paced imports, the rng's ops and its machine code). keep:
    a game whose code stays though it is not in play (it is about to come back)."""
    keep = playing or keep
    mine = "shared_rules." + keep + "." if keep else None
    for module in list(sys.modules):
        other_game = ON_DEVICE and module.startswith("shared_rules.") and module.count(".") >= 2 and not (
            mine is not None and module.startswith(mine))
        screen = module.startswith("ui.") and module[3:] in NAMES and module[3:] not in (showing, keep)
        menu = module == "ui.menu" and showing != ""  # not while it is shown
        if other_game or screen or menu or module in ("hostops", "rulesop", "paced") or (ON_DEVICE and module in (
                "shared_rules.rng_ops", "shared_rules.fast_rng")):  # (a host's rules of no game: the rng's ops,
            unload(module)  # and its step in machine code, ~2 KB of a Pico's heap - rng.py draws without it)
    if collect:  # (else the caller's, a stretch of its own: link.tidy)
        gc.collect()
