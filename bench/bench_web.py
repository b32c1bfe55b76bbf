"""steppe web's page against the virtual Pico, in headless Chromium: a click to the board
updated on the page, the page's load time, and what keeping the page up to date costs the
box.

Click to board: a button of the page clicked (its click handler's time) to the page drawn
again with the box's new frame (the next animation frame after the WebSocket message
that carries it), timed by the page itself (window.steppe.timings); 100 clicks of RIGHT
and LEFT in turn moving the cursor of a Khan game in its setup (every click a new frame
on the box), and 20 undo/redo pairs (each a new game view and story). Load: the navigation's
start to the first whole drawing of the live page (matrix, game, story), 10 loads.

What the box pays (bench_device's measure: the request timed inside the virtual Pico,
first byte in to last byte out, scaled to a Pico by the calibration loop; the least of 5):
ui.get (asked POLL_S apart while nothing moves), ui.frame with the LED levels (only when
ui.get's frame counter moved), state.get and log.get (only when the game moved).

Alone: .venv/bin/python bench/bench_web.py (Debian's chromium and chromium-driver needed).
"""

import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "host"))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)

CLICKS = 100
UNDOS = 20
LOADS = 10


def _js(d, expr: str):
    return d.execute_script("return " + expr)


def _click(d, selector: str) -> float:
    """A click on the page; the page's own time from it to its new drawing (ms)."""
    from browser import wait
    from selenium.webdriver.common.by import By

    n = len(_js(d, "window.steppe.timings"))
    d.find_element(By.CSS_SELECTOR, selector).click()
    wait(lambda: len(_js(d, "window.steppe.timings")) > n, 10, "the page's answer")
    return _js(d, "window.steppe.timings")[n]


def page_times() -> dict:
    import browser
    from steppe import ports

    with tempfile.TemporaryDirectory(prefix="steppe-bench-web-") as tmp:
        os.environ.update(STEPPE_SIMS=os.path.join(tmp, "sims"), XDG_DATA_HOME=os.path.join(tmp, "data"))
        web = browser.Web(["--sim", "--db", os.path.join(tmp, "history.sqlite3")], dict(os.environ))
        d = browser.chromium()
        try:
            loads = []
            for _ in range(LOADS):
                d.get(web.page("/"))
                browser.wait(lambda: _js(d, "window.steppe && window.steppe.loaded"), 15, "the page")
                loads.append(_js(d, "window.steppe.loaded"))
            link, _ = ports.connect("")
            try:
                lines, game = browser.seeded("khan", ["red", "yellow", "blue", "green"], 4, 0)
                browser.put(link, "khan", lines, game)
                link.request("ui.press", {"button": "OK"})  # the cursor, to place a setup yurt
            finally:
                link.close()
            browser.wait(lambda: _js(d, "window.steppe.ui.mode") == "cursor", 10, "the cursor")
            time.sleep(0.5)
            clicks = [_click(d, "#pad [data-button=%s]" % ("RIGHT" if k % 2 == 0 else "LEFT")) for k in range(CLICKS)]
            d.find_element("css selector", "#pad [data-button=OK]").click()  # a yurt: an action to undo
            browser.wait(lambda: _js(d, "window.steppe.game.undo"), 10, "an action to undo")
            undos = []
            for _ in range(UNDOS):
                undos.append(_click(d, "#undo"))
                browser.wait(lambda: _js(d, "window.steppe.game.redo"), 10, "redo offered")
                undos.append(_click(d, "#redo"))
                browser.wait(lambda: _js(d, "window.steppe.game.undo"), 10, "undo offered")
            errors = browser.console_errors(d)
        finally:
            d.quit()
            web.stop()
    return {"clicks": clicks, "undos": undos, "loads": loads, "errors": errors}


BOARDS = 3


