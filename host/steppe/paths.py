"""Where the firmware, the rules core and the pin map are: the repository, or the wheel."""

import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def project_root() -> str:
    """The folder that holds shared_rules/ (the repository root when run from source)."""
    repo = os.path.dirname(os.path.dirname(_HERE))
    if os.path.isdir(os.path.join(repo, "shared_rules")) and os.path.isdir(os.path.join(repo, "firmware")):
        return repo
    bundled = os.path.join(_HERE, "device")
    if os.path.isdir(bundled):
        return bundled
    import shared_rules

    return os.path.dirname(os.path.dirname(os.path.abspath(shared_rules.__file__)))


def firmware_dir() -> str:
    return os.path.join(project_root(), "firmware")


def pins_json() -> str:
    root = project_root()
    for path in (os.path.join(root, "hardware", "pins.json"), os.path.join(root, "pins.json")):
        if os.path.exists(path):
            return path
    raise FileNotFoundError("pins.json")
