"""`steppe flash`: put the companion on a Pico (or a bare virtual Pico), copying only what changed.

The image (build.py) is compiled for the RP2040 first, so a compile error never touches
the board. Then, over mpremote's raw REPL:

  1. the board hashes what it holds (sha256 of main.py, pins.json and everything in lib/);
  2. if anything differs, main.py is first renamed to main.off: from that moment the board
     boots to its REPL, never into a half-copied firmware;
  3. each changed file is written as NAME.part and renamed over NAME (one atomic step on
     littlefs), stale files in lib/ (and .py files that would shadow the .mpy ones) go;
  4. the manifest (steppe-manifest.json: every file's hash, the firmware version, the rules
     hash) is written, read back and checked, and the board hashes its files again;
  5. main.py comes back last - the switch - and the board is reset; flash waits for the
     companion's hello and checks its rules hash.

A cable pulled or a reset anywhere before step 5 leaves a board that boots to the REPL;
the next `steppe flash` finds what is already right and copies the rest.
"""

import argparse
import contextlib
import io
import json
import os
import re
import time
from typing import TYPE_CHECKING, cast

from steppe import build, paths
from steppe.device import PORT_ERRORS, PortLock
from steppe.errors import EXIT_FAILED, EXIT_NO_ANSWER, EXIT_NO_DEVICE, StepError

if TYPE_CHECKING:
    import serial

MANIFEST = "steppe-manifest.json"
CHUNK = 1024  # bytes per raw-REPL write: the Pico's raw-paste window copes easily
OFF = "main.off"  # main.py parked here while files are copied

# runs on the board: "path sha256" for the image's files and lib/, "dir path" for folders
_HASHES = """
import os,hashlib,binascii
def h(p):
 d=hashlib.sha256()
 with open(p,'rb') as f:
  while 1:
   b=f.read(1024)
   if not b:break
   d.update(b)
 return binascii.hexlify(d.digest()).decode()
def w(p):
 for e in os.ilistdir(p):
  q=p+'/'+e[0]
  if e[1]==0x4000:
   print('dir',q);w(q)
  else:print(q,h(q))
for p in os.listdir():
 if p.endswith('.py') or p.endswith('.mpy') or p in ('pins.json','main.off','%s'):print(p,h(p))
try:w('lib')
except OSError:pass
""" % MANIFEST


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", default="", help="the board (default: the only one attached)")
    p.add_argument("--force", action="store_true", help="copy every file, changed or not")
    p.add_argument("--verbose", "-v", action="store_true", help="name each file copied or removed")


def firmware_version() -> str:
    with open(os.path.join(paths.firmware_dir(), "app.py")) as f:
        found = re.search(r'^VERSION = "([^"]+)"', f.read(), re.M)
    return found.group(1) if found else "?"


class Report:
    def __init__(self) -> None:
        self.files = 0
        self.copied = []
        self.removed = []
        self.bytes = 0
        self.seconds = 0.0
        self.hello = {}


READ_TIMEOUT = 5.0  # s a read of mpremote's may wait for a byte: a board that reset never sends what it waits for


