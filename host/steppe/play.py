"""`steppe play`: the companion's front panel in a terminal, or a scripted Khan demo.

On a terminal: the front panel (panel.py). Without one (stdin not a tty, or --demo): a new
Khan game is started through the menu by presses, and the random player of drive.py plays
a dozen moves through the buttons, each checked against the rules core and told in words
from the device's own journal (story.py), one line a move.

Without --port the device is a virtual Pico run in this process (sim.VirtualPico in a
thread), its filesystem a folder that outlives the run, so a game is still there next time.
"""

import argparse
import contextlib
import os
import signal
import sys
import tempfile
import threading
import time

from steppe import ports, sim
from steppe.device import NoAnswer, SerialTransport, Transport
from steppe.errors import EXIT_FAILED, EXIT_OK, EXIT_USAGE, StepError
from steppe.panel import Panel, press

BOOT_TIMEOUT = 20.0  # the virtual Pico's firmware answers hello within this after start

DEMO_MOVES = 12
DEMO_FLIPS = 2
DEMO_MAX_MOVES = 80
DEMO_PLAYERS = 3


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", default="",
                   help="the device (\"auto\": the only one attached); default: a virtual Pico in this process")
    p.add_argument("--fs", default="",
                   help="the virtual Pico's filesystem folder (default: $XDG_DATA_HOME/steppe/pico; "
                        "the demo without --fs uses a fresh temporary one)")
    p.add_argument("--demo", action="store_true", help="the scripted Khan demo even on a terminal")
    p.add_argument("--seed", type=int, default=2026, help="the demo's seed: dice and moves (default 2026)")
    p.add_argument("--led", action="store_true",
                   help="draw what the LEDs emit (brightness and the current cap applied), not the palette's colours")


