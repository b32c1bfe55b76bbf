"""The documents stay true: every op documented, the README's two commands exist."""

import os
import re

from conftest import ROOT

from shared_rules import ops


def _read(*path) -> str:
    with open(os.path.join(ROOT, *path)) as f:
        return f.read()


def test_every_op_is_documented():
    import glob

    documented = set()
    for path in glob.glob(os.path.join(ROOT, "docs", "ops*.md")):
        with open(path) as f:
            documented.update(re.findall(r"^### `([a-z]+\.[a-z_]+)`", f.read(), re.M))
    assert documented == set(ops.names())


def test_documented_line_limit_is_the_real_one():
    assert "%d bytes" % ops.MAX_LINE in _read("docs", "ops.md")


def test_readme_commands_are_make_targets():
    readme = _read("README.md")
    makefile = _read("Makefile")
    for target in ("run", "test", "web"):
        assert "make " + target in readme
        assert re.search(r"^%s:" % target, makefile, re.M)
    assert "make test" in _read(".ci", "run")


def test_readme_says_where_make_run_puts_steppe():
    """`make run` installs steppe into .venv, not onto PATH: the README says how to call it."""
    readme = _read("README.md")
    makefile = _read("Makefile")
    assert re.search(r"^VENV := \.venv$", makefile, re.M) and re.search(r"^BIN := \$\(VENV\)/bin$", makefile, re.M)
    assert "$(BIN)/pip install" in makefile and "`.venv/bin/steppe`" in readme
    assert "pipx install ." in readme and "pip install -e ." in readme


def test_every_rules_package_goes_into_the_wheel():
    pyproject = _read("pyproject.toml")
    for folder, dirs, files in os.walk(os.path.join(ROOT, "shared_rules")):
        if "__init__.py" in files:
            package = os.path.relpath(folder, ROOT).replace(os.sep, ".")
            assert '"%s"' % package in pyproject, package


def test_every_message_key_raised_has_a_sentence():
    import glob

    from shared_rules.errors import describe

    keys = set()
    for path in glob.glob(os.path.join(ROOT, "shared_rules", "**", "*.py"), recursive=True):
        with open(path) as f:
            source = f.read()
        keys.update(re.findall(r'(?:bad_args|illegal)\(\s*"([a-z_]+(?:\.[a-z_]+)?)"', source))
        keys.update(re.findall(r'return \(?"([a-z]+\.[a-z_]+)"', source))
    assert len(keys) > 40
    for key in sorted(keys):
        sentence = describe(key, *(["x"] * 6))
        assert " " in sentence and not sentence.startswith(key), key


def test_the_pages_of_steppe_web_go_into_the_wheel():
    import fnmatch

    from steppe import web

    pyproject = _read("pyproject.toml")
    globs = re.search(r'^"steppe" = \[(.*)\]', pyproject, re.M)
    assert globs, "steppe's package data names its page"
    patterns = re.findall(r'"([^"]+)"', globs.group(1))
    for name in web.page_files():
        assert any(fnmatch.fnmatch("page/" + name, p) for p in patterns), name
        assert os.path.exists(os.path.join(web.page_dir(), name)), name
