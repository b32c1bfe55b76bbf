"""`steppe play`: the front panel driven in tmux as a person would (keys in, the screen
captured), and the scripted demo without a terminal, against real virtual Picos."""

import os
import re
import shutil
import signal
import subprocess
import time

import pytest
from conftest import Sim, tool

from shared_rules.khan import randplay
from shared_rules.khan import state as khan_state
from shared_rules.khan.game import VIRTUAL, new_game
from shared_rules.khan.tables import RULERS
from shared_rules.rng import PCG32
from steppe.errors import EXIT_NO_ANSWER, EXIT_NO_DEVICE, EXIT_USAGE
from steppe.panel import parse_keys

_SGR_OR_GLYPH = re.compile(r"\x1b\[([0-9;]*)m|(\u2588\u2588|\u00b7 )")
_FLED = re.compile(r"(\w+) flees \w+ from ([A-Z]\d+) to ([A-Z]\d+)|(\w+) goes home from ([A-Z]\d+)")


class Tmux:
    """A tmux server of its own (its socket in the test's folder) with one 100x40 pane."""

    def __init__(self, folder) -> None:
        self.socket = str(folder / "tmux.sock")
        env = dict(os.environ, PS1="$ ", HOME=str(folder))
        subprocess.run(["tmux", "-S", self.socket, "new-session", "-d", "-x", "100", "-y", "40", "-s", "t",
                        "bash --norc --noprofile"], check=True, env=env)

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-S", self.socket] + list(args), check=True, capture_output=True,
                              text=True).stdout

    def send(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def type(self, line: str) -> None:
        self.tmux("send-keys", "-t", "t", "-l", line)
        self.send("Enter")

    def screen(self, colours: bool = False) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t", *(["-e"] if colours else []))

    def flags(self) -> "tuple[str, str]":
        """(alternate screen on, cursor visible), "1"/"0" each."""
        alt, cursor = self.tmux("display", "-p", "-t", "t", "#{alternate_on} #{cursor_flag}").split()
        return alt, cursor

    def wait(self, pattern: str, timeout: float = 15.0) -> "re.Match[str]":
        end = time.monotonic() + timeout
        while True:
            text = self.screen()
            found = re.search(pattern, text)
            if found:
                return found
            if time.monotonic() > end:
                pytest.fail("the pane never showed %r:\n%s" % (pattern, text))
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def pane(tmp_path):
    if not shutil.which("tmux"):
        pytest.fail("tmux is not installed")
    t = Tmux(tmp_path)
    yield t
    t.close()


def matrix(captured: str) -> "list[list[str]]":
    """The 16x16 matrix read back from `capture-pane -e`: each pixel's colour as "#rrggbb",
    "dark" for the grey dots."""
    rows = []
    for line in captured.splitlines():
        if "\u2502" not in line:
            continue
        fg = ""
        row = []
        for m in _SGR_OR_GLYPH.finditer(line.split("\u2502")[1] if line.count("\u2502") >= 2 else ""):
            if m.group(1) is not None:
                rgb = re.search(r"38;2;(\d+);(\d+);(\d+)", m.group(1))
                fg = "#%02x%02x%02x" % tuple(int(v) for v in rgb.groups()) if rgb else fg
            else:
                row.append(fg if m.group(2) == "\u2588\u2588" else "dark")
        rows.append(row)
    return rows


def setup_keys(players: int) -> "list[str]":
    """The keys that set every setup yurt of a new Khan game on the device: OK on the board
    brings the cursor, on a cell a setup yurt may take, and after each yurt the cursor
    moves to such a cell again, so OK alone places them all."""
    g = new_game("default", list(randplay.PLAYERS[:players]), VIRTUAL, 0)
    return ["Enter"] * (1 + g.setup_left)


def _palette() -> "list[str]":
    """The palette as the panel draws it: levels at brightness 255 on a screen's gamma."""
    from ui import palette

    from steppe.leds import shown_hex

    p = palette.PALETTE
    return [shown_hex("#%02x%02x%02x" % (p[k], p[k + 1], p[k + 2]), 255) for k in range(0, len(p), 3)]


def test_the_panel_in_tmux_reaches_the_khan_board_flips_and_quits(pane, tmp_path):
    from ui import palette

    fs = tmp_path / "pico"
    steppe = tool("steppe")
    pane.type("%s play --fs %s; echo EXIT=$?" % (steppe, fs))
    pane.wait(r"screen menu", 40.0)  # (a board started afresh: slower on a busy machine)
    assert pane.flags() == ("1", "0")  # the alternate screen, no cursor
    menu = matrix(pane.screen(colours=True))
    assert len(menu) == 16 and all(len(row) == 16 for row in menu)
    assert _palette()[palette.WHITE] in menu[1] and "dark" in menu[0]  # KHAN in white over dark grey dots
    # a second panel (or demo) on the same board's folder is refused, the first one untouched
    again = subprocess.run([steppe, "play", "--fs", str(fs), "--demo"], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=30)
    assert again.returncode == EXIT_USAGE and "in use" in again.stderr

    # the menu: Khan, OK; LEFT: two players; OK, OK: their colours, and the game starts
    for key in ("Enter", "Left", "Enter", "Enter"):
        pane.send(key)
        time.sleep(0.1)
    pane.wait(r"screen khan  mode board")
    pane.wait(r"phase setup")
    pane.send(*setup_keys(2))
    pane.wait(r"turn 1, red to act, phase turn, step flip")
    pane.send("?")  # the mode's help scrolls on the matrix, and is printed under it
    pane.wait(r"help: OK: flip the next card")
    pane.send("Left")  # ends the help, and does nothing else
    time.sleep(0.3)
    assert "help:" not in pane.screen()
    pane.send("Enter")  # OK on the board in the device's-deck mode: the next card flips
    pane.wait(r"step actions")
    # the device's dice come from its entropy (the menu takes no seed): read who fled where
    fled = _FLED.search(pane.screen())
    assert fled, pane.screen()
    # the card flipped (1.5 s), then the flight: once over, the ruler stands on his cell and a black
    # yurt where he stood (waited for as the panel shows it, not for a fixed time: a busy machine is slower)
    colours = _palette()
    if fled.group(1):
        ruler, start, to = fled.group(1), fled.group(2), fled.group(3)
    else:
        ruler, start, to = fled.group(4), fled.group(5), None
    want = {(ord(start[0]) - 65, int(start[1:]) - 1): colours[palette.NEUTRAL]}  # a black yurt's own colour
    if to:
        want[(ord(to[0]) - 65, int(to[1:]) - 1)] = colours[palette.RULER + RULERS.index(ruler)]
    deadline = time.monotonic() + 20.0
    while True:
        shown = matrix(pane.screen(colours=True))
        seen = {cell: shown[cell[1]][cell[0] + 1] for cell in want}
        if seen == want or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert seen == want, fled.group(0)

    pane.send("q")
    pane.wait(r"EXIT=0")
    assert pane.flags() == ("0", "1")
    pane.type("stty -a | tr ' ' '\\n' | grep -xE -- '-?(icanon|echo|isig)' | tr '\\n' ' '; echo")
    modes = pane.wait(r"\n(-?isig -?icanon -?echo) *\n").group(1)
    assert modes == "isig icanon echo"

    # the game was saved on the board's folder: the next virtual Pico boots into it
    sim = Sim(str(fs))
    try:
        assert sim.wait_ready()["screen"] == "khan"
        pieces = sim.link.request("state.get")["state"]["pieces"]
        if to:
            assert pieces["rulers"][ruler] == to
        else:
            assert ruler in pieces["home"]
        assert pieces["yurts"][start] == "neutral"
    finally:
        sim.close()


def test_the_led_panel_draws_what_the_leds_emit(pane, tmp_path):
    """--led: a Khan board's terrains as the strip shows them under the 500 mA cap (at
    their floors), not the palette's colours; the same game in-process says which."""
    import tempfile

    from app import App
    from fwtest import pixels
    from ui import palette

    from steppe.leds import pixel_rgb, shown_hex

    pane.type("%s play --led --fs %s; echo EXIT=$?" % (tool("steppe"), tmp_path / "pico"))
    pane.wait(r"screen menu", 40.0)  # (a board started afresh: slower on a busy machine)
    for key in ("Enter", "Left", "Enter", "Enter"):
        pane.send(key)
        time.sleep(0.1)
    pane.wait(r"phase setup")
    time.sleep(0.5)
    shown = matrix(pane.screen(colours=True))
    app = App(pixels(), None, tempfile.mkdtemp(prefix="steppe-i9led-") + "/")
    app.boot()
    app.new_game("khan", ["red", "yellow"], 0, 1)
    app.render(0)
    px = app.pixels
    corner = px.frame[1]  # A1: a terrain, far from the cursor
    assert palette.TERRAIN <= corner <= palette.RIVER and px.cap[1] < 64, "the terrains dimmed first, near their floors"
    level = pixel_rgb(px, 1)
    floor = palette.FLOOR[3 * corner:3 * corner + 3]
    top = palette.PALETTE[3 * corner:3 * corner + 3]
    assert all(floor[c] <= level[c] <= top[c] for c in range(3)) and level != tuple(top), level
    # drawn at the level of the box's white in the device's frame (its cap: the blinks move it)
    emitted = "#%02x%02x%02x" % level
    assert shown[0][1] in {shown_hex(emitted, white) for white in range(1, 256)}, shown[0][1]
    assert shown[0][1] != _palette()[corner], "the LED view is not the palette's"
    pane.send("q")
    pane.wait(r"EXIT=0")


def test_the_panel_says_one_line_and_restores_the_terminal_when_the_device_goes(pane, tmp_path):
    sim = Sim(str(tmp_path / "pico"))
    try:
        sim.wait_ready()
        sim.link.close()  # the panel opens the port for itself
        pane.type("%s play --port %s; echo EXIT=$?" % (tool("steppe"), sim.device))
        pane.wait(r"screen menu", 40.0)  # (a board started afresh: slower on a busy machine)
        sim.proc.terminate()  # the virtual Pico goes, its port with it: the cable is pulled
        sim.proc.wait(10)
        text = pane.wait(r"EXIT=\d+").group(0)
        assert text == "EXIT=%d" % EXIT_NO_ANSWER
        lines = [ln for ln in pane.screen().splitlines() if ln.startswith("steppe play:")]
        assert len(lines) == 1 and "Traceback" not in pane.screen()
        assert pane.flags() == ("0", "1")
    finally:
        sim.close()


def test_sigterm_restores_the_terminal_and_stops_the_virtual_pico(pane, tmp_path):
    pane.type("%s play --fs %s; echo EXIT=$?" % (tool("steppe"), tmp_path / "pico"))
    pane.wait(r"screen menu", 40.0)  # (a board started afresh: slower on a busy machine)
    pid = int(pane.tmux("display", "-p", "-t", "t", "#{pane_pid}"))
    child = subprocess.run(["pgrep", "-P", str(pid), "-f", "steppe play"], capture_output=True, text=True)
    os.kill(int(child.stdout.split()[0]), signal.SIGTERM)
    pane.wait(r"EXIT=143")
    assert "stopped by SIGTERM" in pane.screen() and pane.flags() == ("0", "1")


def test_without_a_terminal_the_demo_plays_khan_through_the_device(sim, tmp_path):
    sim.link.close()  # the demo opens the port itself
    runs = []
    for _ in range(2):  # the second run starts from the first one's game: BACK, "menu?" OK
        got = subprocess.run([tool("steppe"), "play", "--port", sim.device, "--seed", "5"],
                             stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
        assert got.returncode == 0, got.stderr
        runs.append(got.stdout.splitlines())
    moves = [ln for ln in runs[0] if ln.startswith("move ")]
    assert len(moves) >= 12 and sum(" flips " in ln for ln in moves) >= 2
    assert any(re.search(r"flips .*: \w+ (flees \w+ from \w+.* to [A-Z]\d+|goes home)", ln) for ln in moves)
    assert runs[0][-1].startswith("done: %d moves" % len(moves))
    assert runs[0] == runs[1]  # the same seed, the same game, whatever the device showed first

    # the device holds what the rules core makes of the seed and the moves
    sim.reopen()
    players = sim.link.request("state.get")["state"]["players"]
    game = new_game("default", players, VIRTUAL, 5)
    chooser = PCG32(5, randplay.CHOOSER_STREAM)
    for _ in moves:
        randplay.play(game, randplay.choose(game, chooser))
    assert sim.link.request("state.get")["state"] == khan_state.game_json(game)


def test_the_demo_on_its_own_virtual_pico_and_a_port_that_is_not_there(tmp_path):
    got = subprocess.run([tool("steppe"), "play", "--seed", "3"], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=60, env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert got.returncode == 0 and got.stdout.splitlines()[-1].startswith("done: "), got.stderr
    assert not os.listdir(tmp_path)  # its temporary board's folder is gone
    got = subprocess.run([tool("steppe"), "play", "--port", str(tmp_path / "ttyACM9")], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=30)
    assert got.returncode == EXIT_NO_DEVICE
    assert got.stderr.count("\n") == 1 and "ttyACM9" in got.stderr and got.stdout == ""


def test_the_panel_prints_what_the_matrix_scrolls():
    from steppe.panel import _why

    assert _why({"mode": "cursor", "why": "H5 holds a ruler"}) == "refused: H5 holds a ruler"
    assert _why({"mode": "board", "help": "OK: end your turn"}) == "help: OK: end your turn"
    assert _why({"mode": "board"}) == ""


def test_keys_a_lone_esc_is_back_and_sequences_are_arrows():
    assert parse_keys(b"\x1b", False) == ([], b"\x1b")  # maybe an arrow still coming
    assert parse_keys(b"\x1b", True) == (["esc"], b"")  # nothing followed: the Esc key
    assert parse_keys(b"\x1b[", False) == ([], b"\x1b[")
    assert parse_keys(b"\x1b[A\x1bOB\x1b[1;5C\x1b[D", False) == (["up", "down", "right", "left"], b"")
    assert parse_keys(b"\r \x7fou\x1b\x1b[A", False) == (["enter", " ", "backspace", "o", "u", "esc", "up"], b"")
    assert parse_keys(b"q\x03", False) == (["quit", "quit"], b"")
    assert parse_keys(b"\x1b[3~", False) == (["?"], b"")  # Delete: no button
