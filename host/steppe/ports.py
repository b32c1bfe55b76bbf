"""Finding the companion: attached Picos (USB vendor 0x2E8A) and running virtual Picos.

connect() is the one way every command gets a device: it picks the port (the one given,
or the only one attached), opens it, and checks that it runs the companion firmware. A
port that fails is classified once, here, into a distinct exit status:

  no device at all / no such port      EXIT_NO_DEVICE
  several and none chosen              EXIT_AMBIGUOUS
  answers nothing at all               EXIT_NO_ANSWER if it is a Pico (USB id, a virtual
                                       one), else EXIT_NOT_A_PICO
  a MicroPython REPL, no companion     EXIT_NO_FIRMWARE  (after one soft reset to try)
  in use by another program            EXIT_NO_ANSWER, the program named (device.port_users)
  gone while being woken (unplugged)   EXIT_NO_ANSWER (device.Gone): one line, never a traceback
"""

import os
import time

from steppe import sim
from shared_rules.protocol import PROTOCOL
from steppe.device import Gone, NoAnswer, SerialTransport, Transport
from steppe.errors import (EXIT_AMBIGUOUS, EXIT_NO_ANSWER, EXIT_NO_DEVICE, EXIT_NO_FIRMWARE, EXIT_NOT_A_PICO,
                           StepError)

PICO_VID = 0x2E8A  # Raspberry Pi: the Pico's USB vendor id
HELLO_TIMEOUT = 1.5  # a companion answers hello in milliseconds; a busy one within this
FILLER = 256  # newlines written at a time to complete a frame left unfinished (the device's block)


class Port:
    def __init__(self, device: str, kind: str) -> None:
        self.device = device
        self.kind = kind  # "usb" (a Pico) or "virtual" (steppe sim)

    def label(self) -> str:
        return self.device + " (" + ("Pico" if self.kind == "usb" else "virtual Pico") + ")"


def attached() -> "list[Port]":
    """Every Pico on USB and every virtual Pico running on this machine."""
    out = []
    try:
        from serial.tools import list_ports

        for info in sorted(list_ports.comports(), key=lambda p: p.device):
            if info.vid == PICO_VID:
                out.append(Port(info.device, "usb"))
    except ImportError:  # pragma: no cover - pyserial is a dependency
        pass
    for device in sim.running():
        out.append(Port(device, "virtual"))
    return out


def choose(port: str = "") -> str:
    """The port to use: the one given, or the only one attached."""
    if port:
        if not os.path.exists(port):
            raise StepError("no such port: " + port + " (steppe ports lists the devices)", EXIT_NO_DEVICE)
        return port
    found = attached()
    if not found:
        raise StepError("no companion found: plug in the Pico, or start a virtual one with `steppe sim`",
                        EXIT_NO_DEVICE)
    if len(found) > 1:
        raise StepError(str(len(found)) + " devices: " + ", ".join(p.label() for p in found)
                        + "; choose one with --port", EXIT_AMBIGUOUS)
    return found[0].device


HELLO_TRIES = 3  # a hello answered no_memory is asked again, this many times in all


def hello(link, timeout: float = HELLO_TIMEOUT) -> "dict | None":
    """The companion's hello, or None when the port does not answer it in time (Gone when
    the port fails under it: unplugged). A newline goes first: a partial line another
    program left on the device ends there (its error reply has no id and is passed over),
    so hello is a line of its own."""
    try:
        link.write(b"\n")
        return link.ask("hello", timeout=timeout, tries=HELLO_TRIES)  # (no_memory: asked again)
    except Gone:
        raise
    except NoAnswer:
        return None


def clear_frame(link: SerialTransport, timeout: float = HELLO_TIMEOUT) -> "dict | None":
    """hello went unanswered: a framed line another host began and never finished (killed
    while it wrote it) may hold the device, which reads a frame's body in blocks and cannot
    time out a block begun (firmware/link.py Reader). Newlines complete it, a block's worth
    at a time, until the device answers a line (what the frame held: bad_json, id null);
    then hello, and a block's worth more each time it goes unanswered (the frame may want
    more: what is left of a whole line at most), until one is. The body's other newlines
    are blank lines, which get no answer. None when nothing answers as the companion would
    (a board at its REPL, or no companion: _wake tells them apart)."""
    import json

    from shared_rules.ops import MAX_LINE

    sent = 0
    got = b""
    while not got:
        if sent > MAX_LINE + 1:
            return None
        link.write(b"\n" * FILLER)
        sent += FILLER
        got = link.readline(0.1)
    try:
        said = json.loads(got)
    except ValueError:
        return None  # (a REPL's prompt, or another program: not the companion's answer)
    if not isinstance(said, dict) or "ok" not in said:
        return None
    while sent <= MAX_LINE + 1 + FILLER:
        info = hello(link, 0.5)  # (its bytes end the frame, if it wants no more: then it is answered)
        if info is not None:
            return info
        link.write(b"\n" * FILLER)
        sent += FILLER
    return hello(link, timeout)


