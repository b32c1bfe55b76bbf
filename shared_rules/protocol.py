"""The serial link's version and its device ops: one constant for the device and the host.

The device (firmware/link.py) answers these beside every op of the rules table
(shared_rules/ops.py); the host (steppe) checks hello's "protocol" against PROTOCOL
before it relies on any of them.
"""

PROTOCOL = 5  # 2: games are journals (log.get serves the journal, journal.put replaces it); 3: framed lines;
# 4: Khan's pieces and states packed (khan/packed.py, packed_state.py), answered in the form asked;
# 5: files.bad sends a file's bytes (base64), archive.list names a damaged entry, a stalled frame is answered

# the device's own ops, in the order docs/ops.md and firmware/README.md list them
DEVICE_OPS = ("hello", "ui.press", "ui.get", "ui.frame", "state.get", "state.put", "log.get", "journal.put",
              "files.bad", "archive.list", "archive.get", "clock.set", "board.get", "board.put", "link.stats",
              "errors.get")