def run(args) -> int:
    # SIGTERM and SIGHUP end the run as q does: the terminal restored, the virtual Pico stopped
    old = {s: signal.signal(s, _signalled) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        return _run(args)
    except _Quit as e:
        sys.stderr.write("steppe play: stopped by " + str(e) + "\n")
        return 128 + signal.Signals[str(e)].value
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def _run(args) -> int:
    interactive = not args.demo and sys.stdin.isatty() and sys.stdout.isatty()
    fs = args.fs
    with contextlib.ExitStack() as stack:
        if not args.port and not fs:
            fs = default_fs() if interactive else stack.enter_context(tempfile.TemporaryDirectory(prefix="steppe-demo-"))
        link, info, label = stack.enter_context(_device(args.port, fs, lock=bool(args.fs) or interactive,
                                                        who="steppe play" if interactive else ""))
        if interactive:
            return Panel(link, label, info, led=args.led).run()
        return demo(link, info, label, args.seed)
    return EXIT_OK  # not reached (the context manager does not swallow exceptions)


# -- the device ----------------------------------------------------------------------------
def default_fs() -> str:
    from steppe.paths import data_dir

    return os.path.join(data_dir(), "pico")


class Metered(Transport):
    """A transport that counts what goes over the link (the panel shows it), one request
    at a time (lock: the owner's own requests and those it lends, share.py)."""

    def __init__(self, inner: Transport) -> None:
        super().__init__()
        self.inner = inner
        self.port = getattr(inner, "port", "")
        self.next_id = inner.next_id  # late replies to earlier ids must not match ours
        self.sent = 0
        self.received = 0
        self.requests = 0
        self.lock = threading.RLock()

    def write(self, data: bytes) -> None:
        self.sent += len(data)
        self.inner.write(data)

    def readline(self, timeout: float) -> bytes:
        line = self.inner.readline(timeout)
        if line:
            self.received += len(line) + 1
        return line

    def exchange(self, op: str, args=None, timeout: float = 10.0) -> dict:
        with self.lock:
            self.requests += 1
            return super().exchange(op, args, timeout)

    def close(self) -> None:
        self.inner.close()


@contextlib.contextmanager
def _device(port: str, fs: str, lock: bool = True, who: str = "", page: str = ""):
    """(transport, hello, label): the named port (auto: the only one attached), or a
    virtual Pico on the folder fs, run in a thread of this process until the block ends
    (lock: fs is a folder others may use too, so only one virtual Pico at a time). The
    virtual Pico is given the time of day, as a box is when steppe connects (ports.connect
    does it for a port). who: the command ("steppe play"), which then lends the port to
    other steppe commands (share.py) and lists its virtual Pico for `steppe ports` (page: the
    address of steppe web's page, which its record gives)."""
    if port:
        link, info = ports.connect("" if port == "auto" else port)
        metered = Metered(link)
        lender = _lend(metered, link.port, who, page) if who and isinstance(link, SerialTransport) else None
        try:
            yield metered, info, link.port
        finally:
            if lender is not None:
                lender.stop()
            link.close()
        return
    locked = hold_folder(fs, who) if lock else -1
    pico = sim.VirtualPico(fs)
    thread = None
    link = None
    lender = None
    mark = ""
    try:
        device = pico.open()
        thread = threading.Thread(target=pico.serve, name="virtual-pico", daemon=True)
        thread.start()
        link = SerialTransport(device)
        info = _wait_ready(link)
        ports.set_clock(link, info)
        metered = Metered(link)
        if who:
            lender = _lend(metered, device, who, page)
            mark = sim.register(device)
        yield metered, info, device + " (virtual Pico, fs " + pico.fs + ")"
    finally:
        if lender is not None:
            lender.stop()
        if mark:
            with contextlib.suppress(OSError):
                os.remove(mark)
        if link is not None:
            link.close()
        pico.stopping = True
        if thread is not None:
            thread.join(2.0)
        pico.close()
        if locked >= 0:
            os.close(locked)


def _lend(link: "Metered", device: str, who: str, page: str = ""):
    from steppe import share

    return share.Lender(link, device, who, page).start()


def hold_folder(fs: str, who: str = "steppe play") -> int:
    """One virtual Pico a folder: two interpreters writing the same saved game would spoil it.
    The lock file says who holds it (its pid and command), for the message of the next one."""
    import fcntl

    fs = os.path.abspath(fs)
    os.makedirs(os.path.dirname(fs) or ".", exist_ok=True)
    path = fs.rstrip("/") + ".lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        try:
            with open(path) as f:
                pid, _, holder = f.read().strip().partition(" ")
        except OSError:
            pid, holder = "", ""
        raise StepError("the virtual Pico in %s is in use by %s%s, which runs it: `steppe ports` lists it, and "
                        "other steppe commands reach it through it (or choose another --fs)" % (
                            fs, holder or "another steppe command", " (pid %s)" % pid if pid.isdigit() else ""),
                        EXIT_USAGE)
    os.ftruncate(fd, 0)
    os.pwrite(fd, ("%d %s\n" % (os.getpid(), who or "steppe")).encode(), 0)
    return fd


def _wait_ready(link: SerialTransport) -> dict:
    end = time.monotonic() + BOOT_TIMEOUT
    while True:
        info = ports.hello(link, 1.0)
        if info is not None:
            return info
        if time.monotonic() > end:
            raise NoAnswer("the virtual Pico did not start within %g s" % BOOT_TIMEOUT)


# -- getting to a new Khan game by presses -------------------------------------------------
def to_menu(link: Transport, info: dict) -> None:
    """From whatever the device shows to the game menu: BACK out of a game (it asks
    "menu?", OK leaves it saved), then BACK out of any game's setup."""
    if info.get("screen", "menu") != "menu":
        game = info.get("screen")
        for _ in range(8):  # a sub-mode cancels to the game's top level, where BACK asks
            if press(link, "BACK").get("mode") == "leave":
                break
        else:
            raise StepError("the device is in a game of %s and BACK does not offer the way to the menu "
                            "(firmware without \"menu?\": run steppe flash)" % game, EXIT_FAILED)
        if press(link, "OK").get("screen") != "menu":
            raise StepError("OK on \"menu?\" did not lead to the menu", EXIT_FAILED)
    for _ in range(7):  # a setup's BACK steps back through its players, then to the menu
        if link.request("ui.get").get("mode") == "menu":
            return
        press(link, "BACK")
    raise StepError("BACK does not lead to the game menu", EXIT_FAILED)


def new_khan_game(link: Transport, info: dict, players: int) -> dict:
    """Start a new Khan game on the device by presses (the device's deck); its state."""
    to_menu(link, info)
    ui = link.request("ui.get")
    for _ in range(len(ui.get("choices", ()))):
        if ui.get("choice") == "khan":
            break
        ui = press(link, "UP")
    if ui.get("choice") != "khan":
        raise StepError("the device's menu offers no Khan", EXIT_FAILED)
    press(link, "OK", True)  # OK held: a new game even if one is saved
    for _ in range(4):
        press(link, "LEFT")  # the fewest players...
    for _ in range(players - 2):
        press(link, "RIGHT")  # ...and up to the count wanted
    ui = {}
    for _ in range(players):  # OK for each player's colour: the last one starts
        ui = press(link, "OK")
    got = link.request("state.get")
    state = got.get("state")
    if ui.get("screen") != "khan" or got.get("game") != "khan" or not isinstance(state, dict):
        raise StepError("the menu did not start a game of Khan", EXIT_FAILED)
    if len(state.get("players", ())) != players or state.get("phase") != "setup":
        raise StepError("the new Khan game is not a fresh %d-player game" % players, EXIT_FAILED)
    return state


# -- the demo ------------------------------------------------------------------------------
class _Quit(Exception):
    pass


def _signalled(signum, frame):
    raise _Quit(signal.Signals(signum).name)


def demo(link: Transport, info: dict, label: str, seed: int, out=None) -> int:
    from shared_rules import cjson
    from shared_rules.khan import load, randplay
    from shared_rules.khan import state as khan_state
    from shared_rules.khan.game import OVER
    from steppe.drive import DriveError, KhanDriver
    from steppe.story import Story

    out = out or sys.stdout

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    say("steppe play: a scripted game of Khan on " + label + ", seed %d" % seed)
    if info.get("screen") == "khan":
        sys.stderr.write("steppe play: the device's game of Khan is replaced by the demo's "
                         "(steppe sync can save a game first)\n")
    started = new_khan_game(link, info, DEMO_PLAYERS)
    players = started["players"]
    # the menu seeds a game from the board's entropy; the link cannot give a seed to the
    # menu, so the device's own khan.new makes the seeded game and state.put installs it
    seeded = link.request("khan.new", {"players": players, "seed": seed, "mode": "virtual"})["state"]
    link.request("state.put", {"game": "khan", "state": seeded})

    def get_state() -> dict:
        return link.request("state.get")["state"]

    if cjson.dumps(get_state()) != cjson.dumps(seeded):
        raise StepError("the device did not take the seeded game", EXIT_FAILED)
    say("a new game by the menu: %d players (%s), the device keeps the deck; dice seed %d by khan.new + state.put"
        % (len(players), " ".join(players), seed))
    journal = link.request("log.get")["journal"]
    story = Story(journal[0])  # the device's own journal, told by the rules core as it grows
    told = len(journal)

    driver = KhanDriver(lambda button, long: press(link, button, long), get_state, seed)
    driver.ui = {"mode": "board", "cursor": ""}  # a fresh screen: every move starts with OK
    moves = flips = 0
    while (moves < DEMO_MOVES or flips < DEMO_FLIPS) and moves < DEMO_MAX_MOVES:
        game = load.game(get_state())
        if game.phase == OVER:
            break
        move = randplay.choose(game, driver.chooser)
        who = game.player
        try:
            driver.play(game, move)
        except DriveError as e:
            raise StepError("move %d (%s): %s" % (moves + 1, move[0], e), EXIT_FAILED)
        randplay.play(game, move)
        if cjson.dumps(get_state()) != cjson.dumps(khan_state.game_json(game)):
            raise StepError("after move %d (%s) the device's game differs from the rules core" % (moves + 1, move[0]),
                            EXIT_FAILED)
        lines = link.request("log.get", {"from": told})["journal"]
        told += len(lines)
        said = "; ".join(story.feed(cjson.dumps(line)) for line in lines)
        moves += 1
        flips += move[0] == "flip"
        say("move %2d  %-7s %s" % (moves, who, said))
    say("done: %d moves (%d flips) in %d presses; after each the device's game was the rules core's"
        % (moves, flips, driver.presses))
    return EXIT_OK
