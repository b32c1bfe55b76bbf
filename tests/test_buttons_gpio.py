"""Buttons pressed at the GPIO level on the virtual Pico: edges with their timing and
bounces, delivered by the board's own interrupt handlers in the middle of whatever the
firmware is doing - saves (every OK rolls the dice of Rise of the Khaan: a journal line),
frames and link requests (a whole random Khan game computed on the device, one after
another). Not one press may be lost or doubled."""

import random
import threading
import time

import pytest

from shared_rules import journal
from steppe import cases
from steppe.device import SerialTransport
from steppe.sim import VirtualPico

GPIO = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "OK": 14, "BACK": 15}  # hardware/pins.json
PRESSES = 2000


def taps(rnd: random.Random, n: int, names=("UP", "DOWN", "LEFT", "RIGHT", "OK"), bounce: float = 0.3,
         made: "dict | None" = None) -> list:
    """n taps spread over the buttons, each 30-70 ms down (none long, no repeat), each
    button free for 25-60 ms between its taps; some with contact bounce (edges 1-4 ms
    apart within the lockout). (wait ms, gpio, level) in time order; the taps made counted
    by button into made."""
    edges = []
    free = {b: rnd.randrange(0, 40) for b in names}
    for _ in range(n):
        b = rnd.choice(names)
        if made is not None:
            made[b] = made.get(b, 0) + 1
        down = free[b]
        up = down + rnd.randrange(30, 70)
        g = GPIO[b]
        edges.append((down, g, 0))
        if rnd.random() < bounce:  # the contact bounces on the way down and on the way up
            edges += [(down + 2, g, 1), (down + 4, g, 0)]
            edges += [(up + 1, g, 0), (up + 3, g, 1)]
        edges.append((up, g, 1))
        free[b] = up + rnd.randrange(25, 60)
    edges.sort(key=lambda e: e[0])
    out = []
    last = 0
    for t, g, level in edges:
        out.append((t - last, g, level))
        last = t
    return out


@pytest.fixture
def gpio_pico(tmp_path):
    p = VirtualPico(str(tmp_path / "pico"))
    p.open(gpio=True)
    t = threading.Thread(target=p.serve, daemon=True)
    t.start()
    link = SerialTransport(p.device)
    end = time.monotonic() + 20
    while True:
        try:
            link.request("hello", timeout=1.0)
            break
        except Exception:
            assert time.monotonic() < end, "the virtual Pico did not start"
    yield p, link
    link.close()
    p.stop()
    t.join(5)
    p.close()


def _dice(link) -> None:
    """A game of Rise of the Khaan, its dice tool open: OK rolls (and saves), the arrows set
    the dice."""
    head = journal.header("khaan", {"players": ["red", "blue", "green"], "unit": "turn", "every": 4}, 7)
    link.request("journal.put", {"lines": [head], "part": 0, "last": True})
    while link.request("ui.get").get("choice") != "dice":
        link.request("ui.press", {"button": "DOWN"})
    link.request("ui.press", {"button": "OK"})
    assert link.request("ui.get")["mode"] == "dice"


def _settled(link, want: int, timeout: float) -> dict:
    """link.stats once the presses have come (or the time is up)."""
    end = time.monotonic() + timeout
    while True:
        stats = link.request("link.stats")
        if stats["presses"] >= want or time.monotonic() > end:
            return stats
        time.sleep(0.2)


