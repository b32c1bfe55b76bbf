"""`steppe web`: the table's second screen in a browser, served on this machine only.

An aiohttp server on 127.0.0.1 (never beyond loopback) with three pages - the box live
(the matrix as its LEDs emit, the game drawn in full, the story with undo and redo), the
Khan board editor, and the history - and one WebSocket that pushes every change to them
at once. The box is held by one thread (Box: the only one that talks to it, through the
play.Metered link that share.py lends to the other steppe commands); it asks the box a
cheap ui.get a few times a second and fetches the frame only when the box's frame counter
moved, the game and its journal only when the game did.

Safe by default: every request - pages, files, API, the WebSocket - must carry the
random token the printed address holds (the page gets it from its address, and a
cookie for its files), a request from another origin or for another host name is refused
(DNS rebinding), and nothing is sent but to this machine. The handlers are thin: the
rules core (webview.py), the history (history.py, stats.py), sync.check_board and the
device's own ops do the work.
"""

import argparse
import contextlib
import json
import os
import sys
import time

from shared_rules import cjson
from shared_rules.errors import RulesError
from steppe import leds, ports, webview
from steppe.device import DeviceError, NoAnswer
from steppe.errors import EXIT_NO_ANSWER, EXIT_NO_DEVICE, EXIT_OK, EXIT_USAGE, StepError

HOST = "127.0.0.1"
POLL_S = 0.2  # ui.get while nothing moves: a change made on the box's own buttons shows within this
FAST_S = 1 / 16  # ...and while the frame moves (a flight, a scrolling sentence), or after a press
FAST_FOR_S = 1.5
ANIMATE_S = 0.5  # a frame that only an animation changed is fetched at most this often
RETRY_S = 1.0  # a box that went away is looked for again this often
# each page: its title, and its <main> (page/NAME.html, NAME.js) in the one shell.html
PAGES = {"/": ("the box", "live"), "/editor": ("the Khan board editor", "editor"), "/history": ("the history", "history")}
FILES = ("page.css", "page.js", "live.js", "editor.js", "history.js")  # served as /files/NAME
TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript"}
# the browser's key names as the terminal panel's (panel.KEYS): the same keys on both
BROWSER_KEYS = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right", "Enter": "enter",
                "Escape": "esc", "Backspace": "backspace"}


def page_dir() -> str:
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "page")


def page_files() -> "list[str]":
    """Every file of the pages (page/)."""
    return sorted(FILES + ("shell.html",) + tuple(name + ".html" for _, name in PAGES.values()))


def keys() -> dict:
    """KeyboardEvent.key -> [button, held], from the terminal panel's table."""
    from steppe.panel import KEYS

    out = {}
    for name, press in KEYS.items():
        out[next((k for k, v in BROWSER_KEYS.items() if v == name), name)] = list(press)
    return out


