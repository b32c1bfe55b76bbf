"""Talking to a companion over its serial port: one transport, errors mapped in one place.

Shaped like mpremote's transport.py / transport_serial.py: Transport does the protocol
(requests with ids, replies matched by id, lines that are not replies - boot messages,
REPL echo - skipped), SerialTransport adds pyserial, for a Pico's /dev/ttyACM0 and for a
virtual Pico's pty alike.
"""

import collections
import errno
import json
import os
import queue
import stat
import threading
import time

from shared_rules import cjson
from steppe.errors import EXIT_DEVICE_ERROR, EXIT_NO_ANSWER, EXIT_NO_DEVICE, StepError

from typing import Any, Iterable, Iterator

WINDOW = 8  # requests in flight: rng.draw runs ~2x faster than one at a time (docs/sync.md)
BUDGET = 3072  # request bytes in flight at most (see Transport.pipelined)
REPLY_TIMEOUT = 60.0  # s for one reply: a whole random game (khan.playout) on a Pico takes seconds


try:
    from termios import error as _TermiosError  # (pyserial's flush: tcdrain raises it, not an OSError)

    PORT_ERRORS: "tuple[type[BaseException], ...]" = (OSError, _TermiosError)
except ImportError:  # pragma: no cover - not a POSIX system
    PORT_ERRORS = (OSError,)

FRAMED = 16  # request lines from this long go framed: "#" length ":" line (docs/ops.md)


def framed(line: bytes) -> bytes:
    """A request line as it goes to the device, its newline added, with its length before
    it: the device reads it in blocks instead of a byte at a time (the Pico's USB serial
    cannot say how many bytes wait: firmware/link.py Reader). hello goes plain (see
    Transport.exchange)."""
    if len(line) < FRAMED:
        return line + b"\n"
    return b"#%d:" % (len(line) + 1) + line + b"\n"


def request_line(req: dict) -> str:
    """A request as the device reads it fastest: canonical JSON, which it proves strict by
    walking the object instead of reading the text a character at a time (ops.loads_strict);
    arguments that have no canonical form (floats) go as plain JSON, read the slow way."""
    try:
        return cjson.dumps(req)
    except TypeError:
        return json.dumps(req, separators=(",", ":"))


def _loads(line: bytes):
    """A line from the device as JSON; a reply after text on the same line (a message the
    board printed while a reply went out - an uncaught exception's traceback, say - has no
    newline of its own before the reply) read from its start: losing the reply would leave
    its request waiting for the whole timeout, a verify for minutes."""
    try:
        return json.loads(line)
    except ValueError:
        at = line.find(b'{"id":', 1)
        if at < 0:
            raise
        return json.loads(line[at:])


def no_room(reply: dict) -> bool:
    """The device's "no RAM for this one now" (its heap split by what it did before): not its
    answer to the request, which asked again may get one."""
    return not reply.get("ok") and (reply.get("error") or {}).get("code") == "no_memory"


def _result(reply: dict) -> dict:
    """A whole reply's result, or its error as DeviceError."""
    if reply.get("ok"):
        return reply.get("result", {})
    err = reply.get("error") or {}
    raise DeviceError(str(err.get("code", "error")), str(err.get("message", "")))


BROKEN_GRACE = 10.0  # s: what a reply of ours broken off (not JSON) is given for the one that follows it

