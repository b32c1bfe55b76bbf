"""Every colour the companion shows, by index into one palette.

The frame buffer holds palette indexes; hal/pixels.py applies gamma, brightness and the
current cap to these logical colours. Board terrains are dim so pieces stand out.
"""

OFF = 0
WHITE = 1
CURSOR = 2
TEXT = 3
GOOD = 4
BAD = 5
HINT = 6
# Khan terrains (dim), in terrain-code order: M G T R S F, then the river
TERRAIN = 7  # +0..+5 for M G T R S F; TERRAIN + 6 is the river
RIVER = 13
# the 8 Khan rulers, in RULERS order
RULER = 14
# players: 6 colours, bright, then the same dimmed (figures they sit on)
PLAYER = 22
PLAYER_DIM = 28
DIE = 34  # five Huns dice colours: blue, red, green, black (grey), yellow
HAN = 39
CHU = 40
HALF = 41

PLAYER_COLOURS = ("red", "yellow", "blue", "green", "white", "purple")

# one hex string of (r, g, b) bytes, three a colour: tuples would stay in the Pico's RAM
# ten times over (an .mpy module keeps all of its constants)
PALETTE = bytes.fromhex(
    "000000"  # OFF
    "ffffff"  # WHITE
    "ffffff"  # CURSOR
    "c8c8c8"  # TEXT
    "00dc3c"  # GOOD
    "ff1400"  # BAD
    "ffaa00"  # HINT
    "463c37"  # mountains
    "506978"  # glacier
    "2d4b2d"  # tundra
    "5f3c1e"  # rocky desert
    "6e5f28"  # sand desert
    "0a370c"  # forest
    "001e96"  # river
    "aaaaaa"  # grey (Seljuk)
    "5ac8ff"  # light blue (Russian)
    "ffffff"  # white
    "ff6e00"  # orange
    "a000ff"  # purple
    "ff3c96"  # pink
    "8c460f"  # brown
    "00c8a0"  # teal
    "ff0000"  # player red
    "ffd200"  # player yellow
    "1e3cff"  # player blue
    "00ff00"  # player green
    "ffffff"  # player white
    "c800ff"  # player purple
    "6e0000"  # the same, dim
    "6e5a00"
    "0c196e"
    "006e00"
    "6e6e6e"
    "55006e"
    "005aff"  # Huns dice: blue
    "ff0000"  # red
    "00c800"  # green
    "5a5a5a"  # black, shown grey
    "ffc800"  # yellow
    "003cff"  # Han (blue)
    "e60000"  # Chu (red)
    "3c3c3c"  # HALF: a dim neutral
)


def player(name: str, dim: bool = False) -> int:
    k = PLAYER_COLOURS.index(name) if name in PLAYER_COLOURS else 4
    return (PLAYER_DIM if dim else PLAYER) + k
