"""Boot: start the companion unless BACK is held (then stay at the REPL).

Kept tiny: the application lives in compiled modules. Should it stop on an error, it is
logged (errors.log) and started again, RESTARTS times, then the board resets: the matrix
never stays frozen. A broken install (a module or pins.json missing) stays at the REPL for
`steppe flash`, as does Ctrl-C.
"""

import sys

RESTARTS = 3


def _root_last() -> None:
    """The root ('': the box's saved games, no modules) last on sys.path: a Pico's is '',
    .frozen, /lib, and becomes .frozen, /lib, ''. MicroPython looks for a module in each
    folder in turn, and on littlefs each miss is a lookup of ~0.6-1 ms of a Pico
    (bench/lookups.py): with the root first, every module of the box's imported (at boot,
    at a game's first request, after RAM was freed) was first looked for there three times
    (NAME, NAME.py, NAME.mpy); .frozen is looked in without the flash. And a stray file at
    the root named like one of the box's modules can no longer stand in for it. (The
    root is sys.path[0], the folder main.py runs from: '' on a Pico, the board's folder on
    the virtual Pico.)"""
    if len(sys.path) > 1:
        sys.path.append(sys.path.pop(0))


_root_last()


def _back_held() -> bool:
    try:
        from hal import pins
        from machine import Pin

        return Pin(pins.load()["buttons"]["BACK"], Pin.IN, Pin.PULL_UP).value() == 0
    except Exception:
        return False


def _run() -> None:
    for n in range(1, RESTARTS + 1):
        try:
            import app

            app.main()
            return
        except KeyboardInterrupt:
            print("stopped; REPL")
            return
        except Exception as e:
            print("companion stopped: " + type(e).__name__ + ": " + str(e))
            sys.print_exception(e)  # type: ignore[attr-defined]
            if type(e).__name__ in ("ImportError", "PinError"):
                return  # restarting mends no broken install: the REPL stays for steppe flash
            try:
                import errlog

                errlog.write("", e, "main", "restart " + str(n), n)
            except Exception:
                pass
    import machine

    machine.reset()


if _back_held():
    print("BACK held at boot: the companion does not start; REPL")
else:
    _run()
