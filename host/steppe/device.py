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
import threading
import time

from shared_rules import cjson
from steppe.errors import EXIT_DEVICE_ERROR, EXIT_NO_ANSWER, EXIT_NO_DEVICE, StepError

from typing import Any, Iterable, Iterator

WINDOW = 8  # requests in flight: rng.draw runs ~2x faster than one at a time (docs/sync.md)
BUDGET = 3072  # request bytes in flight at most (see Transport.pipelined)
REPLY_TIMEOUT = 60.0  # s for one reply: a whole random game (khan.playout) on a Pico takes seconds


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
        reply = self.exchange(op, args, timeout)
        if reply.get("ok"):
            return reply.get("result", {})
        err = reply.get("error") or {}
        raise DeviceError(str(err.get("code", "error")), str(err.get("message", "")))

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
        # (one request under way: a reply without an id is the device's answer to a line it
        # could not hold or read - this one; every line gets one answer)
        reply = self.reply(rid, timeout, or_unnumbered=True)
        if wire is not None:
            reply = wire.unpack_reply(op, args, reply)
        return reply

    def reply(self, rid: int, timeout: float, or_unnumbered: bool = False) -> dict:
        """The reply with this id (or, with or_unnumbered, one with no id: the device's
        answer to a line it could not read); other lines are skipped."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise NoAnswer("the device did not answer within %g s" % timeout)
            line = self.readline(left)
            if not line:
                continue
            try:
                msg = json.loads(line)
            except ValueError:
                continue  # a boot message, REPL echo: not a reply
            if isinstance(msg, dict) and "ok" in msg and (msg.get("id") == rid or
                                                           or_unnumbered and msg.get("id") is None):
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
                reply = self.reply(rid, timeout, or_unnumbered=True)
                with room:
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


class SerialTransport(Transport):
    def __init__(self, port: str, baudrate: int = 115200) -> None:
        super().__init__()
        import serial

        self.port = port
        try:
            self.serial = serial.Serial(port, baudrate=baudrate, timeout=0.05, exclusive=True)
        except (OSError, serial.SerialException) as e:
            if not os.path.exists(port):
                raise StepError("cannot open " + port + ": no such port", EXIT_NO_DEVICE)
            if getattr(e, "errno", None) in (errno.EAGAIN, errno.EBUSY) or "temporarily unavailable" in str(e):
                from steppe import share

                owner = share.holder(port)
                raise StepError(port + " is in use by " + (share.held_by(owner) + ": quit it first" if owner else
                                "another program (steppe play, mpremote, a terminal?)"), EXIT_NO_ANSWER)
            raise StepError("cannot open " + port + ": " + str(e).split(":")[-1].strip(), EXIT_NO_ANSWER)
        self._buf = b""

    def write(self, data: bytes) -> None:
        try:
            self.serial.write(data)
            self.serial.flush()
        except OSError as e:
            raise NoAnswer("the device went away (" + str(e) + ")")

    def readline(self, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            if time.monotonic() >= deadline:
                return b""
            try:
                # what is there, or wait (up to the port's timeout) for the first byte
                chunk = self.serial.read(self.serial.in_waiting or 1)
            except OSError as e:
                raise NoAnswer("the device went away (" + str(e) + ")")
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
            chunk = self.serial.read(4096)
            if chunk:
                got += chunk
                end = time.monotonic() + quiet
        return got

    def close(self) -> None:
        try:
            self.serial.close()
        except OSError:
            pass
