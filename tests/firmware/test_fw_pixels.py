"""The frame buffer: serpentine order, gamma and brightness, and the current cap."""

import neopixel
from fwtest import pixels

from ui import palette


def test_serpentine_order_runs_back_on_odd_rows():
    px = pixels(4, 3)
    assert list(px.where) == [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11]


def test_palette_colours_go_out_as_grb_with_gamma_and_brightness():
    px = pixels(4, 1, brightness=255, budget_ma=100000)
    px.frame[0] = palette.CHU  # (230, 0, 0)
    px.frame[1] = palette.WHITE
    out = px.encode()
    assert out[0:3] == bytes((0, 203, 0)), "red goes in the middle byte; 230 -> 203 after gamma 2.2"
    assert out[3:6] == bytes((255, 255, 255))
    dim = pixels(4, 1, brightness=64, budget_ma=100000)
    dim.frame[0] = palette.WHITE
    assert dim.encode()[0:3] == bytes((64, 64, 64))


def test_all_white_frame_is_capped_to_the_budget():
    px = pixels(16, 16, brightness=255, budget_ma=400, ma_per_channel=20, ma_per_dark_led=1)
    for i in range(px.n):
        px.frame[i] = palette.WHITE
    px.encode()
    assert px.scale < 255
    assert px.current_ma() <= 400
    assert max(px.out) > 0, "the cap scales down, it does not switch off"
    brighter = px.ma_per_dark_led * px.n + (sum(px.out) + len(px.out)) * px.ma_per_channel // 255
    assert brighter > 400, "as bright as the budget allows"


def test_a_budget_below_the_dark_draw_leaves_the_leds_off():
    px = pixels(16, 16, brightness=255, budget_ma=200)
    for i in range(px.n):
        px.frame[i] = palette.WHITE
    assert sum(px.encode()) == 0


def test_a_dim_frame_is_not_touched_by_the_cap():
    px = pixels(16, 16, brightness=48)
    px.frame[5] = palette.HINT
    px.encode()
    assert px.scale == 255 and px.current_ma() <= 400


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
    for i in range(px.n):
        px.frame[i] = palette.WHITE
    px.encode()
    assert px.scale < 255
    for i in range(px.n):
        px.frame[i] = palette.OFF
    px.frame[0] = palette.WHITE
    px.encode()
    assert px.scale == 255 and px.out[0:3] == bytes((255, 255, 255))


def test_the_viper_encoder_and_the_plain_one_agree():
    from hal import pixels as mod

    px = pixels(16, 16, brightness=200)
    for i in range(px.n):
        px.frame[i] = (i * 7) % len(palette.PALETTE) // 3
    px._encode()
    fast = bytes(px.out)
    keep = mod._fast_encode
    mod._fast_encode = None
    try:
        px._encode()
    finally:
        mod._fast_encode = keep
    assert bytes(px.out) == fast
