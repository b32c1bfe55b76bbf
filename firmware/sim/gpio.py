"""The virtual Pico's timed GPIO-level input (imported by sim/machine.py only when
STEPPE_GPIO names a FIFO): lines "WAIT_MS GPIO LEVEL" (LEVEL 0: pressed, through the
pull-up), each played WAIT_MS after the one before by a thread - the pin's level set and its
interrupt handler run at once (machine.press), whatever the firmware is doing. A lock stands
for the Pico's disable_irq(): an edge waits while the loop takes the latched ones."""

import _thread
import os

import machine

_lock = _thread.allocate_lock()


def _disable() -> int:
    _lock.acquire()
    return 1


def _enable(state: int = 1) -> None:
    _lock.release()


def _drive(path: str) -> None:
    import time

    while True:
        with open(path, "rb") as f:  # blocks until the host opens its end
            for line in f:
                parts = line.split()
                if len(parts) != 3:
                    continue
                wait = int(parts[0])
                if wait > 0:
                    time.sleep_ms(wait)  # type: ignore[attr-defined]
                with _lock:
                    machine.press(int(parts[1]), parts[2] == b"0")  # type: ignore[attr-defined]


machine.disable_irq = _disable
machine.enable_irq = _enable
_thread.start_new_thread(_drive, (os.getenv("STEPPE_GPIO"),))
