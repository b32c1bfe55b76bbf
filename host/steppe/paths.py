"""Where the firmware, the rules core and the pin map are: the repository, or the wheel.

From a checkout they are the repository's folders. An installed wheel carries the firmware
and the hardware files as package data under steppe/bundle/, and the rules core is the
installed shared_rules package - so `steppe flash` works from `pip install` alone.
"""

import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_BUNDLED = os.path.join(_HERE, "bundle")


def _repo() -> str:
    """The repository root when steppe runs from a checkout, else ""."""
    repo = os.path.dirname(os.path.dirname(_HERE))
    if os.path.isdir(os.path.join(repo, "shared_rules")) and os.path.isdir(os.path.join(repo, "firmware")):
        return repo
    return ""


def data_dir() -> str:
    """steppe's folder for the user's data: $XDG_DATA_HOME/steppe, else ~/.local/share/steppe
    (the virtual Pico's flash, the history database)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "steppe")


def firmware_dir() -> str:
    repo = _repo()
    return os.path.join(repo or _BUNDLED, "firmware")


def rules_dir() -> str:
    import shared_rules

    return os.path.dirname(os.path.abspath(shared_rules.__file__))


def pins_json() -> str:
    repo = _repo()
    path = os.path.join(repo or _BUNDLED, "hardware", "pins.json")
    if not os.path.exists(path):
        raise FileNotFoundError(path)
    return path
