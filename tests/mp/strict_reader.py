"""Run by tests/test_strict_json.py under micropython: the device's reader (firmware/link.py
Link.read: UTF-8, the strict JSON reader, the length limit) over the shared corpus
(tests/strict_corpus.py). Reads one line a line of FILE, in hex; prints its verdict, a line
each: json, bad_json, too_long or blank (no reply).

usage: micropython strict_reader.py ROOT FILE
"""

import sys

sys.path[:0] = [sys.argv[1] + "/firmware/sim", sys.argv[1] + "/firmware", sys.argv[1]]

from binascii import unhexlify  # noqa: E402

import link  # noqa: E402

link.OPS.clear()  # (every op read as a rules op: the reading is what is judged, not an op's run)
reader = link.Link(None)
with open(sys.argv[2]) as f:
    for text in f:
        lines = link.Lines()  # the line as it comes: an oversize one is dropped as it arrives
        got = reader.read(lines.feed(unhexlify(text.strip()) + b"\n")[0])
        if got is None:
            print("blank")  # (no reply: a blank line)
        elif isinstance(got, dict) and not got.get("ok") and got["error"]["code"] in ("bad_json", "too_long"):
            print(got["error"]["code"])
        else:
            print("json")
