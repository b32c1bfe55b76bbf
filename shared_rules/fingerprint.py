"""The fingerprint of the rules core: one hash, the same on the host and on the device.

It hashes the .py sources of shared_rules/ (sorted paths and contents). A device runs
compiled .mpy files, so `steppe flash` writes the host's hash next to them in a file
named HASH; the virtual Pico runs the sources and hashes them itself.
"""

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os
try:
    from ubinascii import hexlify  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from binascii import hexlify
try:
    from uhashlib import sha256  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    from hashlib import sha256

HASH_FILE = "HASH"


def _here() -> str:
    path = __file__
    cut = path.rfind("/")
    return path[:cut] if cut >= 0 else "."


def _sources(folder: str, prefix: str, out: list) -> None:
    for name in os.listdir(folder):
        path = folder + "/" + name
        if os.stat(path)[0] & 0x4000:
            if name != "__pycache__":
                _sources(path, prefix + name + "/", out)
        elif name.endswith(".py"):
            out.append(prefix + name)


def compute(folder: str) -> str:
    files = []
    _sources(folder, "", files)
    files.sort()
    h = sha256()
    for rel in files:
        with open(folder + "/" + rel, "rb") as f:
            data = f.read()
        h.update(rel.encode() + b"\0" + data + b"\0")
    return hexlify(h.digest()).decode()


def rules_hash(folder: str = "") -> str:
    folder = folder or _here()
    try:
        with open(folder + "/" + HASH_FILE) as f:
            return f.read().strip()
    except OSError:
        return compute(folder)
