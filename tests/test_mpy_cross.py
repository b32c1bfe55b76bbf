"""Every file of the rules core and the firmware compiles for the RP2040 (armv6m)."""

import glob
import os
import subprocess

import pytest
from conftest import ROOT, tool

SOURCES = sorted(glob.glob(os.path.join(ROOT, "shared_rules", "**", "*.py"), recursive=True)
                 + glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))


def test_there_is_something_to_compile():
    assert len(SOURCES) > 10


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles_for_armv6m(path, tmp_path):
    out = tmp_path / "out.mpy"
    run = subprocess.run([tool("mpy-cross"), "-march=armv6m", "-o", str(out), path], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes()[:2] == b"M\x06", "an .mpy of bytecode version 6"
