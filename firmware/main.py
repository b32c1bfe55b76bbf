"""Boot: start the companion unless BACK is held (then stay at the REPL).

Kept tiny: the application lives in compiled modules. Should it stop on an error, it is
logged (errors.log) and started again, RESTARTS times, then the board resets: the matrix
never stays frozen. A broken install (a module or pins.json missing) stays at the REPL for
`steppe flash`, as does Ctrl-C.
"""

import sys

RESTARTS = 3


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
