"""The link under hostile input, on the heaps a Pico has: seeded malformed, oversize and
hostile lines at -X heapsize=96wK and 190wK. The device answers every line, answers hello
after them, and keeps its saved game on flash unchanged. At 190wK (a Pico's heap) it judges
every line as the host does (the same strict reader: bad_json exactly when the host says
so) and keeps its game in play; at 96wK - the design target the firmware does not meet yet
(README: Memory) - a fragmented heap may answer no_memory instead, and the game may wait
for a restart to come back into RAM. One line in five is framed as steppe frames it, its
header split across two writes; frames that stall are given up and answered. The largest
request line each heap takes late in a game is measured and must be the documented limit."""

import json
import random

import pytest
from conftest import Sim
from strict_corpus import hostile

from shared_rules import cjson, ops
from shared_rules.errors import RulesError

LINES = 600  # hostile lines per heap: bounded time (a few seconds each)


def _ask(link, op: str, heap: str):
    """A request that must be answered. At 96wK (the design target the firmware does not
    meet yet) the heap can be too fragmented for even a small reply: the device says
    no_memory, frees what it can, and the host asks again - after a pause, as steppe does
    (Transport.ask): five at once found the heap as split each time."""
    return link.ask(op, tries=8 if heap == "96wK" else 1)  # (a pause between, as steppe asks: a turn of the box's loop tidies)


def _host_verdict(line: bytes) -> str:
    """What the host makes of a line: "bad_json" or "json"."""
    try:
        text = line.decode()
    except UnicodeError:
        return "bad_json"
    if len(line) > ops.MAX_LINE:
        return "too_long"
    try:
        ops.loads_strict(text.strip())
    except RulesError:
        return "bad_json"
    return "json"


def _send(link, pieces: list, timeout: float = 20) -> dict:
    """Bytes written in pieces 50 ms apart (USB may split any write); the first reply."""
    import time

    for k, piece in enumerate(pieces):
        if k:
            time.sleep(0.05)
        link.write(piece)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = link.readline(deadline - time.monotonic())
        if got.startswith(b"{"):
            reply = json.loads(got)
            if "ok" in reply:
                return reply
    raise AssertionError("no reply to %r" % pieces[0][:40])


def _framed(line: bytes, rnd: random.Random) -> list:
    """A line framed as steppe frames it, its header cut in two at random (finding 9)."""
    header = b"#%d:" % (len(line) + 1)
    cut = rnd.randrange(1, len(header))
    return [header[:cut], header[cut:] + line + b"\n"]


