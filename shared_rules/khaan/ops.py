"""khaan ops for the op table (docs/ops-khaan.md)."""

OPS = {}
