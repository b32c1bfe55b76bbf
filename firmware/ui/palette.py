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
MARK = 42  # Khan: the cells painted for a figure (no ruler's, player's or terrain's colour)
NEUTRAL = 43  # Khan: a black yurt (a colour of its own: dark would be a cell off the board)

PLAYER_COLOURS = ("red", "yellow", "blue", "green", "white", "purple")
BRIGHTNESS = bytes((16, 24, 32, 48, 64, 96, 128))  # the settings offered (docs/leds.md: why not above 128)
DEFAULT_BRIGHTNESS = 48

# one bytes constant, three bytes a colour: tuples would stay in the Pico's RAM ten times
# over (an .mpy module keeps all of its constants). Levels at brightness 255.
PALETTE = (
    b"\x00\x00\x00"  # OFF
    b"\xc8\xc8\xc8"  # WHITE
    b"\xff\xff\xff"  # CURSOR: the brightest white, nothing else's colour (and dark on light cells)
    b"\x82\x82\x82"  # TEXT
    b"\x00\xb4\x1e"  # GOOD
    b"\xff\x08\x00"  # BAD
    b"\xff\x5a\x00"  # HINT
    b"\x20\x15\x0b"  # mountains: a dull brown-grey
    b"\x15\x20\x35"  # glacier: pale blue
    b"\x00\x20\x18"  # tundra: grey-green, cool (apart from the forest's green and the mountains' brown)
    b"\x2a\x0b\x00"  # rocky desert: rust
    b"\x2a\x20\x00"  # sand desert: yellow
    b"\x00\x15\x00"  # forest: deep green
    b"\x00\x00\x40"  # river
    b"\x5a\x5a\x5a"  # grey (Seljuk)
    b"\x28\x8c\xff"  # light blue (Russian)
    b"\xc8\xc8\xc8"  # white
    b"\xff\x46\x00"  # orange
    b"\x8c\x00\xff"  # purple
    b"\xff\x1e\x5a"  # pink
    b"\x78\x28\x08"  # brown
    b"\x00\xc8\x78"  # teal
    b"\xff\x00\x00"  # player red
    b"\xff\x96\x00"  # player yellow
    b"\x00\x28\xff"  # player blue
    b"\x00\xff\x00"  # player green
    b"\xc8\xc8\xc8"  # player white
    b"\x96\x00\xff"  # player purple
    b"\x6e\x00\x00"  # the same, dim (figures)
    b"\x6e\x52\x00"
    b"\x00\x12\x6e"
    b"\x00\x6e\x00"
    b"\x50\x50\x50"
    b"\x40\x00\x6e"
    b"\x00\x28\xff"  # Huns dice: blue
    b"\xff\x00\x00"  # red
    b"\x00\xc8\x00"  # green
    b"\x3c\x3c\x3c"  # black, shown grey
    b"\xff\xb4\x00"  # yellow
    b"\x00\x28\xff"  # Han (blue)
    b"\xe6\x00\x00"  # Chu (red)
    b"\x1e\x1e\x1e"  # HALF: a dim neutral
    b"\x80\xff\x00"  # MARK: chartreuse
    b"\x2d\x09\x2d"  # NEUTRAL: a dim plum (no grey: the white player's pieces and the glacier are grey)
)

# the floors, three bytes a colour as above (docs/leds.md)
FLOOR = (
    b"\x00\x00\x00"  # OFF
    b"\x04\x04\x04"  # WHITE
    b"\x0a\x0a\x0a"  # CURSOR
    b"\x03\x03\x03"  # TEXT
    b"\x00\x06\x01"  # GOOD
    b"\x07\x00\x00"  # BAD
    b"\x07\x02\x00"  # HINT
    b"\x03\x02\x01"  # mountains
    b"\x02\x03\x05"  # glacier
    b"\x00\x03\x02"  # tundra
    b"\x04\x01\x00"  # rocky desert
    b"\x04\x03\x00"  # sand desert
    b"\x00\x02\x00"  # forest
    b"\x00\x00\x06"  # river
    b"\x03\x03\x03"  # grey ruler
    b"\x00\x05\x0c"  # light blue
    b"\x05\x05\x05"  # white
    b"\x08\x02\x00"  # orange
    b"\x04\x00\x08"  # purple
    b"\x08\x01\x03"  # pink
    b"\x07\x03\x01"  # brown
    b"\x00\x06\x04"  # teal
    # a player's yurt and his figures as far apart as from the terrains (docs/leds.md): at
    # the floors, where a USB port's cap puts them, only their levels' ratio tells them apart
    b"\x0a\x00\x00"  # player red
    b"\x0f\x07\x00"  # player yellow
    b"\x00\x01\x0a"  # player blue
    b"\x00\x10\x00"  # player green
    b"\x07\x09\x07"  # player white
    b"\x05\x00\x09"  # player purple
    b"\x03\x00\x00"  # dim red
    b"\x08\x07\x00"  # dim yellow
    b"\x00\x01\x04"  # dim blue
    b"\x00\x08\x00"  # dim green
    b"\x03\x03\x03"  # dim white
    b"\x02\x00\x02"  # dim purple
    b"\x00\x01\x0a"  # dice
    b"\x0a\x00\x00"
    b"\x00\x08\x00"
    b"\x03\x03\x03"
    b"\x08\x05\x00"
    b"\x00\x01\x0a"  # Han
    b"\x0a\x00\x00"  # Chu
    b"\x02\x02\x02"  # HALF
    b"\x06\x0c\x00"  # MARK
    b"\x03\x01\x03"  # NEUTRAL
)

# 1: a colour of large areas, dimmed to its floor before the others
LARGE = bytes(TERRAIN) + b"\1" * (RIVER + 1 - TERRAIN) + bytes(len(PALETTE) // 3 - RIVER - 1)  # TERRAIN .. RIVER

# the cells the cursor's white would not stand out on: there it blinks dark instead
_LIGHT = bytes((WHITE, TEXT, RULER + 0, RULER + 1, RULER + 2, PLAYER + 1, PLAYER + 4, PLAYER_DIM + 4))


def cursor_on(cell: int) -> int:
    """The cursor's colour over a cell of colour `cell`: bright white, or a dark hole on
    the light colours (white, grey, light blue, yellow) where white would not show."""
    return OFF if cell in _LIGHT else CURSOR


def player(name: str, dim: bool = False) -> int:
    k = PLAYER_COLOURS.index(name) if name in PLAYER_COLOURS else 4
    return (PLAYER_DIM if dim else PLAYER) + k
