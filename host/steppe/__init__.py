"""steppe: the host tool of the Steppe Companion."""

__version__ = "0.1.0"
