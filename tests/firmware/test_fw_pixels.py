"""The frame buffer: serpentine order, levels and brightness, the floors and the current cap."""

import neopixel
from fwtest import pixels

from ui import palette


def test_serpentine_order_runs_back_on_odd_rows():
    px = pixels(4, 3)
    assert list(px.where) == [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11]


def test_palette_levels_go_out_as_grb_scaled_by_the_brightness():
    px = pixels(4, 1, brightness=255, budget_ma=100000)
    px.frame[0] = palette.CHU  # (230, 0, 0): levels, no gamma
    px.frame[1] = palette.CURSOR
    out = px.encode()
    assert out[0:3] == bytes((0, 230, 0)), "red goes in the middle byte, as it is in the palette"
    assert out[3:6] == bytes((255, 255, 255))
    dim = pixels(4, 1, brightness=64, budget_ma=100000)
    dim.frame[0] = palette.CURSOR
    assert dim.encode()[0:3] == bytes((64, 64, 64))


def test_every_colour_has_a_floor_and_a_kind():
    k = len(palette.PALETTE) // 3
    assert len(palette.PALETTE) == 3 * k == len(palette.FLOOR) and len(palette.LARGE) == k
    assert [e for e in range(k) if palette.LARGE[e]] == list(range(palette.TERRAIN, palette.RIVER + 1))
    assert all(palette.FLOOR[j] <= palette.PALETTE[j] for j in range(3 * k)), "a floor above its colour"


