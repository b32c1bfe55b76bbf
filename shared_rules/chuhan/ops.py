"""chuhan ops for the op table (docs/ops-chuhan.md)."""

OPS = {}
