"""The documents stay true: every op documented, the README's two commands exist."""

import os
import re

from conftest import ROOT

from shared_rules import ops


def _read(*path) -> str:
    with open(os.path.join(ROOT, *path)) as f:
        return f.read()


def test_every_op_is_documented():
    doc = _read("docs", "ops.md")
    documented = set(re.findall(r"^### `([a-z]+\.[a-z_]+)`", doc, re.M))
    assert documented == set(ops.names())


def test_documented_line_limit_is_the_real_one():
    assert "%d bytes" % ops.MAX_LINE in _read("docs", "ops.md")


def test_readme_commands_are_make_targets():
    readme = _read("README.md")
    makefile = _read("Makefile")
    for target in ("run", "test"):
        assert "make " + target in readme
        assert re.search(r"^%s:" % target, makefile, re.M)
    assert "make test" in _read(".ci", "run")


def test_every_rules_package_goes_into_the_wheel():
    pyproject = _read("pyproject.toml")
    for folder, dirs, files in os.walk(os.path.join(ROOT, "shared_rules")):
        if "__init__.py" in files:
            package = os.path.relpath(folder, ROOT).replace(os.sep, ".")
            assert '"%s"' % package in pyproject, package
