"""A box's port has one owner at a time; the owner lends it to the other steppe commands.

`steppe play` and `steppe web` keep a box's serial port open while they run (a serial port
takes one program at a time: two would read each other's replies). So that `steppe logs`,
`steppe history pull`, `steppe sync`... still reach the box meanwhile, the owner listens on
a Unix socket of its own and passes each request it is sent to the box between its own,
under the link's lock, and the reply back: the other command talks to the box as if it had
the port. Its record (who holds which device, the socket, the page's address) lies in the
registry of virtual Picos (sim.registry(): $STEPPE_SIMS, else steppe-sims in the runtime
folder), under held/, so `steppe ports` can say who holds a port, ports.connect() goes
through the owner, and what needs the port to itself (steppe flash, mpremote) says which
program to quit.
"""

import contextlib
import json
import os
import re
import socket
import threading
import time

from steppe import sim
from steppe.device import REPLY_TIMEOUT, NoAnswer, Transport, framed, request_line

_FRAME = re.compile(rb"#(\d+):")


def folder() -> str:
    return os.path.join(sim.registry(), "held")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # (another user's process: alive)
        return True
    return True


def holders() -> "list[dict]":
    """The owners running on this machine: {"device", "pid", "who", "socket", "page"}.
    Records of owners that are gone are removed."""
    out = []
    base = folder()
    if not os.path.isdir(base):
        return out
    for name in sorted(os.listdir(base)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(base, name)
        try:
            with open(path) as f:
                record = json.load(f)
            pid = int(record["pid"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if not _alive(pid):
            for gone in (path, str(record.get("socket", ""))):
                with contextlib.suppress(OSError):
                    os.remove(gone)
            continue
        out.append(record)
    return out


def holder(device: str) -> "dict | None":
    """The owner holding this device (a path, compared as the file it names), or None."""
    real = os.path.realpath(device)
    for record in holders():
        if os.path.realpath(str(record.get("device", ""))) == real:
            return record
    return None


def held_by(record: dict) -> str:
    """'steppe web (pid 4242, http://127.0.0.1:8000/)': who holds a port, for a message."""
    page = record.get("page")
    return "%s (pid %s%s)" % (record.get("who"), record.get("pid"), ", " + page if page else "")


class Lender:
    """The owner's side: a Unix socket whose connections send request lines; each is sent
    to the box on the owner's link (link.lock held from the request to its reply) and the
    reply comes back with the id it was sent with. start() also writes the record."""

    def __init__(self, link, device: str, who: str, page: str = "") -> None:
        self.link = link  # a Transport with a .lock (play.Metered)
        self.device = device
        self.who = who
        self.page = page
        self.path = ""
        self.record = ""
        self.server = None
        self.stopping = False
        self.served = 0  # requests passed on

    def start(self) -> "Lender":
        base = folder()
        os.makedirs(base, exist_ok=True)
        stem = os.path.join(base, "%d-%d" % (os.getpid(), id(self) % 100000))
        self.path = stem + ".sock"
        with contextlib.suppress(OSError):
            os.remove(self.path)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(self.path)
        os.chmod(self.path, 0o600)  # the user's own programs only
        server.listen(8)
        self.server = server
        self.record = stem + ".json"
        self.write_record()
        threading.Thread(target=self._accept, name="steppe-lender", daemon=True).start()
        return self

    def write_record(self) -> None:
        """The record (again, when the page's address is known, or the device changed)."""
        if not self.record:
            return
        tmp = self.record + ".tmp"
        with open(tmp, "w") as f:
            json.dump({"device": self.device, "pid": os.getpid(), "who": self.who, "socket": self.path,
                       "page": self.page}, f)
        os.replace(tmp, self.record)

    def _accept(self) -> None:
        assert self.server is not None
        while not self.stopping:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), name="steppe-lent", daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with conn, conn.makefile("rb") as lines:
            for raw in lines:
                line = raw.rstrip(b"\r\n")
                head = _FRAME.match(line)
                if head:
                    line = line[head.end():]
                if not line.strip():
                    continue
                try:
                    reply = self.forward(line)
                except NoAnswer:
                    return  # the box does not answer its owner either: the borrower hears nothing more
                try:
                    conn.sendall(json.dumps(reply, separators=(",", ":")).encode() + b"\n")
                except OSError:
                    return

    def forward(self, line: bytes) -> dict:
        """One request line to the box, under the link's lock; its reply, with its own id."""
        try:
            req = json.loads(line)
        except ValueError:
            req = None
        if not isinstance(req, dict) or "op" not in req:
            return {"id": None, "ok": False, "error": {"code": "bad_json", "message": "not a request object"}}
        theirs = req.get("id")
        link = self.link
        with link.lock:
            rid = link.next_id
            link.next_id += 1
            req["id"] = rid
            out = request_line(req).encode()
            link.write(out + b"\n" if req.get("op") == "hello" else framed(out))
            reply = link.reply(rid, REPLY_TIMEOUT, or_unnumbered=True)  # (one under way: as Transport.exchange)
        self.served += 1
        reply["id"] = theirs
        return reply

    def stop(self) -> None:
        self.stopping = True
        if self.server is not None:
            with contextlib.suppress(OSError):
                self.server.shutdown(socket.SHUT_RDWR)  # (wakes the thread in accept(); close() alone does not)
            with contextlib.suppress(OSError):
                self.server.close()
        for path in (self.path, self.record):
            if path:
                with contextlib.suppress(OSError):
                    os.remove(path)


class Borrowed(Transport):
    """Another command's side: the box reached through its owner's socket, as a port."""

    def __init__(self, record: dict, device: str) -> None:
        super().__init__()
        self.port = device
        self.record = record
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.sock.connect(str(record.get("socket")))
        except OSError as e:
            self.sock.close()
            raise NoAnswer(device + " is held by " + held_by(record) + ", which does not lend it (" + str(e) + ")")
        self._buf = b""

    def write(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError as e:
            raise NoAnswer("the box's owner, " + held_by(self.record) + ", went away (" + str(e) + ")")

    def readline(self, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return b""
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return b""
            except OSError as e:
                raise NoAnswer("the box's owner, " + held_by(self.record) + ", went away (" + str(e) + ")")
            if not chunk:
                raise NoAnswer(held_by(self.record) + " does not reach the box at " + self.port + " now")
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return line

    def drain(self, quiet: float = 0.2) -> bytes:
        got, self._buf = self._buf, b""
        return got

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()
