"""Draw hardware/wiring.svg from hardware/pins.json, so the drawing never disagrees with
the pin map the firmware reads. Run: python hardware/draw_wiring.py (tests check that the
committed SVG is what this draws)."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# the Pico's GPIO -> physical pin (the 40-pin DIP footprint, pin 1 top-left, 21 bottom-right)
PHYSICAL = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16, 13: 17, 14: 19,
            15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34}
GND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)
VBUS_PIN = 40
WIDTH = 980
HEIGHT = 560
CAPTION_Y = 470  # the captions' first line
LEAD_X = 650  # where the 5 V rail turns down to the matrix
GND_X = 460  # where the GND rail turns down (left of the capacitor)
CAP_X = 560  # the capacitor, between the 5 V rail and the GND rail
CAP_TOP = 130
V_IN, G_IN, D_IN = 110, 200, 250  # the matrix's leads: 5V, GND, DIN
RES_X = 610  # the 330 ohm resistor: its right end 50 px from DIN


def physical(gpio: int) -> int:
    return PHYSICAL[gpio]


def _pin_y(pin: int) -> float:
    """Pins 1-20 run down the left side, 21-40 up the right side."""
    row = pin - 1 if pin <= 20 else 40 - pin
    return 80 + row * 18


def _pin_x(pin: int) -> float:
    return 300 if pin <= 20 else 420


def captions(p: dict) -> "list[str]":
    """The power lines under the drawing (each short enough for its width)."""
    return ["Power: USB %d mA = Pico %d + margin %d + LEDs %d mA (the firmware's cap)"
            % (p["usb_ma"], p["pico_ma"], p["margin_ma"], p["led_budget_ma"]),
            "Estimate: %d mA per colour channel at full value, %d mA per dark LED"
            % (p["ma_per_channel"], p["ma_per_dark_led"]),
            "330 &#937; at the matrix's DIN; 1000 &#181;F across 5V/GND at the matrix (+ to 5V)"]


def draw(pins: dict) -> str:
    out = []
    add = out.append
    add('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
        'font-family="monospace" font-size="12">' % (WIDTH, HEIGHT, WIDTH, HEIGHT))
    add('<title>Steppe Companion wiring</title>')
    add('<rect width="%d" height="%d" fill="white"/>' % (WIDTH, HEIGHT))
    # the Pico
    add('<rect x="300" y="60" width="120" height="370" rx="6" fill="#2d7d46" stroke="black"/>')
    add('<text x="360" y="50" text-anchor="middle" font-weight="bold">Raspberry Pi Pico</text>')
    add('<text x="360" y="245" text-anchor="middle" fill="white">RP2040</text>')
    for pin in range(1, 41):
        x, y = _pin_x(pin), _pin_y(pin)
        add('<circle cx="%g" cy="%g" r="3" fill="gold" stroke="black"/>' % (x, y))
    # buttons on the left, each from its GPIO to GND; internal pull-ups, no resistors
    names = sorted(pins["buttons"], key=lambda n: pins["buttons"][n])
    for k, name in enumerate(names):
        gpio = pins["buttons"][name]
        pin = physical(gpio)
        y = _pin_y(pin)
        by = 90 + 55 * k
        add('<text x="304" y="%g" font-size="10" fill="white">GP%d (%d)</text>' % (y + 4, gpio, pin))
        x = 265 - 12 * k  # each wire its own lane: none crosses another
        add('<polyline points="300,%g %g,%g %g,%g 190,%g" fill="none" stroke="#1f6fd1" stroke-width="2"/>'
            % (y, x, y, x, by, by))
        add('<rect x="130" y="%g" width="60" height="26" rx="4" fill="#eee" stroke="black"/>' % (by - 13))
        add('<text x="160" y="%g" text-anchor="middle" font-weight="bold">%s</text>' % (by + 4, name))
        add('<line x1="130" y1="%g" x2="60" y2="%g" stroke="black" stroke-width="2"/>' % (by, by))
    add('<line x1="60" y1="77" x2="60" y2="%g" stroke="black" stroke-width="2"/>' % (90 + 55 * (len(names) - 1)))
    add('<text x="20" y="70">GND (pin %d)</text>' % GND_PINS[0])
    add('<polyline points="60,77 60,60 285,60 285,%g 300,%g" fill="none" stroke="black" stroke-width="2"/>'
        % (_pin_y(GND_PINS[0]), _pin_y(GND_PINS[0])))
    add('<text x="20" y="%g">Buttons: momentary, GPIO to GND; the Pico\'s internal pull-ups hold them high.</text>'
        % CAPTION_Y)
    # the matrix on the right: power from VBUS with the capacitor across it, data through
    # the resistor right at DIN. Lanes: 5 V on top, GND below it, data at the bottom: no
    # wire crosses another.
    m = pins["matrix"]
    data_pin = physical(m["pin"])
    dy = _pin_y(data_pin)
    vy = _pin_y(VBUS_PIN)
    gy = _pin_y(GND_PINS[7])
    add('<rect x="700" y="60" width="240" height="240" fill="#111" stroke="black"/>')
    for r in range(16):
        for c in range(16):
            add('<circle cx="%g" cy="%g" r="4" fill="#333"/>' % (707.5 + 15 * c, 67.5 + 15 * r))
    add('<text x="820" y="320" text-anchor="middle" font-weight="bold">%dx%d WS2812B matrix, %s, %s</text>'
        % (m["width"], m["height"], m["layout"], m["order"]))
    add('<text x="820" y="336" text-anchor="middle">first pixel %s</text>' % m["first_pixel"])
    add('<text x="424" y="%g" font-size="10">VBUS (%d)</text>' % (vy + 4, VBUS_PIN))
    add('<polyline id="rail-5v" points="420,%g %g,%g %g,%g 700,%g" fill="none" stroke="#d11f1f" stroke-width="3"/>'
        % (vy, LEAD_X, vy, LEAD_X, V_IN, V_IN))
    add('<text x="%g" y="%g">5V</text>' % (LEAD_X + 8, V_IN - 5))
    add('<text x="424" y="%g" font-size="10">GND (%d)</text>' % (gy + 4, GND_PINS[7]))
    add('<polyline id="rail-gnd" points="420,%g %g,%g %g,%g 700,%g" fill="none" stroke="black" stroke-width="3"/>'
        % (gy, GND_X, gy, GND_X, G_IN, G_IN))
    add('<text x="%g" y="%g">GND</text>' % (LEAD_X + 8, G_IN - 5))
    # the capacitor: + lead down from the 5 V rail, - lead down to the GND rail
    add('<line id="cap-plus" x1="%g" y1="%g" x2="%g" y2="%g" stroke="#d11f1f" stroke-width="2"/>'
        % (CAP_X, vy, CAP_X, CAP_TOP))
    add('<rect x="%g" y="%g" width="44" height="40" rx="4" fill="#3a5bd1" stroke="black"/>' % (CAP_X - 22, CAP_TOP))
    add('<text x="%g" y="%g" text-anchor="middle" fill="white" font-size="10">1000&#181;F</text>'
        % (CAP_X, CAP_TOP + 24))
    add('<text x="%g" y="%g" font-weight="bold">+</text>' % (CAP_X + 5, CAP_TOP - 4))
    add('<line id="cap-minus" x1="%g" y1="%g" x2="%g" y2="%g" stroke="black" stroke-width="2"/>'
        % (CAP_X, CAP_TOP + 40, CAP_X, G_IN))
    # data: GP to the resistor at the matrix end of the wire, then DIN
    add('<text x="424" y="%g" font-size="10">GP%d (%d)</text>' % (dy + 4, m["pin"], data_pin))
    add('<polyline id="data" points="420,%g %g,%g %g,%g %g,%g" fill="none" stroke="#1a9c3c" stroke-width="2"/>'
        % (dy, RES_X - 20, dy, RES_X - 20, D_IN, RES_X, D_IN))
    add('<rect id="resistor" x="%g" y="%g" width="40" height="14" fill="#d8b27a" stroke="black"/>'
        % (RES_X, D_IN - 7))
    add('<text x="%g" y="%g" text-anchor="middle">330 &#937;</text>' % (RES_X + 20, D_IN - 12))
    add('<line id="din" x1="%g" y1="%g" x2="700" y2="%g" stroke="#1a9c3c" stroke-width="2"/>'
        % (RES_X + 40, D_IN, D_IN))
    add('<text x="%g" y="%g" font-size="10">DIN</text>' % (RES_X + 42, D_IN + 16))
    p = pins["power"]
    for k, line in enumerate(captions(p)):
        add('<text x="20" y="%g">%s</text>' % (CAPTION_Y + 18 * (k + 1), line))
    add('</svg>')
    return "\n".join(out) + "\n"


def main() -> int:
    with open(os.path.join(HERE, "pins.json")) as f:
        pins = json.load(f)
    target = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "wiring.svg")
    with open(target, "w") as f:
        f.write(draw(pins))
    return 0


if __name__ == "__main__":
    sys.exit(main())
