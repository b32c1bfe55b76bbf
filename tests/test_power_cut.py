"""Power cuts: the virtual Pico is killed at random moments while it saves, 200 times.

Every restart must come up with a valid game, equal to the game before the interrupted
change or after it - never a broken file, never a lost game. The interpreter is killed
with SIGKILL (no chance to tidy up) and started again on the same folder, as a board
that loses power reboots with its flash as the cut left it.
"""

import json
import random
import threading
import time

import pytest

from shared_rules import cjson
from shared_rules.khan import load, randplay, state
from shared_rules.khan.game import VIRTUAL, new_game
from steppe.device import NoAnswer, SerialTransport
from steppe.sim import VirtualPico

KILLS = 200


def _flip_step_states():
    """Two games at the flip step (so one OK press flips and saves), and what that flip
    makes of each."""
    out = []
    for seed in (3, 4):
        g = new_game("default", ["red", "blue"], VIRTUAL, seed)
        chooser = randplay.PCG32(seed, 1)
        while g.phase == "setup":
            randplay.play(g, randplay.choose(g, chooser))
        before = state.game_json(g)
        g.flip()
        out.append((before, state.game_json(g)))
    return out


def _wait(link, deadline=20.0):
    end = time.monotonic() + deadline
    while True:
        try:
            return link.request("hello", timeout=0.5)
        except NoAnswer:
            if time.monotonic() > end:
                raise


@pytest.fixture
def pico(tmp_path):
    p = VirtualPico(str(tmp_path / "pico"))
    p.open()
    t = threading.Thread(target=p.serve, daemon=True)
    t.start()
    link = SerialTransport(p.device)
    _wait(link)
    yield p, link
    link.close()
    p.stop()
    t.join(5)
    p.close()


def test_every_restart_after_a_cut_has_the_game_before_or_after(pico):
    p, link = pico
    (s1, a1), (s2, a2) = _flip_step_states()
    text = {}
    for name, value in (("s1", s1), ("a1", a1), ("s2", s2), ("a2", a2)):
        text[name] = cjson.dumps(value)
    rnd = random.Random(2026)
    outcomes = {"before": 0, "after": 0}
    link.request("state.put", {"game": "khan", "state": s1})
    current = "s1"
    for k in range(KILLS):
        if k % 2 == 0:
            # a press that flips the deck and saves the game
            if current not in ("s1", "s2"):
                link.request("state.put", {"game": "khan", "state": s1})
                current = "s1"
            before, after = (current, "a1" if current == "s1" else "a2")
            link.write(b'{"id": 9999, "op": "ui.press", "args": {"button": "OK"}}\n')
        else:
            # a whole game sent by the host and saved
            before, after = current, ("s2" if current != "s2" else "s1")
            put = {"id": 9998, "op": "state.put", "args": {"game": "khan", "state": s1 if after == "s1" else s2}}
            link.write(json.dumps(put).encode() + b"\n")
        time.sleep(rnd.random() * 0.012)
        p.proc.kill()  # the cut: the serve loop starts the board again
        p.proc.wait()
        link.drain(0.05)
        _wait(link)
        got = link.request("state.get")
        assert got["game"] == "khan", "the board came back without its game (cut %d)" % k
        found = [name for name in text if text[name] == cjson.dumps(got["state"])]
        assert found and found[0] in (before, after), \
            "cut %d: expected %s or %s, found %s" % (k, before, after, found or "another state")
        load.game(got["state"])  # and it is a valid game, not only an equal text
        outcomes["before" if found[0] == before else "after"] += 1
        current = found[0]
    print("power cuts: %d, the game before the change came back %d times, after %d" % (KILLS, outcomes["before"], outcomes["after"]))
    # the cuts really fell on both sides of the saves
    assert outcomes["before"] >= 10 and outcomes["after"] >= 10, outcomes
