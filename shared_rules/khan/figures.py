"""Khan's scoring figures: their shapes, the tiles and bridges in the box, a figure's VP.

Part of Khan's fixed data (khan/tables.py, which holds these names too), in a module of its
own so that a host's first Khan request imports the tables in two stretches, not one
(firmware/rulesop.py FIRST lists this module before khan/tables.py: one import of both cost
a Pico ~36 ms, a press waiting for it).
"""

# Scoring figures (decision: VP = cells). (key, kind, cells, count, vp)
# Shapes are free polyominoes, cells given as "xy" digit pairs; any rotation or mirror
# image is allowed.
TILE = "tile"
BRIDGE = "bridge"
SHAPES = {
    "I2": "00 10",
    "I3": "00 10 20",
    "L3": "00 01 11",
    "I4": "00 10 20 30",
    "O4": "00 10 01 11",
    "T4": "00 10 20 11",
    "S4": "10 20 01 11",
    "L4": "00 01 02 12",
    "F5": "10 20 01 11 12",
    "I5": "00 10 20 30 40",
    "L5": "00 01 02 03 13",
    "N5": "10 11 02 12 03",
    "P5": "00 10 01 11 02",
    "T5": "00 10 20 11 12",
    "U5": "00 20 01 11 21",
    "V5": "00 01 02 12 22",
    "W5": "00 01 11 12 22",
    "X5": "10 01 11 21 12",
    "Y5": "10 01 11 12 13",
    "Z5": "00 10 11 12 22",
}
# 29 tiles (4 two-cell, 2x4 three-cell, 5 four-cell, 12 five-cell) and
# 9 bridges (5 three-cell, 2x2 four-cell: straight and L) = 38 figures.
FIGURES = (
    ("tile-I2", TILE, "I2", 4),
    ("tile-I3", TILE, "I3", 4),
    ("tile-L3", TILE, "L3", 4),
    ("tile-I4", TILE, "I4", 1),
    ("tile-O4", TILE, "O4", 1),
    ("tile-T4", TILE, "T4", 1),
    ("tile-S4", TILE, "S4", 1),
    ("tile-L4", TILE, "L4", 1),
    ("tile-F5", TILE, "F5", 1),
    ("tile-I5", TILE, "I5", 1),
    ("tile-L5", TILE, "L5", 1),
    ("tile-N5", TILE, "N5", 1),
    ("tile-P5", TILE, "P5", 1),
    ("tile-T5", TILE, "T5", 1),
    ("tile-U5", TILE, "U5", 1),
    ("tile-V5", TILE, "V5", 1),
    ("tile-W5", TILE, "W5", 1),
    ("tile-X5", TILE, "X5", 1),
    ("tile-Y5", TILE, "Y5", 1),
    ("tile-Z5", TILE, "Z5", 1),
    ("bridge-I3", BRIDGE, "I3", 5),
    ("bridge-I4", BRIDGE, "I4", 2),
    ("bridge-L4", BRIDGE, "L4", 2),
)
FIGURE_KEYS = tuple(f[0] for f in FIGURES)


def figure_vp(key: str) -> int:
    """(decision) a figure is worth one VP per cell it covers."""
    for f in FIGURES:
        if f[0] == key:
            return shape_size(f[2])
    raise KeyError(key)


def shape_size(shape: str) -> int:
    return (len(SHAPES[shape]) + 1) // 3
