"""What the LED matrix emits, read from the firmware's own encoder (hal/pixels.py), and a
measure of how far apart two emitted colours look (docs/leds.md says why this one).

The bytes that go to the strip are PWM levels: light proportional to the level. Two
colours are compared as a person at the table sees them: the emitted (r, g, b) is taken
as linear light on the sRGB primaries, relative to the white the box shows at its
brightness setting (the eye adapts to the brightest thing it is shown), and the distance
is CIELAB's Delta E 1976 between the two.
"""

import math

# the separation a pair of colours that must be told apart needs (docs/leds.md)
THRESHOLD = 20.0


def entry_rgb(px, index: int) -> "tuple[int, int, int]":
    """The (r, g, b) PWM levels palette entry `index` emits in the last encoded frame."""
    g = px.grb
    return g[3 * index + 1], g[3 * index], g[3 * index + 2]


def pixel_rgb(px, p: int) -> "tuple[int, int, int]":
    """The (r, g, b) PWM levels the LED of frame pixel p (row-major) emits: read from the
    strip bytes of the last encode (what _transmit got)."""
    j = 3 * px.where[p]
    out = px.out
    return out[j + 1], out[j], out[j + 2]


def emitted_hex(px) -> "list[str]":
    """The frame as "#rrggbb" PWM levels, row-major from the top-left."""
    return ["#%02x%02x%02x" % pixel_rgb(px, p) for p in range(px.n)]


def _f(t: float) -> float:
    return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116


def lab(rgb: "tuple[int, int, int]", white: int) -> "tuple[float, float, float]":
    """CIELAB of emitted levels, the box's white (white, white, white) being L = 100."""
    w = max(1, white)
    r, g, b = rgb[0] / w, rgb[1] / w, rgb[2] / w
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089
    fx, fy, fz = _f(x), _f(y), _f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: "tuple[int, int, int]", b: "tuple[int, int, int]", white: int) -> float:
    """How far apart two emitted colours look (Delta E 1976 on lab())."""
    la, lb = lab(a, white), lab(b, white)
    return math.sqrt(sum((u - v) ** 2 for u, v in zip(la, lb)))


def scaled(rgb: "tuple[int, int, int]", white: int) -> "tuple[int, int, int]":
    """Emitted levels shown on a screen: the box's white as 255, the levels between on the
    screen's gamma (a dim LED stays dim, an LED that is off stays black)."""
    w = max(1, white)
    return tuple(0 if v <= 0 else min(255, round(255 * (v / w) ** (1 / 2.2))) for v in rgb)  # type: ignore


def shown_hex(colour: str, white: int) -> str:
    """A "#rrggbb" of levels as a screen shows it (scaled(): the box's white as 255)."""
    if len(colour) != 7 or not colour.startswith("#"):
        return colour
    v = int(colour[1:], 16)
    return "#%02x%02x%02x" % scaled((v >> 16, (v >> 8) & 255, v & 255), white)


def palette_levels() -> "dict[str, object]":
    """The firmware's palette (firmware/ui/palette.py) read as data, not imported (the host
    runs no firmware code): its named indexes (upper-case ints) and PALETTE's levels at
    brightness 255, one (r, g, b) an entry."""
    import ast
    import os

    from steppe import paths

    with open(os.path.join(paths.firmware_dir(), "ui", "palette.py")) as f:
        tree = ast.parse(f.read())
    out: "dict[str, object]" = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name.isupper() and isinstance(node.value, ast.Constant):
                out[name] = node.value.value
    raw = out.get("PALETTE")
    if not isinstance(raw, bytes):
        raise ValueError("firmware/ui/palette.py has no PALETTE")
    out["PALETTE"] = [tuple(raw[k:k + 3]) for k in range(0, len(raw), 3)]
    return out


def screen_colours() -> "dict[str, dict[str, str] | str]":
    """The palette's colours as a screen shows them (scaled(): the box's white 255), by what
    they are for, for the page of `steppe web`: its board and pieces are drawn in the very
    colours the box's LEDs give them."""
    from shared_rules.games import COLOURS as players
    from shared_rules.huns.tables import COLOURS as dice  # (palette.DIE counts the dice in this order)
    from shared_rules.khan.tables import RULERS, TERRAINS

    p = palette_levels()
    levels = p["PALETTE"]
    assert isinstance(levels, list)

    def at(k: object) -> str:
        assert isinstance(k, int)
        return "#%02x%02x%02x" % scaled(levels[k], 255)

    out: "dict[str, dict[str, str] | str]" = {
        "terrain": {ch: at(p["TERRAIN"] + k) for k, ch in enumerate(TERRAINS)},  # type: ignore[operator]
        "ruler": {r: at(p["RULER"] + k) for k, r in enumerate(RULERS)},  # type: ignore[operator]
        "player": {c: at(p["PLAYER"] + k) for k, c in enumerate(players)},  # type: ignore[operator]
        "player_dim": {c: at(p["PLAYER_DIM"] + k) for k, c in enumerate(players)},  # type: ignore[operator]
        "die": {c: at(p["DIE"] + k) for k, c in enumerate(dice)},  # type: ignore[operator]
        "side": {"han": at(p["HAN"]), "chu": at(p["CHU"])},
    }
    out["terrain"]["~"] = at(p["RIVER"])  # type: ignore[index]
    for name in ("WHITE", "CURSOR", "TEXT", "GOOD", "BAD", "HINT", "HALF"):
        out[name.lower()] = at(p[name])
    return out
