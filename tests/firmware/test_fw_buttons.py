"""Buttons: debounce, press, long press and auto-repeat on a fake clock."""

from hal import buttons
from hal.buttons import LONG, NONE, PRESS, REPEAT, feed, new_state


def _run(levels, repeats):
    """levels: [(ms, raw level)]; events at every ms from 0 to the last given."""
    s = new_state()
    events = []
    level = 0
    k = 0
    end = levels[-1][0]
    for now in range(0, end + 1):
        while k < len(levels) and levels[k][0] == now:
            level = levels[k][1]
            k += 1
        ev = feed(s, level, now, repeats)
        if ev:
            events.append((now, ev))
    return events


def test_bounces_shorter_than_the_debounce_are_ignored():
    events = _run([(0, 0), (10, 1), (15, 0), (18, 1), (21, 0), (100, 0)], True)
    assert events == []


def test_an_arrow_acts_when_down_and_repeats_while_held():
    events = _run([(0, 0), (10, 1), (1000, 1)], True)
    assert events[0] == (30, PRESS)
    repeats = [t for t, e in events if e == REPEAT]
    assert repeats[0] == 30 + buttons.REPEAT_DELAY_MS
    assert repeats[1] - repeats[0] == buttons.REPEAT_MS


def test_ok_acts_on_release_or_once_as_a_long_press():
    assert _run([(0, 0), (10, 1), (200, 0), (300, 0)], False) == [(220, PRESS)]
    events = _run([(0, 0), (10, 1), (1500, 0), (1600, 0)], False)
    assert events == [(30 + buttons.LONG_MS, LONG)], "a long press, and no short press on release"


def test_the_millisecond_clock_may_wrap():
    s = new_state()
    start = (1 << 30) - 15
    assert feed(s, 1, start, True) == NONE
    assert feed(s, 1, (start + 25) & ((1 << 30) - 1), True) == PRESS


def test_due_says_how_long_to_wait():
    s = new_state()
    feed(s, 1, 0, True)
    assert buttons.due(s, 5, True) == 15
    feed(s, 1, 20, True)
    assert buttons.due(s, 20, True) == buttons.REPEAT_DELAY_MS


def test_ok_and_back_held_together_are_help_and_neither_acts_on_its_own():
    ok = new_state()
    back = new_state()
    events = []
    for now in range(0, 2000):
        e1 = feed(ok, 1 if 10 <= now < 1500 else 0, now, False)
        e2 = feed(back, 1 if 200 <= now < 1400 else 0, now, False)
        if e1:
            events.append(("OK", e1))
        if e2:
            events.append(("BACK", e2))
        if buttons.chord(ok, back):
            events.append((buttons.HELP, now))
    assert events == [(buttons.HELP, 220)], events


def test_back_already_held_long_is_undo_and_not_help():
    ok = new_state()
    back = new_state()
    events = []
    for now in range(0, 2000):
        e2 = feed(back, 1 if 10 <= now < 1500 else 0, now, False)
        e1 = feed(ok, 1 if 900 <= now < 1000 else 0, now, False)
        if e2:
            events.append(("BACK", e2))
        if e1:
            events.append(("OK", e1))
        if buttons.chord(ok, back):
            events.append((buttons.HELP, now))
    assert events == [("BACK", LONG), ("OK", PRESS)], events
