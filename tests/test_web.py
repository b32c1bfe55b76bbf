"""`steppe web` in a real browser (Debian's headless Chromium, driven by Selenium) against
a real server and a real virtual Pico: the page loads clean, follows the box within 0.5 s
of a click, plays a whole Khan turn that the rules core agrees with, undoes and redoes on
the box, paints a board that the box then holds, pulls the history, says a refusal in one
line, refuses requests without the token or from elsewhere, and says the box unplugged and
comes back with it."""

import json
import os
import subprocess
import urllib.error
import urllib.request

import pytest
from browser import Web, chromium, console_errors, put, seeded, tools, wait
from conftest import Sim, tool

from shared_rules import cjson
from shared_rules.khan import board_text, load, randplay
from shared_rules.khan import state as khan_state
from shared_rules.khan.game import OVER
from steppe import leds, ports, webview
from steppe.drive import KhanDriver

FOLLOW_S = 0.5  # the bound: a click to the page showing the box's new frame


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    try:
        tools()
    except RuntimeError as e:
        pytest.fail(str(e))  # never skipped: make test fails with the line that says how to get it
    tmp = tmp_path_factory.mktemp("web")
    saved = {k: os.environ.get(k) for k in ("STEPPE_SIMS", "XDG_DATA_HOME")}
    os.environ.update(STEPPE_SIMS=str(tmp / "sims"), XDG_DATA_HOME=str(tmp / "data"))
    yield tmp
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture(scope="module")
def web(env):
    w = Web(["--sim", "--db", str(env / "history.sqlite3")], dict(os.environ))
    yield w
    err = w.stop()
    assert "Traceback" not in err, err


@pytest.fixture(scope="module")
def page(web):
    d = chromium()
    yield d
    d.quit()


def box():
    """The box, reached through steppe web (which holds its port), as any steppe command does."""
    return ports.connect("")


def js(d, expr: str):
    return d.execute_script("return " + expr)


def open_live(d, web) -> None:
    d.get(web.page("/"))
    wait(lambda: js(d, "window.steppe && window.steppe.loaded"), 15, "the live page")


def shown_frame(link) -> "list[str]":
    got = link.request("ui.frame", {"led": True})
    return [leds.shown_hex(p, got["white"]) for p in got["pixels"]]


KEYS = {("OK", True): " ", ("BACK", True): "u", ("HELP", False): "?"}