def test_the_brightness_never_takes_a_colour_below_its_floor():
    px = pixels(4, 1, brightness=1, budget_ma=100000)
    for k in range(len(palette.PALETTE) // 3):
        px.frame[0] = k
        out = px.encode()
        floor = palette.FLOOR[3 * k:3 * k + 3]
        assert (out[1], out[0], out[2]) == tuple(floor), k


def _fill(px, colours) -> None:
    for i in range(px.n):
        px.frame[i] = colours[i % len(colours)]


def test_all_white_frame_is_capped_to_the_budget():
    px = pixels(16, 16, brightness=255, budget_ma=400, ma_per_channel=20, ma_per_dark_led=1)
    _fill(px, [palette.WHITE])
    px.encode()
    assert px.scale < 255
    assert px.current_ma() <= 400
    assert max(px.out) > 0, "the cap scales down, it does not switch off"
    assert px.current_ma() >= 400 * 9 // 10, "as bright as the budget allows"


def test_the_large_colours_go_down_first_then_with_the_small_ones():
    from hal.pixels import LARGE_KEEP

    px = pixels(16, 16, brightness=128, budget_ma=400)
    for i in range(16 * 6):  # six rows of terrains and one red piece
        px.frame[i] = palette.TERRAIN + i % 7
    px.frame[255] = palette.PLAYER
    px.encode()
    small, large, whole = px.cap
    assert LARGE_KEEP <= large < 255 and small == 255 and whole == 255, px.cap
    assert px.current_ma() <= 400
    red = palette.PLAYER * 3
    assert px.grb[red + 1] == (palette.PALETTE[red] * 128 + 127) // 255, "the piece keeps its level"
    # a whole board of terrains, more pieces: the terrains no lower than LARGE_KEEP of the
    # pieces' factor, the pieces come down towards their floors, the terrains with them
    _fill(px, [palette.TERRAIN + k for k in range(7)])
    for i in range(0, 256, 8):
        px.frame[i] = palette.PLAYER + 2
    px.encode()
    small, large, whole = px.cap
    assert 0 < small < 255 and large == small * LARGE_KEEP // 255 and whole == 255, px.cap
    t = palette.TERRAIN * 3
    assert all(palette.FLOOR[t + c] <= px.grb[t + (1, 0, 2)[c]] for c in range(3))
    assert px.current_ma() <= 400
    # pieces on a quarter of the LEDs: the pieces near their floors, the terrains near theirs
    for i in range(0, 256, 4):
        px.frame[i] = palette.PLAYER + 2
    px.encode()
    small, large, whole = px.cap
    assert large == small * LARGE_KEEP // 255 and small < 64 and whole == 255, px.cap
    assert px.current_ma() <= 400


def test_a_budget_below_the_dark_draw_leaves_the_leds_off():
    px = pixels(16, 16, brightness=255, budget_ma=200)
    _fill(px, [palette.WHITE])
    assert sum(px.encode()) == 0


def test_a_dim_frame_is_not_touched_by_the_cap():
    px = pixels(16, 16, brightness=48)
    px.frame[5] = palette.HINT
    px.encode()
    assert px.scale == 255 and px.cap == (255, 255, 255) and px.current_ma() <= 400


def test_a_new_budget_and_brightness_apply_at_the_next_frame():
    px = pixels(16, 16, brightness=48, budget_ma=400)
    _fill(px, [palette.PLAYER + 3])
    px.encode()
    capped = px.current_ma()
    assert capped <= 400
    px.set_budget(1900)
    px.encode()
    assert px.cap == (255, 255, 255) and px.current_ma() > capped
    px.set_brightness(16)
    px.encode()
    assert px.out[0] == 16, "green at brightness 16"


def test_show_hands_the_bytes_to_the_strip():
    px = pixels(16, 16)
    px.frame[17] = palette.GOOD
    before = neopixel.writes[0]
    px.show()
    assert neopixel.writes[0] == before + 1
    assert bytes(neopixel.sent) == bytes(px.out)
    assert sum(neopixel.sent[3 * 30:3 * 31]) > 0, "pixel 17 is the strip's 30th LED (row 1 runs back)"


def test_the_cap_lets_go_when_the_frame_gets_darker():
    px = pixels(16, 16, brightness=255)
    _fill(px, [palette.WHITE])
    px.encode()
    assert px.scale < 255
    _fill(px, [palette.OFF])
    px.frame[0] = palette.CURSOR
    px.encode()
    assert px.scale == 255 and px.out[0:3] == bytes((255, 255, 255))


def _fast_and_plain(module, name: str, run) -> list:
    """[run() with the module's viper function `name`, run() with the plain Python one]
    (on CPython, where there is no viper, both are the plain one)."""
    keep = getattr(module, name)
    out = []
    for fast in (keep, None):
        setattr(module, name, fast)
        try:
            out.append(run())
        finally:
            setattr(module, name, keep)
    return out


def test_the_viper_encoder_and_the_plain_one_agree():
    from hal import pixels as mod

    px = pixels(16, 16, brightness=200)
    for i in range(px.n):
        px.frame[i] = (i * 7) % len(palette.PALETTE) // 3

    def encoded():
        px._encode()
        return bytes(px.out)

    fast, plain = _fast_and_plain(mod, "_fast_encode", encoded)
    assert plain == fast


def test_the_viper_counter_and_weigher_and_the_plain_ones_agree():
    from hal import pixels as mod

    px = pixels(16, 16, brightness=200)
    for i in range(px.n):  # a board of terrains, and pieces on it
        px.frame[i] = palette.TERRAIN + i % 7 if i % 8 else (i * 5) % (len(palette.PALETTE) // 3)
    px.encode()
    fast = (bytes(px.out), px.cap, list(px.counts))
    keep = mod._fast_count, mod._fast_weigh
    mod._fast_count = mod._fast_weigh = None
    try:
        px.cap = (-1, -1, -1)
        px.encode()
    finally:
        mod._fast_count, mod._fast_weigh = keep
    assert (bytes(px.out), px.cap, list(px.counts)) == fast
    assert 0 < px.cap[0] < 255, "a frame the cap was at work on (the rebuilt table compared too)"


def test_the_viper_table_builder_and_the_plain_one_agree_at_every_cap():
    """The palette's GRB table under a cap: rebuilt whenever a frame's cap moves (a Khan
    card's bright frame, a band of text) - in machine code on MicroPython, so a moving cap
    costs no frame. Every factor of each kind, both ways, gives the same bytes."""
    from hal import pixels as mod

    px = pixels(16, 16, brightness=128)

    def built():
        out = []
        for small in range(0, 256, 5):
            for large in (0, 1, 96, 254, 255):
                for whole in (0, 1, 128, 255):
                    px._build(small, large, whole)
                    out.append(bytes(px.grb))
        return out

    tables = _fast_and_plain(mod, "_fast_build", built)
    assert tables[0] == tables[1]
    assert len(set(tables[0])) > 100, "the caps made different tables"


def test_the_viper_fill_and_the_plain_one_agree_clipped_at_every_edge():
    from ui import base

    def filled():
        out = []
        for x, y, w, h in ((3, 0, 10, 11), (-2, -3, 5, 6), (14, 13, 5, 5), (0, 0, 16, 16), (5, 5, 0, 3), (20, 2, 3, 3)):
            frame = bytearray(256)
            base.fill(frame, x, y, w, h, 7)
            out.append(bytes(frame))
        return out

    frames = _fast_and_plain(base, "_fast_fill", filled)
    assert frames[0] == frames[1]
    assert [sum(1 for v in f if v == 7) for f in frames[1]] == [110, 9, 6, 256, 0, 0]


def test_a_frame_already_on_the_leds_is_not_sent_again():
    """Issue 20: a blinking screen is drawn ~60 times a second and changes a few times; a
    write of the strip holds a Pico's CPU 7.7 ms, which a press that came meanwhile waited
    for. show() sends a frame only when it differs from the one sent last, or when the
    levels it is sent at changed (the brightness, the budget)."""
    px = pixels(4, 1, brightness=255, budget_ma=100000)
    sent = []
    px._transmit = lambda buffer: sent.append(bytes(buffer))
    px.frame[0] = palette.CURSOR
    px.show()
    px.show()
    assert len(sent) == 1, "the same frame: not sent twice"
    px.frame[1] = palette.CHU
    px.show()
    assert len(sent) == 2 and sent[1][3:6] == bytes((0, 230, 0))
    px.set_brightness(64)
    px.show()
    assert len(sent) == 3 and sent[2][0:3] == bytes((64, 64, 64)), "new levels: the frame again"
    px.set_budget(100)
    px.show()
    assert len(sent) == 4, "a new budget: again"
    px.show()
    assert len(sent) == 4
