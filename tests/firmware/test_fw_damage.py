"""Damage on flash never bricks the box and is never taken for another game: single-bit
flips anywhere in a journal (seeded), an old save nested 50,000 deep. The box boots to a
game it really had (the whole game, or the game up to the damaged line with the rest kept
aside), or sets the journal aside and says so - never the REPL, never a different game."""

from fwtest import pixels, tmpdir

from app import App

FLIPS = 200


def _played(root: str) -> "tuple[bytes, list]":
    """A Khan game of a few actions: its journal's bytes and the state after each action
    (the new game first)."""
    app = App(pixels(), None, root)
    app.boot()
    app.new_game("khan", ["red", "blue"], 0, 11)
    from shared_rules.khan.randplay import action
    from shared_rules.rng import PCG32

    rng = PCG32(5)
    states = [app.state_get()["state"]]
    for _ in range(9):  # as the screens do: each action through app.act, its line by flush
        app.act(action(app.record.game, rng))
        app.flush()
        states.append(app.state_get()["state"])
    with open(root + "khan.jnl", "rb") as f:
        data = f.read()
    return data, states


def _clear(root: str) -> None:
    import os

    for name in os.listdir(root):
        os.remove(root + name)


def test_single_bit_flips_in_a_journal_never_give_another_game():
    import os

    from shared_rules.rng import PCG32

    root = tmpdir("flips")
    data, states = _played(root)
    assert len(states) >= 4 and not [n for n in os.listdir(root) if n.startswith("khan.s")]
    rnd = PCG32(2026)
    outcomes = {"whole": 0, "cut": 0, "aside": 0}
    for _ in range(FLIPS):
        at = rnd.below(len(data))
        bit = 1 << rnd.below(8)
        changed = bytearray(data)
        changed[at] ^= bit
        _clear(root)
        with open(root + "khan.jnl", "wb") as f:
            f.write(changed)
        with open(root + "app.json", "w") as f:
            f.write('{"current": "khan"}')
        app = App(pixels(), None, root)
        app.boot()  # never raises: the box comes up
        files = os.listdir(root)
        if app.screen_name() == "khan":
            got = app.state_get()["state"]
            assert got in states, (at, bit)  # a game it really had, never another
            k = states.index(got)
            if k == len(states) - 1:
                outcomes["whole"] += 1
            else:  # the game up to the damage; the rest kept aside, or a torn last line dropped
                assert "khan.jnl.bad" in files or k == len(states) - 2, (at, bit, k, files)
                outcomes["cut"] += 1
        else:  # the settings' line itself: the journal set aside, whole, and the box says why
            assert app.screen_name() == "menu" and app.alert == "BAD" and "khan.jnl.bad" in files, (at, bit)
            with open(root + "khan.jnl.bad", "rb") as f:
                assert f.read() == bytes(changed)
            outcomes["aside"] += 1
    print("bit flips:", outcomes)
    assert outcomes["cut"] > FLIPS // 2 and outcomes["aside"] > 0


def test_an_old_save_nested_50000_deep_is_kept_aside_and_the_box_comes_up():
    import os

    root = tmpdir("deep")
    with open(root + "khan.json", "w") as f:
        for _ in range(50):
            f.write("[" * 1000)
    with open(root + "app.json", "w") as f:
        f.write('{"current": "khan"}')
    app = App(pixels(), None, root)
    app.boot()
    assert app.screen_name() == "menu" and "khan.json" in app.notice
    assert "khan.json.bad" in os.listdir(root) and "khan.json" not in os.listdir(root)
    app.new_game("khan", ["red", "blue"], 0, 1)  # and the box plays on
    assert app.screen_name() == "khan"
