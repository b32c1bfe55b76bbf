"""The pin map and LED current budget, read from pins.json (hardware/pins.json in the repo).

One file is the single source of truth: the firmware reads it at boot, the Wokwi diagram
and the wiring notes are checked against it.
"""

import sys

if sys.implementation.name == "micropython":
    import ujson as json  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
else:  # (CPython: its own, never a ujson package the host may have)
    import json

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")


class PinError(Exception):
    pass


def load(path: str = "pins.json") -> dict:
    """The checked pin map; PinError with a one-line reason if it is missing or wrong."""
    try:
        with open(path) as f:
            cfg = json.load(f)
    except OSError:
        raise PinError(path + " is missing: flash the firmware again")
    except ValueError:
        raise PinError(path + " is not valid JSON")
    return check(cfg)


def check(cfg) -> dict:
    if not isinstance(cfg, dict):
        raise PinError("pins.json must be an object")
    matrix = cfg.get("matrix")
    buttons = cfg.get("buttons")
    power = cfg.get("power")
    if not isinstance(matrix, dict) or not isinstance(buttons, dict) or not isinstance(power, dict):
        raise PinError("pins.json needs \"matrix\", \"buttons\" and \"power\"")
    used = []
    for name in ("pin", "width", "height"):
        if type(matrix.get(name)) is not int or matrix[name] < 0:
            raise PinError("pins.json matrix." + name + " must be a whole number")
    used.append(matrix["pin"])
    for name in BUTTONS:
        pin = buttons.get(name)
        if type(pin) is not int or not 0 <= pin <= 29:
            raise PinError("pins.json buttons." + name + " must be a GPIO number 0..29")
        if pin in used:
            raise PinError("pins.json uses GPIO " + str(pin) + " twice")
        used.append(pin)
    for name in ("led_budget_ma", "ma_per_channel", "ma_per_dark_led"):
        if type(power.get(name)) is not int or power[name] < 0:
            raise PinError("pins.json power." + name + " must be a whole number of mA")
    return cfg