# -- the box -------------------------------------------------------------------------------------
class Box:
    """The box as the page sees it. Its methods run in one thread (the `device` executor):
    they alone use the link. Each returns what changed, for the pages."""

    def __init__(self, port: str = "", fs: str = "", page: str = "") -> None:
        self.port = port  # a device path, "" for the only one attached; unused with fs
        self.fs = fs  # the virtual Pico's folder (--sim)
        self.page = page
        self.link = None
        self.lender = None
        self.stack = contextlib.ExitStack()
        self.label = ""
        self.info: dict = {}
        self.status = ""  # one line: why the box cannot be reached now
        self.ui: dict = {}
        self.frame: "list[str]" = []
        self.crc = None  # the CRC of the frame shown (ui.get's "frame")
        self.seen: "dict[str, list[str]]" = {}  # frames by their CRC: a blink's two halves cost one fetch each
        self.fetched = 0.0  # when ui.frame was last asked
        self.due = False  # the screen's state moved: its next frame is fetched at once
        self.key = None  # what of the ui says the game may have changed
        self.game: dict = {"name": None}
        self.story = None
        self.said: "list[str]" = []
        self.moved_at = 0.0  # when the frame last changed, or a press came

    # -- the connection --------------------------------------------------------------------
    def connect(self, first: bool = False) -> dict:
        """Reach the box (the virtual Pico started the first time); everything, or the line
        that says why not. first: at the start, where a box that cannot be chosen (several
        attached, not a companion) ends the command; later it is said on the page."""
        from steppe import play

        try:
            if self.fs:
                if self.link is None:
                    self.link, self.info, self.label = self.stack.enter_context(
                        play._device("", self.fs, lock=True, who="steppe web", page=self.page))
                else:
                    self.info = self.link.request("hello", timeout=2.0)
            else:
                link, self.info = ports.connect(self.port, wake=first)  # (not a Ctrl-C to a box starting up)
                self.link = play.Metered(link)
                self.label = link.port
                if isinstance(link, ports.SerialTransport):
                    self.lender = play._lend(self.link, link.port, "steppe web", self.page)
        except StepError as e:
            if first and e.status not in (EXIT_NO_DEVICE, EXIT_NO_ANSWER):
                raise
            return self._lost(str(e))
        self.status = ""
        self.crc = None
        self.seen.clear()
        self.key = None
        out = self.guarded(lambda: self.refresh(True))
        out.update(self.snapshot())
        return out

    def _lost(self, why: str) -> dict:
        if self.link is not None and not self.fs:
            if self.lender is not None:
                self.lender.stop()
                self.lender = None
            self.link.close()
            self.link = None
        self.status = "the box cannot be reached (%s): waiting for it" % why.rstrip(".")
        self.info = {}
        return {"status": self.status, "connected": False}

    @property
    def connected(self) -> bool:
        return self.link is not None and not self.status

    def close(self) -> None:
        if self.lender is not None:
            self.lender.stop()
        if self.link is not None and not self.fs:
            self.link.close()
        self.stack.close()

    def snapshot(self) -> dict:
        return {"status": self.status, "connected": self.connected, "label": self.label, "ui": _ui(self.ui),
                "frame": self.frame, "game": self.game, "firmware": self.info.get("firmware")}

    # -- what the box shows ----------------------------------------------------------------
    def guarded(self, job) -> dict:
        """A job on the link; a box that stops answering is said, not raised."""
        out = {}
        if self.link is None or self.status:
            out = self.connect()  # (all of it: the pages learn the box is back)
            if not self.connected:
                return out
        try:
            out.update(job())
        except NoAnswer as e:
            return self._lost(str(e))
        except DeviceError as e:  # (no_memory on a box whose heap ran short: said, and asked again later)
            out["refused"] = "the box answered: " + str(e)
        return out

    def refresh(self, full: bool = False) -> dict:
        assert self.link is not None
        return self.take(self.link.request("ui.get", timeout=5.0), full)

    def take(self, ui: dict, full: bool = False) -> dict:
        """A ui.get (or ui.press) answer: what changed. Its "frame" is the CRC of what the
        LEDs show (firmware/app.py): the frame is fetched (ui.frame, ~70 ms of a Pico's
        time) only when that moved - at once after a press or when the screen's state moved
        too; while only an animation moves it (a blink, a flight, a scrolling sentence), at
        most every ANIMATE_S; a frame seen before (the two halves of a blink) comes from
        the cache, costing the box nothing. The game is read again only when the screen, the
        actions in force or the history's entry moved."""
        assert self.link is not None
        out = {}
        changed = full or _ui(ui) != _ui(self.ui)
        now = time.monotonic()
        if changed:
            out["ui"] = _ui(ui)
            self.due = True  # (the box may draw the screen's change a turn of its loop later)
            self.moved_at = now
        if ui.get("screen") != self.ui.get("screen"):
            self.seen.clear()  # (the settings screen changes what the LEDs make of a frame)
        crc = ui.get("frame")
        if full or crc is None or crc != self.crc:
            pixels = self.seen.get(crc) if crc is not None and not full else None
            if pixels is None and (self.due or now - self.fetched >= ANIMATE_S):
                pixels = self._fetch_frame(crc)
                self.due = False
                if pixels != self.frame:
                    self.moved_at = now  # a frame not seen before: an animation may go on (not a blink)
            if pixels is not None:
                self.crc = crc
                if full or pixels != self.frame:
                    self.frame = pixels
                    out["frame"] = pixels
        key = (ui.get("screen"), ui.get("actions"), ui.get("kind"), ui.get("entry"))
        self.ui = ui
        if full or key != self.key:
            self.key = key
            game = self._game(ui)
            if full or game != self.game:
                self.game = game
                out["game"] = game
        return out

    def _fetch_frame(self, crc) -> "list[str]":
        """ui.frame with the LED levels, as a screen shows them; kept by its CRC when the
        box still shows that frame after (an animation may have moved on meanwhile)."""
        assert self.link is not None
        got = self.link.request("ui.frame", {"led": True}, timeout=5.0)
        white = got.get("white")
        pixels = [leds.shown_hex(str(p), white if isinstance(white, int) else 255) for p in got.get("pixels") or []]
        self.fetched = time.monotonic()
        if crc is not None and self.link.request("ui.get", timeout=5.0).get("frame") == crc:
            if len(self.seen) >= 32:
                self.seen.clear()
            self.seen[crc] = pixels
        return pixels

    def _game(self, ui: dict) -> dict:
        """The game in play: the box's journal told (story.Story, the rules core replaying
        it as it goes: log.get of the lines not read yet), and the view of the game it
        leads to - the box's game, as the box itself rebuilds it from that journal."""
        from steppe.story import Story

        assert self.link is not None
        if ui.get("screen") in ("menu", None) and "actions" not in ui:
            self.story, self.said = None, []
            return {"name": None}
        problem = ""
        log: dict = {}
        for attempt in (0, 1):
            read = len(self.said) + (self.story is not None)  # lines told: the header and the ones after
            log = self.link.request("log.get", {"from": read}, timeout=30.0)
            name = log.get("game")
            if name is None:
                self.story, self.said = None, []
                return {"name": None}
            lines = log.get("journal") or []
            if attempt or self.story is None or self.story.name != name or log.get("lines") != read + len(lines):
                if read:  # another game, or the journal replaced: told again from its start
                    self.story, self.said = None, []
                    continue
            try:
                for line in lines:
                    if self.story is None:
                        self.story = Story(line)
                    else:
                        self.said.append(self.story.feed(cjson.dumps(line)))
                problem = ""
                break
            except RulesError as e:
                problem = "the box's journal is not the rules core's game: " + e.message
                self.story, self.said = None, []
        if self.story is None:
            return {"name": log.get("game"), "problem": problem or "the box's journal could not be read"}
        name = self.story.name
        state = __import__("shared_rules." + name + ".state", None, None, ("game_json",)).game_json(self.story.game)
        stack = self.story.stack
        return {"name": name, "view": webview.view(name, state, self.story.head.get("settings")),
                "story": webview.story_lines(self.said, set(stack.undone)), "undo": bool(stack.items),
                "redo": bool(stack.undone), "problem": problem, "actions": len(stack.items)}

    def poll(self) -> dict:
        return self.guarded(self.refresh)

    def press(self, button: str, long: bool) -> dict:
        from steppe.panel import press

        def job() -> dict:
            assert self.link is not None
            self.moved_at = time.monotonic()
            try:
                ui = press(self.link, button, long)
            except DeviceError as e:
                return {"refused": str(e)}
            return self.take(ui)

        return self.guarded(job)

    def undo(self) -> dict:
        """The box's own undo (BACK held): the box and the page never disagree."""
        return self.press("BACK", True)

    def redo(self) -> dict:
        """The box's own redo: RIGHT while its history shows; else the history is opened
        first (BACK held undoes one, RIGHT brings it back) as a player would."""
        from steppe.panel import press

        def job() -> dict:
            assert self.link is not None
            if self.ui.get("mode") != "history":
                if press(self.link, "BACK", True).get("kind") == "undo":
                    press(self.link, "RIGHT")
            return self.take(press(self.link, "RIGHT"))

        return self.guarded(job)

    def fast(self) -> bool:
        return time.monotonic() - self.moved_at < FAST_FOR_S