class DeviceError(StepError):
    """A reply {"ok": false}: the code and message the device gave."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code + ": " + message, EXIT_DEVICE_ERROR)
        self.code = code
        self.message = message


class NoAnswer(StepError):
    def __init__(self, what: str) -> None:
        super().__init__(what, EXIT_NO_ANSWER)


class Transport:
    """The companion's line protocol over any byte stream with write() and readline()."""

    port = ""  # where the device is (a serial port's path)

    def __init__(self) -> None:
        self.next_id = 1

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def readline(self, timeout: float) -> bytes:
        raise NotImplementedError

    def request(self, op: str, args=None, timeout: float = 10.0) -> dict:
        """Send one request; the result, or DeviceError / NoAnswer."""
        return _result(self.exchange(op, args, timeout))

    def ask(self, op: str, args=None, timeout: float = 10.0, tries: int = 3) -> dict:
        """request(), asked again (tries in all) when the device had no room to answer
        (no_memory: its heap fragmented by play) - it lets go of what it can each time, and a
        turn of its loop (a pause) tidies its heap: at 96wK one no_memory in a row is not rare."""
        return _result(self.exchange_with_room(op, args, timeout, tries))

    def exchange_with_room(self, op: str, args=None, timeout: float = 10.0, tries: int = 3) -> dict:
        """exchange(), asked again (tries in all, 0.2 s apart) while the device answers
        no_memory; its last whole reply."""
        for _ in range(tries - 1):
            reply = self.exchange(op, args, timeout)
            if not no_room(reply):
                return reply
            time.sleep(0.2)
        return self.exchange(op, args, timeout)

    def exchange(self, op: str, args=None, timeout: float = 10.0) -> dict:
        """Send one request and return its whole reply ({"ok": ...})."""
        rid = self.next_id
        self.next_id += 1
        req = {"id": rid, "op": op}
        wire = None
        if op.startswith("khan."):  # Khan's pieces go packed, and come back as objects (wire.py)
            from steppe import wire

            args = wire.pack_args(op, args)
        if args is not None:
            req["args"] = args
        line = request_line(req).encode()
        # hello goes plain: a device of an older protocol reads it, and says which it speaks
        self.write(line + b"\n" if op == "hello" else framed(line))
        # (one request under way: no_memory without an id is the device's answer to a line it
        # could not hold - this one, as every line gets one answer. Not any error without an
        # id: bad_json may be a line another program left half written, which ours finished)
        reply = self.reply(rid, timeout, or_unnumbered="no_memory")
        if wire is not None:
            reply = wire.unpack_reply(op, args, reply)
        return reply

    def reply(self, rid: int, timeout: float, or_unnumbered: "bool | str" = False,
              later: "set[int] | None" = None) -> dict:
        """The reply with this id (or, with or_unnumbered, one with no id: the device's
        answer to a line it could not read - with a code, only an error of that code); other
        lines are skipped. later: the ids of requests sent after this one - the device
        answers in order, so a reply to one of them means this one's was lost on the line
        (NoAnswer at once, not after the timeout)."""
        deadline = time.monotonic() + timeout
        broken = b""  # a reply of ours that is not JSON: broken off (the box ran out of RAM writing it)?
        while True:
            left = deadline - time.monotonic()
            if left <= 0 and broken:  # nothing came after it: the reply itself is bad
                raise DeviceError("bad_reply", "the device's reply is not JSON (%d bytes: %s...)" % (
                    len(broken), broken[:60].decode("ascii", "replace")))
            if left <= 0:
                raise NoAnswer("the device did not answer within %g s" % timeout)
            line = self.readline(left)
            if not line:
                continue
            try:
                msg = _loads(line)
            except (ValueError, RecursionError):  # a boot message, REPL echo: not a reply
                if line.startswith(b'{"id":%d,"ok":' % rid) and not broken:  # ours, but not JSON this host reads:
                    # a reply the box broke off follows at once, again or as no_memory (firmware/link.py
                    # stages); a reply that is not JSON as it was sent is said, not waited on for long
                    broken = line
                    deadline = min(deadline, time.monotonic() + BROKEN_GRACE)
                continue
            if not isinstance(msg, dict) or "ok" not in msg:
                continue
            if msg.get("id") == rid:
                return msg
            if later and type(msg.get("id")) is int and msg["id"] in later:
                raise NoAnswer("the device's reply to request %d was lost on the line (request %d's came after"
                               " it): check the cable, and that no other program reads the port" % (rid, msg["id"]))
            if or_unnumbered and msg.get("id") is None and (
                    or_unnumbered is True or (msg.get("error") or {}).get("code") == or_unnumbered):
                return msg

    def raw_line(self, line: bytes, timeout: float = 10.0) -> dict:
        """Send a line exactly as given (tests of the device's error handling); the first
        reply that comes back."""
        self.write(line + b"\n")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.readline(deadline - time.monotonic())
            if got:
                try:
                    msg = json.loads(got)
                except ValueError:
                    continue
                if isinstance(msg, dict) and "ok" in msg:
                    return msg
        raise NoAnswer("the device did not answer within %g s" % timeout)


    def pipelined(self, jobs: "Iterable[tuple[Any, int, bytes | None]]", window: int = WINDOW,
                  timeout: float = REPLY_TIMEOUT, budget: int = BUDGET) -> "Iterator[tuple[Any, dict | None]]":
        """Send request lines with up to `window` in flight; yield (tag, reply) in the order
        of jobs. A job is (tag, id, line): line is a whole request line (newline added here)
        whose "id" is id, or None for a job answered on the host (yielded as (tag, None), in
        its turn).

        Besides the window, the request bytes in flight stay within `budget` (one request of
        any size may always go alone): the virtual Pico's relay is one thread with blocking
        writes, and if the interpreter's input filled up while it was writing a long reply,
        neither would ever move again. The lines are written by a thread, so a write that
        blocks cannot stop our reading. The device answers in order; a reply whose id is null
        (a line it could not read: too long, not JSON) answers the oldest request in flight.
        Replies with other ids (left over from an earlier session) are skipped.
        """
        room = threading.Condition()
        sizes: "collections.deque[int]" = collections.deque()  # request bytes in flight, oldest first
        held = [0]
        flying: "set[int]" = set()  # the ids sent and not answered yet
        order: "queue.Queue[Any]" = queue.Queue()
        stop = threading.Event()

        def feed() -> None:
            try:
                for tag, rid, line in jobs:
                    if stop.is_set():
                        return
                    if line is None:
                        order.put((tag, None))
                        continue
                    line = framed(line)
                    size = len(line)
                    with room:
                        while sizes and (len(sizes) >= window or held[0] + size > budget) and not stop.is_set():
                            room.wait()
                        if stop.is_set():
                            return
                        sizes.append(size)
                        held[0] += size
                        flying.add(rid)
                    order.put((tag, rid))
                    self.write(line)
            except BaseException as e:  # noqa: B036 - handed to the reading thread, raised there
                order.put(_Failed(e))
            finally:
                order.put(_End())

        writer = threading.Thread(target=feed, name="steppe-pipeline", daemon=True)
        writer.start()
        try:
            while True:
                item = order.get()
                if isinstance(item, _End):
                    return
                if isinstance(item, _Failed):
                    raise item.error
                tag, rid = item
                if rid is None:
                    yield tag, None
                    continue
                reply = self.reply(rid, timeout, or_unnumbered=True, later=flying)
                with room:
                    flying.discard(rid)
                    held[0] -= sizes.popleft()
                    room.notify()
                yield tag, reply
        finally:
            stop.set()
            with room:
                room.notify_all()


