"""The parts stay apart: no host module imports anything of the firmware's (the host
checks and replays games with the rules core alone), and the firmware's code never
reaches for the host's."""

import ast
import os

from conftest import ROOT


def _modules(folder: str) -> "set[str]":
    """The top-level names a folder's code can be imported by (modules and packages)."""
    out = set()
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        if name.endswith(".py"):
            out.add(name[:-3])
        elif os.path.isdir(path) and name != "__pycache__":
            out.add(name)
            out |= _modules(path)
    return out


def _imports(path: str) -> "list[tuple[int, str]]":
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
            found.append((node.lineno, str(node.args[0].value)))
    return found


def _python_files(folder: str):
    for base, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".py"):
                yield os.path.join(base, name)


def test_no_host_module_imports_the_firmware():
    firmware = _modules(os.path.join(ROOT, "firmware")) - {"__init__"}
    assert {"app", "link", "record", "store", "hal", "ui"} <= firmware
    for path in _python_files(os.path.join(ROOT, "host")):
        for line, name in _imports(path):
            assert name.split(".")[0] not in firmware, "%s:%d imports %s, a firmware module" % (path, line, name)
        with open(path) as f:
            assert "sys.path" not in f.read(), path + " changes sys.path (to import the firmware's code?)"


def test_the_firmware_and_the_rules_core_never_import_the_host():
    for folder in ("firmware", "shared_rules"):
        for path in _python_files(os.path.join(ROOT, folder)):
            for line, name in _imports(path):
                assert name.split(".")[0] != "steppe", "%s:%d imports %s" % (path, line, name)
