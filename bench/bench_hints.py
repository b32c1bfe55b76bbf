"""How many presses Khan's hints save (issue 21): seeded games of the rules core's random
player pressed on the box's buttons (steppe.drive.KhanDriver: the presses a player makes,
each move checked against the rules core) with the box's hints off, then on - where the
cursor jumps between the cells a piece may take. The same moves both ways; a held press
counts as one, as does every arrow. Run: .venv/bin/python bench/bench_hints.py

The firmware runs in this process (as in tests/firmware), its settings.json saying hints
on or off."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in ("tests/firmware", "firmware/sim", "firmware", "host", ""):
    sys.path.insert(0, os.path.join(ROOT, p))

import fwtest  # noqa: E402

from app import App  # noqa: E402
from steppe.drive import KhanDriver  # noqa: E402

COLOURS = ["red", "yellow", "blue", "green"]
GAMES = ((1, 2), (2, 3), (3, 4))  # (seed, players)


def play(seed: int, players: int, hints: bool) -> "tuple[list, dict]":
    """A whole game through the buttons: [(turn, move, presses)] and the final state."""
    root = fwtest.tmpdir("bench-hints-%d-%d" % (seed, hints))
    with open(root + "settings.json", "w") as f:
        f.write('{"brightness": 48, "usb_ma": 500, "hints": %s}' % ("true" if hints else "false"))
    app = App(fwtest.pixels(), None, root)
    app.boot()
    app.new_game("khan", COLOURS[:players], 0, seed)

    def press(button, long):
        app.press(button, long)
        return app.ui_json()

    driver = KhanDriver(press, lambda: app.state_get()["state"], seed)
    moves = []
    play_move = driver.play

    def counted(game, move):
        before = driver.presses
        play_move(game, move)
        moves.append((game.turn, move[0], driver.presses - before))

    driver.play = counted  # type: ignore[method-assign]
    return moves, driver.game()


def main() -> int:
    kinds: "dict[str, list]" = {}
    print("| game | moves | presses, hints off | hints on | saved |")
    print("|---|---:|---:|---:|---:|")
    turn = None
    for seed, players in GAMES:
        off, end_off = play(seed, players, False)
        on, end_on = play(seed, players, True)
        assert end_off == end_on and [m[:2] for m in off] == [m[:2] for m in on]
        a, b = sum(m[2] for m in off), sum(m[2] for m in on)
        print("| seed %d, %d players | %d | %d | %d | %d%% |" % (seed, players, len(off), a, b, round(100 - 100 * b / a)))
        for (_, kind, x), (_, _, y) in zip(off, on):
            row = kinds.setdefault(kind, [0, 0, 0])
            row[0] += 1
            row[1] += x
            row[2] += y
        if turn is None and players == 4:  # the first turn with an invasion and a conquest
            for t in sorted({m[0] for m in off}):
                done = [m[1] for m in off if m[0] == t]
                if "invade" in done and "conquer" in done:
                    turn = (t, done, sum(m[2] for m in off if m[0] == t), sum(m[2] for m in on if m[0] == t))
                    break
    fwtest.cleanup()
    print()
    print("| move | moves | presses, hints off | hints on |")
    print("|---|---:|---:|---:|")
    for kind in sorted(kinds):
        n, x, y = kinds[kind]
        print("| %s | %d | %d | %d |" % (kind, n, x, y))
    if turn is not None:
        print()
        print("A turn (seed 3, 4 players, turn %d: %s): %d presses with the hints off, %d on"
              % (turn[0], ", ".join(turn[1]), turn[2], turn[3]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