class _End:
    pass


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


# -- who else has the port ----------------------------------------------------------------------
def _described(pid: int) -> str:
    """A program as `ps` would name it: its command line, shortened ("python3 x.py" as x.py)."""
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            argv = [a.decode(errors="replace") for a in f.read(4096).split(b"\0") if a]
    except OSError:
        argv = []
    if len(argv) > 1 and os.path.basename(argv[0]).startswith("python") and not argv[1].startswith("-"):
        argv = argv[1:]  # a script: its name says more than the interpreter's
    if argv:
        words = " ".join([os.path.basename(argv[0])] + argv[1:])
    else:
        try:
            with open("/proc/%d/comm" % pid) as f:
                words = f.read().strip()
        except OSError:
            words = ""
    if len(words) > 60:
        words = words[:57] + "..."
    return "PID %d%s" % (pid, ", " + words if words else "")


def _pty_index(info: os.stat_result) -> int:
    """The number of a pseudo-terminal's slave (/dev/pts/N), or -1 for another device."""
    major = os.major(info.st_rdev)
    return (major - 136) * 256 + os.minor(info.st_rdev) if 136 <= major <= 143 else -1


def port_users(port: str) -> "list[str]":
    """The other programs that have the port open or locked, each as "PID n, command",
    where the system tells: flock holders from /proc/locks (any user's), openers from
    /proc/*/fd (this user's; every one's as root). Not counted: this process, and the
    device side of a pseudo-terminal - the program holding its master, a virtual Pico's
    relay. [] where there is no /proc."""
    try:
        node = os.stat(port)
    except OSError:
        return []
    me = os.getpid()
    index = _pty_index(node)
    found: "set[int]" = set()
    ident = "%02x:%02x:%d" % (os.major(node.st_dev), os.minor(node.st_dev), node.st_ino)
    try:
        with open("/proc/locks") as f:
            for line in f:
                parts = line.split()
                if "FLOCK" in parts:
                    k = parts.index("FLOCK")
                    if len(parts) > k + 4 and parts[k + 4] == ident and parts[k + 3].isdigit():
                        found.add(int(parts[k + 3]))
    except OSError:
        pass
    real = os.path.realpath(port)
    device_side: "set[int]" = set()
    try:
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        pids = []
    for pid in pids:
        if pid == me:
            continue
        folder = "/proc/%d/fd" % pid
        try:
            fds = os.listdir(folder)
        except OSError:
            continue  # gone, or another user's: the system does not say
        for fd in fds:
            try:
                link = os.readlink(folder + "/" + fd)
            except OSError:
                continue
            if link in ("/dev/ptmx", "/dev/pts/ptmx"):
                if index >= 0 and _master_of(pid, fd) == index:
                    device_side.add(pid)
            elif link == real or link.startswith("/dev/"):
                try:
                    info = os.stat(folder + "/" + fd)
                except OSError:
                    continue
                if stat.S_ISCHR(info.st_mode) and info.st_rdev == node.st_rdev:
                    found.add(pid)
    return [_described(pid) for pid in sorted(found - device_side - {me})]