def test_two_thousand_gpio_presses_during_saves_and_requests_none_lost(gpio_pico):
    p, link = gpio_pico
    _dice(link)
    before = link.request("link.stats")
    base = before["presses"]
    saved_before = link.request("state.get")["actions"]
    made = {}
    edges = taps(random.Random(2026), PRESSES, made=made)
    busy = threading.Event()
    served = [0]

    # the host keeps the device busy meanwhile, back to back: the long Khan ops on mid-game
    # positions (as steppe verify sends them), each after a shuffle of 4,096 (a Pico's ~0.2 s,
    # pausing every 128: edges wait for the device's stretches, late_edges counts those that
    # waited 10 ms of a Pico's work; whole random games, seconds long on a slow machine,
    # would overflow the latch's ring at this test's five buttons tapped at once)
    jobs = []
    for op in ("khan.play", "khan.conquests", "khan.flee", "khan.invasions"):
        for args in cases.generate(op, 6, 2026):
            jobs += [("rng.shuffle", {"seed": len(jobs), "n": 4096}), (op, args)]

    def requests() -> None:
        k = 0
        while not busy.is_set():
            op, args = jobs[k % len(jobs)]
            link.exchange(op, args, timeout=60.0)
            served[0] += 1
            k += 1

    p.gpio(edges)
    worker = threading.Thread(target=requests)  # the only user of the link until it stops
    worker.start()
    time.sleep(sum(e[0] for e in edges) / 1000 + 1.0)
    busy.set()
    worker.join(60)
    _settled(link, base + PRESSES, 30)
    time.sleep(0.5)
    stats = link.request("link.stats")
    got = stats["presses"] - base
    print("GPIO presses: %d sent, %d acted on; %d polls took edges that waited for a busy loop; %d requests served meanwhile; "
          "rolls saved: %d" % (PRESSES, got, stats["late_edges"], served[0],
                               link.request("state.get")["actions"] - saved_before))
    events = {}  # name: [presses, long presses, repeats, HELP] made by these taps
    for name, counts in stats["events"].items():
        was = before["events"].get(name, [0, 0, 0, 0])
        events[name] = [counts[k] - was[k] for k in range(4)]
    assert events == {b: [k, 0, 0, 0] for b, k in made.items()}, "every tap acted on exactly once, as a press"
    assert got == PRESSES
    assert stats["late_edges"] >= 20 and served[0] >= 50, "the presses really landed inside the device's work"
    assert link.request("state.get")["actions"] - saved_before >= 100, "and inside saves: the OKs rolled"
    assert stats["dropped"] == 0


def _play(p, link, edges, want: int) -> dict:
    """The edges played; link.stats once the presses have come."""
    base = link.request("link.stats")["presses"]
    p.gpio(edges)
    time.sleep(sum(e[0] for e in edges) / 1000 + 0.3)
    stats = _settled(link, base + want, 10)
    stats["presses"] -= base
    return stats


def test_bouncy_short_and_held_presses_at_the_gpio_level(gpio_pico):
    p, link = gpio_pico
    _dice(link)
    ui = link.request("ui.get")
    # RIGHT pressed for 30 ms with bounces both ways (1-3 ms apart): one press, the d4 field
    stats = _play(p, link, [(50, 13, 0), (1, 13, 1), (2, 13, 0), (30, 13, 1), (1, 13, 0), (2, 13, 1)], 1)
    assert stats["presses"] == 1 and link.request("ui.get")["field"] == "d4"
    # UP tapped for 30 ms three times, cleanly: the d4 count goes up by three
    stats = _play(p, link, [(60, 10, 0), (30, 10, 1)] * 3, 3)
    assert stats["presses"] == 3 and link.request("ui.get")["d4"] == ui["d4"] + 3
    # DOWN held 1.2 s: a press, then repeats every REPEAT_MS after REPEAT_DELAY_MS
    stats = _play(p, link, [(60, 11, 0), (1200, 11, 1)], 6)
    assert 6 <= stats["presses"] <= 8, stats["presses"]  # 1 + (1200 - 400) / 120, give or take a poll
    # OK and BACK held together: the help scrolls (and neither acts on its own); a tap ends it
    _play(p, link, [(60, 14, 0), (100, 15, 0), (300, 15, 1), (20, 14, 1)], 1)
    ui = link.request("ui.get")
    assert "help" in ui and ui["mode"] == "dice", ui
    _play(p, link, [(60, 10, 0), (40, 10, 1)], 1)
    assert "help" not in link.request("ui.get")
    # OK tapped for 40 ms: a roll (saved); BACK held 800 ms: a long press, the roll undone
    actions = link.request("state.get")["actions"]
    _play(p, link, [(60, 14, 0), (40, 14, 1)], 1)
    assert link.request("state.get")["actions"] == actions + 1
    stats = _play(p, link, [(600, 15, 0), (800, 15, 1)], 1)
    assert stats["presses"] == 1 and link.request("state.get")["actions"] == actions
