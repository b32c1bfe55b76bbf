"""Steppe Companion rules core: pure Python that runs unchanged on CPython and MicroPython."""

VERSION = "0.1.0"
