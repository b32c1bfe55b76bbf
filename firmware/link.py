"""The serial link: line-delimited JSON over USB (shared with the REPL), one reply each.

{"id": 7, "op": "khan.flee", "args": {...}}  ->  {"id": 7, "ok": true, "result": {...}}
                                             or  {"id": 7, "ok": false, "error": {"code", "message"}}

Ops: the device's own (OPS below: hello, ui.press, ui.get, ui.frame, state.get, state.put, log.get,
journal.put) and every op of the rules table.
Distinct error codes: bad_json, too_long (lines over MAX_LINE bytes), unknown_op,
bad_args. A Ctrl-C byte stops the app so the REPL (and mpremote) can take over.
"""

import gc

from shared_rules import cjson, ops
from shared_rules.errors import BAD_ARGS, BAD_JSON, INTERNAL, NO_MEMORY, TOO_LONG, RulesError

MAX_LINE = ops.MAX_LINE
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
CTRL_C = 3


class Lines:
    """Assembles bytes into request lines of at most MAX_LINE bytes; an oversize line is
    dropped as it arrives (never held in RAM) and reported once as too long."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self.buf = bytearray()
        self.overflow = False

    def feed(self, data: bytes) -> list:
        """Complete lines (bytes), None for each oversize line. Raises KeyboardInterrupt
        on Ctrl-C, as the Pico's USB driver does."""
        out = []
        for b in data:
            if b == CTRL_C:
                raise KeyboardInterrupt
            if b == 10:
                out.append(None if self.overflow else bytes(self.buf))
                self.buf = bytearray()
                self.overflow = False
            elif not self.overflow:
                if len(self.buf) >= self.limit:
                    self.overflow = True
                    self.buf = bytearray()
                else:
                    self.buf.append(b)
        return out


def reply(rid, ok: bool, body) -> dict:
    out = {"id": rid, "ok": ok}
    out["result" if ok else "error"] = body
    return out


def error(rid, code: str, message: str) -> dict:
    return reply(rid, False, {"code": code, "message": message})


def _hello(app, args: dict) -> dict:
    return app.hello()


def _press(app, args: dict) -> dict:
    button = args.get("button")
    if button not in BUTTONS:
        raise RulesError(BAD_ARGS, "\"button\" must be one of " + ", ".join(BUTTONS))
    long = args.get("long", False)
    if long is not True and long is not False:
        raise RulesError(BAD_ARGS, "\"long\" must be true or false")
    app.press(button, long)
    return app.ui_json()


def _ui(app, args: dict) -> dict:  # what ui.press answers, without pressing
    return app.ui_json()


def _frame(app, args: dict) -> dict:
    return app.frame_json()


def _state(app, args: dict) -> dict:
    return app.state_get(True)


def _state_put(app, args: dict) -> dict:
    return app.state_put(args)


def _log(app, args: dict) -> dict:
    return app.log_get(args)


def _journal_put(app, args: dict) -> dict:
    return app.journal_put(args)


# the device's own ops (shared_rules/protocol.py names them for the host), beside the rules table
OPS = {
    "hello": _hello, "ui.press": _press, "ui.get": _ui, "ui.frame": _frame, "state.get": _state,
    "state.put": _state_put, "log.get": _log, "journal.put": _journal_put,
}


class Link:
    def __init__(self, app) -> None:
        self.app = app

    def answer(self, line, write) -> None:
        """Answer one request line through write(text): the reply is written in chunks,
        so a whole saved game goes out without ever being one string in RAM. A reply that
        runs out of RAM on its way out is cut short (its line broken off) and followed by a
        no_memory error with the request's id: the host always gets an answer."""
        out = self.handle(line)
        if out is None:
            return
        try:
            cjson.dump(out, write)
            write("\n")
        except MemoryError:
            rid = out.get("id")
            out = None
            gc.collect()
            write("\n")
            cjson.dump(error(rid, NO_MEMORY, "the reply did not fit in the device's RAM"), write)
            write("\n")

    def handle(self, line) -> "dict | None":
        """The reply to one request line (bytes or str, newline stripped); None for a
        blank line."""
        if line is None:
            return error(None, TOO_LONG, "line is longer than " + str(MAX_LINE) + " bytes")
        if isinstance(line, (bytes, bytearray)):
            try:
                line = line.decode()
            except UnicodeError:
                return error(None, BAD_JSON, "line is not UTF-8")
        line = line.strip()
        if not line:
            return None
        import json

        try:
            req = json.loads(line)
        except ValueError:
            return error(None, BAD_JSON, "line is not valid JSON")
        if not isinstance(req, dict):
            return error(None, BAD_ARGS, "a request is an object {\"id\", \"op\", \"args\"}")
        rid = req.get("id")
        if rid is not None and type(rid) is not int and not isinstance(rid, str):
            return error(None, BAD_ARGS, "\"id\" must be a number or a string")
        op = req.get("op")
        args = req.get("args", {})
        if not isinstance(op, str):
            return error(rid, BAD_ARGS, "missing \"op\"")
        if not isinstance(args, dict):
            return error(rid, BAD_ARGS, "\"args\" must be an object")
        try:
            fn = OPS.get(op)
            return reply(rid, True, fn(self.app, args) if fn is not None else ops.call(op, args))
        except RulesError as e:
            return error(rid, e.code, e.message)
        except MemoryError:
            gc.collect()
            return error(rid, NO_MEMORY, "out of memory in " + op)
        except Exception as e:  # a bug of ours: one line, and the device keeps running
            return error(rid, INTERNAL, "internal error in " + op + ": " + type(e).__name__)
