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


def _svg(draw_wiring, pins):
    import xml.etree.ElementTree as ET

    root = ET.fromstring(draw_wiring.draw(pins))
    ns = "{http://www.w3.org/2000/svg}"
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    return root, ns, by_id


def _points(el) -> "list[tuple[float, float]]":
    if el.tag.endswith("polyline"):
        return [tuple(float(v) for v in p.split(",")) for p in el.get("points").split()]
    return [(float(el.get("x1")), float(el.get("y1"))), (float(el.get("x2")), float(el.get("y2")))]


def _on(point, wire) -> bool:
    """Whether point lies on one of the wire's straight (horizontal or vertical) segments."""
    x, y = point
    pts = _points(wire)
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        if min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2) and (x1 == x2 or y1 == y2):
            return True
    return False


def test_the_capacitor_sits_across_5v_and_gnd_and_the_resistor_at_din(pins, draw_wiring):
    _, _, el = _svg(draw_wiring, pins)
    plus, minus = _points(el["cap-plus"]), _points(el["cap-minus"])
    assert _on(plus[0], el["rail-5v"]) and not _on(plus[0], el["rail-gnd"])  # + lead: from the 5 V rail
    assert _on(minus[1], el["rail-gnd"]) and not _on(minus[1], el["rail-5v"])
    matrix_x = 700.0
    assert _points(el["rail-5v"])[-1][0] == matrix_x and _points(el["rail-gnd"])[-1][0] == matrix_x
    # the resistor: the data wire from the Pico ends at it, and from it a short lead to DIN
    res = el["resistor"]
    left, right = float(res.get("x")), float(res.get("x")) + float(res.get("width"))
    y = float(res.get("y")) + float(res.get("height")) / 2
    assert _points(el["data"])[-1] == (left, y)
    din = _points(el["din"])
    assert din == [(right, y), (matrix_x, y)] and matrix_x - right <= 60


def test_every_text_of_the_drawing_lies_inside_it(pins, draw_wiring):
    root, ns, _ = _svg(draw_wiring, pins)
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    texts = list(root.iter(ns + "text"))
    assert any("Power: USB" in (t.text or "") for t in texts)
    for t in texts:
        size = float(t.get("font-size", root.get("font-size")))
        wide = 0.6 * size * len(t.text or "")  # a monospace glyph is 0.6 em wide
        x = float(t.get("x"))
        left = {"middle": x - wide / 2, "end": x - wide}.get(t.get("text-anchor"), x)
        assert 0 <= left and left + wide <= width, t.text
        assert size <= float(t.get("y")) <= height, t.text


def _table(text: str, header: str) -> "list[list[str]]":
    """The rows of the markdown table whose header row starts with header, as cells."""
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def test_the_button_layout_and_the_level_shifter_are_wired_as_the_pin_map_says(pins, draw_wiring):
    with open(os.path.join(HW, "wiring.md")) as f:
        guide = f.read()
    layout = _table(guide, "| button | GPIO | Pico pin | where on the box |")
    assert sorted(r[0] for r in layout) == sorted(pins["buttons"])
    for name, gpio, pin, where in layout:
        assert (gpio, pin) == ("GP%d" % pins["buttons"][name], str(draw_wiring.physical(pins["buttons"][name])))
        assert where
    drawn = guide[guide.index("## Where the buttons sit"):guide.index("## Diffuser")]
    for name in pins["buttons"]:
        assert "[%s]" % name in drawn
    shifter = {r[0]: r for r in _table(guide, "| 74AHCT125 pin | name | to |")}
    assert shifter["14"][1] == "VCC" and shifter["14"][2].startswith("5 V (VBUS")
    assert shifter["7"][2] == "GND"
    assert shifter["1"][1].startswith("1OE") and shifter["1"][2].startswith("GND")
    assert shifter["2"][2] == "GP%d (Pico pin %d)" % (pins["matrix"]["pin"], draw_wiring.physical(pins["matrix"]["pin"]))
    assert shifter["3"][2].startswith("330 Ω resistor → matrix DIN")
    with open(os.path.join(HW, "BOM.md")) as f:
        bom = f.read()
    for part in ("74AHCT125", "Grid for the matrix", "Diffuser"):
        assert part in bom, part
    assert "10 mm pitch" in bom and "10 mm (a 160 mm panel" in guide  # 160 mm / 16 LEDs