@pytest.mark.parametrize("heap", ["96wK", "190wK"])
def test_hostile_lines_on_a_pico_sized_heap(tmp_path, heap):
    """600 seeded lines of the shared corpus (tests/strict_corpus.py), one in five framed
    as steppe frames it with its header split across two writes 50 ms apart; then frames
    that stall - in their header, before their body, between their body's blocks - each
    given up after link.STALL_MS with a bad_json saying so, the buttons' loop turning all
    the while; and one cut inside a block, which the box cannot time out (its read of a
    block begun is the Pico's, micropython#8772): the next steppe clears it before it
    speaks (ports.clear_frame)."""
    from steppe import ports

    s = Sim(str(tmp_path / "pico"), heap=heap)
    try:
        s.wait_ready()
        link = s.link
        link.request("ui.press", {"button": "DOWN"})  # CHU
        for _ in range(2):
            link.request("ui.press", {"button": "OK"})  # a game of Chu and Han
        link.request("ui.press", {"button": "LEFT"})
        link.request("ui.press", {"button": "OK"})  # Han takes an edict: one action saved
        # the game in play, to compare at the end (at 190wK; at 96wK the journal on flash is what is
        # compared: a whole state's reply can find no room there just after a game began through presses)
        before = cjson.dumps(_ask(link, "state.get", heap)) if heap == "190wK" else ""
        saved = (tmp_path / "pico" / "chuhan.jnl").read_bytes()
        rnd = random.Random("fuzz " + heap)
        outcomes = {}
        split = 0
        for k in range(LINES):
            line = hostile(rnd)
            framed = k % 5 == 0 and len(line) < ops.MAX_LINE and b"\n" not in line
            reply = _send(link, _framed(line, rnd)) if framed else link.raw_line(line, timeout=20)
            split += framed
            code = "ok" if reply.get("ok") else reply["error"]["code"]
            outcomes[code] = outcomes.get(code, 0) + 1
            verdict = _host_verdict(line)
            if code == "no_memory":  # at 190wK only a line over 8 KB (the host sends 4 KB): at 96wK, the
                # rules of a game not in play do not fit beside Chu's, and once they have been
                # tried the heap is too fragmented to judge every line - but each is answered
                assert heap == "96wK" or (len(line) > 8192 and reply["id"] is None), (k, len(line), reply)
            elif verdict == "bad_json":
                assert code == "bad_json", (k, line[:120], reply)
            elif verdict == "too_long":
                assert code == "too_long", (k, len(line), reply)
            else:
                assert code not in ("bad_json", "too_long"), (k, framed, line[:120], reply)
            if k % 50 == 0 and heap == "190wK":
                assert link.request("hello")["screen"] == "chuhan"
        # frames that stall: given up after STALL_MS, answered, the loop turning meanwhile
        from link import STALL_MS

        stalls = []
        body = b'{"id":5,"op":"ui.get","args":{"pad":"' + b"y" * 300 + b'"}}\n'
        for left, said in ((b"#31", "its header #31 came"), (b"#%d:" % len(body), "0 of its %d bytes" % len(body)),
                           (b"#%d:" % len(body) + body[:256], "256 of its %d bytes" % len(body))):
            _ask(link, "link.stats", heap)  # (its figures start again)
            reply = _send(link, [left], timeout=STALL_MS / 1000 + 20)
            assert reply["id"] is None and reply["error"]["code"] == "bad_json", reply
            assert said in reply["error"]["message"] and "stalled" in reply["error"]["message"], reply
            gap = _ask(link, "link.stats", heap)["gap_ms"]
            assert gap < STALL_MS // 2, (left, gap)  # the buttons' loop turned all the while
            stalls.append((left[:12], gap))
        # cut inside a block: the box waits for the rest; the next steppe completes it first
        link.write(b"#%d:" % len(body) + body[:40])
        info = ports.clear_frame(link, 10.0)  # (a 96wK heap split by 600 hostile lines: hello may take seconds)
        assert info is not None and info["screen"] in (("chuhan",) if heap == "190wK" else ("chuhan", "menu")), info
        assert _ask(link, "hello", heap)["protocol"] >= 2
        assert (tmp_path / "pico" / "chuhan.jnl").read_bytes() == saved  # the game on flash, untouched
        if heap == "190wK":  # and in play, as it was (at 96wK it may have had to wait for a restart)
            assert cjson.dumps(_ask(link, "state.get", heap)) == before
        print("fuzz %s: %d lines (%d framed, their headers split) %s; stalled frames given up (the loop's "
              "longest gap, ms): %s; a frame cut inside a block cleared by steppe" % (heap, LINES, split, outcomes, stalls))
        assert split > 100 and outcomes.get("bad_json", 0) > 100
        assert heap == "96wK" or (outcomes.get("ok", 0) > 20 and outcomes.get("too_long", 0) > 10)
        assert outcomes.get("ok", 0) + outcomes.get("bad_args", 0) + outcomes.get("unknown_op", 0) > 10  # JSON read
    finally:
        s.close()