def _ui(ui: dict) -> dict:
    """What the page is told of the screen (the frame counter is the server's business)."""
    return {k: v for k, v in ui.items() if k != "frame"}


# -- the server ----------------------------------------------------------------------------------
class Server:
    def __init__(self, box: Box, token: str, port: int, db: str = "") -> None:
        self.box = box
        self.token = token
        self.port = port
        self.db = db
        from concurrent.futures import ThreadPoolExecutor

        self.device = ThreadPoolExecutor(1, thread_name_prefix="steppe-box")  # the box's one thread
        self.sockets: "set" = set()
        import asyncio

        self.loop: "asyncio.AbstractEventLoop | None" = None
        self.origins = {"http://%s:%d" % (h, port) for h in (HOST, "localhost")}
        self.hosts = {"%s:%d" % (h, port) for h in (HOST, "localhost")}
        self.pulling = False
        self.stopped = asyncio.Event()

    @property
    def url(self) -> str:
        return "http://%s:%d/?token=%s" % (HOST, self.port, self.token)

    def app(self):
        from aiohttp import web

        @web.middleware
        async def guard(request, handler):
            return await self.guard(request, handler)

        app = web.Application(middlewares=[guard], client_max_size=64 * 1024)
        app.router.add_get("/ws", self.websocket)
        for path in PAGES:
            app.router.add_get(path, self.page)
        app.router.add_get("/files/{name}", self.file)
        app.router.add_post("/api/press", self.api_press)
        app.router.add_post("/api/undo", self.api_undo)
        app.router.add_post("/api/redo", self.api_redo)
        app.router.add_get("/api/board", self.api_board)
        app.router.add_post("/api/board/check", self.api_board_check)
        app.router.add_post("/api/board/push", self.api_board_push)
        app.router.add_get("/api/history", self.api_history)
        app.router.add_post("/api/history/pull", self.api_pull)
        app.router.add_get("/api/history/export.bgsplay", self.api_export)
        app.router.add_get("/api/history/export.csv", self.api_export)
        app.router.add_get("/api/history/{id}", self.api_game)
        app.router.add_get("/api/history/{id}/plot.png", self.api_plot)
        app.router.add_post("/api/history/{id}/names", self.api_names)
        return app

    # -- safe by default -------------------------------------------------------------------
    def refusal(self, request) -> str:
        """Why a request is refused ("" when it is not): a host name other than ours (DNS
        rebinding), another origin, or no token."""
        if request.host not in self.hosts:
            return "this server answers only to " + HOST
        origin = request.headers.get("Origin")
        if origin is not None and origin not in self.origins:
            return "requests from other sites are refused"
        if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            return "requests from other sites are refused"
        given = (request.query.get("token") or request.headers.get("X-Steppe-Token")
                 or request.cookies.get(self.cookie) or "")
        import hmac

        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return "no token, or not this page's: open the address steppe web printed"
        return ""

    @property
    def cookie(self) -> str:
        return "steppe-%d" % self.port  # (cookies are not kept apart by port: two servers, two names)

    async def guard(self, request, handler):
        from aiohttp import web

        why = self.refusal(request)
        if why:
            return web.Response(status=403, text="403: " + why + "\n")
        response = await handler(request)
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data: blob:; connect-src 'self' ws://%s:%d; "
            "style-src 'self'; script-src 'self'; frame-ancestors 'none'" % (request.host.split(":")[0], self.port))
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

    # -- pages and files ---------------------------------------------------------------------
    async def page(self, request):
        from aiohttp import web

        title, name = PAGES[request.path]
        with open(os.path.join(page_dir(), "shell.html"), encoding="utf-8") as f:
            shell = f.read()
        with open(os.path.join(page_dir(), name + ".html"), encoding="utf-8") as f:
            main = f.read()
        response = web.Response(text=shell.format(title=title, main=main, script=name + ".js"),
                                content_type="text/html", charset="utf-8")
        response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    async def file(self, request):
        from aiohttp import web

        name = request.match_info["name"]
        if name not in FILES:
            raise web.HTTPNotFound()
        with open(os.path.join(page_dir(), name), "rb") as f:
            return web.Response(body=f.read(), content_type=TYPES[os.path.splitext(name)[1]], charset="utf-8")

    # -- the live box ------------------------------------------------------------------------
    async def on_box(self, job, *args):
        assert self.loop is not None
        return await self.loop.run_in_executor(self.device, job, *args)

    async def broadcast(self, message: dict) -> None:
        if not message:
            return
        text = json.dumps(message, separators=(",", ":"))
        for ws in list(self.sockets):
            try:
                await ws.send_str(text)
            except (ConnectionError, RuntimeError):
                self.sockets.discard(ws)

    def broadcast_soon(self, message: dict) -> None:
        """broadcast() from another thread (the box's, pulling the history)."""
        import asyncio

        if self.loop is not None:
            asyncio.run_coroutine_threadsafe(self.broadcast(message), self.loop)

    async def websocket(self, request):
        from aiohttp import WSMsgType, web

        ws = web.WebSocketResponse(heartbeat=20.0)
        await ws.prepare(request)
        first = self.box.snapshot()
        first.update({"keys": keys(), "colours": leds.screen_colours(), "hello": True})
        await ws.send_str(json.dumps(first, separators=(",", ":")))
        self.sockets.add(ws)
        try:
            async for msg in ws:
                if msg.type == WSMsgType.ERROR:
                    break
        finally:
            self.sockets.discard(ws)
        return ws

    async def poller(self) -> None:
        """The box asked what it shows: quickly while it moves, a few times a second else;
        once a second while it cannot be reached."""
        import asyncio

        while not self.stopped.is_set():
            try:
                changed = await self.on_box(self.box.poll)
            except Exception as e:  # a bug of ours: one line, and the page goes on
                changed = {"refused": "steppe web: internal error: %s: %s" % (type(e).__name__, e)}
                sys.stderr.write(changed["refused"] + "\n")
            await self.broadcast(changed)
            pause = FAST_S if self.box.fast() else POLL_S if self.box.connected else RETRY_S
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.stopped.wait(), pause)

    async def _body(self, request) -> dict:
        from aiohttp import web

        try:
            body = await request.json()
        except ValueError:
            raise web.HTTPBadRequest(text="the request is not JSON")
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(text="the request is not a JSON object")
        return body

    async def _answer(self, changed: dict, seq=None):
        """What a press did, pushed to every page (with the sequence number the page gave
        its press), and the answer to the request: 200, or 409 with the one line."""
        from aiohttp import web

        if seq is not None:
            changed["seq"] = seq
        await self.broadcast(changed)
        if changed.get("refused") or changed.get("connected") is False:
            return web.json_response({"error": changed.get("refused") or changed.get("status")}, status=409)
        return web.json_response({"ui": _ui(self.box.ui)})

    async def api_press(self, request):
        from aiohttp import web

        body = await self._body(request)
        button, long = body.get("button"), body.get("long", False)
        if button not in ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "HELP") or long not in (True, False):
            raise web.HTTPBadRequest(text="a press is {\"button\": UP DOWN LEFT RIGHT OK BACK or HELP, "
                                          "\"long\": true or false}")
        seq = body.get("seq") if isinstance(body.get("seq"), int) else None
        return await self._answer(await self.on_box(self.box.press, button, long), seq)

    async def api_undo(self, request):
        body = await self._body(request)
        return await self._answer(await self.on_box(self.box.undo), body.get("seq"))

    async def api_redo(self, request):
        body = await self._body(request)
        return await self._answer(await self.on_box(self.box.redo), body.get("seq"))

    # -- the board editor ---------------------------------------------------------------------
    async def api_board(self, request):
        """The canvas to begin from: the box's own board, else the default board."""
        from aiohttp import web

        from shared_rules.khan.board import DEFAULT_TEXT

        def job() -> "str | None":
            if not self.box.connected:
                return None
            assert self.box.link is not None
            try:
                return self.box.link.request("board.get", timeout=10.0).get("board")
            except (DeviceError, NoAnswer):
                return None

        text = await self.on_box(job) if request.query.get("from") != "default" else None
        grid = webview.grid_of(text if isinstance(text, str) else DEFAULT_TEXT)
        grid["source"] = "box" if isinstance(text, str) else "default"
        return web.json_response({"grid": grid, "check": webview.check_grid(grid), "colours": leds.screen_colours(),
                                  **webview.canvas()})

    async def api_board_check(self, request):
        from aiohttp import web

        body = await self._body(request)
        try:
            return web.json_response(webview.check_grid(body.get("grid")))
        except ValueError as e:
            raise web.HTTPBadRequest(text=str(e))

    async def api_board_push(self, request):
        """The editor's board made the box's own: sync board push's path, checked here by
        the rules core and again by the box (board.put)."""
        from aiohttp import web

        from steppe import sync

        body = await self._body(request)
        try:
            text = webview.text_of(body.get("grid"))
            summary = sync.check_board(text, "the editor's board")
        except (ValueError, StepError) as e:
            raise web.HTTPBadRequest(text=str(e))

        def job() -> dict:
            if not self.box.connected:
                return {"error": self.box.status or "no box"}
            assert self.box.link is not None
            try:
                put = self.box.link.request("board.put", {"board": text}, timeout=30.0)
            except DeviceError as e:
                return {"error": "the box refused the board and keeps its own: " + e.message}
            warnings = [str(w) for w in put.get("warnings") or []]  # (not the rulebook's board, in the box's words)
            return {"done": "a Khan board of %s, now the box's own board%s" % (
                summary, "; the box says: " + "; ".join(warnings) if warnings else ""), "text": text,
                "warnings": warnings}

        got = await self.on_box(lambda: self.box.guarded(job))
        if "done" not in got:
            return web.json_response({"error": got.get("error") or got.get("status")}, status=409)
        return web.json_response(got)

    # -- the history ---------------------------------------------------------------------------
    def _db(self, create: bool = False):
        from steppe import history

        return history.open_db(self.db or history.default_db(), create=create)

    async def in_thread(self, job, *args):
        """A job on the history (a thread of its own, not the box's): a refusal is 400 with
        its one line; a damaged database (sqlite's error, found when a page is read) too."""
        import sqlite3

        from aiohttp import web

        from steppe import history

        assert self.loop is not None
        try:
            return await self.loop.run_in_executor(None, job, *args)
        except StepError as e:
            raise web.HTTPBadRequest(text=str(e))
        except sqlite3.Error as e:
            raise web.HTTPBadRequest(text=str(history.db_error(self.db or history.default_db(), e)))

    async def api_history(self, request):
        from aiohttp import web

        from steppe import history

        def job() -> list:
            if not os.path.exists(self.db or history.default_db()):
                return []
            db = self._db()
            try:
                return webview.history_rows(db)
            finally:
                db.close()

        return web.json_response({"games": await self.in_thread(job), "pulling": self.pulling})

    async def api_game(self, request):
        from aiohttp import web

        def job() -> dict:
            db = self._db()
            try:
                return webview.history_game(db, request.match_info["id"])
            finally:
                db.close()

        return web.json_response(await self.in_thread(job))

    async def api_plot(self, request):
        from aiohttp import web

        from steppe import history, stats

        def job() -> bytes:
            import tempfile

            db = self._db()
            try:
                g = history.find(db, request.match_info["id"])
                with tempfile.TemporaryDirectory(prefix="steppe-web-") as folder:
                    path = os.path.join(folder, "plot.png")
                    stats.plot_game(g, history.names(db, g), path)
                    with open(path, "rb") as f:
                        return f.read()
            finally:
                db.close()

        return web.Response(body=await self.in_thread(job), content_type="image/png")

    async def api_names(self, request):
        from aiohttp import web

        from steppe import history

        body = await self._body(request)
        names = body.get("names")
        if not isinstance(names, dict):
            raise web.HTTPBadRequest(text="names are {colour: name}")

        def job() -> list:
            db = self._db(create=True)  # (the others open it read-only)
            try:
                return history.set_names(db, request.match_info["id"], list(names.items()))
            finally:
                db.close()

        return web.json_response({"names": await self.in_thread(job)})

    async def api_export(self, request):
        from aiohttp import web

        from steppe import history

        bgstats = request.path.endswith(".bgsplay")

        def job() -> str:
            path = self.db or history.default_db()
            if not os.path.exists(path):
                raise StepError("the history is empty: pull the box's games first", EXIT_USAGE)
            db = self._db()
            try:
                rows = history.games(db)
                if bgstats:
                    return json.dumps(history.bgstats(db, rows), indent=1, ensure_ascii=False) + "\n"
                return history.csv_text(db, rows)
            finally:
                db.close()

        name = "steppe-plays." + ("bgsplay" if bgstats else "csv")
        return web.Response(text=await self.in_thread(job), content_type="application/json" if bgstats else "text/csv",
                            headers={"Content-Disposition": 'attachment; filename="%s"' % name})

    async def api_pull(self, request):
        """steppe history pull from the page: the box's archive into the history, its
        progress pushed to the pages as it goes ({"pull": ...})."""
        from aiohttp import web

        from steppe import history

        if self.pulling:
            return web.json_response({"error": "a pull is under way"}, status=409)

        def job() -> dict:
            if not self.box.connected:
                return {"error": self.box.status or "no box"}
            db = self._db(create=True)
            try:
                def progress(k: int, n: int) -> None:
                    self.broadcast_soon({"pull": {"done": k, "of": n}})

                stored, already, refused = history.pull(self.box.link, db, progress)
            except NoAnswer as e:
                self.box._lost(str(e))
                return {"error": self.box.status}
            except StepError as e:
                return {"error": str(e)}
            finally:
                db.close()
            return {"stored": stored, "already": already, "refused": refused}

        self.pulling = True
        try:
            got = await self.on_box(job)
        finally:
            self.pulling = False
        await self.broadcast({"pull": dict(got, finished=True)})
        return web.json_response(got, status=409 if "error" in got else 200)