def page_press(d, button: str, long: bool = False) -> dict:
    """A button pressed on the page, as a player does (a click; a held press by its key);
    the screen's state once the page has the box's answer."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    seq = js(d, "window.steppe.seq")
    if long or button == "HELP":
        ActionChains(d).send_keys(KEYS[(button, long)]).perform()
    else:
        d.find_element(By.CSS_SELECTOR, "#pad [data-button=%s]" % button).click()
    wait(lambda: (js(d, "window.steppe.answered || 0") or 0) >= seq + 1, 10, "the answer to " + button)
    return js(d, "window.steppe.ui")


# -- the tests ----------------------------------------------------------------------------------
def test_the_page_loads_without_a_console_error_and_shows_what_the_leds_emit(web, page):
    open_live(page, web)
    assert console_errors(page) == []
    assert js(page, "document.title") == "Steppe Companion: the box"
    link, info = box()
    try:
        assert info["clock"] == "set", "steppe web gives its virtual Pico the time"
        wait(lambda: js(page, "window.steppe.frame") == shown_frame(link), 5, "the page's matrix = the LEDs")
    finally:
        link.close()
    for path in ("/editor", "/history"):
        page.get(web.page(path))
        wait(lambda: js(page, "window.steppe && window.steppe.loaded"), 15, path)
        assert console_errors(page) == [], path


def test_a_click_changes_the_boxs_frame_and_the_page_follows_within_half_a_second(web, page):
    open_live(page, web)
    link, _ = box()
    try:
        before = shown_frame(link)
        ui = page_press(page, "DOWN")  # the menu: the next game
        after = shown_frame(link)
        assert after != before, "the click pressed the box's button"
        wait(lambda: js(page, "window.steppe.frame") == shown_frame(link), 5, "the page's frame = the box's")
        took = js(page, "window.steppe.timings")[-1]
        assert took < FOLLOW_S * 1000, "the page followed in %.0f ms" % took
        assert ui["choice"] == link.request("ui.get")["choice"]
        page_press(page, "UP")
    finally:
        link.close()


def _khan_at_its_first_turn(link, seed: int = 5):
    lines, game = seeded("khan", ["red", "yellow", "blue"], seed, 0)
    lines, game = seeded("khan", ["red", "yellow", "blue"], seed, game.setup_left)
    put(link, "khan", lines, game)
    return lines, game


def test_a_whole_khan_turn_played_from_the_page_is_the_rules_cores(web, page):
    link, _ = box()
    try:
        _khan_at_its_first_turn(link)
        open_live(page, web)
        wait(lambda: (js(page, "window.steppe.game.view") or {}).get("game") == "khan", 5, "the Khan view")

        def get_state() -> dict:
            return link.request("state.get")["state"]

        driver = KhanDriver(lambda button, long: page_press(page, button, long), get_state, seed=11)
        driver.ui = js(page, "window.steppe.ui")
        game = load.game(get_state())
        first = game.player
        moves = []
        while game.player == first and game.phase != OVER:
            move = randplay.choose(game, driver.chooser)
            driver.play(game, move)
            randplay.play(game, move)
            moves.append(move[0])
            assert cjson.dumps(get_state()) == cjson.dumps(khan_state.game_json(game)), moves
        assert moves[0] == "flip" and moves[-1] == "end" and len(moves) >= 3
        # and the page shows that game: the rules core's view of it, its story told
        state = get_state()
        want = webview.view("khan", state, None)
        wait(lambda: js(page, "window.steppe.game.view") == json.loads(json.dumps(want)), 5, "the page's view")
        story = js(page, "window.steppe.game.story")
        assert story[0]["text"].startswith(first + " ends the turn")
        assert any(" flips " in line["text"] for line in story[:len(moves)])
        assert driver.presses >= len(moves)
    finally:
        link.close()
    assert console_errors(page) == []


def test_undo_and_redo_from_the_page_are_the_boxs(web, page):
    from selenium.webdriver.common.by import By

    link, _ = box()
    try:
        open_live(page, web)
        wait(lambda: js(page, "window.steppe.game.undo"), 5, "undo offered")
        before = link.request("state.get")
        page.find_element(By.ID, "undo").click()
        wait(lambda: link.request("state.get")["actions"] == before["actions"] - 1, 5, "the box undid one")
        wait(lambda: js(page, "window.steppe.game.story[0].text").startswith("undo: "), 5, "the story says the undo")
        assert js(page, "window.steppe.game.story[1].undone") is True
        wait(lambda: js(page, "window.steppe.game.redo"), 5, "redo offered")
        page.find_element(By.ID, "redo").click()
        wait(lambda: link.request("state.get")["actions"] == before["actions"], 5, "the box redid it")
        assert cjson.dumps(link.request("state.get")["state"]) == cjson.dumps(before["state"])
        wait(lambda: js(page, "window.steppe.game.story[0].text").startswith("redo: "), 5, "the story says the redo")
        assert js(page, "window.steppe.game.redo") is False
        # redo with the box's history closed: it is opened (an undo made and redone) first
        page_press(page, "BACK")  # closes the history
        page.find_element(By.ID, "undo").click()
        wait(lambda: link.request("state.get")["actions"] == before["actions"] - 1, 5, "undone")
        page_press(page, "BACK")
        assert js(page, "window.steppe.ui.mode") != "history"
        page.find_element(By.ID, "redo").click()
        wait(lambda: link.request("state.get")["actions"] == before["actions"], 5, "redone")
        assert cjson.dumps(link.request("state.get")["state"]) == cjson.dumps(before["state"])
    finally:
        link.close()


def _hints(link, on: bool) -> None:
    """The box's hints turned on or off with its buttons (the game in play left for the menu's
    SET, then resumed): with them on, the cursor stops only on cells a yurt may take."""
    for _ in range(5):  # (BACK out of a cursor or a choice to the board first)
        if link.request("ui.get")["mode"] == "board":
            break
        link.request("ui.press", {"button": "BACK"})
    for button in ("BACK", "OK", "UP", "OK", "DOWN", "DOWN", "RIGHT" if on else "LEFT", "OK", "DOWN", "OK"):
        link.request("ui.press", {"button": button})
    got = link.request("ui.get")
    assert (got["screen"], got["mode"]) == ("khan", "board"), got


def test_a_refusal_of_the_box_is_one_line_on_the_page(web, page):
    link, _ = box()
    try:
        lines, game = seeded("khan", ["red", "yellow", "blue"], 3, 0)
        put(link, "khan", lines, game)
        _hints(link, False)  # (the cursor free to go where a yurt may not)
        open_live(page, web)
        for button in ("DOWN", "OK", "DOWN", "RIGHT", "OK"):  # a second setup yurt in a region
            page_press(page, button)
        why = link.request("ui.get").get("why") or ""
        assert "already holds a yurt" in why
        wait(lambda: js(page, "document.getElementById('line').textContent") == "refused: " + why, 5, "the line")
        assert js(page, "document.getElementById('line').classList.contains('bad')")
    finally:
        try:
            _hints(link, True)
        finally:
            link.close()


def _cell(d, name: str):
    from selenium.webdriver.common.by import By

    return d.find_element(By.CSS_SELECTOR, "#grid [data-cell=%s]" % name)


def test_a_board_painted_and_pushed_is_the_board_the_box_then_gives(web, page, env):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    from shared_rules.khan.board import DEFAULT_TEXT

    page.get(web.page("/editor"))
    wait(lambda: js(page, "window.steppe && window.steppe.loaded"), 15, "the editor")
    page.find_element(By.ID, "frombox").click()  # (the box has no own board yet: the default one)
    wait(lambda: js(page, "window.steppe.editor.loads") == 2, 5, "the board loaded again")
    assert js(page, "document.getElementById('line').textContent") == "the default board (the box has no own board)"
    # sand desert dragged over A1..C1, the forest region filled with tundra, grey's start on D2
    page.find_element(By.CSS_SELECTOR, "[data-brush=S]").click()
    ActionChains(page).move_to_element(_cell(page, "A1")).click_and_hold().move_to_element(_cell(page, "B1")) \
        .move_to_element(_cell(page, "C1")).release().perform()
    page.find_element(By.CSS_SELECTOR, "[data-brush=T]").click()
    page.find_element(By.ID, "fill").click()
    _cell(page, "A9").click()
    page.find_element(By.CSS_SELECTOR, "[data-ruler=grey]").click()
    _cell(page, "D2").click()
    grid = wait(lambda: js(page, "window.steppe.editor.grid"), 5)
    want = webview.check_grid(grid)
    wait(lambda: js(page, "window.steppe.editor.check") == json.loads(json.dumps(want)), 5, "the checks shown")
    assert want["ok"], want["error"]
    said = js(page, "document.getElementById('more').textContent")
    assert "forest: 0 cells, the rulebook's board has 25" in said, "the rules core's checks shown as painted"
    page.find_element(By.ID, "push").click()
    wait(lambda: "now the box's own board" in js(page, "document.getElementById('line').textContent"), 10, "pushed")
    link, _ = box()
    try:
        device = link.port
    finally:
        link.close()
    pulled = env / "pulled.txt"
    done = subprocess.run([tool("steppe"), "sync", "board", "pull", str(pulled), "--port", device], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    text = pulled.read_text()
    assert text == want["text"]
    board = board_text.parse(text)
    at = {c["n"]: c["t"] for c in webview.board_json(board)["cells"]}
    assert at["A1"] == at["B1"] == at["C1"] == "S" and at["D1"] == "M", "the drag painted three cells"
    forest = [c["n"] for c in webview.board_json(board_text.parse(DEFAULT_TEXT))["cells"] if c["t"] == "F"]
    assert len(forest) > 20 and all(at[n] == "T" for n in forest), "the forest region filled"
    assert "F" not in at.values()
    assert webview.grid_of(text)["starts"]["grey"] == "D2" and board.width == 14


def test_the_history_pulls_lists_tells_plots_names_and_exports(web, page, env):
    from selenium.webdriver.common.by import By

    link, _ = box()
    try:
        lines, game = seeded("chuhan", [], 21, -1)
        last = lines[-1]
        lines, game = seeded("chuhan", [], 21, len(lines) - 2)  # one action short of its end
        put(link, "chuhan", lines + [last, {"undo": 1}], game)
        # (a sentence still scrolling from a test before would take the first press)
        wait(lambda: not ({"why", "help"} & set(link.request("ui.get"))), 30, "the matrix free of a sentence")
        link.request("ui.press", {"button": "BACK", "long": True})  # the history: undo one more
        link.request("ui.press", {"button": "RIGHT"})
        link.request("ui.press", {"button": "RIGHT"})  # the last action made on the box: the game ends
        assert link.request("archive.list")["games"], "the ended game is in the box's archive"
    finally:
        link.close()
    page.get(web.page("/history"))
    wait(lambda: js(page, "window.steppe && window.steppe.loaded"), 15, "the history page")
    page.find_element(By.ID, "pull").click()
    wait(lambda: js(page, "window.steppe.history.games.length") == 1, 20, "the pulled game listed")
    assert js(page, "window.steppe.pull.finished") is True
    row = js(page, "window.steppe.history.games[0]")
    assert row["title"] == "Chu and Han" and row["date"] != "(no clock)", "the virtual Pico had the time"
    page.find_element(By.CSS_SELECTOR, "#list tr.row").click()
    wait(lambda: js(page, "window.steppe.history.detail"), 10, "the game shown")
    wait(lambda: js(page, "document.getElementById('plot').naturalWidth") > 100, 30, "the score plot")
    # its journal as the box kept it: the actions, the last one undone, then undone once more and redone twice
    assert len(js(page, "window.steppe.history.detail.story")) == len(lines) - 1 + 5
    name = page.find_element(By.CSS_SELECTOR, "#names input[data-colour=han]")
    name.clear()
    name.send_keys("Anna")
    page.find_element(By.ID, "savenames").click()
    wait(lambda: js(page, "window.steppe.history.games[0].players[0].name") == "Anna", 5, "the name kept")
    name = page.find_element(By.CSS_SELECTOR, "#names input[data-colour=chu]")
    name.clear()
    page.find_element(By.ID, "savenames").click()  # an empty name is refused: one line says so
    wait(lambda: js(page, "document.getElementById('line').textContent").startswith("refused: name players"), 5)
    got = json.loads(urllib.request.urlopen(web.page("/api/history/export.bgsplay"), timeout=10).read())
    assert [p["name"] for p in got["players"]] == ["Anna", "chu"] and got["plays"][0]["playDate"]
    csv = urllib.request.urlopen(web.page("/api/history/export.csv"), timeout=10).read().decode()
    assert csv.splitlines()[0].startswith("game_id,title,date") and "Anna" in csv


def _status(url: str, headers: "dict | None" = None, method: str = "GET", data: "bytes | None" = None) -> int:
    req = urllib.request.Request(url, headers=headers or {}, method=method, data=data)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def _upgrade(port: int, path: str, origin: str = "") -> int:
    """A WebSocket's opening handshake, written out (urllib would ask to close the line)."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                   "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n%s\r\n" % (
                       path, port, "Origin: %s\r\n" % origin if origin else "")).encode())
        return int(s.recv(200).split()[1])


