"""The host tool over the virtual Pico's pty: steppe flash (full, and with nothing to copy)
and steppe verify's throughput. Called by bench/run.py (CPython, the project's venv)."""

import os
import threading
import time


class BareBoard:
    """A bare virtual Pico served in a thread (what a new Pico is to mpremote)."""

    def __init__(self, folder: str) -> None:
        from steppe.sim import VirtualPico

        self.pico = VirtualPico(folder, bare=True)
        self.device = self.pico.open()
        self.thread = threading.Thread(target=self.pico.serve, daemon=True)
        self.thread.start()
        time.sleep(0.3)  # the interpreter's banner

    def close(self) -> None:
        self.pico.stop()
        self.thread.join(5)
        self.pico.close()


def flash_times(tmp: str) -> "dict[str, float]":
    """Seconds for a full flash of a bare board, then for a re-flash with nothing changed
    (both to the companion's hello)."""
    from steppe import build
    from steppe.flash import flash

    build.files(build.PICO)  # compile once: the cache is what a second flash of the day sees
    board = BareBoard(os.path.join(tmp, "bare"))
    try:
        full = flash(board.device)
        again = flash(board.device)
        out = {"full": full.seconds, "files": full.files, "kb": full.bytes / 1024.0, "again": again.seconds,
               "again_copied": len(again.copied)}
        out.update(verify_rate(board.device))
        return out
    finally:
        board.close()


def verify_rate(device: str, count: int = 25) -> "dict[str, float]":
    """steppe verify on the freshly flashed board: cases a second, pipelined and one at a
    time (both sides and the link together)."""
    from steppe import verify
    from steppe.device import SerialTransport

    link = SerialTransport(device)
    try:
        piped = verify.check(link, count, 1)
        single = verify.check(link, count, 1, window=1)
    finally:
        link.close()
    if not (piped.agree and single.agree):
        raise SystemExit("steppe verify found differences on the freshly flashed board")
    return {"verify_cases": piped.cases, "verify_rate": piped.rate, "verify_rate_single": single.rate}
