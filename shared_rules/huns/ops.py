"""huns ops for the op table (docs/ops-huns.md)."""

OPS = {}
