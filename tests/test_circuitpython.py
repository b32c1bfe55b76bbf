"""The CircuitPython backend, with the real adafruit-circuitpython-neopixel library on
CPython: fake board, digitalio and neopixel_write modules stand in for the hardware, and
neopixel_write(pin, buf) receives the bytes that would go down the wire."""

import importlib.util
import os
import sys
import types

import pytest

from hal.pixels import CircuitPythonStrip
from ui import palette


def _adafruit_neopixel():
    for folder in sys.path:
        path = os.path.join(folder, "neopixel.py")
        if "site-packages" in folder and os.path.exists(path):
            spec = importlib.util.spec_from_file_location("adafruit_neopixel", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    pytest.fail("adafruit-circuitpython-neopixel is not installed")


@pytest.fixture
def wire(monkeypatch):
    sent = []
    board = types.ModuleType("board")
    board.D18 = "D18"
    digitalio = types.ModuleType("digitalio")

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.direction = None

        def deinit(self):
            pass

    digitalio.DigitalInOut = DigitalInOut
    digitalio.Direction = types.SimpleNamespace(OUTPUT="out", INPUT="in")
    writer = types.ModuleType("neopixel_write")
    writer.neopixel_write = lambda pin, buf: sent.append(bytes(buf))
    for name, module in (("board", board), ("digitalio", digitalio), ("neopixel_write", writer)):
        monkeypatch.setitem(sys.modules, name, module)
    return board, sent


def test_the_strip_bytes_reach_the_wire_unchanged(wire):
    board, sent = wire
    strip = CircuitPythonStrip(board.D18, 16, 16, palette.PALETTE, module=_adafruit_neopixel(), brightness=200)
    strip.frame[0] = palette.CHU
    strip.frame[16] = palette.GOOD  # row 1 runs back: the strip's 32nd LED
    strip.frame[255] = palette.WHITE
    strip.show()
    assert sent and sent[-1] == bytes(strip.out)
    assert len(sent[-1]) == 768 and sum(sent[-1][3:93]) == 0
    assert sent[-1][93:96] != b"\0\0\0", "the GOOD pixel at the far end of row 1"


def test_an_all_white_frame_is_capped_on_this_backend_too(wire):
    board, sent = wire
    strip = CircuitPythonStrip(board.D18, 16, 16, palette.PALETTE, module=_adafruit_neopixel(), brightness=255)
    for i in range(256):
        strip.frame[i] = palette.WHITE
    strip.show()
    current = strip.ma_per_dark_led * 256 + sum(sent[-1]) * strip.ma_per_channel // 255
    assert current <= strip.budget_ma
