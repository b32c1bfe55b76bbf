"""The virtual Pico's GPIO-level input, loaded only when used: press(), the test bench's
finger on a pin (machine.press), and with STEPPE_GPIO naming a FIFO, a thread playing its
lines "WAIT_MS GPIO LEVEL" (LEVEL 0: pressed, through the pull-up), each WAIT_MS after the
one before - the pin's level set and its interrupt handler run at once, whatever the
firmware is doing. A lock stands for the Pico's disable_irq(): an edge waits while the
loop takes the latched ones."""

import machine

_lock = None


def press(number: int, down: bool) -> None:
    """A pin held down or let go: a change runs its interrupt handler (Pin.flags(): which
    edge)."""
    held = machine._held  # type: ignore[attr-defined]
    if down == (number in held):
        return
    if down:
        held.add(number)
    else:
        held.discard(number)
    irq = machine._irqs.get(number)  # type: ignore[attr-defined]
    if irq is not None:
        irq[1](irq[0])


def start() -> None:
    """The thread that plays STEPPE_GPIO (once)."""
    global _lock
    if _lock is not None:
        return
    import _thread
    import os

    _lock = _thread.allocate_lock()
    machine.disable_irq = _disable
    machine.enable_irq = _enable
    _thread.start_new_thread(_drive, (os.getenv("STEPPE_GPIO"), _lock))


def _disable() -> int:
    assert _lock is not None
    _lock.acquire()
    return 1


def _enable(state: int = 1) -> None:
    assert _lock is not None
    _lock.release()


def _drive(path: str, lock) -> None:
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
                with lock:
                    press(int(parts[1]), parts[2] == b"0")
