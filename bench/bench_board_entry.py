"""How many presses the box's editor takes to enter the default board (issue 21): with the
region fill, as a player would (tests/firmware/boardkeys.py's recipe), and every cell with
the pen, as the editor allowed before. Run: .venv/bin/python bench/bench_board_entry.py

The firmware runs in this process (as in tests/firmware), pressed button by button; a held
press (OK held, BACK held) counts as one, as does every arrow."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in ("tests/firmware", "firmware/sim", "firmware", ""):
    sys.path.insert(0, os.path.join(ROOT, p))

import boardkeys  # noqa: E402
import fwtest  # noqa: E402

from shared_rules.khan.board import default_board  # noqa: E402


def main() -> int:
    d = default_board()
    rows = []
    for label, plan in (("region fill", boardkeys.recipe_default), ("cell by cell", boardkeys.cell_by_cell)):
        hand = boardkeys.Hand(boardkeys.open_editor(fwtest.tmpdir("bench-" + plan.__name__)))
        plan(hand, d)
        b = boardkeys.board_of(hand.app)
        assert b.frame == d.frame and b.starts == d.starts, label
        rows.append((label, hand.presses, dict(hand.marks)))
    fwtest.cleanup()
    print("| the default board entered | cells (new canvas, terrains, river, no cells) | edges | rulers | save | "
          "presses |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, n, marks in rows:
        print("| %s | %d | %d | %d | %d | %d |" % (label, marks["cells"], marks["edges"], marks["rulers"], marks["save"],
                                                 n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