def box_costs() -> dict:
    """ms Pico-equivalent of each request the page's server asks the box (a Khan game of
    four, 58 actions in): the least of 5 on each of BOARDS fresh boards (a shared machine's
    other programs only ever add to a figure)."""
    import bench_device
    import browser

    out: "dict[str, float]" = {}
    for _ in range(BOARDS):
        with tempfile.TemporaryDirectory() as tmp:
            pico, link = bench_device._board(os.path.join(tmp, "pico"), "190wK")
            try:
                lines, game = browser.seeded("khan", ["red", "yellow", "blue", "green"], 4, 58)
                browser.put(link, "khan", lines, game)
                calib = bench_device._calibration(link)
                got = {}
                for op, args in (("ui.get", {}), ("ui.frame", {"led": True}), ("state.get", {}),
                                 ("log.get", {"from": 58})):
                    got[op] = min(r for r in (bench_device._cost(link, op, args)[0] for _ in range(5)) if r)
                scale = bench_device.PICO_CALIBRATION_MS / min(calib, bench_device._calibration(link))
                for op, us in got.items():
                    out[op] = min(out.get(op, 1e9), us * scale)
            finally:
                bench_device._close(pico, link)
    return out


IDLE_S = 10.0


def poll_load(moves: int, presses: "tuple[str, ...]") -> dict:
    """What steppe web's Box asks the box in IDLE_S seconds of a Khan game (`moves` actions
    in, then `presses`) left alone, paced as the server paces it: requests by op."""
    from steppe import web

    import browser

    counts: "dict[str, int]" = {}
    with tempfile.TemporaryDirectory(prefix="steppe-bench-web-") as tmp:
        os.environ.update(STEPPE_SIMS=os.path.join(tmp, "sims"))
        box = web.Box(fs=os.path.join(tmp, "pico"))
        try:
            box.connect(True)
            lines, game = browser.seeded("khan", ["red", "yellow", "blue", "green"], 4, moves)
            browser.put(box.link, "khan", lines, game)
            for button in presses:
                box.press(button, False)
            box.poll()
            time.sleep(2 * web.FAST_FOR_S)
            exchange = box.link.exchange

            def counted(op, args=None, timeout=10.0):
                counts[op] = counts.get(op, 0) + 1
                return exchange(op, args, timeout)

            box.link.exchange = counted  # type: ignore[method-assign]
            end = time.monotonic() + IDLE_S
            while time.monotonic() < end:
                box.poll()
                time.sleep(web.FAST_S if box.fast() else web.POLL_S)
        finally:
            box.close()
    return counts


IDLE = (("a Khan board mid-game", 58, ()), ("the Khan setup's cursor, blinking", 0, ("OK",)))


def report(t: dict, costs: dict, loads: list) -> None:
    from steppe.web import POLL_S

    def line(what: str, values: list) -> None:
        print("  %-44s median %6.1f ms   worst %6.1f ms   (%d)" % (what, statistics.median(values), max(values),
                                                                    len(values)))

    line("click to the board on the page (cursor)", t["clicks"])
    line("click to the game and story (undo / redo)", t["undos"])
    line("page load to its first whole drawing", t["loads"])
    if t["errors"]:
        print("  console errors:", t["errors"])
    print("  what the box pays (Pico-equivalent, 190wK, a Khan game 58 actions in):")
    for op, ms in costs.items():
        print("    %-12s %6.2f ms" % (op, ms))
    for (what, _, _), load in zip(IDLE, loads):
        spent = sum(n * costs.get(op, 0.0) for op, n in load.items())
        print("  %s, left alone %g s: %s; the box kept busy %.1f%% of its time (ui.get every %.0f ms)" % (
            what, IDLE_S, ", ".join("%d %s" % (n, op) for op, n in sorted(load.items())),
            100 * spent / (IDLE_S * 1000.0), POLL_S * 1000))


def main() -> int:
    t = page_times()
    costs = box_costs()
    report(t, costs, [poll_load(moves, presses) for _, moves, presses in IDLE])
    return 0


if __name__ == "__main__":
    sys.exit(main())
