"""Write the golden traces again (tests/rules/golden.py says what they are):
python tests/golden/regen.py. Review the diff before committing it: every changed line is a
changed result of the rules."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "rules"))

from golden import TRACES, file_name, play  # noqa: E402

from shared_rules import cjson  # noqa: E402


def main() -> None:
    for name, settings, seed in TRACES:
        lines = play(name, settings, seed)
        path = os.path.join(HERE, file_name(name, settings, seed))
        with open(path, "w") as f:
            for line in lines:
                f.write(cjson.dumps(line) + "\n")
        print(path, len(lines) - 2, "actions")


main()