ROUTES = ("/", "/editor", "/history", "/files/page.js", "/ws", "/api/board", "/api/history",
          "/api/history/export.csv", "/api/history/export.bgsplay")
POSTS = ("/api/press", "/api/undo", "/api/redo", "/api/board/check", "/api/board/push", "/api/history/pull")


def test_every_request_without_the_token_or_from_elsewhere_is_refused(web):
    wrong = ("y" if web.token[0] == "x" else "x") + web.token[1:]  # (one character off: never the token
    for path in ROUTES:  # itself, whatever its first character - a token beginning with x passed as wrong)
        assert _status(web.base + path) == 403, path
        assert _status(web.base + path + "?token=" + wrong) == 403, path
    body = b'{"button":"OK","long":false}'
    for path in POSTS:
        assert _status(web.base + path, {"Content-Type": "application/json"}, "POST", body) == 403, path
    ok = {"X-Steppe-Token": web.token}
    assert _status(web.page("/")) == 200 and _status(web.base + "/api/board", ok) == 200
    # another site's page, or a name that only points here (DNS rebinding), is refused even with the token
    assert _status(web.page("/"), {"Origin": "http://example.com"}) == 403
    assert _status(web.base + "/api/press", dict(ok, Origin="http://example.com", **{
        "Content-Type": "application/json"}), "POST", body) == 403
    assert _status(web.page("/"), {"Sec-Fetch-Site": "cross-site"}) == 403
    assert _status(web.page("/"), {"Host": "attacker.example:%d" % web.port}) == 403
    assert _status(web.page("/"), {"Origin": web.base}) == 200
    # the WebSocket: no upgrade without the token, nor for another site's page
    assert _upgrade(web.port, "/ws") == 403
    assert _upgrade(web.port, "/ws?token=" + web.token, "http://example.com") == 403
    assert _upgrade(web.port, "/ws?token=" + web.token, web.base) == 101
    # and it listens on the loopback only
    listening = [line.split() for line in open("/proc/net/tcp").read().splitlines()[1:]]
    ours = [f[1] for f in listening if f[3] == "0A" and int(f[1].split(":")[1], 16) == web.port]
    assert ours == ["0100007F:%04X" % web.port]