# -- the command ---------------------------------------------------------------------------------
def arguments(p: argparse.ArgumentParser) -> None:
    where = p.add_mutually_exclusive_group()
    where.add_argument("--port", default="", help="the box's port (default: the only one attached)")
    where.add_argument("--sim", action="store_true", help="no box: run the virtual Pico (steppe play's, its folder "
                                                          "and games)")
    p.add_argument("--fs", default="", help="with --sim: the virtual Pico's folder (default: $XDG_DATA_HOME/steppe/pico)")
    p.add_argument("--http-port", type=int, default=0, metavar="N",
                   help="the page's port on 127.0.0.1 (default: a free one)")
    p.add_argument("--no-open", action="store_true", help="do not open the browser")
    p.add_argument("--db", default="", metavar="FILE", help="the history database (default: steppe history's)")


def run(args) -> int:
    import asyncio
    import secrets
    import socket

    from steppe import play

    if args.fs and not args.sim:
        raise StepError("--fs is the virtual Pico's folder: give --sim too", EXIT_USAGE)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, args.http_port))
    except OSError as e:
        sock.close()
        raise StepError("cannot listen on %s:%d: %s" % (HOST, args.http_port, e.strerror), EXIT_USAGE)
    port = sock.getsockname()[1]
    token = secrets.token_urlsafe(24)
    box = Box(args.port if args.port != "auto" else "", os.path.abspath(args.fs or play.default_fs())
              if args.sim else "")
    server = Server(box, token, port, args.db)
    box.page = "http://%s:%d/" % (HOST, port)
    try:
        return asyncio.run(_serve(server, sock, not args.no_open))
    finally:
        box.close()
        sock.close()


async def _serve(server: Server, sock, open_browser: bool) -> int:
    import asyncio
    import signal
    import threading

    from aiohttp import web

    server.loop = asyncio.get_running_loop()
    first = await server.on_box(server.box.connect, True)  # (several boxes, not a companion: stops here)
    runner = web.AppRunner(server.app(), access_log=None)
    await runner.setup()
    await web.SockSite(runner, sock).start()
    print("steppe web: " + server.url, flush=True)
    sys.stderr.write("steppe web: %s; Ctrl-C stops\n" % (
        "the box: " + server.box.label if server.box.connected else first.get("status", "")))
    sys.stderr.flush()
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        server.loop.add_signal_handler(s, server.stopped.set)
    if open_browser:
        threading.Thread(target=_open, args=(server.url,), daemon=True).start()
    try:
        await server.poller()
    finally:
        for ws in list(server.sockets):
            await ws.close()
        await runner.cleanup()
        server.device.shutdown(wait=True)
    return EXIT_OK


def _open(url: str) -> None:
    import webbrowser

    with contextlib.suppress(Exception):  # no browser here: the address is printed
        webbrowser.open(url)