@pytest.mark.parametrize("heap", ["96wK", "190wK"])
def test_the_longest_line_a_box_takes_late_in_a_game(tmp_path, heap):
    """Finding 16: what request line a box takes in the worst state it supports - at 190wK
    (a Pico's heap) late in a 4-player Khan game (145 actions), at 96wK (the design target,
    not met) with a game of Chu and Han in play - is what docs/ops.md says: 4 KB and 512
    bytes. Measured run to run: 5-7 KB, and 512 bytes-1 KB. The figure depends on the heap's
    layout, and so on how the line's bytes came (a loaded machine reads them in more, smaller
    pieces): CI's full run once answered only 4 KB, when a line over 4,300 bytes also imported
    the strict reader to look for a huge integer (ops.huge now) - the floor is what a host may
    count on, the host's parts are 2 KB. A longer line is answered no_memory, and steppe sync
    push halves a part the box had no room for (sync.put_journal)."""
    from test_history import finished

    from steppe import sync

    name, actions, floor = ("khan", 145, 4096) if heap == "190wK" else ("chuhan", 5, 512)
    lines = finished(name, 3)[:1 + actions]  # (a whole game of four, Chu and Han of two: its first actions)
    assert len(lines) == 1 + actions
    s = Sim(str(tmp_path / "pico"), heap=heap)
    try:
        s.wait_ready()
        sync.put_journal(s.link, lines)
        assert _ask(s.link, "state.get", heap)["actions"] == actions
        limit = 0
        for size in (256, 512, 768, 1024, 1536, 2048, 3072, 4096, 5120, 6144, 7168, 8192, 12288):
            pad = "x" * (size - 40)
            answered = False
            for _ in range(2):  # (a no_memory line is sent once more: the box has let go of what it could)
                reply = s.link.raw_line(('{"id":7,"op":"ui.get","args":{"pad":"%s"}}' % pad).encode(), timeout=20)
                if reply.get("ok"):
                    answered = True
                    break
                assert reply["error"]["code"] == "no_memory", reply
            if not answered:
                break
            limit = size
        print("%s, %s, %d actions: the longest line answered %d bytes" % (heap, name, actions, limit))
        assert limit >= floor
    finally:
        s.close()


def test_issue_reproductions_the_link_lives_on_a_pico_sized_heap(tmp_path):
    """At 190wK: steppe verify's cases, then one 8,040-byte hello (legal: the limit is
    16,384) is answered - done, or no_memory - then a 4,000-byte one is done, and so is
    everything after. At 96wK: khan.tables then chuhan.tables, then hello, ui.frame and the
    buttons are answered - the link never dies."""
    from steppe import verify

    s = Sim(str(tmp_path / "big"), heap="190wK")
    try:
        s.wait_ready()
        report = verify.check(s.link, 3, seed=1)
        assert not report.differences, report.differences[:1]
        wrapper = '{"id":8,"op":"hello","args":{"pad":"%s"}}'
        for size in (8040, 4000):
            line = (wrapper % ("x" * (size - len(wrapper % "")))).encode()
            assert len(line) == size
            reply = s.link.raw_line(line, timeout=20)
            if size > 4096 and not reply["ok"]:
                # json.loads builds a string value in one block and copies it to another: two
                # runs of 8 KB beside the line's own, which verify's imports (their names are
                # interned for good, all over the heap) leave a 190wK heap now and then - 4-9
                # runs in 60 on a loaded machine. The box says so and reads on (README, Memory:
                # 4 KB, the largest line a 190wK box took late in a game in every run)
                assert reply["error"]["code"] == "no_memory", reply
                continue
            assert reply["ok"] is True, reply
        assert s.link.request("hello")["protocol"] >= 2 and len(s.link.request("ui.frame")["pixels"]) == 256
    finally:
        s.close()
    s = Sim(str(tmp_path / "small"), heap="96wK")
    try:
        s.wait_ready()
        for op in ("khan.tables", "chuhan.tables"):
            reply = s.link.raw_line(('{"id":1,"op":"%s","args":{}}' % op).encode(), timeout=20)
            assert reply.get("ok") or reply["error"]["code"] == "no_memory", reply
        assert s.link.request("hello")["screen"] == "menu"
        # every request is answered; the box answers its buttons. (Its frame may not be drawn:
        # the Khan tables' code leaves a 96wK heap so split that the menu's text can find no
        # block of 1.3 KB with 80 KB free - README, Memory - and ui.frame says no_memory.)
        frames = []
        for _ in range(2):
            reply = s.link.raw_line(b'{"id":5,"op":"ui.frame"}', timeout=20)
            assert reply.get("ok") or reply["error"]["code"] == "no_memory", reply
            frames.append(reply.get("result", {}).get("pixels"))
            assert s.link.request("ui.press", {"button": "DOWN"})["mode"] == "menu"
        assert frames[0] is None or frames[1] is None or frames[0] != frames[1]
    finally:
        s.close()
