"""Buttons latched at the edge: a lockout debounce, presses acted on at once and in order,
long presses and repeats from the latched times - on a fake clock, and through the
simulator's pins and their interrupt handlers."""

from hal import buttons
from hal.buttons import LONG, LONG_MS, PRESS, REPEAT, REPEAT_DELAY_MS, Latch, events, new_state

UP, DOWN, LEFT, RIGHT, OK, BACK = range(6)


def _poll(latch, states, now):
    return events(latch.take(), states, now)


def test_the_first_edge_counts_at_once_and_its_bounces_are_locked_out():
    latch = Latch(6)
    states = [new_state() for _ in range(6)]
    for t, level in ((100, 1), (103, 0), (105, 1), (109, 0), (112, 1)):  # a bouncy press of RIGHT
        latch.add(RIGHT, level, t)
    assert _poll(latch, states, 113) == [(RIGHT, PRESS)], "acts on the first edge, once"
    for t, level in ((300, 0), (302, 1), (306, 0)):  # a bouncy release
        latch.add(RIGHT, level, t)
    assert _poll(latch, states, 310) == []
    latch.add(RIGHT, 1, 330)  # the next press, after the lockout
    assert _poll(latch, states, 331) == [(RIGHT, PRESS)]


def test_a_level_the_lockout_swallowed_is_caught_at_the_next_poll():
    latch = Latch(6)
    states = [new_state() for _ in range(6)]
    latch.add(OK, 1, 0)
    latch.add(OK, 0, 12)  # a 12 ms tap: its release falls in the lockout
    assert _poll(latch, states, 13) == []
    latch.settle(OK, 0, 15)  # still in the lockout: wait
    latch.settle(OK, 0, 25)  # the pin reads released: the release is latched now
    assert _poll(latch, states, 25) == [(OK, PRESS)]


def test_taps_during_a_long_save_are_acted_on_after_it_in_order():
    latch = Latch(6)
    states = [new_state() for _ in range(6)]
    # the loop is busy from 0 to 450 ms (a save); meanwhile OK is tapped, then RIGHT
    for k, level, t in ((OK, 1, 10), (OK, 0, 90), (RIGHT, 1, 120), (RIGHT, 0, 200), (LEFT, 1, 260),
                        (LEFT, 0, 290)):
        latch.add(k, level, t)
    assert _poll(latch, states, 450) == [(OK, PRESS), (RIGHT, PRESS), (LEFT, PRESS)]


def test_long_press_and_repeats_come_from_the_latched_times():
    latch = Latch(6)
    states = [new_state() for _ in range(6)]
    latch.add(BACK, 1, 0)
    latch.add(BACK, 0, 700)  # held 700 ms while the loop was busy: a long press
    assert _poll(latch, states, 900) == [(BACK, LONG)]
    latch.add(OK, 1, 1000)
    assert _poll(latch, states, 1000 + LONG_MS - 1) == []
    assert _poll(latch, states, 1000 + LONG_MS) == [(OK, LONG)]
    latch.add(OK, 0, 2000)
    assert _poll(latch, states, 2000) == [], "no short press after the long one"
    latch.add(UP, 1, 3000)
    assert _poll(latch, states, 3000) == [(UP, PRESS)]
    assert _poll(latch, states, 3000 + REPEAT_DELAY_MS) == [(UP, REPEAT)]
    assert _poll(latch, states, 3000 + REPEAT_DELAY_MS + 1) == []
    assert _poll(latch, states, 3000 + REPEAT_DELAY_MS + buttons.REPEAT_MS) == [(UP, REPEAT)]


def test_a_tap_latched_as_both_edges_at_once_is_a_press():
    latch = Latch(6)
    states = [new_state() for _ in range(6)]
    latch.tap(OK, 500)  # a fall and a rise flagged together (interrupts held off by a flash write)
    assert _poll(latch, states, 510) == [(OK, PRESS)]
    latch.tap(DOWN, 520)
    assert _poll(latch, states, 530) == [(DOWN, PRESS)]


def test_the_millisecond_clock_may_wrap():
    latch = Latch(6)
    states = [new_state() for _ in range(6)]
    start = (1 << 30) - 5
    latch.add(OK, 1, start)
    latch.add(OK, 0, (start + 80) & ((1 << 30) - 1))
    assert _poll(latch, states, (start + 100) & ((1 << 30) - 1)) == [(OK, PRESS)]
    s = new_state()
    buttons.edge(s, 1, start, False)
    assert buttons.held(s, (start + LONG_MS) & ((1 << 30) - 1), False) == LONG


def test_a_full_ring_drops_edges_and_says_so():
    latch = Latch(6)
    for k in range(buttons.RING // 2 + 1):
        latch.add(UP, 1, 100 * k)
        latch.add(UP, 0, 100 * k + 50)
    assert latch.dropped == 1 and len(latch.take()) == buttons.RING  # (the release of a lost press is no change)


def test_pins_interrupts_latch_presses_the_loop_never_polled_for():
    import machine

    from hal.buttons import PinButtons

    pins = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "OK": 14, "BACK": 15}
    b = PinButtons(pins)
    assert b.poll(0) == []
    for gpio, level in ((14, 0), (14, 1), (13, 0), (13, 1)):  # OK tapped, then RIGHT, between two polls
        pin = machine._PINS[gpio]
        pin._edge(level)
        b.latch.fresh[gpio - 10] = 1  # (the fake edges come within a ms of each other: no lockout)
    assert b.poll(1000) == [("OK", PRESS), ("RIGHT", PRESS)]