def _master_of(pid: int, fd: str) -> int:
    """Which pseudo-terminal a /dev/ptmx file descriptor is the master of (-1: unknown)."""
    try:
        with open("/proc/%d/fdinfo/%s" % (pid, fd)) as f:
            for line in f:
                if line.startswith("tty-index:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return -1


class InUse(StepError):
    """A port another program holds (EXIT_NO_ANSWER: "its port is in use")."""


def in_use(port: str, users: "list[str]") -> InUse:
    """The error for a port another program holds: who, where the system says."""
    who = "; ".join(users) if users else "the system does not say which"
    return InUse(port + " is in use by another program (" + who + "): close it, then try again", EXIT_NO_ANSWER)


class PortLock:
    """The port's advisory lock - flock on the device node, which pyserial, mpremote and
    serial terminals (miniterm, picocom) take and honour - held on a file descriptor of
    its own, never read: for work done through another library's open of the port
    (steppe flash: mpremote's raw REPL, then the hello after the reset). StepError
    (EXIT_NO_ANSWER) naming the program that holds the port, or has it open without a
    lock (cat, screen)."""

    def __init__(self, port: str) -> None:
        self.port = port
        self.fd = -1
        self.node = None
        self._take()

    def _take(self) -> None:
        import fcntl

        port = self.port
        try:
            fd = os.open(port, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as e:
            if not os.path.exists(port):
                raise StepError("cannot open " + port + ": no such port", EXIT_NO_DEVICE)
            raise StepError("cannot open " + port + ": " + (e.strerror or str(e)), EXIT_NO_ANSWER)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise in_use(port, port_users(port))
        self.fd = fd
        self.node = _identity(port)
        users = port_users(port)
        if users:
            self.close()
            raise in_use(port, users)

    def renew(self) -> None:
        """Lock the port again if its device node is a new one (a Pico that re-enumerated
        after its reset: the old node, and its lock, are gone)."""
        node = _identity(self.port)
        if node is not None and node != self.node:
            self.close()
            self._take()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # (the lock goes with it)
            self.fd = -1


def _identity(port: str):
    try:
        info = os.stat(port)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_rdev


class Gone(NoAnswer):
    """The port failed under us - unplugged, or a board that reset as another port: one
    line, EXIT_NO_ANSWER (the device stopped answering: a cable pulled), never a traceback."""

    def __init__(self, port: str, error: BaseException) -> None:
        super().__init__(port + (" went away (unplugged?)" if not os.path.exists(port)
                                 else " failed (" + str(error)[:80] + ")"))


class SerialTransport(Transport):
    """pyserial on the port, its advisory lock taken (flock, as serial terminals take it;
    lock=False: this process holds it already, a PortLock). A port another program holds
    - locked, or open without a lock (cat, screen) - is refused naming that program: its
    bytes would be read by the other as well, and the box taken for hung."""

    def __init__(self, port: str, baudrate: int = 115200, lock: bool = True) -> None:
        super().__init__()
        import serial

        self.port = port
        try:
            self.serial = serial.Serial(port, baudrate=baudrate, timeout=0.05, exclusive=lock)
        except (OSError, serial.SerialException) as e:
            if not os.path.exists(port):
                raise StepError("cannot open " + port + ": no such port", EXIT_NO_DEVICE)
            if getattr(e, "errno", None) in (errno.EAGAIN, errno.EBUSY) or "temporarily unavailable" in str(e):
                from steppe import share

                owner = share.holder(port)
                if owner:  # steppe play or steppe web: the other steppe commands go through it (ports.connect)
                    raise InUse(port + " is in use by " + share.held_by(owner) + ": quit it first", EXIT_NO_ANSWER)
                raise in_use(port, port_users(port))
            raise StepError("cannot open " + port + ": " + str(e).split(":")[-1].strip(), EXIT_NO_ANSWER)
        self._buf = b""
        users = port_users(port)
        if users:
            self.close()
            raise in_use(port, users)

    def write(self, data: bytes) -> None:
        try:
            self.serial.write(data)
            self.serial.flush()
        except PORT_ERRORS as e:  # (pyserial's SerialException is an OSError)
            raise Gone(self.port, e)

    def readline(self, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            if time.monotonic() >= deadline:
                return b""
            try:
                # what is there, or wait (up to the port's timeout) for the first byte
                chunk = self.serial.read(self.serial.in_waiting or 1)
            except PORT_ERRORS as e:
                raise Gone(self.port, e)
            if chunk:
                self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return line.strip(b"\r")

    def drain(self, quiet: float = 0.2) -> bytes:
        """Read and drop whatever is waiting (boot messages) until the line goes quiet."""
        got = self._buf
        self._buf = b""
        end = time.monotonic() + quiet
        while time.monotonic() < end:
            try:
                chunk = self.serial.read(4096)
            except PORT_ERRORS as e:
                raise Gone(self.port, e)
            if chunk:
                got += chunk
                end = time.monotonic() + quiet
        return got

    def close(self) -> None:
        serial = getattr(self, "serial", None)
        try:
            if serial is not None:
                serial.close()
        except PORT_ERRORS:
            pass
