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
        return {"full": full.seconds, "files": full.files, "kb": full.bytes / 1024.0, "again": again.seconds,
                "again_copied": len(again.copied)}
    finally:
        board.close()