def test_the_box_held_by_steppe_web_is_listed_and_reached(web):
    listed = subprocess.run([tool("steppe"), "ports"], capture_output=True, text=True, timeout=60)
    assert "held by steppe web (pid %d, http://127.0.0.1:%d/)" % (web.proc.pid, web.port) in listed.stdout
    logs = subprocess.run([tool("steppe"), "logs"], capture_output=True, text=True, timeout=60)
    assert logs.returncode == 0, logs.stderr


def test_the_box_unplugged_is_said_and_the_page_comes_back_with_it(env, tmp_path, monkeypatch):
    monkeypatch.setenv("STEPPE_SIMS", str(tmp_path / "sims"))  # this box alone
    fs = str(tmp_path / "pico")
    pico = Sim(fs)
    pico.wait_ready()
    pico.link.close()  # the port is steppe web's
    w = Web([], dict(os.environ))
    d = chromium()
    try:
        open_live(d, w)
        first = js(d, "document.getElementById('label').textContent")
        assert first == pico.device
        pico.proc.kill()  # unplugged
        pico.proc.wait()
        wait(lambda: "the box cannot be reached" in js(d, "document.getElementById('line').textContent"), 15,
             "the line saying the box is gone")
        assert js(d, "window.steppe.status")
        pico = Sim(fs)  # plugged in again (another device path, as a Pico may come back)
        pico.link.close()
        wait(lambda: js(d, "document.getElementById('label').textContent") == pico.device, 20, "the box back")
        wait(lambda: js(d, "document.getElementById('line').textContent") == "", 5,
             lambda: "the line cleared: " + js(d, "document.getElementById('line').textContent"))
        page_press(d, "DOWN")
        assert js(d, "window.steppe.ui.choice") != "khan"
        assert console_errors(d) == []
    finally:
        d.quit()
        err = w.stop()
        pico.close()
    assert "Traceback" not in err, err


def test_the_editor_shows_the_rules_cores_whole_board_checks():
    """webview.board_checks, the one place the editor meets shared_rules/khan/board_check.py:
    its verdict and its sentences, for the board as painted."""
    from shared_rules.khan import board_check
    from shared_rules.khan.board import DEFAULT_TEXT

    grid = webview.grid_of(DEFAULT_TEXT)
    cells = list(grid["cells"])
    cells[10 * grid["width"]] = "G"  # A11: a glacier cell in the forest, away from the glacier
    grid["cells"] = "".join(cells)
    got = webview.check_grid(grid)
    assert got["ok"], "the box takes it: the rulebook's checks are advice"
    result = board_check.check(board_text.parse(got["text"]))
    assert got["checks"] == {"ok": False, "findings": board_check.findings(result), "cells": result["cells"],
                             "rulebook": result["rulebook"]}
    assert any(line.startswith("glacier is in 2 pieces") for line in got["checks"]["findings"])
    assert got["checks"]["cells"]["F"] == 24 and got["checks"]["rulebook"]["F"] == 25
