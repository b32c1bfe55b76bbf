"""JSON Lines over a stream: one args object per line in, one reply line out.

`steppe rules OP` runs this in-process on CPython; the tests run the very same loop
under the micropython binary (`micropython -m shared_rules.cli OP`) and compare bytes.
"""

import sys

from shared_rules import cjson, ops
from shared_rules.errors import RulesError

NO_ROOM = '{"error":{"code":"no_memory","message":"the reply did not fit in RAM"},"ok":false}'  # (a constant: no
# RAM needed to say so)


def request_lines(stdin):
    """The request lines of a JSON Lines stream, without their line ends; blank ones skipped."""
    while True:
        line = stdin.readline()
        if not line:
            return
        line = line.rstrip("\r\n")
        if line.strip():
            yield line


def serve(name: str, stdin, stdout) -> bool:
    """Answer every line of stdin; True only if every line succeeded."""
    all_ok = True
    try:
        ops.lookup(name)
    except RulesError as e:
        stdout.write(cjson.dumps(ops.error_reply(e.code, e.message)) + "\n")
        return False
    except MemoryError:  # (its rules found no room: each line is answered no_memory, ops.reply)
        pass
    for line in request_lines(stdin):
        try:
            args = ops.parse_line(line)
        except RulesError as e:
            out = ops.error_reply(e.code, e.message)
        else:
            out = ops.reply(name, args)
        if not out["ok"]:
            all_ok = False
        try:
            text = cjson.dumps(out)
        except MemoryError:  # (a heap so short even the reply found no room: said without building it)
            out = None
            text = NO_ROOM
        stdout.write(text + "\n")
    return all_ok


def main(argv: list) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: cli OP < args.jsonl\n")
        return 2
    return 0 if serve(argv[0], sys.stdin, sys.stdout) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
