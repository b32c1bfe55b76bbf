"""steppe play (being built)."""

import argparse

from steppe.errors import StepError


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", default="", help="the device (default: the only one attached)")


def run(args) -> int:
    raise StepError("not built yet")
