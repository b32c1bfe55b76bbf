"""The players' own Khan board on flash: khanboard.txt, in the board text format
(shared_rules/khan/board.py). Typed in with the board editor (ui/board_edit.py) or put by
`steppe sync board push` (the link's board.put); a new Khan game can be played on it (the
setup's MYDK and MYTB), and its text goes into the game's journal header. Loaded while it
is used, and let go after.
"""

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os

NAME = "khanboard.txt"
MAX_TEXT = 4000  # board_text.MAX_TEXT: a longer file is not a board


def read(root: str):
    """The saved board's text, or None when there is none."""
    try:
        with open(root + NAME) as f:
            return f.read(MAX_TEXT + 1)
    except OSError:
        return None


def exists(root: str) -> bool:
    try:
        os.stat(root + NAME)
        return True
    except OSError:
        return False


def check(text):
    """The board of a text, with every check of the rules core's loader, every ruler's
    start cell and the matrix's size, board_text.SCREEN (RulesError saying what is wrong)."""
    from shared_rules.khan.board_text import playable

    return playable(text)


def save(root: str, text: str):
    """Check the board, then write it whole (store.replace: a temp file, then a rename - a
    power cut leaves the old board or the new one). Returns the board; a refused board writes nothing."""
    import store

    board = check(text)
    store.replace(root + NAME, lambda write: write(text))
    return board


def remove(root: str) -> bool:
    """Forget the own board (new games use the default one); False when there was none."""
    try:
        os.remove(root + NAME)
        return True
    except OSError:
        return False
