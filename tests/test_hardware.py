"""hardware/: the pin map is the single source of truth; the Wokwi diagram, the drawn
wiring and the wiring guide agree with it, and its power budget adds up."""

import json
import os
import sys

import pytest

from conftest import ROOT

HW = os.path.join(ROOT, "hardware")


def _load(name: str) -> dict:
    with open(os.path.join(HW, name)) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def pins() -> dict:
    return _load("pins.json")


@pytest.fixture(scope="module")
def diagram() -> dict:
    return _load("diagram.json")


def _wired(diagram: dict, end: str) -> "set[str]":
    """Every connection end wired directly to end."""
    out = set()
    for a, b, *_ in diagram["connections"]:
        if a == end:
            out.add(b)
        elif b == end:
            out.add(a)
    return out


def _part(diagram: dict, kind: str) -> "list[dict]":
    return [p for p in diagram["parts"] if p["type"] == kind]


def test_the_diagram_has_the_matrix_of_the_pin_map_on_its_pin_through_330_ohms(pins, diagram):
    m = pins["matrix"]
    (matrix,) = _part(diagram, "wokwi-neopixel-matrix")
    attrs = matrix["attrs"]
    assert (int(attrs["rows"]), int(attrs["cols"])) == (m["height"], m["width"])
    assert attrs["matrixLayout"] == m["layout"] == "serpentine"
    feeds = _wired(diagram, matrix["id"] + ":DIN")
    (resistor,) = [p for p in _part(diagram, "wokwi-resistor") if any(f.startswith(p["id"] + ":") for f in feeds)]
    assert resistor["attrs"]["value"] == "330"
    other = {f for pin in ("1", "2") for f in _wired(diagram, resistor["id"] + ":" + pin)} - {matrix["id"] + ":DIN"}
    assert other == {"pico:GP%d" % m["pin"]}
    assert _wired(diagram, matrix["id"] + ":VDD") == {"pico:VBUS"}
    assert all(e.startswith("pico:GND") for e in _wired(diagram, matrix["id"] + ":VSS"))


def test_the_diagram_has_each_button_on_its_gpio_and_ground(pins, diagram):
    buttons = _part(diagram, "wokwi-pushbutton")
    assert sorted(b["attrs"]["label"] for b in buttons) == sorted(pins["buttons"])
    for b in buttons:
        ends = _wired(diagram, b["id"] + ":1.l") | _wired(diagram, b["id"] + ":2.l")
        gpios = {e for e in ends if e.startswith("pico:GP")}
        assert gpios == {"pico:GP%d" % pins["buttons"][b["attrs"]["label"]]}, (b["id"], ends)
        assert any(e.startswith("pico:GND") for e in ends), b["id"]


def test_the_power_budget_adds_up_and_the_firmware_reads_the_same_map(pins):
    p = pins["power"]
    assert p["led_budget_ma"] == p["usb_ma"] - p["pico_ma"] - p["margin_ma"]
    assert p["led_budget_ma"] > p["ma_per_dark_led"] * pins["matrix"]["width"] * pins["matrix"]["height"]
    from hal import pins as fw_pins

    assert fw_pins.load(os.path.join(HW, "pins.json")) == pins


@pytest.fixture(scope="module")
def draw_wiring():
    """hardware/draw_wiring.py, the script that draws wiring.svg."""
    sys.path.insert(0, HW)
    try:
        import draw_wiring
    finally:
        sys.path.remove(HW)
    return draw_wiring


def test_the_drawn_wiring_is_what_the_pin_map_draws(pins, draw_wiring):
    drawn = draw_wiring.draw(pins)
    with open(os.path.join(HW, "wiring.svg")) as f:
        assert f.read() == drawn, "run python hardware/draw_wiring.py"
    for name in pins["buttons"]:
        assert ">%s<" % name in drawn


def test_the_wiring_guide_names_every_pin_and_the_budget(pins, draw_wiring):
    with open(os.path.join(HW, "wiring.md")) as f:
        guide = f.read()
    rows = [line for line in guide.splitlines() if line.startswith("| ")]
    for name, gpio in pins["buttons"].items():
        want = "| %s button | GP%d | %d |" % (name, gpio, draw_wiring.physical(gpio))
        assert any(r.startswith(want) for r in rows), want
    assert any(r.startswith("| Matrix data | GP%d | %d |" % (pins["matrix"]["pin"],
                                                             draw_wiring.physical(pins["matrix"]["pin"]))) for r in rows)
    for key, value in pins["power"].items():  # each figure on the line that names its key
        assert any(("`%s`" % key) in line and str(value) in line for line in guide.splitlines()), key