class Board:
    """The raw REPL of a MicroPython board through mpremote's serial transport. The port's
    lock is the caller's (a device.PortLock held for the whole flash), so mpremote opens it
    without one; its reads wait at most READ_TIMEOUT for a byte - on a pty mpremote reads
    a byte at a time and, without it, a board that reset mid-exchange (its port still
    there) kept steppe waiting for the overall timeout, 600 s."""

    def __init__(self, device: str) -> None:
        from mpremote.transport_serial import SerialTransport

        self.device = device
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                self.t = SerialTransport(device, baudrate=115200, exclusive=False)
            port = cast("serial.Serial", self.t.serial)  # (a SerialIntercept only once a folder is mounted)
            port.timeout = READ_TIMEOUT
        except BaseException as e:  # mpremote raises SystemExit or TransportError on a bad port
            if not os.path.exists(device):
                raise StepError("cannot open " + device + ": no such port", EXIT_NO_DEVICE)
            raise StepError("cannot open " + device + ": " + str(e).strip().split("\n")[-1], EXIT_NO_ANSWER)

    @contextlib.contextmanager
    def talking(self, doing: str):
        """mpremote's exchanges: what it prints (the bytes it gave up on) kept off stdout and
        read for a board that restarted; each failure one StepError saying what steppe was doing."""
        from mpremote.transport import TransportError

        said = io.StringIO()
        try:
            with contextlib.redirect_stdout(said):
                yield
        except (TransportError, *PORT_ERRORS) as e:
            raise self.failed(doing, e, said.getvalue()) from None

    def failed(self, doing: str, error: BaseException, said: str) -> StepError:
        text = str(error).strip()
        if not os.path.exists(self.device):
            return StepError("the board went away while " + doing + " (unplugged?): plug it in and run steppe flash "
                             "again", EXIT_NO_ANSWER)
        if any(sign in said + text for sign in ("MicroPython v", ">>> ", "soft reboot", "unexpected read during raw paste")):
            return StepError("the board restarted while " + doing + ": run steppe flash again", EXIT_NO_ANSWER)
        return StepError("the board failed while " + doing + " (" + (text.splitlines() or ["?"])[-1][:120]
                         + "): run steppe flash again", EXIT_NO_ANSWER)

    def enter(self) -> None:
        """Stop whatever runs (the companion answers Ctrl-C) and take the raw REPL; no soft
        reset - on the virtual Pico that would end the interpreter (MICROPYTHON-NOTES)."""
        for attempt in range(3):
            try:
                with self.talking("its raw REPL was entered"):
                    self.t.enter_raw_repl(soft_reset=False, timeout_overall=3)
                return
            except StepError:  # a program slow to stop: interrupt it again, give it a moment
                if not os.path.exists(self.device):
                    raise
                with self.talking("its program was stopped"):
                    self.t.serial.write(b"\r\x03\x03")
                time.sleep(0.3 * (attempt + 1))
        from steppe.ports import silent

        raise silent(self.device)

    def exec(self, code: str, doing: str = "the flash ran") -> str:
        from mpremote.transport import TransportExecError

        try:
            with self.talking(doing):
                return self.t.exec(code).decode(errors="replace")
        except TransportExecError as e:  # (the board's own error: the code raised there)
            raise StepError("the board failed while " + doing + " (" + (str(e).strip().splitlines() or ["?"])[-1][:120]
                            + "): run steppe flash again", EXIT_NO_ANSWER) from None

    def hashes(self) -> "tuple[dict[str, str], set[str]]":
        """(path -> sha256 of the files the board holds, its folders under lib/)."""
        files = {}
        dirs = set()
        for line in self.exec(_HASHES, "its files were hashed").splitlines():
            parts = line.strip().split(" ")
            if len(parts) != 2:
                continue
            if parts[0] == "dir":
                dirs.add(parts[1])
            else:
                files[parts[0]] = parts[1]
        return files, dirs

    def put(self, path: str, data: bytes) -> None:
        """Write a whole file under another name, then rename it over the old one."""
        with self.talking(path + " was written"):
            self.t.fs_writefile(path + ".part", data, chunk_size=CHUNK)
        self.exec("import os\nos.rename(%r,%r)" % (path + ".part", path), path + " was written")

    def read(self, path: str) -> bytes:
        return self.exec("f=open(%r,'rb')\nprint(f.read().hex())\nf.close()" % path).strip().encode()

    def mkdir(self, path: str) -> None:
        self.exec("import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % path)

    def remove(self, path: str) -> None:
        self.exec("import os\ntry:\n os.remove(%r)\nexcept OSError:\n pass" % path)

    def rename(self, old: str, new: str) -> None:
        self.exec("import os\nos.rename(%r,%r)" % (old, new))

    def reset(self) -> None:
        """Leave the raw REPL and soft-reset: the board runs main.py (a virtual Pico restarts)."""
        try:
            self.t.exit_raw_repl()
            self.t.serial.write(b"\x04")
        except PORT_ERRORS:
            pass  # (gone at its reset: the wait for its hello says so)

    def close(self) -> None:
        try:
            self.t.close()
        except Exception:
            pass


def plan(image: "dict[str, bytes]", held: "dict[str, str]", force: bool) -> "tuple[list[str], list[str]]":
    """(files to copy, files to remove): what differs, what is stale, what would shadow."""
    copy = [p for p in sorted(image) if force or held.get(p) != build.digest(image[p])]
    modules = {p[4:].split("/")[0].rsplit(".", 1)[0] for p in image if p.startswith("lib/")}
    remove = []
    for path in sorted(held):
        if path.startswith("lib/") and path not in image:
            remove.append(path)  # stale, or a .py that would win over its .mpy
        elif "/" not in path and path.rsplit(".", 1)[0] in modules and path.endswith((".py", ".mpy")):
            remove.append(path)  # app.py at the root would shadow lib/app.mpy
        elif path.endswith(".part"):
            remove.append(path)  # left by an interrupted flash
    return copy, remove


def manifest(image: "dict[str, bytes]") -> bytes:
    rules = image.get("lib/shared_rules/HASH", b"").decode().strip()
    body = {"steppe": "manifest", "version": 1, "firmware": firmware_version(), "rules": rules, "arch": build.PICO,
            "files": {p: build.digest(d) for p, d in sorted(image.items())}}
    return (json.dumps(body, sort_keys=True, indent=1) + "\n").encode()


def flash(device: str, force: bool = False) -> Report:
    """Flash the board on device; returns what was done. Raises StepError on any failure."""
    started = time.monotonic()
    image = build.files(build.PICO)  # compile first: an error here never touches the board
    report = Report()
    report.files = len(image)
    lock = PortLock(device)  # held from here to the hello: no other program takes the port in between
    try:
        report.hello = _flash(lock, image, report, force)
    finally:
        lock.close()
    report.seconds = time.monotonic() - started
    return report


def _flash(lock: PortLock, image: "dict[str, bytes]", report: Report, force: bool) -> dict:
    device = lock.port
    board = Board(device)
    try:
        board.enter()
        held, dirs = board.hashes()
        copy, remove = plan(image, held, force)
        book = manifest(image)
        booting = "main.py" in held
        if copy or remove or held.get(MANIFEST) != build.digest(book) or OFF in held:
            if booting and (copy or remove):
                board.rename("main.py", OFF)  # from here the board boots to its REPL
                booting = False
            for path in remove:
                board.remove(path)
            for path in copy:
                if path == "main.py":
                    continue  # the switch: last
                parent = os.path.dirname(path)
                missing = []
                while parent and parent not in dirs:
                    missing.append(parent)
                    parent = os.path.dirname(parent)
                for folder in reversed(missing):
                    board.mkdir(folder)
                    dirs.add(folder)
                board.put(path, image[path])
                report.bytes += len(image[path])
            board.put(MANIFEST, book)
            if board.read(MANIFEST) != book.hex().encode():
                raise StepError("the manifest read back from the board differs: run steppe flash again", EXIT_FAILED)
            now, _ = board.hashes()
            wrong = [p for p in image if p != "main.py" and now.get(p) != build.digest(image[p])]
            if wrong:
                raise StepError("%d files on the board differ after copying (%s): run steppe flash again"
                                % (len(wrong), wrong[0]), EXIT_FAILED)
            if not booting:
                board.put("main.py", image["main.py"])  # the switch: the board boots the companion again
                report.bytes += len(image["main.py"])
            board.remove(OFF)
            report.copied = copy
            report.removed = remove
        board.reset()
    finally:
        board.close()
    return _wait_hello(device, image, lock=lock)


def _wait_hello(device: str, image: "dict[str, bytes]", timeout: float = 20.0, lock: "PortLock | None" = None) -> dict:
    """The companion's hello after the reset; its rules hash must be the image's. lock:
    the port's lock this process holds (renewed if the port comes back as a new node)."""
    from steppe.device import Gone, InUse, SerialTransport
    from steppe.ports import hello

    rules = image["lib/shared_rules/HASH"].decode().strip()
    end = time.monotonic() + timeout
    info = None
    while time.monotonic() < end and info is None:
        try:
            if lock is not None:
                lock.renew()
            link = SerialTransport(device, lock=lock is None)
        except InUse:
            raise
        except StepError:
            time.sleep(0.2)  # a Pico re-enumerating after its reset
            continue
        try:
            info = hello(link, 2.0)
        except Gone:
            time.sleep(0.2)  # ...and gone again while asked
        finally:
            link.close()
    if info is None:
        raise StepError("flashed, but the companion did not say hello within %g s" % timeout, EXIT_NO_ANSWER)
    if info.get("rules") != rules:
        raise StepError("flashed, but the board answers rules " + str(info.get("rules"))[:12] + ", not "
                        + rules[:12] + ": run steppe flash --force", EXIT_FAILED)
    return info


def run(args) -> int:
    from steppe.ports import choose

    from steppe import share

    device = choose(args.port)
    owner = share.holder(device)
    if owner:  # (it cannot lend the raw REPL: the board's files are written over it)
        raise StepError(device + " is held by " + share.held_by(owner) + ": quit it, then steppe flash",
                        EXIT_NO_ANSWER)
    report = flash(device, args.force)
    if args.verbose:
        for path in report.copied:
            print("  copied  " + path)
        for path in report.removed:
            print("  removed " + path)
    kb = report.bytes / 1024.0
    print("flash %s: %d files, %d copied (%.1f KB), %d removed; companion %s, rules %s, in %.1f s"
        % (device, report.files, len(report.copied), kb, len(report.removed), report.hello.get("firmware"),
           str(report.hello.get("rules"))[:12], report.seconds), flush=True)
    return 0
