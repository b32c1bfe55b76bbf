"""A real browser for the pages of `steppe web`: Debian's headless Chromium driven by
Selenium through Debian's chromium-driver (the same version as the browser, always), and
a `steppe web` process to point it at. Used by tests/test_web*.py, bench/bench_web.py and
docs/render_screens.py (make screens)."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars", "--force-device-scale-factor=1", "--font-render-hinting=none")
MISSING = ("Chromium is missing: install Debian's chromium and chromium-driver (sudo apt-get install chromium "
           "chromium-driver; README: the browser tests)")


def tools() -> "tuple[str, str]":
    """(the browser, its driver), or RuntimeError(MISSING)."""
    browser = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else "")
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver")
                                              else "")
    if not browser or not driver:
        raise RuntimeError(MISSING)
    return browser, driver


def chromium(width: int = 1500, height: int = 1000):
    """A headless Chromium of its own (a fresh profile folder, removed by quit()), its
    console kept (driver.get_log("browser"))."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = tools()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="steppe-chromium-")
    options.add_argument("--user-data-dir=" + profile)
    options.add_argument("--window-size=%d,%d" % (width, height))
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(options=options, service=Service(driver))
    quit_ = d.quit

    def quit() -> None:
        try:
            quit_()
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    d.quit = quit  # type: ignore[method-assign]
    return d


def steppe() -> str:
    found = shutil.which("steppe", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not found:
        raise RuntimeError("steppe is not installed: run make")
    return found


class Web:
    """`steppe web ARGS --no-open` running, its page's address read from its first line."""

    def __init__(self, args: "list[str]", env: "dict | None" = None, timeout: float = 60.0) -> None:
        self.proc = subprocess.Popen([steppe(), "web", "--no-open"] + list(args), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        found = re.match(r"steppe web: (http://127\.0\.0\.1:(\d+)/\?token=(\S+))", line)
        if not found:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            self.proc.kill()
            raise RuntimeError("steppe web did not start: " + line + err)
        self.url = found.group(1)
        self.port = int(found.group(2))
        self.token = found.group(3)
        self.base = "http://127.0.0.1:%d" % self.port
        self.started = time.monotonic()

    def page(self, path: str) -> str:
        return self.base + path + "?token=" + self.token

    def stop(self) -> str:
        """Stop it (SIGTERM, as Ctrl-C); what it wrote on stderr."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.stderr.read() if self.proc.stderr else ""


def wait(until, timeout: float = 10.0, what: str = "", step: float = 0.02):
    """until()'s first true value, polled; AssertionError naming what when it never comes."""
    end = time.monotonic() + timeout
    while True:
        got = until()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError("waited %g s for %s" % (timeout, what() if callable(what) else what or until))
        time.sleep(step)


def console_errors(driver) -> "list[str]":
    """The page's console errors since the last look (SEVERE entries)."""
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


# -- seeded games put on the box ------------------------------------------------------------------
def seeded(name: str, colours: "list[str]", seed: int, moves: int, start: "int | None" = None):
    """A game of `name` begun as the box's menu begins it, then `moves` actions of the rules
    core's random player (-1: to its end): (its journal lines, the game)."""
    from shared_rules import journal
    from shared_rules.errors import RulesError
    from shared_rules.games import module, settings
    from shared_rules.rng import PCG32

    s = settings(name, colours, 0)
    head = journal.header(name, s, seed, start=start)
    game = module(name).new(s, seed)
    chooser = PCG32(seed, module(name, "randplay").CHOOSER_STREAM)
    lines = [head]
    while moves < 0 or len(lines) <= moves:
        action = module(name, "randplay").action(game, chooser)
        if action is None:
            break
        try:
            event = module(name).apply(game, action)
        except RulesError:  # (the random player may offer what the rules then refuse: another)
            continue
        lines.append(journal.entry(action, module(name, "actions").draws(action, event)))
    return lines, game


def put(link, name: str, lines: list, game) -> None:
    """The journal put on the box (sync push's path: replayed here, and there)."""
    from shared_rules.games import module
    from steppe import sync

    sync.push(link, sync.Backup(name, "sync", lines, module(name, "state").game_json(game), len(lines) - 1), "test")
