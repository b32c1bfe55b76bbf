"""Boot: start the companion unless BACK is held (then stay at the REPL).

Kept tiny: the application lives in compiled modules; anything that escapes it is
printed as one line and the REPL stays reachable for `steppe flash` and mpremote.
"""

import sys


def _back_held() -> bool:
    try:
        from hal import pins
        from machine import Pin

        return Pin(pins.load()["buttons"]["BACK"], Pin.IN, Pin.PULL_UP).value() == 0
    except Exception:
        return False


if _back_held():
    print("BACK held at boot: the companion does not start; REPL")
else:
    try:
        import app

        app.main()
    except KeyboardInterrupt:
        print("stopped; REPL")
    except Exception as e:  # the last resort: one line, and the REPL stays for repairs
        print("companion stopped: " + type(e).__name__ + ": " + str(e))
        sys.print_exception(e)
