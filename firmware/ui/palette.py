"""Every colour the companion shows, by index into one palette, in LED output space.

The frame buffer holds palette indexes; hal/pixels.py turns them into strip bytes. The
palette is what the LEDs emit - PWM levels, light in proportion - not colours for a
screen: no gamma is applied to it. Each entry has three parts (docs/leds.md):

- PALETTE: its (r, g, b) levels at brightness 255 with current to spare;
- FLOOR: the levels the brightness setting and the current cap never take it below,
  chosen so that the colours the players must tell apart stay apart even there;
- LARGE: 1 for colours that cover large areas (Khan's terrains): when the frame wants
  more current than the budget, these go down to their floor before anything else.
"""

OFF = 0
WHITE = 1
CURSOR = 2
TEXT = 3
GOOD = 4
BAD = 5
HINT = 6
# Khan terrains (large), in terrain-code order: M G T R S F, then the river
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
BRIGHTNESS = bytes((16, 24, 32, 48, 64, 96, 128))  # the settings offered (docs/leds.md: why not above 128)
DEFAULT_BRIGHTNESS = 48

# one hex string of bytes, three a colour: tuples would stay in the Pico's RAM ten times
# over (an .mpy module keeps all of its constants). Levels at brightness 255.
PALETTE = bytes.fromhex(
    "000000"  # OFF
    "c8c8c8"  # WHITE
    "ffffff"  # CURSOR: the brightest white, nothing else's colour (and dark on light cells)
    "828282"  # TEXT
    "00b41e"  # GOOD
    "ff0800"  # BAD
    "ff5a00"  # HINT
    "20150b"  # mountains: a dull brown-grey
    "152035"  # glacier: pale blue
    "0b200b"  # tundra: grey-green
    "2a0b00"  # rocky desert: rust
    "2a2000"  # sand desert: yellow
    "001500"  # forest: deep green
    "000040"  # river
    "5a5a5a"  # grey (Seljuk)
    "288cff"  # light blue (Russian)
    "c8c8c8"  # white
    "ff4600"  # orange
    "8c00ff"  # purple
    "ff1e5a"  # pink
    "782808"  # brown
    "00c878"  # teal
    "ff0000"  # player red
    "ff9600"  # player yellow
    "0028ff"  # player blue
    "00ff00"  # player green
    "c8c8c8"  # player white
    "9600ff"  # player purple
    "6e0000"  # the same, dim (figures)
    "6e5200"
    "00126e"
    "006e00"
    "505050"
    "40006e"
    "0028ff"  # Huns dice: blue
    "ff0000"  # red
    "00c800"  # green
    "3c3c3c"  # black, shown grey
    "ffb400"  # yellow
    "0028ff"  # Han (blue)
    "e60000"  # Chu (red)
    "1e1e1e"  # HALF: a dim neutral
)

# the floors, three bytes a colour as above (docs/leds.md)
FLOOR = bytes.fromhex(
    "000000"  # OFF
    "040404"  # WHITE
    "0a0a0a"  # CURSOR
    "030303"  # TEXT
    "000601"  # GOOD
    "070000"  # BAD
    "070200"  # HINT
    "030201"  # mountains
    "020305"  # glacier
    "010301"  # tundra
    "040100"  # rocky desert
    "040300"  # sand desert
    "000200"  # forest
    "000006"  # river
    "030303"  # grey ruler
    "00050c"  # light blue
    "050505"  # white
    "080200"  # orange
    "040008"  # purple
    "080103"  # pink
    "070301"  # brown
    "000604"  # teal
    "0a0000"  # player red
    "080500"  # player yellow
    "00010a"  # player blue
    "000a00"  # player green
    "060606"  # player white
    "06000a"  # player purple
    "070000"  # dim red
    "080600"  # dim yellow
    "000208"  # dim blue
    "000700"  # dim green
    "040404"  # dim white
    "040007"  # dim purple
    "00010a"  # dice
    "0a0000"
    "000800"
    "030303"
    "080500"
    "00010a"  # Han
    "0a0000"  # Chu
    "020202"  # HALF
)

# 1: a colour of large areas, dimmed to its floor before the others
LARGE = bytes(1 if TERRAIN <= k <= RIVER else 0 for k in range(len(PALETTE) // 3))

# the cells the cursor's white would not stand out on: there it blinks dark instead
_LIGHT = bytes((WHITE, TEXT, RULER + 0, RULER + 1, RULER + 2, PLAYER + 1, PLAYER + 4, PLAYER_DIM + 4))


def cursor_on(cell: int) -> int:
    """The cursor's colour over a cell of colour `cell`: bright white, or a dark hole on
    the light colours (white, grey, light blue, yellow) where white would not show."""
    return OFF if cell in _LIGHT else CURSOR


def player(name: str, dim: bool = False) -> int:
    k = PLAYER_COLOURS.index(name) if name in PLAYER_COLOURS else 4
    return (PLAYER_DIM if dim else PLAYER) + k
