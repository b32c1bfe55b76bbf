"""The laptop's files, read and written one way: only regular files, read bounded and
strictly, written whole or not at all.

Every file `steppe` reads or writes by a name the user gave goes through here, so a FIFO,
a device node, a directory or a symlink to one is refused with one line instead of
blocking, being replaced by a file (a rename over /dev/full) or swallowing what is written.
The rule: steppe opens regular files only, and writes new paths or regular files. To read
from or write to anything else on purpose, give `-` where the command takes it (stdin,
stdout) and let the shell open it: `steppe sync pull - > /dev/ttyS1`.

Reads: opened with O_NONBLOCK (a FIFO swapped in between a check and the open cannot
block) and judged by fstat on the open file; at most `limit` bytes; UTF-8 decoded
strictly; JSON without duplicate keys, NaN or fractions, at most MAX_DEPTH deep, so a
100,000-deep file is a one-line error, not a RecursionError.
Writes: a temp file beside the target (O_EXCL), written, fsynced and closed - each error
seen (ENOSPC, EFBIG) - then renamed over it; any failure leaves the target as it was.
"""

import json
import os
import re
import stat
import sys
import tempfile

from shared_rules.strict import MAX_DEPTH
from steppe.errors import EXIT_USAGE, StepError

_SURROGATE = re.compile("[\ud800-\udfff]")
KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a device"),
         (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def kind(mode: int) -> str:
    """What a file that is not a regular one is, in words ("" for a regular file)."""
    for test, words in KINDS:
        if test(mode):
            return words
    return "" if stat.S_ISREG(mode) else "not a regular file"


def reason(e: OSError) -> str:
    """An OSError's words, without its errno and path."""
    return e.strerror or str(e)


# -- reading -----------------------------------------------------------------------------------
def read_bytes(path: str, limit: int, what: str = "file", status: int = EXIT_USAGE) -> bytes:
    """A regular file's bytes (`-`: stdin), at most limit of them: StepError(status) for
    anything else - a FIFO, a device, a directory, a file too large - without reading it."""
    if path == "-":
        try:
            data = sys.stdin.buffer.read(limit + 1)
        except OSError as e:
            raise StepError("cannot read stdin: " + reason(e), status)
    else:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
        except OSError as e:
            raise StepError("cannot read " + path + ": " + reason(e), status)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise StepError(path + " is " + kind(info.st_mode) + ", not a " + what + " (steppe reads regular "
                                "files only; give - and redirect to read anything else)", status)
            if info.st_size > limit:
                raise StepError(path + ": larger than %d bytes: not a steppe %s" % (limit, what), status)
            os.set_blocking(fd, True)
            with os.fdopen(fd, "rb", closefd=False) as f:
                data = f.read(limit + 1)
        except OSError as e:
            raise StepError("cannot read " + path + ": " + reason(e), status)
        finally:
            os.close(fd)
    if len(data) > limit:
        raise StepError(path + ": larger than %d bytes: not a steppe %s" % (limit, what), status)
    return data


def text(data: bytes, where: str, status: int = EXIT_USAGE) -> str:
    """Bytes as UTF-8, strictly; StepError naming the line and byte that is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise StepError("%s: not UTF-8 text (line %d, byte %d)" % (where, line, e.start), status)


def read_text(path: str, limit: int, what: str = "file", status: int = EXIT_USAGE) -> str:
    return text(read_bytes(path, limit, what, status), path, status)


# -- JSON ------------------------------------------------------------------------------------------
def _no_twice(pairs: list) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError("key \"" + key[:40] + "\" appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str):
    raise ValueError(name + " is not JSON")


class Unwritten(ValueError):
    """A JSON value steppe would not write: where it is (the keys and indexes from the top)
    and what is wrong."""

    def __init__(self, where: list, what: str) -> None:
        self.where = where
        self.what = what
        super().__init__(("at " + place(where) + ": " if where else "") + what)


def place(where: list) -> str:
    """journal[4].a.x"""
    out = ""
    for k in where:
        out += "[%d]" % k if isinstance(k, int) else ("." if out else "") + str(k)[:40]
    return out


def loads(text: str, max_depth: int = MAX_DEPTH):
    """JSON as steppe writes it (canonical JSON's values): no duplicate key, no NaN or
    Infinity, no number with a fraction or an exponent, at most max_depth deep. ValueError
    saying what and where ("line 3, column 9: ..."), or Unwritten naming the place."""
    try:
        value = json.loads(text, object_pairs_hook=_no_twice, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise ValueError("line %d, column %d: %s" % (e.lineno, e.colno, e.msg))
    except RecursionError:
        raise Unwritten([], "nested too deeply (more than %d levels)" % max_depth)
    check_value(value, max_depth)
    return value


def check_value(value, max_depth: int = MAX_DEPTH) -> None:
    """Unwritten when a JSON value holds what steppe never writes: a fraction, or nesting
    deeper than max_depth. Walked without recursion, so any depth is judged."""
    todo = [(value, [])]
    while todo:
        v, where = todo.pop()
        t = type(v)
        if t is dict or t is list:
            if len(where) >= max_depth:
                raise Unwritten([], "nested too deeply (more than %d levels)" % max_depth)
            items = list(v.items() if t is dict else enumerate(v))
            todo.extend((item, where + [k]) for k, item in reversed(items))  # the first found first
            if t is dict:
                todo.extend((k, where + [k]) for k in v if not k.isascii())  # (a key is judged as a string)
        elif t is float:
            raise Unwritten(where, "%s is not a whole number (steppe's files hold no fractions)" % json.dumps(v))
        elif t is str and not v.isascii() and _SURROGATE.search(v):
            raise Unwritten(where, "a lone surrogate (a \\u escape of half a character) in a string: not text")


def read_json(path: str, limit: int, what: str = "file", status: int = EXIT_USAGE, max_depth: int = MAX_DEPTH):
    """A JSON file, read as loads() reads; StepError naming the file and what is wrong."""
    raw = read_text(path, limit, what, status)
    try:
        return loads(raw, max_depth)
    except ValueError as e:
        raise StepError(path + ": not valid JSON: " + str(e), status)


# -- writing ---------------------------------------------------------------------------------------
def target(path: str, status: int = EXIT_USAGE) -> str:
    """The file a write to path replaces: path itself, or the file a symlink leads to.
    StepError(status) when it is anything but a regular file or a new name."""
    real = os.path.realpath(path) if os.path.islink(path) else path
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return real
    except OSError as e:
        raise StepError("cannot write " + path + ": " + reason(e), status)
    if not stat.S_ISREG(info.st_mode):
        raise StepError("will not write " + path + ": it is " + kind(info.st_mode) + " (steppe writes regular files "
                        "only; to write anything else, give - and redirect)", status)
    return real


def write_atomic(path: str, data: "str | bytes", encoding: str = "utf-8", status: int = EXIT_USAGE) -> None:
    """The whole file or none of it: a temp file beside the target, written and fsynced
    (every error seen: a full disk, a file size limit), then renamed over it. The target
    must be a regular file or a new name (a symlink to one is written through)."""
    real = target(path, status)
    raw = data.encode(encoding, errors="replace") if isinstance(data, str) else data
    folder = os.path.dirname(os.path.abspath(real))
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(real) + ".", suffix=".tmp", dir=folder)
    except OSError as e:
        raise StepError("cannot write " + path + ": " + reason(e), status)
    try:
        try:
            mode = stat.S_IMODE(os.stat(real).st_mode)
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.fchmod(fd, mode)
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
        closing, fd = fd, -1
        os.close(closing)
        os.replace(tmp, real)
    except OSError as e:
        if fd >= 0:
            os.close(fd)
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise StepError("cannot write " + path + ": " + reason(e), status)
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    """The rename made durable (where the system lets a folder be synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def folder(path: str, status: int = EXIT_USAGE) -> str:
    """A folder to write files into, made if missing; StepError when path is something else."""
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:
        raise StepError("will not write into " + path + ": it is not a folder", status)
    except OSError as e:
        raise StepError("cannot make the folder " + path + ": " + reason(e), status)
    if not os.path.isdir(path):
        raise StepError("will not write into " + path + ": it is not a folder", status)
    return path


def write(path: str, data: "str | bytes", encoding: str = "utf-8", status: int = EXIT_USAGE) -> None:
    """data to path (write_atomic), or to stdout for `-`."""
    if path == "-":
        write_stdout(data)
    else:
        write_atomic(path, data, encoding, status)


def write_stdout(data: "str | bytes") -> None:
    """What `-` names: stdout, flushed, a write error (a full device) raised as one line."""
    try:
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(data)
            sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise StepError("cannot write to stdout: " + reason(e), EXIT_USAGE)