def at_repl(link: SerialTransport, timeout: float = 1.0) -> bool:
    """Interrupt whatever runs (Ctrl-C twice) and see whether a MicroPython REPL answers."""
    link.drain(0.05)
    link.write(b"\r\x03\x03\x02")  # Ctrl-C twice stops what runs; Ctrl-B leaves a raw REPL: ">>> " comes
    got = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end and b">>> " not in got and b"raw REPL" not in got:
        got += link.drain(0.1)
    return b">>> " in got or b"raw REPL" in got


def soft_reset(link: SerialTransport) -> None:
    """Ctrl-D at the friendly REPL (at_repl() leaves a raw one): the board restarts and runs
    main.py. (A Ctrl-B here would print the banner and a fresh ">>> " first, which reads as
    a board without the companion.)"""
    link.write(b"\x04")


def connect(port: str = "", timeout: float = HELLO_TIMEOUT, wake: bool = True) -> "tuple[Transport, dict]":
    """(transport, hello) for the chosen port, which must run the companion. A port that
    steppe play or steppe web holds is reached through it (share.py). wake: a port that
    does not answer hello is probed for a REPL (and reset once); without, it is
    EXIT_NO_ANSWER (a box just plugged in and still starting, for steppe web)."""
    from steppe import share

    device = choose(port)
    owner = share.holder(device)
    link = share.Borrowed(owner, device) if owner else SerialTransport(device)
    try:
        info = hello(link, max(timeout, 10.0) if owner else timeout)  # (the owner may be busy with the box)
        if info is None and owner:
            raise StepError(device + " is held by " + share.held_by(owner) + ", which does not reach the box now",
                            EXIT_NO_ANSWER)
        if info is None and not wake:
            raise StepError(device + " does not answer yet", EXIT_NO_ANSWER)
        if info is None:
            assert isinstance(link, SerialTransport)
            info = clear_frame(link, timeout) or _wake(link, device, timeout)
        if info.get("protocol") != PROTOCOL:
            raise StepError(device + " speaks protocol " + str(info.get("protocol")) + ", this steppe speaks "
                            + str(PROTOCOL) + ": run steppe flash", EXIT_NO_FIRMWARE)
        set_clock(link, info)
        return link, info
    except BaseException:
        link.close()
        raise


def set_clock(link, info: dict) -> None:
    """The Pico has no battery clock: whenever steppe connects to a box whose clock is not
    set, it gives it the time (clock.set; machine.RTC on the Pico), so the games it ends
    carry real dates. A box that cannot take it keeps relative times: nothing fails."""
    import time

    from steppe.device import DeviceError

    if info.get("clock") == "relative":
        try:
            link.request("clock.set", {"epoch": int(time.time())})
            info["clock"] = "set"
        except DeviceError:
            pass


def known(device: str) -> bool:
    """Is this port a Pico on USB or a virtual Pico (rather than some other serial port)?"""
    real = os.path.realpath(device)
    return any(os.path.realpath(p.device) == real for p in attached())


def silent(device: str) -> StepError:
    """The error for a port that answers nothing at all: a Pico that hangs, or no Pico."""
    if known(device):
        return StepError("the Pico at " + device + " does not answer (hung? unplug it and plug it in again)",
                         EXIT_NO_ANSWER)
    return StepError(device + " does not answer as a Pico: no companion and no MicroPython REPL there",
                     EXIT_NOT_A_PICO)


def _wake(link: SerialTransport, device: str, timeout: float) -> dict:
    """hello went unanswered: a board stopped at its REPL is reset once; anything else is
    told apart (a MicroPython board without the companion, or not a board at all)."""
    if not at_repl(link):
        raise silent(device)
    link.drain(0.3)  # the prompts the probe left: the ones that count come after the reset
    soft_reset(link)
    # the board restarts: the companion says "ready", a bare board comes back to ">>> "
    got = b""
    end = time.monotonic() + 6.0
    while time.monotonic() < end and b" ready" not in got and b">>> " not in got:
        got += link.drain(0.1)
    info = hello(link, timeout) if b">>> " not in got else None
    if info is None:
        raise StepError(device + " runs MicroPython but not the companion: put it there with `steppe flash`",
                        EXIT_NO_FIRMWARE)
    return info
